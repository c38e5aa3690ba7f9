//! The one writer of an order's status: every change is a conditional update of `orders.status`
//! (from the status it was read in, so two movers cannot both win) and an append-only
//! `order_events` row, in the same transaction. The order's status is therefore always the last
//! event's `to_status`.

use crate::db::{from_millis, millis};
use crate::{Result, Store, StoreError};
use chrono::{DateTime, Utc};
use drape_domain::orders::OrderStatus;
use sqlx::{Any, FromRow, Transaction};

/// Who moved an order: the shopper, the shop itself, the payment provider, or an operator.
pub const SHOPPER: &str = "shopper";
pub const SYSTEM: &str = "system";
pub const PROVIDER: &str = "provider";

pub fn operator(mobile: &str) -> String {
    format!("operator:{mobile}")
}

#[derive(Debug, Clone, FromRow, PartialEq, Eq)]
pub struct OrderEventRow {
    pub from_status: String,
    pub to_status: String,
    pub actor: String,
    pub note: String,
    pub created_at: i64,
}

impl OrderEventRow {
    pub fn at(&self) -> DateTime<Utc> {
        from_millis(self.created_at)
    }
}

/// What an attempt to move an order did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Move {
    Moved {
        from: OrderStatus,
    },
    /// The order's status does not lead there (spec 000 §4 statuses; OrderStatus::next).
    NotAllowed {
        from: OrderStatus,
    },
}

/// Appends the event of an order's status change the caller has just written.
pub(crate) async fn record_status(
    tx: &mut Transaction<'_, Any>,
    order_id: i64,
    from: &str,
    to: OrderStatus,
    actor: &str,
    note: &str,
    now: DateTime<Utc>,
) -> Result<()> {
    append_event(tx, Timeline::Order, order_id, from, to.name(), actor, note, now).await
}

/// An order's event: $1 order, $2 from, $3 to, $4 actor, $5 note, $6 time (also the batch writer's
/// checkout, checkout.rs).
pub(crate) const ORDER_EVENT: &str = "INSERT INTO order_events (order_id, from_status, to_status, actor, note, created_at) VALUES ($1, $2, $3, $4, $5, $6)";

/// The two timelines: an order's and a return request's (same columns, each keyed by its owner).
#[derive(Clone, Copy)]
pub(crate) enum Timeline {
    Order,
    Return,
}

/// Appends one event to a timeline: who moved it, from what to what, and why.
#[allow(clippy::too_many_arguments)]
pub(crate) async fn append_event(
    tx: &mut Transaction<'_, Any>,
    timeline: Timeline,
    owner_id: i64,
    from: &str,
    to: &str,
    actor: &str,
    note: &str,
    now: DateTime<Utc>,
) -> Result<()> {
    let sql = match timeline {
        Timeline::Order => ORDER_EVENT,
        Timeline::Return => "INSERT INTO return_events (return_id, from_status, to_status, actor, note, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
    };
    sqlx::query(sql).bind(owner_id).bind(from).bind(to).bind(actor).bind(note).bind(millis(now)).execute(&mut **tx).await?;
    Ok(())
}

/// Takes the order's row for this transaction with a write, before anything is read: PostgreSQL
/// locks the row, and SQLite takes its write lock now instead of failing to upgrade a reader later.
pub(crate) async fn lock_order(tx: &mut Transaction<'_, Any>, order_id: i64) -> Result<()> {
    let done = sqlx::query("UPDATE orders SET updated_at = updated_at WHERE id = $1").bind(order_id).execute(&mut **tx).await?;
    if done.rows_affected() == 0 {
        return Err(StoreError::NotFound);
    }
    Ok(())
}

/// The order's status as this transaction sees it; NotFound for an unknown order.
pub(crate) async fn status_in(tx: &mut Transaction<'_, Any>, order_id: i64) -> Result<OrderStatus> {
    let name: Option<String> = sqlx::query_scalar("SELECT status FROM orders WHERE id = $1").bind(order_id).fetch_optional(&mut **tx).await?;
    let name = name.ok_or(StoreError::NotFound)?;
    OrderStatus::parse(&name).ok_or_else(|| StoreError::Conflict(format!("order {order_id} has an unknown status {name:?}")))
}

/// Moves the order to `to` if its status allows it, writing the event. A status changed by someone
/// else between the read and the write fails the conditional update, and the move is judged again
/// against the new status.
pub(crate) async fn move_status(tx: &mut Transaction<'_, Any>, order_id: i64, to: OrderStatus, actor: &str, note: &str, now: DateTime<Utc>) -> Result<Move> {
    lock_order(tx, order_id).await?;
    loop {
        let from = status_in(tx, order_id).await?;
        if !from.can_move_to(to) {
            return Ok(Move::NotAllowed { from });
        }
        let done = sqlx::query(
            "UPDATE orders SET status = $2, updated_at = $4, delivered_at = CASE WHEN $2 = 'Delivered' THEN $4 ELSE delivered_at END \
             WHERE id = $1 AND status = $3",
        )
        .bind(order_id)
        .bind(to.name())
        .bind(from.name())
        .bind(millis(now))
        .execute(&mut **tx)
        .await?;
        if done.rows_affected() == 1 {
            record_status(tx, order_id, from.name(), to, actor, note, now).await?;
            return Ok(Move::Moved { from });
        }
    }
}

impl Store {
    /// Moves an order along its life (operators; OrderStatus::next says where it may go). An order
    /// that ends without reaching the shopper (cancelled, back undelivered, lost) is ended by
    /// `end_order`, which also gives back its stock and money (refunds through the provider are
    /// left to housekeeping here; `end_order` hands them to a caller that pays them at once).
    pub async fn move_order(&self, order_id: i64, to: OrderStatus, actor: &str, note: &str, now: DateTime<Utc>) -> Result<Move> {
        use crate::cancellations::CancelOutcome;
        if matches!(to, OrderStatus::Cancelled | OrderStatus::UndeliveredReturned | OrderStatus::LostOrder) {
            let route = drape_domain::refunds::RefundRoute::Source;
            return Ok(match self.end_order(order_id, to, actor, note, route, now).await? {
                CancelOutcome::Cancelled { from, .. } => Move::Moved { from },
                CancelOutcome::AlreadyCancelled => Move::NotAllowed { from: to },
                CancelOutcome::NotCancellable { status } => Move::NotAllowed { from: status },
            });
        }
        let mut tx = self.begin_write().await?;
        let moved = move_status(&mut tx, order_id, to, actor, note, now).await?;
        tx.commit().await?;
        Ok(moved)
    }

    /// Hands a packed order to the courier: Picked → Shipped with the courier and tracking number.
    pub async fn ship_order(&self, order_id: i64, courier: &str, tracking: &str, actor: &str, now: DateTime<Utc>) -> Result<Move> {
        let mut tx = self.begin_write().await?;
        let note = format!("{courier} {tracking}");
        let moved = move_status(&mut tx, order_id, OrderStatus::Shipped, actor, &note, now).await?;
        if matches!(moved, Move::Moved { .. }) {
            sqlx::query("UPDATE orders SET courier = $2, tracking_number = $3 WHERE id = $1")
                .bind(order_id)
                .bind(courier)
                .bind(tracking)
                .execute(&mut **tx)
                .await?;
        }
        tx.commit().await?;
        Ok(moved)
    }

    /// The order's timeline, oldest first.
    pub async fn order_events(&self, order_id: i64) -> Result<Vec<OrderEventRow>> {
        Ok(sqlx::query_as("SELECT from_status, to_status, actor, note, created_at FROM order_events WHERE order_id = $1 ORDER BY id")
            .bind(order_id)
            .fetch_all(&self.pool)
            .await?)
    }

    /// An order's row id by the reference people read (DRP0000042).
    pub async fn order_id_by_ref(&self, order_ref: &str) -> Result<Option<i64>> {
        Ok(sqlx::query_scalar("SELECT id FROM orders WHERE order_ref = $1").bind(order_ref).fetch_optional(&self.pool).await?)
    }
}

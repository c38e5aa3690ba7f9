//! Cancelling an order that has not shipped: one transaction moves it to Cancelled (with the
//! shopper's reason on the timeline), puts its pieces back on sale, frees its coupon and writes the
//! refunds it owes. The wallet's part is paid in the same transaction; money going back through the
//! payment provider is owed here and paid by the caller after commit (and retried by housekeeping
//! until the provider has taken it).

use crate::db::lock_shopper;
use crate::order_status::{lock_order, move_status, status_in, Move};
use crate::payments::{free_coupon, give_back_stock, owe_refund, refund_to_wallet};
use crate::{Result, Store, StoreError};
use chrono::{DateTime, Utc};
use drape_domain::orders::OrderStatus;
use drape_domain::refunds::{cancel_refund, CancelRefund, RefundRoute};
use sqlx::FromRow;

/// A refund owed through the payment provider: the caller asks the provider under `key`, then
/// records it with `Store::record_refund`.
#[derive(Debug, Clone, FromRow, PartialEq, Eq)]
pub struct SourceRefund {
    pub order_id: i64,
    pub attempt_id: i64,
    pub provider: String,
    pub provider_payment_id: String,
    pub amount: i64,
    pub reason: String,
    pub idempotency_key: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CancelOutcome {
    Cancelled {
        from: OrderStatus,
        refund: CancelRefund,
        through_provider: Vec<SourceRefund>,
    },
    /// It was cancelled before (a double tap, a retried request): nothing more happens.
    AlreadyCancelled,
    /// It has shipped, or is past cancelling.
    NotCancellable {
        status: OrderStatus,
    },
}

/// What cancelling would give back now, for the check the page makes before asking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CancelQuote {
    pub status: OrderStatus,
    pub wallet_used: i64,
    pub paid_online: i64,
    pub already_refunded: i64,
}

impl CancelQuote {
    pub fn refund(&self, route: RefundRoute) -> CancelRefund {
        cancel_refund(self.wallet_used, self.paid_online, self.already_refunded, route)
    }
}

async fn money_of(tx: &mut sqlx::Transaction<'_, sqlx::Any>, order_id: i64) -> Result<(i64, i64, i64, i64)> {
    sqlx::query_as(
        "SELECT o.user_id, o.wallet_used, \
           CAST((SELECT COALESCE(SUM(a.amount), 0) FROM payment_attempts a WHERE a.order_id = o.id AND a.status = 'paid') AS BIGINT), \
           CAST((SELECT COALESCE(SUM(r.amount), 0) FROM refund_requests r WHERE r.order_id = o.id) AS BIGINT) \
         FROM orders o WHERE o.id = $1",
    )
    .bind(order_id)
    .fetch_optional(&mut **tx)
    .await?
    .ok_or(StoreError::NotFound)
}

impl Store {
    pub async fn cancel_quote(&self, order_id: i64) -> Result<CancelQuote> {
        let mut tx = self.pool.begin().await?;
        let status = status_in(&mut tx, order_id).await?;
        let (_, wallet_used, paid_online, already_refunded) = money_of(&mut tx, order_id).await?;
        tx.rollback().await?;
        Ok(CancelQuote { status, wallet_used, paid_online, already_refunded })
    }

    /// Cancels the order for `actor` with the reason shown on its timeline.
    pub async fn cancel_order(&self, order_id: i64, actor: &str, reason: &str, route: RefundRoute, now: DateTime<Utc>) -> Result<CancelOutcome> {
        self.end_order(order_id, OrderStatus::Cancelled, actor, reason, route, now).await
    }

    /// Ends an order that never reached the shopper: cancelled before shipping, back at the warehouse
    /// undelivered (Undelivered Returned), or lost by the courier (Lost Order). Its pieces count as
    /// cancelled, the coupon is free again, and everything paid is owed back (`route` for the online
    /// part); the stock comes back unless the parcel was lost.
    pub async fn end_order(&self, order_id: i64, to: OrderStatus, actor: &str, reason: &str, route: RefundRoute, now: DateTime<Utc>) -> Result<CancelOutcome> {
        let mut tx = self.begin_write().await?;
        lock_order(&mut tx, order_id).await?;
        let (user_id, wallet_used, paid_online, already_refunded) = money_of(&mut tx, order_id).await?;
        // The shopper's row first, as every wallet writer does, so refunds and spending are counted in turn.
        lock_shopper(&mut tx, user_id).await?;
        let from = match move_status(&mut tx, order_id, to, actor, reason, now).await? {
            Move::Moved { from } => from,
            Move::NotAllowed { from } if from == to || (to == OrderStatus::Cancelled && from == OrderStatus::Cancel) => {
                tx.rollback().await?;
                return Ok(CancelOutcome::AlreadyCancelled);
            }
            Move::NotAllowed { from } => {
                tx.rollback().await?;
                return Ok(CancelOutcome::NotCancellable { status: from });
            }
        };
        let held: i64 = sqlx::query_scalar("SELECT holds_stock FROM orders WHERE id = $1").bind(order_id).fetch_one(&mut **tx).await?;
        if held == 1 {
            if to != OrderStatus::LostOrder {
                give_back_stock(&mut tx, order_id).await?;
            }
            sqlx::query("UPDATE orders SET holds_stock = 0 WHERE id = $1").bind(order_id).execute(&mut **tx).await?;
        }
        sqlx::query("UPDATE order_items SET cancelled_qty = quantity - returned_qty - exchanged_qty WHERE order_id = $1")
            .bind(order_id)
            .execute(&mut **tx)
            .await?;
        free_coupon(&mut tx, order_id).await?;

        let order_ref: String = sqlx::query_scalar("SELECT order_ref FROM orders WHERE id = $1").bind(order_id).fetch_one(&mut **tx).await?;
        let (stem, note) = match to {
            OrderStatus::Cancelled => ("cancel", format!("Refund for cancelled order {order_ref}")),
            _ => ("undelivered", format!("Refund for undelivered order {order_ref}")),
        };
        let refund = cancel_refund(wallet_used, paid_online, already_refunded, route);
        let mut through_provider = Vec::new();
        if refund.to_wallet > 0 {
            let key = format!("order:{order_id}:{stem}:wallet");
            refund_to_wallet(&mut tx, order_id, user_id, refund.to_wallet, &note, &key, now).await?;
        }
        if refund.to_source > 0 {
            // Spread over the captured payments, newest first (an order is normally paid once).
            let paid: Vec<(i64, i64)> = sqlx::query_as("SELECT id, amount FROM payment_attempts WHERE order_id = $1 AND status = 'paid' ORDER BY id DESC")
                .bind(order_id)
                .fetch_all(&mut **tx)
                .await?;
            let mut left = refund.to_source;
            for (attempt_id, amount) in paid {
                let part = left.min(amount);
                if part <= 0 {
                    break;
                }
                let key = format!("order:{order_id}:{stem}:source:{attempt_id}");
                if owe_refund(&mut tx, order_id, Some(attempt_id), part, "source", &note, &key, now).await? {
                    left -= part;
                }
            }
        }
        tx.commit().await?;
        if refund.to_source > 0 {
            through_provider = self.unpaid_source_refunds_of(order_id).await?;
        }
        Ok(CancelOutcome::Cancelled { from, refund, through_provider })
    }

    /// Refunds owed through the provider that the provider has not taken yet, for one order.
    pub async fn unpaid_source_refunds_of(&self, order_id: i64) -> Result<Vec<SourceRefund>> {
        Ok(sqlx::query_as(&format!("{UNPAID_SOURCE} AND r.order_id = $1 ORDER BY r.id")).bind(order_id).fetch_all(&self.pool).await?)
    }

    /// Refunds owed through the provider, asked before `before` and not taken yet (housekeeping retries them).
    pub async fn unpaid_source_refunds(&self, before: DateTime<Utc>, limit: i64) -> Result<Vec<SourceRefund>> {
        Ok(sqlx::query_as(&format!("{UNPAID_SOURCE} AND r.created_at < $1 ORDER BY r.id LIMIT $2"))
            .bind(crate::db::millis(before))
            .bind(limit)
            .fetch_all(&self.pool)
            .await?)
    }
}

const UNPAID_SOURCE: &str =
    "SELECT r.order_id, a.id AS attempt_id, a.provider, COALESCE(a.provider_payment_id, '') AS provider_payment_id, r.amount, r.reason, \
     r.idempotency_key FROM refund_requests r JOIN payment_attempts a ON a.id = r.attempt_id \
     WHERE r.route = 'source' AND NOT EXISTS (SELECT 1 FROM refunds f WHERE f.idempotency_key = r.idempotency_key)";

//! Returns and exchanges of delivered pieces: one transaction reserves the pieces on their order
//! lines (never more than remain, judged in the update itself, so two tabs cannot send the same piece
//! back twice), holds the new size for an exchange and places the exchange order at no charge, and
//! writes the request with what each returned piece was paid. Operators then schedule the pickup,
//! receive the pieces (back on sale only when sellable), and approve (refund, exchange released) or
//! decline (pieces and new size given back).

use crate::db::{lock_shopper, millis};
use crate::order_status::{append_event, lock_order, move_status, record_status, Move, Timeline};
use crate::payments::{owe_refund, refund_to_wallet};
use crate::{Result, Store, StoreError};
use chrono::{DateTime, Utc};
use drape_domain::orders::OrderStatus;
use drape_domain::returns::{refund_for, Process, ReturnStatus};
use sqlx::{Any, FromRow, Transaction};

/// One line of a request: pieces of an order line, returned or exchanged for a size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReturnLine {
    pub order_item_id: i64,
    pub process: Process,
    pub quantity: i64,
    /// For an exchange: the product (the same or another of the same price) and the size sent instead.
    pub exchange: Option<(i64, i64, String)>,
}

/// Bank details as checked by the caller, the bank's name filled from the IFSC list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BankAccount {
    pub account_name: String,
    pub account_number: String,
    pub ifsc: String,
    pub bank_name: String,
    pub branch_name: String,
}

#[derive(Debug, Clone)]
pub struct NewReturn {
    pub order_id: i64,
    pub user_id: i64,
    pub lines: Vec<ReturnLine>,
    pub reason: String,
    pub comment: String,
    pub pickup_address_json: String,
    /// wallet, source or bank (none when every line is an exchange).
    pub refund_route: String,
    pub bank: Option<BankAccount>,
    pub request_key: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlacedReturn {
    pub id: i64,
    pub public_id: String,
    pub refund_amount: i64,
    /// The exchange order placed for the new sizes (order ref), if any line was an exchange.
    pub exchange_order_ref: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReturnOutcome {
    Requested(PlacedReturn),
    /// The same submit came before: that request.
    Replayed(PlacedReturn),
    /// More pieces of this line than remain with the shopper.
    TooMany {
        order_item_id: i64,
    },
    /// The exchange size has no piece left.
    SizeSoldOut {
        size_id: i64,
    },
    /// The line is not this order's.
    NotInOrder {
        order_item_id: i64,
    },
}

#[derive(Debug, Clone, FromRow, PartialEq, Eq)]
pub struct ReturnRow {
    pub id: i64,
    pub public_id: String,
    pub order_id: i64,
    pub user_id: i64,
    pub status: String,
    pub reason: String,
    pub comment: String,
    pub pickup_address: String,
    pub refund_route: String,
    pub refund_amount: i64,
    pub bank_account_name: Option<String>,
    pub bank_account_number: Option<String>,
    pub bank_ifsc: Option<String>,
    pub bank_name: Option<String>,
    pub bank_branch: Option<String>,
    pub pickup_date: String,
    pub pickup_courier: String,
    pub created_at: i64,
}

#[derive(Debug, Clone, FromRow, PartialEq, Eq)]
pub struct ReturnItemRow {
    pub id: i64,
    pub return_id: i64,
    pub order_item_id: i64,
    pub process: String,
    pub quantity: i64,
    pub amount: i64,
    pub exchange_product_id: Option<i64>,
    pub exchange_size_id: Option<i64>,
    pub exchange_size_value: String,
    pub name: String,
    pub size_value: String,
}

/// What an operator's step did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReturnStep {
    Done { from: ReturnStatus },
    NotAllowed { from: ReturnStatus },
}

const RETURN_COLUMNS: &str = "id, public_id, order_id, user_id, status, reason, comment, pickup_address, refund_route, refund_amount, bank_account_name, \
     bank_account_number, bank_ifsc, bank_name, bank_branch, pickup_date, pickup_courier, created_at";

fn new_public_id() -> String {
    crate::testing_free_token()
}

async fn return_seen(tx: &mut Transaction<'_, Any>, user_id: i64, key: &str) -> Result<Option<PlacedReturn>> {
    let row: Option<(i64, String, i64)> = sqlx::query_as("SELECT id, public_id, refund_amount FROM return_requests WHERE user_id = $1 AND request_key = $2")
        .bind(user_id)
        .bind(key)
        .fetch_optional(&mut **tx)
        .await?;
    let Some((id, public_id, refund_amount)) = row else { return Ok(None) };
    let exchange: Option<String> = sqlx::query_scalar("SELECT order_ref FROM orders WHERE exchange_return_id = $1").bind(id).fetch_optional(&mut **tx).await?;
    Ok(Some(PlacedReturn { id, public_id, refund_amount, exchange_order_ref: exchange }))
}

async fn record_return_status(
    tx: &mut Transaction<'_, Any>,
    return_id: i64,
    from: &str,
    to: ReturnStatus,
    actor: &str,
    note: &str,
    now: DateTime<Utc>,
) -> Result<()> {
    append_event(tx, Timeline::Return, return_id, from, to.name(), actor, note, now).await
}

/// Moves a request from the status it is in, if the move is allowed; the row is written first so
/// that concurrent operators take turns.
async fn move_return(tx: &mut Transaction<'_, Any>, return_id: i64, to: ReturnStatus, actor: &str, note: &str, now: DateTime<Utc>) -> Result<ReturnStep> {
    sqlx::query("UPDATE return_requests SET status = status WHERE id = $1").bind(return_id).execute(&mut **tx).await?;
    let name: String =
        sqlx::query_scalar("SELECT status FROM return_requests WHERE id = $1").bind(return_id).fetch_optional(&mut **tx).await?.ok_or(StoreError::NotFound)?;
    let from = ReturnStatus::parse(&name).ok_or_else(|| StoreError::Conflict(format!("return {return_id} has an unknown status {name:?}")))?;
    if !from.can_move_to(to) {
        return Ok(ReturnStep::NotAllowed { from });
    }
    sqlx::query("UPDATE return_requests SET status = $2 WHERE id = $1").bind(return_id).bind(to.name()).execute(&mut **tx).await?;
    record_return_status(tx, return_id, from.name(), to, actor, note, now).await?;
    Ok(ReturnStep::Done { from })
}

impl Store {
    /// Requests a return or exchange, or requests nothing and says why.
    pub async fn request_return(&self, r: &NewReturn, now: DateTime<Utc>) -> Result<ReturnOutcome> {
        let mut tx = self.begin_write().await?;
        lock_order(&mut tx, r.order_id).await?;
        if let Some(seen) = return_seen(&mut tx, r.user_id, &r.request_key).await? {
            tx.rollback().await?;
            return Ok(ReturnOutcome::Replayed(seen));
        }
        let mut refund_amount = 0;
        let mut amounts = Vec::with_capacity(r.lines.len());
        for l in &r.lines {
            let column = match l.process {
                Process::Return => "returned_qty",
                Process::Exchange => "exchanged_qty",
            };
            // Reserved in the update itself: never more than remain with the shopper.
            let reserved: Option<(i64, i64, i64)> = sqlx::query_as(&format!(
                "UPDATE order_items SET {column} = {column} + $3 WHERE id = $1 AND order_id = $2 \
                 AND quantity - cancelled_qty - returned_qty - exchanged_qty >= $3 RETURNING paid, quantity, returned_qty"
            ))
            .bind(l.order_item_id)
            .bind(r.order_id)
            .bind(l.quantity)
            .fetch_optional(&mut **tx)
            .await?;
            let Some((paid, quantity, returned_after)) = reserved else {
                let ours: Option<i64> = sqlx::query_scalar("SELECT id FROM order_items WHERE id = $1 AND order_id = $2")
                    .bind(l.order_item_id)
                    .bind(r.order_id)
                    .fetch_optional(&mut **tx)
                    .await?;
                tx.rollback().await?;
                return Ok(if ours.is_some() {
                    ReturnOutcome::TooMany { order_item_id: l.order_item_id }
                } else {
                    ReturnOutcome::NotInOrder { order_item_id: l.order_item_id }
                });
            };
            let amount = match l.process {
                Process::Return => refund_for(paid, quantity, returned_after - l.quantity, l.quantity),
                Process::Exchange => 0,
            };
            refund_amount += amount;
            amounts.push(amount);
            if let Some((_, size_id, _)) = &l.exchange {
                let held =
                    sqlx::query("UPDATE sizes SET stock = stock - $2 WHERE id = $1 AND stock >= $2").bind(size_id).bind(l.quantity).execute(&mut **tx).await?;
                if held.rows_affected() == 0 {
                    tx.rollback().await?;
                    return Ok(ReturnOutcome::SizeSoldOut { size_id: *size_id });
                }
            }
        }
        let (bank_name, bank_number, bank_ifsc, bank_bank, bank_branch) = match &r.bank {
            Some(b) => {
                (Some(b.account_name.clone()), Some(b.account_number.clone()), Some(b.ifsc.clone()), Some(b.bank_name.clone()), Some(b.branch_name.clone()))
            }
            None => (None, None, None, None, None),
        };
        let public_id = new_public_id();
        let return_id: i64 = sqlx::query_scalar(
            "INSERT INTO return_requests (public_id, order_id, user_id, status, reason, comment, pickup_address, refund_route, refund_amount, \
             bank_account_name, bank_account_number, bank_ifsc, bank_name, bank_branch, request_key, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id",
        )
        .bind(&public_id)
        .bind(r.order_id)
        .bind(r.user_id)
        .bind(ReturnStatus::Requested.name())
        .bind(&r.reason)
        .bind(&r.comment)
        .bind(&r.pickup_address_json)
        .bind(&r.refund_route)
        .bind(refund_amount)
        .bind(bank_name)
        .bind(bank_number)
        .bind(bank_ifsc)
        .bind(bank_bank)
        .bind(bank_branch)
        .bind(&r.request_key)
        .bind(millis(now))
        .fetch_one(&mut **tx)
        .await?;
        for (l, amount) in r.lines.iter().zip(&amounts) {
            sqlx::query(
                "INSERT INTO return_items (return_id, order_item_id, process, quantity, amount, exchange_product_id, exchange_size_id, exchange_size_value) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(return_id)
            .bind(l.order_item_id)
            .bind(l.process.name())
            .bind(l.quantity)
            .bind(*amount)
            .bind(l.exchange.as_ref().map(|e| e.0))
            .bind(l.exchange.as_ref().map(|e| e.1))
            .bind(l.exchange.as_ref().map(|e| e.2.clone()).unwrap_or_default())
            .execute(&mut **tx)
            .await?;
        }
        record_return_status(&mut tx, return_id, "", ReturnStatus::Requested, crate::order_status::SHOPPER, &r.reason, now).await?;
        let exchange_order_ref =
            if r.lines.iter().any(|l| l.exchange.is_some()) { Some(place_exchange_order(&mut tx, r, return_id, now).await?) } else { None };
        tx.commit().await?;
        Ok(ReturnOutcome::Requested(PlacedReturn { id: return_id, public_id, refund_amount, exchange_order_ref }))
    }

    /// The key for a new submit of the form whose choices hash to `form_hash`: the same choices sent
    /// again within `window` (a double tap, a network retry) find the request they made; after it, the
    /// same choices are a new request (the second of two pieces, returned later) and get a new key.
    pub async fn return_key_for(&self, user_id: i64, form_hash: &str, since: DateTime<Utc>) -> Result<Result<String, PlacedReturn>> {
        let rows: Vec<(String, i64)> =
            sqlx::query_as("SELECT request_key, created_at FROM return_requests WHERE user_id = $1 AND request_key LIKE $2 ORDER BY id DESC")
                .bind(user_id)
                .bind(format!("{form_hash}:%"))
                .fetch_all(&self.pool)
                .await?;
        if let Some((key, at)) = rows.first() {
            if *at >= millis(since) {
                let mut tx = self.pool.begin().await?;
                let seen = return_seen(&mut tx, user_id, key).await?;
                tx.rollback().await?;
                if let Some(seen) = seen {
                    return Ok(Err(seen));
                }
            }
        }
        Ok(Ok(format!("{form_hash}:{}", rows.len())))
    }

    pub async fn return_by_public_id(&self, public_id: &str) -> Result<Option<ReturnRow>> {
        Ok(sqlx::query_as(&format!("SELECT {RETURN_COLUMNS} FROM return_requests WHERE public_id = $1")).bind(public_id).fetch_optional(&self.pool).await?)
    }

    pub async fn return_by_id(&self, id: i64) -> Result<Option<ReturnRow>> {
        Ok(sqlx::query_as(&format!("SELECT {RETURN_COLUMNS} FROM return_requests WHERE id = $1")).bind(id).fetch_optional(&self.pool).await?)
    }

    /// The order's requests, oldest first.
    pub async fn returns_of_order(&self, order_id: i64) -> Result<Vec<ReturnRow>> {
        Ok(sqlx::query_as(&format!("SELECT {RETURN_COLUMNS} FROM return_requests WHERE order_id = $1 ORDER BY id"))
            .bind(order_id)
            .fetch_all(&self.pool)
            .await?)
    }

    /// Requests in a status (operators' queue), oldest first.
    pub async fn returns_in(&self, status: ReturnStatus, limit: i64) -> Result<Vec<ReturnRow>> {
        Ok(sqlx::query_as(&format!("SELECT {RETURN_COLUMNS} FROM return_requests WHERE status = $1 ORDER BY id LIMIT $2"))
            .bind(status.name())
            .bind(limit)
            .fetch_all(&self.pool)
            .await?)
    }

    pub async fn return_items(&self, return_id: i64) -> Result<Vec<ReturnItemRow>> {
        Ok(sqlx::query_as(
            "SELECT r.id, r.return_id, r.order_item_id, r.process, r.quantity, r.amount, r.exchange_product_id, r.exchange_size_id, r.exchange_size_value, \
             CASE WHEN i.name = '' THEN p.name ELSE i.name END AS name, i.size_value \
             FROM return_items r JOIN order_items i ON i.id = r.order_item_id JOIN products p ON p.id = i.product_id WHERE r.return_id = $1 ORDER BY r.id",
        )
        .bind(return_id)
        .fetch_all(&self.pool)
        .await?)
    }

    pub async fn return_events(&self, return_id: i64) -> Result<Vec<crate::order_status::OrderEventRow>> {
        Ok(sqlx::query_as("SELECT from_status, to_status, actor, note, created_at FROM return_events WHERE return_id = $1 ORDER BY id")
            .bind(return_id)
            .fetch_all(&self.pool)
            .await?)
    }

    /// The courier is booked to collect the pieces on `date`.
    pub async fn schedule_pickup(&self, return_id: i64, date: &str, courier: &str, actor: &str, now: DateTime<Utc>) -> Result<ReturnStep> {
        let mut tx = self.begin_write().await?;
        let shown = chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").map(|d| d.format("%a, %-d %b").to_string()).unwrap_or_else(|_| date.to_string());
        let step = move_return(&mut tx, return_id, ReturnStatus::PickupScheduled, actor, &format!("{courier} on {shown}"), now).await?;
        if matches!(step, ReturnStep::Done { .. }) {
            sqlx::query("UPDATE return_requests SET pickup_date = $2, pickup_courier = $3 WHERE id = $1")
                .bind(return_id)
                .bind(date)
                .bind(courier)
                .execute(&mut **tx)
                .await?;
        }
        tx.commit().await?;
        Ok(step)
    }

    pub async fn mark_picked_up(&self, return_id: i64, actor: &str, now: DateTime<Utc>) -> Result<ReturnStep> {
        let mut tx = self.begin_write().await?;
        let step = move_return(&mut tx, return_id, ReturnStatus::PickedUp, actor, "", now).await?;
        tx.commit().await?;
        Ok(step)
    }

    /// The pieces reached the warehouse: back on sale only when `sellable`.
    pub async fn receive_return(&self, return_id: i64, sellable: bool, actor: &str, now: DateTime<Utc>) -> Result<ReturnStep> {
        let mut tx = self.begin_write().await?;
        // The shopper reads this note too: the condition, not the stock.
        let note = if sellable { "Received in good condition" } else { "Received used or damaged" };
        let step = move_return(&mut tx, return_id, ReturnStatus::Received, actor, note, now).await?;
        if matches!(step, ReturnStep::Done { .. }) && sellable {
            sqlx::query(
                "UPDATE sizes SET stock = stock + (SELECT SUM(r.quantity) FROM return_items r JOIN order_items i ON i.id = r.order_item_id \
                   WHERE r.return_id = $1 AND i.size_id = sizes.id) \
                 WHERE id IN (SELECT i.size_id FROM return_items r JOIN order_items i ON i.id = r.order_item_id WHERE r.return_id = $1 AND i.size_id IS NOT NULL)",
            )
            .bind(return_id)
            .execute(&mut **tx)
            .await?;
        }
        tx.commit().await?;
        Ok(step)
    }

    /// Approves a received request: the refund is owed (paid at once to the wallet), the exchange
    /// order is released to be packed, and an order whose every piece came back is Sales Returned.
    /// Returns the refund owed through the provider, if any, for the caller to pay.
    pub async fn approve_return(&self, return_id: i64, actor: &str, now: DateTime<Utc>) -> Result<(ReturnStep, Vec<crate::cancellations::SourceRefund>)> {
        let mut tx = self.begin_write().await?;
        let step = move_return(&mut tx, return_id, ReturnStatus::Approved, actor, "", now).await?;
        let ReturnStep::Done { .. } = step else {
            tx.rollback().await?;
            return Ok((step, Vec::new()));
        };
        let (order_id, user_id, route, amount, public_id): (i64, i64, String, i64, String) =
            sqlx::query_as("SELECT order_id, user_id, refund_route, refund_amount, public_id FROM return_requests WHERE id = $1")
                .bind(return_id)
                .fetch_one(&mut **tx)
                .await?;
        let order_ref: String = sqlx::query_scalar("SELECT order_ref FROM orders WHERE id = $1").bind(order_id).fetch_one(&mut **tx).await?;
        let note = format!("Refund for returned items of order {order_ref}");
        let key = format!("return:{public_id}");
        if amount > 0 {
            match route.as_str() {
                "wallet" => {
                    lock_shopper(&mut tx, user_id).await?;
                    if refund_to_wallet(&mut tx, order_id, user_id, amount, &note, &key, now).await? {
                        move_return(&mut tx, return_id, ReturnStatus::Refunded, actor, "to the Drape wallet", now).await?;
                    }
                }
                "source" => {
                    let attempt: Option<i64> =
                        sqlx::query_scalar("SELECT id FROM payment_attempts WHERE order_id = $1 AND status = 'paid' ORDER BY id DESC LIMIT 1")
                            .bind(order_id)
                            .fetch_optional(&mut **tx)
                            .await?;
                    owe_refund(&mut tx, order_id, attempt, amount, "source", &note, &key, now).await?;
                }
                _ => {
                    owe_refund(&mut tx, order_id, None, amount, "bank", &note, &key, now).await?;
                }
            }
            sqlx::query("UPDATE refund_requests SET return_id = $2 WHERE idempotency_key = $1").bind(&key).bind(return_id).execute(&mut **tx).await?;
        }
        // The exchange order goes to packing.
        let exchange: Option<i64> = sqlx::query_scalar("SELECT id FROM orders WHERE exchange_return_id = $1").bind(return_id).fetch_optional(&mut **tx).await?;
        if let Some(id) = exchange {
            move_status(&mut tx, id, OrderStatus::Verified, actor, "The exchanged piece reached us", now).await?;
        }
        // Every piece back: the order is returned.
        let left: i64 = sqlx::query_scalar(
            "SELECT CAST(COALESCE(SUM(quantity - cancelled_qty - returned_qty - exchanged_qty), 0) AS BIGINT) FROM order_items WHERE order_id = $1",
        )
        .bind(order_id)
        .fetch_one(&mut **tx)
        .await?;
        let exchanged: i64 = sqlx::query_scalar("SELECT CAST(COALESCE(SUM(exchanged_qty), 0) AS BIGINT) FROM order_items WHERE order_id = $1")
            .bind(order_id)
            .fetch_one(&mut **tx)
            .await?;
        if left == 0 && exchanged == 0 {
            move_status(&mut tx, order_id, OrderStatus::SalesReturned, actor, "Every piece came back", now).await?;
        }
        tx.commit().await?;
        let owed = if route == "source" {
            self.unpaid_source_refunds_of(order_id).await?.into_iter().filter(|r| r.idempotency_key == key).collect()
        } else {
            Vec::new()
        };
        Ok((ReturnStep::Done { from: ReturnStatus::Received }, owed))
    }

    /// Declines a request with the reason the shopper reads: its pieces count as the shopper's again,
    /// and an exchange's new size goes back on sale with its order cancelled.
    pub async fn decline_return(&self, return_id: i64, reason: &str, actor: &str, now: DateTime<Utc>) -> Result<ReturnStep> {
        let mut tx = self.begin_write().await?;
        let step = move_return(&mut tx, return_id, ReturnStatus::Declined, actor, reason, now).await?;
        if matches!(step, ReturnStep::Done { .. }) {
            let items: Vec<(i64, String, i64)> =
                sqlx::query_as("SELECT order_item_id, process, quantity FROM return_items WHERE return_id = $1").bind(return_id).fetch_all(&mut **tx).await?;
            for (item, process, q) in items {
                let column = if process == Process::Return.name() { "returned_qty" } else { "exchanged_qty" };
                sqlx::query(&format!("UPDATE order_items SET {column} = {column} - $2 WHERE id = $1 AND {column} >= $2"))
                    .bind(item)
                    .bind(q)
                    .execute(&mut **tx)
                    .await?;
            }
            let exchange: Option<i64> =
                sqlx::query_scalar("SELECT id FROM orders WHERE exchange_return_id = $1").bind(return_id).fetch_optional(&mut **tx).await?;
            if let Some(id) = exchange {
                if let Move::Moved { .. } = move_status(&mut tx, id, OrderStatus::Cancelled, actor, reason, now).await? {
                    crate::payments::give_back_stock(&mut tx, id).await?;
                    sqlx::query("UPDATE orders SET holds_stock = 0 WHERE id = $1").bind(id).execute(&mut **tx).await?;
                }
            }
        }
        tx.commit().await?;
        Ok(step)
    }

    /// Records the bank transfer that paid a request's refund (cash-on-delivery returns).
    pub async fn record_bank_refund(&self, return_id: i64, reference: &str, actor: &str, now: DateTime<Utc>) -> Result<ReturnStep> {
        let mut tx = self.begin_write().await?;
        let public_id: String = sqlx::query_scalar("SELECT public_id FROM return_requests WHERE id = $1")
            .bind(return_id)
            .fetch_optional(&mut **tx)
            .await?
            .ok_or(StoreError::NotFound)?;
        let key = format!("return:{public_id}");
        let owed: Option<(i64, i64, String)> =
            sqlx::query_as("SELECT order_id, amount, reason FROM refund_requests WHERE idempotency_key = $1 AND route = 'bank'")
                .bind(&key)
                .fetch_optional(&mut **tx)
                .await?;
        let Some((order_id, amount, reason)) = owed else {
            tx.rollback().await?;
            let from = self.return_by_id(return_id).await?.and_then(|r| ReturnStatus::parse(&r.status)).unwrap_or(ReturnStatus::Requested);
            return Ok(ReturnStep::NotAllowed { from });
        };
        let step = move_return(&mut tx, return_id, ReturnStatus::Refunded, actor, &format!("bank transfer {reference}"), now).await?;
        if matches!(step, ReturnStep::Done { .. }) {
            sqlx::query(
                "INSERT INTO refunds (order_id, amount, source, reason, bank_reference, idempotency_key, created_at) VALUES ($1, $2, 'bank', $3, $4, $5, $6)",
            )
            .bind(order_id)
            .bind(amount)
            .bind(&reason)
            .bind(reference)
            .bind(&key)
            .bind(millis(now))
            .execute(&mut **tx)
            .await?;
        }
        tx.commit().await?;
        Ok(step)
    }

    /// A provider refund of a return was taken: the request is Refunded.
    pub async fn mark_return_refunded(&self, idempotency_key: &str, now: DateTime<Utc>) -> Result<()> {
        let Some(public_id) = idempotency_key.strip_prefix("return:") else { return Ok(()) };
        let mut tx = self.begin_write().await?;
        let id: Option<i64> = sqlx::query_scalar("SELECT id FROM return_requests WHERE public_id = $1").bind(public_id).fetch_optional(&mut **tx).await?;
        if let Some(id) = id {
            move_return(&mut tx, id, ReturnStatus::Refunded, crate::order_status::PROVIDER, "to the original payment method", now).await?;
        }
        tx.commit().await?;
        Ok(())
    }
}

/// The exchange order: the new sizes at no charge, to the pickup address, held until the old pieces
/// are back (status Hold), linked to the order they replace.
async fn place_exchange_order(tx: &mut Transaction<'_, Any>, r: &NewReturn, return_id: i64, now: DateTime<Utc>) -> Result<String> {
    let parent_ref: String = sqlx::query_scalar("SELECT order_ref FROM orders WHERE id = $1").bind(r.order_id).fetch_one(&mut **tx).await?;
    let public_id = crate::testing_free_token();
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO orders (order_ref, public_id, user_id, status, payment_mode, total, to_pay, address, holds_stock, parent_order_id, exchange_return_id, \
         created_at, updated_at) VALUES ($1, $1, $2, $3, 'EXCHANGE', 0, 0, $4, 1, $5, $6, $7, $7) RETURNING id",
    )
    .bind(&public_id)
    .bind(r.user_id)
    .bind(OrderStatus::Hold.name())
    .bind(&r.pickup_address_json)
    .bind(r.order_id)
    .bind(return_id)
    .bind(millis(now))
    .fetch_one(&mut **tx)
    .await?;
    let order_ref = crate::checkout::order_ref(id);
    sqlx::query(crate::checkout::SET_ORDER_REF).bind(&order_ref).bind(id).execute(&mut **tx).await?;
    record_status(tx, id, "", OrderStatus::Hold, crate::order_status::SHOPPER, &format!("Exchange for order {parent_ref}"), now).await?;
    for l in r.lines.iter().filter(|l| l.exchange.is_some()) {
        let (product_id, size_id, size_value) = l.exchange.clone().expect("filtered");
        sqlx::query(
            "INSERT INTO order_items (order_id, product_id, size_value, quantity, price, size_id, mrp, paid, gst_rate, gst, sku, name) \
             SELECT $1, p.id, $3, $4, 0, $5, p.old_price, 0, 0, 0, s.sku, p.name FROM products p JOIN sizes s ON s.id = $5 WHERE p.id = $2",
        )
        .bind(id)
        .bind(product_id)
        .bind(&size_value)
        .bind(l.quantity)
        .bind(size_id)
        .execute(&mut **tx)
        .await?;
    }
    Ok(order_ref)
}

/// A product of the same price offered in exchange, with the size asked for in stock.
#[derive(Debug, Clone, FromRow, PartialEq, Eq)]
pub struct ExchangeOffer {
    pub product_id: i64,
    pub slug: String,
    pub name: String,
    pub sku: String,
    pub color_name: String,
    pub price: i64,
    pub size_id: i64,
    pub size_value: String,
}

impl Store {
    /// Other products on sale at `price` with `size_value` holding at least `quantity` pieces, by name;
    /// and how many there are in all.
    pub async fn exchange_offers(
        &self,
        price: i64,
        size_value: &str,
        quantity: i64,
        except_product: i64,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<ExchangeOffer>, i64)> {
        const FROM: &str = "FROM products p JOIN sizes s ON s.product_id = p.id \
             WHERE p.active = 1 AND p.price = $1 AND s.value = $2 AND s.part = 0 AND s.stock >= $3 AND p.id <> $4";
        let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) {FROM}"))
            .bind(price)
            .bind(size_value)
            .bind(quantity)
            .bind(except_product)
            .fetch_one(&self.pool)
            .await?;
        let rows = sqlx::query_as(&format!(
            "SELECT p.id AS product_id, p.slug, p.name, p.sku, p.color_name, p.price, s.id AS size_id, s.value AS size_value {FROM} ORDER BY p.name, p.id LIMIT $5 OFFSET $6"
        ))
        .bind(price)
        .bind(size_value)
        .bind(quantity)
        .bind(except_product)
        .bind(limit)
        .bind(offset)
        .fetch_all(&self.pool)
        .await?;
        Ok((rows, total))
    }
}

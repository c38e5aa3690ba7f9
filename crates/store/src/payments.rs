//! An order's life after placing: payment attempts and their outcomes, provider events stored once,
//! refunds, the stock given back when a payment window passes, and the cash-on-delivery code. Every
//! change of state is one conditional update, so a repeated or late event changes nothing twice.

use crate::db::{lock_shopper, millis};
use crate::order_status::{record_status, PROVIDER, SHOPPER, SYSTEM};
use crate::{Result, Store};
use chrono::{DateTime, Utc};
use drape_domain::orders::OrderStatus;
use drape_domain::wallet::EntryKind;
use sqlx::FromRow;

#[derive(Debug, Clone, FromRow, PartialEq, Eq)]
pub struct OrderRow {
    pub id: i64,
    pub public_id: String,
    pub order_ref: String,
    pub user_id: i64,
    pub status: String,
    pub payment_mode: String,
    pub total: i64,
    pub to_pay: i64,
    pub wallet_used: i64,
    pub address: String,
    pub breakup: String,
    pub delivery_date: String,
    pub coupon_code: String,
    pub holds_stock: i64,
    pub created_at: i64,
    pub courier: String,
    pub tracking_number: String,
    pub delivered_at: Option<i64>,
    pub parent_order_id: Option<i64>,
}

#[derive(Debug, Clone, FromRow, PartialEq, Eq)]
pub struct OrderItemRow {
    pub product_id: i64,
    pub sku: String,
    pub name: String,
    pub size_value: String,
    pub combo1: String,
    pub combo2: String,
    pub quantity: i64,
    pub price: i64,
    pub mrp: i64,
    pub paid: i64,
    pub gst_rate: i64,
    pub gst: i64,
}

#[derive(Debug, Clone, FromRow, PartialEq, Eq)]
pub struct AttemptRow {
    pub id: i64,
    pub order_id: i64,
    pub provider: String,
    pub provider_order_id: String,
    pub provider_payment_id: Option<String>,
    pub amount: i64,
    pub method: String,
    pub status: String,
    pub created_at: i64,
}

/// What a successful payment did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaidOutcome {
    /// The order is paid: it moved from Pending Payment to Verified.
    OrderPaid { order_id: i64 },
    /// This payment was recorded before (a repeated callback or event): nothing changed.
    AlreadyRecorded,
    /// No attempt has this provider order id.
    UnknownAttempt,
    /// The money came for an order that is no longer waiting for it (paid by another attempt, or its
    /// window passed and its stock went back on sale): it must be refunded, never kept.
    NeedsRefund { order_id: i64, attempt_id: i64, amount: i64 },
}

/// How a guess at the cash-on-delivery code went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodGuess {
    Confirmed,
    Wrong,
    /// No such order of the shopper's waiting for confirmation, or too many wrong guesses.
    NotJudged,
}

pub(crate) const ORDER_COLUMNS: &str = "id, public_id, order_ref, user_id, status, payment_mode, total, to_pay, wallet_used, address, breakup, delivery_date, \
     coupon_code, holds_stock, created_at, courier, tracking_number, delivered_at, parent_order_id";
const ATTEMPT_COLUMNS: &str = "id, order_id, provider, provider_order_id, provider_payment_id, amount, method, status, created_at";

impl Store {
    /// The shopper's order by its public id; another shopper's is None, as is an unknown id.
    pub async fn shopper_order(&self, user_id: i64, public_id: &str) -> Result<Option<OrderRow>> {
        Ok(sqlx::query_as(&format!("SELECT {ORDER_COLUMNS} FROM orders WHERE public_id = $1 AND user_id = $2"))
            .bind(public_id)
            .bind(user_id)
            .fetch_optional(&self.pool)
            .await?)
    }

    pub async fn order_by_id(&self, id: i64) -> Result<Option<OrderRow>> {
        Ok(sqlx::query_as(&format!("SELECT {ORDER_COLUMNS} FROM orders WHERE id = $1")).bind(id).fetch_optional(&self.pool).await?)
    }

    /// An order's row id by its public id, whoever's it is (operators and tests).
    pub async fn order_id_by_public_id(&self, public_id: &str) -> Result<Option<i64>> {
        Ok(sqlx::query_scalar("SELECT id FROM orders WHERE public_id = $1").bind(public_id).fetch_optional(&self.pool).await?)
    }

    /// Pieces of a size row held by orders that still hold their stock.
    pub async fn pieces_held_for_size(&self, size_id: i64) -> Result<i64> {
        Ok(sqlx::query_scalar(
            "SELECT CAST(COALESCE(SUM(i.quantity), 0) AS BIGINT) FROM order_items i JOIN orders o ON o.id = i.order_id \
             WHERE o.holds_stock = 1 AND (i.size_id = $1 OR i.combo1_size_id = $1 OR i.combo2_size_id = $1)",
        )
        .bind(size_id)
        .fetch_one(&self.pool)
        .await?)
    }

    pub async fn order_items(&self, order_id: i64) -> Result<Vec<OrderItemRow>> {
        Ok(sqlx::query_as(
            "SELECT product_id, sku, name, size_value, combo1, combo2, quantity, price, mrp, paid, gst_rate, gst FROM order_items WHERE order_id = $1 ORDER BY id",
        )
        .bind(order_id)
        .fetch_all(&self.pool)
        .await?)
    }

    pub async fn add_payment_attempt(
        &self,
        order_id: i64,
        provider: &str,
        provider_order_id: &str,
        amount: i64,
        method: &str,
        now: DateTime<Utc>,
    ) -> Result<i64> {
        Ok(self
            .write(|db| {
                sqlx::query_scalar(
            "INSERT INTO payment_attempts (order_id, provider, provider_order_id, amount, method, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
        )
        .bind(order_id)
        .bind(provider)
        .bind(provider_order_id)
        .bind(amount)
        .bind(method)
        .bind(millis(now))
        .fetch_one(db)
            })
            .await?)
    }

    pub async fn attempt_by_provider_order(&self, provider: &str, provider_order_id: &str) -> Result<Option<AttemptRow>> {
        Ok(sqlx::query_as(&format!("SELECT {ATTEMPT_COLUMNS} FROM payment_attempts WHERE provider = $1 AND provider_order_id = $2"))
            .bind(provider)
            .bind(provider_order_id)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// The order's attempts, oldest first.
    pub async fn order_attempts(&self, order_id: i64) -> Result<Vec<AttemptRow>> {
        Ok(sqlx::query_as(&format!("SELECT {ATTEMPT_COLUMNS} FROM payment_attempts WHERE order_id = $1 ORDER BY id"))
            .bind(order_id)
            .fetch_all(&self.pool)
            .await?)
    }

    /// Attempts still without an outcome, created before `before` (for reconciliation with the provider).
    pub async fn open_attempts(&self, before: DateTime<Utc>, limit: i64) -> Result<Vec<AttemptRow>> {
        Ok(sqlx::query_as(&format!("SELECT {ATTEMPT_COLUMNS} FROM payment_attempts WHERE status = 'created' AND created_at < $1 ORDER BY id LIMIT $2"))
            .bind(millis(before))
            .bind(limit)
            .fetch_all(&self.pool)
            .await?)
    }

    /// Records a captured payment, once. The order becomes Verified if it was still waiting for this
    /// money; otherwise the caller must refund it.
    pub async fn payment_succeeded(&self, provider: &str, provider_order_id: &str, payment_id: &str, method: &str, now: DateTime<Utc>) -> Result<PaidOutcome> {
        let mut tx = self.begin_write().await?;
        let settled: Option<(i64, i64, i64)> = sqlx::query_as(
            "UPDATE payment_attempts SET status = 'paid', provider_payment_id = $3, method = CASE WHEN $4 = '' THEN method ELSE $4 END, settled_at = $5 \
             WHERE provider = $1 AND provider_order_id = $2 AND status <> 'paid' RETURNING id, order_id, amount",
        )
        .bind(provider)
        .bind(provider_order_id)
        .bind(payment_id)
        .bind(method)
        .bind(millis(now))
        .fetch_optional(&mut **tx)
        .await?;
        let Some((attempt_id, order_id, amount)) = settled else {
            tx.rollback().await?;
            let known = self.attempt_by_provider_order(provider, provider_order_id).await?.is_some();
            return Ok(if known { PaidOutcome::AlreadyRecorded } else { PaidOutcome::UnknownAttempt });
        };
        let paid = sqlx::query("UPDATE orders SET status = $2, updated_at = $3 WHERE id = $1 AND status = $4 AND holds_stock = 1")
            .bind(order_id)
            .bind(OrderStatus::Verified.name())
            .bind(millis(now))
            .bind(OrderStatus::PendingPayment.name())
            .execute(&mut **tx)
            .await?;
        let outcome = if paid.rows_affected() == 1 {
            record_status(&mut tx, order_id, OrderStatus::PendingPayment.name(), OrderStatus::Verified, PROVIDER, "Payment received", now).await?;
            PaidOutcome::OrderPaid { order_id }
        } else {
            // Owed back from this moment: the request is kept even if the provider's refund fails
            // now, and housekeeping retries it (Store::unpaid_source_refunds).
            owe_refund(
                &mut tx,
                order_id,
                Some(attempt_id),
                amount,
                "source",
                "Payment came after the order stopped waiting for it",
                &late_payment_key(payment_id),
                now,
            )
            .await?;
            PaidOutcome::NeedsRefund { order_id, attempt_id, amount }
        };
        tx.commit().await?;
        Ok(outcome)
    }

    /// Records a failed attempt, once; the order stays Pending Payment so the shopper can try again.
    /// Returns the order's id when this call recorded the failure.
    pub async fn payment_failed(&self, provider: &str, provider_order_id: &str, error: &str, now: DateTime<Utc>) -> Result<Option<i64>> {
        Ok(self
            .write(|db| {
                sqlx::query_scalar(
            "UPDATE payment_attempts SET status = 'failed', error = $3, settled_at = $4 WHERE provider = $1 AND provider_order_id = $2 AND status = 'created' \
             RETURNING order_id",
        )
        .bind(provider)
        .bind(provider_order_id)
        .bind(error)
        .bind(millis(now))
        .fetch_optional(db)
            })
            .await?)
    }

    /// Stores a provider event by its id; false when it was stored before (apply it no more).
    pub async fn store_payment_event(&self, provider: &str, event_id: &str, kind: &str, body: &str, now: DateTime<Utc>) -> Result<bool> {
        let done = self
            .write(|db| {
                sqlx::query("INSERT INTO payment_events (provider, event_id, kind, body, received_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING")
                    .bind(provider)
                    .bind(event_id)
                    .bind(kind)
                    .bind(body)
                    .bind(millis(now))
                    .execute(db)
            })
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Records a refund once per idempotency key; false when it was recorded before.
    #[allow(clippy::too_many_arguments)]
    pub async fn record_refund(
        &self,
        order_id: i64,
        attempt_id: Option<i64>,
        amount: i64,
        source: &str,
        reason: &str,
        provider_refund_id: Option<&str>,
        key: &str,
        now: DateTime<Utc>,
    ) -> Result<bool> {
        let done = self
            .write(|db| {
                sqlx::query(
                    "INSERT INTO refunds (order_id, attempt_id, amount, source, reason, provider_refund_id, idempotency_key, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING",
                )
                .bind(order_id)
                .bind(attempt_id)
                .bind(amount)
                .bind(source)
                .bind(reason)
                .bind(provider_refund_id)
                .bind(key)
                .bind(millis(now))
                .execute(db)
            })
            .await?;
        Ok(done.rows_affected() == 1)
    }

    pub async fn refunds_of(&self, order_id: i64) -> Result<Vec<(i64, String, Option<String>)>> {
        Ok(sqlx::query_as("SELECT amount, source, provider_refund_id FROM refunds WHERE order_id = $1 ORDER BY id")
            .bind(order_id)
            .fetch_all(&self.pool)
            .await?)
    }

    /// Ids of orders still waiting for payment that were placed before `before`.
    pub async fn orders_past_payment_window(&self, before: DateTime<Utc>, limit: i64) -> Result<Vec<i64>> {
        Ok(sqlx::query_scalar("SELECT id FROM orders WHERE status = $1 AND holds_stock = 1 AND created_at < $2 ORDER BY id LIMIT $3")
            .bind(OrderStatus::PendingPayment.name())
            .bind(millis(before))
            .bind(limit)
            .fetch_all(&self.pool)
            .await?)
    }

    /// Marks a pending order Payment Failed and puts its stock back on sale, and the wallet money it
    /// took back in the wallet; true when this call did it (a second call, or a paid order, does nothing).
    pub async fn release_unpaid_order(&self, order_id: i64, now: DateTime<Utc>) -> Result<bool> {
        let mut tx = self.begin_write().await?;
        let released: Option<(i64, i64, String)> = sqlx::query_as(
            "UPDATE orders SET status = $2, holds_stock = 0, updated_at = $3 WHERE id = $1 AND status = $4 AND holds_stock = 1 \
             RETURNING user_id, wallet_used, order_ref",
        )
        .bind(order_id)
        .bind(OrderStatus::PaymentFailed.name())
        .bind(millis(now))
        .bind(OrderStatus::PendingPayment.name())
        .fetch_optional(&mut **tx)
        .await?;
        let Some((user_id, wallet_used, order_ref)) = released else {
            tx.rollback().await?;
            return Ok(false);
        };
        record_status(&mut tx, order_id, OrderStatus::PendingPayment.name(), OrderStatus::PaymentFailed, SYSTEM, "The time to pay passed", now).await?;
        give_back_stock(&mut tx, order_id).await?;
        free_coupon(&mut tx, order_id).await?;
        if wallet_used > 0 {
            lock_shopper(&mut tx, user_id).await?;
            let note = format!("Order {order_ref} was not paid");
            refund_to_wallet(&mut tx, order_id, user_id, wallet_used, &note, &format!("order:{order_id}:wallet-back"), now).await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Judges a guess at an order's cash-on-delivery code in one statement: a right one confirms the
    /// order (Verified), a wrong one counts; after `max_wrong` wrong guesses nothing is judged.
    pub async fn confirm_cod(&self, user_id: i64, public_id: &str, code_hash: &str, max_wrong: i64, now: DateTime<Utc>) -> Result<CodGuess> {
        let mut tx = self.begin_write().await?;
        let judged: Option<(i64, String)> = sqlx::query_as(
            "UPDATE orders SET cod_guesses = cod_guesses + CASE WHEN cod_code_hash = $3 THEN 0 ELSE 1 END, \
                status = CASE WHEN cod_code_hash = $3 THEN $4 ELSE status END, updated_at = $6 \
             WHERE public_id = $1 AND user_id = $2 AND status = $5 AND cod_guesses < $7 RETURNING id, status",
        )
        .bind(public_id)
        .bind(user_id)
        .bind(code_hash)
        .bind(OrderStatus::Verified.name())
        .bind(OrderStatus::PendingConfirmation.name())
        .bind(millis(now))
        .bind(max_wrong)
        .fetch_optional(&mut **tx)
        .await?;
        let guess = match judged {
            Some((order_id, s)) if s == OrderStatus::Verified.name() => {
                record_status(&mut tx, order_id, OrderStatus::PendingConfirmation.name(), OrderStatus::Verified, SHOPPER, "Cash on delivery confirmed", now)
                    .await?;
                CodGuess::Confirmed
            }
            Some(_) => CodGuess::Wrong,
            None => CodGuess::NotJudged,
        };
        tx.commit().await?;
        Ok(guess)
    }

    /// A new cash-on-delivery code for an order still waiting for confirmation (the guesses start over).
    pub async fn renew_cod_code(&self, user_id: i64, public_id: &str, code_hash: &str) -> Result<bool> {
        let done = self
            .write(|db| {
                sqlx::query("UPDATE orders SET cod_code_hash = $3, cod_guesses = 0 WHERE public_id = $1 AND user_id = $2 AND status = $4")
                    .bind(public_id)
                    .bind(user_id)
                    .bind(code_hash)
                    .bind(OrderStatus::PendingConfirmation.name())
                    .execute(db)
            })
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The shopper's customer id at a payment provider (rzCustomerid), if one was made.
    pub async fn provider_customer(&self, user_id: i64, provider: &str) -> Result<Option<String>> {
        Ok(sqlx::query_scalar("SELECT customer_id FROM provider_customers WHERE user_id = $1 AND provider = $2")
            .bind(user_id)
            .bind(provider)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// Keeps the first customer id made for the shopper; returns the one kept.
    pub async fn keep_provider_customer(&self, user_id: i64, provider: &str, customer_id: &str) -> Result<String> {
        self.write(|db| {
            sqlx::query("INSERT INTO provider_customers (user_id, provider, customer_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
                .bind(user_id)
                .bind(provider)
                .bind(customer_id)
                .execute(db)
        })
        .await?;
        Ok(self.provider_customer(user_id, provider).await?.unwrap_or_else(|| customer_id.to_string()))
    }
}

/// The key a late payment's refund is owed and made under (the provider's idempotency key too).
pub fn late_payment_key(payment_id: &str) -> String {
    format!("drape-refund-{payment_id}")
}

/// Writes a refund the order owes, once per key, only while the order's refunds stay within what it
/// was paid (the wallet's part, captured online payments, and cash collected on delivery). False
/// when the key was used before or the refund would go past what was paid.
#[allow(clippy::too_many_arguments)]
pub(crate) async fn owe_refund(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    order_id: i64,
    attempt_id: Option<i64>,
    amount: i64,
    route: &str,
    reason: &str,
    key: &str,
    now: DateTime<Utc>,
) -> Result<bool> {
    let done = sqlx::query(
        "INSERT INTO refund_requests (order_id, attempt_id, amount, route, reason, idempotency_key, created_at) \
         SELECT o.id, $2, $3, $4, $5, $6, $7 FROM orders o WHERE o.id = $1 \
           AND (SELECT COALESCE(SUM(r.amount), 0) FROM refund_requests r WHERE r.order_id = o.id) + $3 <= \
               o.wallet_used + (SELECT COALESCE(SUM(a.amount), 0) FROM payment_attempts a WHERE a.order_id = o.id AND a.status = 'paid') \
               + CASE WHEN o.payment_mode = 'COD' AND o.delivered_at IS NOT NULL THEN o.to_pay ELSE 0 END \
         ON CONFLICT DO NOTHING",
    )
    .bind(order_id)
    .bind(attempt_id)
    .bind(amount)
    .bind(route)
    .bind(reason)
    .bind(key)
    .bind(millis(now))
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Owes and pays a refund into the shopper's wallet at once (the shopper's row locked by the caller):
/// the request, the wallet credit and the refund row share `key`, so it happens once. False when it
/// was done before or would go past what the order was paid.
pub(crate) async fn refund_to_wallet(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    order_id: i64,
    user_id: i64,
    amount: i64,
    note: &str,
    key: &str,
    now: DateTime<Utc>,
) -> Result<bool> {
    if !owe_refund(tx, order_id, None, amount, "wallet", note, key, now).await? {
        return Ok(false);
    }
    crate::wallet::insert_entry(tx, user_id, amount, EntryKind::Refund, note, Some(key), now).await?;
    sqlx::query("INSERT INTO refunds (order_id, amount, source, reason, idempotency_key, created_at) VALUES ($1, $2, 'wallet', $3, $4, $5)")
        .bind(order_id)
        .bind(amount)
        .bind(note)
        .bind(key)
        .bind(millis(now))
        .execute(&mut **tx)
        .await?;
    Ok(true)
}

/// Makes the coupon an order used usable again (the order was cancelled or never paid).
pub(crate) async fn free_coupon(tx: &mut sqlx::Transaction<'_, sqlx::Any>, order_id: i64) -> Result<()> {
    sqlx::query("DELETE FROM coupon_uses WHERE order_id = $1").bind(order_id).execute(&mut **tx).await?;
    Ok(())
}

/// Adds an order's pieces back to the size rows they came from.
pub(crate) async fn give_back_stock(tx: &mut sqlx::Transaction<'_, sqlx::Any>, order_id: i64) -> Result<()> {
    for column in ["size_id", "combo1_size_id", "combo2_size_id"] {
        sqlx::query(&format!(
            "UPDATE sizes SET stock = stock + (SELECT SUM(i.quantity) FROM order_items i WHERE i.order_id = $1 AND i.{column} = sizes.id) \
             WHERE id IN (SELECT {column} FROM order_items WHERE order_id = $1 AND {column} IS NOT NULL)"
        ))
        .bind(order_id)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

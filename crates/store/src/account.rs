//! The shopper's account pages: recently viewed products, notifications and their preferences,
//! messages to the shop, settings, and deleting the account (what is erased and what is kept for
//! tax records: docs/operations.md 'Deleting an account').

use crate::db::{millis, placeholders};
use crate::{Result, Store};
use chrono::{DateTime, Utc};
use sqlx::FromRow;

/// How many recently viewed products a shopper keeps.
pub const VIEWS_KEPT: i64 = 20;
/// How many notifications the page shows.
pub const NOTIFICATIONS_SHOWN: i64 = 50;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotificationKind {
    Order,
    Stock,
    Offer,
}

impl NotificationKind {
    pub fn key(self) -> &'static str {
        match self {
            NotificationKind::Order => "order",
            NotificationKind::Stock => "stock",
            NotificationKind::Offer => "offer",
        }
    }
    /// The settings column that lets this kind through.
    fn preference(self) -> &'static str {
        match self {
            NotificationKind::Order => "notify_orders",
            NotificationKind::Stock => "notify_stock",
            NotificationKind::Offer => "notify_offers",
        }
    }
}

#[derive(Debug, Clone, FromRow, PartialEq, Eq)]
pub struct Notification {
    pub id: i64,
    pub kind: String,
    pub title: String,
    pub body: String,
    pub link: String,
    pub created_at: i64,
    pub read_at: Option<i64>,
}

#[derive(Debug, Clone, FromRow, PartialEq, Eq)]
pub struct Settings {
    pub name: String,
    pub email: Option<String>,
    pub mobile: String,
    pub notify_orders: i64,
    pub notify_offers: i64,
    pub notify_stock: i64,
}

/// A change to the settings; None leaves a field as it is.
#[derive(Debug, Clone, Default)]
pub struct SettingsChange<'a> {
    pub name: Option<&'a str>,
    /// Some(None) clears the e-mail.
    pub email: Option<Option<&'a str>>,
    pub notify_orders: Option<bool>,
    pub notify_offers: Option<bool>,
    pub notify_stock: Option<bool>,
}

#[derive(Debug, Clone)]
pub struct NewContactMessage<'a> {
    pub user_id: Option<i64>,
    pub name: &'a str,
    pub email: &'a str,
    pub mobile: &'a str,
    pub subject: &'a str,
    pub message: &'a str,
}

/// Why an account cannot be deleted yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Busy {
    /// An order not yet delivered, cancelled or otherwise ended (its reference).
    OpenOrder(String),
    /// A return in progress (its order's reference).
    OpenReturn(String),
    /// Money owed back and not yet paid (its order's reference).
    PendingRefund(String),
}

impl Store {
    /// Records that the shopper looked at a product (the newest first; the oldest beyond VIEWS_KEPT go).
    pub async fn record_view(&self, user_id: i64, product_id: i64, now: DateTime<Utc>) -> Result<()> {
        self.record_views(user_id, &[product_id], now).await
    }

    /// Records views of `product_ids`, newest first (a device's list merged at login): each keeps the
    /// later of its times.
    pub async fn record_views(&self, user_id: i64, product_ids: &[i64], now: DateTime<Utc>) -> Result<()> {
        let mut tx = self.begin_write().await?;
        for (i, id) in product_ids.iter().enumerate() {
            sqlx::query(
                "INSERT INTO recently_viewed (user_id, product_id, viewed_at) SELECT $1, id, $3 FROM products WHERE id = $2 \
                 ON CONFLICT (user_id, product_id) DO UPDATE SET viewed_at = \
                   CASE WHEN excluded.viewed_at > recently_viewed.viewed_at THEN excluded.viewed_at ELSE recently_viewed.viewed_at END",
            )
            .bind(user_id)
            .bind(id)
            .bind(millis(now) - i as i64)
            .execute(&mut **tx)
            .await?;
        }
        sqlx::query(&format!(
            "DELETE FROM recently_viewed WHERE user_id = $1 AND product_id NOT IN \
             (SELECT product_id FROM recently_viewed WHERE user_id = $1 ORDER BY viewed_at DESC, product_id LIMIT {VIEWS_KEPT})"
        ))
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The shopper's recently viewed product ids, newest first.
    pub async fn recently_viewed(&self, user_id: i64) -> Result<Vec<i64>> {
        Ok(sqlx::query_scalar(&format!("SELECT product_id FROM recently_viewed WHERE user_id = $1 ORDER BY viewed_at DESC, product_id LIMIT {VIEWS_KEPT}"))
            .bind(user_id)
            .fetch_all(&self.pool)
            .await?)
    }

    pub async fn clear_views(&self, user_id: i64) -> Result<()> {
        self.write(|db| sqlx::query("DELETE FROM recently_viewed WHERE user_id = $1").bind(user_id).execute(db)).await?;
        Ok(())
    }

    /// Tells the shopper something, unless their settings turn this kind off (or the account is gone).
    /// Returns whether a notification was written.
    pub async fn notify(&self, user_id: i64, kind: NotificationKind, title: &str, body: &str, link: &str, now: DateTime<Utc>) -> Result<bool> {
        let sql = format!(
            "INSERT INTO notifications (user_id, kind, title, body, link, created_at) \
             SELECT id, $2, $3, $4, $5, $6 FROM users WHERE id = $1 AND {} = 1 AND deleted_at IS NULL",
            kind.preference()
        );
        let done = self.write(|db| sqlx::query(&sql).bind(user_id).bind(kind.key()).bind(title).bind(body).bind(link).bind(millis(now)).execute(db)).await?;
        Ok(done.rows_affected() == 1)
    }

    /// An offer for every shopper who wants offers (`drape admin announce`); how many were told.
    pub async fn announce(&self, title: &str, body: &str, link: &str, now: DateTime<Utc>) -> Result<u64> {
        let done = self
            .write(|db| {
                sqlx::query(
                    "INSERT INTO notifications (user_id, kind, title, body, link, created_at) \
             SELECT id, 'offer', $1, $2, $3, $4 FROM users WHERE notify_offers = 1 AND deleted_at IS NULL",
                )
                .bind(title)
                .bind(body)
                .bind(link)
                .bind(millis(now))
                .execute(db)
            })
            .await?;
        Ok(done.rows_affected())
    }

    /// The shopper's notifications, newest first.
    pub async fn notifications(&self, user_id: i64) -> Result<Vec<Notification>> {
        Ok(sqlx::query_as(&format!(
            "SELECT id, kind, title, body, link, created_at, read_at FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT {NOTIFICATIONS_SHOWN}"
        ))
        .bind(user_id)
        .fetch_all(&self.pool)
        .await?)
    }

    pub async fn unread_notifications(&self, user_id: i64) -> Result<i64> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM notifications WHERE user_id = $1 AND read_at IS NULL").bind(user_id).fetch_one(&self.pool).await?)
    }

    /// Marks the shopper's notifications read: those of `ids` (others' ids change nothing), or all.
    pub async fn mark_read(&self, user_id: i64, ids: &[i64], now: DateTime<Utc>) -> Result<()> {
        if ids.is_empty() {
            self.write(|db| {
                sqlx::query("UPDATE notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL").bind(user_id).bind(millis(now)).execute(db)
            })
            .await?;
            return Ok(());
        }
        let sql = format!("UPDATE notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL AND id IN ({})", placeholders(3, ids.len()));
        self.write(|db| {
            let mut q = sqlx::query(&sql).bind(user_id).bind(millis(now));
            for id in ids {
                q = q.bind(*id);
            }
            q.execute(db)
        })
        .await?;
        Ok(())
    }

    pub async fn settings(&self, user_id: i64) -> Result<Settings> {
        Ok(sqlx::query_as("SELECT name, email, mobile, notify_orders, notify_offers, notify_stock FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_one(&self.pool)
            .await?)
    }

    /// Changes what `change` names, in one statement.
    pub async fn update_settings(&self, user_id: i64, change: &SettingsChange<'_>) -> Result<Settings> {
        let flag = |b: Option<bool>| b.map(i64::from);
        self.write(|db| {
            sqlx::query(
                "UPDATE users SET name = COALESCE($2, name), email = CASE WHEN $3 = 1 THEN $4 ELSE email END, \
             notify_orders = COALESCE($5, notify_orders), notify_offers = COALESCE($6, notify_offers), notify_stock = COALESCE($7, notify_stock) \
             WHERE id = $1",
            )
            .bind(user_id)
            .bind(change.name)
            .bind(i64::from(change.email.is_some()))
            .bind(change.email.flatten())
            .bind(flag(change.notify_orders))
            .bind(flag(change.notify_offers))
            .bind(flag(change.notify_stock))
            .execute(db)
        })
        .await?;
        self.settings(user_id).await
    }

    pub async fn add_contact_message(&self, m: &NewContactMessage<'_>, now: DateTime<Utc>) -> Result<i64> {
        Ok(self
            .write(|db| {
                sqlx::query_scalar(
            "INSERT INTO contact_messages (user_id, name, email, mobile, subject, message, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
        )
        .bind(m.user_id)
        .bind(m.name)
        .bind(m.email)
        .bind(m.mobile)
        .bind(m.subject)
        .bind(m.message)
        .bind(millis(now))
        .fetch_one(db)
            })
            .await?)
    }

    /// What keeps the account from being deleted now, if anything: an order still open (`open_statuses`),
    /// a return in progress, or money owed back that has not been paid.
    pub async fn account_busy(&self, user_id: i64, open_statuses: &[&str]) -> Result<Option<Busy>> {
        if !open_statuses.is_empty() {
            let sql =
                format!("SELECT order_ref FROM orders WHERE user_id = $1 AND status IN ({}) ORDER BY id DESC LIMIT 1", placeholders(2, open_statuses.len()));
            let mut q = sqlx::query_scalar::<_, String>(&sql).bind(user_id);
            for s in open_statuses {
                q = q.bind(*s);
            }
            if let Some(order) = q.fetch_optional(&self.pool).await? {
                return Ok(Some(Busy::OpenOrder(order)));
            }
        }
        let open_return: Option<String> = sqlx::query_scalar(
            "SELECT o.order_ref FROM return_requests r JOIN orders o ON o.id = r.order_id \
             WHERE r.user_id = $1 AND r.status NOT IN ('declined', 'refunded') ORDER BY r.id DESC LIMIT 1",
        )
        .bind(user_id)
        .fetch_optional(&self.pool)
        .await?;
        if let Some(order) = open_return {
            return Ok(Some(Busy::OpenReturn(order)));
        }
        let owed: Option<String> = sqlx::query_scalar(
            "SELECT o.order_ref FROM refund_requests r JOIN orders o ON o.id = r.order_id \
             WHERE o.user_id = $1 AND r.route <> 'wallet' AND NOT EXISTS (SELECT 1 FROM refunds f WHERE f.idempotency_key = r.idempotency_key) \
             ORDER BY r.id DESC LIMIT 1",
        )
        .bind(user_id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(owed.map(Busy::PendingRefund))
    }

    /// Deletes the account: every session ends, personal data goes (name, e-mail, mobile, addresses,
    /// wishlist, cart, recently viewed, searches, notifications, notify-me requests, the provider
    /// customer link), reviews stay under no name, and orders stay for tax records with the delivery
    /// address reduced to its state and pincode. The mobile number is free to sign up again.
    /// One transaction: all of it or none.
    pub async fn delete_account(&self, user_id: i64, now: DateTime<Utc>) -> Result<()> {
        let mut tx = self.begin_write().await?;
        let erase = [
            "DELETE FROM sessions WHERE user_id = $1",
            "DELETE FROM addresses WHERE user_id = $1",
            "DELETE FROM wishlist_items WHERE user_id = $1",
            "DELETE FROM carts WHERE user_id = $1",
            "DELETE FROM recently_viewed WHERE user_id = $1",
            "DELETE FROM recent_searches WHERE user_id = $1",
            "DELETE FROM notifications WHERE user_id = $1",
            "DELETE FROM size_requests WHERE user_id = $1",
            "DELETE FROM provider_customers WHERE user_id = $1",
            "UPDATE reviews SET public_name = '' WHERE user_id = $1",
            "UPDATE contact_messages SET user_id = NULL, name = '', email = '', mobile = '' WHERE user_id = $1",
            "UPDATE return_requests SET bank_account_name = NULL, bank_account_number = NULL, pickup_address = '{}' WHERE user_id = $1",
        ];
        for sql in erase {
            sqlx::query(sql).bind(user_id).execute(&mut **tx).await?;
        }
        // The tax invoice needs where the goods went (the state decides CGST+SGST or IGST), not to whom.
        let addresses: Vec<(i64, String)> = sqlx::query_as("SELECT id, address FROM orders WHERE user_id = $1").bind(user_id).fetch_all(&mut **tx).await?;
        for (order_id, address) in addresses {
            let kept = keep_tax_address(&address);
            sqlx::query("UPDATE orders SET address = $2 WHERE id = $1").bind(order_id).bind(kept).execute(&mut **tx).await?;
        }
        sqlx::query(
            "UPDATE users SET mobile = 'deleted-' || CAST(id AS TEXT), name = '', email = NULL, is_superuser = 0, can_see_unused_stock = 0, \
             is_affiliate = 0, notify_orders = 0, notify_offers = 0, notify_stock = 0, deleted_at = $2 WHERE id = $1",
        )
        .bind(user_id)
        .bind(millis(now))
        .execute(&mut **tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }
}

/// A notify-me request answered now that its size is back.
#[derive(Debug, Clone, FromRow, PartialEq, Eq)]
pub struct AnsweredRequest {
    pub user_id: Option<i64>,
    pub email: String,
    pub phone: String,
    pub product_name: String,
    pub slug: String,
    pub size_value: String,
}

impl Store {
    /// The notify-me requests for the size with this sku, taken off the list (each is answered once).
    pub async fn take_size_requests(&self, size_sku: &str) -> Result<Vec<AnsweredRequest>> {
        let mut tx = self.begin_write().await?;
        let found: Vec<AnsweredRequest> = sqlx::query_as(
            "SELECT r.user_id, r.email, r.phone, p.name AS product_name, p.slug, r.size_value FROM size_requests r \
             JOIN sizes s ON s.product_id = r.product_id AND s.value = r.size_value JOIN products p ON p.id = r.product_id \
             WHERE s.sku = $1 ORDER BY r.id",
        )
        .bind(size_sku)
        .fetch_all(&mut **tx)
        .await?;
        sqlx::query("DELETE FROM size_requests WHERE id IN (SELECT r.id FROM size_requests r JOIN sizes s ON s.product_id = r.product_id AND s.value = r.size_value WHERE s.sku = $1)")
            .bind(size_sku)
            .execute(&mut **tx)
            .await?;
        tx.commit().await?;
        Ok(found)
    }
}

impl Store {
    /// (product, event name, when) of the product events since `since` (`drape admin report`).
    pub async fn product_events_since(&self, since: DateTime<Utc>) -> Result<Vec<(i64, String, i64)>> {
        Ok(sqlx::query_as("SELECT product_id, event_name, created_at FROM shopper_events WHERE product_id IS NOT NULL AND created_at >= $1")
            .bind(millis(since))
            .fetch_all(&self.pool)
            .await?)
    }

    /// (product, pieces, when) of the order lines placed since `since`, failed payments left out.
    pub async fn ordered_pieces_since(&self, since: DateTime<Utc>) -> Result<Vec<(i64, i64, i64)>> {
        Ok(sqlx::query_as(
            "SELECT i.product_id, i.quantity, o.created_at FROM order_items i JOIN orders o ON o.id = i.order_id \
             WHERE o.created_at >= $1 AND o.status NOT IN ('Payment Failed', 'Pending Payment')",
        )
        .bind(millis(since))
        .fetch_all(&self.pool)
        .await?)
    }
}

/// An order's delivery address as kept after its shopper deleted the account: the state, city and
/// pincode (the invoice's place of supply), nothing that names or reaches a person.
fn keep_tax_address(address: &str) -> String {
    let v: serde_json::Value = serde_json::from_str(address).unwrap_or_default();
    let mut kept = serde_json::Map::new();
    for key in ["state", "city", "postal_code"] {
        if let Some(x) = v.get(key) {
            kept.insert(key.to_string(), x.clone());
        }
    }
    serde_json::Value::Object(kept).to_string()
}

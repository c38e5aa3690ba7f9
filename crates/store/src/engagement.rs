//! What shoppers ask for and keep: size requests (notify-me), the wishlist, recorded events,
//! and the operator-set 'design of the month'.

use crate::db::{lock_shopper, millis};
use crate::{Result, Store};
use chrono::{DateTime, Utc};
use sqlx::{Any, FromRow, Transaction};

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WishlistChoice {
    pub product_id: i64,
    pub first_combo_size: String,
    pub second_combo_size: String,
    pub multi_combo_size: String,
}

#[derive(Debug, Clone, FromRow, PartialEq, Eq)]
pub struct WishlistRow {
    pub id: i64,
    pub product_id: i64,
    pub first_combo_size: String,
    pub second_combo_size: String,
    pub multi_combo_size: String,
}

#[derive(Debug, Clone, FromRow)]
pub struct Featured {
    pub category_slug: String,
    pub month: String,
    pub product_id: i64,
    pub blurb: String,
}

/// The wishlist holds as many entries as it may.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WishlistFull;

/// Inserts the choice while the wishlist holds fewer than `max_entries`, counted in the same statement.
/// False when it is full.
async fn insert_capped(tx: &mut Transaction<'_, Any>, user_id: i64, c: &WishlistChoice, max_entries: i64, now: DateTime<Utc>) -> Result<bool> {
    let done = sqlx::query(
        "INSERT INTO wishlist_items (user_id, product_id, first_combo_size, second_combo_size, multi_combo_size, created_at) \
         SELECT $1, $2, $3, $4, $5, $6 WHERE (SELECT COUNT(*) FROM wishlist_items WHERE user_id = $1) < $7",
    )
    .bind(user_id)
    .bind(c.product_id)
    .bind(&c.first_combo_size)
    .bind(&c.second_combo_size)
    .bind(&c.multi_combo_size)
    .bind(millis(now))
    .bind(max_entries)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// One shopper event as recorded (spec 000 §7's event call).
#[derive(Debug, Clone, Copy)]
pub struct ShopperEvent<'a> {
    pub event_name: &'a str,
    pub user_id: Option<i64>,
    pub product_id: Option<i64>,
    pub cart_id: Option<i64>,
    pub source: &'a str,
    /// 'mob' or 'dt'.
    pub device: &'a str,
}

impl Store {
    /// Records a notify-me request. False when the same requester already asked for this size.
    #[allow(clippy::too_many_arguments)]
    pub async fn request_size(
        &self,
        product_id: i64,
        size_value: &str,
        requester: &str,
        user_id: Option<i64>,
        email: &str,
        phone: &str,
        now: DateTime<Utc>,
    ) -> Result<bool> {
        let done = self
            .write(|db| {
                sqlx::query(
                    "INSERT INTO size_requests (product_id, size_value, requester, user_id, email, phone, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) \
             ON CONFLICT (product_id, size_value, requester) DO NOTHING",
                )
                .bind(product_id)
                .bind(size_value)
                .bind(requester)
                .bind(user_id)
                .bind(email)
                .bind(phone)
                .bind(millis(now))
                .execute(db)
            })
            .await?;
        Ok(done.rows_affected() == 1)
    }

    pub async fn size_request_count(&self, product_id: i64) -> Result<i64> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM size_requests WHERE product_id = $1").bind(product_id).fetch_one(&self.pool).await?)
    }

    /// Toggles each choice in turn: added when it is not there, removed when it is. Returns whether
    /// the last one is in now, or `Full` (and changes nothing) when an add would pass `max_entries`.
    /// The shopper's row is locked first, so parallel requests are counted one after the other and
    /// never pass the cap together.
    pub async fn toggle_wishlist(
        &self,
        user_id: i64,
        choices: &[WishlistChoice],
        max_entries: i64,
        now: DateTime<Utc>,
    ) -> Result<std::result::Result<bool, WishlistFull>> {
        let mut tx = self.begin_write().await?;
        lock_shopper(&mut tx, user_id).await?;
        let mut in_now = false;
        for c in choices {
            let removed = sqlx::query(
                "DELETE FROM wishlist_items WHERE user_id = $1 AND product_id = $2 AND first_combo_size = $3 AND second_combo_size = $4 AND multi_combo_size = $5",
            )
            .bind(user_id)
            .bind(c.product_id)
            .bind(&c.first_combo_size)
            .bind(&c.second_combo_size)
            .bind(&c.multi_combo_size)
            .execute(&mut **tx)
            .await?;
            in_now = removed.rows_affected() == 0;
            if in_now && !insert_capped(&mut tx, user_id, c, max_entries, now).await? {
                tx.rollback().await?;
                return Ok(Err(WishlistFull));
            }
        }
        tx.commit().await?;
        Ok(Ok(in_now))
    }

    /// One page of the shopper's wishlist, newest first, and how many entries it holds in all.
    pub async fn wishlist_page(&self, user_id: i64, limit: i64, offset: i64) -> Result<(Vec<WishlistRow>, i64)> {
        let rows = sqlx::query_as(
            "SELECT id, product_id, first_combo_size, second_combo_size, multi_combo_size FROM wishlist_items WHERE user_id = $1 \
             ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3",
        )
        .bind(user_id)
        .bind(limit)
        .bind(offset)
        .fetch_all(&self.pool)
        .await?;
        Ok((rows, self.wishlist_count(user_id).await?))
    }

    /// Removes one of the shopper's own entries. False when it is not theirs or not there.
    pub async fn remove_wishlist_entry(&self, user_id: i64, entry_id: i64) -> Result<bool> {
        let done = self.write(|db| sqlx::query("DELETE FROM wishlist_items WHERE id = $1 AND user_id = $2").bind(entry_id).bind(user_id).execute(db)).await?;
        Ok(done.rows_affected() == 1)
    }

    /// Adds the choices that are not there yet (moving things from the cart never toggles them out),
    /// all or none: `Full` when they would take the wishlist past `max_entries`.
    pub async fn add_to_wishlist(
        &self,
        user_id: i64,
        choices: &[WishlistChoice],
        max_entries: i64,
        now: DateTime<Utc>,
    ) -> Result<std::result::Result<(), WishlistFull>> {
        let mut tx = self.begin_write().await?;
        lock_shopper(&mut tx, user_id).await?;
        for c in choices {
            let present: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM wishlist_items WHERE user_id = $1 AND product_id = $2 AND first_combo_size = $3 AND second_combo_size = $4 AND multi_combo_size = $5",
            )
            .bind(user_id)
            .bind(c.product_id)
            .bind(&c.first_combo_size)
            .bind(&c.second_combo_size)
            .bind(&c.multi_combo_size)
            .fetch_one(&mut **tx)
            .await?;
            if present == 0 && !insert_capped(&mut tx, user_id, c, max_entries, now).await? {
                tx.rollback().await?;
                return Ok(Err(WishlistFull));
            }
        }
        tx.commit().await?;
        Ok(Ok(()))
    }

    pub async fn wishlist_count(&self, user_id: i64) -> Result<i64> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM wishlist_items WHERE user_id = $1").bind(user_id).fetch_one(&self.pool).await?)
    }

    /// The products a shopper keeps in the wishlist without a size chosen: exactly the entries a
    /// listing card's heart toggles (a wishlist holds at most 200 entries).
    pub async fn wishlisted_products(&self, user_id: i64) -> Result<Vec<i64>> {
        Ok(sqlx::query_scalar(
            "SELECT product_id FROM wishlist_items WHERE user_id = $1 AND first_combo_size = '' AND second_combo_size = '' AND multi_combo_size = ''",
        )
        .bind(user_id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// The shopper's wishlist: each product with whether one entry is without a size.
    pub async fn wishlist_of(&self, user_id: i64) -> Result<Vec<(i64, bool)>> {
        let rows: Vec<(i64, i64)> = sqlx::query_as(
            "SELECT product_id, CAST(MAX(CASE WHEN first_combo_size = '' AND second_combo_size = '' AND multi_combo_size = '' THEN 1 ELSE 0 END) AS BIGINT) \
             FROM wishlist_items WHERE user_id = $1 GROUP BY product_id",
        )
        .bind(user_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|(p, without_size)| (p, without_size == 1)).collect())
    }

    pub async fn is_in_wishlist(&self, user_id: i64, product_id: i64) -> Result<bool> {
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM wishlist_items WHERE user_id = $1 AND product_id = $2")
            .bind(user_id)
            .bind(product_id)
            .fetch_one(&self.pool)
            .await?;
        Ok(n > 0)
    }

    /// The product a shopper viewed last (their newest `product_viewed` event), if any.
    pub async fn last_viewed_product(&self, user_id: i64) -> Result<Option<i64>> {
        Ok(sqlx::query_scalar(
            "SELECT product_id FROM shopper_events WHERE user_id = $1 AND event_name = 'product_viewed' AND product_id IS NOT NULL ORDER BY id DESC LIMIT 1",
        )
        .bind(user_id)
        .fetch_optional(&self.pool)
        .await?)
    }

    pub async fn record_shopper_event(&self, e: &ShopperEvent<'_>, now: DateTime<Utc>) -> Result<()> {
        self.write(|db| {
            sqlx::query("INSERT INTO shopper_events (event_name, user_id, product_id, cart_id, source, created_at, device) VALUES ($1, $2, $3, $4, $5, $6, $7)")
                .bind(e.event_name)
                .bind(e.user_id)
                .bind(e.product_id)
                .bind(e.cart_id)
                .bind(e.source)
                .bind(millis(now))
                .bind(e.device)
                .execute(db)
        })
        .await?;
        Ok(())
    }

    /// Forgets shopper events recorded before `before`.
    pub async fn forget_shopper_events(&self, before: DateTime<Utc>) -> Result<u64> {
        Ok(self.write(|db| sqlx::query("DELETE FROM shopper_events WHERE created_at < $1").bind(millis(before)).execute(db)).await?.rows_affected())
    }

    pub async fn shopper_event_count(&self, event_name: &str, product_id: i64) -> Result<i64> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM shopper_events WHERE event_name = $1 AND product_id = $2")
            .bind(event_name)
            .bind(product_id)
            .fetch_one(&self.pool)
            .await?)
    }

    /// Sets the design of the month for a category slug (`bra`) and month (`2026-11`).
    pub async fn set_featured(&self, category_slug: &str, month: &str, product_id: i64, blurb: &str) -> Result<()> {
        self.write(|db| {
            sqlx::query(
                "INSERT INTO featured_designs (category_slug, month, product_id, blurb) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (category_slug, month) DO UPDATE SET product_id = EXCLUDED.product_id, blurb = EXCLUDED.blurb",
            )
            .bind(category_slug)
            .bind(month)
            .bind(product_id)
            .bind(blurb)
            .execute(db)
        })
        .await?;
        Ok(())
    }
}

//! What shoppers ask for and keep: size requests (notify-me), the wishlist, recorded events,
//! and the operator-set 'design of the month'.

use crate::db::millis;
use crate::{Result, Store};
use chrono::{DateTime, Utc};
use sqlx::FromRow;

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

impl Store {
    /// Records a notify-me request. False when the same requester already asked for this size.
    #[allow(clippy::too_many_arguments)]
    pub async fn request_size(&self, product_id: i64, size_value: &str, requester: &str, user_id: Option<i64>, email: &str, phone: &str, now: DateTime<Utc>) -> Result<bool> {
        let done = sqlx::query(
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
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    pub async fn size_request_count(&self, product_id: i64) -> Result<i64> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM size_requests WHERE product_id = $1").bind(product_id).fetch_one(&self.pool).await?)
    }

    /// Adds the choice to the wishlist, or removes it when it is there. Returns whether it is now in.
    pub async fn toggle_wishlist(&self, user_id: i64, c: &WishlistChoice, now: DateTime<Utc>) -> Result<bool> {
        let removed = sqlx::query(
            "DELETE FROM wishlist_items WHERE user_id = $1 AND product_id = $2 AND first_combo_size = $3 AND second_combo_size = $4 AND multi_combo_size = $5",
        )
        .bind(user_id)
        .bind(c.product_id)
        .bind(&c.first_combo_size)
        .bind(&c.second_combo_size)
        .bind(&c.multi_combo_size)
        .execute(&self.pool)
        .await?;
        if removed.rows_affected() > 0 {
            return Ok(false);
        }
        self.add_to_wishlist(user_id, c, now).await?;
        Ok(true)
    }

    /// The shopper's wishlist, newest first.
    pub async fn wishlist(&self, user_id: i64) -> Result<Vec<WishlistRow>> {
        Ok(sqlx::query_as(
            "SELECT id, product_id, first_combo_size, second_combo_size, multi_combo_size FROM wishlist_items WHERE user_id = $1 ORDER BY created_at DESC, id DESC",
        )
        .bind(user_id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Removes one of the shopper's own entries. False when it is not theirs or not there.
    pub async fn remove_wishlist_entry(&self, user_id: i64, entry_id: i64) -> Result<bool> {
        let done = sqlx::query("DELETE FROM wishlist_items WHERE id = $1 AND user_id = $2").bind(entry_id).bind(user_id).execute(&self.pool).await?;
        Ok(done.rows_affected() == 1)
    }

    /// Adds the choice if it is not there yet (moving things from the cart never toggles them out).
    pub async fn add_to_wishlist(&self, user_id: i64, c: &WishlistChoice, now: DateTime<Utc>) -> Result<()> {
        sqlx::query(
            "INSERT INTO wishlist_items (user_id, product_id, first_combo_size, second_combo_size, multi_combo_size, created_at) VALUES ($1, $2, $3, $4, $5, $6) \
             ON CONFLICT DO NOTHING",
        )
        .bind(user_id)
        .bind(c.product_id)
        .bind(&c.first_combo_size)
        .bind(&c.second_combo_size)
        .bind(&c.multi_combo_size)
        .bind(millis(now))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub async fn wishlist_count(&self, user_id: i64) -> Result<i64> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM wishlist_items WHERE user_id = $1").bind(user_id).fetch_one(&self.pool).await?)
    }

    pub async fn is_in_wishlist(&self, user_id: i64, product_id: i64) -> Result<bool> {
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM wishlist_items WHERE user_id = $1 AND product_id = $2")
            .bind(user_id)
            .bind(product_id)
            .fetch_one(&self.pool)
            .await?;
        Ok(n > 0)
    }

    pub async fn record_shopper_event(&self, event_name: &str, user_id: Option<i64>, product_id: Option<i64>, cart_id: Option<i64>, source: &str, now: DateTime<Utc>) -> Result<()> {
        sqlx::query("INSERT INTO shopper_events (event_name, user_id, product_id, cart_id, source, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
            .bind(event_name)
            .bind(user_id)
            .bind(product_id)
            .bind(cart_id)
            .bind(source)
            .bind(millis(now))
            .execute(&self.pool)
            .await?;
        Ok(())
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
        sqlx::query(
            "INSERT INTO featured_designs (category_slug, month, product_id, blurb) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (category_slug, month) DO UPDATE SET product_id = EXCLUDED.product_id, blurb = EXCLUDED.blurb",
        )
        .bind(category_slug)
        .bind(month)
        .bind(product_id)
        .bind(blurb)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub async fn featured(&self, category_slug: &str, month: &str) -> Result<Option<Featured>> {
        Ok(sqlx::query_as("SELECT category_slug, month, product_id, blurb FROM featured_designs WHERE category_slug = $1 AND month = $2")
            .bind(category_slug)
            .bind(month)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// The nearest months before and after `month` that have a design for the category.
    pub async fn featured_neighbours(&self, category_slug: &str, month: &str) -> Result<(Option<String>, Option<String>)> {
        let prev = sqlx::query_scalar("SELECT MAX(month) FROM featured_designs WHERE category_slug = $1 AND month < $2")
            .bind(category_slug)
            .bind(month)
            .fetch_one(&self.pool)
            .await?;
        let next = sqlx::query_scalar("SELECT MIN(month) FROM featured_designs WHERE category_slug = $1 AND month > $2")
            .bind(category_slug)
            .bind(month)
            .fetch_one(&self.pool)
            .await?;
        Ok((prev, next))
    }
}

//! Star ratings (one per shopper, product and order), their feedback, and written reviews.

use crate::db::millis;
use crate::{Result, Store};
use chrono::{DateTime, Utc};
use sqlx::FromRow;

#[derive(Debug, Clone, FromRow)]
pub struct Rating {
    pub id: i64,
    pub product_id: i64,
    pub user_id: i64,
    pub order_ref: String,
    pub stars: i64,
}

#[derive(Debug, Clone, FromRow)]
pub struct ReviewRow {
    pub id: i64,
    pub product_id: i64,
    pub headline: String,
    pub comment: String,
    pub public_name: String,
    pub stars: i64,
    pub created_at: i64,
    /// 1 when the reviewer has a Delivered order of the product.
    pub verified: i64,
}

impl Store {
    /// Saves a shopper's stars for a product bought in `order_ref`; a second rating of the same
    /// order replaces the first. Returns the rating's id (the `responseid`).
    pub async fn save_rating(&self, product_id: i64, user_id: i64, order_ref: &str, stars: i64, now: DateTime<Utc>) -> Result<i64> {
        Ok(self
            .write(|db| {
                sqlx::query_scalar(
                    "INSERT INTO ratings (product_id, user_id, order_ref, stars, created_at) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (product_id, user_id, order_ref) DO UPDATE SET stars = EXCLUDED.stars, created_at = EXCLUDED.created_at \
             RETURNING id",
                )
                .bind(product_id)
                .bind(user_id)
                .bind(order_ref)
                .bind(stars)
                .bind(millis(now))
                .fetch_one(db)
            })
            .await?)
    }

    pub async fn rating_by_id(&self, id: i64) -> Result<Option<Rating>> {
        Ok(sqlx::query_as("SELECT id, product_id, user_id, order_ref, stars FROM ratings WHERE id = $1").bind(id).fetch_optional(&self.pool).await?)
    }

    /// The shopper's stars for the product in that order, if rated.
    pub async fn my_rating(&self, user_id: i64, product_id: i64, order_ref: &str) -> Result<Option<i64>> {
        Ok(sqlx::query_scalar("SELECT stars FROM ratings WHERE user_id = $1 AND product_id = $2 AND order_ref = $3")
            .bind(user_id)
            .bind(product_id)
            .bind(order_ref)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// Saves the feedback on a rating; a second one replaces the first (one per rating).
    pub async fn save_feedback(&self, rating_id: i64, user_id: i64, review: &str, answers_json: &str, device: &str, now: DateTime<Utc>) -> Result<i64> {
        Ok(self
            .write(|db| {
                sqlx::query_scalar(
                    "INSERT INTO rating_feedback (rating_id, user_id, review, answers, device, created_at) VALUES ($1, $2, $3, $4, $5, $6) \
             ON CONFLICT (rating_id) DO UPDATE SET review = EXCLUDED.review, answers = EXCLUDED.answers, device = EXCLUDED.device, \
                created_at = EXCLUDED.created_at \
             RETURNING id",
                )
                .bind(rating_id)
                .bind(user_id)
                .bind(review)
                .bind(answers_json)
                .bind(device)
                .bind(millis(now))
                .fetch_one(db)
            })
            .await?)
    }

    pub async fn feedback_count(&self, rating_id: i64) -> Result<i64> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM rating_feedback WHERE rating_id = $1").bind(rating_id).fetch_one(&self.pool).await?)
    }

    /// Saves the shopper's review of a product; a second one edits the first (one per shopper and
    /// product). Returns the review's id.
    #[allow(clippy::too_many_arguments)]
    pub async fn save_review(
        &self,
        product_id: i64,
        user_id: i64,
        headline: &str,
        comment: &str,
        public_name: &str,
        stars: i64,
        now: DateTime<Utc>,
    ) -> Result<i64> {
        Ok(self
            .write(|db| {
                sqlx::query_scalar(
                    "INSERT INTO reviews (product_id, user_id, headline, comment, public_name, stars, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) \
             ON CONFLICT (product_id, user_id) DO UPDATE SET headline = EXCLUDED.headline, comment = EXCLUDED.comment, \
                public_name = EXCLUDED.public_name, stars = EXCLUDED.stars, created_at = EXCLUDED.created_at \
             RETURNING id",
                )
                .bind(product_id)
                .bind(user_id)
                .bind(headline)
                .bind(comment)
                .bind(public_name)
                .bind(stars)
                .bind(millis(now))
                .fetch_one(db)
            })
            .await?)
    }

    /// One page of a product's reviews, newest first, with the total.
    pub async fn reviews_page(&self, product_id: i64, limit: i64, offset: i64) -> Result<(Vec<ReviewRow>, i64)> {
        let total = sqlx::query_scalar("SELECT COUNT(*) FROM reviews WHERE product_id = $1").bind(product_id).fetch_one(&self.pool).await?;
        let rows = sqlx::query_as(
            "SELECT r.id, r.product_id, r.headline, r.comment, r.public_name, r.stars, r.created_at, \
             CASE WHEN EXISTS (SELECT 1 FROM orders o JOIN order_items i ON i.order_id = o.id \
                 WHERE o.user_id = r.user_id AND i.product_id = r.product_id AND o.status = 'Delivered') THEN 1 ELSE 0 END AS verified \
             FROM reviews r WHERE r.product_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT $2 OFFSET $3",
        )
        .bind(product_id)
        .bind(limit)
        .bind(offset)
        .fetch_all(&self.pool)
        .await?;
        Ok((rows, total))
    }
}

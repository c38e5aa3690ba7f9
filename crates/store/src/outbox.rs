//! The notification outbox: every SMS and e-mail the shop sends is a row here first.
//! A provider adapter delivers and marks them; demo mode lists them at /dev/outbox.

use crate::db::millis;
use crate::{Result, Store};
use chrono::{DateTime, Utc};
use sqlx::FromRow;

#[derive(Debug, Clone, FromRow)]
pub struct OutboxMessage {
    pub id: i64,
    pub channel: String,
    pub recipient: String,
    pub body: String,
    pub created_at: i64,
}

impl Store {
    pub async fn enqueue_message(&self, channel: &str, recipient: &str, body: &str, now: DateTime<Utc>) -> Result<i64> {
        Ok(self
            .write(|db| {
                sqlx::query_scalar("INSERT INTO outbox (channel, recipient, body, created_at) VALUES ($1, $2, $3, $4) RETURNING id")
                    .bind(channel)
                    .bind(recipient)
                    .bind(body)
                    .bind(millis(now))
                    .fetch_one(db)
            })
            .await?)
    }

    /// Newest first.
    pub async fn recent_messages(&self, limit: i64) -> Result<Vec<OutboxMessage>> {
        Ok(sqlx::query_as("SELECT id, channel, recipient, body, created_at FROM outbox ORDER BY id DESC LIMIT $1").bind(limit).fetch_all(&self.pool).await?)
    }
}

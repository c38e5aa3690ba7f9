//! Rate limits, counted and checked in one statement so that a burst of parallel requests cannot all
//! read "under the limit" before any of them counts (DESIGN.md, principle 7).

use crate::db::millis;
use crate::{Result, Store};
use chrono::{DateTime, Utc};
use drape_domain::limits::{retry_after_secs, Limit};

/// A refusal: the counter is full for this many more seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Full {
    pub retry_after_secs: i64,
}

impl Store {
    /// Takes one hit of `limit` for `subject`, or refuses when the window's hits are used up.
    ///
    /// One conditional upsert: a new counter starts at 1; an expired window starts again at 1; a live
    /// one counts up only while under `max`. PostgreSQL runs concurrent upserts of one key one after
    /// the other on its row lock and re-checks the condition on the newest row; SQLite runs writers
    /// one at a time. Either way no two requests can take the last hit.
    pub async fn take(&self, limit: &Limit, subject: &str, now: DateTime<Utc>) -> Result<Result<(), Full>> {
        let now_ms = millis(now);
        let expired_before = now_ms - limit.window.num_milliseconds();
        let taken: Option<i64> = self
            .write(|db| {
                sqlx::query_scalar(
                    "INSERT INTO rate_limits (bucket, subject, window_start, hits) VALUES ($1, $2, $3, 1) \
             ON CONFLICT (bucket, subject) DO UPDATE SET \
                hits = CASE WHEN rate_limits.window_start <= $4 THEN 1 ELSE rate_limits.hits + 1 END, \
                window_start = CASE WHEN rate_limits.window_start <= $4 THEN $3 ELSE rate_limits.window_start END \
             WHERE rate_limits.window_start <= $4 OR rate_limits.hits < $5 \
             RETURNING hits",
                )
                .bind(limit.bucket)
                .bind(subject)
                .bind(now_ms)
                .bind(expired_before)
                .bind(limit.max)
                .fetch_optional(db)
            })
            .await?;
        if taken.is_some() {
            return Ok(Ok(()));
        }
        // Refused: read when the window opened only to tell the visitor how long to wait.
        let started: Option<i64> = sqlx::query_scalar("SELECT window_start FROM rate_limits WHERE bucket = $1 AND subject = $2")
            .bind(limit.bucket)
            .bind(subject)
            .fetch_optional(&self.pool)
            .await?;
        Ok(Err(Full { retry_after_secs: retry_after_secs(limit, started.unwrap_or(now_ms), now_ms) }))
    }

    /// Gives back a hit taken for an attempt that turned out not to count (a login that succeeded).
    pub async fn give_back(&self, limit: &Limit, subject: &str) -> Result<()> {
        self.write(|db| {
            sqlx::query("UPDATE rate_limits SET hits = hits - 1 WHERE bucket = $1 AND subject = $2 AND hits > 0").bind(limit.bucket).bind(subject).execute(db)
        })
        .await?;
        Ok(())
    }

    /// Hits counted for `subject` in a window still open (for tests and the operator).
    pub async fn hits(&self, limit: &Limit, subject: &str, now: DateTime<Utc>) -> Result<i64> {
        let expired_before = millis(now) - limit.window.num_milliseconds();
        let hits: Option<i64> = sqlx::query_scalar("SELECT hits FROM rate_limits WHERE bucket = $1 AND subject = $2 AND window_start > $3")
            .bind(limit.bucket)
            .bind(subject)
            .bind(expired_before)
            .fetch_optional(&self.pool)
            .await?;
        Ok(hits.unwrap_or(0))
    }
}

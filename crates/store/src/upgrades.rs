//! Upgrade offers (the cart's ladder of spend-more discounts) and partners' affiliation codes, as
//! stored. The rules that price them are in the domain's offers engine.

use crate::db::{from_millis, millis};
use crate::{Result, Store, StoreError};
use chrono::{DateTime, Utc};
use drape_domain::pricing::{normalise_code, Affiliate, UpgradeOption};
use sqlx::FromRow;

#[derive(Debug, Clone, FromRow)]
pub struct AffiliateRow {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub percent: i64,
    pub cap: Option<i64>,
    pub user_id: Option<i64>,
    pub starts_at: i64,
    pub ends_at: i64,
}

impl AffiliateRow {
    pub fn to_affiliate(&self) -> Affiliate {
        Affiliate {
            code: self.code.clone(),
            percent: self.percent,
            cap: self.cap,
            starts_at: from_millis(self.starts_at),
            ends_at: from_millis(self.ends_at),
            owner_user_id: self.user_id,
        }
    }
}

/// A partner's code to create or change (`drape admin affiliate`, the seed).
#[derive(Debug, Clone)]
pub struct NewAffiliate<'a> {
    pub code: &'a str,
    pub name: &'a str,
    pub percent: i64,
    pub cap: Option<i64>,
    pub user_id: Option<i64>,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
}

impl Store {
    /// Upgrade options running now, lowest rung first.
    pub async fn running_upgrades(&self, now: DateTime<Utc>) -> Result<Vec<UpgradeOption>> {
        let rows: Vec<(i64, String, i64, i64)> =
            sqlx::query_as("SELECT id, title, min_value, discount FROM upgrade_options WHERE starts_at <= $1 AND ends_at > $1 ORDER BY min_value, id")
                .bind(millis(now))
                .fetch_all(&self.pool)
                .await?;
        Ok(rows.into_iter().map(|(id, title, min_value, discount)| UpgradeOption { id, title, min_value, discount }).collect())
    }

    pub async fn add_upgrade_option(&self, title: &str, min_value: i64, discount: i64, starts: DateTime<Utc>, ends: DateTime<Utc>) -> Result<i64> {
        if title.trim().is_empty() || min_value < 0 || discount <= 0 {
            return Err(StoreError::Conflict("an upgrade needs a title, a minimum of 0 or more and a discount above 0".into()));
        }
        Ok(self
            .write(|db| {
                sqlx::query_scalar("INSERT INTO upgrade_options (title, min_value, discount, starts_at, ends_at) VALUES ($1, $2, $3, $4, $5) RETURNING id")
                    .bind(title.trim())
                    .bind(min_value)
                    .bind(discount)
                    .bind(millis(starts))
                    .bind(millis(ends))
                    .fetch_one(db)
            })
            .await?)
    }

    /// Ends an upgrade option now (carts that took it fall back to no upgrade). False when unknown.
    pub async fn end_upgrade_option(&self, id: i64, now: DateTime<Utc>) -> Result<bool> {
        let done = self
            .write(|db| sqlx::query("UPDATE upgrade_options SET ends_at = $1 WHERE id = $2 AND ends_at > $1").bind(millis(now)).bind(id).execute(db))
            .await?;
        Ok(done.rows_affected() == 1)
    }

    pub async fn affiliate_by_code(&self, code: &str) -> Result<Option<AffiliateRow>> {
        Ok(sqlx::query_as("SELECT id, code, name, percent, cap, user_id, starts_at, ends_at FROM affiliates WHERE code = $1")
            .bind(code)
            .fetch_optional(&self.pool)
            .await?)
    }

    pub async fn upsert_affiliate(&self, a: &NewAffiliate<'_>) -> Result<()> {
        if !(0..=100).contains(&a.percent) {
            return Err(StoreError::Conflict("percent must be 0 to 100".into()));
        }
        if normalise_code(a.code).as_deref() != Some(a.code) {
            return Err(StoreError::Conflict("an affiliation code is 1 to 20 capital letters and digits".into()));
        }
        self.write(|db| {
            sqlx::query(
                "INSERT INTO affiliates (code, name, percent, cap, user_id, starts_at, ends_at) VALUES ($1, $2, $3, $4, $5, $6, $7) \
             ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, percent = EXCLUDED.percent, cap = EXCLUDED.cap, user_id = EXCLUDED.user_id, \
             starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at",
            )
            .bind(a.code)
            .bind(a.name)
            .bind(a.percent)
            .bind(a.cap)
            .bind(a.user_id)
            .bind(millis(a.starts_at))
            .bind(millis(a.ends_at))
            .execute(db)
        })
        .await?;
        Ok(())
    }
}

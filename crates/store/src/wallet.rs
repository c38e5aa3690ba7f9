//! The wallet ledger: append-only entries per shopper; the balance is their sum.

use crate::db::{lock_shopper, millis};
use crate::{Result, Store};
use chrono::{DateTime, Utc};
use drape_domain::wallet::{signed_amount, EntryKind};
use sqlx::FromRow;

#[derive(Debug, Clone, FromRow, PartialEq, Eq)]
pub struct WalletEntry {
    pub id: i64,
    /// Paise, credits positive, debits negative.
    pub amount: i64,
    pub kind: String,
    pub note: String,
    pub created_at: i64,
}

/// Why a wallet entry was not written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WalletRefusal {
    /// The amount is not a positive number of paise.
    BadAmount,
    /// A debit larger than the balance.
    NotEnough { balance: i64 },
    /// An entry with this idempotency key was written before (nothing new was written).
    AlreadyDone,
}

impl Store {
    /// The shopper's balance: the sum of their entries.
    pub async fn wallet_balance(&self, user_id: i64) -> Result<i64> {
        Ok(sqlx::query_scalar(BALANCE_SQL).bind(user_id).fetch_one(&self.pool).await?)
    }

    /// The shopper's entries, newest first, at most `limit`.
    pub async fn wallet_entries(&self, user_id: i64, limit: i64) -> Result<Vec<WalletEntry>> {
        Ok(sqlx::query_as("SELECT id, amount, kind, note, created_at FROM wallet_entries WHERE user_id = $1 ORDER BY id DESC LIMIT $2")
            .bind(user_id)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?)
    }

    /// Writes one entry of `paise` (positive; the kind gives the sign). A debit is written only while
    /// the balance covers it: the shopper is locked and the balance summed in the insert itself, so
    /// parallel debits never take the wallet below zero. An `idempotency_key` seen before writes nothing.
    pub async fn wallet_entry(
        &self,
        user_id: i64,
        kind: EntryKind,
        paise: i64,
        note: &str,
        idempotency_key: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<std::result::Result<i64, WalletRefusal>> {
        let Some(amount) = signed_amount(kind, paise) else { return Ok(Err(WalletRefusal::BadAmount)) };
        let mut tx = self.begin_write().await?;
        lock_shopper(&mut tx, user_id).await?;
        if let Some(key) = idempotency_key {
            let seen: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM wallet_entries WHERE idempotency_key = $1").bind(key).fetch_one(&mut **tx).await?;
            if seen > 0 {
                tx.rollback().await?;
                return Ok(Err(WalletRefusal::AlreadyDone));
            }
        }
        match insert_entry(&mut tx, user_id, amount, kind, note, idempotency_key, now).await? {
            Some(id) => {
                tx.commit().await?;
                Ok(Ok(id))
            }
            None => {
                let balance = balance_in(&mut tx, user_id).await?;
                tx.rollback().await?;
                Ok(Err(WalletRefusal::NotEnough { balance }))
            }
        }
    }
}

/// Writes one entry of `amount` (signed paise) inside the caller's transaction, the shopper already
/// locked: a debit only while the balance, summed in the insert itself, covers it. None when it did not.
pub(crate) async fn insert_entry(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    user_id: i64,
    amount: i64,
    kind: EntryKind,
    note: &str,
    idempotency_key: Option<&str>,
    now: DateTime<Utc>,
) -> Result<Option<i64>> {
    Ok(sqlx::query_scalar(INSERT_ENTRY)
        .bind(user_id)
        .bind(amount)
        .bind(kind.code())
        .bind(note)
        .bind(idempotency_key)
        .bind(millis(now))
        .fetch_optional(&mut **tx)
        .await?)
}

/// The shopper's balance as the caller's transaction sees it.
pub(crate) async fn balance_in(tx: &mut sqlx::Transaction<'_, sqlx::Any>, user_id: i64) -> Result<i64> {
    Ok(sqlx::query_scalar(BALANCE_SQL).bind(user_id).fetch_one(&mut **tx).await?)
}

/// An entry, written only while the balance stays at or above zero (a credit always): $1 user, $2
/// amount, $3 kind, $4 note, $5 idempotency key, $6 time. Shared with the batch writer's checkout.
pub(crate) const INSERT_ENTRY: &str = "INSERT INTO wallet_entries (user_id, amount, kind, note, idempotency_key, created_at) \
     SELECT $1, $2, $3, $4, $5, $6 WHERE $2 > 0 OR (SELECT COALESCE(SUM(amount), 0) FROM wallet_entries WHERE user_id = $1) + $2 >= 0 \
     RETURNING id";

pub(crate) const BALANCE_SQL: &str = "SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM wallet_entries WHERE user_id = $1";

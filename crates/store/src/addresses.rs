//! The address book (one shopper's delivery and pickup addresses) and serviceability: where the shop
//! delivers, with cash on delivery and reverse pickup, per pincode.

use crate::db::{lock_shopper, millis};
use crate::{flag, Result, Store};
use chrono::{DateTime, Utc};
use drape_domain::addresses::Address;
use drape_domain::delivery::Service;
use drape_domain::validation::Pincode;
use sqlx::{Any, FromRow, Transaction};

#[derive(Debug, Clone, FromRow, PartialEq, Eq)]
pub struct AddressRow {
    pub id: i64,
    pub addressee: String,
    pub street1: String,
    pub street2: String,
    pub address_type: String,
    pub state: String,
    pub city: String,
    pub postal_code: String,
    pub phone: String,
    pub alt_phone: String,
    pub is_default_shipping: i64,
}

impl AddressRow {
    pub fn is_default(&self) -> bool {
        flag(self.is_default_shipping)
    }
}

/// The address book holds as many addresses as it may.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BookFull;

const ADDRESS_COLUMNS: &str = "id, addressee, street1, street2, address_type, state, city, postal_code, phone, alt_phone, is_default_shipping";

/// Makes `id` the shopper's one default shipping address (others first, so the unique index of
/// defaults never sees two).
async fn make_default(tx: &mut Transaction<'_, Any>, user_id: i64, id: i64) -> Result<()> {
    sqlx::query("UPDATE addresses SET is_default_shipping = 0 WHERE user_id = $1 AND id <> $2 AND is_default_shipping = 1")
        .bind(user_id)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    sqlx::query("UPDATE addresses SET is_default_shipping = 1 WHERE user_id = $1 AND id = $2").bind(user_id).bind(id).execute(&mut **tx).await?;
    Ok(())
}

/// The newest address becomes the default when the book has none (the first one added, or after the
/// default was deleted): a book with addresses always has exactly one default.
async fn keep_a_default(tx: &mut Transaction<'_, Any>, user_id: i64) -> Result<()> {
    let has: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM addresses WHERE user_id = $1 AND is_default_shipping = 1").bind(user_id).fetch_one(&mut **tx).await?;
    if has == 0 {
        let newest: Option<i64> = sqlx::query_scalar("SELECT id FROM addresses WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1")
            .bind(user_id)
            .fetch_optional(&mut **tx)
            .await?;
        if let Some(id) = newest {
            make_default(tx, user_id, id).await?;
        }
    }
    Ok(())
}

impl Store {
    /// The shopper's addresses: the default first, then the newest.
    pub async fn addresses(&self, user_id: i64) -> Result<Vec<AddressRow>> {
        Ok(sqlx::query_as(&format!("SELECT {ADDRESS_COLUMNS} FROM addresses WHERE user_id = $1 ORDER BY is_default_shipping DESC, created_at DESC, id DESC"))
            .bind(user_id)
            .fetch_all(&self.pool)
            .await?)
    }

    /// One of the shopper's own addresses; None for an id that is not theirs.
    pub async fn address(&self, user_id: i64, id: i64) -> Result<Option<AddressRow>> {
        Ok(sqlx::query_as(&format!("SELECT {ADDRESS_COLUMNS} FROM addresses WHERE user_id = $1 AND id = $2"))
            .bind(user_id)
            .bind(id)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// Adds an address while the book holds fewer than `max`, counted in the insert itself with the
    /// shopper locked, so a burst of adds never passes it. Returns the new id.
    pub async fn add_address(&self, user_id: i64, a: &Address, max: i64, now: DateTime<Utc>) -> Result<std::result::Result<i64, BookFull>> {
        let mut tx = self.begin_write().await?;
        lock_shopper(&mut tx, user_id).await?;
        let id: Option<i64> = sqlx::query_scalar(
            "INSERT INTO addresses (user_id, addressee, street1, street2, address_type, state, city, postal_code, phone, alt_phone, is_default_shipping, created_at, updated_at) \
             SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 0, $11, $11 WHERE (SELECT COUNT(*) FROM addresses WHERE user_id = $1) < $12 RETURNING id",
        )
        .bind(user_id)
        .bind(&a.addressee)
        .bind(&a.street1)
        .bind(&a.street2)
        .bind(&a.address_type)
        .bind(&a.state)
        .bind(&a.city)
        .bind(a.postal_code.as_str())
        .bind(&a.phone)
        .bind(&a.alt_phone)
        .bind(millis(now))
        .bind(max)
        .fetch_optional(&mut **tx)
        .await?;
        let Some(id) = id else {
            tx.rollback().await?;
            return Ok(Err(BookFull));
        };
        if a.is_default_shipping {
            make_default(&mut tx, user_id, id).await?;
        }
        keep_a_default(&mut tx, user_id).await?;
        tx.commit().await?;
        Ok(Ok(id))
    }

    /// Changes one of the shopper's addresses. False when the id is not theirs. Asking for the default
    /// makes it the default; the default stays the default until another one is chosen.
    pub async fn update_address(&self, user_id: i64, id: i64, a: &Address, now: DateTime<Utc>) -> Result<bool> {
        let mut tx = self.begin_write().await?;
        lock_shopper(&mut tx, user_id).await?;
        let done = sqlx::query(
            "UPDATE addresses SET addressee = $1, street1 = $2, street2 = $3, address_type = $4, state = $5, city = $6, postal_code = $7, \
             phone = $8, alt_phone = $9, updated_at = $10 WHERE id = $11 AND user_id = $12",
        )
        .bind(&a.addressee)
        .bind(&a.street1)
        .bind(&a.street2)
        .bind(&a.address_type)
        .bind(&a.state)
        .bind(&a.city)
        .bind(a.postal_code.as_str())
        .bind(&a.phone)
        .bind(&a.alt_phone)
        .bind(millis(now))
        .bind(id)
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
        if done.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        if a.is_default_shipping {
            make_default(&mut tx, user_id, id).await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Deletes one of the shopper's addresses (the newest left becomes the default if it was). False
    /// when the id is not theirs.
    pub async fn delete_address(&self, user_id: i64, id: i64) -> Result<bool> {
        let mut tx = self.begin_write().await?;
        lock_shopper(&mut tx, user_id).await?;
        let done = sqlx::query("DELETE FROM addresses WHERE id = $1 AND user_id = $2").bind(id).bind(user_id).execute(&mut **tx).await?;
        if done.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        keep_a_default(&mut tx, user_id).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Of these pincodes, the ones a courier collects returns from (reverse pickup).
    pub async fn pickup_pincodes(&self, pincodes: &[String]) -> Result<Vec<String>> {
        if pincodes.is_empty() {
            return Ok(Vec::new());
        }
        let sql = format!("SELECT pincode FROM serviceability WHERE pickup = 1 AND pincode IN ({})", crate::db::placeholders(1, pincodes.len()));
        let mut q = sqlx::query_scalar(&sql);
        for p in pincodes {
            q = q.bind(p.as_str());
        }
        Ok(q.fetch_all(&self.pool).await?)
    }

    /// The courier's word on one pincode; None where no courier goes.
    pub async fn serviceability(&self, pincode: &Pincode) -> Result<Option<Service>> {
        let row: Option<(i64, i64, i64, i64)> = sqlx::query_as("SELECT prepaid, cod, pickup, days FROM serviceability WHERE pincode = $1")
            .bind(pincode.as_str())
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|(prepaid, cod, pickup, days)| Service { prepaid: flag(prepaid), cod: flag(cod), pickup: flag(pickup), days }))
    }

    /// Loads serviceability rows, replacing what was known for those pincodes. Returns how many.
    pub async fn import_serviceability(&self, rows: &[(Pincode, Service)]) -> Result<usize> {
        let mut tx = self.begin_write().await?;
        for chunk in rows.chunks(500) {
            let marks: Vec<String> =
                (0..chunk.len()).map(|i| format!("(${}, ${}, ${}, ${}, ${})", i * 5 + 1, i * 5 + 2, i * 5 + 3, i * 5 + 4, i * 5 + 5)).collect();
            let sql = format!(
                "INSERT INTO serviceability (pincode, prepaid, cod, pickup, days) VALUES {} \
                 ON CONFLICT (pincode) DO UPDATE SET prepaid = EXCLUDED.prepaid, cod = EXCLUDED.cod, pickup = EXCLUDED.pickup, days = EXCLUDED.days",
                marks.join(",")
            );
            let mut q = sqlx::query(&sql);
            for (p, s) in chunk {
                q = q.bind(p.as_str()).bind(s.prepaid as i64).bind(s.cod as i64).bind(s.pickup as i64).bind(s.days);
            }
            q.execute(&mut **tx).await?;
        }
        tx.commit().await?;
        Ok(rows.len())
    }

    pub async fn serviceability_count(&self) -> Result<i64> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM serviceability").fetch_one(&self.pool).await?)
    }

    /// The demo's courier table (`delivery::demo_service`) for every pincode of the directory.
    pub async fn derive_demo_serviceability(&self) -> Result<usize> {
        let pins: Vec<String> = sqlx::query_scalar("SELECT pincode FROM pincodes").fetch_all(&self.pool).await?;
        let rows: Vec<(Pincode, Service)> =
            pins.iter().filter_map(|p| Pincode::parse(p)).map(|p| (p.clone(), drape_domain::delivery::demo_service(&p))).collect();
        self.import_serviceability(&rows).await
    }
}

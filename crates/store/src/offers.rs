//! Coupons and bundle offers as stored; the rules that price them are in the domain's offers engine.

use crate::db::{from_millis, millis};
use crate::{Result, Store, StoreError};
use chrono::{DateTime, Utc};
use drape_domain::pricing::{BundleOffer, Coupon, CouponKind, CouponUsage, Scope};
use sqlx::FromRow;

#[derive(Debug, Clone, FromRow)]
pub struct CouponRow {
    pub id: i64,
    pub code: String,
    pub kind: String,
    pub amount: i64,
    pub cap: Option<i64>,
    pub min_order: i64,
    pub starts_at: i64,
    pub ends_at: i64,
    pub max_uses_total: Option<i64>,
    pub max_uses_per_shopper: Option<i64>,
    pub scope_kind: String,
    pub scope_ids: String,
    pub description: String,
}

impl CouponRow {
    pub fn to_coupon(&self) -> Coupon {
        let ids: Vec<i64> = self.scope_ids.split(',').filter_map(|s| s.trim().parse().ok()).collect();
        Coupon {
            code: self.code.clone(),
            kind: if self.kind == "percent" { CouponKind::Percent { percent: self.amount, cap: self.cap } } else { CouponKind::Flat(self.amount) },
            min_order: self.min_order,
            starts_at: from_millis(self.starts_at),
            ends_at: from_millis(self.ends_at),
            max_uses_total: self.max_uses_total,
            max_uses_per_shopper: self.max_uses_per_shopper,
            scope: match self.scope_kind.as_str() {
                "categories" => Scope::Categories(ids),
                "products" => Scope::Products(ids),
                _ => Scope::Everything,
            },
        }
    }
}

/// A coupon to create or change (`drape admin coupon`, the seed).
#[derive(Debug, Clone)]
pub struct NewCoupon<'a> {
    pub code: &'a str,
    pub kind: &'a str,
    pub amount: i64,
    pub cap: Option<i64>,
    pub min_order: i64,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub max_uses_total: Option<i64>,
    pub max_uses_per_shopper: Option<i64>,
    pub scope_kind: &'a str,
    pub scope_ids: &'a str,
    pub description: &'a str,
}

impl Store {
    pub async fn coupon_by_code(&self, code: &str) -> Result<Option<CouponRow>> {
        Ok(sqlx::query_as(
            "SELECT id, code, kind, amount, cap, min_order, starts_at, ends_at, max_uses_total, max_uses_per_shopper, scope_kind, scope_ids, description \
             FROM coupons WHERE code = $1",
        )
        .bind(code)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Coupons that have not ended, for the cart's 'view offers'.
    pub async fn open_coupons(&self, now: DateTime<Utc>) -> Result<Vec<CouponRow>> {
        Ok(sqlx::query_as(
            "SELECT id, code, kind, amount, cap, min_order, starts_at, ends_at, max_uses_total, max_uses_per_shopper, scope_kind, scope_ids, description \
             FROM coupons WHERE starts_at <= $1 AND ends_at > $1 ORDER BY min_order, code",
        )
        .bind(millis(now))
        .fetch_all(&self.pool)
        .await?)
    }

    pub async fn coupon_usage(&self, coupon_id: i64, user_id: Option<i64>) -> Result<CouponUsage> {
        let total = sqlx::query_scalar("SELECT COUNT(*) FROM coupon_uses WHERE coupon_id = $1").bind(coupon_id).fetch_one(&self.pool).await?;
        let by_shopper = match user_id {
            Some(u) => {
                sqlx::query_scalar("SELECT COUNT(*) FROM coupon_uses WHERE coupon_id = $1 AND user_id = $2")
                    .bind(coupon_id)
                    .bind(u)
                    .fetch_one(&self.pool)
                    .await?
            }
            None => 0,
        };
        Ok(CouponUsage { total, by_shopper })
    }

    pub async fn upsert_coupon(&self, c: &NewCoupon<'_>) -> Result<()> {
        if c.kind != "flat" && c.kind != "percent" {
            return Err(StoreError::Conflict("kind must be flat or percent".into()));
        }
        self.write(|db| sqlx::query(
            "INSERT INTO coupons (code, kind, amount, cap, min_order, starts_at, ends_at, max_uses_total, max_uses_per_shopper, scope_kind, scope_ids, description) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) \
             ON CONFLICT (code) DO UPDATE SET kind = EXCLUDED.kind, amount = EXCLUDED.amount, cap = EXCLUDED.cap, min_order = EXCLUDED.min_order, \
             starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at, max_uses_total = EXCLUDED.max_uses_total, \
             max_uses_per_shopper = EXCLUDED.max_uses_per_shopper, scope_kind = EXCLUDED.scope_kind, scope_ids = EXCLUDED.scope_ids, description = EXCLUDED.description",
        )
        .bind(c.code)
        .bind(c.kind)
        .bind(c.amount)
        .bind(c.cap)
        .bind(c.min_order)
        .bind(millis(c.starts_at))
        .bind(millis(c.ends_at))
        .bind(c.max_uses_total)
        .bind(c.max_uses_per_shopper)
        .bind(c.scope_kind)
        .bind(c.scope_ids)
        .bind(c.description)
        .execute(db))
        .await?;
        Ok(())
    }

    /// The menu's offer links not over at `now` (running or coming), each with its window, by offer
    /// key: kept, they answer for any later moment until one changes (the menu filters by the clock).
    pub async fn offer_links_from(&self, now: DateTime<Utc>) -> Result<Vec<crate::offer_calendar::Windowed<(String, String)>>> {
        let rows: Vec<(String, String, i64, i64)> =
            sqlx::query_as("SELECT msg, url, starts_at, ends_at FROM product_offers WHERE ends_at > $1 AND url <> '' ORDER BY offer_key")
                .bind(millis(now))
                .fetch_all(&self.pool)
                .await?;
        Ok(rows.into_iter().map(|(msg, url, starts_at, ends_at)| crate::offer_calendar::Windowed { starts_at, ends_at, row: (msg, url) }).collect())
    }

    /// Bundle offers ("any 3 for ₹699") running now.
    pub async fn running_bundles(&self, now: DateTime<Utc>) -> Result<Vec<BundleOffer>> {
        let rows: Vec<(String, String, i64, i64)> = sqlx::query_as(
            "SELECT offer_key, msg, count, bundle_price FROM product_offers WHERE count > 0 AND bundle_price > 0 AND starts_at <= $1 AND ends_at > $1 ORDER BY offer_key",
        )
        .bind(millis(now))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|(key, title, count, bundle_price)| BundleOffer { key, title, count, bundle_price }).collect())
    }
}

#[derive(Debug, Clone, FromRow)]
pub struct GiftOfferRow {
    pub id: i64,
    pub title: String,
    pub product_id: i64,
    pub price: i64,
    pub min_order: i64,
}

#[derive(Debug, Clone, FromRow)]
pub struct DealRow {
    pub id: i64,
    pub product_id: i64,
    pub deal_price: i64,
}

impl Store {
    pub async fn running_gift_offers(&self, now: DateTime<Utc>) -> Result<Vec<GiftOfferRow>> {
        Ok(sqlx::query_as("SELECT id, title, product_id, price, min_order FROM gift_offers WHERE starts_at <= $1 AND ends_at > $1 ORDER BY min_order, id")
            .bind(millis(now))
            .fetch_all(&self.pool)
            .await?)
    }

    pub async fn add_gift_offer(&self, title: &str, product_id: i64, price: i64, min_order: i64, starts: DateTime<Utc>, ends: DateTime<Utc>) -> Result<i64> {
        Ok(self
            .write(|db| {
                sqlx::query_scalar(
                    "INSERT INTO gift_offers (title, product_id, price, min_order, starts_at, ends_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                )
                .bind(title)
                .bind(product_id)
                .bind(price)
                .bind(min_order)
                .bind(millis(starts))
                .bind(millis(ends))
                .fetch_one(db)
            })
            .await?)
    }

    /// The gifts a cart has taken, with the size chosen.
    pub async fn cart_gifts(&self, cart_id: i64) -> Result<Vec<(i64, String)>> {
        const TAKEN: &str = "SELECT gift_offer_id, size_value FROM cart_gifts WHERE cart_id = $1 ORDER BY gift_offer_id";
        if let Some(reader) = &self.stake_reader {
            // SQLite: read in place, as the cart's lines (every priced cart reads its gifts).
            return reader.read(|conn| conn.prepare_cached(TAKEN)?.query_map([cart_id], |r| Ok((r.get(0)?, r.get(1)?)))?.collect());
        }
        Ok(sqlx::query_as(TAKEN).bind(cart_id).fetch_all(&self.pool).await?)
    }

    pub async fn set_cart_gift(&self, cart_id: i64, gift_offer_id: i64, size_value: Option<&str>) -> Result<()> {
        match size_value {
            Some(size) => {
                self.write(|db| {
                    sqlx::query(
                        "INSERT INTO cart_gifts (cart_id, gift_offer_id, size_value) VALUES ($1, $2, $3) \
                     ON CONFLICT (cart_id, gift_offer_id) DO UPDATE SET size_value = EXCLUDED.size_value",
                    )
                    .bind(cart_id)
                    .bind(gift_offer_id)
                    .bind(size)
                    .execute(db)
                })
                .await?;
            }
            None => {
                self.write(|db| sqlx::query("DELETE FROM cart_gifts WHERE cart_id = $1 AND gift_offer_id = $2").bind(cart_id).bind(gift_offer_id).execute(db))
                    .await?;
            }
        }
        Ok(())
    }

    /// Ends a gift offer now (carts that took it no longer get it). False when unknown or already over.
    pub async fn end_gift_offer(&self, id: i64, now: DateTime<Utc>) -> Result<bool> {
        let done =
            self.write(|db| sqlx::query("UPDATE gift_offers SET ends_at = $1 WHERE id = $2 AND ends_at > $1").bind(millis(now)).bind(id).execute(db)).await?;
        Ok(done.rows_affected() == 1)
    }

    /// Ends a deal now (a deal piece already in a cart goes back to the product's price).
    pub async fn end_deal(&self, id: i64, now: DateTime<Utc>) -> Result<bool> {
        let done = self.write(|db| sqlx::query("UPDATE deals SET ends_at = $1 WHERE id = $2 AND ends_at > $1").bind(millis(now)).bind(id).execute(db)).await?;
        Ok(done.rows_affected() == 1)
    }

    pub async fn running_deals(&self, now: DateTime<Utc>) -> Result<Vec<DealRow>> {
        Ok(sqlx::query_as("SELECT id, product_id, deal_price FROM deals WHERE starts_at <= $1 AND ends_at > $1 ORDER BY id")
            .bind(millis(now))
            .fetch_all(&self.pool)
            .await?)
    }

    pub async fn add_deal(&self, product_id: i64, deal_price: i64, starts: DateTime<Utc>, ends: DateTime<Utc>) -> Result<i64> {
        Ok(self
            .write(|db| {
                sqlx::query_scalar("INSERT INTO deals (product_id, deal_price, starts_at, ends_at) VALUES ($1, $2, $3, $4) RETURNING id")
                    .bind(product_id)
                    .bind(deal_price)
                    .bind(millis(starts))
                    .bind(millis(ends))
                    .fetch_one(db)
            })
            .await?)
    }
}

impl Store {
    /// Creates or changes a product-page offer ("any 3 for ₹699": count 3, bundle price 69,900 paise).
    #[allow(clippy::too_many_arguments)]
    pub async fn upsert_bundle_offer(
        &self,
        key: &str,
        message: &str,
        count: i64,
        bundle_price: i64,
        url: &str,
        starts: DateTime<Utc>,
        ends: DateTime<Utc>,
    ) -> Result<()> {
        self.write(|db| sqlx::query(
            "INSERT INTO product_offers (offer_key, offertype, msg, count, qty, url, message, starts_at, ends_at, bundle_price) VALUES ($1, 2, $2, $3, 0, $4, $2, $5, $6, $7) \
             ON CONFLICT (offer_key) DO UPDATE SET msg = EXCLUDED.msg, message = EXCLUDED.message, count = EXCLUDED.count, url = EXCLUDED.url, \
             starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at, bundle_price = EXCLUDED.bundle_price",
        )
        .bind(key)
        .bind(message)
        .bind(count)
        .bind(url)
        .bind(millis(starts))
        .bind(millis(ends))
        .bind(bundle_price)
        .execute(db))
        .await?;
        Ok(())
    }

    /// Puts products under an offer key ('' takes them out of any offer).
    pub async fn set_product_offer_key(&self, product_id: i64, key: &str, offer_text: &str) -> Result<()> {
        self.write(|db| {
            sqlx::query("UPDATE products SET offer_key = $1, offer_text = $2 WHERE id = $3").bind(key).bind(offer_text).bind(product_id).execute(db)
        })
        .await?;
        Ok(())
    }
}

//! Every offer that runs now or will, with its window: the deals, gifts, bundles and upgrade ladder a
//! cart is priced with. Read once and kept by the server until an offer changes: triggers record such a
//! change under OFFERS in `page_changes` (migration 0017), like a product's.

use crate::db::millis;
use crate::offers::{DealRow, GiftOfferRow};
use crate::{Result, Store};
use chrono::{DateTime, Utc};
use drape_domain::pricing::{BundleOffer, UpgradeOption};

/// The `page_changes` product id that stands for "an offer changed".
pub const OFFERS: i64 = -1;

#[derive(Debug, Clone)]
pub struct Windowed<T> {
    pub starts_at: i64,
    pub ends_at: i64,
    pub row: T,
}

/// Offers not over at `read_at`, each list in the order its `running_*` query gives.
#[derive(Debug, Clone)]
pub struct OfferCalendar {
    pub read_at: DateTime<Utc>,
    pub deals: Vec<Windowed<DealRow>>,
    pub gifts: Vec<Windowed<GiftOfferRow>>,
    pub bundles: Vec<Windowed<BundleOffer>>,
    pub upgrades: Vec<Windowed<UpgradeOption>>,
}

fn running<T: Clone>(list: &[Windowed<T>], now: DateTime<Utc>) -> Vec<T> {
    let t = millis(now);
    list.iter().filter(|w| w.starts_at <= t && w.ends_at > t).map(|w| w.row.clone()).collect()
}

impl OfferCalendar {
    /// Whether it answers for `now`: offers that ended before it was read are not in it.
    pub fn covers(&self, now: DateTime<Utc>) -> bool {
        now >= self.read_at
    }
    pub fn deals_at(&self, now: DateTime<Utc>) -> Vec<DealRow> {
        running(&self.deals, now)
    }
    pub fn gifts_at(&self, now: DateTime<Utc>) -> Vec<GiftOfferRow> {
        running(&self.gifts, now)
    }
    pub fn bundles_at(&self, now: DateTime<Utc>) -> Vec<BundleOffer> {
        running(&self.bundles, now)
    }
    pub fn upgrades_at(&self, now: DateTime<Utc>) -> Vec<UpgradeOption> {
        running(&self.upgrades, now)
    }
}

impl Store {
    pub async fn offer_calendar(&self, now: DateTime<Utc>) -> Result<OfferCalendar> {
        let t = millis(now);
        let deals: Vec<(i64, i64, i64, i64, i64)> =
            sqlx::query_as("SELECT id, product_id, deal_price, starts_at, ends_at FROM deals WHERE ends_at > $1 ORDER BY id")
                .bind(t)
                .fetch_all(&self.pool)
                .await?;
        let gifts: Vec<(i64, String, i64, i64, i64, i64, i64)> =
            sqlx::query_as("SELECT id, title, product_id, price, min_order, starts_at, ends_at FROM gift_offers WHERE ends_at > $1 ORDER BY min_order, id")
                .bind(t)
                .fetch_all(&self.pool)
                .await?;
        let bundles: Vec<(String, String, i64, i64, i64, i64)> = sqlx::query_as(
            "SELECT offer_key, msg, count, bundle_price, starts_at, ends_at FROM product_offers \
             WHERE count > 0 AND bundle_price > 0 AND ends_at > $1 ORDER BY offer_key",
        )
        .bind(t)
        .fetch_all(&self.pool)
        .await?;
        let upgrades: Vec<(i64, String, i64, i64, i64, i64)> =
            sqlx::query_as("SELECT id, title, min_value, discount, starts_at, ends_at FROM upgrade_options WHERE ends_at > $1 ORDER BY min_value, id")
                .bind(t)
                .fetch_all(&self.pool)
                .await?;
        Ok(OfferCalendar {
            read_at: now,
            deals: deals
                .into_iter()
                .map(|(id, product_id, deal_price, starts_at, ends_at)| Windowed { starts_at, ends_at, row: DealRow { id, product_id, deal_price } })
                .collect(),
            gifts: gifts
                .into_iter()
                .map(|(id, title, product_id, price, min_order, starts_at, ends_at)| Windowed {
                    starts_at,
                    ends_at,
                    row: GiftOfferRow { id, title, product_id, price, min_order },
                })
                .collect(),
            bundles: bundles
                .into_iter()
                .map(|(key, title, count, bundle_price, starts_at, ends_at)| Windowed {
                    starts_at,
                    ends_at,
                    row: BundleOffer { key, title, count, bundle_price },
                })
                .collect(),
            upgrades: upgrades
                .into_iter()
                .map(|(id, title, min_value, discount, starts_at, ends_at)| Windowed {
                    starts_at,
                    ends_at,
                    row: UpgradeOption { id, title, min_value, discount },
                })
                .collect(),
        })
    }
}

//! Every offer that runs now or will, with its window: the deals, gifts, bundles and upgrade ladder a
//! cart is priced with, the offer messages and countdowns the product page shows, and the designs of
//! the month. Read once and
//! kept by the server until an offer changes: triggers record such a change under OFFERS in
//! `page_changes` (migrations 0017 and 0020), like a product's.

use crate::catalog::{ProductOffer, Timer};
use crate::db::millis;
use crate::engagement::Featured;
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
    /// The offer messages behind products' offer keys (one per key), by key.
    pub messages: Vec<ProductOffer>,
    /// The countdowns, a product's own or store-wide, by id.
    pub timers: Vec<Timer>,
    /// Every design of the month, past ones too (each links to its neighbours), by category and month.
    pub featured: Vec<Featured>,
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
    /// The offer behind `key`, if it runs at `now`.
    pub fn message_at(&self, key: &str, now: DateTime<Utc>) -> Option<&ProductOffer> {
        let t = millis(now);
        self.messages.iter().find(|o| o.offer_key == key && o.starts_at <= t && o.ends_at > t)
    }
    /// The countdown running at `now` for the product, its own before the
    /// store-wide one, the one ending first before the others (the first made among equals).
    pub fn timer_at(&self, product_id: i64, now: DateTime<Utc>) -> Option<&Timer> {
        let t = millis(now);
        self.timers
            .iter()
            .filter(|x| x.product_id.is_none_or(|p| p == product_id) && x.starts_at <= t && x.ends_at > t)
            .min_by_key(|x| (x.product_id.is_none(), x.ends_at, x.id))
    }
    /// The category's design for `month` (YYYY-MM).
    pub fn featured(&self, category: &str, month: &str) -> Option<&Featured> {
        self.featured.iter().find(|f| f.category_slug == category && f.month == month)
    }
    /// The nearest months before and after `month` that have a design for the category.
    pub fn featured_neighbours(&self, category: &str, month: &str) -> (Option<String>, Option<String>) {
        let months = self.featured.iter().filter(|f| f.category_slug == category).map(|f| f.month.as_str());
        let prev = months.clone().filter(|m| *m < month).max();
        let next = months.filter(|m| *m > month).min();
        (prev.map(str::to_string), next.map(str::to_string))
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
        let messages: Vec<ProductOffer> = sqlx::query_as(
            "SELECT offer_key, offertype, msg, count, qty, url, message, starts_at, ends_at FROM product_offers WHERE ends_at > $1 ORDER BY offer_key",
        )
        .bind(t)
        .fetch_all(&self.pool)
        .await?;
        let timers: Vec<Timer> =
            sqlx::query_as("SELECT id, product_id, text, hexcode, text_hexcode, starts_at, ends_at FROM timers WHERE ends_at > $1 ORDER BY id")
                .bind(t)
                .fetch_all(&self.pool)
                .await?;
        let featured: Vec<Featured> =
            sqlx::query_as("SELECT category_slug, month, product_id, blurb FROM featured_designs ORDER BY category_slug, month").fetch_all(&self.pool).await?;
        Ok(OfferCalendar {
            read_at: now,
            messages,
            timers,
            featured,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn timer(id: i64, product_id: Option<i64>, starts_at: i64, ends_at: i64) -> Timer {
        Timer { id, product_id, text: format!("t{id}"), hexcode: String::new(), text_hexcode: String::new(), starts_at, ends_at }
    }

    fn at(ms: i64) -> DateTime<Utc> {
        DateTime::from_timestamp_millis(ms).unwrap()
    }

    #[test]
    fn a_products_own_countdown_comes_first_then_the_one_ending_first_and_designs_link_their_months() {
        let c = OfferCalendar {
            read_at: at(0),
            deals: vec![],
            gifts: vec![],
            bundles: vec![],
            upgrades: vec![],
            messages: vec![ProductOffer {
                offer_key: "k".into(),
                offertype: 1,
                msg: "m".into(),
                count: 2,
                qty: 0,
                url: String::new(),
                message: String::new(),
                starts_at: 100,
                ends_at: 200,
            }],
            featured: ["2026-09", "2026-11", "2027-01"]
                .iter()
                .map(|m| Featured { category_slug: "bra".into(), month: m.to_string(), product_id: 1, blurb: String::new() })
                .collect(),
            timers: vec![
                timer(1, None, 0, 1_000),
                timer(2, Some(7), 0, 900),
                timer(3, Some(7), 0, 500),
                timer(4, Some(8), 0, 100),
                timer(5, Some(7), 600, 700),
            ],
        };
        let shown = |product: i64, ms: i64| c.timer_at(product, at(ms)).map(|t| t.id);
        assert_eq!(shown(7, 10), Some(3), "its own, ending first");
        assert_eq!(shown(7, 650), Some(5), "its own running then: 5 ends at 700, before 2 at 900");
        assert_eq!(shown(7, 950), Some(1), "its own are over: the store-wide one");
        assert_eq!(shown(9, 10), Some(1), "another product's are not its");
        assert_eq!(shown(7, 1_000), None, "all over");
        assert_eq!(c.message_at("k", at(99)).map(|o| o.msg.as_str()), None, "not yet");
        assert_eq!(c.message_at("k", at(100)).map(|o| o.msg.as_str()), Some("m"));
        assert_eq!(c.message_at("k", at(200)).map(|o| o.msg.as_str()), None, "over");
        assert_eq!(c.message_at("other", at(150)).map(|o| o.msg.as_str()), None);
        assert_eq!(c.featured("bra", "2026-11").map(|f| f.month.as_str()), Some("2026-11"));
        assert!(c.featured("bra", "2026-10").is_none() && c.featured("panty", "2026-11").is_none());
        let months = |m: &str| c.featured_neighbours("bra", m);
        assert_eq!(months("2026-11"), (Some("2026-09".into()), Some("2027-01".into())));
        assert_eq!(months("2026-09"), (None, Some("2026-11".into())));
        assert_eq!(months("2027-03"), (Some("2027-01".into()), None));
        assert_eq!(c.featured_neighbours("panty", "2026-11"), (None, None));
    }
}

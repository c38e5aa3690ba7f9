//! The offer calendar, kept: every running and coming deal, gift, bundle, upgrade rung, offer message
//! and countdown (drape_store::offer_calendar), under the offers' mark, so that any change to one of
//! them (triggers of migrations 0017 and 0020) drops it in every process.

use super::Current;
use crate::error::ApiResult;
use crate::AppState;
use chrono::{DateTime, Utc};
use drape_store::offer_calendar::{OfferCalendar, OFFERS};
use std::sync::Arc;

/// Every running and coming offer and countdown, kept until one changes (crate::kept); read again
/// when the clock is before the moment it was read (those that ended before then are not in it).
/// Carts are priced with it; the product page's timer and offer message come from it (every product
/// page asks for both, and its HTML drawn whole reads them too: from the database they held the HTML
/// under 2,000 answers a second, issue 14).
pub async fn calendar(state: &AppState, kept: &Current<'_>, now: DateTime<Utc>) -> ApiResult<Arc<OfferCalendar>> {
    if let Some(calendar) = kept.facts::<OfferCalendar>("offers").filter(|c| c.covers(now)) {
        return Ok(calendar);
    }
    let calendar = Arc::new(state.store.offer_calendar(now).await?);
    kept.keep_facts("offers".into(), OFFERS, calendar.clone(), calendar_bytes(&calendar));
    Ok(calendar)
}

/// About what a calendar holds: each offer's row, its strings included.
fn calendar_bytes(c: &OfferCalendar) -> usize {
    (c.deals.len() + c.gifts.len() + c.bundles.len() + c.upgrades.len()) * 128 + (c.messages.len() + c.timers.len()) * 256
}

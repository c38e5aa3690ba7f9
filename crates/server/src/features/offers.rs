//! Time-bound selling on the product page: the countdown timer, offer messages, design of the month.

use crate::error::{ApiError, ApiResult};
use crate::extract::{path_id, Query};
use crate::features::{cart, catalog};
use crate::kept;
use crate::security::Viewer;
use crate::AppState;
use axum::extract::{Path, State};
use axum::Json;
use chrono::{DateTime, FixedOffset, Utc};
use drape_domain::engagement::offer_applied;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Serialize, Deserialize, utoipa::ToSchema)]
pub struct TimerOut {
    pub id: i64,
    pub startdate: String,
    pub starttime: String,
    pub enddate: String,
    pub endtime: String,
    pub hexcode: String,
    pub text_hexcode: String,
    pub text: String,
    pub starts_at_ms: i64,
    pub ends_at_ms: i64,
}

#[derive(Serialize, Deserialize, utoipa::ToSchema)]
pub struct TimerAnswer {
    /// Always sent: null when there is none.
    #[schema(required = true)]
    pub timer: Option<TimerOut>,
}

pub fn ist() -> FixedOffset {
    FixedOffset::east_opt(5 * 3600 + 1800).expect("IST")
}

fn ist_parts(ms: i64) -> (String, String) {
    let t = DateTime::<Utc>::from_timestamp_millis(ms).unwrap_or_default().with_timezone(&ist());
    (t.format("%Y-%m-%d").to_string(), t.format("%H:%M:%S").to_string())
}

/// The countdown running now for the product (its own, else the store-wide one), or null.
#[utoipa::path(get, path = "/web/api/v1/product/{slug}/timer/s/", tag = "offers", params(("slug" = String, Path)),
    responses((status = 200, body = TimerAnswer), (status = 404, body = crate::error::ErrorBody)))]
pub async fn timer(State(state): State<AppState>, Path(slug): Path<String>) -> ApiResult<Json<TimerAnswer>> {
    let kept = kept::current(&state).await?;
    let facts = catalog::facts_at(&state, &kept, &slug).await?;
    let p = &facts.product;
    let now = state.now();
    // An unbuyable product counts nothing down.
    let t = if p.is_active() { kept::offers::calendar(&state, &kept, now).await?.timer_at(p.id, now).cloned() } else { None };
    Ok(Json(TimerAnswer {
        timer: t.map(|t| {
            let (startdate, starttime) = ist_parts(t.starts_at);
            let (enddate, endtime) = ist_parts(t.ends_at);
            TimerOut {
                id: t.id,
                startdate,
                starttime,
                enddate,
                endtime,
                hexcode: t.hexcode,
                text_hexcode: t.text_hexcode,
                text: t.text,
                starts_at_ms: t.starts_at,
                ends_at_ms: t.ends_at,
            }
        }),
    }))
}

#[derive(Serialize, Deserialize, utoipa::ToSchema)]
pub struct OfferOut {
    pub offertype: i64,
    pub msg: String,
    pub count: i64,
    pub qty: i64,
    pub offer_applied: bool,
    pub url: String,
    pub message: String,
}

#[derive(Serialize, Deserialize, utoipa::ToSchema)]
pub struct OfferMessages {
    pub offer_msg_dict_ajax: BTreeMap<String, OfferOut>,
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct OfferQuery {
    /// The product; without it (spec 001 §7 names no parameter), the product the visitor viewed last,
    /// or else the newest in their bag; with neither, no offer.
    pub product_id: Option<String>,
}

/// Which product the offer call is about.
async fn offer_product(state: &AppState, viewer: &Viewer, asked: Option<&str>) -> ApiResult<Option<i64>> {
    if let Some(raw) = asked {
        return Ok(Some(path_id(raw).ok_or_else(|| ApiError::not_found("We couldn't find that product."))?));
    }
    if let Some(u) = &viewer.user {
        if let Some(id) = state.store.last_viewed_product(u.id).await? {
            return Ok(Some(id));
        }
    }
    Ok(match cart::owner(viewer) {
        Some(owner) => state.store.cart_lines(owner).await?.iter().max_by_key(|l| l.id).map(|l| l.product_id),
        None => None,
    })
}

/// The running offer behind the product's offer key, with how much of it the visitor's cart holds.
#[utoipa::path(get, path = "/bp_pp_product_details_page/", tag = "offers", params(OfferQuery),
    responses((status = 200, body = OfferMessages), (status = 404, body = crate::error::ErrorBody)))]
pub async fn offer_messages(State(state): State<AppState>, viewer: Viewer, Query(q): Query<OfferQuery>) -> ApiResult<Json<OfferMessages>> {
    let mut out = BTreeMap::new();
    let Some(id) = offer_product(&state, &viewer, q.product_id.as_deref()).await? else {
        return Ok(Json(OfferMessages { offer_msg_dict_ajax: out }));
    };
    let kept = kept::current(&state).await?;
    let facts = catalog::facts_of(&state, &kept, id).await?;
    let p = &facts.product;
    let now = state.now();
    // An unbuyable product offers nothing.
    if !p.offer_key.is_empty() && p.is_active() {
        if let Some(o) = kept::offers::calendar(&state, &kept, now).await?.message_at(&p.offer_key, now).cloned() {
            let qty = match cart::owner(&viewer) {
                Some(owner) => state.store.cart_quantity_for_offer(owner, &p.offer_key).await?,
                None => 0,
            };
            out.insert(
                o.offer_key.clone(),
                OfferOut {
                    offertype: o.offertype,
                    msg: o.msg,
                    count: o.count,
                    qty,
                    offer_applied: offer_applied(o.count, qty),
                    url: o.url,
                    message: o.message,
                },
            );
        }
    }
    Ok(Json(OfferMessages { offer_msg_dict_ajax: out }))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct FeaturedOut {
    pub category: String,
    pub month_year: String,
    pub title: String,
    pub blurb: String,
    pub product: catalog::ProductCard,
    pub product_slug: String,
    /// Always sent: null when there is none.
    #[schema(required = true)]
    pub previous: Option<String>,
    /// Always sent: null when there is none.
    #[schema(required = true)]
    pub next: Option<String>,
}

const MONTHS: [&str; 12] = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/// `may-2026` → `2026-05`.
fn parse_month_year(s: &str) -> Option<String> {
    let (m, y) = s.rsplit_once('-')?;
    let month = MONTHS.iter().position(|x| *x == m)? + 1;
    let year: u32 = y.parse().ok().filter(|y| (2000..=2100).contains(y))?;
    Some(format!("{year:04}-{month:02}"))
}

/// `2026-05` → (`may-2026`, `May 2026`).
fn month_names(ym: &str) -> Option<(String, String)> {
    let (y, m) = ym.split_once('-')?;
    let name = MONTHS.get(m.parse::<usize>().ok()?.checked_sub(1)?)?;
    let mut title = name.to_string();
    title[..1].make_ascii_uppercase();
    Some((format!("{name}-{y}"), format!("{title} {y}")))
}

fn featured_path(category: &str, ym: &str) -> Option<String> {
    month_names(ym).map(|(slug, _)| format!("/best-{category}-design-of-{slug}/"))
}

/// This month's design of a category, as home asks for it (the app's `currentFeatured`: the UTC
/// calendar's month): its answer (None when the month has none) and the month as its paths name it
/// (`december-2026`).
pub async fn this_month(state: &AppState, category: &str) -> ApiResult<(Option<FeaturedOut>, String)> {
    let (month_year, _) = month_names(&state.now().format("%Y-%m").to_string()).ok_or_else(ApiError::internal)?;
    match featured(State(state.clone()), Path((category.to_string(), month_year.clone()))).await {
        Ok(Json(out)) => Ok((Some(out), month_year)),
        Err(e) if e.status == axum::http::StatusCode::NOT_FOUND => Ok((None, month_year)),
        Err(e) => Err(e),
    }
}

/// The design of the month for a category, with links to the previous and next months that have one.
#[utoipa::path(get, path = "/web/api/v1/featured/{category}/{month_year}/", tag = "offers",
    params(("category" = String, Path), ("month_year" = String, Path)),
    responses((status = 200, body = FeaturedOut), (status = 404, body = crate::error::ErrorBody)))]
pub async fn featured(State(state): State<AppState>, Path((category, month_year)): Path<(String, String)>) -> ApiResult<Json<FeaturedOut>> {
    let none = || ApiError::not_found("There is no featured design for that month.");
    if category.len() > 30 || !category.bytes().all(|b| b.is_ascii_lowercase() || b == b'-') {
        return Err(none());
    }
    let ym = parse_month_year(&month_year).ok_or_else(none)?;
    // Kept: home asks for this month's design on every visit, and its HTML draws it (issue 14).
    let kept = kept::current(&state).await?;
    let calendar = kept::offers::calendar(&state, &kept, state.now()).await?;
    let f = calendar.featured(&category, &ym).ok_or_else(none)?;
    let card = catalog::cards_kept(&state, &kept, &[f.product_id]).await?.pop().ok_or_else(|| ApiError::not_found("We couldn't find that product."))?;
    let (prev, next) = calendar.featured_neighbours(&category, &ym);
    let (_, title_month) = month_names(&ym).ok_or_else(none)?;
    let mut cat_title = category.clone();
    cat_title[..1].make_ascii_uppercase();
    Ok(Json(FeaturedOut {
        title: format!("Best {cat_title} Design of {title_month}"),
        category: category.clone(),
        month_year,
        blurb: f.blurb.clone(),
        product_slug: card.slug.clone(),
        product: card,
        previous: prev.and_then(|m| featured_path(&category, &m)),
        next: next.and_then(|m| featured_path(&category, &m)),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn month_year_round_trip() {
        assert_eq!(parse_month_year("may-2026").as_deref(), Some("2026-05"));
        assert_eq!(parse_month_year("december-2025").as_deref(), Some("2025-12"));
        assert_eq!(parse_month_year("smarch-2026"), None);
        assert_eq!(parse_month_year("may-20x6"), None);
        assert_eq!(featured_path("bra", "2026-11").as_deref(), Some("/best-bra-design-of-november-2026/"));
        assert_eq!(month_names("2026-13"), None);
    }

    #[test]
    fn timer_times_are_indian() {
        // 2026-11-22 00:00 UTC is 05:30 in India.
        assert_eq!(ist_parts(1_795_305_600_000), ("2026-11-22".to_string(), "05:30:00".to_string()));
    }
}

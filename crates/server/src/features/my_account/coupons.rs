//! The Coupons page: what this shopper can use now, with its terms, minimum order and expiry.

use crate::error::ApiResult;
use crate::security::Viewer;
use crate::AppState;
use axum::extract::State;
use drape_domain::delivery::ist;
use drape_domain::money::format_inr;
use drape_domain::pricing::{coupon_open_to, coupon_title, coupon_uses_left};
use serde::Serialize;

#[derive(Serialize, utoipa::ToSchema)]
pub struct CouponOut {
    pub code: String,
    /// '10% off, up to ₹300'.
    pub title: String,
    /// The terms as the shop wrote them.
    pub description: String,
    pub min_order: i64,
    pub min_order_ui: String,
    /// RFC 3339.
    pub ends_at: String,
    /// 'Valid till 20 Feb 2027'.
    pub ends_ui: String,
    /// Uses left for this shopper; null when unlimited.
    #[schema(required = true)]
    pub uses_left: Option<i64>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CouponList {
    pub coupons: Vec<CouponOut>,
}

/// Coupons the visitor can use now (for a guest, those open to everyone), soonest to end first.
#[utoipa::path(get, path = "/api/v1/my-coupons/", tag = "account", responses((status = 200, body = CouponList)))]
pub async fn coupons(State(state): State<AppState>, viewer: Viewer) -> ApiResult<axum::Json<CouponList>> {
    let now = state.now();
    let user_id = viewer.user.as_ref().map(|u| u.id);
    let mut out = Vec::new();
    for row in state.store.open_coupons(now).await? {
        let usage = state.store.coupon_usage(row.id, user_id).await?;
        let coupon = row.to_coupon();
        if !coupon_open_to(&coupon, usage, now) {
            continue;
        }
        out.push(CouponOut {
            title: coupon_title(&coupon.kind),
            description: row.description.clone(),
            min_order: row.min_order,
            min_order_ui: format_inr(row.min_order),
            ends_at: coupon.ends_at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            ends_ui: format!("Valid till {}", coupon.ends_at.with_timezone(&ist()).format("%-d %b %Y")),
            uses_left: coupon_uses_left(&coupon, usage),
            code: row.code,
        });
    }
    out.sort_by(|a, b| a.ends_at.cmp(&b.ends_at).then(a.code.cmp(&b.code)));
    Ok(axum::Json(CouponList { coupons: out }))
}

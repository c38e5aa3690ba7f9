//! The cart's codes and choices, kept with the cart and changed by query parameters on the spec's cart
//! calls: a coupon, a partner's affiliation code, an upgrade rung. Each is checked by the engine
//! against the cart as the call leaves it, before anything is written.

use super::priced::{build_cart_with, LineChange};
use super::views::CartOut;
use crate::error::{ApiError, ApiResult};
use crate::security::Viewer;
use crate::AppState;
use drape_domain::pricing;
use drape_store::carts::{CartOwner, CartRow};
use serde::Deserialize;

#[derive(Deserialize, utoipa::IntoParams)]
pub struct CartQuery {
    pub coupon_code: Option<String>,
    pub iscouponremove: Option<String>,
    pub affiliation_code: Option<String>,
    pub isaffiliateremove: Option<String>,
    pub upgrade_selected_option: Option<String>,
}

impl CartQuery {
    /// Whether the query asks to change the cart's codes or upgrade (anything but a plain read).
    pub fn asks_change(&self) -> bool {
        [&self.coupon_code, &self.iscouponremove, &self.affiliation_code, &self.isaffiliateremove, &self.upgrade_selected_option]
            .iter()
            .any(|v| v.as_deref().is_some_and(|v| !v.trim().is_empty()))
    }
}

pub fn is_yes(v: &Option<String>) -> bool {
    matches!(v.as_deref().map(str::trim), Some("1" | "true" | "True"))
}

/// A code typed by the shopper: trimmed, upper-cased, letters and digits only (at most 20).
fn typed_code(field: &'static str, what: &str, raw: &Option<String>) -> ApiResult<Option<String>> {
    let Some(code) = raw.as_deref().filter(|c| !c.trim().is_empty()) else { return Ok(None) };
    pricing::normalise_code(code).map(Some).ok_or_else(|| ApiError::field(field, format!("{what} are up to 20 letters and digits.")))
}

/// Applies, keeps or removes the coupon, the affiliation code and the upgrade option named in the
/// query, checked by the engine against the cart as it will be after `change` (the caller writes the
/// change after this succeeds). A refusal is a 400 with the reason and the cart keeps what it had.
///
/// When the query changes something, the cart is priced as it will be, and that priced cart is
/// returned so the handler answers with it instead of pricing the cart again; None when nothing
/// was asked (the caller prices the cart once, after its own write).
pub async fn apply_cart_query(
    state: &AppState,
    viewer: &Viewer,
    owner: CartOwner<'_>,
    row: &mut CartRow,
    q: &CartQuery,
    change: LineChange<'_>,
) -> ApiResult<Option<CartOut>> {
    let mut trial = row.clone();
    if is_yes(&q.iscouponremove) {
        trial.coupon_code.clear();
    } else if let Some(code) = typed_code("coupon_code", "Coupon codes", &q.coupon_code)? {
        trial.coupon_code = code;
    }
    if is_yes(&q.isaffiliateremove) {
        trial.affiliation_code.clear();
    } else if let Some(code) = typed_code("affiliation_code", "Affiliation codes", &q.affiliation_code)? {
        trial.affiliation_code = code;
    }
    if let Some(option) = q.upgrade_selected_option.as_deref().map(str::trim).filter(|o| !o.is_empty()) {
        let id: i64 =
            option.parse().ok().filter(|id| *id >= 0).ok_or_else(|| ApiError::field("upgrade_selected_option", "Choose an upgrade from the list."))?;
        // 0 takes the upgrade off.
        trial.upgrade_option_id = (id > 0).then_some(id);
    }
    if trial == *row {
        return Ok(None);
    }
    let coupon_asked = trial.coupon_code != row.coupon_code && !trial.coupon_code.is_empty();
    let affiliate_asked = trial.affiliation_code != row.affiliation_code && !trial.affiliation_code.is_empty();
    let upgrade_asked = trial.upgrade_option_id != row.upgrade_option_id && trial.upgrade_option_id.is_some();
    if coupon_asked && state.store.coupon_by_code(&trial.coupon_code).await?.is_none() {
        return Err(ApiError::field("coupon_code", "This coupon code is not valid."));
    }
    if affiliate_asked && state.store.affiliate_by_code(&trial.affiliation_code).await?.is_none() {
        return Err(ApiError::field("affiliation_code", "This affiliation code is not valid."));
    }
    let priced = build_cart_with(state, viewer, owner, &trial, change).await?;
    if upgrade_asked && !priced.upgrade_offer_values.selected_message.is_empty() {
        return Err(ApiError::field("upgrade_selected_option", priced.upgrade_offer_values.selected_message));
    }
    if coupon_asked && !priced.cart_attr.coupon_message.is_empty() {
        return Err(ApiError::field("coupon_code", priced.cart_attr.coupon_message));
    }
    if affiliate_asked && !priced.cart_attr.affiliate_message.is_empty() {
        return Err(ApiError::field("affiliation_code", priced.cart_attr.affiliate_message));
    }
    state
        .store
        .set_cart_choices(
            row.id,
            (trial.coupon_code != row.coupon_code).then_some(trial.coupon_code.as_str()),
            (trial.affiliation_code != row.affiliation_code).then_some(trial.affiliation_code.as_str()),
            (trial.upgrade_option_id != row.upgrade_option_id).then_some(trial.upgrade_option_id),
            state.now(),
        )
        .await?;
    *row = trial;
    Ok(Some(priced))
}

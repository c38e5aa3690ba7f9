//! The cart's offers: last-minute deals, free and paid gifts with their sizes, and 'view offers'
//! (every coupon and offer, and how far the cart is from each).

use crate::error::{ApiError, ApiResult};
use crate::extract::{Json, Query};
use crate::features::cart_view::{build_cart, choices_of, load_cart, own_cart, CartOut};
use crate::features::catalog;
use crate::security::Viewer;
use crate::AppState;
use axum::extract::{Path, State};
use drape_domain::money::format_inr;
use drape_domain::pricing::{self, check_coupon, Choices, ShopSettings};
use serde::{Deserialize, Serialize};

#[derive(Serialize, utoipa::ToSchema)]
pub struct DealOut {
    pub id: i64,
    pub deal_price: i64,
    pub deal_price_ui: String,
    pub product: catalog::ProductCard,
    /// Sizes of the product in stock, to pick before adding.
    pub sizes: Vec<String>,
    pub in_cart: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Deals {
    pub deals: Vec<DealOut>,
}

fn cart_path_id(raw: &str) -> ApiResult<i64> {
    raw.trim().parse().map_err(|_| ApiError::not_found("We couldn't find that cart."))
}

/// Deals offered at the cart right now.
#[utoipa::path(get, path = "/api/v3/carts/{id}/last-minute-deals/", tag = "cart", params(("id" = i64, Path)),
    responses((status = 200, body = Deals), (status = 404, body = crate::error::ErrorBody)))]
pub async fn last_minute_deals(State(state): State<AppState>, viewer: Viewer, Path(id): Path<String>) -> ApiResult<axum::Json<Deals>> {
    let (owner, _) = own_cart(&state, &viewer, Some(cart_path_id(&id)?)).await?;
    let lines = state.store.cart_lines(owner).await?;
    let mut deals = Vec::new();
    for d in state.store.running_deals(state.now()).await? {
        let p = state.store.product_by_id(d.product_id).await?;
        if !p.is_active() || p.is_combo() {
            continue;
        }
        let sizes: Vec<String> = state.store.sizes(p.id).await?.into_iter().filter(|s| s.part == 0 && s.stock > 0).map(|s| s.value).collect();
        if sizes.is_empty() {
            continue;
        }
        let card = catalog::cards(&state, std::slice::from_ref(&p)).await?.remove(0);
        deals.push(DealOut {
            id: d.id,
            deal_price: d.deal_price,
            deal_price_ui: format_inr(d.deal_price),
            product: card,
            sizes,
            in_cart: lines.iter().any(|l| l.deal_id == Some(d.id)),
        });
    }
    Ok(axum::Json(Deals { deals }))
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct GiftSizesQuery {
    pub paid_gift_offer_id: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct GiftSize {
    pub value: String,
    pub label: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct GiftSizes {
    pub gift_offer_id: i64,
    pub sizes: Vec<GiftSize>,
}

async fn gift_sizes_of(state: &AppState, gift_id: i64) -> ApiResult<(drape_store::offers::GiftOfferRow, Vec<GiftSize>)> {
    let gift = state
        .store
        .running_gift_offers(state.now())
        .await?
        .into_iter()
        .find(|g| g.id == gift_id)
        .ok_or_else(|| ApiError::not_found("That gift offer has ended."))?;
    let sizes = state
        .store
        .sizes(gift.product_id)
        .await?
        .into_iter()
        .filter(|s| s.part == 0 && s.stock > 0)
        .map(|s| GiftSize { value: s.value, label: s.label })
        .collect();
    Ok((gift, sizes))
}

/// The sizes a gift offer grants (its product's sizes in stock).
#[utoipa::path(get, path = "/api/v3/cart-items/get-cart-gift-sizes/", tag = "cart", params(GiftSizesQuery),
    responses((status = 200, body = GiftSizes), (status = 404, body = crate::error::ErrorBody)))]
pub async fn gift_sizes(State(state): State<AppState>, Query(q): Query<GiftSizesQuery>) -> ApiResult<axum::Json<GiftSizes>> {
    let id: i64 = q.paid_gift_offer_id.trim().parse().map_err(|_| ApiError::not_found("That gift offer has ended."))?;
    let (gift, sizes) = gift_sizes_of(&state, id).await?;
    Ok(axum::Json(GiftSizes { gift_offer_id: gift.id, sizes }))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct GiftChoice {
    pub gift_offer_id: Option<i64>,
    pub paid_gift_offer_id: Option<i64>,
    /// The size wanted; null takes the gift out of the cart.
    pub size: Option<String>,
}

async fn take_gift(state: &AppState, viewer: &Viewer, choice: &GiftChoice, paid: bool) -> ApiResult<CartOut> {
    let id = if paid { choice.paid_gift_offer_id.or(choice.gift_offer_id) } else { choice.gift_offer_id.or(choice.paid_gift_offer_id) };
    let id = id.ok_or_else(|| ApiError::field("gift_offer_id", "Please choose a gift."))?;
    let (owner, row) = own_cart(state, viewer, None).await?;
    let (gift, sizes) = gift_sizes_of(state, id).await?;
    if (gift.price > 0) != paid {
        return Err(ApiError::field("gift_offer_id", if paid { "That gift is free: choose its size instead." } else { "That gift is not free." }));
    }
    match choice.size.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => state.store.set_cart_gift(row.id, gift.id, None).await?,
        Some(size) => {
            if !sizes.iter().any(|s| s.value == size) {
                return Err(ApiError::field("size", "That size is not available for this gift."));
            }
            // Eligibility is the engine's, measured after every discount, as the cart shows it.
            let priced = build_cart(state, viewer, owner, &row).await?;
            let offered = priced.cart_paid_gift_details.iter().find(|g| g.id == gift.id);
            if priced.cart_attr.pieces == 0 {
                return Err(ApiError::field("gift_offer_id", "Add something to your cart to get this gift."));
            }
            if !offered.is_some_and(|g| g.eligible) {
                let goods = priced.cart_attr.subtotal
                    - priced.cart_attr.bundle_discount
                    - priced.cart_attr.coupon_discount
                    - priced.cart_attr.upgrade_discount
                    - priced.cart_attr.affiliate_discount;
                return Err(ApiError::field("gift_offer_id", format!("Add {} more to get this gift.", format_inr((gift.min_order - goods).max(100)))));
            }
            state.store.set_cart_gift(row.id, gift.id, Some(size)).await?;
        }
    }
    build_cart(state, viewer, owner, &row).await
}

/// Chooses (or, with size null, drops) the size of a free gift the cart qualifies for.
#[utoipa::path(post, path = "/api/v3/carts-new/null/save-free-gift-size/", tag = "cart", request_body = GiftChoice,
    responses((status = 200, body = CartOut), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn save_free_gift_size(State(state): State<AppState>, viewer: Viewer, Json(choice): Json<GiftChoice>) -> ApiResult<axum::Json<CartOut>> {
    Ok(axum::Json(take_gift(&state, &viewer, &choice, false).await?))
}

/// Adds (or, with size null, removes) a paid gift.
#[utoipa::path(post, path = "/api/v3/cart-items/cart-paid-gift-add/", tag = "cart", request_body = GiftChoice,
    responses((status = 200, body = CartOut), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn add_paid_gift(State(state): State<AppState>, viewer: Viewer, Json(choice): Json<GiftChoice>) -> ApiResult<axum::Json<CartOut>> {
    Ok(axum::Json(take_gift(&state, &viewer, &choice, true).await?))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CouponOffer {
    pub code: String,
    pub description: String,
    pub applicable: bool,
    /// Why it does not apply to this cart now ('' when it does).
    pub reason: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ViewOffers {
    pub coupons: Vec<CouponOffer>,
    pub remaining_offers: Vec<crate::features::cart_view::RemainingOfferOut>,
    pub bundles_applied: Vec<crate::features::cart_view::BundleOut>,
    /// The upgrade ladder: each rung, whether the cart reaches it and whether it is taken.
    pub upgrades: Vec<crate::features::cart_view::UpgradeOptionOut>,
}

/// Every coupon open now, whether it fits this cart and why not, and how far the cart is from each offer.
#[utoipa::path(get, path = "/api/v4/carts-new/{id}/get-view-offers-data/", tag = "cart", params(("id" = i64, Path)),
    responses((status = 200, body = ViewOffers), (status = 404, body = crate::error::ErrorBody)))]
pub async fn view_offers(State(state): State<AppState>, viewer: Viewer, Path(id): Path<String>) -> ApiResult<axum::Json<ViewOffers>> {
    let (owner, row) = own_cart(&state, &viewer, Some(cart_path_id(&id)?)).await?;
    let cart = build_cart(&state, &viewer, owner, &row).await?;
    // The cart is read once; each coupon is then tried by the pricing engine alone.
    let inputs = load_cart(&state, owner, &row).await?;
    let now = state.now();
    let settings = ShopSettings::default();
    let (base, _) = choices_of(&state, &viewer, &row, &inputs.taken).await?;
    let mut coupons = Vec::new();
    for c in state.store.open_coupons(now).await? {
        let usage = state.store.coupon_usage(c.id, viewer.user.as_ref().map(|u| u.id)).await?;
        let coupon = c.to_coupon();
        let reason = if cart.cart_attr.pieces == 0 {
            // An empty cart: say what the coupon needs rather than that it does not fit.
            check_coupon(&coupon, usage, 1, 0, now).err().map(|r| r.message()).unwrap_or_default()
        } else {
            let choices = Choices { coupon: Some((coupon, usage)), ..base.clone() };
            pricing::price_cart(&inputs.lines, &inputs.offers, &choices, &settings, now).coupon_refusal.map(|r| r.message()).unwrap_or_default()
        };
        coupons.push(CouponOffer { code: c.code, description: c.description, applicable: reason.is_empty(), reason });
    }
    Ok(axum::Json(ViewOffers {
        coupons,
        remaining_offers: cart.remaining_offers.result,
        bundles_applied: cart.cart_attr.bundles,
        upgrades: cart.upgrade_offer_values.options,
    }))
}

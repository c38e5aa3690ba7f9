//! The cart's offers: last-minute deals, free and paid gifts with their sizes, gift wrap, and 'view
//! offers' (every coupon and offer, and how far the cart is from each).

use super::codes::{apply_cart_query, CartQuery};
use super::priced::{build_cart, choices_of, load_cart, price_and_shape, LineChange};
use super::views::*;
use super::{not_found_cart, own_cart};
use crate::error::{ApiError, ApiResult};
use crate::extract::{path_id, Json, Query};
use crate::features::catalog;
use crate::security::Viewer;
use crate::AppState;
use axum::extract::{Path, State};
use drape_domain::money::format_inr;
use drape_domain::pricing::{self, check_coupon, Choices, ShopSettings};
use serde::Deserialize;

/// Deals offered at the cart right now: products in stock, with their sizes in stock (the deal's
/// products, sizes and cards are read in one query each, however many deals run).
#[utoipa::path(get, path = "/api/v3/carts/{id}/last-minute-deals/", tag = "cart", params(("id" = i64, Path)),
    responses((status = 200, body = Deals), (status = 404, body = crate::error::ErrorBody)))]
pub async fn last_minute_deals(State(state): State<AppState>, viewer: Viewer, Path(id): Path<String>) -> ApiResult<axum::Json<Deals>> {
    let (owner, _) = own_cart(&state, &viewer, Some(path_id(&id).ok_or_else(not_found_cart)?)).await?;
    let lines = state.store.cart_lines(owner).await?;
    let running = state.store.running_deals(state.now()).await?;
    let product_ids: Vec<i64> = running.iter().map(|d| d.product_id).collect();
    let products = state.store.products_by_ids(&product_ids).await?;
    let sizes = state.store.sizes_of_products(&product_ids).await?;
    let cards = catalog::cards(&state, &products).await?;
    let mut deals = Vec::new();
    for d in &running {
        let Some(p) = products.iter().find(|p| p.id == d.product_id).filter(|p| p.is_active() && !p.is_combo()) else { continue };
        let in_stock: Vec<String> = sizes.iter().filter(|s| s.product_id == p.id && s.part == 0 && s.stock > 0).map(|s| s.value.clone()).collect();
        let Some(card) = cards.iter().find(|c| c.id == p.id).filter(|_| !in_stock.is_empty()) else { continue };
        deals.push(DealOut {
            id: d.id,
            deal_price: d.deal_price,
            deal_price_ui: format_inr(d.deal_price),
            product: card.clone(),
            sizes: in_stock,
            in_cart: lines.iter().any(|l| l.deal_id == Some(d.id)),
        });
    }
    Ok(axum::Json(Deals { deals }))
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct GiftSizesQuery {
    pub paid_gift_offer_id: String,
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
    let id = path_id(&q.paid_gift_offer_id).ok_or_else(|| ApiError::not_found("That gift offer has ended."))?;
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
            let inputs = load_cart(state, owner, &row).await?;
            let (choices, _) = choices_of(state, viewer, &row, &inputs.taken).await?;
            let t = pricing::price_cart(&inputs.lines, &inputs.offers, &choices, &ShopSettings::default(), state.now());
            if t.pieces == 0 {
                return Err(ApiError::field("gift_offer_id", "Add something to your cart to get this gift."));
            }
            match t.gift(gift.id) {
                Some(g) if g.eligible => {}
                progress => {
                    let short = progress.map_or(gift.min_order, |g| g.amount_short);
                    return Err(ApiError::field("gift_offer_id", format!("Add {} more to get this gift.", format_inr(short.max(100)))));
                }
            }
            state.store.set_cart_gift(row.id, gift.id, Some(size)).await?;
            // The cart read above, with the gift taken: no second read.
            let mut inputs = inputs;
            inputs.taken.retain(|t| t.0 != gift.id);
            inputs.taken.push((gift.id, size.to_string()));
            return price_and_shape(state, viewer, &row, inputs).await;
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

/// Every coupon open now, whether it fits this cart and why not, and how far the cart is from each offer.
#[utoipa::path(get, path = "/api/v4/carts-new/{id}/get-view-offers-data/", tag = "cart", params(("id" = i64, Path)),
    responses((status = 200, body = ViewOffers), (status = 404, body = crate::error::ErrorBody)))]
pub async fn view_offers(State(state): State<AppState>, viewer: Viewer, Path(id): Path<String>) -> ApiResult<axum::Json<ViewOffers>> {
    let (owner, row) = own_cart(&state, &viewer, Some(path_id(&id).ok_or_else(not_found_cart)?)).await?;
    // The cart is read once; each coupon is then tried by the pricing engine alone.
    let inputs = load_cart(&state, owner, &row).await?;
    let (lines, offers) = (inputs.lines.clone(), inputs.offers.clone());
    let (base, _) = choices_of(&state, &viewer, &row, &inputs.taken).await?;
    let cart = price_and_shape(&state, &viewer, &row, inputs).await?;
    let now = state.now();
    let settings = ShopSettings::default();
    let mut coupons = Vec::new();
    for c in state.store.open_coupons(now).await? {
        let usage = state.store.coupon_usage(c.id, viewer.user.as_ref().map(|u| u.id)).await?;
        let coupon = c.to_coupon();
        let reason = if cart.cart_attr.pieces == 0 {
            // An empty cart: say what the coupon needs rather than that it does not fit.
            check_coupon(&coupon, usage, 1, 0, now).err().map(|r| r.message()).unwrap_or_default()
        } else {
            let choices = Choices { coupon: Some((coupon, usage)), ..base.clone() };
            pricing::price_cart(&lines, &offers, &choices, &settings, now).coupon_refusal.map(|r| r.message()).unwrap_or_default()
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

/// Adds gift wrap to the cart.
#[utoipa::path(post, path = "/api/v4/carts-new/{id}/gift-wrap/", tag = "cart", params(("id" = i64, Path), CartQuery),
    responses((status = 200, body = CartOut), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn add_gift_wrap(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(cart_id): Path<String>,
    Query(q): Query<CartQuery>,
) -> ApiResult<axum::Json<CartOut>> {
    set_wrap(state, viewer, cart_id, true, q).await
}

/// Removes gift wrap from the cart.
#[utoipa::path(delete, path = "/api/v4/carts-new/{id}/delete-gift-wrap/", tag = "cart", params(("id" = i64, Path), CartQuery),
    responses((status = 200, body = CartOut), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn remove_gift_wrap(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(cart_id): Path<String>,
    Query(q): Query<CartQuery>,
) -> ApiResult<axum::Json<CartOut>> {
    set_wrap(state, viewer, cart_id, false, q).await
}

async fn set_wrap(state: AppState, viewer: Viewer, cart_id: String, on: bool, q: CartQuery) -> ApiResult<axum::Json<CartOut>> {
    let id = path_id(&cart_id).ok_or_else(not_found_cart)?;
    let (owner, mut row) = own_cart(&state, &viewer, Some(id)).await?;
    if on && state.store.cart_quantity(owner).await? == 0 {
        return Err(ApiError::bad_request("Add something to your cart before gift wrapping it."));
    }
    // The wrap is part of the cart the codes are checked against and priced as.
    row.gift_wrap = on as i64;
    let priced = apply_cart_query(&state, &viewer, owner, &mut row, &q, LineChange::None).await?;
    state.store.set_cart_gift_wrap(row.id, on, state.now()).await?;
    Ok(axum::Json(match priced {
        Some(cart) => cart,
        None => build_cart(&state, &viewer, owner, &row).await?,
    }))
}

//! Adding to the cart from the product page (a size, a combo's two sizes, or a last-minute deal from
//! the cart page), and the header's piece count.

use super::views::{CartAdded, CartQuantity};
use super::{owner, quantity_of};
use crate::error::{ApiError, ApiResult};
use crate::extract::Json as JsonBody;
use crate::security::{self, Viewer};
use crate::AppState;
use axum::extract::State;
use axum::http::{header, HeaderMap};
use axum::response::IntoResponse;
use axum::Json;
use drape_domain::pricing::DEAL_PIECES;
use drape_domain::stock::{self, AddRefusal};
use drape_store::carts::{CartLine, CartOwner};
use serde::Deserialize;

/// Cart quantity for the header (`?t=` is a cache-buster and is ignored).
#[utoipa::path(get, path = "/cart_dropdown_mobile_ajax/", tag = "cart", responses((status = 200, body = CartQuantity)))]
pub async fn cart_dropdown(State(state): State<AppState>, viewer: Viewer) -> ApiResult<Json<CartQuantity>> {
    Ok(Json(CartQuantity { cart_quantity: quantity_of(&state, &viewer).await? }))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct ComboChoice {
    pub combo1: Option<String>,
    pub combo2: Option<String>,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct CartAdd {
    /// The visitor's cart id, if the page knows it; another cart's id is refused.
    pub cart: Option<i64>,
    pub product: i64,
    pub quantity: i64,
    pub size: Option<String>,
    pub combo_sizes: Option<ComboChoice>,
    /// A last-minute deal's id, when adding the deal from the cart page.
    pub deal: Option<i64>,
}

fn chosen(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

/// Adds a product in a size (or a combo's two sizes) to the visitor's cart, within stock and max_cart_items.
#[utoipa::path(post, path = "/api/v3/cart-items/", tag = "cart", request_body = CartAdd,
    responses((status = 200, body = CartAdded), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn add_to_cart(State(state): State<AppState>, viewer: Viewer, JsonBody(req): JsonBody<CartAdd>) -> ApiResult<impl IntoResponse> {
    let facts = crate::features::catalog::product_facts(&state, req.product).await?;
    let (p, sizes) = (&facts.product, &facts.sizes);
    if !p.is_active() {
        return Err(ApiError::bad_request(AddRefusal::OutOfStock.message()));
    }
    let find = |part: i64, value: &str| drape_store::catalog::find_size(sizes, part, value);
    let no_size = || ApiError::not_found("We couldn't find that size for this product.");
    let (line, available) = if p.is_combo() {
        let label = |part: i64| sizes.iter().find(|s| s.part == part).map(|s| s.part_label.clone()).unwrap_or_default();
        let combo = req.combo_sizes.as_ref();
        let first = combo.and_then(|c| chosen(&c.combo1));
        let second = combo.and_then(|c| chosen(&c.combo2));
        let Some(first) = first else { return Err(ApiError::field("combo1", format!("Please Select {} size", label(1)))) };
        let Some(second) = second else { return Err(ApiError::field("combo2", format!("Please Select {} size", label(2)))) };
        let (a, b) = (find(1, first).ok_or_else(no_size)?, find(2, second).ok_or_else(no_size)?);
        let line = CartLine {
            id: 0,
            product_id: p.id,
            size_id: None,
            combo1_size_id: Some(a.id),
            combo2_size_id: Some(b.id),
            quantity: req.quantity,
            deal_id: req.deal,
        };
        (line, stock::combo_stock(a.stock, b.stock))
    } else {
        let Some(value) = chosen(&req.size) else { return Err(ApiError::field("size", "Please Select Size...")) };
        let s = find(0, value).ok_or_else(no_size)?;
        (
            CartLine { id: 0, product_id: p.id, size_id: Some(s.id), combo1_size_id: None, combo2_size_id: None, quantity: req.quantity, deal_id: req.deal },
            s.stock,
        )
    };

    let mut headers = HeaderMap::new();
    let guest_token;
    let owner = match owner(&viewer) {
        Some(o) => o,
        None => {
            guest_token = drape_store::auth::new_guest_token(state.now());
            headers.append(header::SET_COOKIE, security::set_cookie(security::GUEST_CART_COOKIE, &guest_token, 30 * 86_400, true, state.config.secure_cookies));
            CartOwner::Guest(&guest_token)
        }
    };
    if let Some(asked) = req.cart {
        if state.store.cart_id(owner).await? != Some(asked) {
            return Err(ApiError::not_found("We couldn't find that cart."));
        }
    }
    let one_deal = || ApiError::field("deal", "A deal can be added once, one piece.");
    if let Some(deal_id) = req.deal {
        let running = state.store.running_deals(state.now()).await?;
        if !running.iter().any(|d| d.id == deal_id && d.product_id == p.id) {
            return Err(ApiError::field("deal", "This deal has ended."));
        }
        if req.quantity != DEAL_PIECES {
            return Err(one_deal());
        }
    }
    let now = state.now();
    // The limits are checked with the cart locked, so two tabs adding at once cannot both pass them:
    // a deal once per cart, the size's stock over every line of that size (a deal piece and ordinary
    // pieces share it), and the product's cap over every line of the product.
    // The check runs on the batch writer's thread (SQLite), so it owns what it needs.
    let (deal, max_items, quantity, asked) = (req.deal, p.max_cart_items, req.quantity, line.clone());
    let added = state
        .store
        .add_to_cart_counted(owner, &line, now, move |lines| {
            if deal.is_some() && lines.iter().any(|l| l.deal_id == deal) {
                return Err(one_deal());
            }
            stock::may_add(available, max_items, asked.held_in(lines, None), quantity).map_err(|r| ApiError::bad_request(r.message()))
        })
        .await??;
    let (cart_quantity, item_id) = (added.cart_quantity, added.item_id);
    Ok((headers, Json(CartAdded { status: "success".into(), cart_quantity, item_id, message: "Added to cart".into() })))
}

//! Reading the cart: where the cart page starts, the whole priced cart, and which lines are out of
//! stock.

use super::codes::{apply_cart_query, CartQuery};
use super::priced::{build_cart, load_cart, LineChange};
use super::views::*;
use super::{not_found_cart, own_cart};
use crate::error::ApiResult;
use crate::extract::{path_id, Query};
use crate::security::{self, Viewer};
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::HeaderMap;

/// The visitor's cart id (null without a cart) and piece count: where the cart page starts.
#[utoipa::path(get, path = "/get/view-cart-info/", tag = "cart", responses((status = 200, body = ViewCartInfo)))]
pub async fn view_cart_info(State(state): State<AppState>, viewer: Viewer) -> ApiResult<axum::Json<ViewCartInfo>> {
    let (cart_id, cart_quantity) = match super::owner(&viewer) {
        Some(o) => (state.store.cart_row(o).await?.map(|r| r.id), state.store.cart_quantity(o).await?),
        None => (None, 0),
    };
    Ok(axum::Json(ViewCartInfo { cart_id, cart_quantity }))
}

/// The visitor's whole cart, priced, after applying or removing the coupon, affiliation code or upgrade
/// named in the query (which needs the `X-CSRFToken` header, as every change does).
#[utoipa::path(get, path = "/api/v4/carts-new/{cart_id}", tag = "cart", params(("cart_id" = i64, Path), CartQuery),
    responses((status = 200, body = CartOut), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn get_cart(
    State(state): State<AppState>,
    viewer: Viewer,
    headers: HeaderMap,
    Path(cart_id): Path<String>,
    Query(q): Query<CartQuery>,
) -> ApiResult<axum::Json<CartOut>> {
    // A GET that changes the cart needs the CSRF header, so a link on another site cannot.
    if q.asks_change() {
        security::require_csrf_header(&headers)?;
    }
    let id = path_id(&cart_id).ok_or_else(not_found_cart)?;
    let (owner, mut row) = own_cart(&state, &viewer, Some(id)).await?;
    let cart = match apply_cart_query(&state, &viewer, owner, &mut row, &q, LineChange::None).await? {
        Some(priced) => priced,
        None => build_cart(&state, &viewer, owner, &row).await?,
    };
    Ok(axum::Json(cart))
}

/// Which of the visitor's cart lines are out of stock now (read without pricing the cart).
#[utoipa::path(get, path = "/check-cart-stock/", tag = "cart", responses((status = 200, body = CartStock)))]
pub async fn check_cart_stock(State(state): State<AppState>, viewer: Viewer) -> ApiResult<axum::Json<CartStock>> {
    let out_of_stock = match super::owner(&viewer) {
        Some(owner) => match state.store.cart_row(owner).await? {
            Some(row) => load_cart(&state, owner, &row).await?.items.iter().filter(|i| i.stock.status == 0).map(|i| i.id).collect(),
            None => vec![],
        },
        None => vec![],
    };
    Ok(axum::Json(CartStock { status: if out_of_stock.is_empty() { "ok".into() } else { "out_of_stock".into() }, out_of_stock }))
}

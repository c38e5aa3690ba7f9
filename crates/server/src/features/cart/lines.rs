//! Changing the cart's lines: a quantity, a removal, and out-of-stock lines removed (or moved to the
//! wishlist) in one step. Limits are checked again with the cart locked.

use super::codes::{apply_cart_query, is_yes, CartQuery};
use super::priced::{build_cart, load_cart, LineChange};
use super::views::*;
use super::{not_found_cart, own_cart};
use crate::error::{ApiError, ApiResult};
use crate::extract::{path_id, Json, Query};
use crate::features::wishlist;
use crate::security::Viewer;
use crate::AppState;
use axum::extract::{Path, State};
use drape_domain::pricing::DEAL_PIECES;
use drape_domain::stock;
use drape_store::carts::CartLine;
use drape_store::engagement::WishlistChoice;
use serde::Deserialize;

#[derive(Deserialize, utoipa::ToSchema)]
pub struct QuantityChange {
    pub quantity: i64,
}

fn not_in_cart() -> ApiError {
    ApiError::not_found("That item is not in your cart.")
}

/// Changes a line's quantity (within stock and max_cart_items) and answers the repriced cart.
#[utoipa::path(patch, path = "/api/v4/cart-items-new/{id}/", tag = "cart", params(("id" = i64, Path), CartQuery), request_body = QuantityChange,
    responses((status = 200, body = CartOut), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn change_quantity(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(line_id): Path<String>,
    Query(q): Query<CartQuery>,
    Json(change): Json<QuantityChange>,
) -> ApiResult<axum::Json<CartOut>> {
    let line_id = path_id(&line_id).ok_or_else(not_in_cart)?;
    let (owner, mut row) = own_cart(&state, &viewer, None).await?;
    let lines = state.store.cart_lines(owner).await?;
    let line = lines.iter().find(|l| l.id == line_id).ok_or_else(not_in_cart)?;
    let p = state.store.product_by_id(line.product_id).await?;
    let sizes = state.store.sizes(p.id).await?;
    let available = if p.is_active() { line.stock_among(&sizes) } else { 0 };
    if line.deal_id.is_some() && change.quantity != DEAL_PIECES {
        return Err(ApiError::field("quantity", "A deal can be added once, one piece."));
    }
    let check = |lines: &[CartLine]| {
        // The other lines of this size share its stock; of this product, its cap.
        stock::may_add(available, p.max_cart_items, line.held_in(lines, Some(line_id)), change.quantity).map_err(|r| ApiError::field("quantity", r.message()))
    };
    check(&lines)?;
    // Codes in the query are checked against the cart with the new quantity, before anything is written.
    let priced = apply_cart_query(&state, &viewer, owner, &mut row, &q, LineChange::Quantity { line_id, quantity: change.quantity }).await?;
    // Checked again with the cart locked, in case another tab changed it meanwhile.
    match state.store.set_line_quantity_checked(row.id, line_id, change.quantity, check).await? {
        Some(done) => done?,
        None => return Err(not_in_cart()),
    }
    Ok(axum::Json(match priced {
        Some(cart) => cart,
        None => build_cart(&state, &viewer, owner, &row).await?,
    }))
}

/// Removes a line and answers the repriced cart.
#[utoipa::path(delete, path = "/api/v4/cart-items-new/{id}/", tag = "cart", params(("id" = i64, Path), CartQuery),
    responses((status = 200, body = CartOut), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn remove_item(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(line_id): Path<String>,
    Query(q): Query<CartQuery>,
) -> ApiResult<axum::Json<CartOut>> {
    let line_id = path_id(&line_id).ok_or_else(not_in_cart)?;
    let (owner, mut row) = own_cart(&state, &viewer, None).await?;
    if !state.store.cart_lines(owner).await?.iter().any(|l| l.id == line_id) {
        return Err(not_in_cart());
    }
    let priced = apply_cart_query(&state, &viewer, owner, &mut row, &q, LineChange::Remove(&[line_id])).await?;
    if state.store.remove_lines(row.id, &[line_id]).await? == 0 {
        return Err(not_in_cart());
    }
    Ok(axum::Json(match priced {
        Some(cart) => cart,
        None => build_cart(&state, &viewer, owner, &row).await?,
    }))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[allow(non_snake_case)]
pub struct OosQuery {
    /// Comma-separated product ids whose out-of-stock lines go.
    pub product_ids: String,
    /// 1: move them to the wishlist (login required) instead of only removing them.
    pub isWishList: Option<String>,
}

/// Removes the out-of-stock lines of the given products, moving them to the wishlist when asked,
/// in one step; answers the repriced cart.
#[utoipa::path(delete, path = "/api/v4/carts-new/{id}/delete-oos-cart-items/", tag = "cart", params(("id" = i64, Path), OosQuery, CartQuery),
    responses((status = 200, body = CartOut), (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn delete_oos_items(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(cart_id): Path<String>,
    Query(q): Query<OosQuery>,
    Query(choices): Query<CartQuery>,
) -> ApiResult<axum::Json<CartOut>> {
    let id = path_id(&cart_id).ok_or_else(not_found_cart)?;
    let (owner, mut row) = own_cart(&state, &viewer, Some(id)).await?;
    let mut products = Vec::new();
    for part in q.product_ids.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        products.push(part.parse::<i64>().map_err(|_| ApiError::field("product_ids", "product_ids must be product ids separated by commas."))?);
    }
    let user_id = if is_yes(&q.isWishList) { Some(viewer.require_user()?.id) } else { None };
    // Which lines are out of stock needs the lines read, not the cart priced.
    let items = load_cart(&state, owner, &row).await?.items;
    let gone: Vec<&CartItemOut> = items.iter().filter(|i| i.stock.status == 0 && (products.is_empty() || products.contains(&i.product_detail.id))).collect();
    let gone_ids: Vec<i64> = gone.iter().map(|i| i.id).collect();
    let priced = apply_cart_query(&state, &viewer, owner, &mut row, &choices, LineChange::Remove(&gone_ids)).await?;
    if let Some(user_id) = user_id {
        let kept: Vec<WishlistChoice> = gone
            .iter()
            .map(|item| {
                let combo = item.combo_sizes.clone().unwrap_or_default();
                WishlistChoice {
                    product_id: item.product_detail.id,
                    first_combo_size: combo.first().cloned().unwrap_or_default(),
                    second_combo_size: combo.get(1).cloned().unwrap_or_default(),
                    multi_combo_size: String::new(),
                }
            })
            .collect();
        wishlist::keep_in_wishlist(&state, user_id, &kept).await?;
    }
    state.store.remove_lines(row.id, &gone_ids).await?;
    Ok(axum::Json(match priced {
        Some(cart) => cart,
        None => build_cart(&state, &viewer, owner, &row).await?,
    }))
}

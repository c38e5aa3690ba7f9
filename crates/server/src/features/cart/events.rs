//! The cart's event data (spec 000 §3) for analytics and the engagement tool: what the shopper would
//! pay, the coupon when it applies, the average discount off MRP.

use super::priced::build_cart;
use super::views::CartEventData;
use super::{not_found_cart, owner};
use crate::error::ApiResult;
use crate::extract::path_id;
use crate::security::Viewer;
use crate::AppState;
use axum::extract::{Path, State};

/// The visitor's own cart's event data; None without a cart.
pub async fn cart_event_data(state: &AppState, viewer: &Viewer) -> ApiResult<Option<CartEventData>> {
    let Some(owner) = owner(viewer) else { return Ok(None) };
    let Some(row) = state.store.cart_row(owner).await? else { return Ok(None) };
    Ok(build_cart(state, viewer, owner, &row).await?.event_data)
}

/// The cart's event data (spec 000 §3) for the visitor's own cart.
#[utoipa::path(get, path = "/api/v3/webengage-cart/{id}/", tag = "shopper", params(("id" = i64, Path)),
    responses((status = 200, body = CartEventData), (status = 404, body = crate::error::ErrorBody)))]
pub async fn webengage_cart(State(state): State<AppState>, viewer: Viewer, Path(id): Path<String>) -> ApiResult<axum::Json<CartEventData>> {
    let id = path_id(&id).ok_or_else(not_found_cart)?;
    match cart_event_data(&state, &viewer).await? {
        Some(c) if c.cart_id == id => Ok(axum::Json(c)),
        _ => Err(not_found_cart()),
    }
}

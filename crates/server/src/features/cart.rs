//! The cart as far as the foundation goes: the header's cart count.

use crate::error::ApiResult;
use crate::security::Viewer;
use crate::AppState;
use axum::extract::State;
use axum::Json;
use drape_store::carts::CartOwner;
use serde::Serialize;

#[derive(Serialize, utoipa::ToSchema)]
pub struct CartQuantity {
    /// Pieces in the visitor's cart.
    pub cart_quantity: i64,
}

/// The visitor's cart owner, if they have a cart at all.
pub fn owner(viewer: &Viewer) -> Option<CartOwner<'_>> {
    match (&viewer.user, &viewer.guest_token) {
        (Some(u), _) => Some(CartOwner::Shopper(u.id)),
        (None, Some(t)) => Some(CartOwner::Guest(t)),
        (None, None) => None,
    }
}

pub async fn quantity_of(state: &AppState, viewer: &Viewer) -> ApiResult<i64> {
    Ok(match owner(viewer) {
        Some(o) => state.store.cart_quantity(o).await?,
        None => 0,
    })
}

/// Cart quantity for the header (`?t=` is a cache-buster and is ignored).
#[utoipa::path(get, path = "/cart_dropdown_mobile_ajax/", tag = "cart", responses((status = 200, body = CartQuantity)))]
pub async fn cart_dropdown(State(state): State<AppState>, viewer: Viewer) -> ApiResult<Json<CartQuantity>> {
    Ok(Json(CartQuantity { cart_quantity: quantity_of(&state, &viewer).await? }))
}


//! Recently viewed products: kept on the server for shoppers (from the product page's
//! `product_viewed` event), on the device for guests, merged from the device at login.

use crate::error::{ApiError, ApiResult};
use crate::extract::Json;
use crate::features::catalog::{self, ProductCard};
use crate::security::Viewer;
use crate::AppState;
use axum::extract::State;
use serde::{Deserialize, Serialize};

#[derive(Serialize, utoipa::ToSchema)]
pub struct RecentlyViewed {
    /// Newest first, at most 20.
    pub products: Vec<ProductCard>,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct ViewsFromDevice {
    /// The device's list, newest first; unknown ids are skipped.
    pub product_ids: Vec<i64>,
}

async fn list(state: &AppState, user_id: i64) -> ApiResult<RecentlyViewed> {
    let ids = state.store.recently_viewed(user_id).await?;
    let mut products = state.store.products_by_ids(&ids).await?;
    products.retain(|p| p.is_active());
    products.sort_by_key(|p| ids.iter().position(|id| *id == p.id));
    Ok(RecentlyViewed { products: catalog::cards(state, &products).await? })
}

/// The shopper's recently viewed products, newest first.
#[utoipa::path(get, path = "/api/v1/recently-viewed/", tag = "account", responses((status = 200, body = RecentlyViewed), (status = 401, body = crate::error::ErrorBody)))]
pub async fn recently_viewed(State(state): State<AppState>, viewer: Viewer) -> ApiResult<axum::Json<RecentlyViewed>> {
    let user = viewer.require_user()?;
    Ok(axum::Json(list(&state, user.id).await?))
}

/// Merges the device's list (at login) into the shopper's.
#[utoipa::path(post, path = "/api/v1/recently-viewed/", tag = "account", request_body = ViewsFromDevice,
    responses((status = 200, body = RecentlyViewed), (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody)))]
pub async fn merge_views(State(state): State<AppState>, viewer: Viewer, Json(body): Json<ViewsFromDevice>) -> ApiResult<axum::Json<RecentlyViewed>> {
    let user = viewer.require_user()?;
    if body.product_ids.len() > drape_store::account::VIEWS_KEPT as usize || body.product_ids.iter().any(|id| *id <= 0) {
        return Err(ApiError::field("product_ids", "At most 20 product ids."));
    }
    state.store.record_views(user.id, &body.product_ids, state.now()).await?;
    Ok(axum::Json(list(&state, user.id).await?))
}

/// Forgets the shopper's recently viewed products.
#[utoipa::path(delete, path = "/api/v1/recently-viewed/", tag = "account", responses((status = 200, body = RecentlyViewed), (status = 401, body = crate::error::ErrorBody)))]
pub async fn clear_views(State(state): State<AppState>, viewer: Viewer) -> ApiResult<axum::Json<RecentlyViewed>> {
    let user = viewer.require_user()?;
    state.store.clear_views(user.id).await?;
    Ok(axum::Json(RecentlyViewed { products: vec![] }))
}

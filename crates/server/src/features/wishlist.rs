//! The wishlist (spec 000 §3 wishlist entry, §7 calls): a logged-in shopper's saved products with
//! the sizes they chose, toggled from the product page, paged on the wishlist page, and filled from
//! the cart's out-of-stock lines. Bounded: 200 entries, 20 per request, 50 a page.

use crate::error::{ApiError, ApiResult};
use crate::extract::{path_id, Json, Query};
use crate::features::catalog;
use crate::security::Viewer;
use crate::AppState;
use axum::extract::State;
use drape_domain::engagement::wishlist_sizes_ok;
use drape_domain::limits::{WISHLIST_MAX_ENTRIES, WISHLIST_MAX_PER_REQUEST, WISHLIST_PAGE_SIZE};
use drape_store::engagement::WishlistChoice;
use serde::{Deserialize, Serialize};

#[derive(Deserialize, utoipa::ToSchema)]
pub struct WishlistEntry {
    pub product: i64,
    pub child_product: Option<i64>,
    pub first_combo_size: Option<String>,
    pub second_combo_size: Option<String>,
    pub multi_combo_size: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct WishlistAnswer {
    pub status: String,
    /// Whether the last entry is in the wishlist now.
    pub in_wishlist: bool,
    pub wishlist_count: i64,
}

fn size_text(v: &Option<String>) -> String {
    v.as_deref().unwrap_or("").trim().to_string()
}

fn wishlist_full() -> ApiError {
    ApiError::bad_request(format!("Your wishlist is full ({WISHLIST_MAX_ENTRIES} items). Please remove something first."))
}

/// Toggles each entry in the shopper's wishlist: all of them, or none when one is not valid or the
/// wishlist would pass its size.
#[utoipa::path(post, path = "/api/v3/wishlist/", tag = "shopper", request_body = Vec<WishlistEntry>,
    responses((status = 200, body = WishlistAnswer), (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn toggle_wishlist(State(state): State<AppState>, viewer: Viewer, Json(entries): Json<Vec<WishlistEntry>>) -> ApiResult<axum::Json<WishlistAnswer>> {
    let user = viewer.require_user()?;
    if entries.is_empty() || entries.len() > WISHLIST_MAX_PER_REQUEST {
        return Err(ApiError::bad_request(format!("Send one to {WISHLIST_MAX_PER_REQUEST} wishlist entries.")));
    }
    // Check everything before changing anything.
    let product_ids: Vec<i64> = entries.iter().map(|e| e.child_product.unwrap_or(e.product)).collect();
    let products = state.store.products_by_ids(&product_ids).await?;
    let sizes = state.store.sizes_of_products(&product_ids).await?;
    let mut choices = Vec::new();
    for (e, product_id) in entries.iter().zip(&product_ids) {
        let p = products.iter().find(|p| p.id == *product_id).ok_or_else(|| ApiError::not_found("We couldn't find that product."))?;
        let choice = WishlistChoice {
            product_id: p.id,
            first_combo_size: size_text(&e.first_combo_size),
            second_combo_size: size_text(&e.second_combo_size),
            multi_combo_size: size_text(&e.multi_combo_size),
        };
        let product_sizes: Vec<(i64, &str)> = sizes.iter().filter(|s| s.product_id == p.id).map(|s| (s.part, s.value.as_str())).collect();
        if !wishlist_sizes_ok(&product_sizes, p.is_combo(), &choice.first_combo_size, &choice.second_combo_size, &choice.multi_combo_size) {
            return Err(ApiError::field("size", "That size is not one this product comes in."));
        }
        choices.push(choice);
    }
    let in_wishlist = state.store.toggle_wishlist(user.id, &choices, WISHLIST_MAX_ENTRIES, state.now()).await?.map_err(|_| wishlist_full())?;
    Ok(axum::Json(WishlistAnswer { status: "success".into(), in_wishlist, wishlist_count: state.store.wishlist_count(user.id).await? }))
}

/// Moves out-of-stock cart lines' choices to the wishlist (all or none).
pub async fn keep_in_wishlist(state: &AppState, user_id: i64, choices: &[WishlistChoice]) -> ApiResult<()> {
    state.store.add_to_wishlist(user_id, choices, WISHLIST_MAX_ENTRIES, state.now()).await?.map_err(|_| wishlist_full())
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct WishlistItemOut {
    pub id: i64,
    pub product: catalog::ProductCard,
    pub first_combo_size: String,
    pub second_combo_size: String,
    pub multi_combo_size: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct WishlistOut {
    /// One page of entries, newest first.
    pub items: Vec<WishlistItemOut>,
    /// Entries in the whole wishlist.
    pub wishlist_count: i64,
    /// This page's number (from 1) and how many pages there are.
    pub number: i64,
    pub num_pages: i64,
    pub has_next: bool,
}

pub async fn wishlist_out(state: &AppState, user_id: i64, page: i64) -> ApiResult<WishlistOut> {
    let (rows, total) = state.store.wishlist_page(user_id, WISHLIST_PAGE_SIZE, (page - 1) * WISHLIST_PAGE_SIZE).await?;
    let ids: Vec<i64> = rows.iter().map(|r| r.product_id).collect();
    let products = state.store.products_by_ids(&ids).await?;
    let cards = catalog::cards(state, &products).await?;
    let items: Vec<WishlistItemOut> = rows
        .into_iter()
        .filter_map(|r| {
            let card = cards.iter().find(|c| c.id == r.product_id)?;
            Some(WishlistItemOut {
                id: r.id,
                product: card.clone(),
                first_combo_size: r.first_combo_size,
                second_combo_size: r.second_combo_size,
                multi_combo_size: r.multi_combo_size,
            })
        })
        .collect();
    let num_pages = ((total + WISHLIST_PAGE_SIZE - 1) / WISHLIST_PAGE_SIZE).max(1);
    Ok(WishlistOut { items, wishlist_count: total, number: page, num_pages, has_next: page < num_pages })
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct WishlistQuery {
    /// Page number, from 1 (50 entries a page).
    #[param(minimum = 1, maximum = 1000)]
    pub page: Option<String>,
}

/// The shopper's wishlist, newest first, a page at a time, with combo sizes as saved.
#[utoipa::path(get, path = "/api/v3/wishlist/", tag = "shopper", params(WishlistQuery),
    responses((status = 200, body = WishlistOut), (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody)))]
pub async fn wishlist(State(state): State<AppState>, viewer: Viewer, Query(q): Query<WishlistQuery>) -> ApiResult<axum::Json<WishlistOut>> {
    let user = viewer.require_user()?;
    let page = match q.page.as_deref().map(str::trim) {
        None | Some("") => 1,
        Some(v) => v.parse::<i64>().ok().filter(|n| (1..=1000).contains(n)).ok_or_else(|| ApiError::field("page", "Page must be a number from 1 to 1000."))?,
    };
    Ok(axum::Json(wishlist_out(&state, user.id, page).await?))
}

/// Removes one wishlist entry of the shopper's.
#[utoipa::path(delete, path = "/api/v3/wishlist/{id}/", tag = "shopper", params(("id" = i64, Path)),
    responses((status = 200, body = WishlistOut), (status = 401, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn remove_wishlist_entry(
    State(state): State<AppState>,
    viewer: Viewer,
    axum::extract::Path(id): axum::extract::Path<String>,
) -> ApiResult<axum::Json<WishlistOut>> {
    let user = viewer.require_user()?;
    let id = path_id(&id).ok_or_else(|| ApiError::not_found("That item is not in your wishlist."))?;
    if !state.store.remove_wishlist_entry(user.id, id).await? {
        return Err(ApiError::not_found("That item is not in your wishlist."));
    }
    Ok(axum::Json(wishlist_out(&state, user.id, 1).await?))
}

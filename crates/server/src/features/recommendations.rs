//! Below-the-fold sections of the product page: similar products, match-the-set, people also bought,
//! recently viewed (ids kept by the browser) and re-order.

use crate::error::{ApiError, ApiResult};
use crate::extract::{path_id, Query};
use crate::features::catalog::{self, ProductCard};
use crate::security::Viewer;
use crate::AppState;
use axum::extract::{Path, State};
use axum::Json;
use serde::{Deserialize, Serialize};

pub const SIMILAR_PER_PAGE: i64 = 8;

#[derive(Serialize, utoipa::ToSchema)]
pub struct SimilarPage {
    pub products: Vec<ProductCard>,
    pub page: i64,
    pub has_next: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Cards {
    pub products: Vec<ProductCard>,
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct SimilarQuery {
    pub productid: String,
    /// Page number, from 0.
    #[param(value_type = Option<i64>, minimum = 0, maximum = 1000)]
    pub page: Option<String>,
}

/// Other styles in the product's category, same colour and nearest price first, 8 a page (page 0 first).
#[utoipa::path(get, path = "/web/api/v1/more-like-this/", tag = "recommendations", params(SimilarQuery),
    responses((status = 200, body = SimilarPage), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn more_like_this(State(state): State<AppState>, Query(q): Query<SimilarQuery>) -> ApiResult<Json<SimilarPage>> {
    let id: i64 = path_id(&q.productid).ok_or_else(|| ApiError::field("productid", "productid must be a product id."))?;
    let page: i64 = match q.page.as_deref().map(str::trim) {
        None | Some("") => 0,
        Some(v) => v.parse().ok().filter(|n| (0..=1000).contains(n)).ok_or_else(|| ApiError::field("page", "Page must be a number from 0."))?,
    };
    let p = state.store.product_by_id(id).await?;
    let filed = state.store.product_category_ids(p.id).await?;
    // The most specific categories: those that are not a parent of another one the product is filed under.
    let cats = state.store.categories().await?;
    let leaves: Vec<i64> = filed.iter().copied().filter(|c| !cats.iter().any(|x| x.parent_id == Some(*c) && filed.contains(&x.id))).collect();
    let found = state.store.similar_products(&p, &leaves, SIMILAR_PER_PAGE + 1, page * SIMILAR_PER_PAGE).await?;
    let has_next = found.len() as i64 > SIMILAR_PER_PAGE;
    let shown: Vec<_> = found.into_iter().take(SIMILAR_PER_PAGE as usize).collect();
    Ok(Json(SimilarPage { products: catalog::cards(&state, &shown).await?, page, has_next }))
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct KindQuery {
    /// `match-the-set` or `people-also-bought`
    pub kind: String,
}

/// Match-the-set (the other half of a set in the same colour) or people-also-bought (products bought
/// in the same orders).
#[utoipa::path(get, path = "/web/api/v1/recommendations/{slug}/", tag = "recommendations", params(("slug" = String, Path), KindQuery),
    responses((status = 200, body = Cards), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn recommendations(State(state): State<AppState>, Path(slug): Path<String>, Query(q): Query<KindQuery>) -> ApiResult<Json<Cards>> {
    let p = catalog::find_product(&state, &slug).await?;
    let products = match q.kind.as_str() {
        "match-the-set" => {
            let cats = state.store.categories().await?;
            // A bra pairs with panties and a panty with bras; sets and the rest pair with neither.
            let other = match drape_domain::categories::top(&cats, p.category_id) {
                1 => Some(2),
                2 => Some(1),
                _ => None,
            };
            match other {
                Some(top) => state.store.products_in_colour(&p.color_name, &[top], 6).await?,
                None => vec![],
            }
        }
        "people-also-bought" => {
            let ids = state.store.bought_together(p.id, 8).await?;
            state.store.products_by_ids(&ids).await?
        }
        _ => return Err(ApiError::field("kind", "kind must be match-the-set or people-also-bought.")),
    };
    Ok(Json(Cards { products: catalog::cards(&state, &products).await? }))
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct IdsQuery {
    /// Comma-separated product ids, at most 20.
    pub ids: String,
}

/// Product cards by id, in the order asked (the browser's recently-viewed list).
#[utoipa::path(get, path = "/web/api/v1/products/by-ids/", tag = "recommendations", params(IdsQuery),
    responses((status = 200, body = Cards), (status = 400, body = crate::error::ErrorBody)))]
pub async fn by_ids(State(state): State<AppState>, Query(q): Query<IdsQuery>) -> ApiResult<Json<Cards>> {
    let mut ids = Vec::new();
    for part in q.ids.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let id: i64 = part.parse().ok().filter(|n| *n > 0).ok_or_else(|| ApiError::field("ids", "ids must be product ids separated by commas."))?;
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    if ids.len() > 20 {
        return Err(ApiError::field("ids", "At most 20 products at a time."));
    }
    let products: Vec<_> = state.store.products_by_ids(&ids).await?.into_iter().filter(|p| p.is_active()).collect();
    Ok(Json(Cards { products: catalog::cards(&state, &products).await? }))
}

/// Products from the shopper's delivered orders, most recent first (empty for guests).
#[utoipa::path(get, path = "/web/api/v1/reorder-products/", tag = "recommendations", responses((status = 200, body = Cards)))]
pub async fn reorder_products(State(state): State<AppState>, viewer: Viewer) -> ApiResult<Json<Cards>> {
    let Some(user) = &viewer.user else { return Ok(Json(Cards { products: vec![] })) };
    let ids = state.store.delivered_product_ids(user.id, 12).await?;
    let products = state.store.products_by_ids(&ids).await?;
    Ok(Json(Cards { products: catalog::cards(&state, &products).await? }))
}

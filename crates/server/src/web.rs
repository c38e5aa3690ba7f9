//! The built web app, served on the same origin. Client routes fall back to index.html;
//! API paths never do: an unknown API path is a JSON 404.

use crate::error::ApiError;
use crate::AppState;
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

/// Path prefixes that belong to the API (the spec's legacy paths included), never to the web app.
pub const API_PREFIXES: &[&str] = &[
    "/api/",
    "/web/api/",
    "/dev/",
    "/media/",
    "/healthz",
    "/iteminstock/",
    "/cart_dropdown_mobile_ajax/",
    "/mobile_logout/",
    "/addproductrequest/",
    "/bp_pp_product_details_page/",
    "/get-my-rating/",
    "/rating/",
    "/save-product-feedback/",
    "/pin_state_city/",
    "/check_pincode/",
    "/add_to_cart_order/",
    "/cancel-order/",
    "/cancel-prepaid-order/",
    "/exchange_realtime_size/",
    "/sap_exchange_return_request/",
    "/exchange_return_request/",
    "/calculate_return_price_new/",
    "/showOfferProductsExchange/",
    "/get/view-cart-info/",
    "/get-event-data/",
    "/get-checkout-complete-data/",
    "/check-cart-stock/",
    "/ops/",
];

pub fn is_api_path(path: &str) -> bool {
    API_PREFIXES.iter().any(|p| path.starts_with(p))
}

pub async fn fallback(State(state): State<AppState>, req: Request) -> Response {
    let path = req.uri().path().to_string();
    if is_api_path(&path) {
        return ApiError::not_found("There is no such API path.").into_response();
    }
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return ApiError::for_status(StatusCode::METHOD_NOT_ALLOWED).into_response();
    }
    let dir = &state.config.web_dir;
    let index = dir.join("index.html");
    if !index.exists() {
        return ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "web_app_missing", "The web app is not built yet: run `make build`.").into_response();
    }
    // No file system has names this long; asking for one is a 404, not an I/O error.
    if path.split('/').any(|segment| segment.len() > 255) {
        return ApiError::not_found("We couldn't find that page.").into_response();
    }
    let is_asset = path.starts_with("/assets/");
    // A missing hashed asset (a stale chunk after a deploy) is a 404: answering index.html would be
    // cached for a year as if it were that script.
    let served = if is_asset { ServeDir::new(dir).oneshot(req).await } else { ServeDir::new(dir).fallback(ServeFile::new(index)).oneshot(req).await };
    let mut res = match served {
        Ok(r) => r.into_response(),
        Err(e) => match e {},
    };
    if !res.status().is_success() {
        return res;
    }
    // Vite names assets by content hash, so they never change; index.html must always be fresh.
    let cache = if is_asset { "public, max-age=31536000, immutable" } else { "no-cache" };
    res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    res
}

//! Validators on catalog answers and media: a weak `ETag` worked out from the body, and `304 Not
//! Modified` without a body when the browser already holds it (`If-None-Match`). Catalog answers
//! are `Cache-Control: private, no-cache`: the browser may keep them but asks every time (they can
//! carry the viewer's wishlist flag, so no shared cache keeps them), and a phone on a slow network
//! then downloads only what changed.
//!
//! The tag is a hash of the bytes the handler answered, before compression: weak (`W/`), as one
//! tag then stands for the gzip and the Brotli forms of the same answer.

use axum::body::HttpBody as _;
use axum::body::{to_bytes, Body};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};

/// Bodies above this are sent without a tag (no catalog answer or image comes near it).
const MOST_BYTES: u64 = 4 * 1024 * 1024;

/// Catalog answers: the same for every visitor but for viewer flags, read far more than changed.
const CATALOG: [&str; 12] = [
    "/web/api/v1/product-mobile/",
    "/web/api/v1/product/",
    "/web/api/v1/product-feature/",
    "/iteminstock/",
    "/web/api/v1/products/",
    "/web/api/v1/drape-search/",
    "/web/api/v1/drape-popular-search/",
    "/web/api/v1/drape-topproducts-search/",
    "/api/v2/main-menu-msite/",
    "/web/api/v1/featured/",
    "/web/api/v1/more-like-this/",
    "/web/api/v1/recommendations/",
];

/// Under a catalog prefix but the shopper's own: stays `no-store`, without a tag.
const PERSONAL: [&str; 1] = ["/web/api/v1/product/last-purchased-size/"];

pub fn is_catalog_answer(path: &str) -> bool {
    CATALOG.iter().any(|p| path.starts_with(p)) && !PERSONAL.iter().any(|p| path.starts_with(p))
}

/// Should this request's answer carry a validator?
pub fn wanted(method: &Method, path: &str) -> bool {
    method == Method::GET && (is_catalog_answer(path) || path.starts_with("/media/"))
}

/// Tags a successful answer, or turns it into a 304 when `asked` (the request's `If-None-Match`)
/// already names its tag.
pub async fn tagged(asked: Option<HeaderValue>, res: Response) -> Response {
    if res.status() != StatusCode::OK {
        return res;
    }
    // A kept answer (crate::kept) comes with its tag worked out once.
    if let Some(tag) = res.headers().get(header::ETAG) {
        if asked.is_some_and(|a| tag.to_str().is_ok_and(|t| names(&a, t))) {
            return not_modified(res.into_parts().0);
        }
        return res;
    }
    let (mut parts, body) = res.into_parts();
    match body.size_hint().exact() {
        Some(n) if n <= MOST_BYTES => {}
        _ => return Response::from_parts(parts, body),
    }
    let Ok(bytes) = to_bytes(body, MOST_BYTES as usize).await else {
        // The handler's body failed while being read: an error, never an empty 200.
        tracing::error!("an answer's body could not be read for its tag");
        return crate::error::ApiError::internal().into_response();
    };
    let value = crate::kept::tag_of(&bytes);
    let tag = value.to_str().unwrap_or_default().to_string();
    parts.headers.insert(header::ETAG, value);
    if asked.is_some_and(|a| names(&a, &tag)) {
        return not_modified(parts);
    }
    Response::from_parts(parts, Body::from(bytes))
}

/// Does an If-None-Match value name this tag? Compared weakly (RFC 9110 §13.1.2): `W/` aside.
fn names(asked: &HeaderValue, tag: &str) -> bool {
    let Ok(asked) = asked.to_str() else { return false };
    let bare = |t: &str| t.trim().trim_start_matches("W/").to_string();
    asked.trim() == "*" || asked.split(',').any(|t| bare(t) == bare(tag))
}

/// The answer's headers (its tag among them) without its body.
fn not_modified(mut parts: axum::http::response::Parts) -> Response {
    parts.status = StatusCode::NOT_MODIFIED;
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.remove(header::CONTENT_TYPE);
    Response::from_parts(parts, Body::empty())
}

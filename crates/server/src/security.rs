//! Cookies, CSRF, the session behind a request, the security headers every answer carries, and the
//! rewriting of any error into the one JSON error shape.
//!
//! CSRF works the way the spec's clients send it: a `csrftoken` cookie that scripts can read, echoed in
//! the `X-CSRFToken` header (JSON calls) or the `csrfmiddlewaretoken` form field (form posts).
//! Any POST, PUT, PATCH or DELETE without a matching pair is refused with 403 before a handler runs.

use crate::error::ApiError;
use crate::AppState;
use axum::body::{to_bytes, Body};
use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use drape_store::auth::User;
use futures_util::FutureExt as _;
use rand::RngCore;
use std::panic::AssertUnwindSafe;

pub const SESSION_COOKIE: &str = "sessionid";
pub const CSRF_COOKIE: &str = "csrftoken";
pub const CSRF_HEADER: &str = "x-csrftoken";
pub const CSRF_FIELD: &str = "csrfmiddlewaretoken";
pub const GUEST_CART_COOKIE: &str = "guestcart";
pub const SESSION_DAYS: i64 = 30;
/// Largest body accepted anywhere (and the most the CSRF check reads of a form).
pub const BODY_LIMIT: usize = 64 * 1024;

/// 32 random bytes as hex: session tokens, CSRF tokens.
pub fn random_token() -> String {
    let mut b = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut b);
    hex::encode(b)
}

pub fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_string())
        .filter(|v| !v.is_empty())
}

/// A `Set-Cookie` value. `http_only` for secrets; the CSRF cookie must stay readable by scripts.
pub fn set_cookie(name: &str, value: &str, max_age_secs: i64, http_only: bool, secure: bool) -> HeaderValue {
    let mut c = format!("{name}={value}; Path=/; Max-Age={max_age_secs}; SameSite=Lax");
    if http_only {
        c.push_str("; HttpOnly");
    }
    if secure {
        c.push_str("; Secure");
    }
    HeaderValue::from_str(&c).expect("cookie is ascii")
}

/// Where the payment provider posts its webhooks: authenticated by their signature, not a cookie.
pub const PAYMENT_WEBHOOK_PATH: &str = "/api/v1/payments/razorpay/webhook/";

/// Calls that come from the payment provider (or the sandbox standing in for it), not from the shop's
/// pages: they carry no CSRF cookie and prove themselves by signatures and keys.
fn from_payment_provider(path: &str) -> bool {
    path == PAYMENT_WEBHOOK_PATH || path == PAYU_RETURN_PATH || path.starts_with("/sandbox/razorpay/") || path.starts_with("/sandbox/payu/")
}

/// Where PayU's hosted page sends the shopper's browser back, with the answer and its reverse hash. A
/// cross-site form post: no cookie comes with it, the hash is the proof.
pub const PAYU_RETURN_PATH: &str = "/api/v1/payments/payu/return/";

fn is_state_changing(m: &Method) -> bool {
    matches!(*m, Method::POST | Method::PUT | Method::PATCH | Method::DELETE)
}

fn csrf_refused(why: &str) -> Response {
    ApiError::new(StatusCode::FORBIDDEN, "csrf_failed", format!("{why} Please reload the page and try again.")).into_response()
}

/// Checks CSRF on state-changing requests (a refusal never reaches a handler), runs the handler, and
/// hands out a `csrftoken` cookie to clients without one.
async fn csrf_checked(state: &AppState, req: Request, next: Next) -> Response {
    let cookie_token = cookie(req.headers(), CSRF_COOKIE);
    let req = if is_state_changing(req.method()) && !from_payment_provider(req.uri().path()) {
        let Some(expected) = cookie_token.clone() else {
            return csrf_refused("Your security token is missing.");
        };
        let header_token = req.headers().get(CSRF_HEADER).and_then(|v| v.to_str().ok()).map(str::to_string);
        match header_token {
            Some(t) if t == expected => req,
            Some(_) => return csrf_refused("Your security token does not match."),
            None => {
                let is_form =
                    req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
                if !is_form {
                    return csrf_refused("Your security token is missing.");
                }
                let (parts, body) = req.into_parts();
                let Ok(bytes) = to_bytes(body, BODY_LIMIT).await else {
                    return ApiError::for_status(StatusCode::PAYLOAD_TOO_LARGE).into_response();
                };
                let field = form_urlencoded_value(&bytes, CSRF_FIELD);
                if field.as_deref() != Some(expected.as_str()) {
                    return csrf_refused("Your security token is missing or does not match.");
                }
                Request::from_parts(parts, Body::from(bytes))
            }
        }
    } else {
        req
    };
    // Hashed assets, media and catalog answers are the same for every visitor without cookies: a
    // cookie on them would keep shared caches from keeping them. The app gets its token from the
    // page itself or its first other call.
    let path = req.uri().path();
    let is_static =
        path.starts_with("/assets/") || path.starts_with("/media/") || (req.method() == Method::GET && crate::revalidation::is_catalog_answer(path));
    let mut res = crate::kept::arrival(req, next).await;
    let rotated = res.headers().get_all(header::SET_COOKIE).iter().any(|v| v.as_bytes().starts_with(CSRF_COOKIE.as_bytes()));
    if cookie_token.is_none() && !is_static && !rotated {
        res.headers_mut().append(header::SET_COOKIE, csrf_cookie(&random_token(), state.config.secure_cookies));
    }
    res
}

/// The `csrftoken` cookie: readable by the page's scripts, which echo it in `X-CSRFToken`.
pub fn csrf_cookie(token: &str, secure: bool) -> HeaderValue {
    set_cookie(CSRF_COOKIE, token, 365 * 24 * 3600, false, secure)
}

/// For GET calls that change something (the cart's codes): the spec's client sends `x-csrftoken` on
/// every JSON call, GETs included, so such a GET must carry it, and a link on another site cannot.
pub fn require_csrf_header(headers: &HeaderMap) -> Result<(), ApiError> {
    let expected = cookie(headers, CSRF_COOKIE);
    let sent = headers.get(CSRF_HEADER).and_then(|v| v.to_str().ok());
    match (expected, sent) {
        (Some(e), Some(s)) if e == s => Ok(()),
        _ => {
            Err(ApiError::new(StatusCode::FORBIDDEN, "csrf_failed", "Your security token is missing or does not match. Please reload the page and try again."))
        }
    }
}

fn form_urlencoded_value(body: &[u8], name: &str) -> Option<String> {
    serde_urlencoded::from_bytes::<Vec<(String, String)>>(body).ok()?.into_iter().find(|(k, _)| k == name).map(|(_, v)| v)
}

/// The visitor behind a request: a logged-in shopper (from `sessionid`) or a guest,
/// with the guest-cart token when the browser has one.
#[derive(Debug, Clone)]
pub struct Viewer {
    pub user: Option<User>,
    pub session_token: Option<String>,
    pub guest_token: Option<String>,
}

impl Viewer {
    pub fn is_privileged(&self) -> bool {
        self.user.as_ref().is_some_and(User::is_privileged)
    }
    pub fn is_affiliate(&self) -> bool {
        self.user.as_ref().is_some_and(|u| u.is_affiliate)
    }
    /// Whose cart is the visitor's: the shopper's, or the guest's by its cookie; None without either.
    pub fn cart_owner(&self) -> Option<drape_store::carts::CartOwner<'_>> {
        use drape_store::carts::CartOwner;
        match (&self.user, &self.guest_token) {
            (Some(u), _) => Some(CartOwner::Shopper(u.id)),
            (None, Some(t)) => Some(CartOwner::Guest(t)),
            (None, None) => None,
        }
    }

    pub fn require_user(&self) -> Result<&User, ApiError> {
        self.user.as_ref().ok_or_else(ApiError::unauthorized)
    }
}

impl FromRequestParts<AppState> for Viewer {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let session_token = cookie(&parts.headers, SESSION_COOKIE);
        let user = match &session_token {
            // A malformed cookie is simply no session.
            Some(t) if t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit()) => crate::kept::shoppers::session_user(state, t).await?,
            _ => None,
        };
        let guest_token = cookie(&parts.headers, GUEST_CART_COOKIE).filter(|t| drape_store::auth::is_guest_token(t));
        Ok(Viewer { user, session_token, guest_token })
    }
}

/// Any error without our JSON body (a rejected path, a wrong method, a caught panic) gets one,
/// so every 4xx and 5xx has the same shape.
async fn in_error_shape(res: Response) -> Response {
    let status = res.status();
    let is_json = res.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.starts_with("application/json"));
    if (status.is_client_error() || status.is_server_error()) && !is_json {
        let (mut parts, body) = res.into_parts();
        // A path or query rejection explains itself in plain text: keep its words.
        let text = to_bytes(body, 4096).await.ok().and_then(|b| String::from_utf8(b.to_vec()).ok()).unwrap_or_default();
        let mut e = ApiError::for_status(status);
        if status == StatusCode::BAD_REQUEST && !text.trim().is_empty() {
            e.body.message = format!("The request is not valid: {}", text.trim());
        }
        let fresh = e.into_response();
        parts.headers.remove(header::CONTENT_LENGTH);
        parts.headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        let (_, body) = fresh.into_parts();
        return Response::from_parts(parts, body);
    }
    res
}

/// The page may run only its own scripts and Razorpay's checkout, talk to itself and Razorpay's API,
/// and be framed by no one.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self' https://checkout.razorpay.com; style-src 'self'; \
    img-src 'self' data: blob: https://cdn.razorpay.com; media-src 'self'; font-src 'self'; \
    connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com; frame-src https://api.razorpay.com https://checkout.razorpay.com; \
    object-src 'none'; base-uri 'self'; form-action 'self' https://secure.payu.in https://test.payu.in; frame-ancestors 'none'";
/// Largest total of request headers accepted (a browser sends a few KB; cookies included).
pub const HEADER_LIMIT: usize = 16 * 1024;

/// The one middleware every request passes through (each layer costs every request: seven of them
/// were about a fifth of a kept product answer's instructions, docs/operations.md, session 19).
/// Headers over the limit are refused; CSRF is checked before the handler runs; a handler's panic
/// becomes the one 500; any error gets the one JSON shape and a 5xx is logged; every answer carries
/// the security headers, and API answers that did not choose their own caching get
/// `Cache-Control: no-store` (they depend on who asks: cart, wishlist, account, prices with the
/// viewer's wishlist flag); catalog answers and media get their validator.
pub async fn answers(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let started = std::time::Instant::now();
    let header_bytes: usize = req.headers().iter().map(|(k, v)| k.as_str().len() + v.len() + 4).sum();
    let (method, uri) = (req.method().clone(), req.uri().clone());
    let path = uri.path();
    let personal = crate::web::is_api_path(path) && !path.starts_with("/media/");
    let catalog = crate::revalidation::is_catalog_answer(path);
    let validate = crate::revalidation::wanted(&method, path);
    let asked = req.headers().get(header::IF_NONE_MATCH).cloned();
    let accepts: Vec<HeaderValue> = req.headers().get_all(header::ACCEPT_ENCODING).iter().cloned().collect();
    let mut res = if header_bytes > HEADER_LIMIT {
        ApiError::new(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            "headers_too_large",
            "The request's headers are too large. Please clear this site's cookies and try again.",
        )
        .into_response()
    } else {
        match AssertUnwindSafe(csrf_checked(&state, req, next)).catch_unwind().await {
            Ok(res) => in_error_shape(res).await,
            Err(_) => {
                tracing::error!(%method, path, "a request handler panicked");
                ApiError::internal().into_response()
            }
        }
    };
    let status = res.status();
    if status.is_server_error() {
        tracing::error!(%method, path, status = status.as_u16(), ms = started.elapsed().as_millis() as u64, "answered with a server error");
    } else {
        tracing::debug!(%method, path, status = status.as_u16(), us = started.elapsed().as_micros() as u64, "answered");
    }
    let h = res.headers_mut();
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin"));
    // A page that allows more of its own (a drawn page's inline styles, by their hashes: web.rs) keeps it.
    h.entry(header::CONTENT_SECURITY_POLICY).or_insert(HeaderValue::from_static(CONTENT_SECURITY_POLICY));
    if state.config.secure_cookies {
        h.insert(header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static("max-age=31536000; includeSubDomains"));
    }
    if personal && !h.contains_key(header::CACHE_CONTROL) {
        // Catalog answers may be kept by the browser and revalidated (crate::revalidation).
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static(if catalog { "private, no-cache" } else { "no-store" }));
    }
    if validate {
        res = crate::revalidation::tagged(asked, res).await;
    }
    crate::kept::encoded(res, &accepts)
}

//! Login with a mobile number and a one-time code, the session, and who-am-I for the header.

use crate::error::{ApiError, ApiResult};
use crate::extract::{ClientAddr, Json};
use crate::features::cart;
use crate::security::{self, random_token, set_cookie, Viewer, GUEST_CART_COOKIE, SESSION_COOKIE, SESSION_DAYS};
use crate::AppState;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::IntoResponse;
use chrono::Duration;
use drape_domain::otp::{self, CodeState, OtpCode};
use drape_domain::validation::Mobile;
use drape_store::auth::hash_secret;
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

#[derive(Deserialize, utoipa::ToSchema)]
pub struct OtpRequest {
    pub mobile: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct OtpSent {
    pub message: String,
    /// Seconds before another code may be asked for.
    pub resend_in: i64,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct LoginRequest {
    pub mobile: String,
    pub otp: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct UserOut {
    pub id: i64,
    pub mobile: String,
    pub email: Option<String>,
    pub name: String,
    pub is_superuser: bool,
    pub can_see_unused_stock: bool,
}

impl From<&drape_store::auth::User> for UserOut {
    fn from(u: &drape_store::auth::User) -> Self {
        UserOut {
            id: u.id,
            mobile: u.mobile.clone(),
            email: u.email.clone(),
            name: u.name.clone(),
            is_superuser: u.is_superuser,
            can_see_unused_stock: u.can_see_unused_stock,
        }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct LoggedIn {
    pub user: UserOut,
}

#[allow(non_snake_case)]
#[derive(Serialize, utoipa::ToSchema)]
pub struct Me {
    pub is_authenticated: bool,
    pub user: Option<UserOut>,
    pub wishlistCount: i64,
    pub cartCount: i64,
    pub notificationCount: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Done {
    pub status: String,
}

fn parse_mobile(raw: &str) -> ApiResult<Mobile> {
    Mobile::parse(raw.trim()).ok_or_else(|| ApiError::field("mobile", Mobile::MESSAGE))
}

/// Sends a login code to a mobile number (through the notification outbox).
#[utoipa::path(post, path = "/api/v1/auth/otp/", tag = "account", request_body = OtpRequest,
    responses((status = 200, body = OtpSent), (status = 400, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody)))]
pub async fn send_otp(State(state): State<AppState>, ClientAddr(client): ClientAddr, Json(req): Json<OtpRequest>) -> ApiResult<axum::Json<OtpSent>> {
    let mobile = parse_mobile(&req.mobile)?;
    let now = state.now();
    let hour_ago = now - Duration::hours(1);
    let store = &state.store;
    let last = store.latest_otp(mobile.as_str()).await?;
    let last_ago = last.map(|o| (now.timestamp_millis() - o.created_at) / 1000);
    let by_mobile = store.count_events_since("otp_send_mobile", mobile.as_str(), hour_ago).await?;
    let by_client = store.count_events_since("otp_send_client", &client, hour_ago).await?;
    otp::may_send(last_ago, by_mobile, by_client).map_err(|r| ApiError::too_many(r.message()))?;

    let code = format!("{:06}", rand::thread_rng().gen_range(0..1_000_000));
    store.insert_otp(mobile.as_str(), &code, now, now + otp::OTP_TTL).await?;
    store.enqueue_message("sms", mobile.as_str(), &otp::otp_message(&code), now).await?;
    store.record_event("otp_send_mobile", mobile.as_str(), now).await?;
    store.record_event("otp_send_client", &client, now).await?;
    if state.config.demo {
        tracing::info!(mobile = %mobile, code = %code, "demo mode: login code (also at /dev/outbox)");
    }
    Ok(axum::Json(OtpSent {
        message: format!("OTP sent to {}", otp::masked_mobile(mobile.as_str())),
        resend_in: otp::RESEND_AFTER_SECS,
    }))
}

/// Logs in with the code; starts a session and merges the guest cart into the shopper's.
#[utoipa::path(post, path = "/api/v1/auth/login/", tag = "account", request_body = LoginRequest,
    responses((status = 200, body = LoggedIn), (status = 400, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody)))]
pub async fn login(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    viewer: Viewer,
    Json(req): Json<LoginRequest>,
) -> ApiResult<impl IntoResponse> {
    let mobile = parse_mobile(&req.mobile)?;
    let code = OtpCode::parse(&req.otp).ok_or_else(|| ApiError::field("otp", "Please enter the 6 digit OTP."))?;
    let now = state.now();
    let store = &state.store;
    let failures = store.count_events_since("otp_fail_client", &client, now - Duration::hours(1)).await?;
    let latest = store.latest_otp(mobile.as_str()).await?;
    let code_state = latest.as_ref().map(|o| CodeState {
        expired: o.expires_at <= now.timestamp_millis(),
        used: o.consumed_at.is_some(),
        guesses: o.guesses,
    });
    let matches = latest.as_ref().is_some_and(|o| o.code_hash == hash_secret(&format!("{mobile}:{}", code.as_str())));
    if let Err(refusal) = otp::check_code(code_state, failures, matches) {
        if refusal == otp::CodeRefusal::Wrong {
            if let Some(o) = &latest {
                store.count_wrong_guess(o.id).await?;
            }
            store.record_event("otp_fail_client", &client, now).await?;
        }
        let status = if refusal == otp::CodeRefusal::TooManyGuesses { StatusCode::TOO_MANY_REQUESTS } else { StatusCode::BAD_REQUEST };
        return Err(ApiError::new(status, "otp_refused", refusal.message()));
    }
    let otp_row = latest.expect("checked above");
    if !store.consume_otp(otp_row.id, now).await? {
        return Err(ApiError::new(StatusCode::BAD_REQUEST, "otp_refused", otp::CodeRefusal::Expired.message()));
    }

    let user = store.user_for_mobile(mobile.as_str(), now).await?;
    if let Some(guest) = &viewer.guest_token {
        let mut caps = HashMap::new();
        for line in store.cart_lines(drape_store::carts::CartOwner::Guest(guest)).await? {
            let p = store.product_by_id(line.product_id).await?;
            caps.insert(p.id, p.max_cart_items);
        }
        store.merge_guest_cart(guest, user.id, now, |id| caps.get(&id).copied().unwrap_or(1)).await?;
    }
    if let Some(old) = &viewer.session_token {
        store.delete_session(old).await?;
    }
    let token = random_token();
    store.create_session(&token, user.id, now, now + Duration::days(SESSION_DAYS)).await?;
    let secure = state.config.secure_cookies;
    let mut headers = HeaderMap::new();
    headers.append(header::SET_COOKIE, set_cookie(SESSION_COOKIE, &token, SESSION_DAYS * 86_400, true, secure));
    if viewer.guest_token.is_some() {
        headers.append(header::SET_COOKIE, set_cookie(GUEST_CART_COOKIE, "", 0, true, secure));
    }
    Ok((headers, axum::Json(LoggedIn { user: UserOut::from(&user) })))
}

/// Who is visiting, with the header's counts.
#[utoipa::path(get, path = "/api/v1/me/", tag = "account", responses((status = 200, body = Me)))]
pub async fn me(State(state): State<AppState>, viewer: Viewer) -> ApiResult<axum::Json<Me>> {
    let cart_count = cart::quantity_of(&state, &viewer).await?;
    let wishlist_count = match &viewer.user {
        Some(u) => state.store.wishlist_count(u.id).await?,
        None => 0,
    };
    Ok(axum::Json(Me {
        is_authenticated: viewer.user.is_some(),
        user: viewer.user.as_ref().map(UserOut::from),
        wishlistCount: wishlist_count,
        // The shop has no notifications feature yet: there is nothing to count.
        cartCount: cart_count,
        notificationCount: 0,
    }))
}

/// Ends the session.
#[utoipa::path(post, path = "/mobile_logout/", tag = "account", responses((status = 200, body = Done)))]
pub async fn logout(State(state): State<AppState>, viewer: Viewer) -> ApiResult<impl IntoResponse> {
    if let Some(token) = &viewer.session_token {
        state.store.delete_session(token).await?;
    }
    let headers = [(header::SET_COOKIE, security::set_cookie(SESSION_COOKIE, "", 0, true, state.config.secure_cookies))];
    Ok((headers, axum::Json(Done { status: "ok".into() })))
}


//! Login with a mobile number and a one-time code, the session, and who-am-I for the header.

use crate::error::{ApiError, ApiResult};
use crate::extract::{ClientAddr, Json};
use crate::features::cart;
use crate::limits;
use crate::security::{self, random_token, set_cookie, Viewer, GUEST_CART_COOKIE, SESSION_COOKIE, SESSION_DAYS};
use crate::AppState;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::IntoResponse;
use chrono::Duration;
use drape_domain::limits::{LOGIN_FAILURES_PER_CLIENT, OTP_RESEND_GAP, OTP_SENDS_PER_CLIENT, OTP_SENDS_PER_MOBILE};
use drape_domain::otp::{self, CodeRefusal, CodeState, OtpCode, SendRefusal};
use drape_domain::validation::Mobile;
use drape_store::auth::Guess;
use rand::Rng;
use serde::{Deserialize, Serialize};

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
    /// Always sent: null when there is none.
    #[schema(required = true)]
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
    /// What of the guest's bag could not come along, one sentence each ("2 of Everyday Padded T-Shirt
    /// Bra (34B) were left out: you can buy at most 5 of this product."); empty when everything fit.
    pub cart_notes: Vec<String>,
}

#[allow(non_snake_case)]
#[derive(Serialize, utoipa::ToSchema)]
pub struct Me {
    pub is_authenticated: bool,
    /// Always sent: null when there is none.
    #[schema(required = true)]
    pub user: Option<UserOut>,
    pub wishlistCount: i64,
    pub cartCount: i64,
    pub notificationCount: i64,
    /// Spec 001 §4's buy-now login widget flag (`DRAPE_BUY_NOW_LOGIN_PROMPT`, off by default): a guest's
    /// Buy Now asks them to log in first, once per browser session.
    pub buy_now_login_prompt: bool,
    /// The quality product images are asked at (`?q=`, spec 001 §2), from `DRAPE_IMAGE_QUALITY` (default 80).
    pub image_quality: u32,
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
    // Each limit is counted and checked in one statement; the client's first, so a refused number
    // still costs the client a try.
    limits::take(&state, &OTP_SENDS_PER_CLIENT, &client, |_| SendRefusal::ClientLimit.message()).await?;
    limits::take(&state, &OTP_RESEND_GAP, mobile.as_str(), |wait_secs| SendRefusal::TooSoon { wait_secs }.message()).await?;
    limits::take(&state, &OTP_SENDS_PER_MOBILE, mobile.as_str(), |_| SendRefusal::MobileLimit.message()).await?;

    let now = state.now();
    let store = &state.store;
    let code = format!("{:06}", rand::thread_rng().gen_range(0..1_000_000));
    store.insert_otp(mobile.as_str(), &code, now, now + otp::OTP_TTL).await?;
    store.enqueue_message("sms", mobile.as_str(), &otp::otp_message(&code), now).await?;
    if state.config.demo {
        tracing::info!(mobile = %mobile, code = %code, "demo mode: login code (also at /dev/outbox)");
    }
    Ok(axum::Json(OtpSent { message: format!("OTP sent to {}", otp::masked_mobile(mobile.as_str())), resend_in: otp::RESEND_AFTER_SECS }))
}

/// Logs in with the code; starts a session, rotates the CSRF token and merges the guest cart into the
/// shopper's.
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
    // Every attempt takes a slot of the client's failure limit before its code is looked at; a
    // success gives it back. So a burst from one address has at most the limit's guesses judged.
    let failures = &LOGIN_FAILURES_PER_CLIENT;
    limits::take(&state, failures, &client, |_| CodeRefusal::TooManyGuesses.message().to_string()).await?;
    match store.judge_guess(mobile.as_str(), code.as_str(), otp::MAX_GUESSES_PER_OTP, now).await? {
        Guess::Right => store.give_back(failures, &client).await?,
        Guess::Wrong => return Err(code_refused(CodeRefusal::Wrong)),
        Guess::NotJudged => {
            let latest = store.latest_otp(mobile.as_str()).await?;
            let code_state = latest.map(|o| CodeState { expired: o.expires_at <= now.timestamp_millis(), used: o.consumed_at.is_some(), guesses: o.guesses });
            return Err(code_refused(otp::unjudged_refusal(code_state)));
        }
    }

    let user = store.user_for_mobile(mobile.as_str(), now).await?;
    let cart_notes = match &viewer.guest_token {
        Some(guest) => {
            // What this browser searched before logging in joins the shopper's recent searches.
            store.merge_guest_searches(guest, user.id).await?;
            merge_guest_cart(&state, guest, user.id).await?
        }
        None => vec![],
    };
    if let Some(old) = &viewer.session_token {
        store.delete_session(old).await?;
    }
    let token = random_token();
    store.create_session(&token, user.id, now, now + Duration::days(SESSION_DAYS)).await?;
    let secure = state.config.secure_cookies;
    let mut headers = HeaderMap::new();
    headers.append(header::SET_COOKIE, set_cookie(SESSION_COOKIE, &token, SESSION_DAYS * 86_400, true, secure));
    // A token a page saw before login is worth nothing after it (as Django rotates it).
    headers.append(header::SET_COOKIE, security::csrf_cookie(&random_token(), secure));
    if viewer.guest_token.is_some() {
        headers.append(header::SET_COOKIE, set_cookie(GUEST_CART_COOKIE, "", 0, true, secure));
    }
    Ok((headers, axum::Json(LoggedIn { user: UserOut::from(&user), cart_notes })))
}

fn code_refused(refusal: CodeRefusal) -> ApiError {
    let status = if refusal == CodeRefusal::TooManyGuesses { StatusCode::TOO_MANY_REQUESTS } else { StatusCode::BAD_REQUEST };
    ApiError::new(status, "otp_refused", refusal.message())
}

/// The guest's cart joins the shopper's, each line within what can be bought of it: the stock of its
/// size (of both parts for a combo) and its product's `max_cart_items` over all its sizes.
/// Answers a sentence for each guest line that did not fit whole, and why.
async fn merge_guest_cart(state: &AppState, guest: &str, user_id: i64) -> ApiResult<Vec<String>> {
    let store = &state.store;
    let lines = store.cart_lines(drape_store::carts::CartOwner::Guest(guest)).await?;
    let product_ids: Vec<i64> = lines.iter().map(|l| l.product_id).collect();
    let products = store.products_by_ids(&product_ids).await?;
    let sizes = store.sizes_of_products(&product_ids).await?;
    let limits = |line: &drape_store::carts::CartLine| match products.iter().find(|p| p.id == line.product_id) {
        Some(p) if p.is_active() => (line.stock_among(&sizes), p.max_cart_items),
        _ => (0, 0),
    };
    let short = store.merge_guest_cart(guest, user_id, state.now(), limits).await?;
    Ok(short
        .iter()
        .map(|s| {
            let name = products.iter().find(|p| p.id == s.line.product_id).map(|p| p.name.as_str()).unwrap_or("An item");
            let size = s.line.size_id.or(s.line.combo1_size_id).and_then(|id| sizes.iter().find(|z| z.id == id)).map(|z| z.value.as_str());
            let what = match size {
                Some(v) => format!("{name} ({v})"),
                None => name.to_string(),
            };
            let left_out = s.line.quantity - s.kept;
            let pieces = if left_out == 1 { "1 piece".to_string() } else { format!("{left_out} pieces") };
            let why = if s.deal_taken {
                "your bag already holds this deal, and a deal is one piece per order.".to_string()
            } else if s.stock <= 0 || s.max_items <= 0 {
                "it is no longer available.".to_string()
            } else if s.stock < s.max_items {
                format!("only {} {} left in stock.", s.stock, if s.stock == 1 { "is" } else { "are" })
            } else {
                format!("you can buy at most {} of this product.", s.max_items)
            };
            let were = if left_out == 1 { "was" } else { "were" };
            format!("{pieces} of {what} from before you logged in {were} left out: {why}")
        })
        .collect())
}

/// Who is visiting, with the header's counts.
#[utoipa::path(get, path = "/api/v1/me/", tag = "account", responses((status = 200, body = Me)))]
pub async fn me(State(state): State<AppState>, viewer: Viewer) -> ApiResult<axum::Json<Me>> {
    let cart_count = cart::quantity_of(&state, &viewer).await?;
    let (wishlist_count, notification_count) = match &viewer.user {
        Some(u) => (state.store.wishlist_count(u.id).await?, state.store.unread_notifications(u.id).await?),
        None => (0, 0),
    };
    Ok(axum::Json(Me {
        is_authenticated: viewer.user.is_some(),
        user: viewer.user.as_ref().map(UserOut::from),
        wishlistCount: wishlist_count,
        cartCount: cart_count,
        notificationCount: notification_count,
        buy_now_login_prompt: state.config.buy_now_login_prompt,
        image_quality: state.config.image_quality,
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

//! Deleting the account (`PATCH /api/v3/deleteAccount/`, spec 000 §7), confirmed with a one-time
//! code. What is erased and what is kept, and why: docs/operations.md 'Deleting an account'.

use crate::error::{ApiError, ApiResult};
use crate::extract::{ClientAddr, Json};
use crate::limits;
use crate::security::{self, Viewer, SESSION_COOKIE};
use crate::AppState;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use drape_domain::limits::LOGIN_FAILURES_PER_CLIENT;
use drape_domain::orders::OrderStatus;
use drape_domain::otp::{self, CodeRefusal, OtpCode};
use drape_store::account::Busy;
use drape_store::auth::Guess;
use serde::{Deserialize, Serialize};

#[derive(Deserialize, utoipa::ToSchema)]
pub struct DeleteAccountRequest {
    /// The one-time code sent to the shopper's mobile (POST /api/v1/auth/otp/).
    pub otp: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct AccountDeleted {
    pub status: String,
    pub message: String,
}

fn busy(reason: Busy) -> ApiError {
    let message = match reason {
        Busy::OpenOrder(r) => format!("Your order {r} is still open. You can delete your account once it is delivered or cancelled."),
        Busy::OpenReturn(r) => format!("A return from your order {r} is still in progress. You can delete your account once it is complete."),
        Busy::PendingRefund(r) => format!("A refund for your order {r} is still on its way to you. You can delete your account once it has reached you."),
    };
    ApiError::new(StatusCode::CONFLICT, "account_busy", message)
}

/// Deletes the shopper's account after checking the code: refused while an order is open, a return
/// is in progress or a refund is owed; saved cards are deleted at the payment provider first.
#[utoipa::path(patch, path = "/api/v3/deleteAccount/", tag = "account", request_body = DeleteAccountRequest,
    responses((status = 200, body = AccountDeleted), (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody),
        (status = 409, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody), (status = 503, body = crate::error::ErrorBody)))]
pub async fn delete_account(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    viewer: Viewer,
    Json(req): Json<DeleteAccountRequest>,
) -> ApiResult<impl IntoResponse> {
    let user = viewer.require_user()?;
    let code = OtpCode::parse(&req.otp).ok_or_else(|| ApiError::field("otp", "Please enter the 6 digit OTP."))?;
    let store = &state.store;
    let now = state.now();
    // Open orders first: a shopper who cannot delete yet learns why before spending a code.
    let open: Vec<&str> = OrderStatus::ALL.iter().filter(|s| s.is_open()).map(|s| s.name()).collect();
    if let Some(reason) = store.account_busy(user.id, &open).await? {
        return Err(busy(reason));
    }
    // The same guess limits as logging in: a code cannot be brute-forced here either.
    limits::take(&state, &LOGIN_FAILURES_PER_CLIENT, &client, |_| CodeRefusal::TooManyGuesses.message().to_string()).await?;
    match store.judge_guess(&user.mobile, code.as_str(), otp::MAX_GUESSES_PER_OTP, now).await? {
        Guess::Right => store.give_back(&LOGIN_FAILURES_PER_CLIENT, &client).await?,
        Guess::Wrong => return Err(ApiError::new(StatusCode::BAD_REQUEST, "otp_refused", CodeRefusal::Wrong.message())),
        Guess::NotJudged => {
            return Err(ApiError::new(StatusCode::BAD_REQUEST, "otp_refused", "That code has expired or was already used. Please ask for a new one."))
        }
    }
    // Saved cards live at the provider: delete them there before the link to them is erased.
    if let Some(customer) = store.provider_customer(user.id, crate::payments::RAZORPAY).await? {
        let tokens = state.razorpay.tokens(&customer).await.map_err(|e| provider_down(&e.to_string()))?;
        for t in tokens {
            state.razorpay.delete_token(&customer, &t.id).await.map_err(|e| provider_down(&e.to_string()))?;
        }
    }
    store.delete_account(user.id, now).await?;
    let headers = [(header::SET_COOKIE, security::set_cookie(SESSION_COOKIE, "", 0, true, state.config.secure_cookies))];
    Ok((headers, axum::Json(AccountDeleted { status: "deleted".into(), message: "Your account has been deleted.".into() })))
}

fn provider_down(cause: &str) -> ApiError {
    tracing::error!(error = cause, "saved cards could not be deleted at the provider");
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "provider_unavailable",
        "We could not reach the payment provider to delete your saved cards. Please try again in a few minutes.",
    )
}

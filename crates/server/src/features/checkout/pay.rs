//! Paying an order online: an attempt per try (a provider order for the amount left to pay), the
//! checkout callback checked by its signature, webhooks checked by theirs and applied once, refunds of
//! money that came for an order no longer waiting for it, and the housekeeping that settles attempts
//! left open and releases orders whose payment window passed.

use super::views::*;
use crate::error::{ApiError, ApiResult};
use crate::extract::Json;
use crate::payments::razorpay::ProviderPayment;
use crate::payments::{PAYU, RAZORPAY};
use crate::security::Viewer;
use crate::AppState;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use chrono::Duration;
use drape_domain::checkout::{retry, Retry};
use drape_domain::orders::OrderStatus;
use drape_store::payments::{OrderRow, PaidOutcome};

pub fn unknown_order() -> ApiError {
    ApiError::not_found("We couldn't find that order.")
}

/// The viewer's order by its public id; another shopper's answers 404.
pub async fn own_order(state: &AppState, viewer: &Viewer, public_id: &str) -> ApiResult<OrderRow> {
    let user = viewer.require_user()?;
    state.store.shopper_order(user.id, public_id.trim()).await?.ok_or_else(unknown_order)
}

/// Whether the order may be paid now, by the retry rule of spec 000 §4.
pub async fn retry_state(state: &AppState, order: &OrderRow) -> ApiResult<Retry> {
    if order.status == OrderStatus::PaymentFailed.name() {
        return Ok(Retry::Closed);
    }
    let attempts = state.store.order_attempts(order.id).await?;
    let open = attempts.iter().filter(|a| a.status == "created").map(|a| a.created_at).max();
    let pending = order.status == OrderStatus::PendingPayment.name() && order.holds_stock == 1;
    Ok(retry(pending, from_millis(order.created_at), open.map(from_millis), state.now(), &state.config.payment_window))
}

pub fn from_millis(ms: i64) -> chrono::DateTime<chrono::Utc> {
    chrono::DateTime::from_timestamp_millis(ms).unwrap_or_default()
}

pub fn gateway_down(e: crate::payments::razorpay::GatewayError) -> ApiError {
    tracing::error!(error = %e, "payment provider call failed");
    ApiError::new(StatusCode::BAD_GATEWAY, "payment_provider_unavailable", "We couldn't reach the payment service. Please try again in a moment.")
}

/// Starts (or retries) paying an order online: a provider order for what is left to pay.
#[utoipa::path(post, path = "/api/v1/orders/{order_id}/payment/", tag = "checkout", params(("order_id" = String, Path)),
    responses((status = 200, body = PaymentStart), (status = 401, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody),
        (status = 409, body = crate::error::ErrorBody), (status = 502, body = crate::error::ErrorBody)))]
pub async fn start_payment(State(state): State<AppState>, viewer: Viewer, Path(order_id): Path<String>) -> ApiResult<axum::Json<PaymentStart>> {
    let order = own_order(&state, &viewer, &order_id).await?;
    let user = viewer.require_user()?;
    if let Some(why) = retry_state(&state, &order).await?.message() {
        return Err(ApiError::new(StatusCode::CONFLICT, "retry_not_allowed", why));
    }
    if state.config.payments.provider == crate::config::Provider::PayU {
        return Ok(axum::Json(super::payu::start(&state, user, &order).await?));
    }
    let notes = serde_json::json!({ "order_ref": order.order_ref });
    let provider_order = state.razorpay.create_order(order.to_pay, &order.order_ref, notes).await.map_err(gateway_down)?;
    if provider_order.amount != order.to_pay {
        tracing::error!(order = %order.order_ref, "the provider made an order for another amount");
        return Err(ApiError::internal());
    }
    state.store.add_payment_attempt(order.id, RAZORPAY, &provider_order.id, order.to_pay, "", state.now()).await?;
    let customer_id = customer_of(&state, user).await;
    Ok(axum::Json(PaymentStart {
        provider: PaymentSdk::Razorpay,
        key: state.razorpay.key_id().into(),
        provider_order_id: provider_order.id,
        amount: order.to_pay,
        currency: "INR".into(),
        checkout_js: state.razorpay.checkout_js().into(),
        name: "Drape".into(),
        prefill: Prefill { name: user.name.clone(), contact: user.mobile.clone(), email: user.email.clone().unwrap_or_default() },
        customer_id,
        payu: None,
    }))
}

/// The shopper's customer at the provider (made on first need); None when the provider is unreachable
/// (saving a card is then not offered, paying still works).
async fn customer_of(state: &AppState, user: &drape_store::auth::User) -> Option<String> {
    if let Ok(Some(id)) = state.store.provider_customer(user.id, RAZORPAY).await {
        return Some(id);
    }
    match state.razorpay.create_customer(&user.name, &user.mobile, user.email.as_deref().unwrap_or_default()).await {
        Ok(id) => state.store.keep_provider_customer(user.id, RAZORPAY, &id).await.ok(),
        Err(e) => {
            tracing::warn!(error = %e, "no customer at the payment provider");
            None
        }
    }
}

/// The provider's record of an attempt's payments (Razorpay: the order's payments; PayU: verify_payment).
async fn provider_payments(state: &AppState, provider: &str, provider_order_id: &str) -> Result<Vec<ProviderPayment>, crate::payments::razorpay::GatewayError> {
    match provider {
        PAYU => state.payu.verify(provider_order_id).await,
        _ => state.razorpay.order_payments(provider_order_id).await,
    }
}

/// Records a captured payment whose amount is the attempt's; refunds it when the order no longer waits for it.
pub async fn settle_paid(state: &AppState, provider: &str, provider_order_id: &str, payment_id: &str, amount: i64, method: &str) -> ApiResult<PaidOutcome> {
    let Some(attempt) = state.store.attempt_by_provider_order(provider, provider_order_id).await? else {
        tracing::warn!(provider_order_id, "a payment for an order id we never made");
        return Ok(PaidOutcome::UnknownAttempt);
    };
    if amount != attempt.amount {
        tracing::warn!(provider_order_id, amount, expected = attempt.amount, "a payment of another amount than the order's: refused");
        return Err(ApiError::bad_request("The amount paid does not match the order."));
    }
    let outcome = state.store.payment_succeeded(provider, provider_order_id, payment_id, method, state.now()).await?;
    match &outcome {
        PaidOutcome::OrderPaid { order_id } => {
            if let Some(order) = state.store.order_by_id(*order_id).await? {
                if let Ok(user) = state.store.user_by_id(order.user_id).await {
                    let text = format!("Thank you! Your Drape order {} is confirmed. It should reach you by {}.", order.order_ref, order.delivery_date);
                    super::notify(state, &user, &text).await;
                }
            }
        }
        PaidOutcome::NeedsRefund { order_id, .. } => {
            tracing::warn!(payment_id, "a payment came for an order no longer waiting for it: refunding it");
            let key = drape_store::payments::late_payment_key(payment_id);
            let owed: Vec<_> = state.store.unpaid_source_refunds_of(*order_id).await?.into_iter().filter(|r| r.idempotency_key == key).collect();
            pay_owed_refunds(state, &owed).await;
        }
        _ => {}
    }
    Ok(outcome)
}

/// Asks the provider for refunds the store owes (each under its own idempotency key, so a retry
/// never refunds twice) and records each one the provider took. One the provider refuses or cannot
/// be reached for stays owed; housekeeping asks again.
pub async fn pay_owed_refunds(state: &AppState, owed: &[drape_store::cancellations::SourceRefund]) {
    for r in owed {
        if r.provider_payment_id.is_empty() {
            tracing::error!(order_id = r.order_id, "a refund is owed for an attempt without a payment id");
            continue;
        }
        let refunded = match r.provider.as_str() {
            PAYU => state.payu.refund(&r.provider_payment_id, r.amount, &r.idempotency_key).await,
            _ => state.razorpay.refund(&r.provider_payment_id, r.amount, &r.idempotency_key).await,
        };
        match refunded {
            Ok(refund_id) => {
                let recorded = state
                    .store
                    .record_refund(r.order_id, Some(r.attempt_id), r.amount, "prepaid", &r.reason, Some(&refund_id), &r.idempotency_key, state.now())
                    .await;
                match recorded {
                    Ok(_) => {
                        if let Err(e) = state.store.mark_return_refunded(&r.idempotency_key, state.now()).await {
                            tracing::warn!(error = %e, "a return's refund was made but its request not marked refunded");
                        }
                    }
                    Err(e) => tracing::error!(error = %e, refund_id, "a refund was made but not recorded; the next try records it"),
                }
            }
            Err(e) => tracing::warn!(error = %e, order_id = r.order_id, "a refund could not be made yet; housekeeping will try again"),
        }
    }
}

/// The checkout script's success: the signature must be the provider's over this attempt's order id.
#[utoipa::path(post, path = "/api/v1/payments/razorpay/callback/", tag = "checkout", request_body = CheckoutCallback,
    responses((status = 200, body = OrderState), (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody), (status = 502, body = crate::error::ErrorBody)))]
pub async fn callback(State(state): State<AppState>, viewer: Viewer, Json(c): Json<CheckoutCallback>) -> ApiResult<axum::Json<OrderState>> {
    let user = viewer.require_user()?;
    let attempt = state.store.attempt_by_provider_order(RAZORPAY, c.razorpay_order_id.trim()).await?.ok_or_else(unknown_order)?;
    let order = state.store.order_by_id(attempt.order_id).await?.filter(|o| o.user_id == user.id).ok_or_else(unknown_order)?;
    if !state.razorpay.checkout_signature_ok(&attempt.provider_order_id, c.razorpay_payment_id.trim(), &c.razorpay_signature) {
        tracing::warn!(order = %order.order_ref, "a payment callback with a wrong signature: refused");
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "payment_not_verified",
            "We couldn't verify this payment. If money left your account, it will be refunded.",
        ));
    }
    // The provider's own record decides: captured, for this order, of this amount.
    let payment = state.razorpay.payment(c.razorpay_payment_id.trim()).await.map_err(gateway_down)?;
    if payment.order_id.as_deref() != Some(attempt.provider_order_id.as_str()) || payment.status != "captured" {
        tracing::warn!(order = %order.order_ref, status = %payment.status, "a payment callback for a payment not captured for this order");
        return Err(ApiError::new(StatusCode::BAD_REQUEST, "payment_not_verified", "This payment has not gone through."));
    }
    settle_paid(&state, RAZORPAY, &attempt.provider_order_id, &payment.id, payment.amount, &payment.method).await?;
    let order = state.store.order_by_id(order.id).await?.ok_or_else(unknown_order)?;
    Ok(axum::Json(OrderState { order_id: order.public_id, status: order.status }))
}

/// The checkout script's failure: the attempt is failed (the order waits for another try).
#[utoipa::path(post, path = "/api/v1/payments/razorpay/failure/", tag = "checkout", request_body = CheckoutFailure,
    responses((status = 200, body = OrderState), (status = 401, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn failure(State(state): State<AppState>, viewer: Viewer, Json(f): Json<CheckoutFailure>) -> ApiResult<axum::Json<OrderState>> {
    let user = viewer.require_user()?;
    let attempt = state.store.attempt_by_provider_order(RAZORPAY, f.razorpay_order_id.trim()).await?.ok_or_else(unknown_order)?;
    let order = state.store.order_by_id(attempt.order_id).await?.filter(|o| o.user_id == user.id).ok_or_else(unknown_order)?;
    // Only the provider's word fails an attempt: a payment that did go through is settled instead.
    let payments = state.razorpay.order_payments(&attempt.provider_order_id).await.map_err(gateway_down)?;
    settle_from_provider(&state, RAZORPAY, &attempt.provider_order_id, &payments, &f.description).await?;
    let order = state.store.order_by_id(order.id).await?.ok_or_else(unknown_order)?;
    Ok(axum::Json(OrderState { order_id: order.public_id, status: order.status }))
}

/// Settles an attempt from the provider's list of its payments: captured wins; all failed fails it.
pub async fn settle_from_provider(state: &AppState, provider: &str, provider_order_id: &str, payments: &[ProviderPayment], note: &str) -> ApiResult<()> {
    if let Some(p) = payments.iter().find(|p| p.status == "captured" || p.status == "refunded") {
        settle_paid(state, provider, provider_order_id, &p.id, p.amount, &p.method).await?;
    } else if !payments.is_empty() && payments.iter().all(|p| p.status == "failed") {
        let why = payments.iter().rev().find_map(|p| p.error_description.clone()).unwrap_or_else(|| note.chars().take(200).collect());
        if let Some(order_id) = state.store.payment_failed(provider, provider_order_id, &why, state.now()).await? {
            tell_payment_failed(state, order_id).await;
        }
    }
    Ok(())
}

pub async fn tell_payment_failed(state: &AppState, order_id: i64) {
    let Ok(Some(order)) = state.store.order_by_id(order_id).await else { return };
    let Ok(user) = state.store.user_by_id(order.user_id).await else { return };
    let hours = state.config.payment_window.hold_hours;
    let text = format!("Your payment for Drape order {} did not go through. Your items are held for {hours} hours: pay again from My Orders.", order.order_ref);
    super::notify(state, &user, &text).await;
}

#[derive(serde::Deserialize)]
struct WebhookEvent {
    event: String,
    payload: WebhookPayload,
}

#[derive(serde::Deserialize)]
struct WebhookPayload {
    payment: Option<WebhookEntity>,
}

#[derive(serde::Deserialize)]
struct WebhookEntity {
    entity: ProviderPayment,
}

/// The provider's webhook: checked by `X-Razorpay-Signature` over the raw body, stored by its event id
/// and applied at most once, in whatever order events come.
#[utoipa::path(post, path = "/api/v1/payments/razorpay/webhook/", tag = "checkout",
    request_body(content = String, content_type = "application/json", description = "Razorpay's event, signed by X-Razorpay-Signature"),
    responses((status = 200, description = "Stored (and applied when new)"), (status = 400, body = crate::error::ErrorBody)))]
pub async fn webhook(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> ApiResult<StatusCode> {
    let signature = headers.get("X-Razorpay-Signature").and_then(|v| v.to_str().ok()).unwrap_or_default();
    if !state.razorpay.webhook_signature_ok(&body, signature) {
        tracing::warn!("a payment webhook with a wrong signature: refused");
        return Err(ApiError::new(StatusCode::BAD_REQUEST, "bad_signature", "The webhook signature does not match."));
    }
    let event: WebhookEvent = serde_json::from_slice(&body).map_err(|_| ApiError::bad_request("The webhook body is not an event."))?;
    let event_id = match headers.get("x-razorpay-event-id").and_then(|v| v.to_str().ok()) {
        Some(id) if !id.trim().is_empty() => id.trim().to_string(),
        _ => {
            use sha2::Digest;
            format!("body:{}", hex::encode(sha2::Sha256::digest(&body)))
        }
    };
    let text = String::from_utf8_lossy(&body);
    if !state.store.store_payment_event(RAZORPAY, &event_id, &event.event, &text, state.now()).await? {
        return Ok(StatusCode::OK);
    }
    let Some(p) = event.payload.payment.map(|p| p.entity) else { return Ok(StatusCode::OK) };
    let Some(provider_order_id) = p.order_id.clone() else { return Ok(StatusCode::OK) };
    match event.event.as_str() {
        "payment.captured" | "order.paid" => {
            // An amount that is not the order's is logged and refused inside; the event stays stored.
            let _ = settle_paid(&state, RAZORPAY, &provider_order_id, &p.id, p.amount, &p.method).await;
        }
        "payment.failed" => {
            // A failed payment fails the attempt only if no other payment of it went through.
            let payments = state.razorpay.order_payments(&provider_order_id).await.map_err(gateway_down)?;
            settle_from_provider(&state, RAZORPAY, &provider_order_id, &payments, p.error_description.as_deref().unwrap_or_default()).await?;
        }
        _ => {}
    }
    Ok(StatusCode::OK)
}

/// The shopper's saved cards: the provider's tokens (last 4 digits, network, expiry).
#[utoipa::path(get, path = "/api/v1/saved-cards/", tag = "checkout",
    responses((status = 200, body = SavedCards), (status = 401, body = crate::error::ErrorBody), (status = 502, body = crate::error::ErrorBody)))]
pub async fn saved_cards(State(state): State<AppState>, viewer: Viewer) -> ApiResult<axum::Json<SavedCards>> {
    let user = viewer.require_user()?;
    let Some(customer_id) = state.store.provider_customer(user.id, RAZORPAY).await? else {
        return Ok(axum::Json(SavedCards { customer_id: None, cards: vec![] }));
    };
    let tokens = state.razorpay.tokens(&customer_id).await.map_err(gateway_down)?;
    let cards = tokens
        .into_iter()
        .filter_map(|t| {
            let c = t.card?;
            Some(SavedCard { token: t.id, last4: c.last4, network: c.network, expiry_month: c.expiry_month, expiry_year: c.expiry_year, name: c.name })
        })
        .collect();
    Ok(axum::Json(SavedCards { customer_id: Some(customer_id), cards }))
}

/// Asks the provider whether a UPI id exists (and whose it is).
#[utoipa::path(post, path = "/api/v1/payments/validate-vpa/", tag = "checkout", request_body = VpaIn,
    responses((status = 200, body = VpaOut), (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody)))]
pub async fn validate_vpa(State(state): State<AppState>, viewer: Viewer, Json(v): Json<VpaIn>) -> ApiResult<axum::Json<VpaOut>> {
    viewer.require_user()?;
    let vpa = v.vpa.trim();
    let well_formed = vpa.len() <= 100
        && vpa.split_once('@').is_some_and(|(name, handle)| {
            name.len() >= 2
                && name.chars().all(|c| c.is_ascii_alphanumeric() || ".-_".contains(c))
                && handle.len() >= 2
                && handle.chars().all(|c| c.is_ascii_alphanumeric())
        });
    if !well_formed {
        return Err(ApiError::field("vpa", "Enter a UPI id like name@bank."));
    }
    let check = state.razorpay.validate_vpa(vpa).await.map_err(gateway_down)?;
    Ok(axum::Json(VpaOut { vpa: check.vpa, success: check.success, customer_name: check.customer_name }))
}

/// Settles attempts left open (a shopper who closed the tab, a lost webhook) by asking the provider,
/// then releases the orders whose payment window passed. Runs every minute; safe on many servers.
pub async fn housekeeping(state: &AppState) {
    let now = state.now();
    match state.store.open_attempts(now - Duration::minutes(2), 100).await {
        Ok(attempts) => {
            for a in attempts {
                match provider_payments(state, &a.provider, &a.provider_order_id).await {
                    Ok(payments) => {
                        if let Err(e) = settle_from_provider(state, &a.provider, &a.provider_order_id, &payments, "").await {
                            tracing::warn!(error = ?e.body.message, "reconciling a payment attempt failed");
                        }
                    }
                    Err(e) => tracing::warn!(error = %e, "the provider could not be asked about an open attempt"),
                }
            }
        }
        Err(e) => tracing::warn!(error = %e, "open payment attempts could not be read"),
    }
    match state.store.unpaid_source_refunds(now - Duration::minutes(1), 50).await {
        Ok(owed) => pay_owed_refunds(state, &owed).await,
        Err(e) => tracing::warn!(error = %e, "owed refunds could not be read"),
    }
    let cutoff = now - Duration::hours(state.config.payment_window.hold_hours);
    match state.store.orders_past_payment_window(cutoff, 500).await {
        Ok(ids) => {
            for id in ids {
                match state.store.release_unpaid_order(id, now).await {
                    Ok(true) => {
                        if let Ok(Some(order)) = state.store.order_by_id(id).await {
                            if let Ok(user) = state.store.user_by_id(order.user_id).await {
                                let text = format!("Drape order {} was not paid in time, so it is cancelled. Nothing was charged.", order.order_ref);
                                super::notify(state, &user, &text).await;
                            }
                        }
                    }
                    Ok(false) => {}
                    Err(e) => tracing::warn!(error = %e, "an unpaid order could not be released"),
                }
            }
        }
        Err(e) => tracing::warn!(error = %e, "orders past their payment window could not be read"),
    }
}

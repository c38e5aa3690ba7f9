//! Paying with PayU (the alternative provider, `DRAPE_PAYMENT_PROVIDER=payu`): an attempt is a txnid;
//! the browser posts the hashed form to PayU's hosted page, where the shopper pays; PayU sends the
//! browser back here with its answer. The answer's reverse hash must match, and PayU's own record
//! (verify_payment) decides, as for Razorpay's callback.

use super::pay::{gateway_down, settle_from_provider, unknown_order};
use super::views::*;
use crate::error::{ApiError, ApiResult};
use crate::payments::PAYU;
use crate::security::PAYU_RETURN_PATH;
use crate::AppState;
use axum::extract::State;
use axum::response::Redirect;
use drape_store::auth::User;
use drape_store::payments::OrderRow;
use std::collections::BTreeMap;

/// The shopper's e-mail address for PayU. PayU's payment request requires the payer's address (its
/// own web SDK refuses a request whose address is missing or malformed) and sends the receipt there;
/// a shopper who signed in with a mobile number may have none. Asked before an order is placed, so
/// that no order waits for a payment that cannot start.
pub fn payer_email(user: &User) -> ApiResult<&str> {
    match user.email.as_deref().filter(|e| drape_domain::validation::Email::parse_lenient(e).is_some()) {
        Some(email) => Ok(email),
        None => Err(ApiError::new(
            axum::http::StatusCode::CONFLICT,
            "email_required",
            "Add your e-mail address in Settings to pay online: our payment partner sends your receipt there. Cash on delivery needs none.",
        )),
    }
}

/// Starts a PayU attempt: a new txnid and the form the browser posts to the hosted page.
pub async fn start(state: &AppState, user: &User, order: &OrderRow) -> ApiResult<PaymentStart> {
    use rand::RngCore;
    // Asked before the attempt is recorded: one that cannot reach PayU is no attempt.
    let email = payer_email(user)?.to_string();
    let mut b = [0u8; 3];
    rand::thread_rng().fill_bytes(&mut b);
    let txnid = format!("{}-{}", order.order_ref, hex::encode(b));
    state.store.add_payment_attempt(order.id, PAYU, &txnid, order.to_pay, "", state.now()).await?;
    let return_url = format!("{}{PAYU_RETURN_PATH}", state.config.payments.public_url);
    let name = if user.name.trim().is_empty() { "Drape shopper" } else { user.name.as_str() };
    let fields = state.payu.payment_form(&txnid, order.to_pay, &format!("Drape order {}", order.order_ref), name, &email, &user.mobile, &return_url);
    Ok(PaymentStart {
        provider: PaymentSdk::Payu,
        key: state.payu.key().into(),
        provider_order_id: txnid,
        amount: order.to_pay,
        currency: "INR".into(),
        checkout_js: String::new(),
        name: "Drape".into(),
        prefill: Prefill { name: name.into(), contact: user.mobile.clone(), email },
        customer_id: None,
        payu: Some(PayUForm { action: state.payu.payment_url().into(), fields }),
    })
}

/// PayU's answer, brought back by the shopper's browser (a cross-site form post: no session cookie
/// comes with it). Settled by PayU's own record, then the browser goes to the thank-you page or, when
/// the payment did not go through, to retry payment.
#[utoipa::path(post, path = "/api/v1/payments/payu/return/", tag = "checkout",
    request_body(content = String, content_type = "application/x-www-form-urlencoded", description = "PayU's answer fields with its reverse hash"),
    responses((status = 303, description = "To /checkout/complete/ or /retrypayment/"), (status = 400, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody), (status = 502, body = crate::error::ErrorBody)))]
pub async fn payu_return(State(state): State<AppState>, crate::extract::Form(f): crate::extract::Form<BTreeMap<String, String>>) -> ApiResult<Redirect> {
    if !state.payu.answer_ok(&f) {
        tracing::warn!(txnid = f.get("txnid").map(String::as_str).unwrap_or_default(), "a PayU answer with a wrong hash: refused");
        return Err(ApiError::new(
            axum::http::StatusCode::BAD_REQUEST,
            "payment_not_verified",
            "We couldn't verify this payment. If money left your account, it will be refunded.",
        ));
    }
    let txnid = f.get("txnid").cloned().unwrap_or_default();
    let attempt = state.store.attempt_by_provider_order(PAYU, &txnid).await?.ok_or_else(unknown_order)?;
    let order = state.store.order_by_id(attempt.order_id).await?.ok_or_else(unknown_order)?;
    let payments = state.payu.verify(&txnid).await.map_err(gateway_down)?;
    let note = f.get("error_Message").cloned().unwrap_or_default();
    settle_from_provider(&state, PAYU, &txnid, &payments, &note).await?;
    let order = state.store.order_by_id(order.id).await?.ok_or_else(unknown_order)?;
    let to = if order.status == drape_domain::orders::OrderStatus::Verified.name() {
        format!("/checkout/complete/?order_id={}", order.public_id)
    } else {
        format!("/retrypayment/?order_id={}&payment=failed", order.public_id)
    };
    Ok(Redirect::to(&to))
}

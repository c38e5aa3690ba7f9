//! The sandbox gateway (`DRAPE_PAYMENTS=sandbox`, demo and tests only): Razorpay's own HTTP endpoints,
//! checkout script, signatures and webhooks, served by this binary so the demo can take payments with
//! the provider's published test values. The adapter reaches it over HTTP like the real provider; the
//! order code does not know it is here. It is the only part of Drape that sees a card number, and it
//! keeps only the last four digits. Its state lives in memory: it is a stand-in, not a ledger.

use super::razorpay::{hmac_hex, CardOnToken, ProviderOrder, ProviderPayment, Token};
use crate::config::PaymentConfig;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// How the sandbox delivers webhooks for the payments that follow (tests and the demo choose).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum WebhookMode {
    /// At once, before the checkout script hears the outcome.
    #[default]
    Normal,
    /// Twice over.
    Twice,
    /// Three seconds later, after the shopper's callback.
    Late,
    /// Never (a shopper who closed the tab and a lost webhook: reconciliation must settle it).
    None,
}

#[derive(Default)]
struct Ledger {
    orders: HashMap<String, ProviderOrder>,
    payments: HashMap<String, ProviderPayment>,
    /// Paise refunded so far, by payment id.
    refunded: HashMap<String, i64>,
    customers: HashMap<String, (String, Vec<Token>)>,
    refunds: HashMap<String, (String, String, i64)>,
    webhooks: WebhookMode,
    seq: u64,
}

#[derive(Clone)]
pub struct Sandbox {
    cfg: PaymentConfig,
    ledger: Arc<Mutex<Ledger>>,
    http: reqwest::Client,
}

type Answer = Result<Response, Response>;

fn refusal(status: StatusCode, code: &str, description: &str) -> Response {
    (status, Json(json!({ "error": { "code": code, "description": description, "source": "sandbox", "step": "NA", "reason": code } }))).into_response()
}

fn bad(description: &str) -> Response {
    refusal(StatusCode::BAD_REQUEST, "BAD_REQUEST_ERROR", description)
}

impl Sandbox {
    pub fn new(cfg: PaymentConfig) -> Self {
        Sandbox { cfg, ledger: Arc::default(), http: reqwest::Client::new() }
    }

    pub fn router(self) -> Router {
        Router::new()
            .route("/v1/orders", post(create_order))
            .route("/v1/orders/{id}/payments", get(order_payments))
            .route("/v1/payments/{id}", get(payment))
            .route("/v1/payments/{id}/refund", post(refund))
            .route("/v1/customers", post(create_customer))
            .route("/v1/customers/{id}/tokens", get(tokens))
            .route("/v1/customers/{id}/tokens/{token}", axum::routing::delete(delete_token))
            .route("/v1/payments/validate/vpa", post(validate_vpa))
            .route("/v1/checkout.js", get(script))
            .route("/v1/payments/create/ajax", post(create_payment))
            .route("/v1/payments/{id}/complete", post(complete_payment))
            .route("/_control", post(control))
            .with_state(self)
    }

    fn next_id(&self, prefix: &str) -> String {
        let mut l = self.ledger.lock().expect("sandbox ledger");
        l.seq += 1;
        use rand::RngCore;
        let mut b = [0u8; 5];
        rand::thread_rng().fill_bytes(&mut b);
        format!("{prefix}_{}{:04}", hex::encode(b), l.seq)
    }

    /// Server-to-server calls carry the key id and secret as HTTP basic auth.
    #[allow(clippy::result_large_err)] // the refusal is a whole answer, and the sandbox is no hot path
    fn authorised(&self, headers: &HeaderMap) -> Result<(), Response> {
        let expected = format!("Basic {}", base64_encode(format!("{}:{}", self.cfg.key_id, self.cfg.key_secret).as_bytes()));
        match headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()) {
            Some(v) if v == expected => Ok(()),
            _ => Err(refusal(StatusCode::UNAUTHORIZED, "BAD_REQUEST_ERROR", "Authentication failed")),
        }
    }

    /// Settles a payment, answers the script as Razorpay's checkout does, and sends the webhook.
    fn settle(&self, payment_id: &str, outcome: Result<(), &str>) -> Response {
        let (payment, mode) = {
            let mut l = self.ledger.lock().expect("sandbox ledger");
            let mode = l.webhooks;
            let Some(p) = l.payments.get_mut(payment_id) else { return bad("The id provided does not exist") };
            if p.status != "created" {
                return bad("This payment has already been processed");
            }
            match outcome {
                Ok(()) => p.status = "captured".into(),
                Err(why) => {
                    p.status = "failed".into();
                    p.error_description = Some(why.to_string());
                }
            }
            let p = p.clone();
            if p.status == "captured" {
                if let Some(o) = p.order_id.as_ref().and_then(|id| l.orders.get_mut(id)) {
                    o.status = "paid".into();
                }
            }
            (p, mode)
        };
        self.send_webhook(&payment, mode);
        let order_id = payment.order_id.clone().unwrap_or_default();
        if payment.status == "captured" {
            let signature = hmac_hex(&self.cfg.key_secret, format!("{order_id}|{}", payment.id).as_bytes());
            Json(json!({ "razorpay_payment_id": payment.id, "razorpay_order_id": order_id, "razorpay_signature": signature })).into_response()
        } else {
            let why = payment.error_description.clone().unwrap_or_default();
            (
                StatusCode::BAD_REQUEST,
                Json(json!({ "error": { "code": "BAD_REQUEST_ERROR", "description": why, "source": "customer", "step": "payment_authorization",
                    "reason": "payment_failed", "metadata": { "payment_id": payment.id, "order_id": order_id } } })),
            )
                .into_response()
        }
    }

    fn send_webhook(&self, p: &ProviderPayment, mode: WebhookMode) {
        if mode == WebhookMode::None {
            return;
        }
        let event = if p.status == "captured" { "payment.captured" } else { "payment.failed" };
        let body = json!({
            "entity": "event", "account_id": "acc_drapesandbox", "event": event, "contains": ["payment"],
            "payload": { "payment": { "entity": p } }, "created_at": chrono::Utc::now().timestamp(),
        })
        .to_string();
        let signature = hmac_hex(&self.cfg.webhook_secret, body.as_bytes());
        let event_id = self.next_id("evt");
        let url = format!("{}/api/v1/payments/razorpay/webhook/", self.cfg.api_base.trim_end_matches("/sandbox/razorpay"));
        let http = self.http.clone();
        let times = if mode == WebhookMode::Twice { 2 } else { 1 };
        let delay = if mode == WebhookMode::Late { 3 } else { 0 };
        let deliver = async move {
            tokio::time::sleep(std::time::Duration::from_secs(delay)).await;
            for _ in 0..times {
                let sent = http
                    .post(&url)
                    .header("content-type", "application/json")
                    .header("X-Razorpay-Signature", &signature)
                    .header("x-razorpay-event-id", &event_id)
                    .body(body.clone())
                    .send()
                    .await;
                if let Err(e) = sent {
                    tracing::warn!(error = %e, "sandbox: webhook not delivered");
                }
            }
        };
        tokio::spawn(deliver);
    }
}

fn base64_encode(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

async fn create_order(State(s): State<Sandbox>, headers: HeaderMap, Json(body): Json<Value>) -> Answer {
    s.authorised(&headers)?;
    let amount = body["amount"].as_i64().filter(|a| *a >= 100).ok_or_else(|| bad("The amount must be atleast INR 1.00"))?;
    if body["currency"].as_str() != Some("INR") {
        return Err(bad("Currency is not supported"));
    }
    let order = ProviderOrder {
        id: s.next_id("order"),
        amount,
        currency: "INR".into(),
        receipt: body["receipt"].as_str().map(str::to_string),
        status: "created".into(),
    };
    s.ledger.lock().expect("sandbox ledger").orders.insert(order.id.clone(), order.clone());
    Ok(Json(order).into_response())
}

async fn order_payments(State(s): State<Sandbox>, headers: HeaderMap, Path(id): Path<String>) -> Answer {
    s.authorised(&headers)?;
    let l = s.ledger.lock().expect("sandbox ledger");
    let items: Vec<&ProviderPayment> = l.payments.values().filter(|p| p.order_id.as_deref() == Some(id.as_str())).collect();
    Ok(Json(json!({ "entity": "collection", "count": items.len(), "items": items })).into_response())
}

async fn payment(State(s): State<Sandbox>, headers: HeaderMap, Path(id): Path<String>) -> Answer {
    s.authorised(&headers)?;
    let l = s.ledger.lock().expect("sandbox ledger");
    l.payments.get(&id).map(|p| Json(p).into_response()).ok_or_else(|| bad("The id provided does not exist"))
}

async fn refund(State(s): State<Sandbox>, headers: HeaderMap, Path(id): Path<String>, Json(body): Json<Value>) -> Answer {
    s.authorised(&headers)?;
    let key = headers.get("X-Refund-Idempotency").and_then(|v| v.to_str().ok()).map(str::to_string);
    let amount = body["amount"].as_i64().ok_or_else(|| bad("The amount field is required."))?;
    let mut l = s.ledger.lock().expect("sandbox ledger");
    if let Some(key) = &key {
        if let Some((refund_id, payment_id, a)) = l.refunds.get(key) {
            if *payment_id != id || *a != amount {
                return Err(bad("Different request with the same idempotency key has already been processed."));
            }
            return Ok(Json(json!({ "id": refund_id, "entity": "refund", "payment_id": id, "amount": amount, "status": "processed" })).into_response());
        }
    }
    let p = l.payments.get(&id).cloned().ok_or_else(|| bad("The id provided does not exist"))?;
    // Like Razorpay: partial refunds until the captured amount is used up; the payment reads
    // refunded only once all of it went back.
    let before = l.refunded.get(&id).copied().unwrap_or(0);
    if p.status != "captured" || amount <= 0 || before + amount > p.amount {
        return Err(bad("The refund amount provided is greater than amount captured"));
    }
    l.seq += 1;
    let refund_id = format!("rfnd_sandbox{:06}", l.seq);
    l.refunds.insert(key.unwrap_or_else(|| refund_id.clone()), (refund_id.clone(), id.clone(), amount));
    l.refunded.insert(id.clone(), before + amount);
    if before + amount == p.amount {
        if let Some(p) = l.payments.get_mut(&id) {
            p.status = "refunded".into();
        }
    }
    Ok(Json(json!({ "id": refund_id, "entity": "refund", "payment_id": id, "amount": amount, "status": "processed" })).into_response())
}

async fn create_customer(State(s): State<Sandbox>, headers: HeaderMap, Json(body): Json<Value>) -> Answer {
    s.authorised(&headers)?;
    let contact = body["contact"].as_str().unwrap_or_default().to_string();
    let existing = s.ledger.lock().expect("sandbox ledger").customers.iter().find(|(_, c)| c.0 == contact).map(|(id, _)| id.clone());
    let id = match existing {
        Some(id) => id,
        None => {
            let id = s.next_id("cust");
            s.ledger.lock().expect("sandbox ledger").customers.insert(id.clone(), (contact.clone(), vec![]));
            id
        }
    };
    Ok(Json(json!({ "id": id, "entity": "customer", "contact": contact })).into_response())
}

async fn tokens(State(s): State<Sandbox>, headers: HeaderMap, Path(id): Path<String>) -> Answer {
    s.authorised(&headers)?;
    let l = s.ledger.lock().expect("sandbox ledger");
    let items = l.customers.get(&id).map(|c| c.1.clone()).ok_or_else(|| bad("The id provided does not exist"))?;
    Ok(Json(json!({ "entity": "collection", "count": items.len(), "items": items })).into_response())
}

async fn delete_token(State(s): State<Sandbox>, headers: HeaderMap, Path((id, token)): Path<(String, String)>) -> Answer {
    s.authorised(&headers)?;
    let mut l = s.ledger.lock().expect("sandbox ledger");
    let items = &mut l.customers.get_mut(&id).ok_or_else(|| bad("The id provided does not exist"))?.1;
    let before = items.len();
    items.retain(|t| t.id != token);
    if items.len() == before {
        return Err(bad("The token provided does not exist"));
    }
    Ok(Json(json!({ "deleted": true })).into_response())
}

async fn validate_vpa(State(s): State<Sandbox>, headers: HeaderMap, Json(body): Json<Value>) -> Answer {
    s.authorised(&headers)?;
    let vpa = body["vpa"].as_str().unwrap_or_default().trim().to_string();
    let well_formed =
        vpa.split_once('@').is_some_and(|(name, handle)| name.len() >= 2 && !handle.is_empty() && handle.chars().all(|c| c.is_ascii_alphanumeric()));
    let success = well_formed && !vpa.starts_with("invalid");
    Ok(Json(json!({ "vpa": vpa, "success": success, "customer_name": if success { Some("Sandbox Shopper") } else { None } })).into_response())
}

async fn control(State(s): State<Sandbox>, Json(body): Json<Value>) -> Answer {
    let mode: WebhookMode = serde_json::from_value(body["webhooks"].clone()).map_err(|_| bad("webhooks is normal, twice, late or none"))?;
    s.ledger.lock().expect("sandbox ledger").webhooks = mode;
    Ok(Json(json!({ "webhooks": body["webhooks"] })).into_response())
}

/// Luhn's check digit rule.
fn luhn(number: &str) -> bool {
    let digits: Vec<u32> = number.chars().filter_map(|c| c.to_digit(10)).collect();
    if digits.len() < 12 || digits.len() != number.len() {
        return false;
    }
    let sum: u32 = digits
        .iter()
        .rev()
        .enumerate()
        .map(|(i, d)| {
            if i % 2 == 1 {
                if d * 2 > 9 {
                    d * 2 - 9
                } else {
                    d * 2
                }
            } else {
                *d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

fn network(number: &str) -> &'static str {
    match number.as_bytes().first() {
        Some(b'4') => "Visa",
        Some(b'5') => "MasterCard",
        Some(b'6') => "RuPay",
        Some(b'3') => "American Express",
        _ => "Unknown",
    }
}

/// The published test cards' behaviour: one that succeeds, one declined, one that asks for an OTP.
const CARD_DECLINED: &str = "4000000000000002";
const CARD_ASKS_OTP: &str = "5104060000000008";

/// What the checkout script posts: the form fields of Razorpay's Custom Checkout.
async fn create_payment(State(s): State<Sandbox>, Json(f): Json<HashMap<String, Value>>) -> Answer {
    let text = |k: &str| f.get(k).map(|v| v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string())).unwrap_or_default();
    if text("key_id") != s.cfg.key_id {
        return Err(refusal(StatusCode::UNAUTHORIZED, "BAD_REQUEST_ERROR", "The api key provided is invalid"));
    }
    let order_id = text("order_id");
    let order = s.ledger.lock().expect("sandbox ledger").orders.get(&order_id).cloned().ok_or_else(|| bad("The id provided does not exist"))?;
    if order.status == "paid" {
        return Err(bad("Order has already been paid"));
    }
    if text("amount").parse::<i64>().ok() != Some(order.amount) {
        return Err(bad("The amount does not match the order's amount"));
    }
    let method = text("method");
    // What happens next: settle now, or wait for the shopper on a bank, OTP or UPI page.
    let mut next = "settle";
    let mut outcome: Result<(), &str> = Ok(());
    let mut save: Option<(String, CardOnToken)> = None;
    match method.as_str() {
        "upi" => {
            let vpa = text("vpa");
            if !vpa.contains('@') {
                return Err(bad("Invalid VPA. Please enter a valid Virtual Payment Address"));
            }
            next = "upi";
            if vpa == "failure@razorpay" {
                outcome = Err("Payment was unsuccessful as you could not complete it in time.");
            }
        }
        "card" if !text("token").is_empty() => {
            let cvv = text("card[cvv]");
            if !(3..=4).contains(&cvv.len()) || !cvv.chars().all(|c| c.is_ascii_digit()) {
                return Err(bad("Please enter a valid CVV"));
            }
            let customer = text("customer_id");
            let known = s.ledger.lock().expect("sandbox ledger").customers.get(&customer).is_some_and(|c| c.1.iter().any(|t| t.id == text("token")));
            if !known {
                return Err(bad("The token provided does not belong to the customer"));
            }
        }
        "card" => {
            let number: String = text("card[number]").chars().filter(|c| !c.is_whitespace()).collect();
            if !luhn(&number) {
                return Err(bad("Your payment could not be completed as this card number is invalid."));
            }
            let (month, year) = (text("card[expiry_month]"), text("card[expiry_year]"));
            let (m, y) = (month.parse::<u32>().unwrap_or(0), year.parse::<i32>().unwrap_or(0));
            let y = if y < 100 { 2000 + y } else { y };
            let today = chrono::Utc::now().date_naive();
            use chrono::Datelike;
            if !(1..=12).contains(&m) || (y, m) < (today.year(), today.month()) {
                return Err(bad("Your payment could not be completed as this card has expired."));
            }
            let cvv = text("card[cvv]");
            if !(3..=4).contains(&cvv.len()) || !cvv.chars().all(|c| c.is_ascii_digit()) {
                return Err(bad("Please enter a valid CVV"));
            }
            if number == CARD_DECLINED {
                outcome = Err("Your payment was declined by the bank. Try another card or method.");
            }
            if number == CARD_ASKS_OTP {
                next = "otp";
            }
            if text("save") == "1" && !text("customer_id").is_empty() {
                let card = CardOnToken {
                    name: text("card[name]"),
                    last4: number[number.len() - 4..].to_string(),
                    network: network(&number).into(),
                    expiry_month: format!("{m:02}"),
                    expiry_year: format!("{y}"),
                };
                save = Some((text("customer_id"), card));
            }
        }
        "netbanking" => {
            if text("bank").len() != 4 {
                return Err(bad("Please select a bank"));
            }
            next = "bank";
        }
        _ => return Err(bad("Invalid payment method")),
    }
    let payment_id = s.next_id("pay");
    {
        let mut l = s.ledger.lock().expect("sandbox ledger");
        l.payments.insert(
            payment_id.clone(),
            ProviderPayment {
                id: payment_id.clone(),
                order_id: Some(order_id),
                amount: order.amount,
                status: "created".into(),
                method: method.clone(),
                error_description: None,
            },
        );
        if let Some((customer, card)) = save {
            l.seq += 1;
            let token = Token { id: format!("token_sandbox{:06}", l.seq), method: "card".into(), card: Some(card) };
            if let Some(c) = l.customers.get_mut(&customer) {
                c.1.push(token);
            }
        }
    }
    if next == "settle" {
        return Ok(s.settle(&payment_id, outcome));
    }
    // The script shows the bank, OTP or UPI page and completes the payment from there.
    let fails = outcome.is_err();
    Ok(Json(json!({ "razorpay_payment_id": payment_id, "next": next, "will_fail": fails })).into_response())
}

/// The sandbox's bank, OTP and UPI pages end here: the shopper approved, or did not.
async fn complete_payment(State(s): State<Sandbox>, Path(id): Path<String>, body: Bytes) -> Answer {
    let f: Value = serde_json::from_slice(&body).map_err(|_| bad("Invalid request"))?;
    let method = s.ledger.lock().expect("sandbox ledger").payments.get(&id).map(|p| p.method.clone()).ok_or_else(|| bad("The id provided does not exist"))?;
    let outcome = match (f["action"].as_str(), method.as_str()) {
        (Some("success"), "netbanking") => Ok(()),
        (Some("failure"), "netbanking") => Err("Payment failed at the bank."),
        (Some("otp"), "card") => {
            let otp = f["otp"].as_str().unwrap_or_default();
            if otp.len() == 6 && otp.chars().all(|c| c.is_ascii_digit()) {
                Ok(())
            } else {
                Err("The OTP entered is incorrect.")
            }
        }
        (Some("approve"), "upi") => {
            if f["will_fail"].as_bool() == Some(true) {
                Err("Payment was unsuccessful as you could not complete it in time.")
            } else {
                Ok(())
            }
        }
        (Some("cancel"), _) => Err("Payment processing cancelled by user"),
        _ => return Err(bad("Invalid request")),
    };
    Ok(s.settle(&id, outcome))
}

async fn script() -> Response {
    ([(header::CONTENT_TYPE, "application/javascript; charset=utf-8"), (header::CACHE_CONTROL, "no-store")], include_str!("sandbox_checkout.js"))
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luhn_accepts_the_test_cards_and_refuses_typos() {
        for ok in ["4111111111111111", CARD_DECLINED, CARD_ASKS_OTP, "378282246310005"] {
            assert!(luhn(ok), "{ok}");
        }
        for bad in ["4111111111111112", "41111111", "4111 1111 1111 1111", ""] {
            assert!(!luhn(bad), "{bad}");
        }
    }

    #[test]
    fn basic_auth_is_standard_base64() {
        assert_eq!(base64_encode(b"rzp_test_x:secret"), "cnpwX3Rlc3RfeDpzZWNyZXQ=");
        assert_eq!(base64_encode(b"ab"), "YWI=");
        assert_eq!(base64_encode(b"abc"), "YWJj");
    }
}

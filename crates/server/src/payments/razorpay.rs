//! The Razorpay adapter: Orders API (amounts in paise, receipt, notes), payments of an order,
//! refunds with `X-Refund-Idempotency`, customers and their card tokens, VPA validation, and the two
//! signatures (checkout: HMAC-SHA256 of `order_id|payment_id` with the key secret; webhooks: of the raw
//! body with the webhook secret). It speaks HTTP to `api_base`, the provider or the sandbox alike.

use crate::config::PaymentConfig;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

/// Hex HMAC-SHA256 of `message` under `secret`.
pub fn hmac_hex(secret: &str, message: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key length");
    mac.update(message);
    hex::encode(mac.finalize().into_bytes())
}

/// Compares a hex signature with the one expected, in constant time.
fn signature_matches(secret: &str, message: &[u8], signature: &str) -> bool {
    let Ok(given) = hex::decode(signature.trim()) else { return false };
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key length");
    mac.update(message);
    mac.verify_slice(&given).is_ok()
}

#[derive(Debug, thiserror::Error)]
pub enum GatewayError {
    #[error("the payment provider could not be reached: {0}")]
    Unreachable(String),
    #[error("the payment provider refused: {code}: {description}")]
    Refused { status: u16, code: String, description: String },
    #[error("the payment provider answered something unexpected: {0}")]
    Garbled(String),
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Eq)]
pub struct ProviderOrder {
    pub id: String,
    pub amount: i64,
    pub currency: String,
    #[serde(default)]
    pub receipt: Option<String>,
    pub status: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Eq)]
pub struct ProviderPayment {
    pub id: String,
    pub order_id: Option<String>,
    pub amount: i64,
    /// created, authorized, captured, refunded, failed.
    pub status: String,
    #[serde(default)]
    pub method: String,
    #[serde(default)]
    pub error_description: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Eq)]
pub struct CardOnToken {
    #[serde(default)]
    pub name: String,
    pub last4: String,
    pub network: String,
    pub expiry_month: String,
    pub expiry_year: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Eq)]
pub struct Token {
    pub id: String,
    pub method: String,
    pub card: Option<CardOnToken>,
}

#[derive(Deserialize)]
struct Collection<T> {
    items: Vec<T>,
}

#[derive(Deserialize)]
struct ErrorBody {
    error: ErrorDetail,
}

#[derive(Deserialize)]
struct ErrorDetail {
    #[serde(default)]
    code: String,
    #[serde(default)]
    description: String,
}

#[derive(Deserialize)]
struct Id {
    id: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Eq)]
pub struct VpaCheck {
    pub vpa: String,
    pub success: bool,
    #[serde(default)]
    pub customer_name: Option<String>,
}

#[derive(Clone)]
pub struct Razorpay {
    http: reqwest::Client,
    cfg: PaymentConfig,
}

impl Razorpay {
    pub fn new(cfg: PaymentConfig) -> Self {
        let http = reqwest::Client::builder().timeout(std::time::Duration::from_secs(20)).build().expect("HTTP client");
        Razorpay { http, cfg }
    }

    pub fn key_id(&self) -> &str {
        &self.cfg.key_id
    }

    pub fn checkout_js(&self) -> &str {
        &self.cfg.checkout_js
    }

    /// The checkout's `razorpay_signature` is the HMAC of `order_id|payment_id` with the key secret.
    pub fn checkout_signature_ok(&self, order_id: &str, payment_id: &str, signature: &str) -> bool {
        !self.cfg.key_secret.is_empty() && signature_matches(&self.cfg.key_secret, format!("{order_id}|{payment_id}").as_bytes(), signature)
    }

    /// `X-Razorpay-Signature` is the HMAC of the raw body with the webhook secret.
    pub fn webhook_signature_ok(&self, body: &[u8], signature: &str) -> bool {
        !self.cfg.webhook_secret.is_empty() && signature_matches(&self.cfg.webhook_secret, body, signature)
    }

    async fn send<T: serde::de::DeserializeOwned>(&self, req: reqwest::RequestBuilder) -> Result<T, GatewayError> {
        let res = req.basic_auth(&self.cfg.key_id, Some(&self.cfg.key_secret)).send().await.map_err(|e| GatewayError::Unreachable(e.to_string()))?;
        let status = res.status();
        let text = res.text().await.map_err(|e| GatewayError::Unreachable(e.to_string()))?;
        if !status.is_success() {
            let (code, description) = match serde_json::from_str::<ErrorBody>(&text) {
                Ok(b) => (b.error.code, b.error.description),
                Err(_) => (String::new(), text.chars().take(200).collect()),
            };
            return Err(GatewayError::Refused { status: status.as_u16(), code, description });
        }
        serde_json::from_str(&text).map_err(|e| GatewayError::Garbled(format!("{e}: {}", text.chars().take(200).collect::<String>())))
    }

    fn url(&self, path: &str) -> String {
        format!("{}{}", self.cfg.api_base.trim_end_matches('/'), path)
    }

    pub async fn create_order(&self, amount: i64, receipt: &str, notes: serde_json::Value) -> Result<ProviderOrder, GatewayError> {
        let body = serde_json::json!({ "amount": amount, "currency": "INR", "receipt": receipt, "notes": notes });
        self.send(self.http.post(self.url("/v1/orders")).json(&body)).await
    }

    pub async fn payment(&self, payment_id: &str) -> Result<ProviderPayment, GatewayError> {
        self.send(self.http.get(self.url(&format!("/v1/payments/{payment_id}")))).await
    }

    pub async fn order_payments(&self, order_id: &str) -> Result<Vec<ProviderPayment>, GatewayError> {
        Ok(self.send::<Collection<ProviderPayment>>(self.http.get(self.url(&format!("/v1/orders/{order_id}/payments")))).await?.items)
    }

    /// Refunds `amount` of a payment; the same key never refunds twice.
    pub async fn refund(&self, payment_id: &str, amount: i64, idempotency_key: &str) -> Result<String, GatewayError> {
        let req = self
            .http
            .post(self.url(&format!("/v1/payments/{payment_id}/refund")))
            .header("X-Refund-Idempotency", idempotency_key)
            .json(&serde_json::json!({ "amount": amount, "speed": "normal" }));
        Ok(self.send::<Id>(req).await?.id)
    }

    /// The shopper's customer at the provider; an existing one is returned (`fail_existing: 0`).
    pub async fn create_customer(&self, name: &str, contact: &str, email: &str) -> Result<String, GatewayError> {
        let body = serde_json::json!({ "name": name, "contact": contact, "email": email, "fail_existing": "0" });
        Ok(self.send::<Id>(self.http.post(self.url("/v1/customers")).json(&body)).await?.id)
    }

    /// The customer's saved cards: the provider's tokens, never card numbers.
    pub async fn tokens(&self, customer_id: &str) -> Result<Vec<Token>, GatewayError> {
        Ok(self.send::<Collection<Token>>(self.http.get(self.url(&format!("/v1/customers/{customer_id}/tokens")))).await?.items)
    }

    /// Deletes one saved card at the provider (a shopper deleting the account).
    pub async fn delete_token(&self, customer_id: &str, token_id: &str) -> Result<(), GatewayError> {
        self.send::<serde_json::Value>(self.http.delete(self.url(&format!("/v1/customers/{customer_id}/tokens/{token_id}")))).await?;
        Ok(())
    }

    pub async fn validate_vpa(&self, vpa: &str) -> Result<VpaCheck, GatewayError> {
        self.send(self.http.post(self.url("/v1/payments/validate/vpa")).json(&serde_json::json!({ "vpa": vpa }))).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_are_hex_hmac_sha256_and_compared_whole() {
        // RFC 4231 test case 2.
        assert_eq!(hmac_hex("Jefe", b"what do ya want for nothing?"), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
        let sig = hmac_hex("s3cret", b"order_1|pay_1");
        assert!(signature_matches("s3cret", b"order_1|pay_1", &sig));
        assert!(!signature_matches("s3cret", b"order_1|pay_2", &sig));
        assert!(!signature_matches("other", b"order_1|pay_1", &sig));
        assert!(!signature_matches("s3cret", b"order_1|pay_1", &sig[..10]));
        assert!(!signature_matches("s3cret", b"order_1|pay_1", "not hex"));
    }
}

//! The PayU adapter (the alternative provider): the hosted checkout's request hash
//! sha512(key|txnid|amount|productinfo|firstname|email|udf1|…|udf5||||||SALT), the reverse hash on the
//! answer the shopper's browser brings back, and the post-service commands (`verify_payment`,
//! `cancel_refund_transaction`) with sha512(key|command|var1|SALT). Amounts are rupees with two decimals.

use super::razorpay::{GatewayError, ProviderPayment};
use crate::config::PaymentConfig;
use sha2::{Digest, Sha512};
use std::collections::BTreeMap;

pub fn sha512_hex(text: &str) -> String {
    hex::encode(Sha512::digest(text.as_bytes()))
}

/// Paise as PayU writes amounts: "799.00".
pub fn rupees_text(paise: i64) -> String {
    format!("{}.{:02}", paise / 100, paise % 100)
}

/// "799.00" (or "799", "799.5") as paise; None when it is not an amount.
pub fn paise_of(text: &str) -> Option<i64> {
    let (whole, frac) = text.trim().split_once('.').unwrap_or((text.trim(), "0"));
    let frac = format!("{frac:0<2}");
    if frac.len() > 2 || whole.is_empty() || !whole.chars().all(|c| c.is_ascii_digit()) || !frac.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    Some(whole.parse::<i64>().ok()? * 100 + frac.parse::<i64>().ok()?)
}

fn field<'a>(f: &'a BTreeMap<String, String>, k: &str) -> &'a str {
    f.get(k).map(String::as_str).unwrap_or_default()
}

/// The payment request's hash over the fields as they are posted.
pub fn request_hash(f: &BTreeMap<String, String>, salt: &str) -> String {
    let mut parts: Vec<&str> =
        ["key", "txnid", "amount", "productinfo", "firstname", "email", "udf1", "udf2", "udf3", "udf4", "udf5"].iter().map(|k| field(f, k)).collect();
    parts.extend(["", "", "", "", ""]);
    parts.push(salt);
    sha512_hex(&parts.join("|"))
}

/// The answer's (reverse) hash: sha512([additionalCharges|]SALT|status||||||udf5|…|udf1|email|firstname|productinfo|amount|txnid|key).
pub fn response_hash(f: &BTreeMap<String, String>, salt: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    if !field(f, "additionalCharges").is_empty() {
        parts.push(field(f, "additionalCharges"));
    }
    parts.push(salt);
    parts.push(field(f, "status"));
    parts.extend(["", "", "", "", ""]);
    parts.extend(["udf5", "udf4", "udf3", "udf2", "udf1", "email", "firstname", "productinfo", "amount", "txnid", "key"].iter().map(|k| field(f, k)));
    sha512_hex(&parts.join("|"))
}

/// A post-service command's hash.
pub fn command_hash(key: &str, command: &str, var1: &str, salt: &str) -> String {
    sha512_hex(&format!("{key}|{command}|{var1}|{salt}"))
}

/// Compares hex hashes without stopping at the first difference.
pub fn same_hash(a: &str, b: &str) -> bool {
    let (a, b) = (a.trim().to_ascii_lowercase(), b.trim().to_ascii_lowercase());
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[derive(Clone)]
pub struct PayU {
    http: reqwest::Client,
    cfg: PaymentConfig,
}

impl PayU {
    pub fn new(cfg: PaymentConfig) -> Self {
        let http = reqwest::Client::builder().timeout(std::time::Duration::from_secs(20)).build().expect("HTTP client");
        PayU { http, cfg }
    }

    pub fn key(&self) -> &str {
        &self.cfg.payu_key
    }

    pub fn payment_url(&self) -> &str {
        &self.cfg.payu_payment_url
    }

    /// The hosted page's form fields for one attempt, hash included. `surl`/`furl` are where the
    /// shopper's browser brings the answer back.
    #[allow(clippy::too_many_arguments)]
    pub fn payment_form(
        &self,
        txnid: &str,
        paise: i64,
        productinfo: &str,
        firstname: &str,
        email: &str,
        phone: &str,
        return_url: &str,
    ) -> BTreeMap<String, String> {
        let mut f = BTreeMap::new();
        for (k, v) in [
            ("key", self.cfg.payu_key.as_str()),
            ("txnid", txnid),
            ("amount", &rupees_text(paise)),
            ("productinfo", productinfo),
            ("firstname", firstname),
            ("email", email),
            ("phone", phone),
            ("surl", return_url),
            ("furl", return_url),
            ("udf1", ""),
            ("udf2", ""),
            ("udf3", ""),
            ("udf4", ""),
            ("udf5", ""),
        ] {
            f.insert(k.to_string(), v.to_string());
        }
        let hash = request_hash(&f, &self.cfg.payu_salt);
        f.insert("hash".into(), hash);
        f
    }

    /// Whether an answer brought back by the browser carries PayU's reverse hash for our key.
    pub fn answer_ok(&self, f: &BTreeMap<String, String>) -> bool {
        !self.cfg.payu_salt.is_empty() && field(f, "key") == self.cfg.payu_key && same_hash(field(f, "hash"), &response_hash(f, &self.cfg.payu_salt))
    }

    async fn command(&self, command: &str, vars: &[&str]) -> Result<serde_json::Value, GatewayError> {
        let var1 = vars.first().copied().unwrap_or_default();
        let mut form = vec![
            ("key".to_string(), self.cfg.payu_key.clone()),
            ("command".to_string(), command.to_string()),
            ("hash".to_string(), command_hash(&self.cfg.payu_key, command, var1, &self.cfg.payu_salt)),
        ];
        for (i, v) in vars.iter().enumerate() {
            form.push((format!("var{}", i + 1), v.to_string()));
        }
        let res = self.http.post(&self.cfg.payu_info_url).form(&form).send().await.map_err(|e| GatewayError::Unreachable(e.to_string()))?;
        let status = res.status();
        let text = res.text().await.map_err(|e| GatewayError::Unreachable(e.to_string()))?;
        if !status.is_success() {
            return Err(GatewayError::Refused { status: status.as_u16(), code: String::new(), description: text.chars().take(200).collect() });
        }
        serde_json::from_str(&text).map_err(|e| GatewayError::Garbled(format!("{e}: {}", text.chars().take(200).collect::<String>())))
    }

    /// PayU's own record of a transaction (verify_payment), as a payment: captured, failed or pending.
    pub async fn verify(&self, txnid: &str) -> Result<Vec<ProviderPayment>, GatewayError> {
        let answer = self.command("verify_payment", &[txnid]).await?;
        let d = &answer["transaction_details"][txnid];
        let status = match d["status"].as_str().unwrap_or_default() {
            "success" => "captured",
            "failure" | "failed" | "dropped" | "bounced" | "userCancelled" => "failed",
            "Not Found" | "" => return Ok(vec![]),
            _ => "pending",
        };
        let amount = paise_of(d["amt"].as_str().or(d["amount"].as_str()).unwrap_or_default()).ok_or_else(|| GatewayError::Garbled(format!("amount in {d}")))?;
        Ok(vec![ProviderPayment {
            id: d["mihpayid"].as_str().map(str::to_string).unwrap_or_else(|| d["mihpayid"].to_string()),
            order_id: Some(txnid.to_string()),
            amount,
            status: status.into(),
            method: d["mode"].as_str().unwrap_or_default().to_string(),
            error_description: d["error_Message"].as_str().map(str::to_string),
        }])
    }

    /// Refunds `paise` of a captured transaction (`token` keeps a retry from refunding twice).
    pub async fn refund(&self, mihpayid: &str, paise: i64, token: &str) -> Result<String, GatewayError> {
        let answer = self.command("cancel_refund_transaction", &[mihpayid, token, &rupees_text(paise)]).await?;
        if answer["status"].as_i64() != Some(1) {
            return Err(GatewayError::Refused {
                status: 200,
                code: String::new(),
                description: answer["msg"].as_str().unwrap_or("refund refused").to_string(),
            });
        }
        Ok(answer["request_id"].as_str().map(str::to_string).unwrap_or_else(|| token.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn hashes_follow_the_published_sequences() {
        let f = form(&[("key", "K"), ("txnid", "T1"), ("amount", "10.00"), ("productinfo", "P"), ("firstname", "F"), ("email", "e@x.in")]);
        assert_eq!(request_hash(&f, "S"), sha512_hex("K|T1|10.00|P|F|e@x.in|||||||||||S"));
        let mut back = f.clone();
        back.insert("status".into(), "success".into());
        assert_eq!(response_hash(&back, "S"), sha512_hex("S|success|||||||||||e@x.in|F|P|10.00|T1|K"));
        back.insert("additionalCharges".into(), "5.00".into());
        assert_eq!(response_hash(&back, "S"), sha512_hex("5.00|S|success|||||||||||e@x.in|F|P|10.00|T1|K"));
        assert_eq!(command_hash("K", "verify_payment", "T1", "S"), sha512_hex("K|verify_payment|T1|S"));
        // A known vector: sha512 of the empty text.
        assert!(sha512_hex("").starts_with("cf83e1357eefb8bdf1542850d66d8007"));
    }

    #[test]
    fn amounts_are_rupees_with_two_decimals() {
        assert_eq!(rupees_text(79_900), "799.00");
        assert_eq!(rupees_text(5), "0.05");
        assert_eq!(paise_of("799.00"), Some(79_900));
        assert_eq!(paise_of("799.5"), Some(79_950));
        assert_eq!(paise_of("799"), Some(79_900));
        assert_eq!(paise_of("7.999"), None);
        assert_eq!(paise_of("-1.00"), None);
        assert!(same_hash("ABCD", "abcd") && !same_hash("abcd", "abce") && !same_hash("ab", "abc"));
    }
}

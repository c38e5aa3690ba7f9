//! PayU's stand-in (`DRAPE_PAYMENTS=sandbox`): the hosted payment page at `_payment` (the request hash
//! checked), the shopper's choice posted back to the shop's return address with PayU's reverse hash,
//! and the post-service commands `verify_payment` and `cancel_refund_transaction`. Test values: UPI
//! success@payu / failure@payu; card 5123 4567 8901 2346 succeeds, 4000 0000 0000 0002 is declined.
//! State in memory; no card number is kept.

use super::payu::{command_hash, paise_of, request_hash, response_hash, same_hash};
use crate::config::PaymentConfig;
use axum::extract::{Form, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::json;
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

#[derive(Clone)]
struct Txn {
    fields: BTreeMap<String, String>,
    status: String,
    mihpayid: String,
    mode: String,
    error: String,
}

/// A refund by the shop's token: (request id, mihpayid, paise).
type Refund = (String, String, i64);

#[derive(Clone)]
pub struct PayUSandbox {
    cfg: PaymentConfig,
    txns: Arc<Mutex<HashMap<String, Txn>>>,
    refunds: Arc<Mutex<HashMap<String, Refund>>>,
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

fn page(title: &str, body: &str) -> Response {
    Html(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>{title}</title><link rel=\"stylesheet\" href=\"/sandbox/payu/page.css\"></head><body><main class=\"card\">\
         <p class=\"brand\">PAYU SANDBOX</p>{body}</main></body></html>",
        title = escape(title)
    ))
    .into_response()
}

impl PayUSandbox {
    pub fn new(cfg: PaymentConfig) -> Self {
        PayUSandbox { cfg, txns: Arc::default(), refunds: Arc::default() }
    }

    pub fn router(self) -> Router {
        Router::new()
            .route("/_payment", post(hosted_page))
            .route("/_pay", post(pay))
            .route("/merchant/postservice.php", post(post_service))
            .route("/page.css", get(css))
            .route("/return.js", get(return_js))
            .with_state(self)
    }
}

/// The hosted page: the request hash must be the merchant's.
async fn hosted_page(State(s): State<PayUSandbox>, Form(f): Form<BTreeMap<String, String>>) -> Response {
    let get = |k: &str| f.get(k).cloned().unwrap_or_default();
    if get("key") != s.cfg.payu_key || !same_hash(&get("hash"), &request_hash(&f, &s.cfg.payu_salt)) {
        return (StatusCode::BAD_REQUEST, page("Error", "<h1>Transaction error</h1><p>Sorry, some problem occurred: the hash is not valid.</p>"))
            .into_response();
    }
    // As PayU: the payer's e-mail address is required.
    if drape_domain::validation::Email::parse_lenient(&get("email")).is_none() {
        return (StatusCode::BAD_REQUEST, page("Error", "<h1>Transaction error</h1><p>Invalid email.</p>")).into_response();
    }
    let Some(paise) = paise_of(&get("amount")) else {
        return (StatusCode::BAD_REQUEST, page("Error", "<h1>Transaction error</h1><p>The amount is not valid.</p>")).into_response();
    };
    let txnid = get("txnid");
    {
        let mut txns = s.txns.lock().expect("sandbox");
        if txns.get(&txnid).is_some_and(|t| t.status != "pending") {
            return (StatusCode::BAD_REQUEST, page("Error", "<h1>Transaction error</h1><p>This transaction id was used before.</p>")).into_response();
        }
        txns.insert(txnid.clone(), Txn { fields: f.clone(), status: "pending".into(), mihpayid: String::new(), mode: String::new(), error: String::new() });
    }
    let amount = escape(&drape_domain::money::format_inr(paise));
    page(
        "PayU sandbox",
        &format!(
            "<h1>Pay {amount} to Drape</h1><p class=\"muted\">{info}</p>\
             <form method=\"post\" action=\"/sandbox/payu/_pay\"><input type=\"hidden\" name=\"txnid\" value=\"{txnid}\">\
             <label><input type=\"radio\" name=\"mode\" value=\"UPI\" checked> UPI</label>\
             <label class=\"field\">UPI ID<input name=\"vpa\" placeholder=\"success@payu\" autocomplete=\"off\"></label>\
             <label><input type=\"radio\" name=\"mode\" value=\"CC\"> Credit / debit card</label>\
             <label class=\"field\">Card number<input name=\"ccnum\" inputmode=\"numeric\" autocomplete=\"off\" placeholder=\"5123 4567 8901 2346\"></label>\
             <button name=\"action\" value=\"pay\" class=\"pay\">Pay {amount}</button>\
             <button name=\"action\" value=\"cancel\" class=\"cancel\">Cancel payment</button></form>",
            info = escape(&get("productinfo")),
            txnid = escape(&txnid),
        ),
    )
}

/// The shopper's choice: the transaction is settled and the browser is sent back with PayU's answer.
async fn pay(State(s): State<PayUSandbox>, Form(f): Form<BTreeMap<String, String>>) -> Response {
    let get = |k: &str| f.get(k).cloned().unwrap_or_default();
    let txnid = get("txnid");
    let mut txns = s.txns.lock().expect("sandbox");
    let Some(t) = txns.get_mut(&txnid).filter(|t| t.status == "pending") else {
        return (StatusCode::BAD_REQUEST, page("Error", "<h1>Transaction error</h1><p>Unknown or finished transaction.</p>")).into_response();
    };
    let card: String = get("ccnum").chars().filter(|c| c.is_ascii_digit()).collect();
    let (mode, outcome): (&str, Result<(), &str>) = match (get("action").as_str(), get("mode").as_str()) {
        ("cancel", _) => ("", Err("Transaction cancelled by the customer")),
        (_, "CC") if card == "4000000000000002" => ("CC", Err("Card declined by the bank")),
        (_, "CC") if card.len() >= 12 => ("CC", Ok(())),
        (_, "CC") => ("CC", Err("Invalid card number")),
        (_, _) if get("vpa").trim() == "failure@payu" => ("UPI", Err("Payment failed in the UPI app")),
        (_, _) if get("vpa").contains('@') => ("UPI", Ok(())),
        _ => ("UPI", Err("Invalid UPI id")),
    };
    t.mihpayid = format!("{}", 403_993_715_000_000u64 + txnid.bytes().map(u64::from).sum::<u64>() * 7 + t.fields.len() as u64);
    t.mode = mode.into();
    t.status = if outcome.is_ok() { "success".into() } else { "failure".into() };
    t.error = outcome.err().unwrap_or("No Error").to_string();
    let mut answer = t.fields.clone();
    answer.remove("hash");
    answer.remove("surl");
    answer.remove("furl");
    answer.insert("status".into(), t.status.clone());
    answer.insert("unmappedstatus".into(), if t.status == "success" { "captured".into() } else { "failed".into() });
    answer.insert("mihpayid".into(), t.mihpayid.clone());
    answer.insert("mode".into(), t.mode.clone());
    answer.insert("error_Message".into(), t.error.clone());
    let hash = response_hash(&answer, &s.cfg.payu_salt);
    answer.insert("hash".into(), hash);
    let target = if t.status == "success" { t.fields.get("surl") } else { t.fields.get("furl") }.cloned().unwrap_or_default();
    let inputs: String = answer.iter().map(|(k, v)| format!("<input type=\"hidden\" name=\"{}\" value=\"{}\">", escape(k), escape(v))).collect();
    page(
        "Returning to Drape",
        &format!(
            "<h1>{}</h1><p class=\"muted\">Taking you back to Drape…</p><form id=\"payu-return\" method=\"post\" action=\"{}\">{inputs}\
             <button class=\"pay\">Return to Drape</button></form><script src=\"/sandbox/payu/return.js\"></script>",
            if t.status == "success" { "Payment successful" } else { "Payment failed" },
            escape(&target)
        ),
    )
}

async fn post_service(State(s): State<PayUSandbox>, Form(f): Form<BTreeMap<String, String>>) -> Response {
    let get = |k: &str| f.get(k).cloned().unwrap_or_default();
    let (command, var1) = (get("command"), get("var1"));
    if get("key") != s.cfg.payu_key || !same_hash(&get("hash"), &command_hash(&s.cfg.payu_key, &command, &var1, &s.cfg.payu_salt)) {
        return Json(json!({"status": 0, "msg": "Invalid Hash."})).into_response();
    }
    let txns = s.txns.lock().expect("sandbox");
    match command.as_str() {
        "verify_payment" => {
            let detail = match txns.get(&var1) {
                Some(t) => json!({"mihpayid": t.mihpayid, "txnid": var1, "status": t.status, "amt": t.fields.get("amount"), "mode": t.mode,
                    "error_Message": t.error, "productinfo": t.fields.get("productinfo")}),
                None => json!({"mihpayid": "Not Found", "status": "Not Found"}),
            };
            Json(json!({"status": 1, "msg": "1 out of 1 Transactions Fetched Successfully", "transaction_details": {var1: detail}})).into_response()
        }
        "cancel_refund_transaction" => {
            let Some(t) = txns.values().find(|t| t.mihpayid == var1 && t.status == "success") else {
                return Json(json!({"status": 0, "msg": "Invalid payuid"})).into_response();
            };
            let mut refunds = s.refunds.lock().expect("sandbox");
            // The same token again is the same refund; new ones may not pass the transaction's amount in all.
            if let Some((request_id, _, _)) = refunds.get(&get("var2")) {
                return Json(json!({"status": 1, "msg": "Refund Request Queued", "request_id": request_id, "bank_ref_num": null, "mihpayid": var1}))
                    .into_response();
            }
            let before: i64 = refunds.values().filter(|r| r.1 == var1).map(|r| r.2).sum();
            let captured = t.fields.get("amount").and_then(|a| paise_of(a)).unwrap_or(0);
            let amount = paise_of(&get("var3")).filter(|a| *a > 0 && before + a <= captured);
            let Some(amount) = amount else {
                return Json(json!({"status": 0, "msg": "Refund amount is greater than the transaction amount"})).into_response();
            };
            let request_id = format!("{}", 130_000_000 + refunds.len() + 1);
            refunds.insert(get("var2"), (request_id.clone(), var1.clone(), amount));
            Json(json!({"status": 1, "msg": "Refund Request Queued", "request_id": request_id, "bank_ref_num": null, "mihpayid": var1})).into_response()
        }
        _ => Json(json!({"status": 0, "msg": "Invalid command"})).into_response(),
    }
}

async fn css() -> Response {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        "body{margin:0;background:#eef2f7;font:16px system-ui;color:#222;display:flex;justify-content:center}\
         .card{background:#fff;margin:24px 12px;padding:20px;border-radius:12px;width:min(380px,94vw);box-shadow:0 4px 20px rgba(0,0,0,.12)}\
         .brand{font:600 12px system-ui;color:#2a9d5c;letter-spacing:.08em;margin:0}h1{font-size:20px;margin:8px 0}.muted{color:#666}\
         label{display:block;margin:12px 0 4px}.field input{display:block;width:100%;box-sizing:border-box;margin-top:4px;padding:12px;border:1px solid #bbb;border-radius:8px;font-size:16px}\
         button{display:block;width:100%;margin-top:12px;padding:13px;border:0;border-radius:8px;font:600 16px system-ui;cursor:pointer}\
         .pay{background:#2a9d5c;color:#fff}.cancel{background:#eee;color:#333}",
    )
        .into_response()
}

async fn return_js() -> Response {
    ([(header::CONTENT_TYPE, "application/javascript; charset=utf-8")], "document.getElementById('payu-return').submit();").into_response()
}

//! Shopping set-ups shared by the checkout and order suites: a shop with delivery areas and the
//! sandbox gateway, a shopper with an address and a cart, placing and paying orders.

use super::*;
use axum::body::Body;
use axum::http::Request;
use drape_domain::delivery::Service;
use drape_domain::validation::Pincode;
use serde_json::{json, Value};
use std::time::Duration;

pub const SLUG: &str = "everyday-padded-t-shirt-bra-black";

pub async fn shop() -> TestApp {
    shop_with(drape_server::config::Provider::Razorpay).await
}

pub async fn shop_with(provider: drape_server::config::Provider) -> TestApp {
    let app = serving_app_with(provider).await;
    app.db.add_pincodes(&[("400050", "Mumbai", "Maharashtra"), ("560001", "Bangalore", "Karnataka"), ("781001", "Kamrup", "Assam")]).await;
    let s = |prepaid, cod, pickup, days| Service { prepaid, cod, pickup, days };
    let rows = vec![
        (Pincode::parse("400050").unwrap(), s(true, true, true, 3)),
        (Pincode::parse("560001").unwrap(), s(true, false, false, 4)),
        (Pincode::parse("781001").unwrap(), s(false, false, false, 7)),
    ];
    app.db.store.import_serviceability(&rows).await.unwrap();
    app
}

/// A logged-in shopper with an address at `pin` and `qty` of the demo bra's first size in the cart.
pub async fn shopper_with_cart(app: &TestApp, mobile: &str, pin: &str, qty: i64) -> (Browser, i64) {
    let mut b = Browser::new();
    b.login(app, mobile).await;
    let address = json!({"addressee": "Riya Sharma", "street1": "Flat 4B, Sunrise Apartments", "street2": "Hill Road", "address_type": "Home",
        "state": "Maharashtra", "city": "Mumbai", "postal_code": pin, "phone": "9876543210"});
    let book = b.post(app, "/api/v1/address-book/", address).await;
    assert_eq!(book.status, 200, "{}", book.text);
    let address_id = book.json()["addresses"][0]["id"].as_i64().unwrap();
    let p = app.db.store.product_by_slug(SLUG).await.unwrap();
    let size = app.db.store.sizes(p.id).await.unwrap().into_iter().find(|s| s.stock >= 10).expect("a size in stock");
    let added = b.post(app, "/api/v3/cart-items/", json!({"product": p.id, "quantity": qty, "size": size.value})).await;
    assert_eq!(added.status, 200, "{}", added.text);
    (b, address_id)
}

pub async fn place(app: &TestApp, b: &mut Browser, key: &str, body: Value) -> Answer {
    if !b.cookies.contains_key("csrftoken") {
        b.get(app, "/healthz").await;
    }
    let req = Request::post("/api/v3/order/")
        .header("content-type", "application/json")
        .header("cookie", b.cookie_header_value())
        .header("X-CSRFToken", b.cookies.get("csrftoken").cloned().unwrap_or_default())
        .header("Idempotency-Key", key)
        .body(Body::from(body.to_string()))
        .unwrap();
    b.send(app, req).await
}

pub async fn quote(app: &TestApp, b: &mut Browser, query: &str) -> Value {
    let q = b.get(app, &format!("/api/v1/checkout/?{query}")).await;
    assert_eq!(q.status, 200, "{}", q.text);
    q.json()
}

/// What the sandbox's checkout script posts for the shopper (the provider's side of the page).
pub async fn provider_pays(app: &TestApp, start: &Value, method: Value) -> Answer {
    let mut body = json!({"key_id": start["key"], "order_id": start["provider_order_id"], "amount": start["amount"].to_string(), "currency": "INR"});
    body.as_object_mut().unwrap().extend(method.as_object().unwrap().clone());
    Browser::new().post(app, "/sandbox/razorpay/v1/payments/create/ajax", body).await
}

pub async fn provider_completes(app: &TestApp, payment_id: &str, action: Value) -> Answer {
    Browser::new().post(app, &format!("/sandbox/razorpay/v1/payments/{payment_id}/complete"), action).await
}

pub async fn status_of(app: &TestApp, b: &mut Browser, order_id: &str) -> Value {
    b.get(app, &format!("/api/v1/orders/{order_id}/status/")).await.json()
}

/// Waits for the webhook or reconciliation to reach a status.
pub async fn wait_for_status(app: &TestApp, b: &mut Browser, order_id: &str, status: &str) {
    for _ in 0..50 {
        if status_of(app, b, order_id).await["status"] == status {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("order {order_id} never reached {status}: {}", status_of(app, b, order_id).await);
}

pub async fn b_user(app: &TestApp, mobile: &str) -> i64 {
    app.db.store.user_by_mobile(mobile).await.unwrap().unwrap().id
}

pub fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|c| match c {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (c as char).to_string(),
            _ => format!("%{c:02X}"),
        })
        .collect()
}

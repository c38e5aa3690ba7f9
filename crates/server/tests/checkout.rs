//! Checkout over HTTP (issue 10): the quote, placing an order idempotently, paying through the sandbox
//! gateway with Razorpay's protocol (signatures, webhooks), retry, COD with its code, the thank-you
//! data, other shoppers, forged signatures, and card numbers that never reach Drape.

mod common;

use axum::body::Body;
use axum::http::Request;
use common::shopping::*;
use common::*;
use drape_domain::clock::Clock;
use drape_domain::delivery::Service;
use drape_domain::validation::Pincode;
use drape_server::payments::razorpay::hmac_hex;
use serde_json::{json, Value};
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn upi_payment_verifies_the_order_with_the_prices_shown() {
    let app = shop().await;
    let (mut b, address_id) = shopper_with_cart(&app, "9123470001", "400050", 2).await;
    let q = quote(&app, &mut b, &format!("address_id={address_id}&payment_mode=UPI")).await;
    assert_eq!(q["delivery"]["deliverable"], true);
    assert_eq!(q["cod"]["allowed"], true);
    assert_eq!(q["payment"]["paymentSDK"], "RAZORPAY");
    let to_pay = q["breakup"]["to_pay"].as_i64().unwrap();
    assert!(to_pay > 0 && q["breakup"]["cod_fee"] == 0);
    let with_cod = quote(&app, &mut b, &format!("address_id={address_id}&payment_mode=COD")).await;
    assert_eq!(with_cod["breakup"]["to_pay"].as_i64().unwrap(), to_pay + 4_900, "COD adds its fee");

    // A body without the key, or with card details, is refused before anything happens.
    let body = json!({"address_id": address_id, "payment_mode": "UPI", "use_wallet": false, "expected_to_pay": to_pay});
    b.post(&app, "/api/v3/order/", body.clone()).await.assert_error(400);
    let mut with_card = body.clone();
    with_card["card_number"] = json!("4111111111111111");
    place(&app, &mut b, "attempt-card-0001", with_card).await.assert_error(400);
    // A total that is not the server's: nothing placed.
    let mut stale = body.clone();
    stale["expected_to_pay"] = json!(to_pay - 100);
    assert_eq!(place(&app, &mut b, "attempt-stale-001", stale).await.assert_error(409)["error"], "cart_changed");

    let placed = place(&app, &mut b, "attempt-upi-0001", body.clone()).await;
    assert_eq!(placed.status, 201, "{}", placed.text);
    let placed = placed.json();
    assert_eq!((placed["status"].as_str(), placed["next"].as_str()), (Some("Pending Payment"), Some("pay")));
    let order_id = placed["order_id"].as_str().unwrap().to_string();
    assert_eq!(b.get(&app, "/cart_dropdown_mobile_ajax/").await.json()["cart_quantity"], 0, "the cart is empty");
    // A double tap: the same answer, one order.
    let again = place(&app, &mut b, "attempt-upi-0001", body.clone()).await;
    assert_eq!(again.status, 201);
    assert_eq!(again.json()["order_id"], order_id.as_str());
    let mut other_body = body.clone();
    other_body["use_wallet"] = json!(true);
    assert_eq!(place(&app, &mut b, "attempt-upi-0001", other_body).await.assert_error(409)["error"], "idempotency_key_reused");

    // Another shopper sees nothing of it.
    let mut stranger = Browser::new();
    stranger.login(&app, "9123470002").await;
    stranger.post(&app, &format!("/api/v1/orders/{order_id}/payment/"), json!({})).await.assert_error(404);
    stranger.get(&app, &format!("/api/v1/orders/{order_id}/status/")).await.assert_error(404);

    let start = b.post(&app, &format!("/api/v1/orders/{order_id}/payment/"), json!({})).await;
    assert_eq!(start.status, 200, "{}", start.text);
    let start = start.json();
    assert_eq!(start["amount"].as_i64(), Some(to_pay));
    let pay = provider_pays(&app, &start, json!({"method": "upi", "vpa": "success@razorpay"})).await.json();
    assert_eq!(pay["next"], "upi");
    let done = provider_completes(&app, pay["razorpay_payment_id"].as_str().unwrap(), json!({"action": "approve"})).await;
    assert_eq!(done.status, 200, "{}", done.text);
    let done = done.json();

    // The stranger cannot claim it; a forged signature is refused.
    stranger.post(&app, "/api/v1/payments/razorpay/callback/", done.clone()).await.assert_error(404);
    let mut forged = done.clone();
    forged["razorpay_signature"] = json!(hmac_hex("guessed", b"x"));
    assert_eq!(b.post(&app, "/api/v1/payments/razorpay/callback/", forged).await.assert_error(400)["error"], "payment_not_verified");

    let ok = b.post(&app, "/api/v1/payments/razorpay/callback/", done.clone()).await;
    assert_eq!(ok.status, 200, "{}", ok.text);
    assert_eq!(ok.json()["status"], "Verified");
    // Repeated: nothing changes.
    assert_eq!(b.post(&app, "/api/v1/payments/razorpay/callback/", done).await.json()["status"], "Verified");

    // The order keeps per line what was paid and the GST inside it; the lines add up to the goods.
    let row = app.db.store.shopper_order(b_user(&app, "9123470001").await, &order_id).await.unwrap().unwrap();
    let items = app.db.store.order_items(row.id).await.unwrap();
    assert_eq!(row.total, to_pay);
    let goods = q["breakup"]["to_pay"].as_i64().unwrap() - q["breakup"]["shipping"].as_i64().unwrap() - q["breakup"]["gift_wrap"].as_i64().unwrap();
    assert_eq!(items.iter().map(|i| i.paid).sum::<i64>(), goods);
    for i in &items {
        assert_eq!(i.gst, drape_domain::checkout::gst_inside(i.paid, i.gst_rate));
    }

    // Thank-you data, by form post with the JSON of spec 000 §7.
    let complete = b
        .send(
            &app,
            Request::post("/get-checkout-complete-data/")
                .header("content-type", "application/x-www-form-urlencoded")
                .header("cookie", b.cookie_header_value())
                .header("X-CSRFToken", b.cookies.get("csrftoken").cloned().unwrap_or_default())
                .body(Body::from(format!("data={}", urlencode(&json!({"order_id": order_id}).to_string()))))
                .unwrap(),
        )
        .await;
    assert_eq!(complete.status, 200, "{}", complete.text);
    let c = complete.json();
    assert_eq!((c["ship_postal_code"].as_str(), c["city"].as_str(), c["cart_items_count"].as_i64()), (Some("400050"), Some("Mumbai"), Some(2)));
    assert!(c["txnid"].as_str().unwrap().starts_with("pay_"), "{c}");
    assert_eq!(c["total_value"].as_i64(), Some(to_pay));
    assert!(!c["delivery_date"].as_str().unwrap().is_empty());
    // The webhook may have settled the payment first; its SMS follows its commit.
    let mut confirmed = false;
    for _ in 0..50 {
        let outbox = app.db.store.recent_messages(20).await.unwrap();
        confirmed = outbox.iter().any(|m| m.body.contains(row.order_ref.as_str()) && m.body.contains("confirmed"));
        if confirmed {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(confirmed, "a confirmation SMS");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_payment_can_be_retried_and_a_saved_card_pays_later() {
    let app = shop().await;
    let (mut b, address_id) = shopper_with_cart(&app, "9123470011", "560001", 1).await;
    let q = quote(&app, &mut b, &format!("address_id={address_id}")).await;
    assert_eq!(q["cod"]["allowed"], false, "no COD at 560001");
    assert!(q["cod"]["reason"].as_str().unwrap().contains("not available"));
    let to_pay = q["breakup"]["to_pay"].as_i64().unwrap();
    let cod = place(&app, &mut b, "cod-where-none-1", json!({"address_id": address_id, "payment_mode": "COD", "expected_to_pay": to_pay + 4_900})).await;
    assert_eq!(cod.assert_error(400)["error"], "cod_not_allowed");

    let placed = place(&app, &mut b, "card-attempt-0001", json!({"address_id": address_id, "payment_mode": "CARD", "expected_to_pay": to_pay})).await.json();
    let order_id = placed["order_id"].as_str().unwrap().to_string();
    let start = b.post(&app, &format!("/api/v1/orders/{order_id}/payment/"), json!({})).await.json();
    let customer = start["customer_id"].as_str().expect("a provider customer").to_string();
    // Declined card: the script hears the error; the page reports it; the order waits for a retry.
    let declined = provider_pays(
        &app,
        &start,
        json!({"method": "card", "card[number]": "4000000000000002", "card[expiry_month]": "12", "card[expiry_year]": "30", "card[cvv]": "123", "card[name]": "Riya"}),
    )
    .await;
    assert_eq!(declined.status, 400);
    let failed = b.post(&app, "/api/v1/payments/razorpay/failure/", json!({"razorpay_order_id": start["provider_order_id"], "description": "declined"})).await;
    assert_eq!(failed.json()["status"], "Pending Payment");
    let status = status_of(&app, &mut b, &order_id).await;
    assert_eq!(status["retry"]["allowed"], true, "{status}");
    assert_eq!(status["ORDER_PENDING_INVENTORY_LIMIT_IN_HOURS"], 2);

    // Retry with a good card, saved for later.
    let retry = b.post(&app, &format!("/api/v1/orders/{order_id}/payment/"), json!({})).await.json();
    assert_ne!(retry["provider_order_id"], start["provider_order_id"]);
    let paid = provider_pays(
        &app,
        &retry,
        json!({"method": "card", "card[number]": "4111111111111111", "card[expiry_month]": "12", "card[expiry_year]": "30", "card[cvv]": "123",
               "card[name]": "Riya Sharma", "save": "1", "customer_id": customer}),
    )
    .await;
    assert_eq!(paid.status, 200, "{}", paid.text);
    assert_eq!(b.post(&app, "/api/v1/payments/razorpay/callback/", paid.json()).await.json()["status"], "Verified");
    let status = status_of(&app, &mut b, &order_id).await;
    assert_eq!((status["retry"]["allowed"].as_bool(), status["status"].as_str()), (Some(false), Some("Verified")));
    b.post(&app, &format!("/api/v1/orders/{order_id}/payment/"), json!({})).await.assert_error(409);

    let cards = b.get(&app, "/api/v1/saved-cards/").await.json();
    assert_eq!(cards["cards"][0]["last4"], "1111");
    assert_eq!(cards["cards"][0]["network"], "Visa");
    let token = cards["cards"][0]["token"].as_str().unwrap().to_string();

    // Next order, by the saved card.
    let p = app.db.store.product_by_slug(SLUG).await.unwrap();
    let size = app.db.store.sizes(p.id).await.unwrap().into_iter().find(|s| s.stock >= 10).unwrap();
    b.post(&app, "/api/v3/cart-items/", json!({"product": p.id, "quantity": 1, "size": size.value})).await;
    let to_pay = quote(&app, &mut b, &format!("address_id={address_id}")).await["breakup"]["to_pay"].as_i64().unwrap();
    let placed =
        place(&app, &mut b, "saved-card-00001", json!({"address_id": address_id, "payment_mode": "SAVED_CARD", "expected_to_pay": to_pay})).await.json();
    let order2 = placed["order_id"].as_str().unwrap().to_string();
    let start = b.post(&app, &format!("/api/v1/orders/{order2}/payment/"), json!({})).await.json();
    let paid = provider_pays(&app, &start, json!({"method": "card", "token": token, "card[cvv]": "123", "customer_id": customer})).await;
    assert_eq!(b.post(&app, "/api/v1/payments/razorpay/callback/", paid.json()).await.json()["status"], "Verified");

    // No card number or CVV is in any of Drape's tables.
    for number in ["4111111111111111", "4000000000000002"] {
        assert_eq!(app.db.columns_containing(number).await, Vec::<(String, String)>::new(), "a card number reached Drape's database");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn webhooks_are_verified_applied_once_and_settle_a_closed_tab() {
    let app = shop().await;
    let (mut b, address_id) = shopper_with_cart(&app, "9123470021", "400050", 1).await;
    let to_pay = quote(&app, &mut b, &format!("address_id={address_id}")).await["breakup"]["to_pay"].as_i64().unwrap();
    let placed =
        place(&app, &mut b, "netbanking-00001", json!({"address_id": address_id, "payment_mode": "NETBANKING", "expected_to_pay": to_pay})).await.json();
    let order_id = placed["order_id"].as_str().unwrap().to_string();
    let start = b.post(&app, &format!("/api/v1/orders/{order_id}/payment/"), json!({})).await.json();

    // A webhook with a wrong signature changes nothing.
    let body = json!({"entity": "event", "event": "payment.captured", "payload": {"payment": {"entity":
        {"id": "pay_forged", "order_id": start["provider_order_id"], "amount": to_pay, "status": "captured", "method": "netbanking"}}}})
    .to_string();
    let forged = Browser::new()
        .send(
            &app,
            Request::post("/api/v1/payments/razorpay/webhook/")
                .header("content-type", "application/json")
                .header("X-Razorpay-Signature", hmac_hex("not-the-secret", body.as_bytes()))
                .body(Body::from(body))
                .unwrap(),
        )
        .await;
    assert_eq!(forged.assert_error(400)["error"], "bad_signature");
    assert_eq!(status_of(&app, &mut b, &order_id).await["status"], "Pending Payment");

    // A correctly signed event whose amount is not the order's is stored but changes nothing.
    let body = json!({"entity": "event", "event": "payment.captured", "payload": {"payment": {"entity":
        {"id": "pay_short", "order_id": start["provider_order_id"], "amount": to_pay - 100, "status": "captured", "method": "upi"}}}})
    .to_string();
    let signed = hmac_hex(&app.state.config.payments.webhook_secret, body.as_bytes());
    let short = Browser::new()
        .send(
            &app,
            Request::post("/api/v1/payments/razorpay/webhook/")
                .header("content-type", "application/json")
                .header("X-Razorpay-Signature", signed)
                .header("x-razorpay-event-id", "evt_short_amount")
                .body(Body::from(body))
                .unwrap(),
        )
        .await;
    assert_eq!(short.status, 200, "{}", short.text);
    assert_eq!(status_of(&app, &mut b, &order_id).await["status"], "Pending Payment", "a payment of another amount does not pay the order");

    // The shopper pays at the bank and closes the tab: only the (doubled) webhook tells Drape.
    Browser::new().post(&app, "/sandbox/razorpay/_control", json!({"webhooks": "twice"})).await;
    let pay = provider_pays(&app, &start, json!({"method": "netbanking", "bank": "HDFC"})).await.json();
    assert_eq!(pay["next"], "bank");
    provider_completes(&app, pay["razorpay_payment_id"].as_str().unwrap(), json!({"action": "success"})).await;
    wait_for_status(&app, &mut b, &order_id, "Verified").await;

    // No webhook at all: reconciliation asks the provider and settles the attempt.
    Browser::new().post(&app, "/sandbox/razorpay/_control", json!({"webhooks": "none"})).await;
    let p = app.db.store.product_by_slug(SLUG).await.unwrap();
    let size = app.db.store.sizes(p.id).await.unwrap().into_iter().find(|s| s.stock >= 10).unwrap();
    b.post(&app, "/api/v3/cart-items/", json!({"product": p.id, "quantity": 1, "size": size.value})).await;
    let placed = place(&app, &mut b, "upi-closed-tab-1", json!({"address_id": address_id, "payment_mode": "UPI", "expected_to_pay": to_pay})).await.json();
    let order2 = placed["order_id"].as_str().unwrap().to_string();
    let start = b.post(&app, &format!("/api/v1/orders/{order2}/payment/"), json!({})).await.json();
    let pay = provider_pays(&app, &start, json!({"method": "upi", "vpa": "success@razorpay"})).await.json();
    provider_completes(&app, pay["razorpay_payment_id"].as_str().unwrap(), json!({"action": "approve"})).await;
    assert_eq!(status_of(&app, &mut b, &order2).await["status"], "Pending Payment");
    app.clock.advance(chrono::Duration::minutes(3));
    drape_server::features::checkout::pay::housekeeping(&app.state).await;
    assert_eq!(status_of(&app, &mut b, &order2).await["status"], "Verified");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unpaid_order_gives_its_stock_back_and_a_late_payment_is_refunded() {
    let app = shop().await;
    let (mut b, address_id) = shopper_with_cart(&app, "9123470031", "400050", 3).await;
    let p = app.db.store.product_by_slug(SLUG).await.unwrap();
    let stock = || async { app.db.store.sizes(p.id).await.unwrap().into_iter().map(|s| s.stock).sum::<i64>() };
    let before = stock().await;
    let to_pay = quote(&app, &mut b, &format!("address_id={address_id}")).await["breakup"]["to_pay"].as_i64().unwrap();
    let placed = place(&app, &mut b, "abandoned-00001", json!({"address_id": address_id, "payment_mode": "UPI", "expected_to_pay": to_pay})).await.json();
    let order_id = placed["order_id"].as_str().unwrap().to_string();
    assert_eq!(stock().await, before - 3, "held while the shopper pays");
    let start = b.post(&app, &format!("/api/v1/orders/{order_id}/payment/"), json!({})).await.json();
    // An attempt still open blocks another for five minutes.
    assert_eq!(b.post(&app, &format!("/api/v1/orders/{order_id}/payment/"), json!({})).await.assert_error(409)["error"], "retry_not_allowed");

    app.clock.advance(chrono::Duration::hours(2) + chrono::Duration::minutes(1));
    drape_server::features::checkout::pay::housekeeping(&app.state).await;
    let status = status_of(&app, &mut b, &order_id).await;
    assert_eq!(status["status"], "Payment Failed");
    assert_eq!(status["retry"]["allowed"], false);
    assert!(status["retry"]["reason"].as_str().unwrap().contains("back on sale"));
    assert_eq!(stock().await, before, "the stock is back on sale");

    // The shopper approves the old UPI request after all: the money goes back, the stock stays on sale.
    let pay = provider_pays(&app, &start, json!({"method": "upi", "vpa": "success@razorpay"})).await.json();
    provider_completes(&app, pay["razorpay_payment_id"].as_str().unwrap(), json!({"action": "approve"})).await;
    let row = app.db.store.shopper_order(b_user(&app, "9123470031").await, &order_id).await.unwrap().unwrap();
    for _ in 0..50 {
        if !app.db.store.refunds_of(row.id).await.unwrap().is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let refunds = app.db.store.refunds_of(row.id).await.unwrap();
    assert_eq!(refunds.len(), 1, "refunded once");
    assert_eq!(refunds[0].0, to_pay);
    assert!(refunds[0].2.as_deref().unwrap_or_default().starts_with("rfnd_"));
    assert_eq!(stock().await, before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cash_on_delivery_is_confirmed_by_the_code_and_the_wallet_pays_part() {
    let app = shop().await;
    let (mut b, address_id) = shopper_with_cart(&app, "9123470041", "400050", 1).await;
    let user_id = b_user(&app, "9123470041").await;
    let now = app.clock.now();
    app.db.store.wallet_entry(user_id, drape_domain::wallet::EntryKind::Credit, 20_000, "goodwill", None, now).await.unwrap().unwrap();
    let q = quote(&app, &mut b, &format!("address_id={address_id}&payment_mode=COD&use_wallet=1")).await;
    assert_eq!(q["breakup"]["wallet_used"], 20_000);
    let to_pay = q["breakup"]["to_pay"].as_i64().unwrap();
    assert_eq!(to_pay, q["breakup"]["order_total"].as_i64().unwrap() - 20_000);
    let placed =
        place(&app, &mut b, "cod-with-wallet-1", json!({"address_id": address_id, "payment_mode": "COD", "use_wallet": true, "expected_to_pay": to_pay})).await;
    assert_eq!(placed.status, 201, "{}", placed.text);
    let placed = placed.json();
    assert_eq!((placed["status"].as_str(), placed["next"].as_str()), (Some("Pending confirmation"), Some("confirm_cod")));
    assert_eq!(app.db.store.wallet_balance(user_id).await.unwrap(), 0);
    let order_id = placed["order_id"].as_str().unwrap().to_string();
    let code = latest_code(&app, "9123470041").await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let url = format!("/api/v1/orders/{order_id}/confirm-cod/");
    assert_eq!(b.post(&app, &url, json!({"code": wrong})).await.assert_error(400)["error"], "wrong_code");
    let mut stranger = Browser::new();
    stranger.login(&app, "9123470042").await;
    stranger.post(&app, &url, json!({"code": code})).await.assert_error(404);
    let ok = b.post(&app, &url, json!({"code": code})).await;
    assert_eq!(ok.status, 200, "{}", ok.text);
    assert_eq!(ok.json()["status"], "Verified");
    assert_eq!(b.post(&app, &url, json!({"code": code})).await.assert_error(409)["error"], "not_awaiting_code");

    // The wallet alone: no gateway, verified at once.
    let p = app.db.store.product_by_slug(SLUG).await.unwrap();
    let size = app.db.store.sizes(p.id).await.unwrap().into_iter().find(|s| s.stock >= 10).unwrap();
    b.post(&app, "/api/v3/cart-items/", json!({"product": p.id, "quantity": 1, "size": size.value})).await;
    app.db.store.wallet_entry(user_id, drape_domain::wallet::EntryKind::Credit, 5_000_000, "goodwill", None, now).await.unwrap().unwrap();
    let q = quote(&app, &mut b, &format!("address_id={address_id}&use_wallet=1")).await;
    assert_eq!(q["breakup"]["to_pay"], 0);
    let upi = place(&app, &mut b, "wallet-but-upi-1", json!({"address_id": address_id, "payment_mode": "UPI", "use_wallet": true, "expected_to_pay": 0})).await;
    assert_eq!(upi.assert_error(400)["error"], "nothing_to_pay");
    let placed =
        place(&app, &mut b, "wallet-only-0001", json!({"address_id": address_id, "payment_mode": "WALLET", "use_wallet": true, "expected_to_pay": 0})).await;
    assert_eq!(placed.json()["status"], "Verified");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn checkout_refuses_what_it_cannot_do_with_a_message() {
    let app = shop().await;
    Browser::new().get(&app, "/api/v1/checkout/").await.assert_error(401);
    let mut empty = Browser::new();
    empty.login(&app, "9123470051").await;
    assert_eq!(empty.get(&app, "/api/v1/checkout/").await.assert_error(400)["error"], "empty_cart");

    let (mut b, address_id) = shopper_with_cart(&app, "9123470052", "781001", 1).await;
    let q = quote(&app, &mut b, &format!("address_id={address_id}")).await;
    assert_eq!(q["delivery"]["deliverable"], false);
    let to_pay = q["breakup"]["to_pay"].as_i64().unwrap();
    let r = place(&app, &mut b, "not-served-0001", json!({"address_id": address_id, "payment_mode": "UPI", "expected_to_pay": to_pay})).await;
    assert_eq!(r.assert_error(400)["error"], "not_deliverable");

    // The size sells out between the page and the order: 409 naming it, nothing placed.
    let (mut late, late_address) = shopper_with_cart(&app, "9123470054", "400050", 1).await;
    let to_pay_late = quote(&app, &mut late, &format!("address_id={late_address}")).await["breakup"]["to_pay"].as_i64().unwrap();
    let p = app.db.store.product_by_slug(SLUG).await.unwrap();
    let size = app.db.store.sizes(p.id).await.unwrap().into_iter().find(|s| s.stock >= 10).unwrap();
    app.db.store.set_size_stock(&size.sku, 0).await.unwrap();
    let r = place(&app, &mut late, "sold-out-000001", json!({"address_id": late_address, "payment_mode": "UPI", "expected_to_pay": to_pay_late})).await;
    let e = r.assert_error(409);
    assert!(e["error"] == "sold_out" || e["error"] == "cart_changed", "{e}");
    assert!(e["message"].as_str().unwrap().contains("sold out") || e["message"].as_str().unwrap().contains("out of stock"), "{e}");
    assert_eq!(late.get(&app, "/cart_dropdown_mobile_ajax/").await.json()["cart_quantity"], 1, "nothing placed");
    // Someone else's address: 404.
    let (_, other_address) = shopper_with_cart(&app, "9123470053", "400050", 1).await;
    b.get(&app, &format!("/api/v1/checkout/?address_id={other_address}")).await.assert_error(404);
    place(&app, &mut b, "not-mine-000001", json!({"address_id": other_address, "payment_mode": "UPI", "expected_to_pay": to_pay})).await.assert_error(404);
    // Malformed VPA.
    assert_eq!(
        b.post(&app, "/api/v1/payments/validate-vpa/", json!({"vpa": "no-at-sign"})).await.assert_error(400)["fields"]["vpa"],
        "Enter a UPI id like name@bank."
    );
    let ok = b.post(&app, "/api/v1/payments/validate-vpa/", json!({"vpa": "riya@okhdfc"})).await;
    assert_eq!(ok.json()["success"], true);
    // Unknown order ids.
    b.get(&app, "/api/v1/orders/nope/status/").await.assert_error(404);
}

/// A form post as a browser sends it, with no cookies (PayU's pages are another site).
async fn form_post(app: &TestApp, path: &str, fields: &[(String, String)]) -> Answer {
    let body = fields.iter().map(|(k, v)| format!("{}={}", urlencode(k), urlencode(v))).collect::<Vec<_>>().join("&");
    Browser::new().send(app, Request::post(path).header("content-type", "application/x-www-form-urlencoded").body(Body::from(body)).unwrap()).await
}

/// The hidden inputs of the sandbox's return page: what the browser posts back to the shop.
fn hidden_inputs(html: &str) -> Vec<(String, String)> {
    let unescape = |s: &str| s.replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    html.split("<input type=\"hidden\" name=\"")
        .skip(1)
        .map(|rest| {
            let (name, rest) = rest.split_once("\" value=\"").unwrap();
            let value = rest.split_once('"').unwrap().0;
            (unescape(name), unescape(value))
        })
        .collect()
}

/// Pays a PayU attempt on the sandbox's hosted page and returns the form the browser brings back.
async fn pay_on_payu(app: &TestApp, start: &Value, choice: &[(&str, &str)]) -> Vec<(String, String)> {
    let payu = &start["payu"];
    assert_eq!(payu["action"], "/sandbox/payu/_payment");
    let fields: Vec<(String, String)> = payu["fields"].as_object().unwrap().iter().map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string())).collect();
    let page = form_post(app, "/sandbox/payu/_payment", &fields).await;
    assert_eq!(page.status, 200, "{}", page.text);
    let txnid = start["provider_order_id"].as_str().unwrap().to_string();
    let mut pay = vec![("txnid".to_string(), txnid)];
    pay.extend(choice.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    let back = form_post(app, "/sandbox/payu/_pay", &pay).await;
    assert_eq!(back.status, 200, "{}", back.text);
    assert!(back.text.contains("/api/v1/payments/payu/return/"), "{}", back.text);
    hidden_inputs(&back.text)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn payu_pays_on_its_hosted_page_and_its_answer_is_checked() {
    let app = shop_with(drape_server::config::Provider::PayU).await;
    let (mut b, address_id) = shopper_with_cart(&app, "9123470061", "400050", 1).await;
    let q = quote(&app, &mut b, &format!("address_id={address_id}")).await;
    assert_eq!(q["payment"]["paymentSDK"], "PAYU");
    let to_pay = q["breakup"]["to_pay"].as_i64().unwrap();
    let online = json!({"address_id": address_id, "payment_mode": "ONLINE", "expected_to_pay": to_pay});

    // PayU requires the payer's e-mail address: a shopper without one is asked for it before any
    // order is made, and the cart stays as it was.
    let refused = place(&app, &mut b, "payu-online-0001", online.clone()).await.assert_error(409);
    assert_eq!(refused["error"], "email_required");
    assert!(refused["message"].as_str().unwrap().contains("Settings"), "{refused}");
    assert_eq!(app.db.columns_containing("payu-online-0001").await, Vec::<(String, String)>::new(), "no order was recorded");
    assert_eq!(quote(&app, &mut b, &format!("address_id={address_id}")).await["breakup"]["to_pay"], to_pay);
    b.json(&app, "PATCH", "/api/v1/settings/", json!({"email": "payer@example.in"})).await;

    let placed = place(&app, &mut b, "payu-online-0001", online).await.json();
    let order_id = placed["order_id"].as_str().unwrap().to_string();
    assert_eq!(placed["payment_mode"], "PAYU");
    // Starting the payment asks the same (the address removed after placing): no attempt is made.
    b.json(&app, "PATCH", "/api/v1/settings/", json!({"email": ""})).await;
    let refused = b.post(&app, &format!("/api/v1/orders/{order_id}/payment/"), json!({})).await.assert_error(409);
    assert_eq!(refused["error"], "email_required");
    let txnid_start = format!("{}-", placed["order_ref"].as_str().unwrap());
    assert_eq!(app.db.columns_containing(&txnid_start).await, Vec::<(String, String)>::new(), "no PayU attempt (txnid {txnid_start}…)");
    b.json(&app, "PATCH", "/api/v1/settings/", json!({"email": "payer@example.in"})).await;
    let start = b.post(&app, &format!("/api/v1/orders/{order_id}/payment/"), json!({})).await.json();
    assert_eq!(start["provider"], "PAYU");
    assert_eq!(start["payu"]["fields"]["email"], "payer@example.in");

    // As PayU does, the hosted page refuses a request without the payer's address, even one signed
    // with the merchant's salt.
    let mut no_email: std::collections::BTreeMap<String, String> =
        start["payu"]["fields"].as_object().unwrap().iter().map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string())).collect();
    no_email.insert("email".into(), String::new());
    let hash = drape_server::payments::payu::request_hash(&no_email, &app.state.config.payments.payu_salt);
    no_email.insert("hash".into(), hash);
    let refused = form_post(&app, "/sandbox/payu/_payment", &no_email.into_iter().collect::<Vec<_>>()).await;
    assert_eq!((refused.status.as_u16(), refused.text.contains("Invalid email")), (400, true), "{}", refused.text);

    // A tampered request is refused by the hosted page.
    let mut tampered: Vec<(String, String)> =
        start["payu"]["fields"].as_object().unwrap().iter().map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string())).collect();
    tampered.iter_mut().filter(|f| f.0 == "amount").for_each(|f| f.1 = "1.00".into());
    assert_eq!(form_post(&app, "/sandbox/payu/_payment", &tampered).await.status, 400);

    // A failed UPI payment: back to retry payment, the order still waits.
    let answer = pay_on_payu(&app, &start, &[("mode", "UPI"), ("vpa", "failure@payu"), ("action", "pay")]).await;
    let back = form_post(&app, "/api/v1/payments/payu/return/", &answer).await;
    assert_eq!(back.status, 303, "{}", back.text);
    assert_eq!(back.headers["location"], format!("/retrypayment/?order_id={order_id}&payment=failed").as_str());
    let status = status_of(&app, &mut b, &order_id).await;
    assert_eq!(
        (status["status"].as_str(), status["retry"]["allowed"].as_bool(), status["provider"].as_str()),
        (Some("Pending Payment"), Some(true), Some("PAYU"))
    );

    // Paid on a retry; an answer whose amount was changed on the way is refused and changes nothing.
    let start = b.post(&app, &format!("/api/v1/orders/{order_id}/payment/"), json!({})).await.json();
    let answer = pay_on_payu(&app, &start, &[("mode", "CC"), ("ccnum", "5123 4567 8901 2346"), ("action", "pay")]).await;
    let mut forged = answer.clone();
    forged.iter_mut().filter(|f| f.0 == "amount").for_each(|f| f.1 = "1.00".into());
    assert_eq!(form_post(&app, "/api/v1/payments/payu/return/", &forged).await.assert_error(400)["error"], "payment_not_verified");
    assert_eq!(status_of(&app, &mut b, &order_id).await["status"], "Pending Payment");
    let back = form_post(&app, "/api/v1/payments/payu/return/", &answer).await;
    assert_eq!(back.headers["location"], format!("/checkout/complete/?order_id={order_id}").as_str());
    assert_eq!(status_of(&app, &mut b, &order_id).await["status"], "Verified");
    // The same answer again changes nothing.
    assert_eq!(form_post(&app, "/api/v1/payments/payu/return/", &answer).await.status, 303);
    assert_eq!(app.db.columns_containing("5123456789012346").await, Vec::<(String, String)>::new());

    // Paid after the window closed: PayU refunds it (cancel_refund_transaction), the stock stays on sale.
    let p = app.db.store.product_by_slug(SLUG).await.unwrap();
    let size = app.db.store.sizes(p.id).await.unwrap().into_iter().find(|s| s.stock >= 10).unwrap();
    b.post(&app, "/api/v3/cart-items/", json!({"product": p.id, "quantity": 1, "size": size.value})).await;
    let placed = place(&app, &mut b, "payu-late-00001", json!({"address_id": address_id, "payment_mode": "ONLINE", "expected_to_pay": to_pay})).await.json();
    let late = placed["order_id"].as_str().unwrap().to_string();
    let start = b.post(&app, &format!("/api/v1/orders/{late}/payment/"), json!({})).await.json();
    app.clock.advance(chrono::Duration::hours(3));
    drape_server::features::checkout::pay::housekeeping(&app.state).await;
    assert_eq!(status_of(&app, &mut b, &late).await["status"], "Payment Failed");
    let answer = pay_on_payu(&app, &start, &[("mode", "UPI"), ("vpa", "success@payu"), ("action", "pay")]).await;
    let back = form_post(&app, "/api/v1/payments/payu/return/", &answer).await;
    assert!(back.headers["location"].to_str().unwrap().starts_with("/retrypayment/"));
    let row = app.db.store.shopper_order(b_user(&app, "9123470061").await, &late).await.unwrap().unwrap();
    let refunds = app.db.store.refunds_of(row.id).await.unwrap();
    assert_eq!((refunds.len(), refunds[0].0), (1, to_pay), "refunded once, in full");
}

#[tokio::test]
async fn cash_on_delivery_stops_above_its_limit_and_for_blacklisted_shoppers() {
    let app = app_with(|c| c.checkout.cod_max = 50_000, true).await;
    app.db.add_pincodes(&[("400050", "Mumbai", "Maharashtra")]).await;
    app.db.store.import_serviceability(&[(Pincode::parse("400050").unwrap(), Service { prepaid: true, cod: true, pickup: true, days: 3 })]).await.unwrap();
    let (mut b, address_id) = shopper_with_cart(&app, "9123470071", "400050", 1).await;
    let q = quote(&app, &mut b, &format!("address_id={address_id}")).await;
    let to_pay = q["breakup"]["to_pay"].as_i64().unwrap();
    assert!(to_pay > 50_000);
    assert_eq!((q["cod"]["allowed"].as_bool(), q["cod"]["reason"].as_str()), (Some(false), Some("Cash on delivery is available on orders up to ₹500.")));
    let r = place(&app, &mut b, "cod-above-limit1", json!({"address_id": address_id, "payment_mode": "COD", "expected_to_pay": to_pay + 4_900})).await;
    assert_eq!(r.assert_error(400)["message"], "Cash on delivery is available on orders up to ₹500.");

    let (mut blocked, blocked_address) = shopper_with_cart(&app, "9123470072", "400050", 1).await;
    let id = b_user(&app, "9123470072").await;
    app.db.store.set_blacklisted(id, true).await.unwrap();
    let q = quote(&app, &mut blocked, &format!("address_id={blocked_address}")).await;
    assert_eq!(q["cod"]["allowed"], false);
    assert!(q["cod"]["reason"].as_str().unwrap().contains("account"), "{q}");
    let r =
        place(&app, &mut blocked, "cod-blacklisted1", json!({"address_id": blocked_address, "payment_mode": "COD", "expected_to_pay": to_pay + 4_900})).await;
    assert_eq!(r.assert_error(400)["error"], "cod_not_allowed");
    assert_eq!(blocked.get(&app, "/cart_dropdown_mobile_ajax/").await.json()["cart_quantity"], 1, "nothing was placed");
}

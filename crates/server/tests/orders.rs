//! Orders after the purchase over HTTP (issue 12): the history as JSON to the app and as the page to
//! a browser, its filters and pages; one order with its timeline; cancelling cash-on-delivery and
//! prepaid orders with the money going back once; re-ordering; other shoppers' orders.

mod common;

use common::shopping::*;
use common::*;
use drape_domain::clock::Clock;
use serde_json::{json, Value};

const DEMO: &str = "9876543210";

async fn history(app: &TestApp, b: &mut Browser, query: &str) -> Answer {
    let req = b.get_request_with(&format!("/order/history/{query}"), &[("accept", "application/json"), ("x-requested-with", "XMLHttpRequest")]);
    b.send(app, req).await
}

fn refs(list: &Value) -> Vec<String> {
    list["orders"].as_array().unwrap().iter().map(|o| o["pk"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn the_history_pages_filters_and_answers_json_only_to_the_app() {
    let app = app().await;
    let mut b = Browser::new();
    // Logged out: the app's call is refused; nothing about anyone's orders.
    assert_eq!(history(&app, &mut b, "").await.assert_error(401)["error"], "login_required");
    b.login(&app, DEMO).await;

    let page1 = history(&app, &mut b, "").await;
    assert_eq!(page1.status, 200, "{}", page1.text);
    let page1 = page1.json();
    for field in [
        "orders",
        "orders_data",
        "orders_util_data",
        "product_items",
        "oh_details",
        "exchange_refund_status",
        "non_serviceable_pop_up",
        "non_returnable_obj_items",
        "time_period",
        "allOrders",
        "returnable_order",
        "return_apply_order",
        "API_RETRY_LIMIT_IN_MINUTES",
        "ORDER_PENDING_INVENTORY_LIMIT_IN_HOURS",
        "current_page",
        "total_pages",
    ] {
        assert!(page1.get(field).is_some(), "{field} in the order list response");
    }
    assert_eq!(refs(&page1), ["DRPDEMO0006", "DRPDEMO0005", "DRPDEMO0004"], "newest first, three to a screen");
    assert_eq!((page1["current_page"].as_i64(), page1["total_pages"].as_i64(), page1["allOrders"].as_i64()), (Some(1), Some(2), Some(6)));
    assert_eq!((page1["API_RETRY_LIMIT_IN_MINUTES"].as_i64(), page1["ORDER_PENDING_INVENTORY_LIMIT_IN_HOURS"].as_i64()), (Some(5), Some(2)));
    let shipped = &page1["orders"][0];
    assert_eq!(shipped["orders_util_data"]["status_label"], "Order Shipped");
    assert_eq!(shipped["orders_util_data"]["can_cancel"], false);
    assert!(shipped["oh_details"]["tracking_number"].as_str().unwrap().starts_with("DL"));
    let id = shipped["encrypted_order_id"].as_str().unwrap();
    assert_eq!(page1["oh_details"][id]["order_ref"], "DRPDEMO0006", "keyed by encrypted_order_id too");
    // The status table is the server's, colours included, for every status of spec 000 §4.
    assert_eq!(page1["orders_data"]["statuses"].as_array().unwrap().len(), 18);
    // The combo set (DRPDEMO0005) holds panties: never returnable, and named as such.
    let set_line = page1["orders"][1]["products"][0]["id"].as_i64().unwrap();
    assert!(page1["non_returnable_obj_items"].as_array().unwrap().contains(&json!(set_line)));
    assert_eq!(page1["orders"][1]["products"][0]["returnable"], false);
    // The activewear order delivered 21 days ago is inside its 35 days.
    assert_eq!(page1["returnable_order"], json!([page1["orders"][2]["encrypted_order_id"]]));
    assert!(page1["orders"][2]["products"][0]["rate_url"].as_str().unwrap().starts_with("/product-nps/?id="));

    let page2 = history(&app, &mut b, "?page=2").await.json();
    assert_eq!(refs(&page2), ["DRPDEMO0003", "DRPDEMO0002", "DRPDEMO0001"]);
    // The bra delivered 36 days ago is past its window.
    let closed = &page2["orders"][2]["products"][0];
    assert_eq!((closed["returnable"].as_bool(), closed["return_note"].as_str()), (Some(false), Some("The return window for this item has closed.")));
    assert!(history(&app, &mut b, "?page=9").await.json()["orders"].as_array().unwrap().is_empty());

    let delivered = history(&app, &mut b, "?status=Delivered").await.json();
    assert_eq!((delivered["orders_data"]["count"].as_i64(), delivered["total_pages"].as_i64()), (Some(5), Some(2)));
    assert!(delivered["orders"].as_array().unwrap().iter().all(|o| o["orders_util_data"]["status"] == "Delivered"));
    assert_eq!(refs(&history(&app, &mut b, "?status=OpenOrder").await.json()), ["DRPDEMO0006"]);
    assert_eq!(history(&app, &mut b, "?status=Cancelled").await.json()["orders_data"]["count"], 0);
    let recent = history(&app, &mut b, "?time_period=last_30_days").await.json();
    assert_eq!(refs(&recent), ["DRPDEMO0006", "DRPDEMO0005", "DRPDEMO0004"], "{}", recent["orders_data"]);
    assert_eq!(recent["total_pages"], 1);
    let years: Vec<&str> = recent["time_period"].as_array().unwrap().iter().map(|t| t["value"].as_str().unwrap()).collect();
    assert_eq!(&years[..4], ["all", "last_30_days", "last_6_months", "2026"]);
    assert_eq!(history(&app, &mut b, "?time_period=2025").await.json()["orders_data"]["count"], 0);

    // Bad filters are refused with the message, never a panic or an empty guess.
    assert!(history(&app, &mut b, "?status=Shipped").await.assert_error(400)["fields"]["status"].is_string());
    history(&app, &mut b, "?time_period=yesterday").await.assert_error(400);
    history(&app, &mut b, "?page=0").await.assert_error(400);
    history(&app, &mut b, "?page=abc").await.assert_error(400);

    // The app variant answers the same; a browser navigating gets the web app, not the data.
    let req = b.get_request_with("/order/app/history/?page=2", &[("x-requested-with", "XMLHttpRequest")]);
    assert_eq!(refs(&b.send(&app, req).await.json()), ["DRPDEMO0003", "DRPDEMO0002", "DRPDEMO0001"]);
    let page = b.get_request_with("/order/history/", &[("accept", "text/html,application/xhtml+xml,application/json;q=0.9")]);
    let page = b.send(&app, page).await;
    assert!(!page.text.contains("allOrders"), "a browser gets the page: {}", page.status);

    // Another shopper sees only their own (none).
    let mut other = Browser::new();
    other.login(&app, "9123470501").await;
    let theirs = history(&app, &mut other, "").await.json();
    assert_eq!((theirs["allOrders"].as_i64(), theirs["orders"].as_array().unwrap().len()), (Some(0), 0));
}

#[tokio::test]
async fn an_order_in_full_has_its_timeline_and_is_only_its_shoppers() {
    let app = app().await;
    let mut b = Browser::new();
    b.login(&app, DEMO).await;
    let list = history(&app, &mut b, "?page=2").await.json();
    let id = list["orders"][0]["encrypted_order_id"].as_str().unwrap().to_string();
    let detail = b.get(&app, &format!("/api/v1/orders/{id}/")).await;
    assert_eq!(detail.status, 200, "{}", detail.text);
    let d = detail.json();
    let steps: Vec<&str> = d["timeline"].as_array().unwrap().iter().map(|s| s["label"].as_str().unwrap()).collect();
    assert_eq!(steps, ["Order Received", "Order Packed", "Order Shipped", "Order Delivered"]);
    assert!(d["timeline"][2]["note"].as_str().unwrap().starts_with("Delhivery DL"));
    assert_eq!(d["address"]["city"], "Bengaluru");
    assert_eq!(d["order"]["pk"], "DRPDEMO0003");

    let mut other = Browser::new();
    other.login(&app, "9123470502").await;
    other.get(&app, &format!("/api/v1/orders/{id}/")).await.assert_error(404);
    b.get(&app, "/api/v1/orders/not-an-order/").await.assert_error(404);
    Browser::new().get(&app, &format!("/api/v1/orders/{id}/")).await.assert_error(401);
}

/// Places a cash-on-delivery order of `qty` pieces for a new shopper, part paid from the wallet.
async fn cod_order(app: &TestApp, mobile: &str, qty: i64, wallet: i64) -> (Browser, String, i64) {
    let (mut b, address_id) = shopper_with_cart(app, mobile, "400050", qty).await;
    let user_id = b_user(app, mobile).await;
    if wallet > 0 {
        app.db.store.wallet_entry(user_id, drape_domain::wallet::EntryKind::Credit, wallet, "goodwill", None, app.clock.now()).await.unwrap().unwrap();
    }
    let q = quote(app, &mut b, &format!("address_id={address_id}&payment_mode=COD&use_wallet={}", (wallet > 0) as i32)).await;
    let to_pay = q["breakup"]["to_pay"].as_i64().unwrap();
    let placed = place(
        app,
        &mut b,
        &format!("cod-{mobile}"),
        json!({"address_id": address_id, "payment_mode": "COD", "use_wallet": wallet > 0, "expected_to_pay": to_pay}),
    )
    .await;
    assert_eq!(placed.status, 201, "{}", placed.text);
    let order_id = placed.json()["order_id"].as_str().unwrap().to_string();
    (b, order_id, user_id)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancelling_a_cod_order_gives_stock_and_wallet_back_once() {
    let app = shop().await;
    let p = app.db.store.product_by_slug(SLUG).await.unwrap();
    let stock = || async { app.db.store.sizes(p.id).await.unwrap().into_iter().map(|s| s.stock).sum::<i64>() };
    let before = stock().await;
    let (mut b, order_id, user_id) = cod_order(&app, "9123470601", 2, 20_000).await;
    assert_eq!(stock().await, before - 2);
    assert_eq!(app.db.store.wallet_balance(user_id).await.unwrap(), 0);

    let check = b.post(&app, "/api/v1/order-cancel-check/", json!({"order_id": order_id, "drape_request_id": "r-1"})).await.json();
    assert_eq!((check["cancellable"].as_bool(), check["cancel_flow"].as_str(), check["drape_request_id"].as_str()), (Some(true), Some("cod"), Some("r-1")));
    assert_eq!(check["refund_options"][0]["refundType"], "wallet");
    assert_eq!(check["refund_options"][0]["amount"], 20_000, "only the wallet's part was paid");
    let reason = check["reasons"][0].as_str().unwrap().to_string();

    // Bad input changes nothing.
    let cancel = |b: &Browser, reason: &str, comment: &str| {
        let fields = [("reason", reason.to_string()), ("orderid", order_id.clone()), ("comment", comment.to_string())];
        let pairs: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
        b.form_request("/cancel-order/", &pairs)
    };
    assert!({
        let req = cancel(&b, "", "");
        b.send(&app, req).await
    }
    .assert_error(400)["fields"]["reason"]
        .is_string());
    assert!({
        let req = cancel(&b, "Because", "");
        b.send(&app, req).await
    }
    .assert_error(400)["fields"]["reason"]
        .is_string());
    assert!({
        let req = cancel(&b, "Other", "");
        b.send(&app, req).await
    }
    .assert_error(400)["fields"]["comment"]
        .is_string());
    let mut no_token = b.clone();
    no_token.send_csrf = false;
    assert_eq!(no_token.form(&app, "/cancel-order/", &[("reason", &reason), ("orderid", &order_id)]).await.assert_error(403)["error"], "csrf_failed");
    let mut stranger = Browser::new();
    stranger.login(&app, "9123470602").await;
    stranger.form(&app, "/cancel-order/", &[("reason", &reason), ("orderid", &order_id)]).await.assert_error(404);
    stranger.post(&app, "/api/v1/order-cancel-check/", json!({"order_id": order_id})).await.assert_error(404);
    assert_eq!(stock().await, before - 2, "nothing changed");

    // A burst of the same cancel (double taps, retries): each hears 'success', the money comes back once.
    let answers = burst(&app, (0..6).map(|_| cancel(&b, &reason, "Ordered the wrong colour")).collect()).await;
    for a in &answers {
        assert_eq!((a.status.as_u16(), a.text.as_str()), (200, "success"));
    }
    assert_eq!(stock().await, before, "both pieces back on sale");
    assert_eq!(app.db.store.wallet_balance(user_id).await.unwrap(), 20_000, "the wallet's part back, once");
    let d = b.get(&app, &format!("/api/v1/orders/{order_id}/")).await.json();
    assert_eq!(d["order"]["orders_util_data"]["status_label"], "Order Cancelled");
    let last = d["timeline"].as_array().unwrap().last().unwrap().clone();
    assert_eq!((last["by"].as_str(), last["note"].as_str()), (Some("shopper"), Some(format!("{reason}: Ordered the wrong colour").as_str())));
    assert!(d["order"]["exchange_refund_status"]["text"].as_str().unwrap().contains("wallet"));
    let outbox = app.db.store.recent_messages(20).await.unwrap();
    assert!(outbox.iter().any(|m| m.body.contains("is cancelled") && m.body.contains("wallet")), "the shopper is told");
    let check = b.post(&app, "/api/v1/order-cancel-check/", json!({"order_id": order_id})).await.json();
    assert_eq!(check["cancellable"], false);
}

/// Places and pays a UPI order through the sandbox gateway; returns the order id and what was paid.
async fn paid_upi_order(app: &TestApp, mobile: &str) -> (Browser, String, i64) {
    paid_upi_order_of(app, mobile, 1).await
}

async fn paid_upi_order_of(app: &TestApp, mobile: &str, pieces: i64) -> (Browser, String, i64) {
    let (mut b, address_id) = shopper_with_cart(app, mobile, "400050", pieces).await;
    let to_pay = quote(app, &mut b, &format!("address_id={address_id}")).await["breakup"]["to_pay"].as_i64().unwrap();
    let placed = place(app, &mut b, &format!("upi-{mobile}"), json!({"address_id": address_id, "payment_mode": "UPI", "expected_to_pay": to_pay})).await.json();
    let order_id = placed["order_id"].as_str().unwrap().to_string();
    let start = b.post(app, &format!("/api/v1/orders/{order_id}/payment/"), json!({})).await.json();
    let pay = provider_pays(app, &start, json!({"method": "upi", "vpa": "success@razorpay"})).await.json();
    let done = provider_completes(app, pay["razorpay_payment_id"].as_str().unwrap(), json!({"action": "approve"})).await.json();
    assert_eq!(b.post(app, "/api/v1/payments/razorpay/callback/", done).await.json()["status"], "Verified");
    (b, order_id, to_pay)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_prepaid_order_goes_back_to_the_wallet_or_through_the_provider() {
    let app = shop().await;
    // To the wallet, at once.
    let (mut b, order_id, paid) = paid_upi_order(&app, "9123470611").await;
    let user_id = b_user(&app, "9123470611").await;
    let check = b.post(&app, "/api/v1/order-cancel-check/", json!({"order_id": order_id})).await.json();
    assert_eq!(check["cancel_flow"], "prepaid");
    let types: Vec<&str> = check["refund_options"].as_array().unwrap().iter().map(|o| o["refundType"].as_str().unwrap()).collect();
    assert_eq!(types, ["wallet", "source"]);
    // The COD call refuses a paid order: the shopper must choose where the money goes.
    let reason = "Ordered by mistake";
    assert!(b.form(&app, "/cancel-order/", &[("reason", reason), ("orderid", &order_id)]).await.assert_error(400)["fields"]["refundType"].is_string());
    let bad = b.form(&app, "/cancel-prepaid-order/", &[("one", reason), ("refundType", "bank"), ("is_user", "1"), ("orderId", &order_id)]).await;
    assert!(bad.assert_error(400)["fields"]["refundType"].is_string());
    let ok =
        b.form(&app, "/cancel-prepaid-order/", &[("one", reason), ("refundType", "wallet"), ("is_user", "1"), ("orderId", &order_id), ("comment", "")]).await;
    assert_eq!((ok.status.as_u16(), ok.text.as_str()), (200, "success"));
    assert_eq!(app.db.store.wallet_balance(user_id).await.unwrap(), paid, "the wallet grew by what was paid");

    // To the original payment: the provider refunds it, under the store's idempotency key.
    let (mut b, order_id, paid) = paid_upi_order(&app, "9123470612").await;
    let user_id = b_user(&app, "9123470612").await;
    let ok = b.form(&app, "/cancel-prepaid-order/", &[("one", reason), ("refundType", "source"), ("is_user", "1"), ("orderId", &order_id)]).await;
    assert_eq!((ok.status.as_u16(), ok.text.as_str()), (200, "success"));
    let row = app.db.store.shopper_order(user_id, &order_id).await.unwrap().unwrap();
    let refunds = app.db.store.refunds_of(row.id).await.unwrap();
    assert_eq!(refunds.len(), 1, "{refunds:?}");
    assert_eq!((refunds[0].0, refunds[0].1.as_str()), (paid, "prepaid"));
    assert!(refunds[0].2.as_deref().unwrap().starts_with("rfnd_"));
    assert_eq!(app.db.store.wallet_balance(user_id).await.unwrap(), 0);
    let d = b.get(&app, &format!("/api/v1/orders/{order_id}/")).await.json();
    assert_eq!(d["refunds"][0]["done"], true);
    // Housekeeping finds nothing more to refund.
    assert!(app.db.store.unpaid_source_refunds(app.clock.now() + chrono::Duration::hours(1), 10).await.unwrap().is_empty());
    // Once is all: a repeat says success and refunds nothing more.
    b.form(&app, "/cancel-prepaid-order/", &[("one", reason), ("refundType", "source"), ("is_user", "1"), ("orderId", &order_id)]).await;
    assert_eq!(app.db.store.refunds_of(row.id).await.unwrap().len(), 1);
}

#[tokio::test]
async fn a_shipped_order_cannot_be_cancelled_and_reordering_fills_the_bag() {
    let app = app().await;
    let mut b = Browser::new();
    b.login(&app, DEMO).await;
    let list = history(&app, &mut b, "").await.json();
    let shipped = list["orders"][0]["encrypted_order_id"].as_str().unwrap().to_string();
    let no = b.form(&app, "/cancel-order/", &[("reason", "Ordered by mistake"), ("orderid", &shipped)]).await;
    assert!(no.assert_error(409)["message"].as_str().unwrap().contains("shipped"));

    // Re-order the activewear order: in stock, so everything goes in.
    let active = list["orders"][2]["encrypted_order_id"].as_str().unwrap().to_string();
    let before = b.get(&app, "/cart_dropdown_mobile_ajax/").await.json()["cart_quantity"].as_i64().unwrap_or(0);
    let again = b.form(&app, "/add_to_cart_order/", &[("order_id", &active)]).await;
    assert_eq!((again.status.as_u16(), again.text.as_str()), (200, "success"));
    let after = b.get(&app, "/cart_dropdown_mobile_ajax/").await.json()["cart_quantity"].as_i64().unwrap();
    assert_eq!(after, before + 1);

    // Sold out since: named, nothing added.
    let line_sku = {
        let id = app.db.store.order_id_by_public_id(&active).await.unwrap().unwrap();
        let line = app.db.store.lines_of(&[id]).await.unwrap().remove(0);
        let sizes = app.db.store.sizes(line.product_id).await.unwrap();
        sizes.into_iter().find(|s| s.value == line.size_value).unwrap().sku
    };
    app.db.store.set_size_stock(&line_sku, 0).await.unwrap();
    let sold_out = b.form(&app, "/add_to_cart_order/", &[("order_id", &active)]).await;
    let body = sold_out.json();
    assert_eq!(sold_out.status.as_u16(), 409, "{body}");
    assert_eq!(body["left_out"][0]["reason"], "Out of stock in this size");
    assert!(body["message"].as_str().unwrap().contains(body["left_out"][0]["name"].as_str().unwrap()));

    let mut stranger = Browser::new();
    stranger.login(&app, "9123470503").await;
    stranger.form(&app, "/add_to_cart_order/", &[("order_id", &active)]).await.assert_error(404);
}

fn return_form<'a>(order: &'a str, item: &'a str, process: &'a str, qty: &'a str, size: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("orderId", order),
        ("checked_products", item),
        ("checked_prod_quantity", qty),
        ("checked_prod_process", process),
        ("checked_prod_exchange_size", size),
        ("reasons_for_refund", "Size too small"),
        ("reasons_comments", ""),
        ("new_order_address", "0"),
        ("payment_type", "cod"),
    ]
}

const BANK: [(&str, &str); 5] = [
    ("accountName", "Riya Sharma"),
    ("accountNnumber", "50100123456789"),
    ("confirmAccountNumber", "50100123456789"),
    ("ifscCode", "HDFC0001234"),
    ("branchName", "Indiranagar"),
];

async fn pickup_at_demo_address(app: &TestApp) {
    let s = drape_domain::delivery::Service { prepaid: true, cod: true, pickup: true, days: 3 };
    app.db.store.import_serviceability(&[(drape_domain::validation::Pincode::parse("560038").unwrap(), s)]).await.unwrap();
}

#[tokio::test]
async fn a_cod_return_asks_for_bank_details_and_refunds_what_was_paid_once() {
    let app = app().await;
    app.db.add_ifsc(&[("HDFC0001234", "HDFC", "HDFC Bank")]).await;
    let mut b = Browser::new();
    b.login(&app, DEMO).await;
    let list = history(&app, &mut b, "").await.json();
    let active = &list["orders"][2];
    let order = active["encrypted_order_id"].as_str().unwrap().to_string();
    let item = active["products"][0]["id"].as_i64().unwrap().to_string();
    let paid = active["products"][0]["paid"].as_i64().unwrap();

    let price = b.form(&app, "/calculate_return_price_new/", &return_form(&order, &item, "Return", "1", "")).await;
    assert_eq!(price.status, 200, "{}", price.text);
    let price = price.json();
    assert_eq!((price["total_refund"].as_i64(), price["refund_source"].as_str(), price["needs_bank_details"].as_bool()), (Some(paid), Some("cod"), Some(true)));

    // Where the courier cannot collect: the spec's message, nothing reserved.
    let no_pickup = b.form(&app, "/sap_exchange_return_request/", &return_form(&order, &item, "Return", "1", "")).await;
    assert_eq!(no_pickup.assert_error(400)["message"], "Reverse Pickup service is not available for this pincode");
    pickup_at_demo_address(&app).await;
    let no_bank = b.form(&app, "/sap_exchange_return_request/", &return_form(&order, &item, "Return", "1", "")).await;
    assert_eq!(no_bank.assert_error(400)["message"], "please enter the bank details");
    let with = |changes: &[(&'static str, &'static str)]| {
        let mut f: Vec<(&str, &str)> = return_form(&order, &item, "Return", "1", "");
        f.extend(BANK.iter().map(|(k, v)| (*k, *v)));
        f.retain(|(k, _)| !changes.iter().any(|c| c.0 == *k));
        f.extend(changes.iter().copied());
        f.into_iter().map(|(k, v)| (k.to_string(), v.to_string())).collect::<Vec<_>>()
    };
    let send = |b: &Browser, f: Vec<(String, String)>| {
        let pairs: Vec<(&str, &str)> = f.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        b.form_request("/sap_exchange_return_request/", &pairs)
    };
    let mismatch = {
        let req = send(&b, with(&[("confirmAccountNumber", "50100123456788")]));
        b.send(&app, req).await
    };
    assert!(mismatch.assert_error(400)["fields"]["confirmAccountNumber"].is_string());
    let unknown = {
        let req = send(&b, with(&[("ifscCode", "ZZZZ0001234")]));
        b.send(&app, req).await
    };
    assert!(unknown.assert_error(400)["fields"]["ifscCode"].is_string());
    let two = {
        let req = send(&b, with(&[("checked_prod_quantity", "2")]));
        b.send(&app, req).await
    };
    assert_eq!(two.assert_error(409)["error"], "quantity_above_remaining");
    let mut no_token = b.clone();
    no_token.send_csrf = false;
    let pairs = with(&[]);
    let pairs: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    no_token.form(&app, "/sap_exchange_return_request/", &pairs).await.assert_error(403);
    let mut stranger = Browser::new();
    stranger.login(&app, "9123470701").await;
    stranger.form(&app, "/sap_exchange_return_request/", &pairs).await.assert_error(404);
    stranger.form(&app, "/calculate_return_price_new/", &pairs).await.assert_error(404);

    // Panties never go back; the bra's window closed.
    let set = &list["orders"][1];
    let set_form = return_form(set["encrypted_order_id"].as_str().unwrap(), "0", "Return", "1", "");
    let set_item = set["products"][0]["id"].as_i64().unwrap().to_string();
    let mut set_form: Vec<(&str, &str)> = set_form.into_iter().filter(|(k, _)| *k != "checked_products").collect();
    set_form.push(("checked_products", &set_item));
    assert_eq!(b.form(&app, "/sap_exchange_return_request/", &set_form).await.assert_error(409)["error"], "not_returnable");

    // Twice, as a double tap: one request.
    let answers = burst(&app, vec![send(&b, with(&[])), send(&b, with(&[]))]).await;
    let ids: Vec<String> = answers
        .iter()
        .map(|a| {
            assert_eq!(a.status, 200, "{}", a.text);
            a.json()["return_id"].as_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(ids[0], ids[1]);
    let d = b.get(&app, &format!("/api/v1/orders/{order}/")).await.json();
    assert_eq!(d["returns"].as_array().unwrap().len(), 1);
    assert_eq!((d["returns"][0]["status_label"].as_str(), d["returns"][0]["refund_route"].as_str()), (Some("Return requested"), Some("bank")));
    assert_eq!(d["order"]["products"][0]["rem_quantity"], 0);
    let again = history(&app, &mut b, "").await.json();
    assert_eq!(again["return_apply_order"], json!([order]));
    assert!(app.db.store.recent_messages(10).await.unwrap().iter().any(|m| m.body.contains("return request")));

    // The operator's side: collected, received, approved, paid by bank transfer.
    let r = app.db.store.return_by_public_id(&ids[0]).await.unwrap().unwrap();
    assert_eq!((r.bank_name.as_deref(), r.bank_account_number.as_deref()), (Some("HDFC Bank"), Some("50100123456789")));
    let now = app.clock.now();
    app.db.store.schedule_pickup(r.id, "2026-11-24", "Delhivery", "operator:cli", now).await.unwrap();
    app.db.store.mark_picked_up(r.id, "operator:cli", now).await.unwrap();
    app.db.store.receive_return(r.id, true, "operator:cli", now).await.unwrap();
    // The operator's page shows the whole account number only while the transfer to it is due.
    app.db.store.upsert_user("9123470998", None, "Operator", true, false, now).await.unwrap();
    let mut op = Browser::new();
    op.login(&app, "9123470998").await;
    let order_ref = app.db.store.order_by_id(r.order_id).await.unwrap().unwrap().order_ref;
    let account_shown = |page: &str| page.split("<span data-account>").nth(1).and_then(|rest| rest.split('<').next()).map(str::to_string);
    let page = op.get(&app, &format!("/ops/orders/{order_ref}/")).await;
    assert_eq!(page.status, 200, "{}", page.text);
    assert_eq!(account_shown(&page.text).as_deref(), Some("••••6789"), "received, not yet approved");
    assert!(!page.text.contains("50100123456789"));
    app.db.store.approve_return(r.id, "operator:cli", now).await.unwrap();
    let page = op.get(&app, &format!("/ops/orders/{order_ref}/")).await.text;
    assert_eq!(account_shown(&page).as_deref(), Some("50100123456789"), "approved: the transfer is due");
    assert!(page.contains("Record transfer"));
    app.db.store.record_bank_refund(r.id, "UTR12345678", "operator:cli", now).await.unwrap();
    let page = op.get(&app, &format!("/ops/orders/{order_ref}/")).await.text;
    assert_eq!(account_shown(&page).as_deref(), Some("••••6789"), "paid");
    let d = b.get(&app, &format!("/api/v1/orders/{order}/")).await.json();
    assert_eq!(d["returns"][0]["status_label"], "Refunded");
    assert_eq!(d["order"]["orders_util_data"]["status"], "Sales Returned", "its one piece came back");
    assert_eq!(d["refunds"][0]["done"], true);
}

#[tokio::test]
async fn an_exchange_holds_the_new_size_and_places_a_free_order() {
    let app = app().await;
    pickup_at_demo_address(&app).await;
    let mut b = Browser::new();
    b.login(&app, DEMO).await;
    let page2 = history(&app, &mut b, "?page=2").await.json();
    let night = &page2["orders"][0];
    let order = night["encrypted_order_id"].as_str().unwrap().to_string();
    let line = &night["products"][0];
    let (item, product_id, size) = (line["id"].as_i64().unwrap().to_string(), line["product_id"].as_i64().unwrap(), line["size"].as_str().unwrap().to_string());

    let sizes = b.get(&app, &format!("/exchange_realtime_size/?prod_id={product_id}&exchange=exc&variation={size}")).await.json();
    let choices = sizes["sizes"].as_array().unwrap();
    assert!(!choices.is_empty() && choices.iter().all(|s| s["value"] != size.as_str()), "{sizes}");
    let new_size = choices[0]["value"].as_str().unwrap().to_string();
    let store = app.db.store.clone();
    let stock_of = |v: String| {
        let store = store.clone();
        async move { store.sizes(product_id).await.unwrap().into_iter().find(|s| s.value == v).unwrap().stock }
    };
    let before = stock_of(new_size.clone()).await;
    b.get(&app, "/exchange_realtime_size/?prod_id=abc").await.assert_error(400);

    let offers = b.get(&app, &format!("/showOfferProductsExchange/?orderId={order}&pId={product_id}&qty=1&size={size}&color=&page=1")).await;
    assert_eq!(offers.status, 200, "{}", offers.text);
    let mut stranger = Browser::new();
    stranger.login(&app, "9123470702").await;
    stranger.get(&app, &format!("/showOfferProductsExchange/?orderId={order}&pId={product_id}")).await.assert_error(404);

    let done = b.form(&app, "/sap_exchange_return_request/", &return_form(&order, &item, "Exchange", "1", &new_size)).await;
    assert_eq!(done.status, 200, "{}", done.text);
    let done = done.json();
    assert_eq!(done["refund_amount"], 0);
    let exchange_ref = done["exchange_order_ref"].as_str().unwrap().to_string();
    assert_eq!(stock_of(new_size.clone()).await, before - 1, "held for the exchange at once");
    let list = history(&app, &mut b, "").await.json();
    let newest = &list["orders"][0];
    assert_eq!((newest["pk"].as_str(), newest["orders_util_data"]["status_label"].as_str()), (Some(exchange_ref.as_str()), Some("Order Received")));
    assert_eq!(newest["oh_details"]["total"], 0);
    assert_eq!(newest["products"][0]["size"], new_size.as_str());
    let d = b.get(&app, &format!("/api/v1/orders/{}/", newest["encrypted_order_id"].as_str().unwrap())).await.json();
    assert_eq!(d["exchange_of"], night["pk"]);
    // It goes with its return: not cancelled on its own.
    assert_eq!(newest["orders_util_data"]["can_cancel"], false);
    let exchange_id = newest["encrypted_order_id"].as_str().unwrap();
    let refused = b.form(&app, "/cancel-order/", &[("reason", "Ordered by mistake"), ("orderid", exchange_id)]).await;
    assert_eq!(refused.assert_error(409)["error"], "exchange_order");
    // The same piece cannot go back again.
    let twice = b.form(&app, "/sap_exchange_return_request/", &return_form(&order, &item, "Return", "1", "")).await;
    assert_eq!(twice.assert_error(409)["error"], "quantity_above_remaining");
}

#[tokio::test]
async fn a_delivered_order_has_a_tax_invoice_page_and_pdf() {
    let app = app().await;
    let mut b = Browser::new();
    b.login(&app, DEMO).await;
    let list = history(&app, &mut b, "").await.json();
    let delivered = list["orders"][2]["encrypted_order_id"].as_str().unwrap().to_string();
    let shipped = list["orders"][0]["encrypted_order_id"].as_str().unwrap().to_string();
    let paid = list["orders"][2]["products"][0]["paid"].as_i64().unwrap();

    let page = b.get(&app, &format!("/api/v1/orders/{delivered}/invoice/")).await;
    assert_eq!(page.status, 200, "{}", page.text);
    assert!(page.headers["content-type"].to_str().unwrap().starts_with("text/html"));
    for needle in ["Tax invoice", "29AAACD1234F1Z5", "INV-DRPDEMO0004", "6212", "CGST", "Karnataka", &drape_domain::money::format_amount(paid)] {
        assert!(page.text.contains(needle), "{needle} in the invoice page");
    }
    let pdf = b.get(&app, &format!("/api/v1/orders/{delivered}/invoice.pdf")).await;
    assert_eq!(pdf.status, 200);
    assert_eq!(pdf.headers["content-type"], "application/pdf");
    assert!(pdf.headers["content-disposition"].to_str().unwrap().contains("INV-DRPDEMO0004.pdf"));
    assert!(pdf.text.starts_with("%PDF-"));
    if let Ok(dir) = std::env::var("DRAPE_INVOICE_OUT") {
        std::fs::write(format!("{dir}/invoice.pdf"), pdf.text.as_bytes()).unwrap();
        std::fs::write(format!("{dir}/invoice.html"), page.text.as_bytes()).unwrap();
    }
    assert!(pdf.text.contains("TAX INVOICE") && pdf.text.contains("INV-DRPDEMO0004") && pdf.text.contains(&drape_domain::money::format_amount(paid)));

    assert_eq!(b.get(&app, &format!("/api/v1/orders/{shipped}/invoice/")).await.assert_error(409)["error"], "no_invoice_yet");
    let mut stranger = Browser::new();
    stranger.login(&app, "9123470801").await;
    stranger.get(&app, &format!("/api/v1/orders/{delivered}/invoice.pdf")).await.assert_error(404);
}

#[tokio::test]
async fn the_operator_page_moves_an_order_to_delivered_and_receives_a_return() {
    let app = app().await;
    pickup_at_demo_address(&app).await;
    // Only superusers: a guest is sent to log in, a shopper is refused.
    let guest = Browser::new().get(&app, "/ops/orders/").await;
    assert_eq!((guest.status.as_u16(), guest.headers["location"].to_str().unwrap()), (303, "/login/?next=/ops/orders/"));
    let mut shopper = Browser::new();
    shopper.login(&app, "9123470901").await;
    assert_eq!(shopper.get(&app, "/ops/orders/").await.status, 403);
    assert_eq!(shopper.form(&app, "/ops/orders/DRPDEMO0006/step/", &[("to", "Delivered")]).await.status, 403);

    let now = app.clock.now();
    app.db.store.upsert_user("9123470999", None, "Operator", true, false, now).await.unwrap();
    let mut op = Browser::new();
    op.login(&app, "9123470999").await;
    let list = op.get(&app, "/ops/orders/?status=OpenOrder").await;
    assert_eq!(list.status, 200, "{}", list.text);
    assert!(list.text.contains("DRPDEMO0006") && !list.text.contains("DRPDEMO0005"), "the shoppers' filters");
    assert!(op.get(&app, "/ops/orders/?q=DRPDEMO0003").await.text.contains("DRPDEMO0003"));

    // A new order from Verified to Delivered, one form at a time.
    app.db.add_pincodes(&[("400050", "Mumbai", "Maharashtra")]).await;
    let (mut b, order_id, _) = {
        let (mut b, address_id) = shopper_with_cart(&app, "9123470902", "400050", 1).await;
        app.db
            .store
            .import_serviceability(&[(
                drape_domain::validation::Pincode::parse("400050").unwrap(),
                drape_domain::delivery::Service { prepaid: true, cod: true, pickup: true, days: 3 },
            )])
            .await
            .unwrap();
        let user_id = b_user(&app, "9123470902").await;
        app.db.store.wallet_entry(user_id, drape_domain::wallet::EntryKind::Credit, 5_000_000, "goodwill", None, now).await.unwrap().unwrap();
        let placed =
            place(&app, &mut b, "ops-wallet-1", json!({"address_id": address_id, "payment_mode": "WALLET", "use_wallet": true, "expected_to_pay": 0})).await;
        assert_eq!(placed.status, 201, "{}", placed.text);
        (b, placed.json()["order_id"].as_str().unwrap().to_string(), user_id)
    };
    let order_ref = app.db.store.order_by_id(app.db.store.order_id_by_public_id(&order_id).await.unwrap().unwrap()).await.unwrap().unwrap().order_ref;
    let step = |to: &'static str, extra: Vec<(&'static str, &'static str)>| {
        let mut f = vec![("to", to)];
        f.extend(extra);
        f
    };
    let url = format!("/ops/orders/{order_ref}/step/");
    let wrong = op.form(&app, &url, &step("Delivered", vec![])).await;
    assert_eq!(wrong.status, 303);
    assert!(wrong.headers["location"].to_str().unwrap().contains("error="), "a Verified order does not jump to Delivered");
    for (to, extra) in [("Picked", vec![]), ("Shipped", vec![("courier", "Delhivery"), ("tracking", "DL7788")]), ("Delivered", vec![])] {
        let done = op.form(&app, &url, &step(to, extra)).await;
        assert!(done.headers["location"].to_str().unwrap().contains("done="), "{to}: {:?}", done.headers["location"]);
    }
    let page = op.get(&app, &format!("/ops/orders/{order_ref}/")).await;
    assert!(page.text.contains("Order Delivered") && page.text.contains("DL7788"));
    // Pills take their colour from the status table through the stylesheet (no inline styles: CSP).
    assert!(page.text.contains("pill pill--order-delivered") && !page.text.contains("style="));
    let css = op.get(&app, "/ops/assets/pages.css").await.text;
    assert!(css.contains(&format!(".ops .pill--order-delivered {{ color: {}; }}", drape_domain::orders::StatusLabel::OrderDelivered.colour())));
    // Sales Returned comes from approving returns, never by hand.
    let by_hand = op.form(&app, &url, &step("Sales Returned", vec![])).await;
    assert!(by_hand.headers["location"].to_str().unwrap().contains("error="));
    let outbox = app.db.store.recent_messages(30).await.unwrap();
    assert!(outbox.iter().any(|m| m.body.contains(&order_ref) && m.body.contains("has shipped with Delhivery")), "the shopper is told");

    // The shopper returns it; the operator collects, receives and approves it: the wallet refund is made.
    let detail = b.get(&app, &format!("/api/v1/orders/{order_id}/")).await.json();
    let item = detail["order"]["products"][0]["id"].as_i64().unwrap().to_string();
    let mut form = return_form(&order_id, &item, "Return", "1", "");
    form.push(("refundType", "wallet"));
    let asked = b.form(&app, "/sap_exchange_return_request/", &form).await;
    assert_eq!(asked.status, 200, "{}", asked.text);
    let return_id = asked.json()["return_id"].as_str().unwrap().to_string();
    let rurl = format!("/ops/returns/{return_id}/step/");
    let before = app.db.store.wallet_balance(b_user(&app, "9123470902").await).await.unwrap();
    for fields in [
        vec![("step", "pickup"), ("date", "2026-11-24"), ("courier", "Delhivery")],
        vec![("step", "picked")],
        vec![("step", "receive"), ("condition", "sellable")],
        vec![("step", "approve")],
    ] {
        let done = op.form(&app, &rurl, &fields).await;
        assert!(done.headers["location"].to_str().unwrap().contains("done="), "{fields:?}: {:?}", done.headers["location"]);
    }
    let after = app.db.store.wallet_balance(b_user(&app, "9123470902").await).await.unwrap();
    assert_eq!(after - before, detail["order"]["products"][0]["paid"].as_i64().unwrap(), "refunded to the wallet");
    let d = b.get(&app, &format!("/api/v1/orders/{order_id}/")).await.json();
    assert_eq!(d["returns"][0]["status_label"], "Refunded");
}

#[tokio::test]
async fn a_category_made_exchange_only_refuses_returns_but_takes_exchanges() {
    let app = app().await;
    pickup_at_demo_address(&app).await;
    assert!(app.db.store.set_category_returns("nightwear", Some(35), Some(drape_domain::returns::ReturnRule::ExchangeOnly)).await.unwrap());
    let mut b = Browser::new();
    b.login(&app, DEMO).await;
    let night = history(&app, &mut b, "?page=2").await.json()["orders"][0].clone();
    assert_eq!(night["products"][0]["return_rule"], "exchange_only");
    let order = night["encrypted_order_id"].as_str().unwrap();
    let item = night["products"][0]["id"].as_i64().unwrap().to_string();
    let refused = b.form(&app, "/sap_exchange_return_request/", &return_form(order, &item, "Return", "1", "")).await;
    assert!(refused.assert_error(409)["message"].as_str().unwrap().contains("exchanged for another size, not returned"));
    // A window of 0 days: closed the day after delivery.
    app.db.store.set_category_returns("nightwear", Some(0), None).await.unwrap();
    let closed = b.form(&app, "/calculate_return_price_new/", &return_form(order, &item, "Exchange", "1", "")).await;
    assert!(closed.assert_error(409)["message"].as_str().unwrap().contains("return window"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_returns_of_a_prepaid_order_are_refunded_through_the_provider_in_parts() {
    let app = shop().await;
    let (mut b, order_id, _) = paid_upi_order_of(&app, "9123471001", 2).await;
    let store = &app.db.store;
    let id = store.order_id_by_public_id(&order_id).await.unwrap().unwrap();
    let now = app.clock.now();
    store.move_order(id, drape_domain::orders::OrderStatus::Picked, "operator:t", "", now).await.unwrap();
    store.ship_order(id, "Delhivery", "DL1", "operator:t", now).await.unwrap();
    store.move_order(id, drape_domain::orders::OrderStatus::Delivered, "operator:t", "", now).await.unwrap();
    let line = store.lines_of(&[id]).await.unwrap().remove(0);
    let item = line.id.to_string();
    let mut paid_back = Vec::new();
    for round in 0..2 {
        // The same choices again within ten minutes would be the same request (a double tap): the
        // second piece goes back later.
        if round == 1 {
            let mut f = return_form(&order_id, &item, "Return", "1", "");
            f.push(("refundType", "source"));
            let again = b.form(&app, "/sap_exchange_return_request/", &f).await;
            assert_eq!(again.json()["return_id"], store.returns_of_order(id).await.unwrap()[0].public_id.as_str());
            app.clock.advance(chrono::Duration::minutes(11));
        }
        let now = app.clock.now();
        let mut form = return_form(&order_id, &item, "Return", "1", "");
        form.push(("refundType", "source"));
        let asked = b.form(&app, "/sap_exchange_return_request/", &form).await;
        assert_eq!(asked.status, 200, "{}", asked.text);
        let r = store.return_by_public_id(asked.json()["return_id"].as_str().unwrap()).await.unwrap().unwrap();
        for step in [
            drape_server::features::orders::operator::ReturnAction::Pickup {
                date: chrono::NaiveDate::from_ymd_opt(2026, 11, 24).unwrap(),
                courier: "Delhivery".into(),
            },
            drape_server::features::orders::operator::ReturnAction::Picked,
            drape_server::features::orders::operator::ReturnAction::Receive { sellable: true },
            drape_server::features::orders::operator::ReturnAction::Approve,
        ] {
            let done = drape_server::features::orders::operator::return_step(store, r.id, step, "9000000000", now).await.unwrap().unwrap();
            drape_server::features::checkout::pay::pay_owed_refunds(&app.state, &done.owed).await;
        }
        assert_eq!(store.return_by_id(r.id).await.unwrap().unwrap().status, "refunded", "the provider took the refund");
        paid_back.push(r.refund_amount);
    }
    let refunds = store.refunds_of(id).await.unwrap();
    assert_eq!(refunds.len(), 2, "{refunds:?}");
    assert!(refunds.iter().all(|r| r.1 == "prepaid" && r.2.as_deref().unwrap_or_default().starts_with("rfnd_")));
    assert_eq!(refunds.iter().map(|r| r.0).sum::<i64>(), line.paid, "the two pieces' shares add up to the line");
    assert_eq!(paid_back.iter().sum::<i64>(), line.paid);
}

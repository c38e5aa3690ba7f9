//! The account menu's pages (issue 13): recently viewed, notifications, coupons, contact, settings
//! and deleting the account; each shopper sees only their own.

mod common;

use chrono::Duration;
use common::shopping::b_user;
use common::*;
use drape_domain::orders::OrderStatus;
use drape_server::features::orders::operator::{order_step, OrderStep};
use drape_store::orders::NewOrderItem;
use serde_json::{json, Value};

const SHOPPER: &str = "9876543210";

async fn product_ids(app: &TestApp, n: usize) -> Vec<i64> {
    app.db.store.list_products(Some(&[1, 101, 102, 103, 104]), n as i64, 0).await.unwrap().products.iter().map(|p| p.id).collect()
}

async fn viewed(b: &mut Browser, app: &TestApp, product_id: i64) {
    let data = json!({"event_name": "product_viewed", "product_id": product_id, "source": "pdp"}).to_string();
    let r = b.form(app, "/get-event-data/", &[("data", &data)]).await;
    assert_eq!(r.status, 200, "{}", r.text);
}

fn ids(list: &Value) -> Vec<i64> {
    list["products"].as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect()
}

#[tokio::test]
async fn recently_viewed_is_kept_for_the_shopper_and_merged_from_the_device() {
    let app = app().await;
    let p = product_ids(&app, 5).await;
    let mut guest = Browser::new();
    guest.get(&app, "/api/v1/recently-viewed/").await.assert_error(401);
    let mut b = Browser::new();
    b.login(&app, SHOPPER).await;
    viewed(&mut b, &app, p[0]).await;
    app.clock.advance(Duration::seconds(5));
    viewed(&mut b, &app, p[1]).await;
    assert_eq!(ids(&b.get(&app, "/api/v1/recently-viewed/").await.json()), vec![p[1], p[0]]);
    // The device's list (newest first) joins at login.
    app.clock.advance(Duration::seconds(5));
    let merged = b.post(&app, "/api/v1/recently-viewed/", json!({"product_ids": [p[3], p[2], 999_999]})).await.json();
    assert_eq!(ids(&merged), vec![p[3], p[2], p[1], p[0]]);
    b.post(&app, "/api/v1/recently-viewed/", json!({"product_ids": (1..=21).collect::<Vec<i64>>()})).await.assert_error(400);
    // Another shopper sees none of it.
    let mut other = Browser::new();
    other.login(&app, "9123456780").await;
    assert!(ids(&other.get(&app, "/api/v1/recently-viewed/").await.json()).is_empty());
    other.json(&app, "DELETE", "/api/v1/recently-viewed/", Value::Null).await;
    assert_eq!(ids(&b.get(&app, "/api/v1/recently-viewed/").await.json()).len(), 4);
    b.json(&app, "DELETE", "/api/v1/recently-viewed/", Value::Null).await;
    assert!(ids(&b.get(&app, "/api/v1/recently-viewed/").await.json()).is_empty());
}

#[tokio::test]
async fn order_updates_and_sizes_back_in_stock_become_notifications_with_an_unread_count() {
    let app = app().await;
    let store = &app.db.store;
    let mut b = Browser::new();
    b.login(&app, SHOPPER).await;
    let user = b_user(&app, SHOPPER).await;
    let p = product_ids(&app, 1).await[0];
    let item = NewOrderItem { product_id: p, size_value: "34B".into(), combo1: String::new(), combo2: String::new(), quantity: 1, price: 79_900 };
    let order_ref = store.create_order(user, OrderStatus::Verified.name(), &[item], app.clock_now()).await.unwrap();
    let order_id = store.order_id_by_ref(&order_ref).await.unwrap().unwrap();
    let done = order_step(store, order_id, OrderStep::Move { to: OrderStatus::Picked, note: String::new() }, "ops", app.clock_now()).await.unwrap();
    assert!(done.is_ok());
    let list = b.get(&app, "/api/v1/notifications/").await.json();
    assert_eq!(list["unread"], 1, "{list}");
    let n = &list["notifications"][0];
    assert_eq!(n["kind"], "order");
    assert!(n["body"].as_str().unwrap().contains(&order_ref));
    assert!(n["link"].as_str().unwrap().starts_with("/order/detail/"));
    assert_eq!(b.get(&app, "/api/v1/me/").await.json()["notificationCount"], 1);

    // A size asked for comes back: the shopper who asked is told once.
    let sizes = store.sizes(p).await.unwrap();
    let size = &sizes[0];
    store.set_size_stock(&size.sku, 0).await.unwrap();
    store.request_size(p, &size.value, &format!("u:{user}"), Some(user), "", "", app.clock_now()).await.unwrap();
    let told = drape_server::admin::stock::tell_back_in_stock(store, &size.sku, app.clock_now()).await.unwrap();
    assert_eq!(told, 1);
    assert_eq!(drape_server::admin::stock::tell_back_in_stock(store, &size.sku, app.clock_now()).await.unwrap(), 0, "each request once");
    let list = b.get(&app, "/api/v1/notifications/").await.json();
    assert_eq!(list["unread"], 2);
    assert_eq!(list["notifications"][0]["kind"], "stock");

    // Another shopper cannot mark these read; the owner can, one or all.
    let mut other = Browser::new();
    other.login(&app, "9123456780").await;
    let first_id = list["notifications"][0]["id"].as_i64().unwrap();
    let theirs = other.post(&app, "/api/v1/notifications/read/", json!({"ids": [first_id]})).await.json();
    assert_eq!(theirs["notifications"].as_array().unwrap().len(), 0);
    assert_eq!(b.get(&app, "/api/v1/notifications/").await.json()["unread"], 2);
    let after = b.post(&app, "/api/v1/notifications/read/", json!({"ids": [first_id]})).await.json();
    assert_eq!(after["unread"], 1);
    assert_eq!(after["notifications"][0]["read"], true);
    assert_eq!(b.post(&app, "/api/v1/notifications/read/", json!({"ids": []})).await.json()["unread"], 0);

    // Order updates turned off: none written.
    b.json(&app, "PATCH", "/api/v1/settings/", json!({"notify_orders": false})).await;
    order_step(store, order_id, OrderStep::Ship { courier: "Delhivery".into(), tracking: "DL1".into() }, "ops", app.clock_now()).await.unwrap().ok();
    assert_eq!(b.get(&app, "/api/v1/notifications/").await.json()["unread"], 0);
    // Offers go to everyone who wants them.
    let reached = store.announce("Weekend sale", "Up to 50% off bras", "/bras/", app.clock_now()).await.unwrap();
    assert!(reached >= 2);
    assert_eq!(b.get(&app, "/api/v1/notifications/").await.json()["notifications"][0]["kind"], "offer");
}

#[tokio::test]
async fn coupons_lists_what_the_visitor_can_use_now() {
    let app = app().await;
    let mut guest = Browser::new();
    let list = guest.get(&app, "/api/v1/my-coupons/").await.json();
    let codes: Vec<&str> = list["coupons"].as_array().unwrap().iter().map(|c| c["code"].as_str().unwrap()).collect();
    assert!(codes.contains(&"WELCOME10") && codes.contains(&"FLAT200"), "{codes:?}");
    assert!(!codes.contains(&"SUMMER50"), "ended");
    assert!(!codes.contains(&"NEWYEAR25"), "not started");
    let welcome = list["coupons"].as_array().unwrap().iter().find(|c| c["code"] == "WELCOME10").unwrap();
    assert_eq!(welcome["title"], "10% off, up to ₹300");
    assert_eq!(welcome["min_order_ui"], "₹999");
    assert!(welcome["ends_ui"].as_str().unwrap().starts_with("Valid till "));
    assert_eq!(welcome["uses_left"], 1);
}

#[tokio::test]
async fn a_contact_message_reaches_the_support_outbox_and_bad_fields_are_named() {
    let app = app().await;
    let mut b = Browser::new();
    let details = b.get(&app, "/api/v1/contact/").await.json();
    assert!(details["email"].as_str().unwrap().contains('@') && !details["address"].as_str().unwrap().is_empty());
    let bad = b.post(&app, "/api/v1/contact/", json!({"name": "A", "email": "nope", "subject": "gossip", "message": "hi"})).await.assert_error(400);
    for field in ["name", "email", "subject", "message"] {
        assert!(bad["fields"][field].as_str().is_some(), "{field}: {bad}");
    }
    let sent = b
        .post(
            &app,
            "/api/v1/contact/",
            json!({"name": "Asha K", "mobile": "9876501234", "subject": "order", "message": "Where is my order DRP0000001? It is late."}),
        )
        .await
        .json();
    assert_eq!(sent["status"], "ok");
    let reference = sent["reference"].as_str().unwrap();
    let mail = &app.db.store.recent_messages(1).await.unwrap()[0];
    assert_eq!((mail.channel.as_str(), mail.recipient.as_str()), ("email", details["email"].as_str().unwrap()));
    assert!(mail.body.contains(reference) && mail.body.contains("late"));
    // A burst from one address: five get through, then a clear 429.
    let msg = json!({"name": "Asha K", "email": "asha@example.com", "subject": "other", "message": "Another question about sizes."});
    let reqs = (0..8).map(|_| b.json_request("POST", "/api/v1/contact/", &msg)).collect();
    let answers = burst(&app, reqs).await;
    assert_eq!(count_status(&answers, 200), 4, "one of the five was sent above");
    assert_eq!(count_status(&answers, 429), 4);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_delete_tapped_four_times_at_once_erases_the_account_once() {
    let app = app().await;
    let mobile = "9123400011";
    let mut b = Browser::new();
    b.login(&app, mobile).await;
    let user = b_user(&app, mobile).await;
    app.clock.advance(Duration::seconds(31));
    b.post(&app, "/api/v1/auth/otp/", json!({"mobile": mobile})).await;
    let code = latest_code(&app, mobile).await;
    let reqs = (0..4).map(|_| b.json_request("PATCH", "/api/v3/deleteAccount/", &json!({"otp": code}))).collect();
    let answers = burst(&app, reqs).await;
    assert_eq!(count_status(&answers, 200), 1, "{:?}", answers.iter().map(|a| (a.status, a.text.as_str())).collect::<Vec<_>>());
    for a in answers.iter().filter(|a| a.status != 200) {
        assert!(a.status.is_client_error(), "the others are refused with a reason: {} {}", a.status, a.text);
        a.assert_error(a.status.as_u16());
    }
    assert!(app.db.store.user_by_mobile(mobile).await.unwrap().is_none(), "the number is free");
    let users: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE id = $1 AND mobile = $2")
        .bind(user)
        .bind(format!("deleted-{user}"))
        .fetch_one(app.db.any_pool())
        .await
        .unwrap();
    assert_eq!(users, 1, "erased once, in place");
}

#[tokio::test]
async fn settings_change_with_the_strict_email_check() {
    let app = app().await;
    let mut b = Browser::new();
    Browser::new().get(&app, "/api/v1/settings/").await.assert_error(401);
    b.login(&app, SHOPPER).await;
    let s = b.get(&app, "/api/v1/settings/").await.json();
    assert_eq!(s["mobile"], SHOPPER);
    assert_eq!(s["notify_offers"], true);
    let bad = b.json(&app, "PATCH", "/api/v1/settings/", json!({"name": "Riya S", "email": "1riya@example.xyz"})).await.assert_error(400);
    assert!(bad["fields"]["email"].as_str().is_some());
    assert_eq!(b.get(&app, "/api/v1/settings/").await.json()["name"], s["name"], "nothing changed");
    let ok = b.json(&app, "PATCH", "/api/v1/settings/", json!({"name": "Riya S", "email": "riya.s@example.co.in", "notify_offers": false})).await.json();
    assert_eq!((ok["name"].as_str(), ok["email"].as_str(), ok["notify_offers"].as_bool()), (Some("Riya S"), Some("riya.s@example.co.in"), Some(false)));
    assert_eq!(ok["notify_orders"], true, "left as it was");
    let cleared = b.json(&app, "PATCH", "/api/v1/settings/", json!({"email": ""})).await.json();
    assert_eq!(cleared["email"], "");
    b.json(&app, "PATCH", "/api/v1/settings/", json!({"name": "<script>"})).await.assert_error(400);
}

#[tokio::test]
async fn deleting_an_account_needs_the_code_waits_for_open_orders_and_frees_the_number() {
    let app = app().await;
    let store = &app.db.store;
    // The demo shopper has an order on its way: refused with the reason, before any code is spent.
    let mut busy = Browser::new();
    busy.login(&app, SHOPPER).await;
    let refused = busy.json(&app, "PATCH", "/api/v3/deleteAccount/", json!({"otp": "123456"})).await.assert_error(409);
    assert!(refused["message"].as_str().unwrap().contains("still open"), "{refused}");

    let mobile = "9123400001";
    let mut b = Browser::new();
    b.login(&app, mobile).await;
    let user = b_user(&app, mobile).await;
    let p = product_ids(&app, 1).await[0];
    let item = NewOrderItem { product_id: p, size_value: "34B".into(), combo1: String::new(), combo2: String::new(), quantity: 1, price: 79_900 };
    let order_ref = store.create_order(user, OrderStatus::Delivered.name(), &[item], app.clock_now()).await.unwrap();
    let address = json!({"addressee": "Meera N", "street1": "12 MG Road", "city": "Bengaluru", "state": "Karnataka", "postal_code": "560001", "phone": mobile});
    sqlx::query("UPDATE orders SET address = $1 WHERE order_ref = $2").bind(address.to_string()).bind(&order_ref).execute(app.db.any_pool()).await.unwrap();
    b.post(&app, "/api/v1/address-book/", json!({"addressee": "Meera N", "street1": "12 MG Road", "address_type": "Home", "state": "Karnataka", "city": "Bengaluru", "postal_code": "560001", "phone": mobile})).await;
    b.json(&app, "PATCH", "/api/v1/settings/", json!({"name": "Meera N", "email": "meera@example.com"})).await;
    viewed(&mut b, &app, p).await;

    b.json(&app, "PATCH", "/api/v3/deleteAccount/", json!({"otp": "12"})).await.assert_error(400);
    app.clock.advance(Duration::seconds(31));
    b.post(&app, "/api/v1/auth/otp/", json!({"mobile": mobile})).await;
    let code = latest_code(&app, mobile).await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    b.json(&app, "PATCH", "/api/v3/deleteAccount/", json!({"otp": wrong})).await.assert_error(400);
    // Another shopper's session cannot delete this account: the code is checked against their own number.
    let mut someone = Browser::new();
    someone.login(&app, "9123400002").await;
    someone.json(&app, "PATCH", "/api/v3/deleteAccount/", json!({"otp": code})).await.assert_error(400);
    assert!(store.user_by_mobile(mobile).await.unwrap().is_some());

    let done = b.json(&app, "PATCH", "/api/v3/deleteAccount/", json!({"otp": code})).await;
    assert_eq!(done.status, 200, "{}", done.text);
    assert_eq!(done.json()["status"], "deleted");
    assert_eq!(b.get(&app, "/api/v1/me/").await.json()["is_authenticated"], false, "every session ended");
    assert!(store.user_by_mobile(mobile).await.unwrap().is_none(), "the number is free");
    let kept: String = sqlx::query_scalar("SELECT address FROM orders WHERE order_ref = $1").bind(&order_ref).fetch_one(app.db.any_pool()).await.unwrap();
    let kept: Value = serde_json::from_str(&kept).unwrap();
    assert_eq!(kept, json!({"state": "Karnataka", "city": "Bengaluru", "postal_code": "560001"}), "the order stays for tax, without the person");
    let personal: i64 = sqlx::query_scalar(
        "SELECT (SELECT COUNT(*) FROM addresses WHERE user_id = $1) + (SELECT COUNT(*) FROM recently_viewed WHERE user_id = $1) + (SELECT COUNT(*) FROM users WHERE id = $1 AND (name <> '' OR email IS NOT NULL))",
    )
    .bind(user)
    .fetch_one(app.db.any_pool())
    .await
    .unwrap();
    assert_eq!(personal, 0);

    // The same number signs up again as a new account with nothing of the old one.
    app.clock.advance(Duration::seconds(31));
    let mut again = Browser::new();
    again.login(&app, mobile).await;
    let new_user = b_user(&app, mobile).await;
    assert_ne!(new_user, user);
    assert!(again.get(&app, "/order/history/").await.json()["orders"].as_array().is_none_or(|o| o.is_empty()));
    assert_eq!(again.get(&app, "/api/v1/settings/").await.json()["name"], "");
}

#[tokio::test]
async fn the_menu_has_categories_with_their_pages_offers_and_the_account_links() {
    let app = app().await;
    let mut b = Browser::new();
    let menu = b.get(&app, "/api/v2/main-menu-msite/").await.json();
    assert_eq!(menu["categories"][0]["url"], "/bras/");
    assert!(menu["categories"][0]["children"].as_array().unwrap().iter().all(|c| c["url"].as_str().unwrap().ends_with('/')));
    let offers: Vec<&str> = menu["offers"].as_array().unwrap().iter().map(|o| o["label"].as_str().unwrap()).collect();
    assert!(offers.contains(&"Buy any 3 panties for ₹699"), "{offers:?}");
    // Each offer leads to a category's own page (not an old address that redirects) or the cart.
    let mut pages: Vec<&str> = vec!["/view-cart/"];
    for c in menu["categories"].as_array().unwrap() {
        pages.push(c["url"].as_str().unwrap());
        pages.extend(c["children"].as_array().unwrap().iter().map(|c| c["url"].as_str().unwrap()));
    }
    for o in menu["offers"].as_array().unwrap() {
        assert!(pages.contains(&o["url"].as_str().unwrap()), "{o} leads to none of {pages:?}");
    }
    let account: Vec<&str> = menu["account"].as_array().unwrap().iter().map(|o| o["label"].as_str().unwrap()).collect();
    assert_eq!(account, ["My orders", "Wallet", "Coupons", "Recently viewed", "Notifications", "Contact", "Settings"]);
}

#[tokio::test]
async fn events_record_the_device_they_came_from() {
    let app = app().await;
    let mut b = Browser::new();
    let p = product_ids(&app, 1).await[0];
    for device in ["mobile", "desktop", ""] {
        let data = json!({"event_name": "product_viewed", "product_id": p, "source": "pdp", "request_device": device}).to_string();
        assert_eq!(b.form(&app, "/get-event-data/", &[("data", &data)]).await.status, 200);
    }
    let devices: Vec<String> =
        sqlx::query_scalar("SELECT device FROM shopper_events WHERE product_id = $1 ORDER BY id").bind(p).fetch_all(app.db.any_pool()).await.unwrap();
    assert_eq!(devices, ["mob", "dt", "dt"]);
}

#[tokio::test]
async fn the_operators_report_counts_views_adds_orders_and_searches_per_product_and_day() {
    let app = app().await;
    let p = product_ids(&app, 2).await;
    let mut b = Browser::new();
    for _ in 0..3 {
        viewed(&mut b, &app, p[0]).await;
    }
    let data = json!({"event_name": "added_to_cart", "product_id": p[0], "source": "pdp"}).to_string();
    assert_eq!(b.form(&app, "/get-event-data/", &[("data", &data)]).await.status, 200);
    viewed(&mut b, &app, p[1]).await;
    b.get(&app, "/web/api/v1/products/?q=leggins").await;
    let text = drape_server::admin::report::report(7, &app.db.store, &*app.clock).await.unwrap();
    let product = app.db.store.products_by_ids(&[p[0]]).await.unwrap().remove(0);
    let line = text.lines().find(|l| l.contains(&product.name) && l.contains(&product.color_name)).unwrap_or_else(|| panic!("{text}"));
    let numbers: Vec<&str> = line.split_whitespace().rev().take(3).collect();
    assert_eq!(numbers, ["0", "1", "3"], "ordered, adds, views: {line}");
    assert!(line.starts_with("2026-11-22"), "{line}");
    assert!(text.contains("popular searches") && text.contains("leggings"), "{text}");
}

//! Kept shoppers (issue 14): a logged-in shopper's session, wishlist and received sizes are kept in
//! memory so their product and listing answers read nothing of their own, and never served stale.
//! Every path that changes them (a wishlist toggle, a delivered order, a logout, an operator's change
//! to the account, the session's end) is seen by the next request, in this process and in a second
//! server process on the same database.

mod common;

use common::shopping::*;
use common::*;
use drape_domain::orders::OrderStatus;
use drape_store::orders::NewOrderItem;
use serde_json::{json, Value};

/// What the shopper sees in one process: the product page and a listing that shows the product.
async fn shopper_sees(app: &TestApp, b: &Browser, listing: &str) -> (Value, Value) {
    let mut b = b.clone();
    let product = b.get(app, &format!("/web/api/v1/product-mobile/{SLUG}/")).await;
    assert_eq!(product.status, 200, "{}", product.text);
    let list = b.get(app, listing).await;
    assert_eq!(list.status, 200, "{}", list.text);
    (product.json(), list.json())
}

async fn me(app: &TestApp, b: &Browser) -> Value {
    b.clone().get(app, "/api/v1/me/").await.json()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_change_to_what_a_shoppers_answers_read_is_in_the_next_answer_in_every_process() {
    let app = app().await;
    let other = app.second_process().await;
    let both = [&app, &other];
    let p = app.db.store.product_by_slug(SLUG).await.unwrap();
    let listing = format!("/web/api/v1/products/?q={}", p.name.replace(' ', "+"));
    let mut b = Browser::new();
    b.login(&app, "9123470811").await;
    let user_id = me(&app, &b).await["user"]["id"].as_i64().unwrap();
    let hearted = |list: &Value| list["in_wishlist"].as_array().unwrap().iter().any(|id| id.as_i64() == Some(p.id));
    for a in both {
        // Asked twice: the second time from what is kept.
        for _ in 0..2 {
            let (product, list) = shopper_sees(a, &b, &listing).await;
            assert_eq!(product["is_in_wishlist"], false);
            assert!(list["products"].as_array().unwrap().iter().any(|c| c["id"].as_i64() == Some(p.id)), "the listing shows the product");
            assert!(!hearted(&list));
            assert_eq!(product["fittest_code_in_fitguide"], "");
            assert_eq!(me(a, &b).await["is_authenticated"], true);
        }
    }

    // The heart, through the first process; then off again through the second.
    let on = b.post(&app, "/api/v3/wishlist/", json!([{"product": p.id}])).await;
    assert!(on.status.is_success(), "{}", on.text);
    for a in both {
        let (product, list) = shopper_sees(a, &b, &listing).await;
        assert_eq!(product["is_in_wishlist"], true, "after the heart ({})", a.engine());
        assert!(hearted(&list), "the listing's heart ({})", a.engine());
        // Otherwise the very pages a guest gets (the shopper's are the kept ones with their fields).
        let mut guest = Browser::new();
        let (mut as_guest, mut list_as_guest) =
            (guest.get(a, &format!("/web/api/v1/product-mobile/{SLUG}/")).await.json(), guest.get(a, &listing).await.json());
        as_guest["is_in_wishlist"] = json!(true);
        list_as_guest["in_wishlist"] = list["in_wishlist"].clone();
        assert_eq!((product, list), (as_guest, list_as_guest));
    }
    let off = b.post(&other, "/api/v3/wishlist/", json!([{"product": p.id}])).await;
    assert!(off.status.is_success(), "{}", off.text);
    for a in both {
        let (product, list) = shopper_sees(a, &b, &listing).await;
        assert_eq!(product["is_in_wishlist"], false, "after the heart was taken off");
        assert!(!hearted(&list));
    }

    // A delivered order tells the shopper's size: an order recorded as delivered (its lines written
    // after it), then one delivered later by its status.
    let size = app.db.store.sizes(p.id).await.unwrap().into_iter().next().unwrap().value;
    let line = |size: &str| NewOrderItem { product_id: p.id, size_value: size.into(), combo1: String::new(), combo2: String::new(), quantity: 1, price: 100 };
    app.db.store.create_order(user_id, "Delivered", &[line(&size)], app.clock_now()).await.unwrap();
    for a in both {
        let (product, _) = shopper_sees(a, &b, &listing).await;
        assert_eq!(product["fittest_code_in_fitguide"], size.as_str(), "after a delivered order ({})", a.engine());
    }
    let newer = app.db.store.sizes(p.id).await.unwrap().into_iter().nth(1).unwrap().value;
    app.clock.advance(chrono::Duration::hours(1));
    let order = app.db.store.create_order(user_id, "Shipped", &[line(&newer)], app.clock_now()).await.unwrap();
    for a in both {
        assert_eq!(shopper_sees(a, &b, &listing).await.0["fittest_code_in_fitguide"], size.as_str(), "a shipped order tells nothing yet");
    }
    app.db.store.set_order_status(&order, OrderStatus::Delivered, app.clock_now()).await.unwrap();
    for a in both {
        assert_eq!(shopper_sees(a, &b, &listing).await.0["fittest_code_in_fitguide"], newer.as_str(), "after the delivery ({})", a.engine());
    }

    // The operator changes the account (here by SQL): what the session says follows.
    sqlx::query("UPDATE users SET name = 'Riya K', can_see_unused_stock = 1 WHERE id = $1").bind(user_id).execute(app.db.any_pool()).await.unwrap();
    for a in both {
        let user = me(a, &b).await["user"].clone();
        assert_eq!((user["name"].as_str(), user["can_see_unused_stock"].as_bool()), (Some("Riya K"), Some(true)), "({})", a.engine());
    }

    // Logged out through the second process: the old cookie is nobody's in either.
    let old_cookie = b.clone();
    let out = b.post(&other, "/mobile_logout/", json!({})).await;
    assert!(out.status.is_success(), "{}", out.text);
    for a in both {
        assert_eq!(me(a, &old_cookie).await["is_authenticated"], false, "after the logout ({})", a.engine());
        let (product, _) = shopper_sees(a, &old_cookie, &listing).await;
        assert_eq!(product["fittest_code_in_fitguide"], "", "a guest's page");
    }

    // A session that ends with time ends in every process, kept or not.
    let mut c = Browser::new();
    c.login(&app, "9123470812").await;
    for a in both {
        assert_eq!(me(a, &c).await["is_authenticated"], true);
    }
    app.clock.advance(chrono::Duration::days(400));
    for a in both {
        assert_eq!(me(a, &c).await["is_authenticated"], false, "an ended session ({})", a.engine());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_burst_every_shopper_answer_asked_after_a_wishlist_change_shows_it() {
    // Requests in flight share the versions' reads and fill the kept shoppers; none sent after a
    // change may be answered from before it.
    let app = app().await;
    let mut b = Browser::new();
    b.login(&app, "9123470813").await;
    let page = format!("/web/api/v1/product-mobile/{SLUG}/");
    let id = b.get(&app, &page).await.json()["id"].as_i64().unwrap();
    for round in 1..=6 {
        let answers = while_busy(&app, &b.clone(), &page, async {
            let toggled = b.post(&app, "/api/v3/wishlist/", json!([{"product": id}])).await;
            assert!(toggled.status.is_success(), "{}", toggled.text);
            burst(&app, (0..32).map(|_| b.get_request(&page)).collect()).await
        })
        .await;
        let hearted = round % 2 == 1;
        for a in &answers {
            assert_eq!(a.status, 200);
            assert_eq!(a.json()["is_in_wishlist"], hearted, "round {round}: a request sent after the toggle missed it");
        }
    }
}

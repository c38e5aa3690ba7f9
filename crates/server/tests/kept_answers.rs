//! Kept answers (issue 14): the product, sizes and stock answers a guest gets are kept in memory, and
//! never served stale. Every path that changes what they show (an operator command, an order, a
//! cancellation, a catalog edit in the database, a rating) is seen by the next answer, in this
//! process and in a second server process on the same database.

mod common;

use common::shopping::*;
use common::*;
use drape_server::admin::{self, AdminTask};
use serde_json::{json, Value};

/// The web app's index.html for the tests that open pages the server draws.
const INDEX: &str =
    "<!doctype html><html><head><title>Drape</title></head><body><div id=\"root\"><main id=\"main\" class=\"page\" tabindex=\"-1\"></main></div></body></html>";

struct Pages {
    product: String,
    sizes: String,
    stock: String,
}

/// What a guest without cookies sees, from one process.
async fn guest_sees(app: &TestApp, pages: &Pages) -> (Value, Value, String) {
    let mut b = Browser::new();
    let product = b.get(app, &pages.product).await;
    assert_eq!(product.status, 200, "{}", product.text);
    let sizes = b.get(app, &pages.sizes).await;
    assert_eq!(sizes.status, 200, "{}", sizes.text);
    let stock = b.get(app, &pages.stock).await;
    assert_eq!(stock.status, 200, "{}", stock.text);
    assert!(b.cookies.is_empty(), "catalog answers set no cookie: {:?}", b.cookies);
    (product.json(), sizes.json(), stock.text)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_change_to_what_a_product_page_shows_is_in_the_next_answer_in_every_process() {
    let app = shop().await;
    let other = app.second_process().await;
    let p = app.db.store.product_by_slug(SLUG).await.unwrap();
    // A shopper with 2 of the first size of 10 or more in the bag; guests watch that size.
    let (mut b, address_id) = shopper_with_cart(&app, "9123470801", "400050", 2).await;
    let size_value = app.db.store.sizes(p.id).await.unwrap().into_iter().find(|s| s.stock >= 10).unwrap();
    let pages = Pages {
        product: format!("/web/api/v1/product-mobile/{SLUG}/"),
        sizes: format!("/web/api/v1/product/{SLUG}/sizes/s/"),
        stock: format!("/iteminstock/{}/{}/", p.id, size_value.value),
    };
    let both = [&app, &other];
    for a in both {
        // Asked twice: the second answer is the kept one.
        guest_sees(a, &pages).await;
        guest_sees(a, &pages).await;
    }
    let qty = |sizes: &Value| sizes["result"]["list_qty"][&size_value.value].as_i64().unwrap();

    // An operator sets the size's stock (the command runs as its own process would: its own connection).
    let operator = drape_store::Store::open(app.db.url()).await.unwrap();
    let set_stock = |n: i64| {
        let (operator, sku) = (operator.clone(), size_value.sku.clone());
        let clock = app.clock.clone();
        async move { admin::run(AdminTask::Stock(admin::stock::Args { sku, set: n }), &operator, &*clock).await.unwrap() }
    };
    let set_stock_of = |sku: &str, n: i64| {
        let (operator, sku) = (operator.clone(), sku.to_string());
        let clock = app.clock.clone();
        async move { admin::run(AdminTask::Stock(admin::stock::Args { sku, set: n }), &operator, &*clock).await.unwrap() }
    };
    for a in both {
        // The shopper's sizes (their bag's pieces are in it) read the kept product facts: keep them.
        assert_eq!(b.clone().get(a, &pages.sizes).await.json()["result"]["cart_pieces"], 2);
    }
    set_stock(4).await;
    for a in both {
        let (_, sizes, stock) = guest_sees(a, &pages).await;
        assert_eq!((qty(&sizes), stock.as_str()), (4, "4"), "after the operator set the stock to 4 ({})", a.engine());
        let mine = b.clone().get(a, &pages.sizes).await.json();
        assert_eq!((qty(&mine), mine["result"]["cart_pieces"].as_i64()), (4, Some(2)), "the shopper's sizes too ({})", a.engine());
    }

    // An order takes 2 of them.
    let q = quote(&app, &mut b, &format!("address_id={address_id}&payment_mode=COD")).await;
    let to_pay = q["breakup"]["to_pay"].as_i64().unwrap();
    let placed = place(&app, &mut b, "kept-order-1", json!({"address_id": address_id, "payment_mode": "COD", "expected_to_pay": to_pay})).await;
    assert_eq!(placed.status, 201, "{}", placed.text);
    let order_id = placed.json()["order_id"].as_str().unwrap().to_string();
    for a in both {
        let (_, sizes, stock) = guest_sees(a, &pages).await;
        assert_eq!((qty(&sizes), stock.as_str()), (2, "2"), "after an order of 2");
    }

    // The shopper cancels it: the 2 are on sale again.
    let reason = b.post(&app, "/api/v1/order-cancel-check/", json!({"order_id": order_id, "drape_request_id": "k-1"})).await.json()["reasons"][0]
        .as_str()
        .unwrap()
        .to_string();
    let req = b.form_request("/cancel-order/", &[("reason", &reason), ("orderid", &order_id), ("comment", "")]);
    let cancelled = b.send(&app, req).await;
    assert_eq!(cancelled.status, 200, "{}", cancelled.text);
    for a in both {
        let (_, sizes, stock) = guest_sees(a, &pages).await;
        assert_eq!((qty(&sizes), stock.as_str()), (4, "4"), "after the cancellation");
    }

    // Sold out: the product page says so, and so does every colour variant's page.
    for s in app.db.store.sizes(p.id).await.unwrap() {
        set_stock_of(&s.sku, 0).await;
    }
    let (product, _, stock) = guest_sees(&other, &pages).await;
    assert_eq!((product["is_soldout"].as_bool(), stock.as_str()), (Some(true), "0"));
    let sibling = product["more_colors"].as_array().unwrap().iter().find(|v| v["slug"] != SLUG).expect("the demo bra comes in other colours").clone();
    let sibling_page = format!("/web/api/v1/product-mobile/{}/", sibling["slug"].as_str().unwrap());
    for a in both {
        let seen = Browser::new().get(a, &sibling_page).await.json();
        let listed = seen["more_colors"].as_array().unwrap().iter().find(|v| v["slug"] == SLUG).unwrap().clone();
        assert_eq!(listed["is_soldout"], true, "the sibling's page shows this colour sold out");
    }

    // Catalog edits straight in the database (an import, an operator's SQL): price, offer text,
    // a label, a category's name, a rating.
    let pool = app.db.any_pool().clone();
    sqlx::query("UPDATE products SET price = 123400, offer_text = 'Kept offer' WHERE id = $1").bind(p.id).execute(&pool).await.unwrap();
    sqlx::query("INSERT INTO product_labels (product_id, label, address) VALUES ($1, 'Kept label', 'Kept address')").bind(p.id).execute(&pool).await.unwrap();
    sqlx::query("UPDATE categories SET name = 'Kept Bras' WHERE id = $1").bind(product["categories"][0]["id"].as_i64().unwrap()).execute(&pool).await.unwrap();
    for a in both {
        let (product, _, _) = guest_sees(a, &pages).await;
        assert_eq!(product["rounded_up_unit_price"], 123400);
        assert_eq!(product["offer_text"], "Kept offer");
        assert!(product["product_label_list"].as_array().unwrap().iter().any(|l| l["label"] == "Kept label"), "{}", product["product_label_list"]);
        assert_eq!(product["categories"][0]["name"], "Kept Bras");
    }
    let ratings_before = guest_sees(&other, &pages).await.0["total_ratings"][1].as_i64().unwrap();
    let user_id = b_user(&app, "9123470801").await;
    sqlx::query("INSERT INTO ratings (product_id, user_id, stars, is_public, order_ref, created_at) VALUES ($1, $2, 5, 1, 'kept', 0)")
        .bind(p.id)
        .bind(user_id)
        .execute(&pool)
        .await
        .unwrap();
    for a in both {
        assert_eq!(guest_sees(a, &pages).await.0["total_ratings"][1].as_i64().unwrap(), ratings_before + 1, "a new rating is counted");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shopper_gets_the_kept_page_with_their_own_wishlist_flag() {
    let app = app().await;
    let page = format!("/web/api/v1/product-mobile/{SLUG}/");
    let guest = Browser::new().get(&app, &page).await.json();
    assert_eq!(guest["is_in_wishlist"], false);
    let mut b = Browser::new();
    b.login(&app, "9123470802").await;
    let id = guest["id"].as_i64().unwrap();
    let kept = b.post(&app, "/api/v3/wishlist/", json!([{"product": id}])).await;
    assert!(kept.status.is_success(), "{}", kept.text);
    let mine = b.get(&app, &page).await.json();
    assert_eq!(mine["is_in_wishlist"], true);
    assert_eq!(Browser::new().get(&app, &page).await.json()["is_in_wishlist"], false, "the flag is the shopper's, not kept for guests");
    let mut without = mine.clone();
    without["is_in_wishlist"] = json!(false);
    assert_eq!(without, guest, "otherwise the same page");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_burst_every_product_answer_asked_after_a_change_shows_it() {
    // Requests in flight share the version's reads and fill the kept answers; none sent after a
    // change may be answered from before it.
    let app = app().await;
    let b = Browser::new();
    let page = format!("/web/api/v1/product-mobile/{SLUG}/");
    let id = b.clone().get(&app, &page).await.json()["id"].as_i64().unwrap();
    for round in 1..=5i64 {
        let answers = while_busy(&app, &b, &page, async {
            sqlx::query("UPDATE products SET price = $1 WHERE id = $2").bind(100_000 + round).bind(id).execute(app.db.any_pool()).await.unwrap();
            burst(&app, (0..32).map(|_| b.get_request(&page)).collect()).await
        })
        .await;
        for a in &answers {
            assert_eq!(a.status, 200);
            assert_eq!(a.json()["rounded_up_unit_price"], 100_000 + round, "round {round}: a request sent after the change missed it");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cart_is_priced_from_the_products_as_they_are_now_in_every_process() {
    // Carts read products, sizes and filings from kept facts: a change in the database (here by SQL,
    // as an import would) is priced by the next cart answer in both processes.
    let app = app().await;
    let other = app.second_process().await;
    let mut b = Browser::new();
    let p = app.db.store.product_by_slug(SLUG).await.unwrap();
    let size = app.db.store.sizes(p.id).await.unwrap().into_iter().find(|s| s.stock >= 3).unwrap();
    let added = b.post(&app, "/api/v3/cart-items/", json!({"product": p.id, "quantity": 2, "size": size.value})).await;
    assert_eq!(added.status, 200, "{}", added.text);
    let cart_id = b.get(&app, "/get/view-cart-info/").await.json()["cart_id"].as_i64().unwrap();
    let cart = format!("/api/v4/carts-new/{cart_id}");
    for a in [&app, &other] {
        let c = b.get(a, &cart).await.json();
        assert_eq!((c["cart_items"][0]["unit_price"].as_i64(), c["cart_items"][0]["stock"]["status"].as_i64()), (Some(p.price), Some(1)));
    }
    sqlx::query("UPDATE products SET price = 55500 WHERE id = $1").bind(p.id).execute(app.db.any_pool()).await.unwrap();
    sqlx::query("UPDATE sizes SET stock = 1 WHERE id = $1").bind(size.id).execute(app.db.any_pool()).await.unwrap();
    for a in [&app, &other] {
        let c = b.get(a, &cart).await.json();
        let item = &c["cart_items"][0];
        assert_eq!((item["unit_price"].as_i64(), item["stock"]["status"].as_i64(), item["stock"]["available"].as_i64()), (Some(55500), Some(0), Some(1)));
    }
    // Adding reads the same facts: one piece is left, and the cart already holds two.
    let refused = b.post(&other, "/api/v3/cart-items/", json!({"product": p.id, "quantity": 1, "size": size.value})).await;
    assert_eq!(refused.status, 400, "{}", refused.text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cart_shows_its_gifts_as_they_are_now_in_every_process() {
    // The gift offers' product cards are kept with the products' facts: a gift product's price,
    // stock and public ratings changed in the database are in the next cart answer of both processes.
    let app = shop().await;
    let other = app.second_process().await;
    let (mut b, _) = shopper_with_cart(&app, "9123470802", "400050", 1).await;
    let cart = format!("/api/v4/carts-new/{}", b.get(&app, "/get/view-cart-info/").await.json()["cart_id"].as_i64().unwrap());
    let gift_card = |c: &Value, offer: i64| -> Value {
        c["cart_paid_gift_details"].as_array().unwrap().iter().find(|g| g["id"] == offer).expect("the gift offer")["product"].clone()
    };
    let first = b.get(&app, &cart).await.json();
    let gift = first["cart_paid_gift_details"][0].clone();
    let (offer, product_id) = (gift["id"].as_i64().unwrap(), gift["product"]["id"].as_i64().unwrap());
    let before = gift_card(&first, offer);
    assert_eq!(before["is_soldout"], false, "{before}");
    for a in [&app, &other] {
        assert_eq!(gift_card(&b.get(a, &cart).await.json(), offer), before, "asked again: the same card");
    }
    let pool = app.db.any_pool().clone();
    sqlx::query("UPDATE products SET price = 12300 WHERE id = $1").bind(product_id).execute(&pool).await.unwrap();
    sqlx::query("INSERT INTO ratings (product_id, user_id, stars, is_public, order_ref, created_at) VALUES ($1, $2, 5, 1, 'kept-gift', 0)")
        .bind(product_id)
        .bind(b_user(&app, "9123470802").await)
        .execute(&pool)
        .await
        .unwrap();
    for a in [&app, &other] {
        let card = gift_card(&b.get(a, &cart).await.json(), offer);
        assert_eq!(card["rounded_up_unit_price"], 12300, "a new price: {card}");
        assert_eq!(card["total_ratings_count"].as_i64(), Some(before["total_ratings_count"].as_i64().unwrap() + 1), "a new rating: {card}");
    }
    sqlx::query("UPDATE sizes SET stock = 0 WHERE product_id = $1").bind(product_id).execute(&pool).await.unwrap();
    for a in [&app, &other] {
        assert_eq!(gift_card(&b.get(a, &cart).await.json(), offer)["is_soldout"], true, "sold out");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cart_prices_with_the_offers_running_now_in_every_process() {
    // Carts keep the offer calendar; an operator's command (its own connection) adding or ending an
    // upgrade rung is in the next cart answer of both processes, and so is a rung whose time comes.
    let app = app().await;
    let other = app.second_process().await;
    let mut b = Browser::new();
    let p = app.db.store.product_by_slug(SLUG).await.unwrap();
    let size = app.db.store.sizes(p.id).await.unwrap().into_iter().find(|s| s.stock >= 3).unwrap();
    assert_eq!(b.post(&app, "/api/v3/cart-items/", json!({"product": p.id, "quantity": 1, "size": size.value})).await.status, 200);
    let cart = format!("/api/v4/carts-new/{}", b.get(&app, "/get/view-cart-info/").await.json()["cart_id"].as_i64().unwrap());
    let rungs = |c: &Value| -> Vec<String> {
        c["upgrade_offer_values"]["options"].as_array().unwrap().iter().map(|o| o["title"].as_str().unwrap().to_string()).collect()
    };
    for a in [&app, &other] {
        assert!(!rungs(&b.get(a, &cart).await.json()).contains(&"Kept rung".to_string()));
    }
    let operator = drape_store::Store::open(app.db.url()).await.unwrap();
    let upgrade = |args: admin::upgrade::Args| {
        let (operator, clock) = (operator.clone(), app.clock.clone());
        async move { admin::run(AdminTask::Upgrade(args), &operator, &*clock).await.unwrap() }
    };
    upgrade(admin::upgrade::Args { title: Some("Kept rung".into()), min_value: Some(5000), discount: Some(500), days: 1, end: None }).await;
    let id = operator.running_upgrades(app.clock_now()).await.unwrap().into_iter().find(|u| u.title == "Kept rung").unwrap().id;
    for a in [&app, &other] {
        assert!(rungs(&b.get(a, &cart).await.json()).contains(&"Kept rung".to_string()), "a new rung is offered");
    }
    upgrade(admin::upgrade::Args { title: None, min_value: None, discount: None, days: 30, end: Some(id) }).await;
    for a in [&app, &other] {
        assert!(!rungs(&b.get(a, &cart).await.json()).contains(&"Kept rung".to_string()), "an ended rung is gone");
    }
    // A rung that starts later appears when its time comes, without any change to the database.
    let now = app.clock_now();
    sqlx::query("INSERT INTO upgrade_options (title, min_value, discount, starts_at, ends_at) VALUES ('Later rung', 100, 100, $1, $2)")
        .bind((now + chrono::Duration::hours(1)).timestamp_millis())
        .bind((now + chrono::Duration::hours(2)).timestamp_millis())
        .execute(app.db.any_pool())
        .await
        .unwrap();
    assert!(!rungs(&b.get(&app, &cart).await.json()).contains(&"Later rung".to_string()));
    app.clock.advance(chrono::Duration::minutes(90));
    assert!(rungs(&b.get(&app, &cart).await.json()).contains(&"Later rung".to_string()), "its time came");
    app.clock.advance(chrono::Duration::minutes(60));
    assert!(!rungs(&b.get(&app, &cart).await.json()).contains(&"Later rung".to_string()), "and went");
}

/// Sizes for a visitor with an account or a bag are kept per kind of viewer (sees warehouse stock;
/// came through a partner) while their bag holds none of the product: one kind's answer is never
/// served to another, a stock change is in the next answer of each, and a bag that holds some gets
/// its own count.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sizes_kept_for_each_kind_of_viewer_are_never_mixed_or_stale() {
    let app = shop().await;
    let other = app.second_process().await;
    let p = app.db.store.product_by_slug(SLUG).await.unwrap();
    let size = app.db.store.sizes(p.id).await.unwrap().into_iter().find(|s| s.stock >= 10).unwrap();
    let page = format!("/web/api/v1/product/{SLUG}/sizes/s/");
    let mut shopper = Browser::new();
    shopper.login(&app, "9123470803").await;
    let mut admin = Browser::new();
    admin.login(&app, drape_store::seed::DEMO_ADMIN_MOBILE).await;
    let mut partner = Browser::new();
    let who = partner.login(&app, "9123470804").await;
    app.db.store.set_affiliate(who["user"]["id"].as_i64().unwrap(), true).await.unwrap();
    let urgent = |j: &Value| j["result"]["urgency_message_product"] != json!({});
    let ws = |j: &Value| j["result"]["size"].as_array().unwrap().iter().find(|s| s["value"] == size.value.as_str()).unwrap()["ws_stock"].clone();
    let qty = |j: &Value| j["result"]["list_qty"][&size.value].as_i64().unwrap();
    // Set low enough that urgency shows (spec 001 §6), in the order that would leak if mixed.
    let operator = drape_store::Store::open(app.db.url()).await.unwrap();
    let set_stock = |n: i64| {
        let (operator, sku) = (operator.clone(), size.sku.clone());
        let clock = app.clock.clone();
        async move { admin::run(AdminTask::Stock(admin::stock::Args { sku, set: n }), &operator, &*clock).await.unwrap() }
    };
    for (n, a) in [(3, &app), (2, &other)] {
        set_stock(n).await;
        for _ in 0..2 {
            let seen_by_partner = partner.get(a, &page).await.json();
            let seen_by_admin = admin.get(a, &page).await.json();
            let seen_by_shopper = shopper.get(a, &page).await.json();
            let seen_by_guest = Browser::new().get(a, &page).await.json();
            assert!(!urgent(&seen_by_partner) && urgent(&seen_by_admin) && urgent(&seen_by_shopper) && urgent(&seen_by_guest), "{}", a.engine());
            assert_eq!(ws(&seen_by_admin), json!(format!("{n} WS")), "{}", a.engine());
            assert_eq!((ws(&seen_by_shopper), ws(&seen_by_partner), ws(&seen_by_guest)), (Value::Null, Value::Null, Value::Null));
            for j in [&seen_by_partner, &seen_by_admin, &seen_by_shopper, &seen_by_guest] {
                assert_eq!((qty(j), j["result"]["cart_pieces"].as_i64()), (n.min(p.max_cart_items), Some(0)), "{}", a.engine());
            }
        }
    }
    // The shopper puts 2 in their bag: their answer says so; the others' do not.
    let added = shopper.post(&app, "/api/v3/cart-items/", json!({"product": p.id, "quantity": 2, "size": size.value})).await;
    assert_eq!(added.status, 200, "{}", added.text);
    for a in [&app, &other] {
        assert_eq!(shopper.get(a, &page).await.json()["result"]["cart_pieces"], 2);
        assert_eq!(admin.get(a, &page).await.json()["result"]["cart_pieces"], 0);
        assert_eq!(Browser::new().get(a, &page).await.json()["result"]["cart_pieces"], 0);
    }
}

/// The card of product `id` in a listing (or search) answer, from one process.
async fn listed_card(app: &TestApp, path: &str, id: i64) -> Option<Value> {
    let r = Browser::new().get(app, path).await;
    assert_eq!(r.status, 200, "{path}: {}", r.text);
    r.json()["products"].as_array().unwrap().iter().find(|c| c["id"] == id).cloned()
}

/// A size selling out or coming back moves no catalog version (migration 0019): each process's
/// shelf is restocked with the product's sizes rather than built anew. Listings, their in-stock
/// filter and size facet, and search all show it at once, in this process and another.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_size_selling_out_or_back_is_in_the_next_listing_and_search_in_every_process() {
    let app = shop().await;
    let other = app.second_process().await;
    let both = [&app, &other];
    let p = app.db.store.product_by_slug(SLUG).await.unwrap();
    let sizes = app.db.store.sizes(p.id).await.unwrap();
    let listing = "/web/api/v1/products/?q=everyday%20padded";
    let in_stock = "/web/api/v1/products/?q=everyday%20padded&in_stock=1";
    let suggestions = "/web/api/v1/drape-search/?q=everyday%20padded";
    let first = &sizes[0].value;
    let by_size = format!("/web/api/v1/products/?q=everyday%20padded&size={first}&in_stock=1");
    // A search naming the size: the index holds every size, the shelf says which are in stock.
    let size_searched = format!("/web/api/v1/products/?q=everyday%20padded%20{}", first.to_lowercase());
    // Its own category's pages (kept, then carried to a restocked shelf only while none of the
    // category's products crossed), and another category's, which has nothing to change.
    let categories = app.db.store.categories().await.unwrap();
    let own = &categories.iter().find(|c| c.id == p.category_id).unwrap().slug;
    let (category, category_in_stock) = (format!("/web/api/v1/products/?category_slug={own}"), format!("/web/api/v1/products/?category_slug={own}&in_stock=1"));
    let elsewhere = "/web/api/v1/products/?category_slug=panties";
    let mut elsewhere_before = Vec::new();
    for a in both {
        // Asked twice: the second answer is the shelf's kept one.
        for _ in 0..2 {
            assert_eq!(listed_card(a, listing, p.id).await.expect("listed")["is_soldout"], false);
            assert!(listed_card(a, in_stock, p.id).await.is_some());
            assert_eq!(listed_card(a, suggestions, p.id).await.map(|c| c["is_soldout"].clone()), Some(json!(false)));
            assert!(listed_card(a, &size_searched, p.id).await.is_some(), "{size_searched}");
            assert_eq!(listed_card(a, &category, p.id).await.expect("in its category")["is_soldout"], false);
            assert!(listed_card(a, &category_in_stock, p.id).await.is_some());
            assert!(listed_card(a, elsewhere, p.id).await.is_none());
        }
        elsewhere_before.push(Browser::new().get(a, elsewhere).await.text);
    }
    // An operator sells out every size (the command's own connection, as its own process would).
    let operator = drape_store::Store::open(app.db.url()).await.unwrap();
    let set_stock = |sku: String, n: i64| {
        let (operator, clock) = (operator.clone(), app.clock.clone());
        async move { admin::run(AdminTask::Stock(admin::stock::Args { sku, set: n }), &operator, &*clock).await.unwrap() }
    };
    for s in &sizes {
        set_stock(s.sku.clone(), 0).await;
    }
    for a in both {
        assert_eq!(listed_card(a, listing, p.id).await.expect("still listed")["is_soldout"], true, "sold out ({})", a.engine());
        assert!(listed_card(a, in_stock, p.id).await.is_none(), "not in stock ({})", a.engine());
        assert!(listed_card(a, &by_size, p.id).await.is_none(), "not under its size in stock");
        assert_eq!(listed_card(a, suggestions, p.id).await.map(|c| c["is_soldout"].clone()), Some(json!(true)), "search says so too");
        assert!(listed_card(a, &size_searched, p.id).await.is_none(), "its size is not in stock ({})", a.engine());
        assert_eq!(listed_card(a, &category, p.id).await.expect("still in its category")["is_soldout"], true, "{} ({})", category, a.engine());
        assert!(listed_card(a, &category_in_stock, p.id).await.is_none(), "{category_in_stock}");
    }
    for (a, before) in both.iter().zip(&elsewhere_before) {
        assert_eq!(&Browser::new().get(a, elsewhere).await.text, before, "another category's page is as it was");
    }
    // Its first size is back.
    set_stock(sizes[0].sku.clone(), 3).await;
    for a in both {
        assert_eq!(listed_card(a, listing, p.id).await.expect("listed")["is_soldout"], false, "back ({})", a.engine());
        assert!(listed_card(a, in_stock, p.id).await.is_some());
        assert!(listed_card(a, &by_size, p.id).await.is_some(), "under its size in stock");
        assert_eq!(listed_card(a, suggestions, p.id).await.map(|c| c["is_soldout"].clone()), Some(json!(false)));
        assert!(listed_card(a, &size_searched, p.id).await.is_some(), "its size is back");
        assert_eq!(listed_card(a, &category, p.id).await.expect("in its category")["is_soldout"], false);
        assert!(listed_card(a, &category_in_stock, p.id).await.is_some());
    }
    // A catalog change after the restocks still rebuilds: a new price is listed at once.
    sqlx::query("UPDATE products SET price = 54300 WHERE id = $1").bind(p.id).execute(app.db.any_pool()).await.unwrap();
    for a in both {
        assert_eq!(listed_card(a, listing, p.id).await.expect("listed")["rounded_up_unit_price"], 54300);
        assert_eq!(listed_card(a, listing, p.id).await.unwrap()["is_soldout"], false, "and the restocked size with it");
    }
}

async fn menu(a: &TestApp) -> Value {
    let r = Browser::new().get(a, "/api/v2/main-menu-msite/").await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.json()
}

/// The menu (every page of the app asks for it) is kept, and never stale: an operator's offer (its own
/// connection), a category renamed, a product taken off sale or filed under another category, and an
/// offer whose time comes or goes are in the next menu of both processes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_change_to_what_the_menu_shows_is_in_the_next_menu_in_every_process() {
    let app = app().await;
    let other = app.second_process().await;
    let offers = |m: &Value| -> Vec<String> { m["offers"].as_array().unwrap().iter().map(|o| o["label"].as_str().unwrap().to_string()).collect() };
    let top = |m: &Value, slug: &str| m["categories"].as_array().unwrap().iter().find(|c| c["slug"] == slug).cloned();
    let bras_count = |m: &Value| top(m, "bras").unwrap()["product_count"].as_i64().unwrap();
    let before = menu(&app).await;
    for a in [&app, &other] {
        assert_eq!(menu(a).await, before, "asked again: the kept menu");
    }
    // An operator's offer with a link.
    let operator = drape_store::Store::open(app.db.url()).await.unwrap();
    let args = admin::offer::Args {
        key: "kept-menu-3-for-999".into(),
        message: "Any 3 for ₹999".into(),
        count: 3,
        price: 999,
        url: "/bras/".into(),
        days: 1,
        slugs: SLUG.into(),
        tag: String::new(),
    };
    admin::run(AdminTask::Offer(args), &operator, &*app.clock).await.unwrap();
    for a in [&app, &other] {
        assert!(offers(&menu(a).await).contains(&"Any 3 for ₹999".to_string()), "the new offer is linked");
    }
    // A category renamed, straight in the database.
    sqlx::query("UPDATE categories SET name = 'Bras & More' WHERE slug = 'bras'").execute(app.db.any_pool()).await.unwrap();
    for a in [&app, &other] {
        assert_eq!(top(&menu(a).await, "bras").unwrap()["name"], "Bras & More");
    }
    // A bra taken off sale: one fewer in its category; back on sale but no longer filed there.
    let counted = bras_count(&menu(&app).await);
    let p = app.db.store.product_by_slug(SLUG).await.unwrap();
    let bras: i64 = sqlx::query_scalar("SELECT id FROM categories WHERE slug = 'bras'").fetch_one(app.db.any_pool()).await.unwrap();
    let filed: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM product_categories WHERE product_id = $1 AND category_id = $2")
        .bind(p.id)
        .bind(bras)
        .fetch_one(app.db.any_pool())
        .await
        .unwrap();
    assert_eq!(filed, 1, "{SLUG} is filed under bras");
    sqlx::query("UPDATE products SET active = 0 WHERE id = $1").bind(p.id).execute(app.db.any_pool()).await.unwrap();
    for a in [&app, &other] {
        assert_eq!(bras_count(&menu(a).await), counted - 1, "off sale");
    }
    sqlx::query("UPDATE products SET active = 1 WHERE id = $1").bind(p.id).execute(app.db.any_pool()).await.unwrap();
    sqlx::query("DELETE FROM product_categories WHERE product_id = $1 AND category_id = $2").bind(p.id).bind(bras).execute(app.db.any_pool()).await.unwrap();
    for a in [&app, &other] {
        assert_eq!(bras_count(&menu(a).await), counted - 1, "no longer filed under bras");
    }
    // An offer link whose time comes later, and goes, with nothing written meanwhile.
    let now = app.clock_now();
    sqlx::query("INSERT INTO product_offers (offer_key, msg, count, url, starts_at, ends_at) VALUES ('later', 'Later offer', 2, '/panties/', $1, $2)")
        .bind((now + chrono::Duration::hours(1)).timestamp_millis())
        .bind((now + chrono::Duration::hours(2)).timestamp_millis())
        .execute(app.db.any_pool())
        .await
        .unwrap();
    assert!(!offers(&menu(&app).await).contains(&"Later offer".to_string()));
    app.clock.advance(chrono::Duration::minutes(90));
    assert!(offers(&menu(&app).await).contains(&"Later offer".to_string()), "its time came");
    app.clock.advance(chrono::Duration::minutes(60));
    assert!(!offers(&menu(&app).await).contains(&"Later offer".to_string()), "and went");
}

async fn timer_text(a: &TestApp) -> Option<String> {
    let r = Browser::new().get(a, &format!("/web/api/v1/product/{SLUG}/timer/s/")).await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.json()["timer"]["text"].as_str().map(str::to_string)
}

async fn offer_msgs(a: &TestApp, id: i64) -> Vec<String> {
    let r = Browser::new().get(a, &format!("/bp_pp_product_details_page/?product_id={id}")).await;
    assert_eq!(r.status, 200, "{}", r.text);
    r.json()["offer_msg_dict_ajax"].as_object().unwrap().values().map(|o| o["msg"].as_str().unwrap().to_string()).collect()
}

/// A first visit's product page, drawn whole.
async fn page(a: &TestApp) -> String {
    let r = Browser::new().get(a, &format!("/product/{SLUG}/")).await;
    assert_eq!(r.status, 200);
    assert!(r.text.contains("data-drawn-at"), "a first visit's page is drawn whole");
    r.text
}

/// The product page's countdown and offer message come from the kept offer calendar, and are never
/// stale: a countdown added by an operator (its own connection), edited or deleted in the database, an
/// offer message set for the product and then edited, and a countdown whose time comes or goes are in
/// the next timer and offers answers of both processes, and in the page a first visit gets drawn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_change_to_a_products_countdown_and_offer_is_in_the_next_answer_in_every_process() {
    let (app, dir) = app_serving_index("drape_kept_timers", INDEX).await;
    let other = app.second_process().await;
    let p = app.db.store.product_by_slug(SLUG).await.unwrap();
    let both = [&app, &other];
    let sale = timer_text(&app).await.expect("the demo shop's store-wide sale runs");
    for a in both {
        assert_eq!(timer_text(a).await.as_deref(), Some(sale.as_str()), "asked again: the kept calendar");
    }
    assert!(page(&app).await.contains(&sale));

    // An operator's countdown for the product wins over the store-wide one.
    let operator = drape_store::Store::open(app.db.url()).await.unwrap();
    let now = app.clock_now().timestamp_millis();
    let own = operator.add_timer(Some(p.id), "Kept countdown", now - 60_000, now + 7_200_000).await.unwrap();
    for a in both {
        assert_eq!(timer_text(a).await.as_deref(), Some("Kept countdown"), "a new countdown");
    }
    assert!(page(&app).await.contains("Kept countdown"), "the drawn page shows it");
    sqlx::query("UPDATE timers SET text = 'Edited countdown' WHERE id = $1").bind(own).execute(app.db.any_pool()).await.unwrap();
    for a in both {
        assert_eq!(timer_text(a).await.as_deref(), Some("Edited countdown"), "an edited countdown");
    }
    sqlx::query("DELETE FROM timers WHERE id = $1").bind(own).execute(app.db.any_pool()).await.unwrap();
    for a in both {
        assert_eq!(timer_text(a).await.as_deref(), Some(sale.as_str()), "a deleted countdown is gone");
    }

    // An offer message set for the product by an operator, then edited in the database.
    let before = offer_msgs(&app, p.id).await;
    assert!(!before.contains(&"Kept 3 for ₹999".to_string()));
    let args = admin::offer::Args {
        key: "kept-timer-3-for-999".into(),
        message: "Kept 3 for ₹999".into(),
        count: 3,
        price: 999,
        url: "/bras/".into(),
        days: 1,
        slugs: SLUG.into(),
        tag: String::new(),
    };
    admin::run(AdminTask::Offer(args), &operator, &*app.clock).await.unwrap();
    for a in both {
        assert_eq!(offer_msgs(a, p.id).await, ["Kept 3 for ₹999"], "the product's new offer");
    }
    assert!(page(&app).await.contains("Kept 3 for ₹999"), "the drawn page shows it");
    sqlx::query("UPDATE product_offers SET msg = 'Kept 3 for ₹899' WHERE offer_key = 'kept-timer-3-for-999'").execute(app.db.any_pool()).await.unwrap();
    for a in both {
        assert_eq!(offer_msgs(a, p.id).await, ["Kept 3 for ₹899"], "an edited offer");
    }

    // A countdown whose time comes later, and goes, with nothing written meanwhile.
    let now = app.clock_now();
    operator
        .add_timer(Some(p.id), "Later countdown", (now + chrono::Duration::hours(1)).timestamp_millis(), (now + chrono::Duration::hours(2)).timestamp_millis())
        .await
        .unwrap();
    assert_ne!(timer_text(&app).await.as_deref(), Some("Later countdown"));
    app.clock.advance(chrono::Duration::minutes(90));
    for a in both {
        assert_eq!(timer_text(a).await.as_deref(), Some("Later countdown"), "its time came");
    }
    app.clock.advance(chrono::Duration::minutes(60));
    for a in both {
        assert_ne!(timer_text(a).await.as_deref(), Some("Later countdown"), "and went");
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// The design of the month (home asks for it on every visit) comes from the kept offer calendar, and
/// is never stale: an operator's new design for a month (its own connection), its blurb edited and a
/// design deleted in the database, and its product's price changed, are in the next answer of both
/// processes, and so are the links between months.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_change_to_a_design_of_the_month_is_in_the_next_answer_in_every_process() {
    let app = app().await;
    let other = app.second_process().await;
    let both = [&app, &other];
    let get = |month: &str| format!("/web/api/v1/featured/bra/{month}/");
    for a in both {
        assert_eq!(Browser::new().get(a, &get("march-2031")).await.status, 404, "no design yet");
    }
    let operator = drape_store::Store::open(app.db.url()).await.unwrap();
    let set =
        |month: &str, slug: &str, blurb: &str| admin::featured::Args { category: "bra".into(), month: month.into(), slug: slug.into(), blurb: blurb.into() };
    admin::run(AdminTask::Featured(set("2031-03", SLUG, "Kept design")), &operator, &*app.clock).await.unwrap();
    for a in both {
        let r = Browser::new().get(a, &get("march-2031")).await;
        assert_eq!(r.status, 200, "a new design: {}", r.text);
        assert_eq!(r.json()["blurb"], "Kept design");
        assert_eq!(r.json()["product_slug"], SLUG);
        assert!(r.json()["next"].is_null());
    }
    admin::run(AdminTask::Featured(set("2031-05", SLUG, "Later design")), &operator, &*app.clock).await.unwrap();
    for a in both {
        assert_eq!(Browser::new().get(a, &get("march-2031")).await.json()["next"], "/best-bra-design-of-may-2031/", "linked to the next month's");
    }
    sqlx::query("UPDATE featured_designs SET blurb = 'Edited design' WHERE month = '2031-03'").execute(app.db.any_pool()).await.unwrap();
    for a in both {
        assert_eq!(Browser::new().get(a, &get("march-2031")).await.json()["blurb"], "Edited design");
    }
    let price = Browser::new().get(&app, &get("march-2031")).await.json()["product"]["rounded_up_unit_price"].as_i64().unwrap();
    sqlx::query("UPDATE products SET price = price + 10000 WHERE slug = $1").bind(SLUG).execute(app.db.any_pool()).await.unwrap();
    for a in both {
        assert_eq!(
            Browser::new().get(a, &get("march-2031")).await.json()["product"]["rounded_up_unit_price"].as_i64().unwrap(),
            price + 10000,
            "its card's new price"
        );
    }
    sqlx::query("DELETE FROM featured_designs WHERE month = '2031-05'").execute(app.db.any_pool()).await.unwrap();
    for a in both {
        assert!(Browser::new().get(a, &get("march-2031")).await.json()["next"].is_null(), "the later one is gone");
        assert_eq!(Browser::new().get(a, &get("may-2031")).await.status, 404);
    }
}

/// A first visit's page at `path` (home or a category's), drawn whole, and the answers it carries.
async fn drawn(a: &TestApp, path: &str) -> (String, Value) {
    let r = Browser::new().get(a, path).await;
    assert_eq!(r.status, 200);
    assert!(r.text.contains(r#"<div id="root" data-drawn="">"#), "{path} is drawn whole: {}", r.text);
    let answers = Value::Object(drawn_answers(&r.text));
    (r.text, answers)
}

/// Home and a category's page as a first visit gets them are kept while what they were drawn from is
/// the same, and never stale: a product's price, a category's name and this month's design, changed
/// in the database or by an operator, are in the next page of both processes, drawn and carried.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_change_to_what_a_first_visits_home_and_category_page_show_is_in_the_next_page_in_every_process() {
    let (app, dir) = app_serving_index("drape_kept_drawn", INDEX).await;
    let other = app.second_process().await;
    let both = [&app, &other];
    let month = app.clock_now().format("%B-%Y").to_string().to_lowercase();
    for a in both {
        for path in ["/", "/bras/"] {
            let first = drawn(a, path).await;
            assert_eq!(drawn(a, path).await, first, "{path} asked again: the same page");
        }
    }
    // A price on home's first page and on the bras' page, changed in the database.
    let (_, answers) = drawn(&app, "/").await;
    let card = answers["/web/api/v1/products/?page=1"]["products"][0].clone();
    sqlx::query("UPDATE products SET price = 987600 WHERE id = $1").bind(card["id"].as_i64().unwrap()).execute(app.db.any_pool()).await.unwrap();
    for a in both {
        let (home, answers) = drawn(a, "/").await;
        let first = &answers["/web/api/v1/products/?page=1"]["products"][0];
        assert_eq!((&first["id"], &first["rounded_up_unit_price"]), (&card["id"], &json!(987600)), "the carried answer ({})", a.engine());
        assert!(home.contains(r#"<span class="price">₹9,876</span>"#), "the drawn card ({})", a.engine());
    }
    // A category renamed in the database: home's chips, the page's title and breadcrumb.
    sqlx::query("UPDATE categories SET name = 'Kept Bras' WHERE slug = 'bras'").execute(app.db.any_pool()).await.unwrap();
    for a in both {
        let (home, answers) = drawn(a, "/").await;
        assert!(home.contains("<span>Kept Bras</span>"), "home's chip ({})", a.engine());
        assert!(answers["/api/v2/main-menu-msite/"].to_string().contains("Kept Bras"));
        let (bras, _) = drawn(a, "/bras/").await;
        assert!(bras.contains(r#"<h1 class="listing__title">Kept Bras</h1>"#), "the category's page ({})", a.engine());
    }
    // An operator sets this month's design to another product.
    let (home, answers) = drawn(&app, "/").await;
    let design = answers[format!("/web/api/v1/featured/bra/{month}/").as_str()].clone();
    assert!(home.contains("featured-promo"), "the demo shop has a design this month");
    let other_slug = "everyday-padded-t-shirt-bra-teal";
    assert_ne!(design["product_slug"], other_slug);
    let operator = drape_store::Store::open(app.db.url()).await.unwrap();
    let args =
        admin::featured::Args { category: "bra".into(), month: app.clock_now().format("%Y-%m").to_string(), slug: other_slug.into(), blurb: "Kept".into() };
    admin::run(AdminTask::Featured(args), &operator, &*app.clock).await.unwrap();
    for a in both {
        let (home, answers) = drawn(a, "/").await;
        let design = &answers[format!("/web/api/v1/featured/bra/{month}/").as_str()];
        assert_eq!(design["product_slug"], other_slug, "the carried design ({})", a.engine());
        let name = design["product"]["name"].as_str().unwrap();
        assert!(home.contains(&format!(r#"<span class="featured-promo__product">{name}<!-- --> · <!-- -->"#)), "the drawn promo ({})", a.engine());
        assert!(home.contains(design["product"]["img"].as_str().unwrap()), "its image");
    }
    let _ = std::fs::remove_dir_all(dir);
}

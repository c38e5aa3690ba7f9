//! HTTP tests of the product page's calls (spec 001 §7), with the wrong-user and bad-input cases.

mod common;

use common::*;
use drape_store::seed::DEMO_SHOPPER_MOBILE;
use serde_json::{json, Value};

/// A product the demo shopper has received, and the order it came in.
async fn delivered(app: &TestApp, b: &mut Browser) -> (i64, String, String) {
    let list = b.get(app, "/web/api/v1/reorder-products/").await.json();
    let p = &list["products"][0];
    let id = p["id"].as_i64().expect("the demo shopper has delivered products");
    let mine = b.get(app, &format!("/get-my-rating/?productId={id}")).await.json();
    (id, p["slug"].as_str().unwrap().to_string(), mine["orderid"].as_str().unwrap().to_string())
}

async fn form(b: &mut Browser, app: &TestApp, path: &str, fields: &[(&str, String)]) -> Answer {
    if !b.cookies.contains_key("csrftoken") {
        b.get(app, "/healthz").await;
    }
    let token = b.cookies["csrftoken"].clone();
    let mut all: Vec<(String, String)> = fields.iter().map(|(k, v)| (k.to_string(), v.clone())).collect();
    all.push(("csrfmiddlewaretoken".into(), token));
    let body = serde_urlencoded_encode(&all);
    let cookie = b.cookies.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ");
    let req = axum::http::Request::post(path)
        .header("content-type", "application/x-www-form-urlencoded")
        .header("x-requested-with", "XMLHttpRequest")
        .header("cookie", cookie)
        .body(axum::body::Body::from(body))
        .unwrap();
    b.send(app, req).await
}

fn serde_urlencoded_encode(pairs: &[(String, String)]) -> String {
    pairs.iter().map(|(k, v)| format!("{}={}", enc(k), enc(v))).collect::<Vec<_>>().join("&")
}

fn enc(s: &str) -> String {
    s.bytes().map(|b| if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

#[tokio::test]
async fn last_purchased_sizes_come_from_delivered_orders() {
    let app = app().await;
    let mut guest = Browser::new();
    let g = guest.get(&app, "/web/api/v1/product/last-purchased-size/").await.json();
    assert_eq!(g, json!({"status":"success","bra_size1":"","panty_size":"","nightwear_size":"","activewear_size":""}));
    let mut b = Browser::new();
    b.login(&app, DEMO_SHOPPER_MOBILE).await;
    let j = b.get(&app, "/web/api/v1/product/last-purchased-size/").await.json();
    assert_eq!(j["status"], "success");
    for k in ["bra_size1", "panty_size", "nightwear_size", "activewear_size"] {
        assert!(!j[k].as_str().unwrap().is_empty(), "{k} in {j}");
    }
    // A new shopper has bought nothing.
    let mut fresh = Browser::new();
    fresh.login(&app, "9123400001").await;
    assert_eq!(fresh.get(&app, "/web/api/v1/product/last-purchased-size/").await.json()["bra_size1"], "");
}

#[tokio::test]
async fn only_a_delivered_purchaser_rates_and_a_second_rating_updates() {
    let app = app().await;
    let mut b = Browser::new();
    b.login(&app, DEMO_SHOPPER_MOBILE).await;
    let (pid, slug, order) = delivered(&app, &mut b).await;
    let mine = b.get(&app, &format!("/get-my-rating/?productId={pid}")).await.json();
    assert_eq!(mine["orderstatus"], "Delivered");
    assert_eq!(mine["ordered_by_user"], true);
    assert_eq!(mine["my_rating"], 0);
    let before = b.get(&app, &format!("/web/api/v1/product-mobile/{slug}/")).await.json()["total_ratings"][0].as_i64().unwrap();

    // Guests, strangers and other people's orders are refused, and nothing is saved.
    let mut guest = Browser::new();
    form(&mut guest, &app, "/rating/save/", &[("rating", "4".into()), ("pId", pid.to_string()), ("orderid", order.clone())]).await.assert_error(401);
    let mut stranger = Browser::new();
    stranger.login(&app, "9123400002").await;
    form(&mut stranger, &app, "/rating/save/", &[("rating", "4".into()), ("pId", pid.to_string()), ("orderid", order.clone())]).await.assert_error(403);
    form(&mut b, &app, "/rating/save/", &[("rating", "9".into()), ("pId", pid.to_string()), ("orderid", order.clone())]).await.assert_error(400);
    form(&mut b, &app, "/rating/save/", &[("rating", "4".into()), ("pId", "abc".into()), ("orderid", order.clone())]).await.assert_error(400);
    form(&mut b, &app, "/rating/save/", &[("rating", "4".into()), ("pId", pid.to_string()), ("orderid", "DRPDEMO9999".into())]).await.assert_error(403);
    assert_eq!(b.get(&app, &format!("/web/api/v1/product-mobile/{slug}/")).await.json()["total_ratings"][0].as_i64().unwrap(), before);

    let first = form(&mut b, &app, "/rating/save/", &[("rating", "3".into()), ("pId", pid.to_string()), ("orderid", order.clone())]).await;
    assert_eq!(first.status, 200, "{}", first.text);
    let id = first.json()["responseid"].as_i64().unwrap();
    let after = b.get(&app, &format!("/web/api/v1/product-mobile/{slug}/")).await.json();
    assert_eq!(after["total_ratings"][0].as_i64().unwrap(), before + 1, "rating counted");
    let second = form(&mut b, &app, "/rating/save/", &[("rating", "5".into()), ("pId", pid.to_string()), ("orderid", order.clone())]).await.json();
    assert_eq!(second["responseid"].as_i64().unwrap(), id, "same order: updated, not duplicated");
    let again = b.get(&app, &format!("/web/api/v1/product-mobile/{slug}/")).await.json();
    assert_eq!(again["total_ratings"][0].as_i64().unwrap(), before + 1);
    assert_eq!(b.get(&app, &format!("/get-my-rating/?productId={pid}")).await.json()["my_rating"], 5);

    // The shopper's order that is still on its way does not count.
    let mut bras = Vec::new();
    for page in 1..=4 {
        bras.extend(b.get(&app, &format!("/web/api/v1/products/?category=1&page={page}")).await.json()["products"].as_array().unwrap().clone());
    }
    let mut shipped = None;
    for p in &bras {
        let m = b.get(&app, &format!("/get-my-rating/?productId={}", p["id"])).await.json();
        if m["orderstatus"] == "Shipped" {
            shipped = Some((p["id"].as_i64().unwrap(), m["orderid"].as_str().unwrap().to_string()));
        }
    }
    let (sid, sorder) = shipped.expect("the demo shopper has a shipped order");
    form(&mut b, &app, "/rating/save/", &[("rating", "4".into()), ("pId", sid.to_string()), ("orderid", sorder)]).await.assert_error(403);
    b.get(&app, "/get-my-rating/?productId=abc").await.assert_error(400);
}

#[tokio::test]
async fn feedback_needs_the_callers_own_rating() {
    let app = app().await;
    let mut b = Browser::new();
    b.login(&app, DEMO_SHOPPER_MOBILE).await;
    let (pid, slug, order) = delivered(&app, &mut b).await;
    let q = b.get(&app, &format!("/web/api/v1/product/{slug}/feedback-questions/s/")).await.json();
    let questions = q["f_questions_secondary"].as_array().unwrap();
    assert!(questions.len() >= 2);
    let fit = questions.iter().find(|x| x["slug"] == "fit").unwrap();
    assert_eq!(fit["question_type"], "radio");
    assert_eq!(fit["emphasis"], json!(["1", "5"]));
    assert_eq!(fit["options"].as_array().unwrap().len(), 5);

    let no_rating = form(
        &mut b,
        &app,
        "/save-product-feedback/",
        &[("device", "web".into()), ("review", "Nice".into()), ("productid", pid.to_string()), ("orderid", order.clone())],
    )
    .await;
    assert_eq!(no_rating.assert_error(400)["message"], "Please rate the product to write review");
    let rid = form(&mut b, &app, "/rating/save/", &[("rating", "2".into()), ("pId", pid.to_string()), ("orderid", order.clone())]).await.json()["responseid"]
        .as_i64()
        .unwrap();

    let mut other = Browser::new();
    other.login(&app, "9123400003").await;
    let theirs =
        form(&mut other, &app, "/save-product-feedback/", &[("review", "Hijack".into()), ("responseid", rid.to_string()), ("productid", pid.to_string())])
            .await;
    assert_eq!(theirs.assert_error(400)["message"], "Please rate the product to write review");
    form(&mut b, &app, "/save-product-feedback/", &[("review", "  ".into()), ("responseid", rid.to_string())]).await.assert_error(400);
    form(&mut b, &app, "/save-product-feedback/", &[("review", "Tight".into()), ("fit", "7".into()), ("responseid", rid.to_string())]).await.assert_error(400);
    assert_eq!(app.db.store.feedback_count(rid).await.unwrap(), 0, "nothing saved by refused posts");
    let ok = form(
        &mut b,
        &app,
        "/save-product-feedback/",
        &[
            ("device", "web".into()),
            ("review", "Band is tight".into()),
            ("fit", "1".into()),
            ("comfort", "2".into()),
            ("productid", pid.to_string()),
            ("orderid", order),
            ("responseid", rid.to_string()),
        ],
    )
    .await;
    assert_eq!(ok.status, 200, "{}", ok.text);
    assert_eq!(ok.json()["status"], "success");
    assert_eq!(app.db.store.feedback_count(rid).await.unwrap(), 1);
    // Repeats replace the feedback: the table cannot be grown by posting again.
    for text in ["Band is snug", "Band is fine now"] {
        let again = form(&mut b, &app, "/save-product-feedback/", &[("review", text.into()), ("fit", "2".into()), ("responseid", rid.to_string())]).await;
        assert_eq!(again.status, 200, "{}", again.text);
    }
    assert_eq!(app.db.store.feedback_count(rid).await.unwrap(), 1, "one feedback per rating");
}

#[tokio::test]
async fn reviews_are_checked_saved_and_listed_without_emails() {
    let app = app().await;
    let mut b = Browser::new();
    b.login(&app, DEMO_SHOPPER_MOBILE).await;
    let (pid, slug, _) = delivered(&app, &mut b).await;
    let review = |headline: &str| json!({"headline": headline, "comment": "Soft and true to size", "public_name": "", "product": pid, "star": 4});

    Browser::new().post(&app, "/api/v1/reviews/", review("Lovely")).await.assert_error(401);
    let mut stranger = Browser::new();
    stranger.login(&app, "9123400004").await;
    stranger.post(&app, "/api/v1/reviews/", review("Lovely")).await.assert_error(403);
    assert_eq!(b.post(&app, "/api/v1/reviews/", review("")).await.assert_error(400)["message"], "Please enter headline");
    assert_eq!(b.post(&app, "/api/v1/reviews/", review(&"H".repeat(61))).await.assert_error(400)["message"], "Max 60 characters allowed in heading");
    let long_comment = json!({"headline": "ok", "comment": "C".repeat(101), "public_name": "", "product": pid, "star": 4});
    assert_eq!(b.post(&app, "/api/v1/reviews/", long_comment).await.assert_error(400)["message"], "Max 100 characters allowed in review");
    let long_name = json!({"headline": "ok", "comment": "ok", "public_name": "P".repeat(41), "product": pid, "star": 4});
    assert_eq!(b.post(&app, "/api/v1/reviews/", long_name).await.assert_error(400)["message"], "Max 40 characters allowed in public name");
    let bad_star = json!({"headline": "ok", "comment": "ok", "public_name": "", "product": pid, "star": 6});
    b.post(&app, "/api/v1/reviews/", bad_star).await.assert_error(400);

    let before = b.get(&app, &format!("/web/api/v1/product/{slug}/web-reviews/s/")).await.json()["total_reviews"].as_i64().unwrap();
    let ok = b.post(&app, "/api/v1/reviews/", review("Lovely everyday bra")).await;
    assert_eq!(ok.status, 200, "{}", ok.text);
    let page = b.get(&app, &format!("/web/api/v1/product/{slug}/web-reviews/s/?page=1")).await;
    let j = page.json();
    assert_eq!(j["total_reviews"].as_i64().unwrap(), before + 1);
    let row = &j["object_list"][0];
    assert_eq!(row[1], "Lovely everyday bra");
    assert_eq!(row[2], "Soft and true to size");
    assert_eq!(row[6], "Anonymous", "a blank public name is listed as anonymous, never by the e-mail");
    assert_eq!(row[10], 4);
    assert_eq!(row[5], true, "verified buyer");
    assert!(!page.text.contains("@example.com"), "no reviewer e-mail is ever sent");
}

#[tokio::test]
async fn review_pages() {
    let app = app().await;
    let mut b = Browser::new();
    // Find a product with more than five reviews.
    let all = app.db.store.list_products(None, 300, 0).await.unwrap();
    let mut found = None;
    for p in &all.products {
        if app.db.store.rating_counts(p.id).await.unwrap().reviews > 5 {
            found = Some(p.clone());
            break;
        }
    }
    let p = found.expect("a product with two pages of reviews");
    let one = b.get(&app, &format!("/web/api/v1/product/{}/web-reviews/s/?page=1", p.slug)).await.json();
    assert_eq!(one["object_list"].as_array().unwrap().len(), 5);
    assert_eq!(one["has_previous"], false);
    assert_eq!(one["has_next"], true);
    assert_eq!(one["next_page_number"], 2);
    assert!(one["previous_page_number"].is_null());
    let two = b.get(&app, &format!("/web/api/v1/product/{}/web-reviews/s/?page=2", p.slug)).await.json();
    assert_eq!(two["number"], 2);
    assert_eq!(two["has_previous"], true);
    assert_ne!(one["object_list"][0][0], two["object_list"][0][0]);
    let far = b.get(&app, &format!("/web/api/v1/product/{}/web-reviews/s/?page=99", p.slug)).await.json();
    assert_eq!(far["object_list"], json!([]));
    b.get(&app, &format!("/web/api/v1/product/{}/web-reviews/s/?page=abc", p.slug)).await.assert_error(400);
    b.get(&app, "/web/api/v1/product/nope/web-reviews/s/").await.assert_error(404);
}

async fn sold_out_size(app: &TestApp) -> (drape_store::catalog::Product, String) {
    for p in app.db.store.list_products(Some(&[1, 101, 102, 103, 104]), 100, 0).await.unwrap().products {
        if let Some(s) = app.db.store.sizes(p.id).await.unwrap().into_iter().find(|s| s.stock == 0) {
            return (p, s.value);
        }
    }
    panic!("no sold-out bra size in the demo");
}

#[tokio::test]
async fn notify_me_validates_deduplicates_and_queues_a_message() {
    let app = app().await;
    let (p, size) = sold_out_size(&app).await;
    let mut g = Browser::new();
    g.get(&app, "/healthz").await;
    let token = g.cookies["csrftoken"].clone();
    let url = |t: &str, email: &str, phone: &str, size: &str| {
        format!("/addproductrequest/?csrfmiddlewaretoken={t}&productname={}&email={}&phone={phone}&size={size}", p.id, enc(email))
    };
    g.get(&app, &url("wrong", "a@b.com", "9876543210", &size)).await.assert_error(403);
    let bad_email = g.get(&app, &url(&token, "not-an-email", "9876543210", &size)).await.json();
    assert_eq!(bad_email, json!({"result": "error", "message": "Provide a valid email address"}));
    let bad_phone = g.get(&app, &url(&token, "asha@example.com", "12345", &size)).await.json();
    assert_eq!(bad_phone["message"], "Please enter your 10 digit phone number");
    assert_eq!(app.db.store.size_request_count(p.id).await.unwrap(), 0);

    let ok = g.get(&app, &url(&token, "asha@example.com", "9876543210", &size)).await.json();
    assert_eq!(ok["result"], "success", "{ok}");
    assert_eq!(app.db.store.size_request_count(p.id).await.unwrap(), 1);
    let again = g.get(&app, &url(&token, "ASHA@example.com", "9876543210", &size)).await.json();
    assert_eq!(again["result"], "success");
    assert!(again["message"].as_str().unwrap().contains("already"));
    assert_eq!(app.db.store.size_request_count(p.id).await.unwrap(), 1, "deduplicated");
    let mail = &app.db.store.recent_messages(5).await.unwrap()[0];
    assert_eq!((mail.channel.as_str(), mail.recipient.as_str()), ("email", "asha@example.com"));

    // A shopper with an e-mail on file needs no fields.
    let mut s = Browser::new();
    s.login(&app, DEMO_SHOPPER_MOBILE).await;
    let t = s.cookies["csrftoken"].clone();
    assert_eq!(s.get(&app, &url(&t, "", "", &size)).await.json()["result"], "success");
    assert_eq!(app.db.store.size_request_count(p.id).await.unwrap(), 2);
    // In-stock sizes and unknown products are refused.
    let in_stock = app.db.store.sizes(p.id).await.unwrap().into_iter().find(|z| z.stock > 0).unwrap();
    assert_eq!(s.get(&app, &url(&t, "", "", &in_stock.value)).await.json()["result"], "error");
    s.get(&app, &format!("/addproductrequest/?csrfmiddlewaretoken={t}&productname=abc&size=34B")).await.assert_error(404);
}

#[tokio::test]
async fn wishlist_is_the_shoppers_own() {
    let app = app().await;
    let p = app.db.store.product_by_slug("everyday-padded-t-shirt-bra-black").await.unwrap();
    let entry = json!([{"product": p.id, "child_product": null, "first_combo_size": null, "second_combo_size": null, "multi_combo_size": null}]);
    Browser::new().post(&app, "/api/v3/wishlist/", entry.clone()).await.assert_error(401);
    let mut a = Browser::new();
    a.login(&app, "9123400005").await;
    let added = a.post(&app, "/api/v3/wishlist/", entry.clone()).await.json();
    assert_eq!(added["in_wishlist"], true);
    assert_eq!(added["wishlist_count"], 1);
    assert_eq!(a.get(&app, "/api/v1/me/").await.json()["wishlistCount"], 1);
    assert_eq!(a.get(&app, &format!("/web/api/v1/product-mobile/{}/", p.slug)).await.json()["is_in_wishlist"], true);
    let mut other = Browser::new();
    other.login(&app, "9123400006").await;
    assert_eq!(other.get(&app, &format!("/web/api/v1/product-mobile/{}/", p.slug)).await.json()["is_in_wishlist"], false);
    assert_eq!(other.get(&app, "/api/v1/me/").await.json()["wishlistCount"], 0);
    let removed = a.post(&app, "/api/v3/wishlist/", entry).await.json();
    assert_eq!((removed["in_wishlist"].as_bool(), removed["wishlist_count"].as_i64()), (Some(false), Some(0)));
    a.post(&app, "/api/v3/wishlist/", json!([])).await.assert_error(400);
    a.post(&app, "/api/v3/wishlist/", json!([{"product": 999999}])).await.assert_error(404);
    a.post(&app, "/api/v3/wishlist/", json!([{"product": p.id, "first_combo_size": "<script>"}])).await.assert_error(400);
    a.post(&app, "/api/v3/wishlist/", json!({"product": p.id})).await.assert_error(400);
    assert_eq!(a.get(&app, "/api/v1/me/").await.json()["wishlistCount"], 0);
}

#[tokio::test]
async fn add_to_cart_checks_size_stock_and_limits() {
    let app = app().await;
    let p = app.db.store.product_by_slug("everyday-padded-t-shirt-bra-black").await.unwrap();
    let sizes = app.db.store.sizes(p.id).await.unwrap();
    let big = sizes.iter().find(|s| s.stock > 5).unwrap();
    let add = |size: Option<&str>, quantity: i64| json!({"cart": null, "product": p.id, "quantity": quantity, "size": size, "combo_sizes": null});
    let mut g = Browser::new();
    assert_eq!(g.post(&app, "/api/v3/cart-items/", add(None, 1)).await.assert_error(400)["message"], "Please Select Size...");
    g.post(&app, "/api/v3/cart-items/", add(Some("99Z"), 1)).await.assert_error(404);
    g.post(&app, "/api/v3/cart-items/", add(Some(&big.value), 0)).await.assert_error(400);
    g.post(&app, "/api/v3/cart-items/", add(Some(&big.value), -2)).await.assert_error(400);
    assert!(!g.cookies.contains_key("guestcart"), "nothing added yet");
    let ok = g.post(&app, "/api/v3/cart-items/", add(Some(&big.value), 2)).await;
    assert_eq!(ok.status, 200, "{}", ok.text);
    assert_eq!(ok.json()["cart_quantity"], 2);
    assert!(g.cookies.contains_key("guestcart"), "a guest cart is kept by cookie");
    assert_eq!(g.get(&app, "/cart_dropdown_mobile_ajax/").await.json()["cart_quantity"], 2);
    assert_eq!(
        g.post(&app, "/api/v3/cart-items/", add(Some(&big.value), 4)).await.assert_error(400)["message"],
        "You can buy at most 5 of this product, and 2 already in your cart"
    );
    assert_eq!(g.get(&app, "/cart_dropdown_mobile_ajax/").await.json()["cart_quantity"], 2, "refused adds change nothing");

    if let Some(few) = sizes.iter().find(|s| (1..5).contains(&s.stock)) {
        let msg = g.post(&app, "/api/v3/cart-items/", add(Some(&few.value), few.stock + 1)).await.assert_error(400);
        assert_eq!(msg["message"], format!("Only {} left in this size", few.stock));
    }
    if let Some(gone) = sizes.iter().find(|s| s.stock == 0) {
        assert_eq!(g.post(&app, "/api/v3/cart-items/", add(Some(&gone.value), 1)).await.assert_error(400)["message"], "Product Out of stock");
    }
    g.post(&app, "/api/v3/cart-items/", json!({"product": 999999, "quantity": 1, "size": "34B"})).await.assert_error(404);

    // Another visitor's cart id is not found, and their cart is untouched.
    let mut other = Browser::new();
    other.login(&app, "9123400007").await;
    other.post(&app, "/api/v3/cart-items/", add(Some(&big.value), 1)).await;
    let theirs = app
        .db
        .store
        .cart_id(drape_store::carts::CartOwner::Shopper(other.get(&app, "/api/v1/me/").await.json()["user"]["id"].as_i64().unwrap()))
        .await
        .unwrap()
        .unwrap();
    let mut sneaky = add(Some(&big.value), 1);
    sneaky["cart"] = json!(theirs);
    g.post(&app, "/api/v3/cart-items/", sneaky).await.assert_error(404);
    assert_eq!(other.get(&app, "/cart_dropdown_mobile_ajax/").await.json()["cart_quantity"], 1);
}

#[tokio::test]
async fn combos_need_both_parts() {
    let app = app().await;
    let combo = app.db.store.list_products(Some(&[301]), 1, 0).await.unwrap().products.remove(0);
    let sizes = app.db.store.sizes(combo.id).await.unwrap();
    let bra = sizes.iter().find(|s| s.part == 1 && s.stock > 0).unwrap();
    let panty = sizes.iter().find(|s| s.part == 2 && s.stock > 0).unwrap();
    let mut b = Browser::new();
    let add = |c1: Option<&str>, c2: Option<&str>| json!({"product": combo.id, "quantity": 1, "size": null, "combo_sizes": {"combo1": c1, "combo2": c2}});
    assert_eq!(b.post(&app, "/api/v3/cart-items/", add(None, Some(&panty.value))).await.assert_error(400)["message"], "Please Select Bra size");
    assert_eq!(b.post(&app, "/api/v3/cart-items/", add(Some(&bra.value), None)).await.assert_error(400)["message"], "Please Select Panty size");
    let ok = b.post(&app, "/api/v3/cart-items/", add(Some(&bra.value), Some(&panty.value))).await;
    assert_eq!(ok.status, 200, "{}", ok.text);
    let lines = app.db.store.cart_lines(drape_store::carts::CartOwner::Guest(&b.cookies["guestcart"])).await.unwrap();
    assert_eq!((lines[0].combo1_size_id, lines[0].combo2_size_id, lines[0].size_id), (Some(bra.id), Some(panty.id), None), "stored as a combo");
}

#[tokio::test]
async fn events_are_recorded_and_answer_event_data() {
    let app = app().await;
    let p = app.db.store.product_by_slug("everyday-padded-t-shirt-bra-black").await.unwrap();
    let mut b = Browser::new();
    let ev = |data: Value| vec![("data", data.to_string())];
    let r =
        form(&mut b, &app, "/get-event-data/", &ev(json!({"event_name": "product_viewed", "product_id": p.id, "source": "pdp", "cart_updated": false}))).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let j = r.json();
    assert_eq!(j["product"]["currency"], "INR");
    assert_eq!(j["product"]["sku"], p.sku.as_str());
    assert_eq!(j["product"]["discounted_price"], 799.0);
    assert_eq!(j["product"]["category_ids"], json!([1]));
    assert_eq!(j["product"]["sub_category_ids"], json!([101]));
    assert!(j["cart"].is_null());
    assert_eq!(app.db.store.shopper_event_count("product_viewed", p.id).await.unwrap(), 1);
    form(&mut b, &app, "/get-event-data/", &ev(json!({"event_name": "made_up", "product_id": p.id}))).await.assert_error(400);
    form(&mut b, &app, "/get-event-data/", &[("data", "{oops".to_string())]).await.assert_error(400);
    form(&mut b, &app, "/get-event-data/", &ev(json!({"event_name": "product_viewed", "productslug": "NOPE"}))).await.assert_error(404);
    form(&mut b, &app, "/get-event-data/", &ev(json!({"event_name": "cart_viewed", "cart_id": 424242}))).await.assert_error(404);
    assert_eq!(app.db.store.shopper_event_count("product_viewed", p.id).await.unwrap(), 1, "refused events are not recorded");
}

#[tokio::test]
async fn timer_offers_and_design_of_the_month() {
    let app = app().await;
    let mut b = Browser::new();
    // The store-wide sale timer runs for any product.
    let t = b.get(&app, "/web/api/v1/product/everyday-padded-t-shirt-bra-black/timer/s/").await.json();
    assert_eq!(t["timer"]["text"], "End of Season Sale ends in");
    assert!(t["timer"]["startdate"].as_str().unwrap().len() == 10 && t["timer"]["endtime"].as_str().unwrap().len() == 8);

    use chrono::Datelike;
    let now = app.clock_now();
    let names = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
    let path = format!("/web/api/v1/featured/bra/{}-{}/", names[now.month0() as usize], now.year());
    let f = b.get(&app, &path).await;
    assert_eq!(f.status, 200, "{}", f.text);
    let f = f.json();
    assert!(f["title"].as_str().unwrap().starts_with("Best Bra Design of "));
    assert!(f["previous"].as_str().unwrap().starts_with("/best-bra-design-of-"));
    assert!(f["next"].is_null());
    // The featured product's own timer wins, and has under a day left.
    let own = b.get(&app, &format!("/web/api/v1/product/{}/timer/s/", f["product_slug"].as_str().unwrap())).await.json();
    let left = own["timer"]["ends_at_ms"].as_i64().unwrap() - now.timestamp_millis();
    assert!(own["timer"]["text"].as_str().unwrap().starts_with("Bra of the month") && left < 86_400_000 && left > 0);
    b.get(&app, "/web/api/v1/featured/bra/smarch-2026/").await.assert_error(404);
    b.get(&app, "/web/api/v1/featured/bra/may-1999/").await.assert_error(404);
    b.get(&app, "/web/api/v1/featured/BRA/may-2026/").await.assert_error(404);
    // After the sale, no timer.
    app.clock.advance(chrono::Duration::days(5));
    assert!(b.get(&app, "/web/api/v1/product/everyday-padded-t-shirt-bra-black/timer/s/").await.json()["timer"].is_null());
}

#[tokio::test]
async fn offer_counts_what_the_cart_holds() {
    let app = app().await;
    let panty = app.db.store.list_products(Some(&[201]), 1, 0).await.unwrap().products.remove(0);
    let size = app.db.store.sizes(panty.id).await.unwrap().into_iter().find(|s| s.stock >= 3).unwrap();
    let mut b = Browser::new();
    let offers = b.get(&app, &format!("/bp_pp_product_details_page/?product_id={}", panty.id)).await.json();
    let o = &offers["offer_msg_dict_ajax"]["panty-3-for-699"];
    assert_eq!((o["count"].as_i64(), o["qty"].as_i64(), o["offer_applied"].as_bool()), (Some(3), Some(0), Some(false)));
    b.post(&app, "/api/v3/cart-items/", json!({"product": panty.id, "quantity": 3, "size": size.value})).await;
    let o = b.get(&app, &format!("/bp_pp_product_details_page/?product_id={}", panty.id)).await.json()["offer_msg_dict_ajax"]["panty-3-for-699"].clone();
    assert_eq!((o["qty"].as_i64(), o["offer_applied"].as_bool()), (Some(3), Some(true)));
    b.get(&app, "/bp_pp_product_details_page/?product_id=x").await.assert_error(404);
    // A product without an offer key answers an empty map.
    let plain = app.db.store.list_products(Some(&[402]), 50, 0).await.unwrap().products.into_iter().find(|p| p.offer_key.is_empty()).unwrap();
    assert_eq!(b.get(&app, &format!("/bp_pp_product_details_page/?product_id={}", plain.id)).await.json()["offer_msg_dict_ajax"], json!({}));

    // Without a parameter (spec 001 §7 names none): a guest's newest bag line; a shopper's last viewed product.
    let bare = b.get(&app, "/bp_pp_product_details_page/").await;
    assert_eq!(bare.status, 200, "{}", bare.text);
    assert_eq!(bare.json()["offer_msg_dict_ajax"]["panty-3-for-699"]["qty"], 3, "the guest's bag holds the panties");
    assert_eq!(Browser::new().get(&app, "/bp_pp_product_details_page/").await.json()["offer_msg_dict_ajax"], json!({}), "a new visitor: no product, no offer");
    let mut shopper = Browser::new();
    shopper.login(&app, "9123490001").await;
    let viewed = json!({"event_name": "product_viewed", "product_id": panty.id, "source": "pdp"}).to_string();
    assert_eq!(form(&mut shopper, &app, "/get-event-data/", &[("data", viewed)]).await.status, 200);
    let o = shopper.get(&app, "/bp_pp_product_details_page/").await.json();
    assert_eq!(o["offer_msg_dict_ajax"]["panty-3-for-699"]["count"], 3, "the shopper's last viewed product: {o}");
}

#[tokio::test]
async fn below_the_fold_sections() {
    let app = app().await;
    let p = app.db.store.product_by_slug("everyday-padded-t-shirt-bra-black").await.unwrap();
    let mut b = Browser::new();
    let similar = b.get(&app, &format!("/web/api/v1/more-like-this/?productid={}&page=0", p.id)).await.json();
    let list = similar["products"].as_array().unwrap();
    assert!(!list.is_empty() && list.len() <= 8);
    assert!(list.iter().all(|c| !c["slug"].as_str().unwrap().starts_with("everyday-padded-t-shirt-bra")), "other styles only");
    b.get(&app, "/web/api/v1/more-like-this/?productid=abc&page=0").await.assert_error(400);
    b.get(&app, "/web/api/v1/more-like-this/?productid=999999&page=0").await.assert_error(404);

    let set = b.get(&app, &format!("/web/api/v1/recommendations/{}/?kind=match-the-set", p.slug)).await.json();
    for c in set["products"].as_array().unwrap() {
        assert_eq!(c["color_name"], "Black");
    }
    let also = b.get(&app, &format!("/web/api/v1/recommendations/{}/?kind=people-also-bought", p.slug)).await;
    assert_eq!(also.status, 200);
    b.get(&app, &format!("/web/api/v1/recommendations/{}/?kind=anything", p.slug)).await.assert_error(400);

    let ids = b.get(&app, "/web/api/v1/products/by-ids/?ids=3,1,2").await.json();
    let got: Vec<i64> = ids["products"].as_array().unwrap().iter().map(|c| c["id"].as_i64().unwrap()).collect();
    assert_eq!(got, vec![3, 1, 2]);
    b.get(&app, "/web/api/v1/products/by-ids/?ids=1,x").await.assert_error(400);
    let many: Vec<String> = (1..=21).map(|i| i.to_string()).collect();
    b.get(&app, &format!("/web/api/v1/products/by-ids/?ids={}", many.join(","))).await.assert_error(400);

    assert_eq!(b.get(&app, "/web/api/v1/reorder-products/").await.json()["products"], json!([]));
    let mut s = Browser::new();
    s.login(&app, DEMO_SHOPPER_MOBILE).await;
    assert!(s.get(&app, "/web/api/v1/reorder-products/").await.json()["products"].as_array().unwrap().len() >= 4);
    let features = b.get(&app, &format!("/web/api/v1/product-feature/{}/", p.slug)).await.json();
    assert!(features["Padding"]["description"].as_str().is_some());
}

/// The bra chart is drawn from the size table: every size on sale is in it, with the measurements the
/// calculator reads (issue 11, item 1).
#[tokio::test]
async fn the_bra_size_chart_lists_every_size_on_sale_with_the_tables_measurements() {
    let app = app().await;
    let mut b = Browser::new();
    for (unit, scale) in [("in", 1.0), ("cm", drape_domain::fit::CM_PER_INCH)] {
        let svg = b.get(&app, &format!("/media/size-charts/bra-{unit}.svg")).await;
        assert_eq!(svg.status, 200);
        for row in drape_domain::fit::bra_chart() {
            let line = format!(">{}</text><text x=\"130\" y=", row.size);
            assert!(svg.text.contains(&line), "{} missing from the {unit} chart", row.size);
            assert!(svg.text.contains(&format!(">{:.1}<", row.underbust_in * scale)), "{} under-bust in {unit}", row.size);
            assert!(svg.text.contains(&format!(">{:.1}<", row.bust_in * scale)), "{} bust in {unit}", row.size);
        }
    }
}

/// The fit notice's data (spec 001 §6; issue 11, item 8): a shopper with delivered orders gets her size
/// for the product's kind, and whether this product sells it; guests get nothing.
#[tokio::test]
async fn the_fit_notice_carries_the_shoppers_size_from_her_orders() {
    let app = app().await;
    let url = "/web/api/v1/product-mobile/everyday-padded-t-shirt-bra-black/";
    let guest = Browser::new().get(&app, url).await.json();
    assert_eq!((guest["fittest_code_in_fitguide"].as_str(), guest["fittest_size_in_all_size"].as_str()), (Some(""), Some("")));
    let mut riya = Browser::new();
    riya.login(&app, DEMO_SHOPPER_MOBILE).await;
    let last = riya.get(&app, "/web/api/v1/product/last-purchased-size/").await.json();
    let bra = last["bra_size1"].as_str().unwrap().to_string();
    assert!(!bra.is_empty(), "the demo shopper received a bra: {last}");
    let p = riya.get(&app, url).await.json();
    assert_eq!(p["fittest_code_in_fitguide"], bra.as_str());
    assert_eq!(p["fittest_size_in_all_size"], bra.as_str(), "this bra sells {bra}");
    // A shopper without orders sees no notice.
    let mut new_shopper = Browser::new();
    new_shopper.login(&app, "9123490101").await;
    assert_eq!(new_shopper.get(&app, url).await.json()["fittest_code_in_fitguide"], "");
}

/// An inactive (unbuyable) product shows no urgency, no countdown and no offer (issue 11).
#[tokio::test]
async fn an_unbuyable_product_counts_nothing_down_and_offers_nothing() {
    let app = app().await;
    let all = app.db.store.list_products(None, 1000, 0).await.unwrap().products;
    let on = all.iter().find(|p| p.is_active() && !p.offer_key.is_empty()).expect("an active product with an offer");
    let every = app.db.store.products_by_ids(&(1..=2_000).collect::<Vec<i64>>()).await.unwrap();
    let off = every.iter().find(|p| !p.is_active()).expect("the demo has an inactive product");
    app.db.store.set_product_offer_key(off.id, &on.offer_key, &on.offer_text).await.unwrap();
    let now = drape_domain::clock::Clock::now(app.clock.as_ref()).timestamp_millis();
    app.db.store.add_timer(None, "Sale ends soon", now - 60_000, now + 3_600_000).await.unwrap();
    let mut b = Browser::new();
    for (p, buyable) in [(on, true), (off, false)] {
        let timer = b.get(&app, &format!("/web/api/v1/product/{}/timer/s/", p.slug)).await.json();
        assert_eq!(timer["timer"].is_null(), !buyable, "{}: {timer}", p.slug);
        let offers = b.get(&app, &format!("/bp_pp_product_details_page/?product_id={}", p.id)).await.json();
        assert_eq!(offers["offer_msg_dict_ajax"].as_object().unwrap().is_empty(), !buyable, "{}: {offers}", p.slug);
        let sizes = b.get(&app, &format!("/web/api/v1/product/{}/sizes/s/", p.slug)).await.json();
        if !buyable {
            assert_eq!(sizes["result"]["urgency_message_product"], json!({}), "{}", p.slug);
        }
    }
}

/// Product images are asked for at the size and quality the page shows them (spec 001 §2; issue 11, item 6).
#[tokio::test]
async fn product_images_take_a_width_and_a_quality() {
    let app = app().await;
    let mut b = Browser::new();
    // A style with a fabric pattern (the style number picks it: 1 dots, 2 stripes, 3 lace).
    let all = app.db.store.list_products(None, 1000, 0).await.unwrap().products;
    let p = all.iter().find(|p| p.parent_sku.trim_start_matches(|c: char| c.is_ascii_alphabetic()).parse::<u64>().is_ok_and(|n| n % 4 == 1)).unwrap();
    let url = format!("/media/products/{}/1.svg", p.sku);
    let full = b.get(&app, &url).await;
    assert_eq!(full.status, 200);
    assert!(full.text.contains(r#"width="400" height="520""#) && full.text.contains("url(#pat)"));
    let small = b.get(&app, &format!("{url}?w=200&q=40")).await;
    assert!(small.text.contains(r#"width="200" height="260""#), "{}", &small.text[..200]);
    assert!(!small.text.contains("url(#pat)") && small.text.len() < full.text.len(), "low quality leaves the pattern out");
    assert!(b.get(&app, &format!("{url}?w=200&q=80")).await.text.contains("url(#pat)"));
    b.get(&app, &format!("{url}?w=5")).await.assert_error(400);
    b.get(&app, &format!("{url}?q=0")).await.assert_error(400);
    b.get(&app, &format!("{url}?w=abc")).await.assert_error(400);
}

//! HTTP tests of the foundation API against the real router and a real (SQLite) database.

mod common;

use common::*;
use serde_json::json;

const BRA: &str = "everyday-padded-t-shirt-bra-black";

#[tokio::test]
async fn health_answers_with_the_engine() {
    let app = app().await;
    let mut b = Browser::new();
    let r = b.get(&app, "/healthz").await;
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["database"], app.engine());
    assert!(b.cookies.contains_key("csrftoken"), "first response hands out the CSRF cookie");
}

#[tokio::test]
async fn product_has_every_field_of_the_spec() {
    let app = app().await;
    let mut b = Browser::new();
    let r = b.get(&app, &format!("/web/api/v1/product-mobile/{BRA}/")).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let p = r.json();
    for field in [
        "id",
        "name",
        "translated_name",
        "slug",
        "sku",
        "parent_sku",
        "url",
        "img",
        "combo",
        "multicombo",
        "is_freesize_prod",
        "is_soldout",
        "active",
        "max_cart_items",
        "rounded_up_unit_price",
        "rounded_up_unit_price_ui",
        "old_price",
        "old_price_ui",
        "offer_tag",
        "offer_text",
        "is_generic_offer_party_msg",
        "star_rating_admin",
        "rating",
        "total_ratings",
        "nonreturnable",
        "channel_type",
        "speed",
        "beginner",
        "preorder",
        "newarrivals",
        "is_cotton_comforty",
        "has_cotton_label",
        "all_category_with_parents",
        "size_chart_image",
        "gallery",
        "more_colors",
        "is_in_wishlist",
        "pinit_path",
        "get_meta_title",
        "rvp",
        "designer_note",
        "page_extension_mob",
        "manufactured_by",
        "manufactured_by_label",
        "marketed_by",
        "marketed_by_label",
        "country_of_origin",
        "product_label_list",
        "fittest_code_in_fitguide",
        "fittest_size_in_all_size",
    ] {
        assert!(p.get(field).is_some(), "missing {field}");
    }
    assert_eq!(p["slug"], BRA);
    assert_eq!(p["rounded_up_unit_price"], 79900);
    assert_eq!(p["rounded_up_unit_price_ui"], "₹799");
    assert_eq!(p["old_price_ui"], "₹1,150");
    assert_eq!(p["offer_tag"], "30% OFF");
    assert!(p["rvp"]["sold_count"].as_i64().is_some());
    assert_eq!(p["size_chart_image"].as_array().unwrap().len(), 2);
    assert_eq!(p["all_category_with_parents"], json!([1, 101]));
    let g = &p["gallery"][0];
    for f in ["type", "img_m", "img_l", "thumbnail_url", "embed"] {
        assert!(g.get(f).is_some(), "gallery {f}");
    }
    let colours = p["more_colors"].as_array().unwrap();
    assert!(colours.len() >= 4);
    for f in ["slug", "url", "color_name", "small_image", "is_soldout", "sku", "rgbcode"] {
        assert!(colours[0].get(f).is_some(), "colour {f}");
    }
    let t = p["total_ratings"].as_array().unwrap();
    assert_eq!(t.len(), 6);
    let shares: i64 = t[5].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).sum();
    assert!(shares == 100 || t[0] == 0, "shares add to 100: {t:?}");
    assert!(t[1].as_i64().unwrap() >= t[0].as_i64().unwrap(), "privileged count includes hidden ratings");
    // A video is served from the binary.
    let v = b.get(&app, "/media/videos/drape-demo.mp4").await;
    assert_eq!(v.status, 200);
    assert_eq!(v.headers["content-type"], "video/mp4");
    let img = b.get(&app, "/media/products/BR1001-BLK/1.svg").await;
    assert_eq!(img.status, 200);
    assert!(img.text.starts_with("<svg") && img.text.contains("#1d1d1f"));
}

#[tokio::test]
async fn rich_html_is_sanitised() {
    let app = app().await;
    let p = app.db.store.product_by_slug(BRA).await.unwrap();
    app.db
        .store
        .update_product_copy(
            p.id,
            "<p onclick=\"steal()\">Soft <b>cups</b></p><script>alert(1)</script>",
            "<img src=x onerror=alert(1)><a href=\"javascript:alert(1)\">x</a><ul><li>ok</li></ul>",
        )
        .await
        .unwrap();
    let j = Browser::new().get(&app, &format!("/web/api/v1/product-mobile/{BRA}/")).await.json();
    let note = j["designer_note"].as_str().unwrap();
    let ext = j["page_extension_mob"].as_str().unwrap();
    assert!(note.contains("<b>cups</b>"), "{note}");
    for bad in ["script", "onclick", "onerror", "javascript:"] {
        assert!(!note.contains(bad) && !ext.contains(bad), "{bad} left in {note} / {ext}");
    }
    assert!(ext.contains("<li>ok</li>"));
}

#[tokio::test]
async fn unknown_or_malformed_products_are_json_404s() {
    let app = app().await;
    let mut b = Browser::new();
    for path in [
        "/web/api/v1/product-mobile/no-such-bra/",
        "/web/api/v1/product-mobile/UPPER/",
        "/web/api/v1/product-mobile/a%27%20OR%201=1/",
        "/web/api/v1/product/no-such-bra/sizes/s/",
        "/iteminstock/999999/34B/",
        "/iteminstock/abc/34B/",
        "/iteminstock/-1/34B/",
        "/iteminstock/1/NOPE/",
        "/iteminstock/1/%3Cscript%3E/",
        "/media/products/BR1001-BLK/9.svg",
        "/api/v1/nothing-here/",
    ] {
        b.get(&app, path).await.assert_error(404);
    }
    let r = b.get(&app, "/web/api/v1/products/?page=0").await;
    assert!(r.assert_error(400)["fields"]["page"].as_str().is_some());
    b.get(&app, "/web/api/v1/products/?page=abc").await.assert_error(400);
    b.get(&app, "/web/api/v1/products/?category=777").await.assert_error(404);
}

#[tokio::test]
async fn sizes_tell_shoppers_only_what_the_urgency_rule_needs() {
    let app = app().await;
    let p = app.db.store.product_by_slug(BRA).await.unwrap();
    let stored = app.db.store.sizes(p.id).await.unwrap();
    let mut b = Browser::new();
    let r = b.get(&app, &format!("/web/api/v1/product/{BRA}/sizes/s/")).await;
    assert_eq!(r.status, 200);
    let j = r.json();
    assert_eq!(j["status"], "success");
    let sizes = j["result"]["size"].as_array().unwrap();
    assert_eq!(sizes.len(), stored.len());
    for (s, row) in sizes.iter().zip(&stored) {
        assert_eq!(s["value"], row.value.as_str());
        assert_eq!(s["quantity"], row.stock.min(p.max_cart_items), "capped by max_cart_items");
        assert_eq!(s["urgency_message"], drape_domain::stock::urgency_label(row.stock).unwrap_or_default().as_str());
        assert!(s["ws_stock"].is_null(), "no raw stock for shoppers");
        assert_eq!(s["productId"], p.id);
        let in_stock = b.get(&app, &format!("/iteminstock/{}/{}/", p.id, row.value)).await;
        assert_eq!(in_stock.text, row.stock.min(p.max_cart_items).to_string());
        assert!(in_stock.headers["content-type"].to_str().unwrap().starts_with("text/plain"));
    }
    let possible = j["result"]["possible_variation_list"].as_array().unwrap();
    assert_eq!(possible.len(), stored.iter().filter(|s| s.stock > 0).count());
    assert!(stored.iter().any(|s| s.stock > 5), "the demo product has sizes with more than max_cart_items");
}

#[tokio::test]
async fn privileged_users_see_raw_stock_and_affiliates_no_urgency() {
    let app = app().await;
    let p = app.db.store.product_by_slug(BRA).await.unwrap();
    let stored = app.db.store.sizes(p.id).await.unwrap();
    let mut admin = Browser::new();
    admin.login(&app, drape_store::seed::DEMO_ADMIN_MOBILE).await;
    let j = admin.get(&app, &format!("/web/api/v1/product/{BRA}/sizes/s/")).await.json();
    for (s, row) in j["result"]["size"].as_array().unwrap().iter().zip(&stored) {
        assert_eq!(s["ws_stock"], format!("{} WS", row.stock));
    }
    let big = stored.iter().find(|s| s.stock > p.max_cart_items).unwrap();
    assert_eq!(admin.get(&app, &format!("/iteminstock/{}/{}/", p.id, big.value)).await.text, big.stock.to_string());

    let mut stock_viewer = Browser::new();
    stock_viewer.login(&app, drape_store::seed::DEMO_STOCK_VIEWER_MOBILE).await;
    let j = stock_viewer.get(&app, &format!("/web/api/v1/product/{BRA}/sizes/s/")).await.json();
    assert!(j["result"]["size"][0]["ws_stock"].as_str().unwrap().ends_with(" WS"));

    let mut affiliate = Browser::new();
    let who = affiliate.login(&app, "9811111111").await;
    app.db.store.set_affiliate(who["user"]["id"].as_i64().unwrap(), true).await.unwrap();
    let j = affiliate.get(&app, &format!("/web/api/v1/product/{BRA}/sizes/s/")).await.json();
    assert!(j["result"]["size"].as_array().unwrap().iter().all(|s| s["urgency_message"] == ""));
    assert_eq!(j["result"]["urgency_message_product"], json!({}));
    let shopper = Browser::new().get(&app, &format!("/web/api/v1/product/{BRA}/sizes/s/")).await.json();
    assert_ne!(shopper["result"]["urgency_message_product"], json!({}), "shoppers do see urgency");

    // A guest who applies a partner's code counts as affiliate-registered from then on (issue 11, item 10).
    let mut referred = Browser::new();
    let before = referred.get(&app, &format!("/web/api/v1/product/{BRA}/sizes/s/")).await.json();
    assert_ne!(before["result"]["urgency_message_product"], json!({}));
    let size = stored.iter().find(|s| s.stock > 5).unwrap();
    assert_eq!(referred.post(&app, "/api/v3/cart-items/", json!({"product": p.id, "quantity": 1, "size": size.value})).await.status, 200);
    let cart_id = referred.get(&app, "/get/view-cart-info/").await.json()["cart_id"].as_i64().unwrap();
    let applied = referred.get(&app, &format!("/api/v4/carts-new/{cart_id}?affiliation_code=RIYASTYLE")).await;
    assert_eq!(applied.status, 200, "{}", applied.text);
    let after = referred.get(&app, &format!("/web/api/v1/product/{BRA}/sizes/s/")).await.json();
    assert_eq!(after["result"]["urgency_message_product"], json!({}), "a referred visitor sees no urgency");
}

#[tokio::test]
async fn combo_sizes_come_in_two_groups_and_stock_is_the_smaller_part() {
    let app = app().await;
    let combo = app.db.store.list_products(Some(&[301]), 1, 0).await.unwrap().products.remove(0);
    let stored = app.db.store.sizes(combo.id).await.unwrap();
    let mut b = Browser::new();
    let j = b.get(&app, &format!("/web/api/v1/product/{}/sizes/s/", combo.slug)).await.json();
    assert_eq!(j["result"]["size"], json!([]));
    let groups = j["result"]["comboSizes"].as_array().unwrap();
    assert_eq!(groups.len(), 2);
    assert_eq!(groups[0]["type"], "Bra");
    assert_eq!(groups[1]["type"], "Panty");
    let bra = stored.iter().find(|s| s.part == 1 && s.stock > 0).unwrap();
    let panty = stored.iter().find(|s| s.part == 2 && s.stock > 0).unwrap();
    let n = b.get(&app, &format!("/iteminstock/{}/combo/?combo1={}&combo2={}", combo.id, bra.value, panty.value)).await;
    assert_eq!(n.text, bra.stock.min(panty.stock).min(combo.max_cart_items).to_string());
    assert!(j["result"]["possible_variation_list"].as_array().unwrap().contains(&json!(format!("{}|{}", bra.value, panty.value))));
    b.get(&app, &format!("/iteminstock/{}/combo/?combo1=99Z&combo2={}", combo.id, panty.value)).await.assert_error(404);
}

#[tokio::test]
async fn menu_and_listing() {
    let app = app().await;
    let mut b = Browser::new();
    let m = b.get(&app, "/api/v2/main-menu-msite/").await.json();
    let tops: Vec<i64> = m["categories"].as_array().unwrap().iter().map(|c| c["id"].as_i64().unwrap()).collect();
    for id in [1, 2, 4, 253] {
        assert!(tops.contains(&id));
    }
    let bras = &m["categories"][0];
    assert!(bras["children"].as_array().unwrap().len() >= 3 && bras["product_count"].as_i64().unwrap() > 20);
    let all = b.get(&app, "/web/api/v1/products/").await.json();
    assert!(all["total"].as_i64().unwrap() >= 200);
    assert_eq!(all["products"].as_array().unwrap().len(), 24);
    let panties = b.get(&app, "/web/api/v1/products/?category=2&page=1").await.json();
    assert!(panties["products"].as_array().unwrap().iter().all(|p| p["url"].as_str().unwrap().starts_with("/product/")));
    assert!(panties["total"].as_i64().unwrap() < all["total"].as_i64().unwrap());
}

#[tokio::test]
async fn login_with_a_one_time_code_then_logout() {
    let app = app().await;
    let mut b = Browser::new();
    let me = b.get(&app, "/api/v1/me/").await.json();
    assert_eq!(me["is_authenticated"], false);
    assert_eq!(me["buy_now_login_prompt"], false, "the buy-now login prompt is off unless the operator turns it on");
    assert_eq!(me["image_quality"], 80);

    let bad = b.post(&app, "/api/v1/auth/otp/", json!({"mobile": "5123456789"})).await;
    assert_eq!(bad.assert_error(400)["fields"]["mobile"], "Please enter a valid 10 digit mobile number");
    assert!(app.db.store.recent_messages(5).await.unwrap().is_empty(), "nothing sent for a bad number");

    let sent = b.post(&app, "/api/v1/auth/otp/", json!({"mobile": "9123456789"})).await;
    assert_eq!(sent.status, 200, "{}", sent.text);
    assert_eq!(sent.json()["message"], "OTP sent to ******6789");
    let code = latest_code(&app, "9123456789").await;
    let wrong = if code == "000000" { "111111" } else { "000000" };

    let again = b.post(&app, "/api/v1/auth/otp/", json!({"mobile": "9123456789"})).await;
    assert!(again.assert_error(429)["message"].as_str().unwrap().contains("30 seconds"));

    let r = b.post(&app, "/api/v1/auth/login/", json!({"mobile": "9123456789", "otp": wrong})).await;
    assert_eq!(r.assert_error(400)["message"], "Incorrect OTP. Please check the code and try again.");
    assert!(!b.cookies.contains_key("sessionid"));
    b.post(&app, "/api/v1/auth/login/", json!({"mobile": "9123456789", "otp": "12ab56"})).await.assert_error(400);

    let ok = b.post(&app, "/api/v1/auth/login/", json!({"mobile": "9123456789", "otp": code})).await;
    assert_eq!(ok.status, 200, "{}", ok.text);
    let cookie = ok.headers.get_all("set-cookie").iter().map(|v| v.to_str().unwrap().to_string()).find(|c| c.starts_with("sessionid=")).unwrap();
    assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"), "{cookie}");
    let me = b.get(&app, "/api/v1/me/").await.json();
    assert_eq!(me["is_authenticated"], true);
    assert_eq!(me["user"]["mobile"], "9123456789");

    // A code logs in once.
    let mut other = Browser::new();
    other.post(&app, "/api/v1/auth/login/", json!({"mobile": "9123456789", "otp": code})).await.assert_error(400);

    let out = b.post(&app, "/mobile_logout/", json!({})).await;
    assert_eq!(out.status, 200);
    assert_eq!(b.get(&app, "/api/v1/me/").await.json()["is_authenticated"], false);
}

#[tokio::test]
async fn codes_expire_and_guessing_is_limited() {
    let app = app().await;
    let mut b = Browser::new();
    b.post(&app, "/api/v1/auth/otp/", json!({"mobile": "9123456780"})).await;
    let code = latest_code(&app, "9123456780").await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for _ in 0..5 {
        b.post(&app, "/api/v1/auth/login/", json!({"mobile": "9123456780", "otp": wrong})).await.assert_error(400);
    }
    // The code is burnt after five wrong guesses, even the right one.
    b.post(&app, "/api/v1/auth/login/", json!({"mobile": "9123456780", "otp": code})).await.assert_error(429);

    app.clock.advance(chrono::Duration::minutes(1));
    b.post(&app, "/api/v1/auth/otp/", json!({"mobile": "9123456780"})).await;
    let code = latest_code(&app, "9123456780").await;
    app.clock.advance(chrono::Duration::minutes(11));
    let late = b.post(&app, "/api/v1/auth/login/", json!({"mobile": "9123456780", "otp": code})).await;
    assert_eq!(late.assert_error(400)["message"], "This code has expired. Please ask for a new one.");

    // Five sends an hour to one number.
    let mut sends = 0;
    for _ in 0..8 {
        app.clock.advance(chrono::Duration::seconds(31));
        if b.post(&app, "/api/v1/auth/otp/", json!({"mobile": "9000000123"})).await.status == 200 {
            sends += 1;
        }
    }
    assert_eq!(sends, 5);
}

#[tokio::test]
async fn every_state_changing_route_refuses_a_missing_or_wrong_csrf_token() {
    let app = app().await;
    let mut shopper = Browser::new();
    shopper.login(&app, "9123456781").await;
    let before_messages = app.db.store.recent_messages(100).await.unwrap().len();
    for (method, path) in drape_server::routes::STATE_CHANGING_ROUTES {
        let body = json!({"mobile": "9123456782", "otp": "123456"});
        // No header at all.
        let mut b = shopper.clone();
        b.send_csrf = false;
        let r = b.json(&app, method, path, body.clone()).await;
        assert_eq!(r.assert_error(403)["error"], "csrf_failed", "{method} {path}");
        // A header that does not match the cookie.
        let mut b = shopper.clone();
        b.cookies.insert("csrftoken".into(), "a".repeat(64));
        let mut req = axum::http::Request::builder()
            .method(*method)
            .uri(*path)
            .header("content-type", "application/json")
            .header("cookie", format!("csrftoken={}; sessionid={}", "a".repeat(64), shopper.cookies["sessionid"]))
            .header("X-CSRFToken", "b".repeat(64));
        req = req.header("x-extra", "1");
        let r = b.send(&app, req.body(axum::body::Body::from(body.to_string())).unwrap()).await;
        r.assert_error(403);
    }
    // Nothing changed: no code sent, and the session still works.
    assert_eq!(app.db.store.recent_messages(100).await.unwrap().len(), before_messages);
    assert_eq!(shopper.get(&app, "/api/v1/me/").await.json()["is_authenticated"], true);

    // A form post carries the token in csrfmiddlewaretoken.
    let token = shopper.cookies["csrftoken"].clone();
    let session = shopper.cookies["sessionid"].clone();
    let form = |t: &str| {
        axum::http::Request::post("/mobile_logout/")
            .header("content-type", "application/x-www-form-urlencoded")
            .header("cookie", format!("csrftoken={token}; sessionid={session}"))
            .body(axum::body::Body::from(format!("csrfmiddlewaretoken={t}")))
            .unwrap()
    };
    shopper.clone().send(&app, form("wrong")).await.assert_error(403);
    assert_eq!(shopper.get(&app, "/api/v1/me/").await.json()["is_authenticated"], true);
    let ok = shopper.clone().send(&app, form(&token)).await;
    assert_eq!(ok.status, 200, "{}", ok.text);
    assert_eq!(shopper.get(&app, "/api/v1/me/").await.json()["is_authenticated"], false);
}

#[test]
fn the_csrf_list_names_every_state_changing_route() {
    let src = include_str!("../src/routes.rs");
    let body = src.split("pub fn router").nth(1).unwrap();
    let registered = ["post(", "put(", "patch(", "delete("].iter().map(|m| body.matches(m).count()).sum::<usize>();
    assert_eq!(registered, drape_server::routes::STATE_CHANGING_ROUTES.len() + drape_server::routes::PROVIDER_ROUTES.len());
}

#[tokio::test]
async fn bad_bodies_get_clear_4xx_answers() {
    let app = app().await;
    let mut b = Browser::new();
    b.get(&app, "/healthz").await;
    let token = b.cookies["csrftoken"].clone();
    let send = |ct: &'static str, body: String| {
        axum::http::Request::post("/api/v1/auth/otp/")
            .header("content-type", ct)
            .header("cookie", format!("csrftoken={token}"))
            .header("X-CSRFToken", token.clone())
            .body(axum::body::Body::from(body))
            .unwrap()
    };
    b.send(&app, send("application/json", "{not json".into())).await.assert_error(400);
    b.send(&app, send("application/json", "{\"mobile\": 98}".into())).await.assert_error(400);
    b.send(&app, send("text/plain", "{\"mobile\":\"9123456789\"}".into())).await.assert_error(415);
    b.send(&app, send("application/json", format!("{{\"mobile\":\"{}\"}}", "9".repeat(200_000)))).await.assert_error(413);
    let wrong_method = b.get(&app, "/api/v1/auth/otp/").await;
    wrong_method.assert_error(405);
    assert!(app.db.store.recent_messages(5).await.unwrap().is_empty());
}

#[tokio::test]
async fn guest_cart_joins_the_shoppers_cart_at_login() {
    let app = app().await;
    let p = app.db.store.product_by_slug(BRA).await.unwrap();
    let size = app.db.store.sizes(p.id).await.unwrap().into_iter().find(|s| s.stock > 0).unwrap();
    let guest_token = "c".repeat(64);
    let line = drape_store::carts::CartLine {
        id: 0,
        product_id: p.id,
        size_id: Some(size.id),
        combo1_size_id: None,
        combo2_size_id: None,
        quantity: 2,
        deal_id: None,
    };
    app.db.store.add_to_cart(drape_store::carts::CartOwner::Guest(&guest_token), &line, app.clock_now()).await.unwrap();
    let mut b = Browser::new();
    b.cookies.insert("guestcart".into(), guest_token.clone());
    assert_eq!(b.get(&app, "/cart_dropdown_mobile_ajax/?t=1").await.json()["cart_quantity"], 2);
    let mut stranger = Browser::new();
    assert_eq!(stranger.get(&app, "/cart_dropdown_mobile_ajax/").await.json()["cart_quantity"], 0);
    b.login(&app, "9123456783").await;
    assert!(!b.cookies.contains_key("guestcart"), "guest cookie cleared");
    assert_eq!(b.get(&app, "/cart_dropdown_mobile_ajax/").await.json()["cart_quantity"], 2);
    assert_eq!(b.get(&app, "/api/v1/me/").await.json()["cartCount"], 2);
}

#[tokio::test]
async fn dev_outbox_exists_only_in_demo_mode() {
    let demo = app().await;
    let mut b = Browser::new();
    b.post(&demo, "/api/v1/auth/otp/", json!({"mobile": "9123456784"})).await;
    let j = b.get(&demo, "/dev/outbox").await.json();
    assert!(j["messages"][0]["body"].as_str().unwrap().contains("is your Drape login code"));
    let live = app_with(|c| c.demo = false, false).await;
    Browser::new().get(&live, "/dev/outbox").await.assert_error(404);
}

#[tokio::test]
async fn client_routes_fall_back_to_the_web_app_but_api_paths_never_do() {
    let dir = std::env::temp_dir().join(format!("drape_web_{}", std::process::id()));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>Drape</title><div id=root></div>").unwrap();
    std::fs::write(dir.join("assets/app-abc123.js"), "console.log(1)").unwrap();
    let d = dir.clone();
    let app = app_with(move |c| c.web_dir = d, false).await;
    let mut b = Browser::new();
    for path in ["/", "/product/some-bra", "/view-cart/", "/order/history/?page=2"] {
        // As a browser navigates: /order/history/ answers its data to anything else (tests/orders.rs).
        let req = b.get_request_with(path, &[("accept", "text/html,application/xhtml+xml,*/*;q=0.8")]);
        let r = b.send(&app, req).await;
        assert_eq!(r.status, 200, "{path}");
        assert!(r.text.contains("<div id=root>"), "{path}");
        assert_eq!(r.headers["cache-control"], "no-cache");
    }
    let asset = b.get(&app, "/assets/app-abc123.js").await;
    assert!(asset.headers["cache-control"].to_str().unwrap().contains("immutable"));
    for path in ["/api/v1/nope/", "/web/api/v1/nope/", "/iteminstock/", "/media/nope"] {
        b.get(&app, path).await.assert_error(404);
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// A product page's HTML preloads what the app will ask first and shows the first image in the
/// app's skeleton, so the largest paint does not wait for the script (issue 14).
#[tokio::test]
async fn a_product_page_preloads_its_data_and_shows_its_first_image() {
    let index = "<!doctype html><html><head><title>Drape</title></head><body><div id=\"root\"><main id=\"main\" class=\"page\" tabindex=\"-1\"></main></div></body></html>";
    let (app, dir) = app_serving_index("drape_web_pdp", index).await;
    let p = app.db.store.product_by_slug("everyday-padded-t-shirt-bra-black").await.unwrap();
    let mut b = Browser::new();
    // A first visit: the page drawn whole, its inline styles (the timer's colours, the swatches')
    // allowed by their hashes and nothing else.
    for path in ["/product/everyday-padded-t-shirt-bra-black/", "/product/everyday-padded-t-shirt-bra-black"] {
        let r = b.get(&app, path).await;
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(r.headers["vary"], "cookie", "{path}");
        assert!(r.text.contains(r#"<div id="root" data-drawn="" data-drawn-at=""#), "{path}: {}", r.text);
        assert!(r.text.contains(r#"<article class="pdp" data-testid="product" data-product-slug="everyday-padded-t-shirt-bra-black""#));
        assert!(r.text.contains(r#"<h1 class="pdp__name">Everyday Padded T-Shirt Bra</h1>"#) && r.text.contains(r#"data-testid="buy-bar""#));
        assert!(!r.text.contains("product-first-paint"));
        let policy = r.headers["content-security-policy"].to_str().unwrap();
        let styles: Vec<&str> = r.text.split(" style=\"").skip(1).map(|s| &s[..s.find('"').unwrap()]).collect();
        assert!(styles.contains(&"transform:translateX(-0%)") && styles.len() > 1, "{styles:?}");
        for style in &styles {
            use base64::Engine as _;
            use sha2::Digest as _;
            let hash = base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(style.as_bytes()));
            assert!(policy.contains(&format!("'sha256-{hash}'")), "{style}: {policy}");
        }
        assert!(
            policy.starts_with("default-src 'self'; script-src 'self' https://checkout.razorpay.com; style-src 'self' 'unsafe-hashes' 'sha256-"),
            "{policy}"
        );
        assert!(policy.ends_with("frame-ancestors 'none'"), "{policy}");
    }
    // Any other page keeps the shop's policy as it is.
    let r = b.get(&app, "/web/api/v1/product-mobile/everyday-padded-t-shirt-bra-black/").await;
    assert!(r.headers["content-security-policy"].to_str().unwrap().contains("style-src 'self';"));
    // A visitor with a bag (the page would show their cart's stake): the skeleton with the image.
    put_one_in_the_bag(&app, &mut b).await;
    for path in ["/product/everyday-padded-t-shirt-bra-black/", "/product/everyday-padded-t-shirt-bra-black"] {
        let r = b.get(&app, path).await;
        assert!(!r.text.contains("data-drawn"), "{path}");
        assert!(r.headers["content-security-policy"].to_str().unwrap().contains("style-src 'self';"));
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(r.headers["content-type"], "text/html; charset=utf-8");
        assert_eq!(r.headers["cache-control"], "no-cache");
        let head = &r.text[..r.text.find("</head>").unwrap()];
        for href in [
            "/web/api/v1/product-mobile/everyday-padded-t-shirt-bra-black/".to_string(),
            "/web/api/v1/product/everyday-padded-t-shirt-bra-black/timer/s/".to_string(),
            "/web/api/v1/product/everyday-padded-t-shirt-bra-black/sizes/s/".to_string(),
            format!("/bp_pp_product_details_page/?product_id={}", p.id),
        ] {
            assert!(head.contains(&format!(r#"<link rel="preload" as="fetch" href="{href}" crossorigin="anonymous">"#)), "{href}: {head}");
        }
        // The very set the app's gallery offers (web/src/shared/lib/images.test.ts checks the app's side).
        let set = "/media/products/BR1001-BLK/1.svg?w=360&amp;q=80 360w, /media/products/BR1001-BLK/1.svg?w=540&amp;q=80 540w, \
                   /media/products/BR1001-BLK/1.svg?w=720&amp;q=80 720w, /media/products/BR1001-BLK/1.svg?w=1080&amp;q=80 1080w, \
                   /media/products/BR1001-BLK/1.svg?w=1440&amp;q=80 1440w";
        assert!(head.contains(&format!(r#"imagesrcset="{set}" imagesizes="(min-width: 900px) 50vw, 100vw""#)), "{head}");
        let main = &r.text[r.text.find("<main").unwrap()..];
        assert!(main.contains(&format!(r#"srcset="{set}" sizes="(min-width: 900px) 50vw, 100vw" alt="Everyday Padded T-Shirt Bra""#)), "{main}");
        assert!(main.contains(r#"data-testid="product-first-paint""#));
        assert!(main.contains(r#"<h1 class="pdp__name">Everyday Padded T-Shirt Bra</h1>"#), "{main}");
    }
    // No product there, or a path no product could have: the app as it is, nothing preloaded.
    for path in ["/product/no-such-bra/", "/product/Not%20A%20Slug/", "/product/a/b/"] {
        let r = b.get(&app, path).await;
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(r.text, index, "{path}");
    }
    // A name in the gallery or the product is written as text, never as markup.
    sqlx::query("UPDATE products SET name = $1 WHERE id = $2").bind("Bra \"<b>bold</b>\"").bind(p.id).execute(app.db.any_pool()).await.unwrap();
    let r = b.get(&app, "/product/everyday-padded-t-shirt-bra-black/").await;
    assert!(r.text.contains(r#"alt="Bra &quot;&lt;b&gt;bold&lt;/b&gt;&quot;""#), "{}", r.text);
    let r = Browser::new().get(&app, "/product/everyday-padded-t-shirt-bra-black/").await;
    assert!(r.text.contains(r#"<h1 class="pdp__name">Bra &quot;&lt;b&gt;bold&lt;/b&gt;&quot;</h1>"#), "drawn whole: {}", r.text);
    // A shopper's page is theirs (the wishlist's heart, their fit): the app draws it.
    let mut shopper = Browser::new();
    shopper.login(&app, "9812312397").await;
    let r = shopper.get(&app, "/product/everyday-padded-t-shirt-bra-black/").await;
    assert!(!r.text.contains("data-drawn") && r.text.contains("product-first-paint"), "{}", r.text);
    let _ = std::fs::remove_dir_all(dir);
}

/// A page the server draws (home, a category's page, a product's page, the cart) names itself in its
/// `<title>` as the app will, so a visitor without JavaScript, a crawler and a shared link's preview
/// read "Bras · Drape" rather than index.html's "Drape"; the app then keeps that very title.
#[tokio::test]
async fn pages_the_server_draws_carry_their_own_title() {
    let index = "<!doctype html><html><head><meta charset=\"UTF-8\" /><title>Drape</title></head><body>\n<div id=\"root\"><main id=\"main\" class=\"page\" tabindex=\"-1\"></main></div>\n</body></html>";
    let (app, dir) = app_serving_index("drape_web_titles", index).await;
    let title_of = |html: &str| html[html.find("<title>").unwrap() + 7..html.find("</title>").unwrap()].to_string();
    let p = app.db.store.product_by_slug("everyday-padded-t-shirt-bra-black").await.unwrap();
    let mut guest = Browser::new();
    let menu = guest.get(&app, "/api/v2/main-menu-msite/").await.json();
    let bras = menu["categories"].as_array().unwrap().iter().find(|c| c["slug"] == "bras").unwrap().clone();
    let child = &bras["children"][0];
    let pages = [
        ("/".to_string(), "Drape · Lingerie, nightwear and more".to_string()),
        ("/bras/".to_string(), format!("{} · Drape", bras["name"].as_str().unwrap())),
        (format!("/{}/", child["slug"].as_str().unwrap()), format!("{} · Drape", child["name"].as_str().unwrap())),
        ("/product/everyday-padded-t-shirt-bra-black/".to_string(), "Everyday Padded T-Shirt Bra in Black | Drape".to_string()),
        ("/view-cart/".to_string(), "Your cart · Drape".to_string()),
    ];
    // A first visit (drawn whole), a guest with a cart and a shopper (the loading pages) alike.
    let mut shopper = Browser::new();
    shopper.login(&app, "9812312397").await;
    for (path, title) in &pages {
        let r = guest.get(&app, path).await;
        assert_eq!(title_of(&r.text), *title, "{path}");
        assert_eq!(r.text.matches("<title>").count(), 1, "{path}");
        assert_eq!(title_of(&shopper.get(&app, path).await.text), *title, "{path}, logged in");
    }
    put_one_in_the_bag(&app, &mut guest).await;
    for (path, title) in &pages {
        assert_eq!(title_of(&guest.get(&app, path).await.text), *title, "{path}, with a cart");
    }
    // The product's own title (the seed's, above), or its name; written as text, never as markup.
    let product = guest.get(&app, "/web/api/v1/product-mobile/everyday-padded-t-shirt-bra-black/").await.json();
    assert_eq!(product["get_meta_title"], "Everyday Padded T-Shirt Bra in Black | Drape");
    for (meta, title) in [("Padded <T-shirt> bra & more", "Padded &lt;T-shirt&gt; bra &amp; more"), ("", "Everyday Padded T-Shirt Bra · Drape")] {
        sqlx::query("UPDATE products SET meta_title = $1 WHERE id = $2").bind(meta).bind(p.id).execute(app.db.any_pool()).await.unwrap();
        let r = guest.get(&app, "/product/everyday-padded-t-shirt-bra-black/").await;
        assert_eq!(title_of(&r.text), title);
    }
    // Pages the server does not draw keep index.html's title for the app to set; a category deeper
    // than the menu goes is "not found" in the app, so it gets neither a title nor its products.
    sqlx::query("INSERT INTO categories (id, name, slug, parent_id, position) VALUES ($1, $2, $3, $4, $5)")
        .bind(9_999_i64)
        .bind("Deep Bras")
        .bind("deep-bras")
        .bind(child["id"].as_i64().unwrap())
        .bind(0_i64)
        .execute(app.db.any_pool())
        .await
        .unwrap();
    // (the shop knows it: the listing answers for it, as it does not for a slug no category has)
    assert_eq!(guest.get(&app, "/web/api/v1/products/?category_slug=deep-bras").await.status, 200);
    assert_eq!(guest.get(&app, "/web/api/v1/products/?category_slug=no-such-bras").await.status, 404);
    for path in ["/product/no-such-bra/", "/login/", "/login/?next=/bras/", "/deep-bras/", "/deep-bras/?page=2"] {
        assert_eq!(guest.get(&app, path).await.text, index, "{path}");
    }
    // The app's own pages of home and a category (filters, later pages, a shared link's tracking)
    // carry the name too.
    for (path, title) in [("/?utm_source=whatsapp", &pages[0].1), ("/bras/?page=2", &pages[1].1), ("/bras/?fbclid=x1", &pages[1].1)] {
        let r = guest.get(&app, path).await;
        assert_eq!(r.text, index.replace("<title>Drape</title>", &format!("<title>{title}</title>")), "{path}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// Home (for a visitor with a session or a cart: a first visit gets it drawn whole, below) and a
/// category's page preload the products the app shows first, asked exactly as the app asks, and
/// already show the page as the app draws it while they load, with the first cards' images in (issue
/// 14's largest paint); other pages, and a listing with filters, get the app as it is.
#[tokio::test]
async fn home_and_category_pages_preload_their_first_products_and_show_their_images() {
    let index = "<!doctype html><html><head><meta charset=\"UTF-8\" /><title>Drape</title></head><body><div id=\"root\"><main id=\"main\" class=\"page\" tabindex=\"-1\"></main></div></body></html>";
    let (app, dir) = app_serving_index("drape_web_listing", index).await;
    let mut b = Browser::new();
    b.login(&app, "9812312399").await;
    let web = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/first-paint/");
    for (path, data, loading) in [("/", "/web/api/v1/products/?page=1", "home.html"), ("/bras/", "/web/api/v1/products/?category_slug=bras", "listing.html")] {
        let r = b.get(&app, path).await;
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(r.headers["content-type"], "text/html; charset=utf-8");
        assert_eq!(r.headers["cache-control"], "no-cache");
        let preload = format!(r#"<meta charset="UTF-8" /><link rel="preload" as="fetch" href="{data}" crossorigin="anonymous"><title>"#);
        assert!(r.text.contains(&preload), "{path}: {}", r.text);
        // and the products are there to be had, for a shopper with no cookie at all
        let listing = Browser::new().get(&app, data).await;
        assert_eq!(listing.status, 200, "{data}");
        let products = listing.json()["products"].as_array().unwrap().clone();
        assert!(products.len() >= 4, "{data}");
        // The page as the app draws it loading, the first four cards with their products' images, in order.
        let main = &r.text[r.text.find("<main").unwrap()..r.text.find("</main>").unwrap()];
        let file = std::fs::read_to_string(format!("{web}{loading}")).unwrap();
        let empty = r#"<div class="card__media skeleton"></div>"#;
        assert_eq!(file.matches(empty).count(), 6, "{loading}");
        assert_eq!(main.matches(empty).count(), 2, "{path}: two cards left without an image");
        let (before, _) = file.split_once(empty).unwrap();
        assert!(main.contains(before), "{path}: the page up to the first card is the file's");
        for p in &products[..4] {
            let img = p["img"].as_str().unwrap();
            let name = p["name"].as_str().unwrap();
            let set: Vec<String> = [180, 270, 360, 540, 720].iter().map(|w| format!("{img}?w={w}&amp;q=80 {w}w")).collect();
            let card = format!(
                r#"<div class="card__media"><img src="{img}?w=360&amp;q=80" srcset="{}" sizes="(min-width: 1024px) min(25vw, 300px), (min-width: 720px) 33vw, 50vw" alt="{name}" width="300" height="400" decoding="async"></div>"#,
                set.join(", ")
            );
            assert!(main.contains(&card), "{path}: {card}\n{main}");
        }
        let at = |p: &serde_json::Value| main.find(p["img"].as_str().unwrap()).unwrap();
        assert!(at(&products[0]) < at(&products[1]) && at(&products[1]) < at(&products[2]) && at(&products[2]) < at(&products[3]));
        assert!(!main.contains(products[4]["img"].as_str().unwrap()), "only the first four");
    }
    // Filters are the app's to draw (under the page's own title: pages_the_server_draws_carry_their_own_title).
    for (path, title) in [("/bras/?size=34B", "Bras · Drape"), ("/?category=3", "Drape · Lingerie, nightwear and more")] {
        let r = b.get(&app, path).await;
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(r.text, index.replace("<title>Drape</title>", &format!("<title>{title}</title>")), "{path}");
    }
    for path in ["/no-such-category/", "/bras", "/Bras/"] {
        let r = b.get(&app, path).await;
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(r.text, index, "{path}");
    }
    // Other shops' address for the bag leads to Drape's, not to "Category not found".
    for (path, to) in [("/cart/", "/view-cart/"), ("/cart", "/view-cart/"), ("/cart/?utm_source=mail", "/view-cart/?utm_source=mail")] {
        let r = b.get(&app, path).await;
        assert_eq!((r.status, r.headers.get("location").map(|l| l.to_str().unwrap())), (axum::http::StatusCode::TEMPORARY_REDIRECT, Some(to)), "{path}");
    }
    // unless the shop has a category by that name
    sqlx::query("UPDATE categories SET slug = 'cart' WHERE slug = 'bras'").execute(app.db.any_pool()).await.unwrap();
    let r = b.get(&app, "/cart/").await;
    assert_eq!(r.status, 200);
    assert!(r.text.contains(r#"href="/web/api/v1/products/?category_slug=cart""#), "the category's page: {}", r.text);
    let _ = std::fs::remove_dir_all(dir);
}

/// A bra in stock put in `b`'s bag: a visitor who is no longer on a first visit.
async fn put_one_in_the_bag(app: &TestApp, b: &mut Browser) {
    let p = app.db.store.product_by_slug("everyday-padded-t-shirt-bra-black").await.unwrap();
    let size = app.db.store.sizes(p.id).await.unwrap().into_iter().find(|s| s.stock > 0).unwrap();
    assert_eq!(b.post(app, "/api/v3/cart-items/", serde_json::json!({"product": p.id, "quantity": 1, "size": size.value})).await.status, 200);
}

/// A first visit to home (no session, no cart) gets the page drawn whole (crates/server/src/drawn.rs)
/// from the very answers the app then reads, its root marked for the app to hydrate, the frame's
/// whitespace between tags gone; a shopper, or a guest with a cart, gets the loading page.
#[tokio::test]
async fn a_first_visit_to_home_is_drawn_whole() {
    let index = "<!doctype html><html><head><meta charset=\"UTF-8\" /><title>Drape</title></head><body>\n<div id=\"root\">\n  <div class=\"shell\">\n    <header class=\"site-header\"><a href=\"/\">Drape</a></header>\n    <main id=\"main\" class=\"page\" tabindex=\"-1\"></main>\n  </div>\n</div>\n</body></html>";
    let (app, dir) = app_serving_index("drape_web_drawn", index).await;
    // A name with markup in it is written as text.
    let first = Browser::new().get(&app, "/web/api/v1/products/?page=1").await.json()["products"][0]["id"].as_i64().unwrap();
    sqlx::query("UPDATE products SET name = $1 WHERE id = $2").bind("Bra \"<b>bold</b>\" & 'more'").bind(first).execute(app.db.any_pool()).await.unwrap();
    let mut guest = Browser::new();
    let r = guest.get(&app, "/").await;
    assert_eq!(r.status, 200);
    assert_eq!(r.headers["content-type"], "text/html; charset=utf-8");
    assert_eq!(r.headers["cache-control"], "no-cache");
    assert_eq!(r.headers["vary"], "cookie");
    // The products are in the page (a_page_drawn_whole_carries_the_answers_it_was_drawn_from), not preloaded.
    assert!(r.text.contains(r#"<meta charset="UTF-8" /><title>"#), "{}", r.text);
    let root = r##"<body>
<div id="root" data-drawn=""><div class="shell"><a href="#main" class="skip-link">Skip to content</a><header class="site-header">"##;
    assert!(r.text.contains(root), "{}", r.text);
    assert!(r.text.contains(r#"<main id="main" class="page" tabindex="-1"><!--$--><div class="home">"#), "{}", r.text);
    assert!(!r.text.contains("<a href=\"/\">Drape</a>"), "index.html's frame is replaced: {}", r.text);
    assert!(
        r.text.contains("<div class=\"toast-region toast-region--bottom-center\"></div></div>\n<script type=\"application/json\" id=\"drawn-answers\">"),
        "{}",
        r.text
    );
    assert!(r.text.ends_with("}</script>\n</body></html>"), "{}", r.text);
    let main = &r.text[r.text.find("<main").unwrap()..r.text.find("</main>").unwrap()];
    // The first six cards of the page the app reads, in order, and no more; the menu's chips; the footer.
    let products = guest.get(&app, "/web/api/v1/products/?page=1").await.json()["products"].as_array().unwrap().clone();
    assert_eq!(products[0]["name"], "Bra \"<b>bold</b>\" & 'more'");
    assert!(main.contains(r#"<h3 class="card__name">Bra &quot;&lt;b&gt;bold&lt;/b&gt;&quot; &amp; &#x27;more&#x27;</h3>"#), "{main}");
    assert_eq!(main.matches(r#"data-testid="product-card""#).count(), 6);
    let at = |p: &serde_json::Value| main.find(&format!(r#"href="/product/{}""#, p["slug"].as_str().unwrap()));
    let places: Vec<usize> = products[..6].iter().map(|p| at(p).expect("drawn")).collect();
    assert!(places.windows(2).all(|w| w[0] < w[1]), "in the page's order");
    assert!(at(&products[6]).is_none(), "only the first six");
    let menu = guest.get(&app, "/api/v2/main-menu-msite/").await.json();
    for c in menu["categories"].as_array().unwrap() {
        assert!(main.contains(&format!(r#"<a class="chip" href="/?category={}" data-discover="true">"#, c["id"])), "{c}");
    }
    assert!(r.text.contains(r#"<footer class="site-footer">"#));
    // The design of the month, when this month has one, as the app asks for it.
    let month = app.clock_now().format("%B-%Y").to_string().to_lowercase();
    let featured = guest.get(&app, &format!("/web/api/v1/featured/bra/{month}/")).await;
    assert_eq!(main.contains(r#"class="featured-promo""#), featured.status == 200, "{}", featured.text);
    // A guest with a cart, and a shopper: the loading page, for the app to draw.
    put_one_in_the_bag(&app, &mut guest).await;
    let mut shopper = Browser::new();
    shopper.login(&app, "9812312398").await;
    for who in [&mut guest, &mut shopper] {
        let r = who.get(&app, "/").await;
        assert_eq!(r.status, 200);
        assert_eq!(r.headers["vary"], "cookie");
        assert!(!r.text.contains("data-drawn") && !r.text.contains("product-card"), "{}", r.text);
        assert!(r.text.contains(r#"<div class="card__media skeleton"></div>"#), "the loading page: {}", r.text);
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// A first visit to a category's page (no session, no cart, no filter) gets it drawn whole as home is:
/// the breadcrumb, the title, the sub-categories' chips, the toolbar and the first six cards of the
/// very answer the app reads; a guest with a cart or a shopper gets the loading page.
#[tokio::test]
async fn a_first_visit_to_a_category_page_is_drawn_whole() {
    let index = "<!doctype html><html><head><meta charset=\"UTF-8\" /><title>Drape</title></head><body>\n<div id=\"root\"><main id=\"main\" class=\"page\" tabindex=\"-1\"></main></div>\n</body></html>";
    let (app, dir) = app_serving_index("drape_web_drawn_category", index).await;
    let mut guest = Browser::new();
    let menu = guest.get(&app, "/api/v2/main-menu-msite/").await.json();
    let bras = menu["categories"].as_array().unwrap().iter().find(|c| c["slug"] == "bras").unwrap().clone();
    let child = bras["children"][0].clone();
    for (path, category, parent) in [("/bras/", &bras, None), (&*format!("/{}/", child["slug"].as_str().unwrap()), &child, Some(&bras))] {
        let r = guest.get(&app, path).await;
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(r.headers["vary"], "cookie");
        assert!(r.text.contains(r#"<div id="root" data-drawn=""><div class="shell">"#), "{path}: {}", r.text);
        let main = &r.text[r.text.find("<main").unwrap()..r.text.find("</main>").unwrap()];
        let name = category["name"].as_str().unwrap();
        assert!(main.contains(&format!(r#"<h1 class="listing__title">{name}</h1>"#)), "{main}");
        if let Some(parent) = parent {
            assert!(main.contains(&format!(r#"<a href="/bras/" data-discover="true">{}</a>"#, parent["name"].as_str().unwrap())), "{main}");
        }
        for c in bras["children"].as_array().unwrap() {
            assert!(main.contains(&format!(r#"href="/{}/" data-discover="true">"#, c["slug"].as_str().unwrap())), "{path}: chip {c}");
        }
        let slug = category["slug"].as_str().unwrap();
        let listing = guest.get(&app, &format!("/web/api/v1/products/?category_slug={slug}")).await.json();
        let products = listing["products"].as_array().unwrap();
        assert_eq!(main.matches(r#"data-testid="product-card""#).count(), 6.min(products.len()), "{path}");
        let places: Vec<usize> =
            products.iter().take(6).map(|p| main.find(&format!(r#"href="/product/{}""#, p["slug"].as_str().unwrap())).expect("drawn")).collect();
        assert!(places.windows(2).all(|w| w[0] < w[1]), "{path}: in the answer's order");
        assert!(main.contains(&format!(r#"data-testid="listing-count">{}<!-- --> <!-- -->products"#, listing["total"])), "{main}");
    }
    // Filters and later pages are the app's to draw (under the page's name).
    let titled = index.replace("<title>Drape</title>", &format!("<title>{} · Drape</title>", bras["name"].as_str().unwrap()));
    for path in ["/bras/?page=2", "/bras/?size=34B"] {
        assert_eq!(guest.get(&app, path).await.text, titled, "{path}");
    }
    // A guest with a cart, and a shopper: the loading page.
    put_one_in_the_bag(&app, &mut guest).await;
    let mut shopper = Browser::new();
    shopper.login(&app, "9812312397").await;
    for who in [&mut guest, &mut shopper] {
        let r = who.get(&app, "/bras/").await;
        assert_eq!(r.headers["vary"], "cookie");
        assert!(!r.text.contains("data-drawn") && r.text.contains(r#"<div class="card__media skeleton"></div>"#), "{}", r.text);
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// A page drawn whole carries the answers it was drawn from (the app's first requests are answered
/// from them, so hydration waits for no network and cannot meet newer data than the page shows),
/// each exactly what its endpoint answers the same visitor, and preloads none of them; a product's
/// name that would end the script is written escaped and read back whole.
#[tokio::test]
async fn a_page_drawn_whole_carries_the_answers_it_was_drawn_from() {
    let index = "<!doctype html><html><head><meta charset=\"UTF-8\" /><title>Drape</title><script type=\"module\" src=\"/assets/app.js\"></script></head><body>\n<div id=\"root\"><main id=\"main\" class=\"page\" tabindex=\"-1\"></main></div>\n</body></html>";
    let (app, dir) = app_serving_index("drape_web_drawn_answers", index).await;
    let p = app.db.store.product_by_slug(BRA).await.unwrap();
    let name = "Bra </script><script>alert(1)</script> <!-- & more";
    sqlx::query("UPDATE products SET name = $1 WHERE id = $2").bind(name).bind(p.id).execute(app.db.any_pool()).await.unwrap();
    let month = app.clock_now().format("%B-%Y").to_string().to_lowercase();
    let mut guest = Browser::new();
    let pages = [
        ("/".to_string(), vec!["/web/api/v1/products/?page=1".to_string(), format!("/web/api/v1/featured/bra/{month}/")]),
        ("/bras/".to_string(), vec!["/web/api/v1/products/?category_slug=bras".to_string()]),
        (
            format!("/product/{BRA}/"),
            vec![
                format!("/web/api/v1/product-mobile/{BRA}/"),
                format!("/web/api/v1/product/{BRA}/timer/s/"),
                format!("/web/api/v1/product/{BRA}/sizes/s/"),
                format!("/bp_pp_product_details_page/?product_id={}", p.id),
            ],
        ),
    ];
    for (path, own) in &pages {
        let r = guest.get(&app, path).await;
        assert!(r.text.contains("data-drawn=\"\""), "{path} is drawn whole: {}", r.text);
        let answers = drawn_answers(&r.text);
        let mut urls: Vec<&String> = answers.keys().collect();
        urls.sort();
        let mut wanted: Vec<String> = own.iter().cloned().chain(["/api/v1/me/".to_string(), "/api/v2/main-menu-msite/".to_string()]).collect();
        wanted.sort();
        assert_eq!(urls, wanted.iter().collect::<Vec<_>>(), "{path}");
        for (url, answer) in &answers {
            let asked = guest.get(&app, url).await;
            assert_eq!(asked.status, 200, "{path}: {url}");
            assert_eq!(*answer, asked.json(), "{path}: {url} as its endpoint answers it");
            assert!(!r.text.contains(&format!(r#"rel="preload" as="fetch" href="{url}""#)), "{path}: {url} is not fetched as well");
        }
        // after the root (the app's script, a module, runs once the document is read)
        assert!(r.text.find("<div id=\"root\"").unwrap() < r.text.find("id=\"drawn-answers\"").unwrap(), "{path}");
        assert!(r.text.ends_with("}</script>\n</body></html>"), "{path}");
        assert!(!r.text.contains("<script>alert(1)"), "{path}");
    }
    let product = drawn_answers(&guest.get(&app, &format!("/product/{BRA}/")).await.text);
    assert_eq!(product[&format!("/web/api/v1/product-mobile/{BRA}/")]["name"], name);
    // A page that is not drawn whole carries none.
    put_one_in_the_bag(&app, &mut guest).await;
    for (path, _) in &pages {
        assert!(!guest.get(&app, path).await.text.contains("drawn-answers"), "{path}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// The cart page of a visitor with no cart already shows the empty cart (the app's own markup,
/// web/first-paint/cart-empty.html) and preloads the cart id the app asks for first (issue 14's
/// largest paint); a visitor with a cart, or logged in, gets the app as it is.
#[tokio::test]
async fn the_cart_page_of_a_visitor_with_no_cart_shows_the_empty_cart() {
    let index = "<!doctype html><html><head><meta charset=\"UTF-8\" /><title>Drape</title></head><body><div id=\"root\"><main id=\"main\" class=\"page\" tabindex=\"-1\"></main></div></body></html>";
    let (app, dir) = app_serving_index("drape_web_cart", index).await;
    let panel = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/first-paint/cart-empty.html")).unwrap();
    assert!(panel.contains("Your cart is empty"));
    let mut guest = Browser::new();
    for path in ["/view-cart/", "/view-cart/?utm_source=mail"] {
        let r = guest.get(&app, path).await;
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(r.headers["content-type"], "text/html; charset=utf-8");
        assert_eq!(r.headers["cache-control"], "no-cache");
        assert_eq!(r.headers["vary"], "cookie");
        assert!(
            r.text.contains(r#"<meta charset="UTF-8" /><link rel="preload" as="fetch" href="/get/view-cart-info/" crossorigin="anonymous"><title>"#),
            "{}",
            r.text
        );
        assert!(r.text.contains(&format!(r#"<main id="main" class="page" tabindex="-1">{panel}</main>"#)), "{}", r.text);
        // and the app, asking, hears the same: no cart
        assert_eq!(guest.get(&app, "/get/view-cart-info/").await.json()["cart_id"], serde_json::Value::Null);
    }
    // A guest with a cart: the app draws it.
    put_one_in_the_bag(&app, &mut guest).await;
    // A new guest's token: 75 hex digits, the first 11 the millisecond it was made (drape_store::auth).
    let token = &guest.cookies["guestcart"];
    assert!(token.len() == 75 && token.bytes().all(|b| b.is_ascii_hexdigit()), "{token}");
    let r = guest.get(&app, "/view-cart/").await;
    assert_eq!(r.status, 200);
    assert_eq!(r.text, index.replace("<title>Drape</title>", "<title>Your cart · Drape</title>"));
    // A guest cookie naming no cart is no cart.
    let mut stale = Browser::new();
    stale.cookies.insert("guestcart".into(), "0".repeat(64));
    assert!(stale.get(&app, "/view-cart/").await.text.contains("Your cart is empty"));
    // Logged in, with or without a cart: the app draws it (its panel differs: a link to the wishlist).
    let mut shopper = Browser::new();
    shopper.login(&app, "9812312312").await;
    let r = shopper.get(&app, "/view-cart/").await;
    assert_eq!(r.status, 200);
    assert_eq!(r.text, index.replace("<title>Drape</title>", "<title>Your cart · Drape</title>"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn openapi_document_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/openapi.json");
    let doc = drape_server::openapi::document();
    if std::env::var("UPDATE_OPENAPI").is_ok() {
        std::fs::write(path, &doc).unwrap();
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(committed == doc, "docs/openapi.json is stale: run `make openapi`");
}

#[tokio::test]
async fn the_buy_now_login_prompt_is_an_operator_setting() {
    let app = app_with(|c| c.buy_now_login_prompt = true, false).await;
    assert_eq!(Browser::new().get(&app, "/api/v1/me/").await.json()["buy_now_login_prompt"], true);
}

/// Kept answers are compressed once and sent in the encoding the browser takes: Brotli, else gzip,
/// else plain; the bytes unpack to the plain answer, for a guest and for a logged-in shopper (whose
/// answer is their own), and a 304 carries no encoding.
#[tokio::test]
async fn kept_answers_come_in_the_encoding_the_browser_takes() {
    use axum::http::header::{CONTENT_ENCODING, ETAG, VARY};
    use http_body_util::BodyExt;
    use std::io::Read;
    use tower::ServiceExt;
    let app = app().await;
    let mut shopper = Browser::new();
    shopper.login(&app, drape_store::seed::DEMO_SHOPPER_MOBILE).await;
    let path = "/web/api/v1/product-mobile/everyday-padded-t-shirt-bra-black/";
    for (who, b) in [("guest", Browser::new()), ("shopper", shopper)] {
        let plain = b.get_request(path);
        let plain = app.router.clone().oneshot(plain).await.unwrap();
        assert!(plain.headers().get(CONTENT_ENCODING).is_none(), "{who}");
        assert_eq!(plain.headers()[VARY], "accept-encoding", "{who}");
        let tag = plain.headers()[ETAG].clone();
        let plain = plain.into_body().collect().await.unwrap().to_bytes();
        assert!(plain.starts_with(b"{\"id\":"), "{who}");
        for (accepts, sent) in [("gzip, deflate, br, zstd", "br"), ("gzip", "gzip"), ("br;q=0, gzip", "gzip"), ("*", "br")] {
            for _ in 0..2 {
                let req = b.get_request_with(path, &[("accept-encoding", accepts)]);
                let res = app.router.clone().oneshot(req).await.unwrap();
                assert_eq!(res.status(), 200, "{who} {accepts}");
                assert_eq!(res.headers()[CONTENT_ENCODING], sent, "{who} {accepts}");
                assert_eq!(res.headers()[ETAG], tag, "{who} {accepts}: one weak tag for every encoding");
                // Bytes compressed before, not streamed through the compression layer.
                assert!(axum::body::HttpBody::size_hint(res.body()).exact().is_some(), "{who} {accepts}");
                let packed = res.into_body().collect().await.unwrap().to_bytes();
                let mut unpacked = Vec::new();
                if sent == "br" {
                    brotli::Decompressor::new(&packed[..], 4096).read_to_end(&mut unpacked).unwrap();
                } else {
                    flate2::read::GzDecoder::new(&packed[..]).read_to_end(&mut unpacked).unwrap();
                }
                assert_eq!(unpacked, plain, "{who} {accepts}");
                assert!(packed.len() < plain.len() / 2, "{who} {accepts}: {} of {} bytes", packed.len(), plain.len());
            }
        }
        let req = b.get_request_with(path, &[("accept-encoding", "br"), ("if-none-match", tag.to_str().unwrap())]);
        let same = app.router.clone().oneshot(req).await.unwrap();
        assert_eq!(same.status(), 304, "{who}");
        assert!(same.headers().get(CONTENT_ENCODING).is_none(), "{who}");
        assert!(same.into_body().collect().await.unwrap().to_bytes().is_empty(), "{who}");
    }
    // A count of a digit or two is sent plain: compressed, it would be larger.
    let product = Browser::new().get(&app, path).await.json();
    let size = product["sizes"][0]["value"].as_str().map(str::to_string).unwrap_or_else(|| "34B".into());
    let req = Browser::new().get_request_with(&format!("/iteminstock/{}/{size}/", product["id"]), &[("accept-encoding", "br, gzip")]);
    let stock = app.router.clone().oneshot(req).await.unwrap();
    assert_eq!(stock.status(), 200);
    assert!(stock.headers().get(CONTENT_ENCODING).is_none());
    assert!(stock.into_body().collect().await.unwrap().to_bytes().len() < 32);
}

/// The shop's pages (their HTML is drawn for each request) come in the encoding the browser takes,
/// compressed whole by the server at a quality made for one response rather than streamed through
/// the compression layer (whose Brotli took 1.2 ms of a product page's 21 KB), and unpack to the
/// plain page.
#[tokio::test]
async fn pages_come_in_the_encoding_the_browser_takes() {
    use axum::http::header::{CONTENT_ENCODING, VARY};
    use http_body_util::BodyExt;
    use std::io::Read;
    use tower::ServiceExt;
    let index = "<!doctype html><html><head><title>Drape</title></head><body><div id=\"root\"><main id=\"main\" class=\"page\" tabindex=\"-1\"></main></div></body></html>";
    let (app, dir) = app_serving_index("drape_web_packed", index).await;
    let b = Browser::new();
    for path in ["/", "/bras/", "/product/everyday-padded-t-shirt-bra-black/", "/view-cart/"] {
        let plain = app.router.clone().oneshot(b.get_request(path)).await.unwrap();
        assert_eq!(plain.status(), 200, "{path}");
        assert!(plain.headers().get(CONTENT_ENCODING).is_none(), "{path}");
        assert!(plain.headers().get_all(VARY).iter().any(|v| v == "accept-encoding"), "{path}");
        let plain = plain.into_body().collect().await.unwrap().to_bytes();
        assert!(plain.starts_with(b"<!doctype html>"), "{path}");
        for (accepts, sent) in [("gzip, deflate, br, zstd", "br"), ("gzip", "gzip"), ("br;q=0, gzip", "gzip")] {
            let res = app.router.clone().oneshot(b.get_request_with(path, &[("accept-encoding", accepts)])).await.unwrap();
            assert_eq!(res.status(), 200, "{path} {accepts}");
            assert_eq!(res.headers()[CONTENT_ENCODING], sent, "{path} {accepts}");
            assert!(axum::body::HttpBody::size_hint(res.body()).exact().is_some(), "{path} {accepts}: compressed whole, not streamed");
            let packed = res.into_body().collect().await.unwrap().to_bytes();
            let mut unpacked = Vec::new();
            if sent == "br" {
                brotli::Decompressor::new(&packed[..], 4096).read_to_end(&mut unpacked).unwrap();
            } else {
                flate2::read::GzDecoder::new(&packed[..]).read_to_end(&mut unpacked).unwrap();
            }
            assert_eq!(unpacked, plain, "{path} {accepts}");
            assert!(packed.len() < plain.len(), "{path} {accepts}: {} of {} bytes", packed.len(), plain.len());
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn catalog_answers_and_media_carry_a_tag_and_answer_304_while_unchanged() {
    use axum::http::header::ETAG;
    let app = app().await;
    let mut b = Browser::new();
    let path = "/web/api/v1/product-mobile/everyday-padded-t-shirt-bra-black/";
    let first = b.get(&app, path).await;
    assert_eq!(first.status, 200);
    let tag = first.headers[ETAG].clone();
    assert!(tag.to_str().unwrap().starts_with("W/\""), "{tag:?}");
    let with_tag = |b: &Browser, path: &str, tag: &axum::http::HeaderValue| b.get_request_with(path, &[("if-none-match", tag.to_str().unwrap())]);
    let same = burst(&app, vec![with_tag(&b, path, &tag)]).await.remove(0);
    assert_eq!(same.status, 304, "{}", same.text);
    assert!(same.text.is_empty());
    assert_eq!(same.headers[ETAG], tag);
    // Another answer's tag, or none: the whole answer.
    let other = b.get(&app, "/web/api/v1/products/?category_slug=bras").await;
    assert_eq!(burst(&app, vec![with_tag(&b, path, &other.headers[ETAG])]).await.remove(0).status, 200);
    let list = "/web/api/v1/products/?category_slug=bras";
    assert_eq!(burst(&app, vec![with_tag(&b, list, &other.headers[ETAG])]).await.remove(0).status, 304);
    // A price change: the old tag no longer matches.
    let id = first.json()["id"].as_i64().unwrap();
    sqlx::query("UPDATE products SET price = price + 10000 WHERE id = $1").bind(id).execute(app.db.any_pool()).await.unwrap();
    let changed = burst(&app, vec![with_tag(&b, path, &tag)]).await.remove(0);
    assert_eq!(changed.status, 200);
    assert_ne!(changed.headers[ETAG], tag);
    // The listing showing that price moves on too.
    assert_eq!(burst(&app, vec![with_tag(&b, list, &other.headers[ETAG])]).await.remove(0).status, 200);
    // Media.
    let body = first.text.clone();
    let at = body.find("/media/products/").expect("the product names its images");
    let image = &body[at..at + body[at..].find('"').unwrap()];
    let pic = b.get(&app, image).await;
    assert_eq!(pic.status, 200);
    assert_eq!(burst(&app, vec![with_tag(&b, image, &pic.headers[ETAG])]).await.remove(0).status, 304);
    // Brotli for a client that takes it, gzip for one that takes only gzip.
    for (accepts, sent) in [("br, gzip", "br"), ("gzip", "gzip")] {
        let req = b.get_request_with("/web/api/v1/products/?category_slug=panties", &[("accept-encoding", accepts)]);
        assert_eq!(burst(&app, vec![req]).await.remove(0).headers["content-encoding"], sent, "{accepts}");
    }
    // Writes and personal answers carry no tag.
    assert!(b.get(&app, "/get/view-cart-info/").await.headers.get(ETAG).is_none());
}

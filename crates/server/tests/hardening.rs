//! Attacks on what exists: parallel bursts at every limit (on SQLite and PostgreSQL), the security
//! headers, the trusted-proxy setting, links that try to change a cart, bounded inputs.

mod common;

use axum::body::Body;
use axum::http::Request;
use common::*;
use drape_domain::limits;
use drape_store::seed::DEMO_SHOPPER_MOBILE;
use serde_json::json;

const BRA: &str = "everyday-padded-t-shirt-bra-black";

fn wrong_code(right: &str, i: usize) -> String {
    let guess = format!("{:06}", i);
    if guess == right {
        "999999".to_string()
    } else {
        guess
    }
}

/// A browser with its CSRF cookie, connecting from `ip`.
async fn browser_at(app: &TestApp, ip: &str) -> Browser {
    let mut b = Browser::at(ip);
    b.get(app, "/healthz").await;
    b
}

fn incorrect(answers: &[Answer]) -> usize {
    answers.iter().filter(|a| a.text.contains("Incorrect OTP")).count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_burst_of_login_guesses_from_many_addresses_gets_five_and_burns_the_code() {
    for app in apps().await {
        let e = app.engine();
        let mobile = "9123450001";
        let mut b = browser_at(&app, "203.0.113.1").await;
        assert_eq!(b.post(&app, "/api/v1/auth/otp/", json!({ "mobile": mobile })).await.status, 200);
        let code = latest_code(&app, mobile).await;
        let mut requests = Vec::new();
        for i in 0..200 {
            let g = Browser { peer: Some(format!("198.51.{}.{}:5000", i / 200, i % 200 + 1).parse().unwrap()), ..b.clone() };
            requests.push(g.json_request("POST", "/api/v1/auth/login/", &json!({ "mobile": mobile, "otp": wrong_code(&code, i) })));
        }
        let answers = burst(&app, requests).await;
        assert_eq!(incorrect(&answers), 5, "{e}: wrong guesses judged");
        assert!(answers.iter().all(|a| a.status == 400 || a.status == 429), "{e}: {}", answers[0].text);
        let right = b.post(&app, "/api/v1/auth/login/", json!({ "mobile": mobile, "otp": code })).await;
        right.assert_error(429);
        assert!(!b.cookies.contains_key("sessionid"), "{e}: the burnt code logs no one in");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_burst_of_login_guesses_from_one_address_is_stopped_at_the_address_limit() {
    for app in apps().await {
        let e = app.engine();
        let attacker = browser_at(&app, "203.0.113.2").await;
        // Codes for 60 numbers, each guessed by the same address at once.
        let mut requests = Vec::new();
        for n in 0..60 {
            let mobile = format!("91234{:05}", 10_000 + n);
            app.db.store.insert_otp(&mobile, "424242", app.clock_now(), app.clock_now() + chrono::Duration::minutes(10)).await.unwrap();
            for i in 0..2 {
                requests.push(attacker.json_request("POST", "/api/v1/auth/login/", &json!({ "mobile": mobile, "otp": format!("10000{i}") })));
            }
        }
        let answers = burst(&app, requests).await;
        let judged = incorrect(&answers);
        assert_eq!(judged as i64, limits::LOGIN_FAILURES_PER_CLIENT.max, "{e}: guesses judged from one address");
        assert_eq!(count_status(&answers, 429), 120 - judged, "{e}");
        // The address is blocked now, even with a right code.
        let mut a = attacker.clone();
        a.post(&app, "/api/v1/auth/login/", json!({ "mobile": "9123410000", "otp": "424242" })).await.assert_error(429);
        // Another address is not.
        let mut shopper = browser_at(&app, "203.0.113.3").await;
        let ok = shopper.post(&app, "/api/v1/auth/login/", json!({ "mobile": "9123410001", "otp": "424242" })).await;
        assert_eq!(ok.status, 200, "{e}: {}", ok.text);
    }
}

/// A number with the code 424242 waiting (as if sent).
async fn code_for(app: &TestApp, n: i64) -> String {
    let (mobile, now) = (format!("91234{:05}", 20_000 + n), app.clock_now());
    app.db.store.insert_otp(&mobile, "424242", now, now + chrono::Duration::minutes(10)).await.unwrap();
    mobile
}

#[tokio::test]
async fn a_right_code_gives_its_slot_back() {
    let app = app().await;
    let mut b = browser_at(&app, "203.0.113.4").await;
    // 19 wrong guesses from one address, then thirty shoppers behind it log in: successes never use up
    // the address's limit of failures.
    for n in 0..19 {
        let mobile = code_for(&app, n).await;
        b.post(&app, "/api/v1/auth/login/", json!({ "mobile": mobile, "otp": "111111" })).await.assert_error(400);
    }
    for n in 100..130 {
        let mobile = code_for(&app, n).await;
        let ok = b.clone().post(&app, "/api/v1/auth/login/", json!({ "mobile": mobile, "otp": "424242" })).await;
        assert_eq!(ok.status, 200, "{}", ok.text);
    }
    let mobile = code_for(&app, 200).await;
    b.post(&app, "/api/v1/auth/login/", json!({ "mobile": mobile, "otp": "111111" })).await.assert_error(400);
    // The 21st failure is refused before its code is looked at.
    b.post(&app, "/api/v1/auth/login/", json!({ "mobile": mobile, "otp": "424242" })).await.assert_error(429);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_burst_of_code_sends_queues_one_sms() {
    for app in apps().await {
        let e = app.engine();
        let mobile = "9123450002";
        let mut requests = Vec::new();
        for i in 0..30 {
            let b = browser_at(&app, &format!("198.51.100.{}", i + 1)).await;
            requests.push(b.json_request("POST", "/api/v1/auth/otp/", &json!({ "mobile": mobile })));
        }
        let answers = burst(&app, requests).await;
        assert_eq!(count_status(&answers, 200), 1, "{e}");
        assert_eq!(count_status(&answers, 429), 29, "{e}");
        let sms = app.db.store.recent_messages(100).await.unwrap().into_iter().filter(|m| m.recipient == mobile).count();
        assert_eq!(sms, 1, "{e}: SMS queued");

        // One address asking for thirty numbers at once: twenty sent.
        let b = browser_at(&app, "203.0.113.5").await;
        let requests = (0..30).map(|i| b.json_request("POST", "/api/v1/auth/otp/", &json!({ "mobile": format!("91234{:05}", 30_000 + i) }))).collect();
        let answers = burst(&app, requests).await;
        assert_eq!(count_status(&answers, 200) as i64, limits::OTP_SENDS_PER_CLIENT.max, "{e}");
    }
}

async fn sold_out_size(app: &TestApp) -> (drape_store::catalog::Product, String) {
    for p in app.db.store.list_products(Some(&[1, 101, 102, 103, 104]), 100, 0).await.unwrap().products {
        if let Some(s) = app.db.store.sizes(p.id).await.unwrap().into_iter().find(|s| s.stock == 0) {
            return (p, s.value);
        }
    }
    panic!("no sold-out bra size in the demo");
}

async fn emails(app: &TestApp) -> usize {
    app.db.store.recent_messages(1000).await.unwrap().into_iter().filter(|m| m.channel == "email").count()
}

fn notify_url(b: &Browser, product_id: i64, email: &str, size: &str) -> String {
    format!(
        "/addproductrequest/?csrfmiddlewaretoken={}&productname={product_id}&email={}&phone=9876543210&size={size}",
        b.cookies["csrftoken"],
        email.replace('@', "%40")
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn notify_me_is_limited_per_client_per_email_and_per_product() {
    for app in apps().await {
        let e = app.engine();
        let (p, size) = sold_out_size(&app).await;

        // One client, thirty addresses.
        let b = browser_at(&app, "203.0.113.6").await;
        let requests = (0..30).map(|i| b.get_request(&notify_url(&b, p.id, &format!("victim{i}@example.com"), &size))).collect();
        let answers = burst(&app, requests).await;
        assert_eq!(count_status(&answers, 200) as i64, limits::NOTIFY_PER_CLIENT.max, "{e}");
        assert_eq!(emails(&app).await as i64, limits::NOTIFY_PER_CLIENT.max, "{e}: e-mails queued");

        // Thirty clients, one address.
        let mut requests = Vec::new();
        for i in 0..30 {
            let b = browser_at(&app, &format!("198.51.100.{}", i + 1)).await;
            requests.push(b.get_request(&notify_url(&b, p.id, "one.victim@example.com", &size)));
        }
        let answers = burst(&app, requests).await;
        assert_eq!(count_status(&answers, 429) as i64, 30 - limits::NOTIFY_PER_EMAIL.max, "{e}");
        let to_victim = app.db.store.recent_messages(1000).await.unwrap().into_iter().filter(|m| m.recipient == "one.victim@example.com").count();
        assert_eq!(to_victim, 1, "{e}: one request per address and size, one e-mail");

        // Many clients and addresses, one product: the product's ceiling holds.
        let before = app.db.store.size_request_count(p.id).await.unwrap();
        let mut requests = Vec::new();
        for i in 0..(limits::NOTIFY_PER_PRODUCT.max + 30) {
            let b = browser_at(&app, &format!("10.{}.{}.1", i / 250, i % 250)).await;
            requests.push(b.get_request(&notify_url(&b, p.id, &format!("many{i}@example.com"), &size)));
        }
        let answers = burst(&app, requests).await;
        let accepted = app.db.store.size_request_count(p.id).await.unwrap() - before;
        // The product's counter already holds the requests above.
        assert!(accepted <= limits::NOTIFY_PER_PRODUCT.max, "{e}: {accepted}");
        assert_eq!(count_status(&answers, 429) as i64, 30 + limits::NOTIFY_PER_CLIENT.max + limits::NOTIFY_PER_EMAIL.max, "{e}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn one_review_per_shopper_and_product_and_a_limit() {
    for app in apps().await {
        let e = app.engine();
        let mut b = Browser::new();
        b.login(&app, DEMO_SHOPPER_MOBILE).await;
        let list = b.get(&app, "/web/api/v1/reorder-products/").await.json();
        let (pid, slug) = (list["products"][0]["id"].as_i64().unwrap(), list["products"][0]["slug"].as_str().unwrap().to_string());
        let reviews_path = format!("/web/api/v1/product/{slug}/web-reviews/s/");
        let before = b.get(&app, &reviews_path).await.json()["total_reviews"].as_i64().unwrap();
        for i in 0..5 {
            let r = b
                .post(&app, "/api/v1/reviews/", json!({"headline": format!("Take {i}"), "comment": "Soft", "public_name": "", "product": pid, "star": 4}))
                .await;
            assert_eq!(r.status, 200, "{e}: {}", r.text);
        }
        assert_eq!(b.get(&app, &reviews_path).await.json()["total_reviews"], before + 1, "{e}: five posts, one review");
        let page = b.get(&app, &format!("/web/api/v1/product/{slug}/web-reviews/s/")).await.json();
        assert_eq!(page["object_list"][0][1], "Take 4", "{e}: the last post edited the review");

        let requests = (0..20)
            .map(|i| {
                b.json_request(
                    "POST",
                    "/api/v1/reviews/",
                    &json!({"headline": format!("Burst {i}"), "comment": "Soft", "public_name": "", "product": pid, "star": 5}),
                )
            })
            .collect();
        let answers = burst(&app, requests).await;
        assert_eq!(count_status(&answers, 200) as i64, limits::REVIEWS_PER_SHOPPER.max - 5, "{e}");
        assert_eq!(b.get(&app, &reviews_path).await.json()["total_reviews"], before + 1, "{e}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn events_are_limited_per_browser() {
    for app in apps().await {
        let e = app.engine();
        let b = browser_at(&app, "203.0.113.7").await;
        let token = b.cookies["csrftoken"].clone();
        let n = limits::EVENTS_PER_BROWSER.max as usize + 40;
        let requests = (0..n)
            .map(|_| {
                let mut req = Request::post("/get-event-data/")
                    .header("content-type", "application/x-www-form-urlencoded")
                    .header("cookie", format!("csrftoken={token}"))
                    .header("x-csrftoken", token.clone())
                    .body(Body::from("data=%7B%22event_name%22%3A%22cart_viewed%22%7D"))
                    .unwrap();
                req.extensions_mut().insert(axum::extract::ConnectInfo(b.peer.unwrap()));
                req
            })
            .collect();
        let answers = burst(&app, requests).await;
        assert_eq!(count_status(&answers, 200) as i64, limits::EVENTS_PER_BROWSER.max, "{e}");
        assert_eq!(count_status(&answers, 429), 40, "{e}");
        // Retention: events older than the limit are forgotten.
        let gone = app.db.store.forget_shopper_events(app.clock_now() + limits::EVENTS_KEPT).await.unwrap();
        assert!(gone >= limits::EVENTS_PER_BROWSER.max as u64, "{e}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_wishlist_checks_sizes_caps_entries_and_pages() {
    for app in apps().await {
        let e = app.engine();
        let mut b = Browser::new();
        b.login(&app, "9123450003").await;
        let p = app.db.store.product_by_slug(BRA).await.unwrap();
        let bad = b.post(&app, "/api/v3/wishlist/", json!([{"product": p.id, "first_combo_size": "z123"}])).await;
        assert_eq!(bad.assert_error(400)["message"], "That size is not one this product comes in.", "{e}");
        let size = app.db.store.sizes(p.id).await.unwrap().remove(0).value;
        assert_eq!(b.post(&app, "/api/v3/wishlist/", json!([{"product": p.id, "first_combo_size": size}])).await.status, 200, "{e}");
        b.post(&app, "/api/v3/wishlist/", json!((0..21).map(|_| json!({"product": p.id})).collect::<Vec<_>>())).await.assert_error(400);

        // Fill to just under the cap, then a burst of distinct adds.
        let products = app.db.store.list_products(None, 300, 0).await.unwrap().products;
        assert!(products.len() as i64 > limits::WISHLIST_MAX_ENTRIES + 10, "{e}: enough products");
        let mut ids = products.iter().map(|p| p.id).filter(|id| *id != p.id);
        let first: Vec<_> = ids.by_ref().take(limits::WISHLIST_MAX_ENTRIES as usize - 6).collect();
        for chunk in first.chunks(20) {
            let body: Vec<_> = chunk.iter().map(|id| json!({ "product": id })).collect();
            assert_eq!(b.post(&app, "/api/v3/wishlist/", json!(body)).await.status, 200, "{e}");
        }
        let requests = ids.take(20).map(|id| b.json_request("POST", "/api/v3/wishlist/", &json!([{ "product": id }]))).collect();
        let answers = burst(&app, requests).await;
        assert_eq!(count_status(&answers, 200), 5, "{e}");
        let full = answers.iter().find(|a| a.status == 400).unwrap();
        assert!(full.text.contains("Your wishlist is full"), "{e}: {}", full.text);
        let one = b.get(&app, "/api/v3/wishlist/").await.json();
        assert_eq!(one["wishlist_count"], limits::WISHLIST_MAX_ENTRIES, "{e}");
        assert_eq!(one["items"].as_array().unwrap().len() as i64, limits::WISHLIST_PAGE_SIZE, "{e}");
        assert_eq!((one["number"].as_i64(), one["num_pages"].as_i64(), one["has_next"].as_bool()), (Some(1), Some(4), Some(true)), "{e}");
        let last = b.get(&app, "/api/v3/wishlist/?page=4").await.json();
        assert_eq!(last["has_next"], false, "{e}");
        assert_ne!(one["items"][0]["id"], last["items"][0]["id"], "{e}");
        b.get(&app, "/api/v3/wishlist/?page=0").await.assert_error(400);
        b.get(&app, "/api/v3/wishlist/?page=x").await.assert_error(400);
        assert_eq!(b.get(&app, "/api/v1/me/").await.json()["wishlistCount"], limits::WISHLIST_MAX_ENTRIES, "{e}");
    }
}

/// A handler that panics: the server answers the one 500 (JSON shape, security headers, no cause) and
/// goes on answering. The shop has no panicking route, so the shop's own wrapping wraps one here.
#[tokio::test]
async fn a_handler_that_panics_gets_the_one_500_and_the_server_goes_on() {
    use tower::ServiceExt;
    async fn a_bug() -> &'static str {
        panic!("a bug")
    }
    let app = app().await;
    let routes = axum::Router::new().route("/api/v1/boom/", axum::routing::get(a_bug)).route("/api/v1/fine/", axum::routing::get(|| async { "fine" }));
    let boom = drape_server::routes::wrapped(routes, app.state.clone());
    let res = boom.clone().oneshot(Request::get("/api/v1/boom/").body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(res.status(), 500);
    assert_eq!(res.headers()["x-content-type-options"], "nosniff");
    assert_eq!(res.headers()["content-type"], "application/json");
    let body = axum::body::to_bytes(res.into_body(), 4096).await.unwrap();
    let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(body["error"], "internal");
    assert!(!body.to_string().contains("a bug"), "{body}");
    let fine = boom.oneshot(Request::get("/api/v1/fine/").body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(fine.status(), 200);
}

/// A hashed asset with a Brotli copy beside it (the web build writes them) is sent as that copy to
/// a browser that takes Brotli, and plain to one that takes nothing; either way it says it varies.
#[tokio::test]
async fn a_precompressed_asset_is_sent_as_it_is() {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let dir = std::env::temp_dir().join(format!("drape_web_br_{}", std::process::id()));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>Drape</title><div id=root></div>").unwrap();
    let script = "console.log('the plain script, long enough to be worth compressing: drape drape drape')";
    std::fs::write(dir.join("assets/app-abc123.js"), script).unwrap();
    std::fs::write(dir.join("assets/app-abc123.js.br"), b"brotli bytes as the build wrote them").unwrap();
    let d = dir.clone();
    let app = app_with(move |c| c.web_dir = d, true).await;
    for (accepts, encoding, body) in [(Some("gzip, deflate, br"), Some("br"), &b"brotli bytes as the build wrote them"[..]), (None, None, script.as_bytes())] {
        let mut req = Request::get("/assets/app-abc123.js");
        if let Some(a) = accepts {
            req = req.header("accept-encoding", a);
        }
        let res = app.router.clone().oneshot(req.body(Body::empty()).unwrap()).await.unwrap();
        assert_eq!(res.status(), 200, "{accepts:?}");
        assert_eq!(res.headers().get("content-encoding").map(|v| v.to_str().unwrap()), encoding, "{accepts:?}");
        assert_eq!(res.headers()["vary"], "accept-encoding", "{accepts:?}");
        assert_eq!(res.headers()["cache-control"], "public, max-age=31536000, immutable", "{accepts:?}");
        assert!(res.headers().get("set-cookie").is_none(), "{accepts:?}");
        assert_eq!(res.into_body().collect().await.unwrap().to_bytes(), body, "{accepts:?}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let dir = std::env::temp_dir().join(format!("drape_web_h_{}", std::process::id()));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>Drape</title><div id=root></div>").unwrap();
    std::fs::write(dir.join("assets/app-abc123.js"), "console.log(1)").unwrap();
    let d = dir.clone();
    let app = app_with(move |c| c.web_dir = d, true).await;
    let mut b = Browser::new();
    let page = b.get(&app, "/product/x").await;
    let api = b.get(&app, "/web/api/v1/product-mobile/everyday-padded-t-shirt-bra-black/").await;
    let asset = Browser::new().get(&app, "/assets/app-abc123.js").await;
    let error = b.get(&app, "/api/v1/nope/").await;
    for (what, a) in [("page", &page), ("api", &api), ("asset", &asset), ("error", &error)] {
        assert_eq!(a.headers["x-content-type-options"], "nosniff", "{what}");
        assert_eq!(a.headers["x-frame-options"], "DENY", "{what}");
        assert_eq!(a.headers["referrer-policy"], "strict-origin-when-cross-origin", "{what}");
        let csp = a.headers["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'") && !csp.contains("unsafe"), "{what}: {csp}");
        assert!(a.headers.get("strict-transport-security").is_none(), "{what}: no HSTS over plain HTTP");
    }
    assert_eq!(error.status, 404);
    assert!(asset.headers.get("set-cookie").is_none(), "no cookie on a hashed asset");
    assert_eq!(page.headers["cache-control"], "no-cache");

    // Personal answers are never stored by a cache.
    b.login(&app, DEMO_SHOPPER_MOBILE).await;
    for path in ["/api/v1/me/", "/api/v3/wishlist/", "/get/view-cart-info/", "/cart_dropdown_mobile_ajax/", "/web/api/v1/product/last-purchased-size/"] {
        let a = b.get(&app, path).await;
        assert_eq!(a.headers["cache-control"], "no-store", "{path}");
        assert!(a.headers.get("etag").is_none(), "{path}");
    }
    // A catalog answer (it carries the viewer's wishlist flag) is kept by no shared cache and
    // revalidated by the browser every time.
    let product = b.get(&app, "/web/api/v1/product-mobile/everyday-padded-t-shirt-bra-black/").await;
    assert_eq!(product.headers["cache-control"], "private, no-cache");

    // A missing hashed asset is a 404, never index.html cached for a year.
    let stale = b.get(&app, "/assets/app-old999.js").await;
    stale.assert_error(404);
    assert!(!stale.headers.get("cache-control").is_some_and(|v| v.to_str().unwrap().contains("immutable")));
    // A path segment no file system allows is a 404, not a 500.
    b.get(&app, &format!("/{}", "a".repeat(300))).await.assert_error(404);
    b.get(&app, &format!("/assets/{}.js", "a".repeat(300))).await.assert_error(404);
    b.get(&app, &format!("/product/{}/x", "a".repeat(300))).await.assert_error(404);

    let secure = app_with(|c| c.secure_cookies = true, false).await;
    let h = Browser::new().get(&secure, "/healthz").await;
    assert_eq!(h.headers["strict-transport-security"], "max-age=31536000; includeSubDomains");
    assert!(h.headers["set-cookie"].to_str().unwrap().contains("Secure"));
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn large_bodies_and_headers_are_refused() {
    let app = app().await;
    let mut b = browser_at(&app, "203.0.113.8").await;
    let token = b.cookies["csrftoken"].clone();
    let big_form = Request::post("/get-event-data/")
        .header("content-type", "application/x-www-form-urlencoded")
        .header("cookie", format!("csrftoken={token}"))
        .header("x-csrftoken", token.clone())
        .body(Body::from(format!("data={}", "a".repeat(10 * 1024 * 1024))))
        .unwrap();
    b.send(&app, big_form).await.assert_error(413);
    let big_header = Request::get("/healthz").header("x-padding", "a".repeat(200 * 1024)).body(Body::empty()).unwrap();
    b.send(&app, big_header).await.assert_error(431);
}

#[tokio::test]
async fn forwarded_for_counts_only_behind_a_trusted_proxy() {
    // Behind the load balancer (10.0.0.0/8), each shopper is their own address.
    let app = app_with(|c| c.trusted_proxies = drape_server::config::parse_proxies("10.0.0.0/8").unwrap(), true).await;
    let send = |forwarded: String, mobile: String| {
        let app = &app;
        async move {
            let mut b = browser_at(app, "10.0.0.5").await;
            let mut req = b.json_request("POST", "/api/v1/auth/otp/", &json!({ "mobile": mobile }));
            req.headers_mut().insert("x-forwarded-for", forwarded.parse().unwrap());
            b.send(app, req).await.status.as_u16()
        }
    };
    let mut sent = 0;
    for i in 0..25 {
        if send(format!("49.36.0.{i}"), format!("91234{:05}", 40_000 + i)).await == 200 {
            sent += 1;
        }
    }
    assert_eq!(sent, 25, "shoppers behind one balancer do not share a limit");
    // A client cannot pick its address: what it sends is prepended, the balancer's entry counts.
    let mut sent = 0;
    for i in 0..25 {
        if send(format!("6.6.6.{i}, 49.36.1.1"), format!("91234{:05}", 41_000 + i)).await == 200 {
            sent += 1;
        }
    }
    assert_eq!(sent as i64, limits::OTP_SENDS_PER_CLIENT.max);

    // Without the setting, a forwarded address is ignored: direct traffic cannot spoof it.
    let direct = app_with(|_| {}, true).await;
    let mut sent = 0;
    for i in 0..25 {
        let mut b = browser_at(&direct, "203.0.113.9").await;
        let mut req = b.json_request("POST", "/api/v1/auth/otp/", &json!({ "mobile": format!("91234{:05}", 42_000 + i) }));
        req.headers_mut().insert("x-forwarded-for", format!("49.36.2.{i}").parse().unwrap());
        if b.send(&direct, req).await.status == 200 {
            sent += 1;
        }
    }
    assert_eq!(sent as i64, limits::OTP_SENDS_PER_CLIENT.max);
}

#[tokio::test]
async fn a_link_cannot_change_a_cart_and_cart_ids_cannot_be_guessed() {
    let app = app().await;
    let mut b = Browser::new();
    b.login(&app, "9123450004").await;
    let p = app.db.store.product_by_slug(BRA).await.unwrap();
    let size = app.db.store.sizes(p.id).await.unwrap().into_iter().find(|s| s.stock > 2).unwrap();
    let add = json!({"product": p.id, "quantity": 2, "size": size.value});
    assert_eq!(b.post(&app, "/api/v3/cart-items/", add.clone()).await.status, 200);
    let cart_id = b.get(&app, "/get/view-cart-info/").await.json()["cart_id"].as_i64().unwrap();
    let mut guest = Browser::new();
    assert_eq!(guest.post(&app, "/api/v3/cart-items/", add).await.status, 200);
    let guest_id = guest.get(&app, "/get/view-cart-info/").await.json()["cart_id"].as_i64().unwrap();
    // Led by the millisecond each was made in (since 2026) and ended by 12 random bits: not counted up.
    let since_2026 = chrono::Utc::now().timestamp_millis() - 1_767_225_600_000;
    for id in [cart_id, guest_id] {
        assert!((id >> 12) <= since_2026 && (id >> 12) > since_2026 - 60_000 && id & 0xfff != 0, "{id}");
    }
    assert!((cart_id - guest_id).abs() > 1, "not one after the other: {cart_id} {guest_id}");
    assert!(cart_id < 1 << 53, "a number JavaScript holds exactly");

    // A link (a GET with the session cookie alone) that would set a partner code or a coupon.
    let mut link = Browser { send_csrf: false, ..b.clone() };
    for q in ["affiliation_code=PARTNER10", "coupon_code=WELCOME10", "iscouponremove=1", "upgrade_selected_option=1"] {
        let r = link.get(&app, &format!("/api/v4/carts-new/{cart_id}?{q}")).await;
        assert_eq!(r.assert_error(403)["error"], "csrf_failed", "{q}");
    }
    let cart = app
        .db
        .store
        .cart_row(drape_store::carts::CartOwner::Shopper(b.get(&app, "/api/v1/me/").await.json()["user"]["id"].as_i64().unwrap()))
        .await
        .unwrap()
        .unwrap();
    assert!(cart.coupon_code.is_empty() && cart.affiliation_code.is_empty(), "nothing changed");
    // The app sends the header, as the spec's client does on every JSON call.
    let ok = b.get(&app, &format!("/api/v4/carts-new/{cart_id}?coupon_code=WELCOME10")).await;
    assert_eq!(ok.status, 200, "{}", ok.text);
    // A plain read needs no header.
    assert_eq!(link.get(&app, &format!("/api/v4/carts-new/{cart_id}")).await.status, 200);
}

#[tokio::test]
async fn login_rotates_the_csrf_token() {
    let app = app().await;
    let mut b = Browser::new();
    b.get(&app, "/healthz").await;
    let before = b.cookies["csrftoken"].clone();
    b.login(&app, "9123450005").await;
    let after = b.cookies["csrftoken"].clone();
    assert_ne!(before, after);
    // The token a page held before login no longer works.
    let mut old = b.clone();
    let req = Request::post("/mobile_logout/")
        .header("content-type", "application/json")
        .header("cookie", format!("csrftoken={after}; sessionid={}", b.cookies["sessionid"]))
        .header("x-csrftoken", before)
        .body(Body::from("{}"))
        .unwrap();
    old.send(&app, req).await.assert_error(403);
    assert_eq!(b.get(&app, "/api/v1/me/").await.json()["is_authenticated"], true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_merged_guest_cart_never_holds_more_than_stock() {
    for app in apps().await {
        let e = app.engine();
        let p = app.db.store.product_by_slug(BRA).await.unwrap();
        let size = app.db.store.sizes(p.id).await.unwrap().into_iter().find(|s| s.stock > 2).unwrap();
        let guest_token = "d".repeat(64);
        let line = drape_store::carts::CartLine {
            id: 0,
            product_id: p.id,
            size_id: Some(size.id),
            combo1_size_id: None,
            combo2_size_id: None,
            quantity: 3,
            deal_id: None,
        };
        app.db.store.add_to_cart(drape_store::carts::CartOwner::Guest(&guest_token), &line, app.clock_now()).await.unwrap();
        // The size sells down to 2 while the guest's cart still holds 3.
        app.db.store.set_size_stock(&size.sku, 2).await.unwrap();
        let mut b = Browser::new();
        b.cookies.insert("guestcart".into(), guest_token.clone());
        b.login(&app, "9123450006").await;
        assert_eq!(b.get(&app, "/cart_dropdown_mobile_ajax/").await.json()["cart_quantity"], 2, "{e}");
    }
}

#[tokio::test]
async fn the_outbox_is_not_served_beyond_loopback() {
    let open = app_with(|c| c.listen = "0.0.0.0:8080".parse().unwrap(), false).await;
    Browser::new().get(&open, "/dev/outbox").await.assert_error(404);
    let asked = app_with(
        |c| {
            c.listen = "0.0.0.0:8080".parse().unwrap();
            c.dev_outbox_anywhere = true;
        },
        false,
    )
    .await;
    assert_eq!(Browser::new().get(&asked, "/dev/outbox").await.status, 200);
}

//! Bad input at every route, generated from the OpenAPI document (itself generated from the handlers)
//! plus the few routes it does not list: wrong types, huge and negative numbers, long strings, odd
//! unicode, broken JSON, wrong content types and oversized bodies, sent by a logged-in shopper with a
//! valid CSRF token so that each reaches its handler. Every answer must be a 4xx or 2xx in the one
//! error shape (never a 5xx or a panic), with a status the OpenAPI document lists for the operation,
//! and a 4xx must change no row.

mod common;

use axum::body::Body;
use axum::http::Request;
use common::*;
use drape_store::seed::DEMO_SHOPPER_MOBILE;
use drape_store::testing::ChangeWatch;
use serde_json::{json, Value};

/// Routes the OpenAPI document leaves out (binary media), with their parameters.
const UNDOCUMENTED: &[(&str, &str)] = &[
    ("get", "/media/products/{sku}/{file}"),
    ("get", "/media/categories/{file}"),
    ("get", "/media/size-charts/{file}"),
    ("get", "/media/icons/{file}"),
    ("get", "/media/videos/drape-demo.mp4"),
    // The operator's server-rendered pages (HTML for superusers, not an API): tests/orders.rs.
    ("get", "/ops/assets/pages.css"),
    ("get", "/ops/orders/"),
    ("get", "/ops/orders/{order_ref}/"),
    ("post", "/ops/orders/{order_ref}/step/"),
    ("post", "/ops/returns/{return_id}/step/"),
];

const BAD_SEGMENTS: &[&str] = &["0", "-1", "99999999999999999999", "abc", "1.5", "%F0%9F%92%A9", "%E2%80%AE", "%00", "null", "..%2F..%2Fetc%2Fpasswd"];
const BAD_QUERY_VALUES: &[&str] = &["-1", "0", "99999999999999999999", "1e309", "abc", "%F0%9F%92%A9", "%00", "%E2%80%AE", "[]", "true", "%27%20OR%201%3D1--"];

fn long(n: usize) -> String {
    "x".repeat(n)
}

/// Wrong values for a property of the given JSON type.
fn wrong_values(ty: &str) -> Vec<Value> {
    let mut v = vec![json!(null), json!([]), json!({}), json!("\u{0000}💩\u{202e}"), json!(long(10_000))];
    match ty {
        "integer" | "number" => v.extend([
            json!("12"),
            json!(-1),
            json!(0),
            json!(9_223_372_036_854_775_807i64),
            json!(-9_223_372_036_854_775_807i64),
            json!(1.5),
            json!(1e300),
            json!(true),
        ]),
        "boolean" => v.extend([json!("yes"), json!(2)]),
        "array" => v.extend([json!("x"), json!(vec![json!({"product": -1}); 25]), json!([[[[[[1]]]]]])]),
        _ => v.extend([json!(12345), json!(-1), json!(true), json!(""), json!(" "), json!("<script>alert(1)</script>")]),
    }
    v
}

fn plausible(ty: &str) -> Value {
    match ty {
        "integer" | "number" => json!(1),
        "boolean" => json!(false),
        "array" => json!([]),
        "object" => json!({}),
        _ => json!("1"),
    }
}

fn resolve<'a>(doc: &'a Value, schema: &'a Value) -> &'a Value {
    match schema.get("$ref").and_then(Value::as_str) {
        Some(r) => &doc["components"]["schemas"][r.rsplit('/').next().unwrap()],
        None => schema,
    }
}

fn type_of(doc: &Value, schema: &Value) -> String {
    let s = resolve(doc, schema);
    match &s["type"] {
        Value::String(t) => t.clone(),
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).find(|t| *t != "null").unwrap_or("string").to_string(),
        _ => "string".to_string(),
    }
}

/// Bodies for an operation: broken documents, then the documented object with one property wrong at a time.
fn bad_bodies(doc: &Value, op: &Value) -> Vec<(&'static str, String)> {
    let Some(content) = op["requestBody"]["content"].as_object() else { return vec![] };
    let (content_type, media) = content.iter().next().unwrap();
    let schema = resolve(doc, &media["schema"]);
    let mut out: Vec<(&'static str, String)> = Vec::new();
    if content_type == "application/json" {
        for raw in ["{not json", "", "null", "[]", "{}", "\"x\"", "1", "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"] {
            out.push(("application/json", raw.to_string()));
        }
        out.push(("text/plain", "{}".to_string()));
        out.push(("application/x-www-form-urlencoded", "a=b".to_string()));
        // The schema may be an array of objects (the wishlist) or one object.
        let (is_array, item) = if schema["type"] == "array" { (true, resolve(doc, &schema["items"])) } else { (false, schema) };
        if let Some(props) = item["properties"].as_object() {
            let base: serde_json::Map<String, Value> = props.iter().map(|(k, p)| (k.clone(), plausible(&type_of(doc, p)))).collect();
            for (name, p) in props {
                for wrong in wrong_values(&type_of(doc, p)) {
                    let mut obj = base.clone();
                    obj.insert(name.clone(), wrong);
                    let body = if is_array { json!([Value::Object(obj)]) } else { Value::Object(obj) };
                    out.push(("application/json", body.to_string()));
                }
            }
        }
    } else {
        for raw in ["data=%ZZ", "a=b", "data=", "data=%7B%7D", "data=null", "data=%5B%5D", "rating=-1&pId=abc&orderid=%00", "rating=6&pId=99999999999999999999"]
        {
            out.push(("application/x-www-form-urlencoded", raw.to_string()));
        }
        out.push(("application/x-www-form-urlencoded", format!("data={}", long(60_000))));
        out.push(("application/json", "{}".to_string()));
    }
    // Larger than any body the server accepts.
    out.push((
        if content_type == "application/json" { "application/json" } else { "application/x-www-form-urlencoded" },
        format!("{{\"x\":\"{}\"}}", long(200_000)),
    ));
    out
}

/// Real ids of the shopper's own things, so the base case of each route reaches its parsers.
struct Real {
    cart_id: i64,
    line_id: i64,
    wishlist_id: i64,
    product_id: i64,
    size: String,
    slug: String,
    sku: String,
}

impl Real {
    fn path(&self, template: &str) -> String {
        let values: Vec<String> = if template.starts_with("/api/v4/cart-items-new/") {
            vec![self.line_id.to_string()]
        } else if template.starts_with("/api/v3/wishlist/") {
            vec![self.wishlist_id.to_string()]
        } else if template.contains("carts") || template.contains("webengage-cart") {
            vec![self.cart_id.to_string()]
        } else if template.starts_with("/iteminstock/") {
            vec![self.product_id.to_string(), self.size.clone()]
        } else if template.starts_with("/web/api/v1/featured/") {
            vec!["bra".into(), "11-2026".into()]
        } else if template.starts_with("/media/products/") {
            vec![self.sku.clone(), "1.svg".into()]
        } else {
            vec![self.slug.clone(), "1.svg".into()]
        };
        let mut out = String::new();
        let mut rest = template;
        let mut i = 0;
        while let Some(start) = rest.find('{') {
            let end = rest[start..].find('}').unwrap() + start;
            out.push_str(&rest[..start]);
            out.push_str(&values[i.min(values.len() - 1)]);
            i += 1;
            rest = &rest[end + 1..];
        }
        out.push_str(rest);
        out
    }
}

fn fill_path(path: &str, value: &str) -> String {
    let mut out = String::new();
    let mut rest = path;
    while let Some(start) = rest.find('{') {
        let end = rest[start..].find('}').unwrap() + start;
        out.push_str(&rest[..start]);
        out.push_str(value);
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out
}

struct Case {
    /// The statuses the OpenAPI document lists for the operation (empty: not documented).
    documented: Vec<String>,
    method: String,
    uri: String,
    content_type: Option<&'static str>,
    body: String,
}

fn cases(doc: &Value, real: &Real) -> Vec<Case> {
    let mut ops: Vec<(String, String, Value)> = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        // Logging out takes no input; it would end the session the other cases need.
        if path == "/mobile_logout/" {
            continue;
        }
        for (method, op) in item.as_object().unwrap() {
            ops.push((method.clone(), path.clone(), op.clone()));
        }
    }
    for (method, path) in UNDOCUMENTED {
        ops.push((method.to_string(), path.to_string(), json!({})));
    }
    let mut out = Vec::new();
    for (method, path, op) in &ops {
        let documented: Vec<String> = op["responses"].as_object().map(|r| r.keys().cloned().collect()).unwrap_or_default();
        let params = op["parameters"].as_array().cloned().unwrap_or_default();
        let query_names: Vec<String> = params.iter().filter(|p| p["in"] == "query").map(|p| p["name"].as_str().unwrap().to_string()).collect();
        let base_path = real.path(path);
        let mut uris = vec![base_path.clone()];
        if path.contains('{') {
            uris.extend(BAD_SEGMENTS.iter().map(|v| fill_path(path, v)));
            uris.push(fill_path(path, &long(300)));
            uris.push(fill_path(path, &long(5_000)));
        }
        for name in &query_names {
            for v in BAD_QUERY_VALUES {
                uris.push(format!("{base_path}?{name}={v}"));
            }
            uris.push(format!("{base_path}?{name}={}", long(5_000)));
            uris.push(format!("{base_path}?{name}=1&{name}=2"));
        }
        if !query_names.is_empty() {
            uris.push(format!("{base_path}?{}", query_names.iter().map(|n| format!("{n}=%FF%FE")).collect::<Vec<_>>().join("&")));
        }
        let bodies = bad_bodies(doc, op);
        for uri in &uris {
            if bodies.is_empty() || uri != &base_path {
                let (ct, body) = if method == "get" { (None, String::new()) } else { (Some("application/json"), "{}".to_string()) };
                out.push(Case { documented: documented.clone(), method: method.to_uppercase(), uri: uri.clone(), content_type: ct, body });
            }
        }
        for (ct, body) in bodies {
            out.push(Case { documented: documented.clone(), method: method.to_uppercase(), uri: base_path.clone(), content_type: Some(ct), body });
        }
    }
    out
}

#[test]
fn every_routed_path_is_covered() {
    let doc: Value = serde_json::from_str(&drape_server::openapi::document()).unwrap();
    let src = include_str!("../src/routes.rs");
    for line in src.lines().filter(|l| l.contains(".route(\"")) {
        let path = line.split('"').nth(1).unwrap();
        // Parameter names may differ between the router and the document: compare the shapes.
        let shape = |p: &str| fill_path(p, "{}");
        let documented = doc["paths"].as_object().unwrap().keys().any(|d| shape(d) == shape(path)) || UNDOCUMENTED.iter().any(|(_, p)| *p == path);
        assert!(documented, "{path} is routed but neither in the OpenAPI document nor in UNDOCUMENTED");
    }
}

#[tokio::test]
async fn bad_input_at_every_route_gets_a_clear_4xx_and_changes_nothing() {
    // The change watch uses SQLite triggers: this test runs on SQLite in both passes.
    let app = app_on(drape_store::testing::TestDb::sqlite().await, |_| {}, true).await;
    let mut shopper = Browser::at("203.0.113.50");
    shopper.login(&app, DEMO_SHOPPER_MOBILE).await;
    let p = app.db.store.product_by_slug("everyday-padded-t-shirt-bra-black").await.unwrap();
    let size = app.db.store.sizes(p.id).await.unwrap().into_iter().find(|s| s.stock > 3).unwrap();
    assert_eq!(shopper.post(&app, "/api/v3/cart-items/", json!({"product": p.id, "quantity": 1, "size": size.value})).await.status, 200);
    assert_eq!(shopper.post(&app, "/api/v3/wishlist/", json!([{"product": p.id}])).await.status, 200);
    let cart_id = shopper.get(&app, "/get/view-cart-info/").await.json()["cart_id"].as_i64().expect("a cart");
    let cart = shopper.get(&app, &format!("/api/v4/carts-new/{cart_id}")).await.json();
    let wishlist = shopper.get(&app, "/api/v3/wishlist/").await.json();
    let real = Real {
        cart_id,
        line_id: cart["cart_items"][0]["id"].as_i64().expect("a line"),
        wishlist_id: wishlist["items"][0]["id"].as_i64().expect("an entry"),
        product_id: p.id,
        size: size.value.clone(),
        slug: p.slug.clone(),
        sku: p.sku.clone(),
    };
    let watch = ChangeWatch::install(&app.db.store).await;
    let doc: Value = serde_json::from_str(&drape_server::openapi::document()).unwrap();
    let cases = cases(&doc, &real);
    assert!(cases.len() > 800, "only {} cases", cases.len());
    let mut failures = Vec::new();
    let mut accepted_writes = 0;
    for c in &cases {
        let mut req = Request::builder().method(c.method.as_str()).uri(&c.uri).header("cookie", shopper.cookie_header_value());
        req = req.header("x-csrftoken", shopper.cookies["csrftoken"].clone());
        if let Some(ct) = c.content_type {
            req = req.header("content-type", ct);
        }
        let Ok(req) = req.body(Body::from(c.body.clone())) else { continue };
        let (before, _) = watch.count().await;
        let answer = shopper.clone().send(&app, req).await;
        let (after, last_write) = watch.count().await;
        let status = answer.status.as_u16();
        let shown = |why: &str| format!("{} {} [{}] {:.120} → {status} {why}: {:.200}", c.method, c.uri, c.content_type.unwrap_or("-"), c.body, answer.text);
        if (200..300).contains(&status) && after != before {
            accepted_writes += 1;
        }
        if !c.documented.is_empty() && !c.documented.contains(&status.to_string()) {
            failures.push(shown("a status the OpenAPI document does not list"));
        }
        if status >= 500 {
            failures.push(shown("a server error"));
        } else if (400..500).contains(&status) {
            let j: Value = serde_json::from_str(&answer.text).unwrap_or(Value::Null);
            if !j["error"].is_string() || j["message"].as_str().is_none_or(|m| m.len() < 6) {
                failures.push(shown("not the error shape"));
            }
            if after != before {
                failures.push(shown(&format!("refused, yet wrote ({last_write})")));
            }
        }
    }
    assert!(failures.is_empty(), "{} of {} cases failed:\n{}", failures.len(), cases.len(), failures.join("\n"));
    // The watch sees writes: some odd-but-valid input (an emoji in a review) was accepted and written.
    assert!(accepted_writes > 0, "the change watch saw no write at all");
    // The shopper's session survived it all.
    assert_eq!(shopper.get(&app, "/api/v1/me/").await.json()["is_authenticated"], true);
}

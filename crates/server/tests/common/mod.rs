//! An in-process client for the real router: keeps cookies and sends the CSRF token like the web app.

#![allow(dead_code)]

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use chrono::{TimeZone, Utc};
use drape_domain::clock::FixedClock;
use drape_server::config::Config;
use drape_server::{routes, AppState};
use drape_store::testing::TestDb;
use http_body_util::BodyExt;
use std::collections::BTreeMap;
use std::sync::Arc;
use tower::ServiceExt;

pub struct TestApp {
    pub db: TestDb,
    pub router: Router,
    pub clock: Arc<FixedClock>,
    pub state: AppState,
}

pub struct Answer {
    pub status: StatusCode,
    pub headers: axum::http::HeaderMap,
    pub text: String,
}

impl Answer {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text))
    }
    /// The one error shape: a code and a message a person can read.
    pub fn assert_error(&self, status: u16) -> serde_json::Value {
        assert_eq!(self.status.as_u16(), status, "body: {}", self.text);
        let j = self.json();
        assert!(j["error"].as_str().is_some_and(|s| !s.is_empty()), "error code in {}", self.text);
        assert!(j["message"].as_str().is_some_and(|s| s.len() > 5), "message in {}", self.text);
        j
    }
}

pub async fn app_with(config_change: impl FnOnce(&mut Config), seed: bool) -> TestApp {
    let db = TestDb::sqlite().await;
    let clock = Arc::new(FixedClock::at(Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap()));
    if seed {
        db.store.seed_demo(Utc.with_ymd_and_hms(2026, 11, 22, 9, 0, 0).unwrap()).await.unwrap();
    }
    let mut config = Config::for_tests("sqlite://unused");
    config_change(&mut config);
    let state = AppState::new(db.store.clone(), clock.clone(), config);
    TestApp { router: routes::router(state.clone()), db, clock, state }
}

impl TestApp {
    pub fn clock_now(&self) -> chrono::DateTime<Utc> {
        use drape_domain::clock::Clock;
        self.clock.now()
    }
}

pub async fn app() -> TestApp {
    app_with(|_| {}, true).await
}

/// A browser: its cookies, and the CSRF token it echoes.
#[derive(Default, Clone)]
pub struct Browser {
    pub cookies: BTreeMap<String, String>,
    pub send_csrf: bool,
}

impl Browser {
    pub fn new() -> Self {
        Browser { cookies: BTreeMap::new(), send_csrf: true }
    }

    fn cookie_header(&self) -> String {
        self.cookies.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ")
    }

    pub async fn send(&mut self, app: &TestApp, req: Request<Body>) -> Answer {
        let res = app.router.clone().oneshot(req).await.expect("router answers");
        for v in res.headers().get_all(header::SET_COOKIE) {
            let v = v.to_str().unwrap();
            let (kv, attrs) = v.split_once(';').unwrap_or((v, ""));
            let (k, val) = kv.split_once('=').unwrap();
            if attrs.contains("Max-Age=0") || val.is_empty() {
                self.cookies.remove(k);
            } else {
                self.cookies.insert(k.to_string(), val.to_string());
            }
        }
        let status = res.status();
        let headers = res.headers().clone();
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        Answer { status, headers, text: String::from_utf8_lossy(&bytes).into_owned() }
    }

    pub async fn get(&mut self, app: &TestApp, path: &str) -> Answer {
        let req = Request::get(path).header(header::COOKIE, self.cookie_header()).body(Body::empty()).unwrap();
        self.send(app, req).await
    }

    /// A JSON call as the web app makes it (fetching a page first if the browser has no CSRF cookie yet).
    pub async fn json(&mut self, app: &TestApp, method: &str, path: &str, body: serde_json::Value) -> Answer {
        if self.send_csrf && !self.cookies.contains_key("csrftoken") {
            self.get(app, "/healthz").await;
        }
        let mut req = Request::builder().method(method).uri(path).header(header::CONTENT_TYPE, "application/json").header(header::COOKIE, self.cookie_header());
        if self.send_csrf {
            req = req.header("X-CSRFToken", self.cookies.get("csrftoken").cloned().unwrap_or_default());
        }
        self.send(app, req.body(Body::from(body.to_string())).unwrap()).await
    }

    pub async fn post(&mut self, app: &TestApp, path: &str, body: serde_json::Value) -> Answer {
        self.json(app, "POST", path, body).await
    }

    /// Logs in through the real OTP flow, reading the code from the outbox.
    pub async fn login(&mut self, app: &TestApp, mobile: &str) -> serde_json::Value {
        let sent = self.post(app, "/api/v1/auth/otp/", serde_json::json!({ "mobile": mobile })).await;
        assert_eq!(sent.status, 200, "{}", sent.text);
        let code = latest_code(app, mobile).await;
        let done = self.post(app, "/api/v1/auth/login/", serde_json::json!({ "mobile": mobile, "otp": code })).await;
        assert_eq!(done.status, 200, "{}", done.text);
        done.json()
    }
}

/// The six digits of the newest SMS to `mobile`.
pub async fn latest_code(app: &TestApp, mobile: &str) -> String {
    let msgs = app.db.store.recent_messages(20).await.unwrap();
    let m = msgs.iter().find(|m| m.recipient == mobile).expect("an SMS");
    m.body.chars().take(6).collect()
}

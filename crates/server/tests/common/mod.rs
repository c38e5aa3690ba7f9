//! An in-process client for the real router: keeps cookies and sends the CSRF token like the web app.

#![allow(dead_code)]

pub mod shopping;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use chrono::{TimeZone, Utc};
use drape_domain::clock::FixedClock;
use drape_server::config::Config;
use drape_server::{routes, AppState};
use drape_store::testing::TestDb;
use http_body_util::BodyExt;
use std::collections::BTreeMap;
use std::net::SocketAddr;
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

/// The engine this run of the HTTP suite uses: SQLite, or PostgreSQL with `DRAPE_TEST_ENGINE=postgres`
/// (`make test` runs the suite once on each).
pub async fn test_db() -> TestDb {
    match std::env::var("DRAPE_TEST_ENGINE").as_deref() {
        Ok("postgres") => TestDb::postgres().await.expect("DRAPE_TEST_ENGINE=postgres needs a reachable PostgreSQL"),
        _ => TestDb::sqlite().await,
    }
}

pub async fn app_with(config_change: impl FnOnce(&mut Config), seed: bool) -> TestApp {
    app_on(test_db().await, config_change, seed).await
}

/// The demo shop on this run's engine, for the tests that loop over engines.
pub async fn apps() -> Vec<TestApp> {
    vec![app().await]
}

pub async fn app_on(db: TestDb, config_change: impl FnOnce(&mut Config), seed: bool) -> TestApp {
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
    /// A second server process on this test's database: its own store connection, its own kept
    /// answers and shoppers, the same web app.
    pub async fn second_process(&self) -> TestApp {
        let store = drape_store::Store::open(self.db.url()).await.expect("a second connection");
        let mut config = Config::for_tests("sqlite://unused");
        config.web_dir = self.state.config.web_dir.clone();
        let state = AppState::new(store, self.clock.clone(), config);
        // Not this process's database: only there so the struct is whole.
        let db = TestDb::sqlite().await;
        TestApp { router: routes::router(state.clone()), db, clock: self.clock.clone(), state }
    }

    pub fn engine(&self) -> &'static str {
        self.db.engine
    }

    pub fn clock_now(&self) -> chrono::DateTime<Utc> {
        use drape_domain::clock::Clock;
        self.clock.now()
    }
}

pub async fn app() -> TestApp {
    app_with(|_| {}, true).await
}

/// The demo shop also listening on a real port, with the payment sandbox mounted there: the payment
/// adapter reaches the sandbox over HTTP, and the sandbox posts its webhooks back, as in production.
pub async fn serving_app() -> TestApp {
    serving_app_with(drape_server::config::Provider::Razorpay).await
}

/// `serving_app` with new payments going to `provider`.
pub async fn serving_app_with(provider: drape_server::config::Provider) -> TestApp {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a free port");
    let addr = listener.local_addr().unwrap();
    let app = app_with(
        |c| {
            c.listen = addr;
            c.payments = drape_server::config::PaymentConfig::sandbox(addr);
            c.payments.provider = provider;
        },
        true,
    )
    .await;
    let router = app.router.clone();
    tokio::spawn(async move {
        axum::serve(listener, router.into_make_service_with_connect_info::<SocketAddr>()).await.expect("serving");
    });
    app
}

/// A browser: its cookies, and the CSRF token it echoes.
#[derive(Default, Clone)]
pub struct Browser {
    pub cookies: BTreeMap<String, String>,
    pub send_csrf: bool,
    /// The address the server sees this browser connect from (none: "unknown", as in-process).
    pub peer: Option<SocketAddr>,
}

impl Browser {
    pub fn new() -> Self {
        Browser { cookies: BTreeMap::new(), send_csrf: true, peer: None }
    }

    /// A browser connecting from `ip`.
    pub fn at(ip: &str) -> Self {
        Browser { peer: Some(SocketAddr::new(ip.parse().expect("an IP address"), 40000)), ..Browser::new() }
    }

    pub fn cookie_header_value(&self) -> String {
        self.cookie_header()
    }

    /// A JSON request as the web app sends it, not sent yet (for bursts). Needs the CSRF cookie already.
    pub fn json_request(&self, method: &str, path: &str, body: &serde_json::Value) -> Request<Body> {
        let mut req = Request::builder().method(method).uri(path).header(header::CONTENT_TYPE, "application/json").header(header::COOKIE, self.cookie_header());
        if self.send_csrf {
            req = req.header("X-CSRFToken", self.cookies.get("csrftoken").cloned().unwrap_or_default());
        }
        let mut req = req.body(Body::from(body.to_string())).unwrap();
        if let Some(peer) = self.peer {
            req.extensions_mut().insert(ConnectInfo(peer));
        }
        req
    }

    /// A GET as this browser sends it, not sent yet: like the web app (spec 000 §7), it echoes the CSRF
    /// cookie in `X-CSRFToken` on every call once it has one.
    pub fn get_request(&self, path: &str) -> Request<Body> {
        let mut req = Request::get(path).header(header::COOKIE, self.cookie_header());
        if let Some(token) = self.cookies.get("csrftoken").filter(|_| self.send_csrf) {
            req = req.header("X-CSRFToken", token.clone());
        }
        let mut req = req.body(Body::empty()).unwrap();
        if let Some(peer) = self.peer {
            req.extensions_mut().insert(ConnectInfo(peer));
        }
        req
    }

    /// The same GET with these headers too (`Accept-Encoding`, `If-None-Match`), not sent yet.
    pub fn get_request_with(&self, path: &str, headers: &[(&str, &str)]) -> Request<Body> {
        let mut req = self.get_request(path);
        for (name, value) in headers {
            req.headers_mut().insert(header::HeaderName::from_bytes(name.as_bytes()).unwrap(), value.parse().unwrap());
        }
        req
    }

    /// Keeps (or forgets) the cookies an answer sets, as a browser does; for answers got another way (`burst`).
    pub fn keep_cookies(&mut self, headers: &axum::http::HeaderMap) {
        for v in headers.get_all(header::SET_COOKIE) {
            let v = v.to_str().unwrap();
            let (kv, attrs) = v.split_once(';').unwrap_or((v, ""));
            let (k, val) = kv.split_once('=').unwrap();
            if attrs.contains("Max-Age=0") || val.is_empty() {
                self.cookies.remove(k);
            } else {
                self.cookies.insert(k.to_string(), val.to_string());
            }
        }
    }

    fn cookie_header(&self) -> String {
        self.cookies.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ")
    }

    pub async fn send(&mut self, app: &TestApp, mut req: Request<Body>) -> Answer {
        if let Some(peer) = self.peer {
            req.extensions_mut().insert(ConnectInfo(peer));
        }
        let res = app.router.clone().oneshot(req).await.expect("router answers");
        self.keep_cookies(res.headers());
        let status = res.status();
        let headers = res.headers().clone();
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        Answer { status, headers, text: String::from_utf8_lossy(&bytes).into_owned() }
    }

    pub async fn get(&mut self, app: &TestApp, path: &str) -> Answer {
        let req = self.get_request(path);
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

    /// A form post as a page sends it, not sent yet (for bursts): the CSRF token in the
    /// csrfmiddlewaretoken field, no header. Needs the CSRF cookie already.
    pub fn form_request(&self, path: &str, fields: &[(&str, &str)]) -> Request<Body> {
        let token = self.cookies.get("csrftoken").cloned().unwrap_or_default();
        let mut pairs: Vec<(&str, &str)> = fields.to_vec();
        if self.send_csrf {
            pairs.push(("csrfmiddlewaretoken", &token));
        }
        let body = serde_urlencoded::to_string(&pairs).expect("form fields");
        let mut req = Request::post(path)
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .header(header::COOKIE, self.cookie_header())
            .body(Body::from(body))
            .unwrap();
        if let Some(peer) = self.peer {
            req.extensions_mut().insert(ConnectInfo(peer));
        }
        req
    }

    pub async fn form(&mut self, app: &TestApp, path: &str, fields: &[(&str, &str)]) -> Answer {
        if !self.cookies.contains_key("csrftoken") {
            self.get(app, "/healthz").await;
        }
        let req = self.form_request(path, fields);
        self.send(app, req).await
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

/// Fires every request at once (held at a barrier, then released together, on the multi-thread
/// runtime) and answers in the order given: the burst that a limit must survive.
/// Runs `during` while 16 clients keep asking `page` as `b` (requests in flight sharing reads and
/// filling what is kept), from 20 ms before it until it is done.
pub async fn while_busy<T>(app: &TestApp, b: &Browser, page: &str, during: impl std::future::Future<Output = T>) -> T {
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let busy: Vec<_> = (0..16)
        .map(|_| {
            let (router, stop, req, page) = (app.router.clone(), stop.clone(), b.clone(), page.to_string());
            tokio::spawn(async move {
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    let _ = router.clone().oneshot(req.get_request(&page)).await;
                }
            })
        })
        .collect();
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    let out = during.await;
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for t in busy {
        t.await.unwrap();
    }
    out
}

pub async fn burst(app: &TestApp, requests: Vec<Request<Body>>) -> Vec<Answer> {
    let gate = Arc::new(tokio::sync::Barrier::new(requests.len()));
    let tasks: Vec<_> = requests
        .into_iter()
        .map(|req| {
            let router = app.router.clone();
            let gate = gate.clone();
            tokio::spawn(async move {
                gate.wait().await;
                let res = router.oneshot(req).await.expect("router answers");
                let status = res.status();
                let headers = res.headers().clone();
                let bytes = res.into_body().collect().await.unwrap().to_bytes();
                Answer { status, headers, text: String::from_utf8_lossy(&bytes).into_owned() }
            })
        })
        .collect();
    let mut answers = Vec::new();
    for t in tasks {
        answers.push(t.await.expect("no panic"));
    }
    answers
}

/// How many answers have this status.
pub fn count_status(answers: &[Answer], status: u16) -> usize {
    answers.iter().filter(|a| a.status.as_u16() == status).count()
}

/// The demo shop serving a web app whose index.html is `index`, from a folder of its own (`name`),
/// which the caller removes at the end.
pub async fn app_serving_index(name: &str, index: &str) -> (TestApp, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("{name}_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("index.html"), index).unwrap();
    let d = dir.clone();
    (app_with(move |c| c.web_dir = d, true).await, dir)
}

/// The answers a page drawn whole carries in its HTML (`#drawn-answers`), by the URL the app asks
/// them at.
pub fn drawn_answers(html: &str) -> serde_json::Map<String, serde_json::Value> {
    const OPEN: &str = r#"<script type="application/json" id="drawn-answers">"#;
    let start = html.find(OPEN).unwrap_or_else(|| panic!("no drawn answers: {html}")) + OPEN.len();
    let end = start + html[start..].find("</script>").unwrap();
    assert!(!html[start..end].contains('<'), "nothing in the script's text can end it or open a comment");
    serde_json::from_str::<serde_json::Value>(&html[start..end]).unwrap().as_object().unwrap().clone()
}

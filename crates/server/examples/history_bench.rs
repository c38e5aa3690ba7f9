//! `make bench`'s order history: one shopper with 200 orders (mixed statuses, one to three lines
//! each) reads their history through the real router (in process, like order_bench: HTTP parsing is
//! left out, everything from the session to the JSON is in) over the pages and filters: first one
//! request at a time (the shopper's own wait, held to the 20 ms p99 budget), then 32 in flight
//! (requests/s and p99 under load). Usage: history_bench DATABASE_URL [REQUESTS].

use axum::body::Body;
use axum::http::Request;
use chrono::{Duration, Utc};
use drape_domain::clock::SystemClock;
use drape_domain::orders::OrderStatus;
use drape_server::config::Config;
use drape_server::{routes, AppState};
use drape_store::orders::NewOrderItem;
use drape_store::Store;
use std::sync::Arc;
use std::time::Instant;
use tower::ServiceExt;

const IN_FLIGHT: usize = 32;
const ORDERS: usize = 200;
const BUDGET_MS: f64 = 20.0;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let url = args.next().unwrap_or_else(|| "sqlite://target/history-bench.db".into());
    let requests: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(5_000);
    let store = Store::open(&url).await?;
    let now = Utc::now();
    store.seed_demo(now).await?;
    let user = store.user_for_mobile(&format!("7{:09}", now.timestamp() % 1_000_000_000), now).await?;
    let products: Vec<i64> = store.list_products(Some(&[1]), 20, 0).await?.products.into_iter().map(|p| p.id).collect();
    let statuses =
        [OrderStatus::Delivered, OrderStatus::Delivered, OrderStatus::Cancelled, OrderStatus::Shipped, OrderStatus::Verified, OrderStatus::PaymentFailed];
    for i in 0..ORDERS {
        let items: Vec<NewOrderItem> = (0..1 + i % 3)
            .map(|k| NewOrderItem {
                product_id: products[(i + k) % products.len()],
                size_value: "34B".into(),
                combo1: String::new(),
                combo2: String::new(),
                quantity: 1,
                price: 79_900,
            })
            .collect();
        store.create_order(user.id, statuses[i % statuses.len()].name(), &items, now - Duration::hours(6 * (ORDERS - i) as i64)).await?;
    }
    let token = format!("{:064x}", now.timestamp_nanos_opt().unwrap_or_default() as u128);
    store.create_session(&token, user.id, now, now + Duration::days(1)).await?;
    let mut config = Config::for_tests(&url);
    config.demo = false;
    let router = routes::router(AppState::new(store.clone(), Arc::new(SystemClock), config));
    let paths = [
        "/order/history/",
        "/order/history/?page=2",
        "/order/history/?page=40",
        "/order/history/?status=Delivered&page=3",
        "/order/history/?time_period=last_30_days",
    ];
    let request = |path: &str| {
        Request::get(path).header("cookie", format!("sessionid={token}")).header("x-requested-with", "XMLHttpRequest").body(Body::empty()).unwrap()
    };
    // Warm: every path answers with three orders' worth of JSON.
    for p in paths {
        let res = router.clone().oneshot(request(p)).await?;
        anyhow::ensure!(res.status() == 200, "{p} answered {}", res.status());
    }
    // The shopper's own wait: one request at a time.
    let mut alone = Vec::with_capacity(500);
    for i in 0..500 {
        let t = Instant::now();
        let res = router.clone().oneshot(request(paths[i % paths.len()])).await?;
        anyhow::ensure!(res.status() == 200, "answered {}", res.status());
        let _ = http_body_util::BodyExt::collect(res.into_body()).await?;
        alone.push(t.elapsed());
    }
    alone.sort();
    let alone_p99 = alone[alone.len() * 99 / 100].as_secs_f64() * 1000.0;
    println!(
        "{:<44} {:>12} {:>10.1}ms {}",
        format!("GET /order/history/ ({}, one at a time)", store.engine().name()),
        "",
        alone_p99,
        if alone_p99 > BUDGET_MS { format!("OVER the {BUDGET_MS} ms budget") } else { String::new() }
    );
    let gate = Arc::new(tokio::sync::Semaphore::new(IN_FLIGHT));
    let started = Instant::now();
    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..requests {
        let permit = gate.clone().acquire_owned().await?;
        let req = request(paths[i % paths.len()]);
        let router = router.clone();
        tasks.spawn(async move {
            let t = Instant::now();
            let status = router.oneshot(req).await.map(|r| r.status().as_u16()).unwrap_or(0);
            drop(permit);
            (status, t.elapsed())
        });
    }
    let mut latencies = Vec::with_capacity(requests);
    let mut failed = 0;
    while let Some(done) = tasks.join_next().await {
        let (status, took) = done?;
        failed += (status != 200) as usize;
        latencies.push(took);
    }
    let elapsed = started.elapsed();
    latencies.sort();
    let p99 = latencies[(latencies.len() * 99 / 100).min(latencies.len() - 1)].as_secs_f64() * 1000.0;
    println!(
        "{:<44} {:>12.1} {:>10.1}ms {}{}",
        format!("GET /order/history/ ({}, {ORDERS} orders, 32 in flight)", store.engine().name()),
        requests as f64 / elapsed.as_secs_f64(),
        p99,
        if p99 > BUDGET_MS { "(32 in flight on this machine's 2 cores) ".to_string() } else { String::new() },
        if failed > 0 { format!("{failed} failed") } else { String::new() }
    );
    Ok(())
}

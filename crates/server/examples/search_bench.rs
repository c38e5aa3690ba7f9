//! `make bench`'s search and listings on a large catalog (20,000 products by default, `drape seed
//! --products`): search suggestions as shoppers type and a listing with two filters and a sort, each
//! with 64 requests in flight through the real router (in process, like history_bench: HTTP parsing
//! is left out). Budgets: suggestions p99 ≤ 20 ms, the filtered listing p99 ≤ 30 ms.
//! Usage: search_bench DATABASE_URL [PRODUCTS] [REQUESTS].

use axum::body::Body;
use axum::http::Request;
use chrono::Utc;
use drape_domain::clock::SystemClock;
use drape_server::config::Config;
use drape_server::{routes, AppState};
use drape_store::Store;
use std::sync::Arc;
use std::time::Instant;
use tower::ServiceExt;

const IN_FLIGHT: usize = 64;

/// `warm`: each path is asked once before the clock starts (so the timed requests find worked-out
/// answers, as repeated questions do); cold runs ask each path for the first time under load.
async fn run(router: &axum::Router, label: &str, paths: &[String], requests: usize, budget_ms: f64, warm: bool) -> anyhow::Result<()> {
    if warm {
        for p in paths {
            let res = router.clone().oneshot(Request::get(p.as_str()).body(Body::empty())?).await?;
            anyhow::ensure!(res.status() == 200, "{p} answered {}", res.status());
        }
    }
    let gate = Arc::new(tokio::sync::Semaphore::new(IN_FLIGHT));
    let started = Instant::now();
    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..requests {
        let permit = gate.clone().acquire_owned().await?;
        let req = Request::get(paths[i % paths.len()].as_str()).body(Body::empty())?;
        let router = router.clone();
        tasks.spawn(async move {
            let t = Instant::now();
            let res = router.oneshot(req).await;
            let status = match res {
                Ok(r) => {
                    let s = r.status().as_u16();
                    let _ = http_body_util::BodyExt::collect(r.into_body()).await;
                    s
                }
                Err(_) => 0,
            };
            drop(permit);
            (status, t.elapsed())
        });
    }
    let mut latencies = Vec::with_capacity(requests);
    let mut failed = 0;
    while let Some(done) = tasks.join_next().await {
        let (status, took) = done?;
        failed += usize::from(status != 200);
        latencies.push(took);
    }
    let elapsed = started.elapsed();
    latencies.sort();
    let p99 = latencies[(latencies.len() * 99 / 100).min(latencies.len() - 1)].as_secs_f64() * 1000.0;
    println!(
        "{label:<44} {:>12.1} {:>10.1}ms {}{}",
        requests as f64 / elapsed.as_secs_f64(),
        p99,
        if p99 > budget_ms { format!("OVER the {budget_ms} ms budget ") } else { format!("(budget {budget_ms} ms) ") },
        if failed > 0 { format!("{failed} failed") } else { String::new() }
    );
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let url = args.next().unwrap_or_else(|| "sqlite://target/search-bench.db?mode=rwc".into());
    let products: i64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(20_000);
    let requests: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(5_000);
    let store = Store::open(&url).await?;
    store.seed_demo(Utc::now()).await?;
    let t = Instant::now();
    let added = store.seed_more(products, Utc::now()).await?;
    if added > 0 {
        println!("(loaded {added} more products in {:.1} s)", t.elapsed().as_secs_f64());
    }
    let mut config = Config::for_tests(&url);
    config.demo = false;
    let router = routes::router(AppState::new(store.clone(), Arc::new(SystemClock), config));
    let t = Instant::now();
    let first = router.clone().oneshot(Request::get("/web/api/v1/drape-search/?q=br").body(Body::empty())?).await?;
    anyhow::ensure!(first.status() == 200);
    println!("(first search builds the index of {products} products: {:.0} ms)", t.elapsed().as_secs_f64() * 1000.0);
    let typed = ["br", "bra", "stra", "strapless brs", "leggins", "nite suit", "red 36c", "hipstar", "sports bra", "cotton panty", "lace", "pyjama"];
    let suggest: Vec<String> = typed.iter().map(|q| format!("/web/api/v1/drape-search/?q={}", q.replace(' ', "%20"))).collect();
    run(&router, &format!("GET drape-search suggestions ({}, {products})", store.engine().name()), &suggest, requests, 20.0, true).await?;
    // Questions nobody asked before: every one works its answer out under load.
    let mut fresh = Vec::new();
    for style in [
        "padded",
        "lace",
        "cotton",
        "push up",
        "seamless",
        "sports",
        "t-shirt",
        "strapless",
        "minimiser",
        "nightie",
        "leggings",
        "hipster",
        "bikini",
        "boyshorts",
        "pyjama",
        "bralette",
        "kurti",
        "slip",
        "brief",
        "camisole",
    ] {
        for colour in ["", " black", " nude", " red", " white", " navy", " maroon", " pink", " blue", " grey"] {
            for size in ["", " 34b", " m"] {
                fresh.push(format!("/web/api/v1/drape-search/?q={}", format!("{style}{colour}{size}").replace(' ', "%20")));
            }
        }
    }
    let n = fresh.len();
    run(&router, &format!("  … each asked for the first time ({n})"), &fresh, n, 20.0, false).await?;
    // The rows above meet each word again and again (as shoppers' words do); here every query has a
    // word nobody typed before (a letter left out), so its matches are worked out under load too.
    let mut unseen = Vec::new();
    for style in ["padded", "seamless", "strapless", "minimiser", "nightie", "leggings", "hipster", "boyshorts", "pyjama", "bralette", "camisole", "lounge"] {
        for k in 1..style.len() {
            let typo: String = style.chars().enumerate().filter(|(i, _)| *i != k).map(|(_, c)| c).collect();
            for colour in ["", " black"] {
                unseen.push(format!("/web/api/v1/drape-search/?q={typo}{}", colour.replace(' ', "%20")));
            }
        }
    }
    unseen.sort();
    unseen.dedup();
    let n = unseen.len();
    run(&router, &format!("  … with a word never typed before ({n})"), &unseen, n, 20.0, false).await?;
    let lists: Vec<String> = [
        "/web/api/v1/products/?category_slug=bras&color=Black,Nude&size=34B&sort=price_asc",
        "/web/api/v1/products/?category_slug=panties&style=Cotton&in_stock=1&sort=discount",
        "/web/api/v1/products/?category_slug=bras&price=500-1500&discount=20&page=3",
        "/web/api/v1/products/?q=lace%20bra&color=Black&sort=newest",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    run(&router, &format!("GET filtered listing ({}, {products})", store.engine().name()), &lists, requests, 30.0, true).await?;
    let mut fresh = Vec::new();
    for category in ["bras", "panties", "nightwear"] {
        for size in ["32B", "34B", "36C", "38D", "S", "M", "L", "XL"] {
            for colour in ["Black", "Nude", "Red", "White", "Navy", "Maroon"] {
                for sort in ["popularity", "newest", "price_asc", "price_desc", "discount", "rating"] {
                    fresh.push(format!("/web/api/v1/products/?category_slug={category}&size={size}&color={colour}&sort={sort}"));
                }
            }
        }
    }
    let n = fresh.len();
    run(&router, &format!("  … each asked for the first time ({n})"), &fresh, n, 30.0, false).await?;
    Ok(())
}

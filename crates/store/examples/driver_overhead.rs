//! How much sqlx's `Any` driver costs against the engines' own drivers, for the queries the shop runs
//! most (a product by slug, a product's sizes, a cart's lines). Run it on this machine with
//! `cargo run --release -p drape-store --example driver_overhead` (PostgreSQL from DRAPE_TEST_DATABASE_URL
//! or the local one when reachable); docs/decisions.md records the result.

use drape_store::testing::TestDb;
use std::time::Instant;

const N: u32 = 5_000;

fn report(what: &str, any: std::time::Duration, typed: std::time::Duration) {
    let per = |d: std::time::Duration| d.as_secs_f64() * 1e6 / N as f64;
    println!("{what:<40} any {:>7.1} µs   typed {:>7.1} µs   any/typed {:.2}", per(any), per(typed), per(any) / per(typed));
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let now = chrono::Utc::now();
    let sqlite = TestDb::sqlite().await;
    sqlite.store.seed_demo(now).await.unwrap();
    let slug = "everyday-padded-t-shirt-bra-black";
    let p = sqlite.store.product_by_slug(slug).await.unwrap();
    let url = sqlite.url().to_string();

    // The same SQL through the Any pool (the store) and through a native pool on the same file.
    let typed = sqlx::sqlite::SqlitePoolOptions::new().max_connections(8).connect(&url).await.unwrap();
    let sql = "SELECT id, value, stock FROM sizes WHERE product_id = $1 ORDER BY part, position";
    let t = Instant::now();
    for _ in 0..N {
        let _ = sqlite.store.sizes(p.id).await.unwrap();
    }
    let any = t.elapsed();
    let t = Instant::now();
    for _ in 0..N {
        let _: Vec<(i64, String, i64)> = sqlx::query_as(sql).bind(p.id).fetch_all(&typed).await.unwrap();
    }
    report("sqlite: sizes of a product (store vs 3 cols)", any, t.elapsed());
    let t = Instant::now();
    for _ in 0..N {
        let _: Vec<(i64, String, i64)> = sqlx::query_as(sql).bind(p.id).fetch_all(sqlite.any_pool()).await.unwrap();
    }
    let any = t.elapsed();
    let t = Instant::now();
    for _ in 0..N {
        let _: Vec<(i64, String, i64)> = sqlx::query_as(sql).bind(p.id).fetch_all(&typed).await.unwrap();
    }
    report("sqlite: same 3-column query", any, t.elapsed());

    if let Some(pg) = TestDb::postgres().await {
        pg.store.seed_demo(now).await.unwrap();
        let p = pg.store.product_by_slug(slug).await.unwrap();
        let typed = sqlx::postgres::PgPoolOptions::new().max_connections(8).connect(pg.url()).await.unwrap();
        let t = Instant::now();
        for _ in 0..N {
            let _: Vec<(i64, String, i64)> = sqlx::query_as(sql).bind(p.id).fetch_all(pg.any_pool()).await.unwrap();
        }
        let any = t.elapsed();
        let t = Instant::now();
        for _ in 0..N {
            let _: Vec<(i64, String, i64)> = sqlx::query_as(sql).bind(p.id).fetch_all(&typed).await.unwrap();
        }
        report("postgres: same 3-column query", any, t.elapsed());
        pg.finish().await;
    }
    sqlite.finish().await;
}

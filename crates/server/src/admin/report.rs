//! `drape admin report`: what shoppers did, per product and day (views, adds to cart, pieces
//! ordered), and what they searched.

use drape_domain::clock::Clock;
use drape_store::Store;
use std::collections::BTreeMap;

#[derive(clap::Args)]
pub struct Args {
    /// How many days back, today included.
    #[arg(long, default_value_t = 7)]
    pub days: i64,
}

pub fn check(args: &Args) -> anyhow::Result<i64> {
    anyhow::ensure!((1..=90).contains(&args.days), "days is 1 to 90");
    Ok(args.days)
}

#[derive(Default)]
struct Counts {
    views: i64,
    adds: i64,
    ordered: i64,
}

pub async fn run(days: i64, store: &Store, clock: &dyn Clock) -> anyhow::Result<()> {
    print!("{}", report(days, store, clock).await?);
    Ok(())
}

/// The report's text: a line per day and product (newest day first), then the popular searches.
pub async fn report(days: i64, store: &Store, clock: &dyn Clock) -> anyhow::Result<String> {
    use std::fmt::Write;
    let mut out = String::new();
    let now = clock.now();
    let since = (now - chrono::Duration::days(days - 1)).date_naive().and_hms_opt(0, 0, 0).unwrap_or_default().and_utc();
    let mut rows: BTreeMap<(String, i64), Counts> = BTreeMap::new();
    let day = |ms: i64| chrono::DateTime::from_timestamp_millis(ms).map(|t| t.format("%Y-%m-%d").to_string()).unwrap_or_default();
    for (product, event, at) in store.product_events_since(since).await? {
        let c = rows.entry((day(at), product)).or_default();
        match event.as_str() {
            "product_viewed" => c.views += 1,
            "added_to_cart" => c.adds += 1,
            _ => {}
        }
    }
    for (product, quantity, at) in store.ordered_pieces_since(since).await? {
        rows.entry((day(at), product)).or_default().ordered += quantity;
    }
    let ids: Vec<i64> = rows.keys().map(|k| k.1).collect();
    let names: BTreeMap<i64, String> = store.products_by_ids(&ids).await?.into_iter().map(|p| (p.id, format!("{} ({})", p.name, p.color_name))).collect();
    writeln!(out, "{:<10}  {:<44} {:>6} {:>6} {:>7}", "day", "product", "views", "adds", "ordered")?;
    for ((d, product), c) in rows.iter().rev() {
        let name = names.get(product).cloned().unwrap_or_else(|| format!("product {product}"));
        writeln!(out, "{d:<10}  {name:<44} {:>6} {:>6} {:>7}", c.views, c.adds, c.ordered)?;
    }
    writeln!(out)?;
    writeln!(out, "popular searches, last {days} days (searchers)")?;
    for (query, n) in store.popular_searches(now, days, 20).await? {
        writeln!(out, "  {n:>5}  {query}")?;
    }
    Ok(out)
}

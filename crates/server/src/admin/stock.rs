//! `drape admin stock`: set the stock of one size.

use anyhow::Context;
use drape_store::Store;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long)]
    pub sku: String,
    #[arg(long)]
    pub set: i64,
}

/// The units a size is to have.
#[derive(Debug, PartialEq)]
pub struct StockLevel {
    pub sku: String,
    pub units: i64,
}

pub fn check(args: &Args) -> anyhow::Result<StockLevel> {
    anyhow::ensure!(args.set >= 0, "stock cannot be negative");
    Ok(StockLevel { sku: args.sku.clone(), units: args.set })
}

pub async fn run(level: StockLevel, store: &Store, now: chrono::DateTime<chrono::Utc>) -> anyhow::Result<()> {
    let StockLevel { sku, units } = level;
    store.set_size_stock(&sku, units).await.with_context(|| format!("no size with sku {sku}"))?;
    println!("{sku}: stock {units}");
    if units > 0 {
        let told = tell_back_in_stock(store, &sku, now).await?;
        if told > 0 {
            println!("{told} notify-me requests answered");
        }
    }
    Ok(())
}

/// Answers the notify-me requests for a size that is back: an in-app notification for shoppers (unless
/// they turned them off), an SMS or e-mail to whatever number or address was left. Each request once.
pub async fn tell_back_in_stock(store: &Store, sku: &str, now: chrono::DateTime<chrono::Utc>) -> anyhow::Result<usize> {
    let requests = store.take_size_requests(sku).await?;
    for r in &requests {
        let text = format!("{} in size {} is back in stock at Drape. Shop it before it goes again.", r.product_name, r.size_value);
        let link = format!("/product/{}", r.slug);
        if let Some(user) = r.user_id {
            store.notify(user, drape_store::account::NotificationKind::Stock, "Back in stock", &text, &link, now).await?;
        }
        if !r.phone.is_empty() {
            store.enqueue_message("sms", &r.phone, &text, now).await?;
        }
        if !r.email.is_empty() {
            store.enqueue_message("email", &r.email, &text, now).await?;
        }
    }
    Ok(requests.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::{parse, refusal};

    #[test]
    fn negative_stock_is_refused() {
        assert_eq!(refusal(check(&parse(&["--sku", "BR1001-BLK-34B", "--set=-1"]))), "stock cannot be negative");
    }

    #[test]
    fn zero_and_more_is_a_stock_level() {
        assert_eq!(check(&parse(&["--sku", "BR1001-BLK-34B", "--set", "0"])).unwrap(), StockLevel { sku: "BR1001-BLK-34B".into(), units: 0 });
        assert_eq!(check(&parse(&["--sku", "BR1001-BLK-34B", "--set", "12"])).unwrap().units, 12);
    }
}

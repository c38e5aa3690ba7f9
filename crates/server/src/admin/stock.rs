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

pub async fn run(level: StockLevel, store: &Store) -> anyhow::Result<()> {
    let StockLevel { sku, units } = level;
    store.set_size_stock(&sku, units).await.with_context(|| format!("no size with sku {sku}"))?;
    println!("{sku}: stock {units}");
    Ok(())
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

//! `drape admin deal`: offer a last-minute deal at the cart, or end one.

use super::{ends, paise};
use anyhow::Context;
use drape_domain::clock::Clock;
use drape_store::Store;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long, required_unless_present = "end")]
    pub slug: Option<String>,
    /// Deal price in rupees.
    #[arg(long, required_unless_present = "end")]
    pub price: Option<i64>,
    #[arg(long, default_value_t = 2)]
    pub days: i64,
    /// End this deal now instead.
    #[arg(long)]
    pub end: Option<i64>,
}

#[derive(Debug, PartialEq)]
pub enum Deal {
    /// One product at a deal price (paise), from now for so many days.
    Start { slug: String, price: i64, days: i64 },
    /// End this running deal now.
    End(i64),
}

pub fn check(args: &Args) -> anyhow::Result<Deal> {
    if let Some(id) = args.end {
        return Ok(Deal::End(id));
    }
    // Clap asks for both unless --end is given; a missing price must not become a free deal.
    let (slug, price) = (args.slug.clone().unwrap_or_default(), args.price.unwrap_or(-1));
    anyhow::ensure!(price >= 0 && args.days > 0, "price must be 0 or more and days 1 or more");
    Ok(Deal::Start { slug, price: paise(price)?, days: args.days })
}

pub async fn run(deal: Deal, store: &Store, clock: &dyn Clock) -> anyhow::Result<()> {
    match deal {
        Deal::End(id) => {
            anyhow::ensure!(store.end_deal(id, clock.now()).await?, "no running deal {id}");
            println!("deal {id} ended");
        }
        Deal::Start { slug, price, days } => {
            let p = store.product_by_slug(&slug).await.with_context(|| format!("no product {slug}"))?;
            let now = clock.now();
            let id = store.add_deal(p.id, price, now, ends(now, days)?).await?;
            println!("deal {id}: {} at ₹{} for {days} days", p.name, price / 100);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::{parse, refusal, try_parse};

    #[test]
    fn a_deal_without_a_price_is_refused_not_made_free() {
        let refused = try_parse::<Args>(&["--slug", "cotton-bikini-brief-navy"]).err().expect("clap asks for the price");
        assert!(refused.to_string().contains("--price"), "{refused}");
        let args = Args { slug: Some("cotton-bikini-brief-navy".into()), price: None, days: 2, end: None };
        assert_eq!(refusal(check(&args)), "price must be 0 or more and days 1 or more");
    }

    #[test]
    fn a_negative_price_or_no_days_is_refused() {
        let message = "price must be 0 or more and days 1 or more";
        assert_eq!(refusal(check(&parse(&["--slug", "cotton-bikini-brief-navy", "--price=-5"]))), message);
        assert_eq!(refusal(check(&parse(&["--slug", "cotton-bikini-brief-navy", "--price", "149", "--days", "0"]))), message);
    }

    #[test]
    fn a_deal_price_is_kept_in_paise_for_two_days_unless_told() {
        let deal = check(&parse(&["--slug", "cotton-bikini-brief-navy", "--price", "149"])).unwrap();
        assert_eq!(deal, Deal::Start { slug: "cotton-bikini-brief-navy".into(), price: 14_900, days: 2 });
        let free = check(&parse(&["--slug", "x", "--price", "0", "--days", "5"])).unwrap();
        assert_eq!(free, Deal::Start { slug: "x".into(), price: 0, days: 5 });
    }

    #[test]
    fn end_needs_nothing_else_and_wins_over_the_rest() {
        assert_eq!(check(&parse(&["--end", "3"])).unwrap(), Deal::End(3));
        assert_eq!(check(&parse(&["--end", "3", "--slug", "x", "--price=-1"])).unwrap(), Deal::End(3));
    }
}

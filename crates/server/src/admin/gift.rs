//! `drape admin gift`: offer a gift at the cart, free or paid, or end one.

use super::{ends, paise};
use anyhow::Context;
use drape_domain::clock::Clock;
use drape_store::Store;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long, required_unless_present = "end")]
    pub title: Option<String>,
    #[arg(long, required_unless_present = "end")]
    pub slug: Option<String>,
    /// Rupees; 0 for a free gift.
    #[arg(long, default_value_t = 0)]
    pub price: i64,
    /// Rupees.
    #[arg(long, default_value_t = 0)]
    pub min_order: i64,
    #[arg(long, default_value_t = 30)]
    pub days: i64,
    /// End this gift offer now instead.
    #[arg(long)]
    pub end: Option<i64>,
}

#[derive(Debug, PartialEq)]
pub enum Gift {
    /// A product offered at a price (paise; 0 is free) to carts of a minimum order (paise), for so many days.
    Start { title: String, slug: String, price: i64, min_order: i64, days: i64 },
    /// End this running gift offer now.
    End(i64),
}

pub fn check(args: &Args) -> anyhow::Result<Gift> {
    if let Some(id) = args.end {
        return Ok(Gift::End(id));
    }
    let (title, slug) = (args.title.clone().unwrap_or_default(), args.slug.clone().unwrap_or_default());
    anyhow::ensure!(!title.trim().is_empty(), "a gift offer needs a title");
    anyhow::ensure!(args.price >= 0 && args.min_order >= 0 && args.days > 0, "price and minimum order must be 0 or more, days 1 or more");
    Ok(Gift::Start { title, slug, price: paise(args.price)?, min_order: paise(args.min_order)?, days: args.days })
}

pub async fn run(gift: Gift, store: &Store, clock: &dyn Clock) -> anyhow::Result<()> {
    match gift {
        Gift::End(id) => {
            anyhow::ensure!(store.end_gift_offer(id, clock.now()).await?, "no running gift offer {id}");
            println!("gift offer {id} ended");
        }
        Gift::Start { title, slug, price, min_order, days } => {
            let p = store.product_by_slug(&slug).await.with_context(|| format!("no product {slug}"))?;
            let now = clock.now();
            let id = store.add_gift_offer(&title, p.id, price, min_order, now, ends(now, days)?).await?;
            println!("gift offer {id}: {title}");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::{parse, refusal};

    #[test]
    fn a_gift_without_a_title_is_refused() {
        for bad in ["", "  "] {
            assert_eq!(refusal(check(&parse(&["--title", bad, "--slug", "cotton-hipster-black"]))), "a gift offer needs a title", "{bad:?}");
        }
    }

    #[test]
    fn a_negative_price_or_minimum_or_no_days_is_refused() {
        let message = "price and minimum order must be 0 or more, days 1 or more";
        for bad in ["--price=-1", "--min-order=-1", "--days=0"] {
            assert_eq!(refusal(check(&parse(&["--title", "Free brief", "--slug", "cotton-hipster-black", bad]))), message, "{bad}");
        }
    }

    #[test]
    fn a_gift_is_free_by_default_and_its_money_kept_in_paise() {
        let free = check(&parse(&["--title", "Free brief", "--slug", "cotton-hipster-black"])).unwrap();
        assert_eq!(free, Gift::Start { title: "Free brief".into(), slug: "cotton-hipster-black".into(), price: 0, min_order: 0, days: 30 });
        let paid = check(&parse(&["--title", "A slip for ₹499", "--slug", "satin-slip", "--price", "499", "--min-order", "999", "--days", "7"])).unwrap();
        assert_eq!(paid, Gift::Start { title: "A slip for ₹499".into(), slug: "satin-slip".into(), price: 49_900, min_order: 99_900, days: 7 });
    }

    #[test]
    fn end_needs_nothing_else() {
        assert_eq!(check(&parse(&["--end", "2"])).unwrap(), Gift::End(2));
    }
}

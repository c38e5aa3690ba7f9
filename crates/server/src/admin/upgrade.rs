//! `drape admin upgrade`: add a rung to the cart's upgrade ladder, or end one.

use super::{ends, paise};
use drape_domain::clock::Clock;
use drape_store::Store;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long, required_unless_present = "end")]
    pub title: Option<String>,
    /// Rupees the cart must reach (after bundle prices); 0 makes it for every cart, so it must be said.
    #[arg(long, required_unless_present = "end")]
    pub min_value: Option<i64>,
    /// Rupees off.
    #[arg(long, required_unless_present = "end")]
    pub discount: Option<i64>,
    #[arg(long, default_value_t = 30)]
    pub days: i64,
    /// End this upgrade option now instead.
    #[arg(long)]
    pub end: Option<i64>,
}

#[derive(Debug, PartialEq)]
pub enum Upgrade {
    /// So much off (paise) carts that reach a value (paise), for so many days.
    Add { title: String, min_value: i64, discount: i64, days: i64 },
    /// End this running upgrade option now.
    End(i64),
}

pub fn check(args: &Args) -> anyhow::Result<Upgrade> {
    if let Some(id) = args.end {
        return Ok(Upgrade::End(id));
    }
    let (title, min_value, discount) = (args.title.clone().unwrap_or_default(), args.min_value.unwrap_or(-1), args.discount.unwrap_or(0));
    anyhow::ensure!(
        !title.trim().is_empty() && min_value >= 0 && discount > 0 && args.days > 0,
        "an upgrade needs a title, a minimum of 0 or more, a discount above 0 and 1 day or more"
    );
    Ok(Upgrade::Add { title, min_value: paise(min_value)?, discount: paise(discount)?, days: args.days })
}

pub async fn run(upgrade: Upgrade, store: &Store, clock: &dyn Clock) -> anyhow::Result<()> {
    let now = clock.now();
    match upgrade {
        Upgrade::End(id) => {
            anyhow::ensure!(store.end_upgrade_option(id, now).await?, "no running upgrade option {id}");
            println!("upgrade option {id} ended");
        }
        Upgrade::Add { title, min_value, discount, days } => {
            let id = store.add_upgrade_option(&title, min_value, discount, now, ends(now, days)?).await?;
            println!("upgrade option {id}: {title}");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::{parse, refusal, try_parse};

    const MESSAGE: &str = "an upgrade needs a title, a minimum of 0 or more, a discount above 0 and 1 day or more";

    #[test]
    fn an_upgrade_with_discount_0_is_refused() {
        assert_eq!(refusal(check(&parse(&["--title", "nothing", "--min-value", "999", "--discount", "0"]))), MESSAGE);
    }

    #[test]
    fn no_title_a_negative_minimum_or_no_days_is_refused() {
        assert_eq!(refusal(check(&parse(&["--title", " ", "--min-value", "999", "--discount", "100"]))), MESSAGE);
        assert_eq!(refusal(check(&parse(&["--title", "x", "--min-value=-1", "--discount", "100"]))), MESSAGE);
        assert_eq!(refusal(check(&parse(&["--title", "x", "--min-value", "999", "--discount", "100", "--days", "0"]))), MESSAGE);
    }

    #[test]
    fn a_forgotten_minimum_is_refused_not_taken_as_0() {
        let refused = try_parse::<Args>(&["--title", "for every cart?", "--discount", "50"]).err().expect("clap asks for the minimum");
        assert!(refused.to_string().contains("--min-value"), "{refused}");
        let args = Args { title: Some("for every cart?".into()), min_value: None, discount: Some(50), days: 30, end: None };
        assert_eq!(refusal(check(&args)), MESSAGE);
    }

    #[test]
    fn a_rung_is_kept_in_paise() {
        let rung = check(&parse(&["--title", "₹100 off orders of ₹1,299", "--min-value", "1299", "--discount", "100"])).unwrap();
        assert_eq!(rung, Upgrade::Add { title: "₹100 off orders of ₹1,299".into(), min_value: 129_900, discount: 10_000, days: 30 });
        let every_cart = check(&parse(&["--title", "₹50 off", "--min-value", "0", "--discount", "50", "--days", "3"])).unwrap();
        assert_eq!(every_cart, Upgrade::Add { title: "₹50 off".into(), min_value: 0, discount: 5_000, days: 3 });
    }

    #[test]
    fn end_needs_nothing_else() {
        assert_eq!(check(&parse(&["--end", "3"])).unwrap(), Upgrade::End(3));
    }
}

//! `drape admin return-rules`: a category's return window and rule (returnable, exchange_only or
//! none), inherited by its subcategories; `--inherit` clears the category's own setting.

use anyhow::{bail, Context};
use drape_domain::returns::ReturnRule;
use drape_store::Store;

#[derive(clap::Args)]
pub struct Args {
    /// The category's slug, for example panties.
    #[arg(long)]
    pub category: String,
    /// Days after delivery a return or exchange may be asked for.
    #[arg(long)]
    pub days: Option<i64>,
    /// returnable, exchange_only or none.
    #[arg(long)]
    pub rule: Option<String>,
    /// Take both from the parent category (or the shop's 35 days, returnable).
    #[arg(long)]
    pub inherit: bool,
}

#[derive(Debug, PartialEq)]
pub struct Rules {
    pub category: String,
    pub days: Option<i64>,
    pub rule: Option<ReturnRule>,
}

pub fn check(a: &Args) -> anyhow::Result<Rules> {
    let category = a.category.trim().to_string();
    if a.inherit {
        if a.days.is_some() || a.rule.is_some() {
            bail!("--inherit clears the category's own rules: give it alone");
        }
        return Ok(Rules { category, days: None, rule: None });
    }
    if a.days.is_none() && a.rule.is_none() {
        bail!("say --days, --rule, or --inherit");
    }
    if let Some(d) = a.days {
        if !(0..=365).contains(&d) {
            bail!("--days is 0 to 365, not {d}");
        }
    }
    let rule = match &a.rule {
        Some(r) => Some(ReturnRule::parse(r.trim()).with_context(|| format!("unknown rule {r:?}; one of: returnable, exchange_only, none"))?),
        None => None,
    };
    Ok(Rules { category, days: a.days, rule })
}

pub async fn run(r: Rules, store: &Store) -> anyhow::Result<()> {
    // A setting left out keeps what the category has.
    let own = store.category_returns().await?;
    let slug_id = store.categories().await?.into_iter().find(|c| c.slug == r.category).map(|c| c.id).with_context(|| format!("no category {}", r.category))?;
    let current = own.iter().find(|c| c.id == slug_id);
    let (days, rule) =
        if r.days.is_none() && r.rule.is_none() { (None, None) } else { (r.days.or(current.and_then(|c| c.days)), r.rule.or(current.and_then(|c| c.rule))) };
    store.set_category_returns(&r.category, days, rule).await?;
    println!("{}: {} days, {}", r.category, days.map(|d| d.to_string()).unwrap_or_else(|| "inherited".into()), rule.map(|r| r.value()).unwrap_or("inherited"));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::{parse, refusal};

    #[test]
    fn rules_are_checked_before_the_store_is_touched() {
        assert_eq!(refusal(check(&parse(&["--category", "panties"]))), "say --days, --rule, or --inherit");
        assert_eq!(refusal(check(&parse(&["--category", "panties", "--rule", "never"]))), "unknown rule \"never\"; one of: returnable, exchange_only, none");
        assert_eq!(refusal(check(&parse(&["--category", "panties", "--days", "400"]))), "--days is 0 to 365, not 400");
        assert_eq!(
            check(&parse(&["--category", "nightwear", "--rule", "exchange_only", "--days", "15"])).unwrap(),
            Rules { category: "nightwear".into(), days: Some(15), rule: Some(ReturnRule::ExchangeOnly) }
        );
        assert_eq!(check(&parse(&["--category", "bras", "--inherit"])).unwrap(), Rules { category: "bras".into(), days: None, rule: None });
    }
}

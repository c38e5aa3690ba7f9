//! `drape admin affiliate`: create or change a partner's affiliation code, or mark a shopper as
//! registered through a partner (`--shopper MOBILE`, `--unmark` to undo): such shoppers see no
//! per-size urgency (spec 001 §6).

use super::{ends, paise};
use anyhow::Context;
use drape_domain::clock::Clock;
use drape_domain::validation::Mobile;
use drape_store::upgrades::NewAffiliate;
use drape_store::Store;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long, required_unless_present = "shopper")]
    pub code: Option<String>,
    #[arg(long, required_unless_present = "shopper")]
    pub name: Option<String>,
    /// Mark this shopper (a mobile number) as registered through a partner, instead of changing a code.
    #[arg(long, conflicts_with_all = ["code", "name"])]
    pub shopper: Option<String>,
    /// With --shopper: clear the mark.
    #[arg(long, requires = "shopper")]
    pub unmark: bool,
    /// Whole percent off for the shopper (0: the code only credits the partner).
    #[arg(long, default_value_t = 0)]
    pub percent: i64,
    /// Most it takes off, in rupees.
    #[arg(long)]
    pub cap: Option<i64>,
    #[arg(long, default_value_t = 90)]
    pub days: i64,
    /// The partner's own mobile number: their account may not use the code.
    #[arg(long)]
    pub mobile: Option<String>,
}

/// A partner's code and what it takes off.
#[derive(Debug, PartialEq)]
pub struct Affiliate {
    /// Upper case.
    pub code: String,
    /// As typed; kept trimmed.
    pub name: String,
    pub percent: i64,
    /// Paise.
    pub cap: Option<i64>,
    pub days: i64,
    /// The partner's own account, which may not use the code.
    pub mobile: Option<Mobile>,
}

/// What the command is asked to do.
#[derive(Debug, PartialEq)]
pub enum Task {
    Code(Affiliate),
    Mark { mobile: Mobile, registered: bool },
}

pub fn task(args: &Args) -> anyhow::Result<Task> {
    match &args.shopper {
        Some(m) => Ok(Task::Mark { mobile: Mobile::parse(m).context("mobile: 10 digits starting 6 to 9")?, registered: !args.unmark }),
        None => check(args).map(Task::Code),
    }
}

pub async fn run_task(task: Task, store: &Store, clock: &dyn Clock) -> anyhow::Result<()> {
    match task {
        Task::Code(a) => run(a, store, clock).await,
        Task::Mark { mobile, registered } => {
            let user = store.user_by_mobile(mobile.as_str()).await?.with_context(|| format!("no account with mobile {}", mobile.as_str()))?;
            store.set_affiliate(user.id, registered).await?;
            println!("shopper {} {} registered through a partner", mobile.as_str(), if registered { "is now" } else { "is no longer" });
            Ok(())
        }
    }
}

pub fn check(args: &Args) -> anyhow::Result<Affiliate> {
    let code = drape_domain::pricing::normalise_code(args.code.as_deref().unwrap_or_default()).context("codes are 1 to 20 letters and digits")?;
    anyhow::ensure!((0..=100).contains(&args.percent) && args.cap.is_none_or(|c| c >= 0) && args.days > 0, "percent 0 to 100, cap 0 or more, days 1 or more");
    let mobile = args.mobile.as_deref().map(|m| Mobile::parse(m).context("mobile: 10 digits starting 6 to 9")).transpose()?;
    Ok(Affiliate { code, name: args.name.clone().unwrap_or_default(), percent: args.percent, cap: args.cap.map(paise).transpose()?, days: args.days, mobile })
}

pub async fn run(affiliate: Affiliate, store: &Store, clock: &dyn Clock) -> anyhow::Result<()> {
    let Affiliate { code, name, percent, cap, days, mobile } = affiliate;
    let user_id = match mobile {
        Some(m) => Some(store.user_by_mobile(m.as_str()).await?.with_context(|| format!("no account with mobile {}", m.as_str()))?.id),
        None => None,
    };
    let now = clock.now();
    store.upsert_affiliate(&NewAffiliate { code: &code, name: name.trim(), percent, cap, user_id, starts_at: now, ends_at: ends(now, days)? }).await?;
    println!("affiliation code {code}: {name}, {percent}% off, for {days} days");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::{parse, refusal};

    fn affiliate(code: &str, extra: &[&str]) -> anyhow::Result<Affiliate> {
        check(&parse(&[&["--code", code, "--name", "Priya's picks"], extra].concat()))
    }

    #[test]
    fn a_bad_code_is_refused() {
        for bad in ["", "PRIYA 10", "PRIYA-10", "ABCDEFGHIJKLMNOPQRSTU"] {
            assert_eq!(refusal(affiliate(bad, &[])), "codes are 1 to 20 letters and digits", "{bad:?}");
        }
    }

    #[test]
    fn a_percent_over_100_a_negative_cap_or_no_days_is_refused() {
        for bad in ["--percent=120", "--percent=-1", "--cap=-1", "--days=0"] {
            assert_eq!(refusal(affiliate("PRIYA10", &[bad])), "percent 0 to 100, cap 0 or more, days 1 or more", "{bad}");
        }
    }

    #[test]
    fn a_bad_mobile_is_refused() {
        for bad in ["123", "5812345678", "+919812345678", ""] {
            assert_eq!(refusal(affiliate("PRIYA10", &["--mobile", bad])), "mobile: 10 digits starting 6 to 9", "{bad:?}");
        }
    }

    #[test]
    fn a_code_is_upper_cased_and_its_cap_kept_in_paise() {
        let a = affiliate("priya10", &["--percent", "10", "--cap", "300", "--mobile", "9812345678"]).unwrap();
        assert_eq!((a.code.as_str(), a.name.as_str(), a.percent, a.cap, a.days), ("PRIYA10", "Priya's picks", 10, Some(30_000), 90));
        assert_eq!(a.mobile.as_ref().map(Mobile::as_str), Some("9812345678"));
        let credit_only = affiliate("RIYA", &[]).unwrap();
        assert_eq!((credit_only.percent, credit_only.cap, credit_only.mobile), (0, None, None));
    }

    #[test]
    fn a_shopper_is_marked_or_unmarked_by_mobile() {
        let mark = task(&parse(&["--shopper", "9812345678"])).unwrap();
        assert!(matches!(mark, Task::Mark { ref mobile, registered: true } if mobile.as_str() == "9812345678"));
        assert!(matches!(task(&parse(&["--shopper", "9812345678", "--unmark"])).unwrap(), Task::Mark { registered: false, .. }));
        assert_eq!(refusal(task(&parse(&["--shopper", "123"]))), "mobile: 10 digits starting 6 to 9");
    }
}

//! `drape admin affiliate`: create or change a partner's affiliation code.

use super::{ends, paise};
use anyhow::Context;
use drape_domain::clock::Clock;
use drape_domain::validation::Mobile;
use drape_store::upgrades::NewAffiliate;
use drape_store::Store;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long)]
    pub code: String,
    #[arg(long)]
    pub name: String,
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

pub fn check(args: &Args) -> anyhow::Result<Affiliate> {
    let code = drape_domain::pricing::normalise_code(&args.code).context("codes are 1 to 20 letters and digits")?;
    anyhow::ensure!((0..=100).contains(&args.percent) && args.cap.is_none_or(|c| c >= 0) && args.days > 0, "percent 0 to 100, cap 0 or more, days 1 or more");
    let mobile = args.mobile.as_deref().map(|m| Mobile::parse(m).context("mobile: 10 digits starting 6 to 9")).transpose()?;
    Ok(Affiliate { code, name: args.name.clone(), percent: args.percent, cap: args.cap.map(paise).transpose()?, days: args.days, mobile })
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
}

//! `drape admin coupon`: create or change a coupon.

use super::{ends, paise};
use anyhow::Context;
use drape_domain::clock::Clock;
use drape_store::offers::NewCoupon;
use drape_store::Store;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long)]
    pub code: String,
    /// flat (rupees off) or percent
    #[arg(long)]
    pub kind: String,
    #[arg(long)]
    pub amount: i64,
    /// Most a percent coupon takes off, in rupees.
    #[arg(long)]
    pub cap: Option<i64>,
    #[arg(long, default_value_t = 0)]
    pub min_order: i64,
    /// Runs from now for this many days.
    #[arg(long, default_value_t = 30)]
    pub days: i64,
    #[arg(long)]
    pub max_uses: Option<i64>,
    #[arg(long)]
    pub per_shopper: Option<i64>,
    /// all, categories or products
    #[arg(long, default_value = "all")]
    pub scope: String,
    /// Comma-separated category or product ids for the scope.
    #[arg(long, default_value = "")]
    pub ids: String,
    #[arg(long, default_value = "")]
    pub description: String,
}

const KINDS: [&str; 2] = ["flat", "percent"];
const SCOPES: [&str; 3] = ["all", "categories", "products"];

/// A coupon as the store keeps it: money in paise.
#[derive(Debug, PartialEq)]
pub struct Coupon {
    /// Upper case.
    pub code: String,
    /// flat or percent
    pub kind: &'static str,
    /// Paise off (flat) or whole percent off (percent).
    pub amount: i64,
    /// Paise.
    pub cap: Option<i64>,
    /// Paise.
    pub min_order: i64,
    pub days: i64,
    pub max_uses: Option<i64>,
    pub per_shopper: Option<i64>,
    /// all, categories or products
    pub scope: &'static str,
    /// As the operator typed them: numbers separated by commas.
    pub ids: String,
    pub description: String,
}

impl Coupon {
    /// The amount as the operator typed it: rupees (flat) or percent.
    pub fn amount_as_typed(&self) -> i64 {
        if self.kind == "flat" {
            self.amount / 100
        } else {
            self.amount
        }
    }
}

pub fn check(args: &Args) -> anyhow::Result<Coupon> {
    let code = drape_domain::pricing::normalise_code(&args.code).context("codes are 1 to 20 letters and digits")?;
    let kind = KINDS.into_iter().find(|k| *k == args.kind).context("kind must be flat or percent")?;
    let amount = args.amount;
    anyhow::ensure!(amount >= 0 && (kind == "flat" || amount <= 100), "amount must be rupees (flat) or 0 to 100 (percent)");
    let scope = SCOPES.into_iter().find(|s| *s == args.scope).context("scope must be all, categories or products")?;
    anyhow::ensure!(args.ids.split(',').filter(|s| !s.trim().is_empty()).all(|s| s.trim().parse::<i64>().is_ok()), "ids must be numbers separated by commas");
    anyhow::ensure!(args.days > 0, "days must be 1 or more");
    Ok(Coupon {
        code,
        kind,
        amount: if kind == "flat" { paise(amount)? } else { amount },
        cap: args.cap.map(paise).transpose()?,
        min_order: paise(args.min_order)?,
        days: args.days,
        max_uses: args.max_uses,
        per_shopper: args.per_shopper,
        scope,
        ids: args.ids.clone(),
        description: args.description.clone(),
    })
}

pub async fn run(coupon: Coupon, store: &Store, clock: &dyn Clock) -> anyhow::Result<()> {
    let now = clock.now();
    store
        .upsert_coupon(&NewCoupon {
            code: &coupon.code,
            kind: coupon.kind,
            amount: coupon.amount,
            cap: coupon.cap,
            min_order: coupon.min_order,
            starts_at: now,
            ends_at: ends(now, coupon.days)?,
            max_uses_total: coupon.max_uses,
            max_uses_per_shopper: coupon.per_shopper,
            scope_kind: coupon.scope,
            scope_ids: &coupon.ids,
            description: &coupon.description,
        })
        .await?;
    println!("coupon {}: {} {}, for {} days", coupon.code, coupon.kind, coupon.amount_as_typed(), coupon.days);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::{parse, refusal};

    fn coupon(code: &str, kind: &str, amount: i64, extra: &[&str]) -> anyhow::Result<Coupon> {
        let amount = format!("--amount={amount}");
        check(&parse(&[&["--code", code, "--kind", kind, &amount], extra].concat()))
    }

    #[test]
    fn a_bad_code_is_refused() {
        for bad in ["bad code!", "", "ABCDEFGHIJKLMNOPQRSTU", "FLAT-200"] {
            assert_eq!(refusal(coupon(bad, "flat", 200, &[])), "codes are 1 to 20 letters and digits", "{bad:?}");
        }
    }

    #[test]
    fn a_bad_kind_is_refused() {
        for bad in ["pct", "Flat", ""] {
            assert_eq!(refusal(coupon("FLAT200", bad, 200, &[])), "kind must be flat or percent", "{bad:?}");
        }
    }

    #[test]
    fn a_percent_over_100_or_a_negative_amount_is_refused() {
        let message = "amount must be rupees (flat) or 0 to 100 (percent)";
        assert_eq!(refusal(coupon("P10", "percent", 101, &[])), message);
        assert_eq!(refusal(coupon("P10", "percent", -1, &[])), message);
        assert_eq!(refusal(coupon("F1", "flat", -1, &[])), message);
        assert_eq!(coupon("P100", "percent", 100, &[]).unwrap().amount, 100);
        assert_eq!(refusal(coupon("HUGE", "flat", i64::MAX, &[])), format!("₹{} is too large", i64::MAX));
    }

    #[test]
    fn a_bad_scope_or_bad_ids_are_refused() {
        assert_eq!(refusal(coupon("P10", "percent", 10, &["--scope", "some"])), "scope must be all, categories or products");
        for bad in ["1,x", "1;2", "one", "1.5"] {
            assert_eq!(refusal(coupon("P10", "percent", 10, &["--scope", "products", "--ids", bad])), "ids must be numbers separated by commas", "{bad:?}");
        }
    }

    #[test]
    fn a_coupon_runs_a_day_or_more() {
        assert_eq!(refusal(coupon("FLAT200", "flat", 200, &["--days", "0"])), "days must be 1 or more");
        assert_eq!(refusal(coupon("FLAT200", "flat", 200, &["--days=-3"])), "days must be 1 or more");
    }

    #[test]
    fn a_flat_coupon_is_kept_in_paise_with_the_defaults() {
        let c = coupon("flat200", "flat", 200, &["--min-order", "1499", "--days", "90"]).unwrap();
        assert_eq!(
            c,
            Coupon {
                code: "FLAT200".into(),
                kind: "flat",
                amount: 20_000,
                cap: None,
                min_order: 149_900,
                days: 90,
                max_uses: None,
                per_shopper: None,
                scope: "all",
                ids: String::new(),
                description: String::new(),
            }
        );
        assert_eq!(c.amount_as_typed(), 200);
        assert_eq!(coupon("FLAT200", "flat", 200, &[]).unwrap().days, 30);
    }

    #[test]
    fn a_percent_coupon_keeps_its_percent_and_its_cap_in_paise() {
        let flags = ["--cap", "300", "--scope", "products", "--ids", "1, 2,", "--max-uses", "5", "--per-shopper", "1"];
        let c = coupon("P10", "percent", 10, &flags).unwrap();
        assert_eq!((c.kind, c.amount, c.amount_as_typed(), c.cap, c.min_order), ("percent", 10, 10, Some(30_000), 0));
        assert_eq!((c.scope, c.ids.as_str(), c.max_uses, c.per_shopper), ("products", "1, 2,", Some(5), Some(1)));
    }
}

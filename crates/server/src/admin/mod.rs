//! `drape admin …`: the operator's commands, one file each. A command's flags are its clap `Args`;
//! its `check` turns them into what the store takes (rupees into paise) or refuses them with the
//! message the operator sees, without touching the store; its `run` writes and prints one line.

pub mod affiliate;
pub mod announce;
pub mod coupon;
pub mod deal;
pub mod featured;
pub mod gift;
pub mod offer;
pub mod order;
pub mod report;
pub mod return_rules;
pub mod returns;
pub mod serviceability;
pub mod stock;
pub mod upgrade;
pub mod user;
pub mod wallet;

use anyhow::Context;
use chrono::{DateTime, Utc};
use drape_domain::clock::Clock;
use drape_store::Store;

#[derive(clap::Subcommand)]
pub enum AdminTask {
    /// Create or change a user's roles.
    User(user::Args),
    /// Set the stock of one size, by its sku (for example BR1001-BLK-34B).
    Stock(stock::Args),
    /// Move an order along its life: `drape admin order --ref DRP0000042 --status Picked`; ship it with
    /// `--status Shipped --courier Delhivery --tracking DL123`; cancel with `--status Cancelled --note "…"`; `--timeline` prints its history.
    Order(order::Args),
    /// A return or exchange request's steps: `--list requested`, `--id R --pickup 2026-11-24 --courier Delhivery`,
    /// `--picked`, `--receive sellable|damaged`, `--approve`, `--decline "reason"`, `--bank-reference UTR`.
    Return(returns::Args),
    /// A category's return window and rule, inherited by its subcategories:
    /// `drape admin return-rules --category nightwear --rule exchange_only --days 15`; `--inherit` clears them.
    ReturnRules(return_rules::Args),
    /// Create or change a coupon. Money in rupees: `drape admin coupon --code FLAT200 --kind flat --amount 200 --min-order 1499 --days 90`.
    Coupon(coupon::Args),
    /// Create or change a bundle offer and put products under it:
    /// `drape admin offer --key panty-3-for-699 --message "Buy any 3 panties for ₹699" --count 3 --price 699 --slugs a,b`.
    Offer(offer::Args),
    /// Offer a last-minute deal at the cart: `drape admin deal --slug cotton-bikini-brief-navy --price 149 --days 2`.
    /// `drape admin deal --end 3` ends one now.
    Deal(deal::Args),
    /// Offer a gift at the cart, free (price 0, the shopper picks a size) or paid.
    /// `drape admin gift --end 2` ends one now.
    Gift(gift::Args),
    /// Add a rung to the cart's upgrade ladder, taken in place of a coupon:
    /// `drape admin upgrade --title "₹150 off orders of ₹1,499" --min-value 1499 --discount 150 --days 30`;
    /// `drape admin upgrade --end 3` ends one now.
    Upgrade(upgrade::Args),
    /// Create or change a partner's affiliation code:
    /// `drape admin affiliate --code PRIYA10 --name "Priya's picks" --percent 10 --cap 300 --days 90 --mobile 9812345678`.
    Affiliate(affiliate::Args),
    /// Set the design of the month: `drape admin featured --category bra --month 2026-12 --slug lace-push-up-bra-wine`.
    Featured(featured::Args),
    /// Load where the shop delivers from a courier's CSV (pincode,prepaid,cod,pickup,days):
    /// `drape admin serviceability --import couriers.csv`.
    Serviceability(serviceability::Args),
    /// Credit a shopper's wallet, in rupees: `drape admin wallet --mobile 9876543210 --credit 500 --note "Sorry for the delay"`.
    Wallet(wallet::Args),
    /// Tell every shopper who wants offers: `drape admin announce --title "Weekend sale" --message "Up to 50% off bras" --link /bras/`.
    Announce(announce::Args),
    /// Views, adds to cart and pieces ordered per product and day, and the popular searches: `drape admin report --days 7`.
    Report(report::Args),
}

/// The `drape admin` command line on its own, so that tests can check its definition.
pub fn command() -> clap::Command {
    <AdminTask as clap::Subcommand>::augment_subcommands(clap::Command::new("admin").subcommand_required(true))
}

/// Checks the task's input, then carries it out against the store.
pub async fn run(task: AdminTask, store: &Store, clock: &dyn Clock) -> anyhow::Result<()> {
    match task {
        AdminTask::User(args) => user::run(user::check(&args)?, store, clock).await,
        AdminTask::Stock(args) => stock::run(stock::check(&args)?, store, clock.now()).await,
        AdminTask::Order(args) => order::run(order::check(&args)?, store, clock).await,
        AdminTask::Return(args) => returns::run(returns::check(&args)?, store, clock).await,
        AdminTask::ReturnRules(args) => return_rules::run(return_rules::check(&args)?, store).await,
        AdminTask::Coupon(args) => coupon::run(coupon::check(&args)?, store, clock).await,
        AdminTask::Offer(args) => offer::run(offer::check(&args)?, store, clock).await,
        AdminTask::Deal(args) => deal::run(deal::check(&args)?, store, clock).await,
        AdminTask::Gift(args) => gift::run(gift::check(&args)?, store, clock).await,
        AdminTask::Upgrade(args) => upgrade::run(upgrade::check(&args)?, store, clock).await,
        AdminTask::Affiliate(args) => affiliate::run_task(affiliate::task(&args)?, store, clock).await,
        AdminTask::Featured(args) => featured::run(featured::check(&args)?, store).await,
        AdminTask::Serviceability(args) => serviceability::run(serviceability::check(&args)?, store).await,
        AdminTask::Wallet(args) => wallet::run(wallet::check(&args)?, store, clock).await,
        AdminTask::Announce(args) => announce::run(announce::check(&args)?, store, clock).await,
        AdminTask::Report(args) => report::run(report::check(&args)?, store, clock).await,
    }
}

/// Rupees as the operator types them into paise as the store keeps them.
fn paise(rupees: i64) -> anyhow::Result<i64> {
    drape_domain::money::paise_from_rupees(rupees).with_context(|| format!("₹{rupees} is too large"))
}

/// When something that starts `now` and runs for `days` days ends.
fn ends(now: DateTime<Utc>, days: i64) -> anyhow::Result<DateTime<Utc>> {
    chrono::Duration::try_days(days).and_then(|d| now.checked_add_signed(d)).with_context(|| format!("{days} days is too long"))
}

/// Parses one command's flags (what follows `drape admin <command>`) as the binary does.
#[cfg(test)]
fn try_parse<A: clap::Args + clap::FromArgMatches>(flags: &[&str]) -> Result<A, clap::Error> {
    let command = A::augment_args(clap::Command::new("flags").no_binary_name(true));
    A::from_arg_matches(&command.try_get_matches_from(flags)?)
}

#[cfg(test)]
fn parse<A: clap::Args + clap::FromArgMatches>(flags: &[&str]) -> A {
    try_parse(flags).unwrap_or_else(|e| panic!("{flags:?}: {e}"))
}

/// The message an operator sees for a refused input (`drape: {e:#}`).
#[cfg(test)]
fn refusal<T>(checked: anyhow::Result<T>) -> String {
    match checked {
        Ok(_) => panic!("accepted, expected a refusal"),
        Err(e) => format!("{e:#}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_admin_command_line_is_consistent() {
        command().debug_assert();
    }

    #[test]
    fn every_command_is_there_in_the_order_operators_know() {
        let names: Vec<_> = command().get_subcommands().map(|c| c.get_name().to_string()).collect();
        assert_eq!(
            names,
            [
                "user",
                "stock",
                "order",
                "return",
                "return-rules",
                "coupon",
                "offer",
                "deal",
                "gift",
                "upgrade",
                "affiliate",
                "featured",
                "serviceability",
                "wallet",
                "announce",
                "report"
            ]
        );
    }

    #[test]
    fn rupees_become_paise_and_overflow_is_refused() {
        assert_eq!(paise(0).unwrap(), 0);
        assert_eq!(paise(1499).unwrap(), 149_900);
        assert_eq!(paise(-1).unwrap(), -100);
        assert_eq!(refusal(paise(i64::MAX / 10)), format!("₹{} is too large", i64::MAX / 10));
    }

    #[test]
    fn a_run_of_days_ends_that_many_days_later() {
        let now = DateTime::parse_from_rfc3339("2026-11-23T10:00:00Z").unwrap().with_timezone(&Utc);
        assert_eq!(ends(now, 30).unwrap(), DateTime::parse_from_rfc3339("2026-12-23T10:00:00Z").unwrap());
        assert_eq!(refusal(ends(now, i64::MAX)), format!("{} days is too long", i64::MAX));
    }
}

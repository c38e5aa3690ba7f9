//! `drape admin wallet`: credit a shopper's wallet (an append-only entry).

use anyhow::Context;
use drape_domain::clock::Clock;
use drape_domain::money::format_inr;
use drape_domain::validation::Mobile;
use drape_domain::wallet::{EntryKind, MAX_CREDIT};
use drape_store::Store;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long)]
    pub mobile: String,
    /// Rupees to add.
    #[arg(long)]
    pub credit: i64,
    /// Why, as the shopper will read it in the ledger.
    #[arg(long, default_value = "")]
    pub note: String,
}

/// A credit to write.
#[derive(Debug, PartialEq)]
pub struct WalletCredit {
    pub mobile: Mobile,
    pub paise: i64,
    pub note: String,
}

pub fn check(args: &Args) -> anyhow::Result<WalletCredit> {
    let mobile = Mobile::parse(&args.mobile).context("mobile must be 10 digits starting 6-9")?;
    let paise = super::paise(args.credit)?;
    anyhow::ensure!(paise > 0, "the credit must be 1 rupee or more");
    anyhow::ensure!(paise <= MAX_CREDIT, "at most {} in one credit", format_inr(MAX_CREDIT));
    anyhow::ensure!(args.note.chars().count() <= 120, "the note is at most 120 characters");
    Ok(WalletCredit { mobile, paise, note: args.note.trim().to_string() })
}

pub async fn run(credit: WalletCredit, store: &Store, clock: &dyn Clock) -> anyhow::Result<()> {
    let user = store.user_by_mobile(credit.mobile.as_str()).await?.with_context(|| format!("no account with mobile {}", credit.mobile.as_str()))?;
    store
        .wallet_entry(user.id, EntryKind::Credit, credit.paise, &credit.note, None, clock.now())
        .await?
        .map_err(|r| anyhow::anyhow!("the credit was not written: {r:?}"))?;
    let balance = store.wallet_balance(user.id).await?;
    println!("wallet of {}: +{}, balance {}", credit.mobile.as_str(), format_inr(credit.paise), format_inr(balance));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::{parse, refusal};

    #[test]
    fn credits_are_positive_bounded_rupees() {
        let ok = check(&parse(&["--mobile", "9876543210", "--credit", "500", "--note", " Goodwill "])).unwrap();
        assert_eq!((ok.paise, ok.note.as_str()), (50_000, "Goodwill"));
        assert_eq!(refusal(check(&parse(&["--mobile", "9876543210", "--credit", "0"]))), "the credit must be 1 rupee or more");
        assert_eq!(refusal(check(&parse(&["--mobile", "9876543210", "--credit=-5"]))), "the credit must be 1 rupee or more");
        assert_eq!(refusal(check(&parse(&["--mobile", "9876543210", "--credit", "50001"]))), "at most ₹50,000 in one credit");
        assert_eq!(refusal(check(&parse(&["--mobile", "12345", "--credit", "5"]))), "mobile must be 10 digits starting 6-9");
    }
}

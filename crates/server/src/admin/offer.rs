//! `drape admin offer`: create or change a bundle offer and put products under it.

use super::{ends, paise};
use anyhow::Context;
use drape_domain::clock::Clock;
use drape_store::Store;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long)]
    pub key: String,
    #[arg(long)]
    pub message: String,
    /// Pieces in a bundle.
    #[arg(long)]
    pub count: i64,
    /// Bundle price in rupees.
    #[arg(long)]
    pub price: i64,
    #[arg(long, default_value = "/view-cart/")]
    pub url: String,
    #[arg(long, default_value_t = 30)]
    pub days: i64,
    /// Product slugs to put under the offer, comma-separated.
    #[arg(long, default_value = "")]
    pub slugs: String,
    /// The short text shown on those products' pages.
    #[arg(long, default_value = "")]
    pub tag: String,
}

/// A bundle offer (so many pieces for one price) and the products under it.
#[derive(Debug, PartialEq)]
pub struct BundleOffer {
    pub key: String,
    pub message: String,
    pub count: i64,
    /// Paise for the whole bundle.
    pub price: i64,
    pub url: String,
    pub days: i64,
    pub slugs: Vec<String>,
    /// Shown on those products' pages: the tag, or the message when there is none.
    pub tag: String,
}

pub fn check(args: &Args) -> anyhow::Result<BundleOffer> {
    let key = &args.key;
    anyhow::ensure!(
        !key.is_empty() && key.len() <= 40 && key.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
        "key: lower-case letters, digits and hyphens"
    );
    anyhow::ensure!(args.count >= 2 && args.price > 0 && args.days > 0, "a bundle has 2 or more pieces, a price above 0, and runs 1 day or more");
    Ok(BundleOffer {
        key: key.clone(),
        message: args.message.clone(),
        count: args.count,
        price: paise(args.price)?,
        url: args.url.clone(),
        days: args.days,
        slugs: args.slugs.split(',').map(str::trim).filter(|s| !s.is_empty()).map(String::from).collect(),
        tag: (if args.tag.is_empty() { &args.message } else { &args.tag }).clone(),
    })
}

pub async fn run(offer: BundleOffer, store: &Store, clock: &dyn Clock) -> anyhow::Result<()> {
    let BundleOffer { key, message, count, price, url, days, slugs, tag } = offer;
    let now = clock.now();
    store.upsert_bundle_offer(&key, &message, count, price, &url, now, ends(now, days)?).await?;
    for slug in &slugs {
        let p = store.product_by_slug(slug).await.with_context(|| format!("no product {slug}"))?;
        store.set_product_offer_key(p.id, &key, &tag).await?;
    }
    println!("offer {key}: {message}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::{parse, refusal};

    fn offer(key: &str, count: i64, price: i64, extra: &[&str]) -> anyhow::Result<BundleOffer> {
        let (count, price) = (format!("--count={count}"), format!("--price={price}"));
        check(&parse(&[&["--key", key, "--message", "Buy any 3 panties for ₹699", &count, &price], extra].concat()))
    }

    #[test]
    fn a_key_that_is_not_lower_case_letters_digits_and_hyphens_is_refused() {
        for bad in ["Bad_Key", "", "panty 3", "PANTY-3", &"x".repeat(41)] {
            assert_eq!(refusal(offer(bad, 3, 699, &[])), "key: lower-case letters, digits and hyphens", "{bad:?}");
        }
        assert!(offer(&"x".repeat(40), 3, 699, &[]).is_ok());
    }

    #[test]
    fn a_bundle_of_one_a_free_bundle_or_no_days_is_refused() {
        let message = "a bundle has 2 or more pieces, a price above 0, and runs 1 day or more";
        assert_eq!(refusal(offer("panty-3", 1, 699, &[])), message);
        assert_eq!(refusal(offer("panty-3", 3, 0, &[])), message);
        assert_eq!(refusal(offer("panty-3", 3, -699, &[])), message);
        assert_eq!(refusal(offer("panty-3", 3, 699, &["--days", "0"])), message);
    }

    #[test]
    fn a_bundle_price_is_kept_in_paise_and_its_products_listed() {
        let o = offer("panty-3-for-699", 3, 699, &["--slugs", "cotton-bikini-brief-navy, ,lace-hipster-wine,", "--tag", "3 for ₹699"]).unwrap();
        assert_eq!((o.key.as_str(), o.count, o.price, o.url.as_str(), o.days), ("panty-3-for-699", 3, 69_900, "/view-cart/", 30));
        assert_eq!(o.slugs, ["cotton-bikini-brief-navy", "lace-hipster-wine"]);
        assert_eq!(o.tag, "3 for ₹699");
    }

    #[test]
    fn without_a_tag_the_products_show_the_message() {
        let o = offer("panty-3", 3, 699, &[]).unwrap();
        assert!(o.slugs.is_empty());
        assert_eq!(o.tag, "Buy any 3 panties for ₹699");
    }
}

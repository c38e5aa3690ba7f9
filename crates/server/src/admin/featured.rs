//! `drape admin featured`: set a category's design of the month.

use anyhow::Context;
use drape_store::Store;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long)]
    pub category: String,
    /// YYYY-MM
    #[arg(long)]
    pub month: String,
    /// The product's slug.
    #[arg(long)]
    pub slug: String,
    #[arg(long, default_value = "Each month our customers get one style at a give-away price, while stocks last.")]
    pub blurb: String,
}

/// A category's design of one month.
#[derive(Debug, PartialEq)]
pub struct FeaturedDesign {
    pub category: String,
    pub month: String,
    pub slug: String,
    pub blurb: String,
}

pub fn check(args: &Args) -> anyhow::Result<FeaturedDesign> {
    let month = &args.month;
    let ok_month =
        month.len() == 7 && month.as_bytes()[4] == b'-' && month[..4].parse::<u32>().is_ok() && month[5..].parse::<u32>().is_ok_and(|m| (1..=12).contains(&m));
    anyhow::ensure!(ok_month, "month must be YYYY-MM");
    let category = &args.category;
    anyhow::ensure!(!category.is_empty() && category.bytes().all(|b| b.is_ascii_lowercase()), "category must be a lower-case word such as bra");
    Ok(FeaturedDesign { category: category.clone(), month: month.clone(), slug: args.slug.clone(), blurb: args.blurb.clone() })
}

pub async fn run(design: FeaturedDesign, store: &Store) -> anyhow::Result<()> {
    let FeaturedDesign { category, month, slug, blurb } = design;
    let p = store.product_by_slug(&slug).await.with_context(|| format!("no product {slug}"))?;
    store.set_featured(&category, &month, p.id, &blurb).await?;
    println!("best {category} design of {month}: {}", p.name);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::{parse, refusal};

    fn featured(category: &str, month: &str) -> anyhow::Result<FeaturedDesign> {
        check(&parse(&["--category", category, "--month", month, "--slug", "lace-push-up-bra-wine"]))
    }

    #[test]
    fn a_bad_month_is_refused() {
        for bad in ["2026-13", "2026-00", "2026-1", "2026/12", "26-12", "2026-1x", "", "2026-12-01", "२०२६-12", "é12-12"] {
            assert_eq!(refusal(featured("bra", bad)), "month must be YYYY-MM", "{bad:?}");
        }
    }

    #[test]
    fn a_category_that_is_not_one_lower_case_word_is_refused() {
        for bad in ["Bra", "", "t-shirt", "bra 2"] {
            assert_eq!(refusal(featured(bad, "2026-12")), "category must be a lower-case word such as bra", "{bad:?}");
        }
    }

    #[test]
    fn a_good_month_and_category_are_taken_with_the_usual_blurb() {
        let design = featured("bra", "2026-12").unwrap();
        assert_eq!((design.category.as_str(), design.month.as_str(), design.slug.as_str()), ("bra", "2026-12", "lace-push-up-bra-wine"));
        assert_eq!(design.blurb, "Each month our customers get one style at a give-away price, while stocks last.");
        assert_eq!(featured("panty", "2027-01").unwrap().month, "2027-01");
    }
}

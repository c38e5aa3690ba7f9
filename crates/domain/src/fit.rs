//! Bra sizes: one table of body measurements per size, and the rule that turns measurements into a
//! size. The size chart, the calculator (web, checked against `testdata/bra_sizes.json`, which this
//! module's tests keep current) and the demo catalog all read from here, so they cannot disagree.
//!
//! The rule is the one Indian and UK retailers print on their charts: the band is the under-bust plus
//! about 4 inches, taken to the even size (under-bust 29.5 to under 31.5 in is band 34); the cup is the
//! bust minus the band, one letter per inch (1 A, 2 B, 3 C, 4 D, 5 DD/E, 6 F). The table's measurements
//! are the middle of each size: under-bust = band − 3.5 in, bust = band + cup inches.

/// Cups, one per inch of bust over the band, from 1 inch.
pub const CUPS: [&str; 6] = ["A", "B", "C", "D", "DD/E", "F"];

/// The sizes the shop sells, smallest first: every one is in the chart.
pub const BRA_SIZES_ON_SALE: [&str; 14] = ["32B", "32C", "34B", "34C", "34D", "36B", "36C", "36D", "38B", "38C", "38D", "40B", "40C", "40D"];

pub const CM_PER_INCH: f64 = 2.54;
/// Under-bust measurements the calculator sizes, in inches.
pub const UNDERBUST_RANGE_IN: (f64, f64) = (24.0, 50.0);

/// A row of the size chart: the size and the body measurements it is made for.
#[derive(Debug, Clone, PartialEq)]
pub struct ChartRow {
    pub size: String,
    pub band: i64,
    pub cup: &'static str,
    pub underbust_in: f64,
    pub bust_in: f64,
}

impl ChartRow {
    pub fn underbust_cm(&self) -> f64 {
        round1(self.underbust_in * CM_PER_INCH)
    }
    pub fn bust_cm(&self) -> f64 {
        round1(self.bust_in * CM_PER_INCH)
    }
}

fn round1(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

/// "34B" → (34, "B"); "36DD/E" → (36, "DD/E").
pub fn parse_size(size: &str) -> Option<(i64, &'static str)> {
    let digits: String = size.chars().take_while(|c| c.is_ascii_digit()).collect();
    let band: i64 = digits.parse().ok()?;
    let cup = CUPS.iter().find(|c| **c == &size[digits.len()..])?;
    Some((band, cup))
}

fn cup_inches(cup: &str) -> Option<i64> {
    CUPS.iter().position(|c| *c == cup).map(|i| i as i64 + 1)
}

/// The chart: every size on sale with its measurements, smallest first.
pub fn bra_chart() -> Vec<ChartRow> {
    BRA_SIZES_ON_SALE
        .iter()
        .filter_map(|s| {
            let (band, cup) = parse_size(s)?;
            Some(ChartRow { size: s.to_string(), band, cup, underbust_in: band as f64 - 3.5, bust_in: (band + cup_inches(cup)?) as f64 })
        })
        .collect()
}

/// Why measurements give no size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FitRefusal {
    Missing,
    UnderbustRange,
    BustSmaller,
    OutOfRange,
}

/// The size for an under-bust and a bust in inches (the rule above); the size may not be on sale.
pub fn bra_size_for(underbust_in: f64, bust_in: f64) -> Result<(i64, &'static str), FitRefusal> {
    if !underbust_in.is_finite() || !bust_in.is_finite() || underbust_in <= 0.0 || bust_in <= 0.0 {
        return Err(FitRefusal::Missing);
    }
    if underbust_in < UNDERBUST_RANGE_IN.0 || underbust_in > UNDERBUST_RANGE_IN.1 {
        return Err(FitRefusal::UnderbustRange);
    }
    if bust_in <= underbust_in {
        return Err(FitRefusal::BustSmaller);
    }
    // Half-inch boundaries go up: 29.5 is band 34, 31.5 is band 36 (as a tape rounds).
    let band = 2 * ((underbust_in + 3.5) / 2.0 + 0.5).floor() as i64;
    let inches = (bust_in - band as f64 + 0.5).floor() as i64;
    let cup = usize::try_from(inches - 1).ok().and_then(|i| CUPS.get(i)).ok_or(FitRefusal::OutOfRange)?;
    Ok((band, cup))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::path::PathBuf;

    fn vectors_path() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/bra_sizes.json")
    }

    /// The chart rows and a set of measurements with the size each must give, for the web calculator.
    fn vectors() -> serde_json::Value {
        let chart: Vec<serde_json::Value> = bra_chart()
            .iter()
            .map(|r| serde_json::json!({"size": r.size, "underbust_in": r.underbust_in, "bust_in": r.bust_in, "underbust_cm": r.underbust_cm(), "bust_cm": r.bust_cm()}))
            .collect();
        let mut cases = vec![];
        for ub10 in (240..=500).step_by(5) {
            for over10 in [5, 10, 20, 25, 30, 40, 50, 55, 60, 70, 80, 90, 100, 120] {
                let (ub, bust) = (ub10 as f64 / 10.0, (ub10 + over10) as f64 / 10.0);
                let answer = match bra_size_for(ub, bust) {
                    Ok((band, cup)) => format!("{band}{cup}"),
                    Err(e) => format!("{e:?}"),
                };
                cases.push(serde_json::json!([ub, bust, answer]));
            }
        }
        serde_json::json!({
            "note": "Written from crates/domain/src/fit.rs by its tests (DRAPE_WRITE_VECTORS=1); read by web/src/features/product/bra-size.test.ts.",
            "sizes_on_sale": BRA_SIZES_ON_SALE,
            "chart": chart,
            "cases_in_inches": cases,
        })
    }

    #[test]
    fn the_shared_vectors_are_current() {
        // One chart row or case per line: readable, and a change shows as a line in a diff.
        let v = vectors();
        let lines = |key: &str| v[key].as_array().unwrap().iter().map(|x| format!("    {x}")).collect::<Vec<_>>().join(",\n");
        let want = format!(
            "{{\n  \"note\": {},\n  \"sizes_on_sale\": {},\n  \"chart\": [\n{}\n  ],\n  \"cases_in_inches\": [\n{}\n  ]\n}}\n",
            v["note"],
            v["sizes_on_sale"],
            lines("chart"),
            lines("cases_in_inches")
        );
        if std::env::var("DRAPE_WRITE_VECTORS").is_ok() {
            std::fs::write(vectors_path(), &want).unwrap();
        }
        let have = std::fs::read_to_string(vectors_path()).unwrap_or_default();
        assert!(have == want, "testdata/bra_sizes.json is stale: run DRAPE_WRITE_VECTORS=1 cargo test -p drape-domain fit");
    }

    #[test]
    fn every_chart_row_typed_into_the_calculator_answers_its_size_in_inches_and_cm() {
        for r in bra_chart() {
            assert_eq!(bra_size_for(r.underbust_in, r.bust_in).map(|(b, c)| format!("{b}{c}")), Ok(r.size.clone()), "{r:?}");
            let (ub, bust) = (r.underbust_cm() / CM_PER_INCH, r.bust_cm() / CM_PER_INCH);
            assert_eq!(bra_size_for(ub, bust).map(|(b, c)| format!("{b}{c}")), Ok(r.size.clone()), "{r:?} in cm");
        }
    }

    #[test]
    fn every_size_on_sale_is_in_the_chart_once_in_order() {
        let chart: Vec<String> = bra_chart().into_iter().map(|r| r.size).collect();
        assert_eq!(chart, BRA_SIZES_ON_SALE.map(String::from).to_vec());
        // The chart the issue found wrong: 34B is 30.5 in under-bust and 36 in bust.
        let r = bra_chart().into_iter().find(|r| r.size == "34B").unwrap();
        assert_eq!((r.underbust_in, r.bust_in), (30.5, 36.0));
    }

    #[test]
    fn refusals_say_why() {
        assert_eq!(bra_size_for(0.0, 34.0), Err(FitRefusal::Missing));
        assert_eq!(bra_size_for(20.0, 34.0), Err(FitRefusal::UnderbustRange));
        assert_eq!(bra_size_for(30.0, 29.0), Err(FitRefusal::BustSmaller));
        assert_eq!(bra_size_for(30.0, 45.0), Err(FitRefusal::OutOfRange));
        assert_eq!(parse_size("36DD/E"), Some((36, "DD/E")));
        assert_eq!(parse_size("36Z"), None);
    }

    proptest! {
        /// Anywhere within a size's span of measurements (under-bust ±1 in, bust ±½ in) the calculator
        /// answers that size.
        #[test]
        fn measurements_near_a_row_answer_its_size(i in 0usize..14, dub in -1.0f64..0.99, dbust in -0.5f64..0.49) {
            let r = &bra_chart()[i];
            let got = bra_size_for(r.underbust_in + dub, r.bust_in + dbust);
            prop_assert_eq!(got.map(|(b, c)| format!("{b}{c}")), Ok(r.size.clone()));
        }
    }
}

//! Which delivered pieces may go back, and until when (spec 001 §9: 35-day returns; briefs and
//! panties, and opened multi-piece boxes with them, neither returnable nor exchangeable). Rules are
//! set per category and inherited by its subcategories; a product can also be flagged on its own.

use chrono::{DateTime, Duration, Utc};

/// The shop's return window when no category sets one.
pub const DEFAULT_RETURN_DAYS: i64 = 35;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReturnRule {
    /// Return for a refund, or exchange for another size.
    Returnable,
    /// Exchange for another size only; no refund.
    ExchangeOnly,
    /// Neither returned nor exchanged.
    None,
}

impl ReturnRule {
    pub fn parse(value: &str) -> Option<ReturnRule> {
        match value {
            "returnable" => Some(ReturnRule::Returnable),
            "exchange_only" => Some(ReturnRule::ExchangeOnly),
            "none" => Some(ReturnRule::None),
            _ => None,
        }
    }

    pub const fn value(self) -> &'static str {
        match self {
            ReturnRule::Returnable => "returnable",
            ReturnRule::ExchangeOnly => "exchange_only",
            ReturnRule::None => "none",
        }
    }
}

/// A category's own settings (None: take the parent's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryReturns {
    pub id: i64,
    pub parent_id: Option<i64>,
    pub days: Option<i64>,
    pub rule: Option<ReturnRule>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReturnPolicy {
    pub days: i64,
    pub rule: ReturnRule,
}

/// The policy for a product of `category_id`: each setting from the nearest category that has it,
/// else the shop's; a product flagged non-returnable is never returned or exchanged.
pub fn policy_for(categories: &[CategoryReturns], category_id: i64, product_nonreturnable: bool) -> ReturnPolicy {
    let mut days = None;
    let mut rule = None;
    let mut at = Some(category_id);
    // A parent loop in bad data stops after as many steps as there are categories.
    for _ in 0..=categories.len() {
        let Some(c) = at.and_then(|id| categories.iter().find(|c| c.id == id)) else { break };
        days = days.or(c.days);
        rule = rule.or(c.rule);
        at = c.parent_id;
    }
    let rule = if product_nonreturnable { ReturnRule::None } else { rule.unwrap_or(ReturnRule::Returnable) };
    ReturnPolicy { days: days.unwrap_or(DEFAULT_RETURN_DAYS).max(0), rule }
}

impl ReturnPolicy {
    /// The last instant a return or exchange may be asked for, counted from delivery.
    pub fn closes_at(&self, delivered_at: DateTime<Utc>) -> DateTime<Utc> {
        delivered_at + Duration::days(self.days)
    }

    /// Why the piece cannot go back now, as the order page says it; None when it can.
    pub fn refusal(&self, delivered_at: Option<DateTime<Utc>>, now: DateTime<Utc>) -> Option<&'static str> {
        match (self.rule, delivered_at) {
            (ReturnRule::None, _) => Some("Briefs, panties and sets with them are not returnable or exchangeable, for hygiene."),
            (_, None) => Some("Returns open once the order is delivered."),
            (_, Some(d)) if now > self.closes_at(d) => Some("The return window for this item has closed."),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn cats() -> Vec<CategoryReturns> {
        vec![
            CategoryReturns { id: 1, parent_id: None, days: None, rule: None },
            CategoryReturns { id: 101, parent_id: Some(1), days: None, rule: None },
            CategoryReturns { id: 2, parent_id: None, days: None, rule: Some(ReturnRule::None) },
            CategoryReturns { id: 202, parent_id: Some(2), days: Some(10), rule: None },
            CategoryReturns { id: 4, parent_id: None, days: Some(15), rule: Some(ReturnRule::ExchangeOnly) },
        ]
    }

    #[test]
    fn rules_come_from_the_nearest_category_that_sets_them() {
        assert_eq!(policy_for(&cats(), 101, false), ReturnPolicy { days: 35, rule: ReturnRule::Returnable });
        assert_eq!(policy_for(&cats(), 202, false), ReturnPolicy { days: 10, rule: ReturnRule::None });
        assert_eq!(policy_for(&cats(), 4, false), ReturnPolicy { days: 15, rule: ReturnRule::ExchangeOnly });
        assert_eq!(policy_for(&cats(), 101, true).rule, ReturnRule::None, "a flagged product");
        assert_eq!(policy_for(&cats(), 999, false), ReturnPolicy { days: 35, rule: ReturnRule::Returnable }, "unknown category");
        let looped =
            vec![CategoryReturns { id: 7, parent_id: Some(8), days: None, rule: None }, CategoryReturns { id: 8, parent_id: Some(7), days: None, rule: None }];
        assert_eq!(policy_for(&looped, 7, false).days, 35);
    }

    #[test]
    fn the_window_counts_from_delivery() {
        let delivered = Utc.with_ymd_and_hms(2026, 10, 1, 10, 0, 0).unwrap();
        let p = ReturnPolicy { days: 35, rule: ReturnRule::Returnable };
        assert_eq!(p.refusal(Some(delivered), delivered + Duration::days(35)), None);
        assert!(p.refusal(Some(delivered), delivered + Duration::days(35) + Duration::seconds(1)).is_some());
        assert!(p.refusal(None, delivered).is_some());
        assert!(ReturnPolicy { days: 35, rule: ReturnRule::None }.refusal(Some(delivered), delivered).unwrap().contains("not returnable"));
    }
}

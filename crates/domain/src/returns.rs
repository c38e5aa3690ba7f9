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

/// What the shopper asks for a piece (spec 000 §4: action type Exchange or Return).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Process {
    Return,
    Exchange,
}

impl Process {
    pub fn parse(value: &str) -> Option<Process> {
        match value {
            "Return" => Some(Process::Return),
            "Exchange" => Some(Process::Exchange),
            _ => None,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Process::Return => "Return",
            Process::Exchange => "Exchange",
        }
    }
}

impl ReturnPolicy {
    /// Why this process is refused for the piece by its rule, if it is.
    pub fn refuses(&self, process: Process) -> Option<&'static str> {
        match (self.rule, process) {
            (ReturnRule::None, _) => Some("Briefs, panties and sets with them are not returnable or exchangeable, for hygiene."),
            (ReturnRule::ExchangeOnly, Process::Return) => Some("This item can be exchanged for another size, not returned."),
            _ => None,
        }
    }
}

/// What `q` more pieces of a line are refunded, when `returned_before` pieces of its `quantity` went
/// back already and the line cost `paid` in all: the line's paid amount is shared out so that every
/// piece returned, in any order of requests, adds up to exactly what was paid.
pub fn refund_for(paid: i64, quantity: i64, returned_before: i64, q: i64) -> i64 {
    if quantity <= 0 || q <= 0 {
        return 0;
    }
    let upto = |n: i64| (paid as i128 * n.clamp(0, quantity) as i128 / quantity as i128) as i64;
    upto(returned_before + q) - upto(returned_before)
}

/// Bank details for a cash-on-delivery refund (spec 000 §3), as checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BankDetails {
    pub account_name: String,
    pub account_number: String,
    pub ifsc: crate::validation::Ifsc,
    pub branch_name: String,
}

/// Checks the bank form (spec 000 §3 field names): the holder's name, the account number typed twice
/// and the same, an IFSC of the right shape (the caller checks it against the bank list), the branch.
/// Every fault is named by its field.
pub fn check_bank_details(
    account_name: &str,
    account_number: &str,
    confirm_number: &str,
    ifsc: &str,
    branch_name: &str,
) -> Result<BankDetails, Vec<(&'static str, String)>> {
    let mut faults = Vec::new();
    let name = account_name.trim();
    if name.chars().count() < 2 || name.chars().count() > 100 || !name.chars().all(|c| c.is_alphabetic() || c == ' ' || c == '.') {
        faults.push(("accountName", "Please enter the account holder's name as the bank has it.".to_string()));
    }
    let number: String = account_number.chars().filter(|c| !c.is_whitespace()).collect();
    let again: String = confirm_number.chars().filter(|c| !c.is_whitespace()).collect();
    if !(9..=18).contains(&number.len()) || !number.bytes().all(|b| b.is_ascii_digit()) {
        faults.push(("accountNnumber", "Please enter an account number of 9 to 18 digits.".to_string()));
    } else if number != again {
        faults.push(("confirmAccountNumber", "The account numbers do not match.".to_string()));
    }
    let code = ifsc.trim().to_ascii_uppercase();
    let parsed = crate::validation::Ifsc::parse(&code);
    if parsed.is_none() {
        faults.push(("ifscCode", crate::validation::Ifsc::MESSAGE.to_string()));
    }
    let branch = branch_name.trim();
    if branch.chars().count() < 2 || branch.chars().count() > 100 {
        faults.push(("branchName", "Please enter the branch name.".to_string()));
    }
    match parsed {
        Some(ifsc) if faults.is_empty() => Ok(BankDetails { account_name: name.to_string(), account_number: number, ifsc, branch_name: branch.to_string() }),
        _ => Err(faults),
    }
}

/// A return or exchange request's life: the courier collects the pieces, the warehouse receives and
/// checks them, then the request is approved (refund, exchange sent) or declined with a reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReturnStatus {
    Requested,
    PickupScheduled,
    PickedUp,
    Received,
    Approved,
    Declined,
    Refunded,
}

impl ReturnStatus {
    pub const ALL: [ReturnStatus; 7] = [
        ReturnStatus::Requested,
        ReturnStatus::PickupScheduled,
        ReturnStatus::PickedUp,
        ReturnStatus::Received,
        ReturnStatus::Approved,
        ReturnStatus::Declined,
        ReturnStatus::Refunded,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            ReturnStatus::Requested => "requested",
            ReturnStatus::PickupScheduled => "pickup_scheduled",
            ReturnStatus::PickedUp => "picked_up",
            ReturnStatus::Received => "received",
            ReturnStatus::Approved => "approved",
            ReturnStatus::Declined => "declined",
            ReturnStatus::Refunded => "refunded",
        }
    }

    pub fn parse(name: &str) -> Option<ReturnStatus> {
        ReturnStatus::ALL.into_iter().find(|s| s.name() == name)
    }

    /// What the shopper reads.
    pub const fn label(self) -> &'static str {
        match self {
            ReturnStatus::Requested => "Return requested",
            ReturnStatus::PickupScheduled => "Pickup scheduled",
            ReturnStatus::PickedUp => "Picked up",
            ReturnStatus::Received => "Received at our warehouse",
            ReturnStatus::Approved => "Approved",
            ReturnStatus::Declined => "Declined",
            ReturnStatus::Refunded => "Refunded",
        }
    }

    pub fn can_move_to(self, to: ReturnStatus) -> bool {
        use ReturnStatus::*;
        matches!(
            (self, to),
            (Requested, PickupScheduled)
                | (Requested, Declined)
                | (PickupScheduled, PickedUp)
                | (PickupScheduled, Declined)
                | (PickedUp, Received)
                | (Received, Approved)
                | (Received, Declined)
                | (Approved, Refunded)
        )
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

    #[test]
    fn a_line_refunds_exactly_what_was_paid_however_its_pieces_go_back() {
        assert_eq!(refund_for(1000, 3, 0, 1), 333);
        assert_eq!(refund_for(1000, 3, 1, 1), 333);
        assert_eq!(refund_for(1000, 3, 2, 1), 334);
        assert_eq!(refund_for(1000, 3, 0, 3), 1000);
        assert_eq!(refund_for(1000, 3, 2, 5), 334, "never past the line");
        assert_eq!(refund_for(1000, 0, 0, 1), 0);
        for q in 1..=3 {
            let split: i64 = (0..3).step_by(q as usize).map(|before| refund_for(999, 3, before, q.min(3 - before))).sum();
            assert_eq!(split, 999);
        }
    }

    #[test]
    fn rules_refuse_what_they_must() {
        let none = ReturnPolicy { days: 35, rule: ReturnRule::None };
        let exchange = ReturnPolicy { days: 35, rule: ReturnRule::ExchangeOnly };
        assert!(none.refuses(Process::Exchange).is_some());
        assert!(exchange.refuses(Process::Return).is_some());
        assert_eq!(exchange.refuses(Process::Exchange), None);
        assert_eq!(Process::parse("Exchange"), Some(Process::Exchange));
        assert_eq!(Process::parse("exchange"), None);
    }

    #[test]
    fn bank_details_name_each_fault() {
        let ok = check_bank_details("Riya Sharma", "123456789012", "1234 5678 9012", "hdfc0001234", "Indiranagar").unwrap();
        assert_eq!((ok.account_number.as_str(), ok.ifsc.as_str()), ("123456789012", "HDFC0001234"));
        let fields = |r: Result<BankDetails, Vec<(&'static str, String)>>| r.unwrap_err().into_iter().map(|f| f.0).collect::<Vec<_>>();
        assert_eq!(fields(check_bank_details("Riya", "123456789012", "123456789013", "HDFC0001234", "MG Road")), ["confirmAccountNumber"]);
        assert_eq!(fields(check_bank_details("", "12", "12", "HDFC1001234", "")), ["accountName", "accountNnumber", "ifscCode", "branchName"]);
    }

    #[test]
    fn a_return_moves_pickup_then_check_then_verdict() {
        use ReturnStatus::*;
        assert!(Requested.can_move_to(PickupScheduled));
        assert!(Received.can_move_to(Declined));
        assert!(!PickedUp.can_move_to(Declined), "what the courier holds is checked at the warehouse first");
        assert!(!Requested.can_move_to(Approved));
        assert!(!Declined.can_move_to(Approved));
        for st in ReturnStatus::ALL {
            assert_eq!(ReturnStatus::parse(st.name()), Some(st));
        }
    }
}

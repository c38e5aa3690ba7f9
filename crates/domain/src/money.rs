//! Money is integer paise everywhere; rupees exist only as text at the edges.

/// Formats paise as a shopper reads it: `₹1,29,999`, `₹1.50`, `-₹500`.
/// Indian digit grouping (last three digits, then pairs), whole rupees without decimals.
pub fn format_inr(paise: i64) -> String {
    let negative = paise < 0;
    let abs = paise.unsigned_abs();
    let rupees = abs / 100;
    let fraction = abs % 100;
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    out.push('₹');
    out.push_str(&group_indian(rupees));
    if fraction != 0 {
        out.push_str(&format!(".{fraction:02}"));
    }
    out
}

/// Paise as an invoice writes them, always with two decimals and without the sign: `1,29,999.00`.
pub fn format_amount(paise: i64) -> String {
    let abs = paise.unsigned_abs();
    format!("{}{}.{:02}", if paise < 0 { "-" } else { "" }, group_indian(abs / 100), abs % 100)
}

/// Paise in one rupee: the only place rupees become paise or back.
pub const PAISE_PER_RUPEE: i64 = 100;

/// Whole rupees an operator types, as paise; None when it would not fit.
pub fn paise_from_rupees(rupees: i64) -> Option<i64> {
    rupees.checked_mul(PAISE_PER_RUPEE)
}

/// Paise as a rupee number, for the analytics payloads that expect one (`799.5`).
pub fn rupees_f64(paise: i64) -> f64 {
    paise as f64 / PAISE_PER_RUPEE as f64
}

/// Digits grouped the Indian way (12,34,567): prices, and the product page the server draws.
pub fn group_indian(n: u64) -> String {
    let digits = n.to_string();
    if digits.len() <= 3 {
        return digits;
    }
    let (head, last3) = digits.split_at(digits.len() - 3);
    let mut groups: Vec<&str> = Vec::new();
    let mut rest = head;
    while rest.len() > 2 {
        let (h, t) = rest.split_at(rest.len() - 2);
        groups.push(t);
        rest = h;
    }
    groups.push(rest);
    groups.reverse();
    format!("{},{}", groups.join(","), last3)
}

/// The offer tag shown on a product card: the whole-percent saving against the old price.
/// `None` when there is no real saving.
pub fn discount_tag(price: i64, old_price: i64) -> Option<String> {
    if old_price <= 0 || price >= old_price || price < 0 {
        return None;
    }
    let pct = (old_price - price) * 100 / old_price;
    (pct > 0).then(|| format!("{pct}% OFF"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invoice_amounts_keep_two_decimals() {
        assert_eq!(format_amount(12_999_900), "1,29,999.00");
        assert_eq!(format_amount(150), "1.50");
        assert_eq!(format_amount(-50_000), "-500.00");
    }

    #[test]
    fn groups_like_india() {
        assert_eq!(format_inr(99_900), "₹999");
        assert_eq!(format_inr(100_000), "₹1,000");
        assert_eq!(format_inr(10_000_000), "₹1,00,000");
        assert_eq!(format_inr(12_345_678_900), "₹12,34,56,789");
    }

    #[test]
    fn discount_tag_is_whole_percent_and_only_for_real_savings() {
        assert_eq!(discount_tag(79_900, 129_900).as_deref(), Some("38% OFF"));
        assert_eq!(discount_tag(129_900, 129_900), None);
        assert_eq!(discount_tag(139_900, 129_900), None);
        assert_eq!(discount_tag(100, 0), None);
    }

    #[test]
    fn rupees_become_paise_in_one_place() {
        assert_eq!(super::paise_from_rupees(1_499), Some(149_900));
        assert_eq!(super::paise_from_rupees(i64::MAX), None);
        assert_eq!(super::rupees_f64(79_950), 799.5);
    }
}

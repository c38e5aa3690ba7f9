//! Rules for what shoppers send and keep: notify-me contacts, event names, wishlist sizes, the cart
//! event's average discount, offers applied, last-purchased size slots.

use crate::validation::{Email, Phone};

/// The events the shopper-side event call accepts (spec 000 §7).
pub const EVENT_NAMES: [&str; 10] = [
    "product_viewed",
    "added_to_cart",
    "removed_from_cart",
    "removed_from_wishlist",
    "added_to_wishlist",
    "added_to_wishlist_moengage",
    "cart_updated",
    "cart_viewed",
    "Share_product",
    "notify_me",
];

/// The cart page's sequence events (spec 000 §9: `view cart_item_N`), one per line shown, N from 1.
pub const CART_ITEM_EVENT_PREFIX: &str = "view cart_item_";
/// The longest cart the sequence events count (a cart holds fewer lines than this).
pub const CART_ITEM_EVENTS_MAX: u32 = 200;

pub fn is_known_event(name: &str) -> bool {
    EVENT_NAMES.contains(&name) || cart_item_event(name).is_some()
}

/// N of a `view cart_item_N` event (1 to CART_ITEM_EVENTS_MAX, written without leading zeros).
pub fn cart_item_event(name: &str) -> Option<u32> {
    let n = name.strip_prefix(CART_ITEM_EVENT_PREFIX)?;
    let v: u32 = n.parse().ok().filter(|_| !n.starts_with('0') && n.bytes().all(|b| b.is_ascii_digit()))?;
    (1..=CART_ITEM_EVENTS_MAX).contains(&v).then_some(v)
}

/// The cart event's `discount_avg`: how far below MRP the cart's pieces sell, in percent, weighted by
/// what each piece's MRP is (two decimals). Lines are (MRP, selling price, quantity) in paise; 0 for an
/// empty cart.
pub fn average_discount_percent(lines: &[(i64, i64, i64)]) -> f64 {
    let (mut mrp, mut off) = (0i64, 0i64);
    for &(line_mrp, price, qty) in lines {
        let (line_mrp, qty) = (line_mrp.max(price).max(0), qty.max(0));
        mrp += line_mrp * qty;
        off += (line_mrp - price.max(0)) * qty;
    }
    if mrp == 0 {
        return 0.0;
    }
    (off as f64 * 10_000.0 / mrp as f64).round() / 100.0
}

/// Who is asking for a size, for de-duplication: a shopper by id, a guest by e-mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotifyContact {
    pub requester: String,
    pub email: String,
    pub phone: String,
}

/// Spec 001 §5: a shopper with an e-mail on file skips validation; everyone else must give a valid
/// e-mail (the lenient rule) and a valid 10-digit phone. Returns the message to show on failure.
pub fn notify_contact(user: Option<(i64, Option<&str>)>, email: &str, phone: &str) -> Result<NotifyContact, &'static str> {
    if let Some((id, Some(known))) = user {
        if !known.is_empty() {
            return Ok(NotifyContact { requester: format!("u:{id}"), email: known.to_string(), phone: phone.trim().to_string() });
        }
    }
    let email = email.trim();
    let phone: String = phone.chars().filter(|c| c.is_ascii_digit()).collect();
    if Email::parse_lenient(email).is_none() {
        return Err(Email::MESSAGE);
    }
    if Phone::parse(&phone).is_none() {
        return Err(Phone::MESSAGE);
    }
    let requester = match user {
        Some((id, _)) => format!("u:{id}"),
        None => format!("e:{}", email.to_ascii_lowercase()),
    };
    Ok(NotifyContact { requester, email: email.to_string(), phone })
}

/// The sizes a wishlist entry names (spec 000 §3: first_combo_size, second_combo_size,
/// multi_combo_size), checked against the product's sizes as (part, value): 0 for an ordinary size,
/// 1 and 2 for a combo's bra and panty groups. Each is empty or names a size the product has: the
/// first from part 1 of a combo (part 0 otherwise), the second only from part 2 of a combo, and the
/// multi-combo list (comma-separated, at most ten) only sizes of the product.
pub fn wishlist_sizes_ok(sizes: &[(i64, &str)], is_combo: bool, first: &str, second: &str, multi: &str) -> bool {
    let has = |part: i64, value: &str| sizes.iter().any(|(p, v)| *p == part && *v == value);
    let first_ok = first.is_empty() || has(if is_combo { 1 } else { 0 }, first);
    let second_ok = second.is_empty() || (is_combo && has(2, second));
    let multi_ok = multi.is_empty() || {
        let values: Vec<&str> = multi.split(',').map(str::trim).collect();
        values.len() <= 10 && values.iter().all(|v| sizes.iter().any(|(_, s)| s == v))
    };
    first_ok && second_ok && multi_ok
}

/// An offer counts as applied when the cart holds at least `count` of its pieces.
pub fn offer_applied(count: i64, qty_in_cart: i64) -> bool {
    count > 0 && qty_in_cart >= count
}

/// Which last-purchased size slot a top category fills (spec 001 §3, §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SizeSlot {
    Bra,
    Panty,
    Nightwear,
    Activewear,
}

pub fn size_slot(top_category: i64) -> Option<SizeSlot> {
    match top_category {
        1 => Some(SizeSlot::Bra),
        2 => Some(SizeSlot::Panty),
        4 => Some(SizeSlot::Nightwear),
        253 => Some(SizeSlot::Activewear),
        _ => None,
    }
}

/// The device an event came from, as spec 000 §3 records it: 'mob' for a phone ('mobile' or 'mob'),
/// 'dt' for anything else.
pub fn request_device(sent: &str) -> &'static str {
    match sent.trim().to_ascii_lowercase().as_str() {
        "mob" | "mobile" => "mob",
        _ => "dt",
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn phones_are_mob_and_everything_else_dt() {
        use super::request_device;
        assert_eq!(request_device("mobile"), "mob");
        assert_eq!(request_device("MOB"), "mob");
        assert_eq!(request_device("desktop"), "dt");
        assert_eq!(request_device(""), "dt");
    }

    #[test]
    fn discount_average_is_weighted_by_mrp() {
        // ₹1,000 MRP sold at ₹700 ×1, ₹500 MRP sold at ₹500 ×2: ₹300 off ₹2,000 of MRP = 15%.
        assert_eq!(super::average_discount_percent(&[(100_000, 70_000, 1), (50_000, 50_000, 2)]), 15.0);
        assert_eq!(super::average_discount_percent(&[(115_000, 79_900, 1)]), 30.52);
        assert_eq!(super::average_discount_percent(&[]), 0.0);
        assert_eq!(super::average_discount_percent(&[(0, 0, 3)]), 0.0);
    }

    use super::*;

    #[test]
    fn notify_contact_rules() {
        let ok = notify_contact(Some((7, Some("a@b.com"))), "", "").unwrap();
        assert_eq!(ok.requester, "u:7");
        assert_eq!(ok.email, "a@b.com");
        assert_eq!(notify_contact(None, "bad", "9876543210"), Err("Provide a valid email address"));
        assert_eq!(notify_contact(None, "a@b.com", "12345"), Err("Please enter your 10 digit phone number"));
        assert_eq!(notify_contact(Some((7, None)), "bad", "9876543210"), Err("Provide a valid email address"));
        let guest = notify_contact(None, " Asha@Example.com ", "98765-43210").unwrap();
        assert_eq!(guest.requester, "e:asha@example.com");
        assert_eq!(guest.phone, "9876543210");
    }

    #[test]
    fn wishlist_sizes_must_be_the_products() {
        let bra = [(0, "32B"), (0, "34B")];
        assert!(wishlist_sizes_ok(&bra, false, "", "", ""));
        assert!(wishlist_sizes_ok(&bra, false, "34B", "", ""));
        assert!(!wishlist_sizes_ok(&bra, false, "z123", "", ""), "an unknown size");
        assert!(!wishlist_sizes_ok(&bra, false, "", "34B", ""), "no second size without a combo");
        let combo = [(1, "34B"), (2, "M"), (2, "L")];
        assert!(wishlist_sizes_ok(&combo, true, "34B", "M", ""));
        assert!(!wishlist_sizes_ok(&combo, true, "M", "34B", ""), "parts swapped");
        assert!(wishlist_sizes_ok(&combo, true, "", "", "34B, M"));
        assert!(!wishlist_sizes_ok(&combo, true, "", "", "34B,XL"));
        assert!(!wishlist_sizes_ok(&combo, true, "", "", &["M"; 11].join(",")));
    }

    #[test]
    fn offers_and_slots() {
        assert!(offer_applied(3, 3) && !offer_applied(3, 2) && !offer_applied(0, 5));
        assert_eq!(size_slot(1), Some(SizeSlot::Bra));
        assert_eq!(size_slot(253), Some(SizeSlot::Activewear));
        assert_eq!(size_slot(300), None);
        assert!(is_known_event("Share_product") && !is_known_event("share_product"));
        assert!(is_known_event("view cart_item_1") && is_known_event("view cart_item_200"));
        for bad in
            ["view cart_item_0", "view cart_item_01", "view cart_item_201", "view cart_item_", "view cart_item_1x", "view cart_item_+1", "view cart_item"]
        {
            assert!(!is_known_event(bad), "{bad}");
        }
    }
}

//! What checkout adds to the cart's price (issue 10): cash on delivery (where it is allowed, its fee
//! and its ceiling), wallet money used, the amount left to pay, and the GST inside a price.
//! The cart's own figures come from `pricing::price_cart`; nothing here prices goods again.

use crate::pricing::Totals;
use chrono::{DateTime, Duration, Utc};

/// Checkout's settings (an operator may change them; these are the shop's defaults).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckoutSettings {
    /// Charged on cash-on-delivery orders, in paise.
    pub cod_fee: i64,
    /// The largest order (before the fee) that may be paid in cash on delivery, in paise.
    pub cod_max: i64,
}

impl Default for CheckoutSettings {
    fn default() -> Self {
        CheckoutSettings { cod_fee: 4_900, cod_max: 1_000_000 }
    }
}

/// Why cash on delivery is not offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodRefusal {
    /// The courier takes no cash at this pincode.
    NotAtPincode,
    /// The order is above the ceiling.
    AboveLimit { limit: i64 },
    /// The shopper's account may not use it (`is_blacklist_user`: spec 000 §3 leaves its effect
    /// unsaid; this is it).
    NotForAccount,
    /// Nothing is left to pay on delivery (the wallet covers the order).
    NothingToCollect,
}

impl CodRefusal {
    pub fn message(&self) -> String {
        match self {
            CodRefusal::NotAtPincode => "Cash on delivery is not available at this pincode.".into(),
            CodRefusal::AboveLimit { limit } => format!("Cash on delivery is available on orders up to {}.", crate::money::format_inr(*limit)),
            CodRefusal::NotForAccount => "Cash on delivery is not available for this account. Please pay online.".into(),
            CodRefusal::NothingToCollect => "Your wallet pays for the whole order.".into(),
        }
    }
}

/// Whether an order may be paid in cash on delivery: the pincode allows it, the amount left to
/// collect is within the ceiling, and the account may use it.
pub fn cod_allowed(pincode_has_cod: bool, to_collect: i64, blacklisted: bool, s: &CheckoutSettings) -> Result<(), CodRefusal> {
    if blacklisted {
        return Err(CodRefusal::NotForAccount);
    }
    if !pincode_has_cod {
        return Err(CodRefusal::NotAtPincode);
    }
    if to_collect <= 0 {
        return Err(CodRefusal::NothingToCollect);
    }
    if to_collect > s.cod_max {
        return Err(CodRefusal::AboveLimit { limit: s.cod_max });
    }
    Ok(())
}

/// The price breakup checkout shows and the order keeps, in paise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Breakup {
    pub mrp_total: i64,
    /// MRP less selling prices.
    pub discount: i64,
    pub bundle_discount: i64,
    pub coupon_discount: i64,
    pub upgrade_discount: i64,
    pub affiliate_discount: i64,
    pub gifts: i64,
    pub gift_wrap: i64,
    pub shipping: i64,
    pub cod_fee: i64,
    /// The cart's total plus the COD fee.
    pub order_total: i64,
    pub wallet_used: i64,
    /// What is left to pay, online or on delivery.
    pub to_pay: i64,
}

/// Checkout's breakup from the engine's totals: the COD fee when paying on delivery, then as much
/// wallet money as the shopper chose to use, at most the balance and the order.
pub fn breakup(t: &Totals, cod: bool, wallet_balance: i64, use_wallet: bool, s: &CheckoutSettings) -> Breakup {
    let cod_fee = if cod && t.pieces > 0 { s.cod_fee.max(0) } else { 0 };
    let order_total = t.total + cod_fee;
    let wallet_used = if use_wallet { wallet_balance.clamp(0, order_total.max(0)) } else { 0 };
    Breakup {
        mrp_total: t.mrp_total,
        discount: t.mrp_total - t.subtotal,
        bundle_discount: t.bundle_discount,
        coupon_discount: t.coupon_discount,
        upgrade_discount: t.upgrade_discount(),
        affiliate_discount: t.affiliate_discount,
        gifts: t.gifts,
        gift_wrap: t.gift_wrap,
        shipping: t.shipping,
        cod_fee,
        order_total,
        wallet_used,
        to_pay: order_total - wallet_used,
    }
}

/// GST rate on apparel, by the price of one piece (prices include GST): 5% up to ₹2,500, 18% above.
pub fn gst_rate(unit_price: i64) -> i64 {
    if unit_price <= 250_000 {
        5
    } else {
        18
    }
}

/// The GST inside a GST-inclusive value (CGST rule 35: value × rate ÷ (100 + rate)), rounded to the
/// nearest paisa.
pub fn gst_inside(value: i64, rate: i64) -> i64 {
    let value = value.max(0) as i128;
    let rate = rate.max(0) as i128;
    ((value * rate * 2 + (100 + rate)) / ((100 + rate) * 2)) as i64
}

/// How long an online payment may take (spec 000 §3: `ORDER_PENDING_INVENTORY_LIMIT_IN_HOURS` and
/// `API_RETRY_LIMIT_IN_MINUTES`, both sent to the client).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PaymentWindow {
    /// A prepaid order holds its stock this long; then it is Payment Failed and its stock goes back.
    pub hold_hours: i64,
    /// An attempt without an outcome (a UPI request the shopper may still approve) blocks a new one
    /// this long, so one order is not paid twice.
    pub retry_after_minutes: i64,
}

impl Default for PaymentWindow {
    fn default() -> Self {
        PaymentWindow { hold_hours: 2, retry_after_minutes: 5 }
    }
}

/// Whether the shopper may pay (again) for an order now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Retry {
    Allowed {
        closes_at: DateTime<Utc>,
    },
    /// The last attempt may still complete; a new one opens then.
    Wait {
        opens_at: DateTime<Utc>,
    },
    /// The window passed: the order's stock is back on sale.
    Closed,
    /// The order is not waiting for a payment (paid, cash on delivery, failed, cancelled).
    NotPending,
}

impl Retry {
    pub fn message(&self) -> Option<String> {
        match self {
            Retry::Allowed { .. } => None,
            Retry::Wait { opens_at } => Some(format!(
                "Your last payment may still go through. You can try again at {} if it does not.",
                opens_at.with_timezone(&crate::delivery::ist()).format("%-I:%M %p")
            )),
            Retry::Closed => Some("The time to pay for this order has passed, and its items are back on sale.".into()),
            Retry::NotPending => Some("This order is not waiting for a payment.".into()),
        }
    }
}

/// The retry rule: an order waiting for payment, inside its window, whose last attempt failed or is
/// older than the retry gap (spec 000 §4: at least the retry limit, at most the pending limit).
pub fn retry(pending: bool, placed_at: DateTime<Utc>, last_open_attempt: Option<DateTime<Utc>>, now: DateTime<Utc>, w: &PaymentWindow) -> Retry {
    if !pending {
        return Retry::NotPending;
    }
    let closes_at = placed_at + Duration::hours(w.hold_hours);
    if now >= closes_at {
        return Retry::Closed;
    }
    match last_open_attempt.map(|t| t + Duration::minutes(w.retry_after_minutes)) {
        Some(opens_at) if now < opens_at => Retry::Wait { opens_at },
        _ => Retry::Allowed { closes_at },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pricing::{price_cart, Choices, Line, Offers, ShopSettings};
    use chrono::{TimeZone, Utc};
    use proptest::prelude::*;

    fn totals(prices: &[i64]) -> Totals {
        let lines: Vec<Line> = prices
            .iter()
            .enumerate()
            .map(|(i, p)| Line {
                line_id: i as i64 + 1,
                product_id: i as i64 + 1,
                category_ids: vec![1],
                unit_price: *p,
                unit_mrp: p * 2,
                quantity: 1,
                in_stock: true,
                offer_key: String::new(),
            })
            .collect();
        price_cart(&lines, &Offers::default(), &Choices::default(), &ShopSettings::default(), Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap())
    }

    #[test]
    fn cod_adds_its_fee_and_the_wallet_pays_first() {
        let s = CheckoutSettings::default();
        let t = totals(&[79_900, 49_900]);
        let b = breakup(&t, true, 20_000, true, &s);
        assert_eq!(b.order_total, 129_800 + 4_900);
        assert_eq!((b.wallet_used, b.to_pay), (20_000, 134_700 - 20_000));
        assert_eq!(b.discount, 129_800);
        let prepaid = breakup(&t, false, 500_000, true, &s);
        assert_eq!((prepaid.cod_fee, prepaid.wallet_used, prepaid.to_pay), (0, 129_800, 0), "the wallet covers it all");
        assert_eq!(breakup(&t, false, 500_000, false, &s).wallet_used, 0, "only when chosen");
    }

    #[test]
    fn cod_is_refused_with_the_reason() {
        let s = CheckoutSettings::default();
        assert_eq!(cod_allowed(true, 150_000, false, &s), Ok(()));
        assert_eq!(cod_allowed(false, 150_000, false, &s), Err(CodRefusal::NotAtPincode));
        assert_eq!(cod_allowed(true, 1_000_001, false, &s), Err(CodRefusal::AboveLimit { limit: 1_000_000 }));
        assert_eq!(cod_allowed(true, 150_000, true, &s), Err(CodRefusal::NotForAccount));
        assert_eq!(cod_allowed(true, 0, false, &s), Err(CodRefusal::NothingToCollect));
        assert_eq!(CodRefusal::AboveLimit { limit: 1_000_000 }.message(), "Cash on delivery is available on orders up to ₹10,000.");
    }

    #[test]
    fn gst_inside_an_inclusive_price() {
        assert_eq!(gst_rate(250_000), 5);
        assert_eq!(gst_rate(250_001), 18);
        // ₹1,050 at 5%: ₹50 of it is tax.
        assert_eq!(gst_inside(105_000, 5), 5_000);
        // ₹1,180 at 18%: ₹180.
        assert_eq!(gst_inside(118_000, 18), 18_000);
        // ₹799 at 5%: 79900 × 5 / 105 = 3804.76… → 3805 paise.
        assert_eq!(gst_inside(79_900, 5), 3_805);
        assert_eq!(gst_inside(0, 5), 0);
    }

    proptest! {
        #[test]
        fn the_breakup_adds_up(prices in prop::collection::vec(1i64..400_000, 0..6), cod in any::<bool>(), balance in 0i64..1_000_000, use_wallet in any::<bool>()) {
            let s = CheckoutSettings::default();
            let t = totals(&prices);
            let b = breakup(&t, cod, balance, use_wallet, &s);
            prop_assert!(b.to_pay >= 0 && b.wallet_used >= 0 && b.wallet_used <= balance);
            prop_assert_eq!(b.order_total, b.wallet_used + b.to_pay);
            prop_assert_eq!(
                b.order_total,
                b.mrp_total - b.discount - b.bundle_discount - b.coupon_discount - b.upgrade_discount - b.affiliate_discount + b.gifts + b.gift_wrap + b.shipping + b.cod_fee
            );
            for p in &prices {
                let tax = gst_inside(*p, gst_rate(*p));
                prop_assert!(tax >= 0 && tax < *p);
            }
        }
    }

    #[test]
    fn retry_opens_after_the_gap_and_closes_with_the_window() {
        let w = PaymentWindow { hold_hours: 2, retry_after_minutes: 5 };
        let placed = Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap();
        let at = |m: i64| placed + Duration::minutes(m);
        assert_eq!(retry(false, placed, None, at(1), &w), Retry::NotPending);
        assert_eq!(retry(true, placed, None, at(1), &w), Retry::Allowed { closes_at: at(120) });
        // An attempt still open blocks a new one for five minutes.
        assert_eq!(retry(true, placed, Some(at(10)), at(14), &w), Retry::Wait { opens_at: at(15) });
        assert_eq!(retry(true, placed, Some(at(10)), at(15), &w), Retry::Allowed { closes_at: at(120) });
        assert_eq!(retry(true, placed, None, at(120), &w), Retry::Closed);
        assert_eq!(retry(true, placed, Some(at(119)), at(121), &w), Retry::Closed);
        assert!(Retry::Wait { opens_at: at(15) }.message().unwrap().contains("3:45 PM"));
    }
}

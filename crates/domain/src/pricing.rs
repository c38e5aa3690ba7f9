//! The offers engine: one function prices a cart from its lines and the offers running now.
//! Every cart answer is priced by `price_cart` (checkout and orders are to use it too), so a total is
//! worked out one way; its `Totals` carry every figure the cart shows (rungs, gifts, you-save, goods).
//! Every amount is paise; nothing here is ever negative, and a discount never exceeds what it discounts.

use chrono::{DateTime, Utc};

/// Shipping and gift-wrap settings (spec 001 §9: free shipping at ₹29 and above, ₹29 below).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShopSettings {
    pub free_shipping_from: i64,
    pub shipping_charge: i64,
    pub gift_wrap_charge: i64,
}

impl Default for ShopSettings {
    fn default() -> Self {
        ShopSettings { free_shipping_from: 2_900, shipping_charge: 2_900, gift_wrap_charge: 4_900 }
    }
}

/// One cart line as the engine sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub line_id: i64,
    pub product_id: i64,
    /// The product's categories with their parents.
    pub category_ids: Vec<i64>,
    pub unit_price: i64,
    pub unit_mrp: i64,
    pub quantity: i64,
    pub in_stock: bool,
    pub offer_key: String,
}

impl Line {
    fn value(&self) -> i64 {
        self.unit_price.max(0).saturating_mul(self.quantity.max(0))
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CouponKind {
    /// Paise off.
    Flat(i64),
    /// Whole percent off, at most `cap` paise when a cap is set.
    Percent { percent: i64, cap: Option<i64> },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    Everything,
    Categories(Vec<i64>),
    Products(Vec<i64>),
}

impl Scope {
    fn covers(&self, line: &Line) -> bool {
        match self {
            Scope::Everything => true,
            Scope::Categories(c) => line.category_ids.iter().any(|id| c.contains(id)),
            Scope::Products(p) => p.contains(&line.product_id),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coupon {
    pub code: String,
    pub kind: CouponKind,
    pub min_order: i64,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub max_uses_total: Option<i64>,
    pub max_uses_per_shopper: Option<i64>,
    pub scope: Scope,
}

/// How often a coupon has been used, overall and by this shopper.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CouponUsage {
    pub total: i64,
    pub by_shopper: i64,
}

/// "Buy any {count} for ₹{bundle_price}" across the products sharing `key`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BundleOffer {
    pub key: String,
    pub title: String,
    pub count: i64,
    pub bundle_price: i64,
}

/// A gift for carts of at least `min_order`: free (price 0, the shopper picks a size) or paid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GiftOffer {
    pub id: i64,
    pub title: String,
    pub product_id: i64,
    pub price: i64,
    pub min_order: i64,
}

/// One rung of the upgrade ladder: carts worth at least `min_value` (after bundle prices) may take
/// `discount` off in place of a coupon. The shopper chooses which rung to take (upgrade_selected_option).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpgradeOption {
    pub id: i64,
    pub title: String,
    pub min_value: i64,
    pub discount: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Offers {
    pub bundles: Vec<BundleOffer>,
    pub gifts: Vec<GiftOffer>,
    pub upgrades: Vec<UpgradeOption>,
}

/// A partner's code: it tells the shop who sent the shopper and may give the shopper a whole-percent
/// discount (capped) on what is left after the coupon or upgrade. It combines with either.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Affiliate {
    pub code: String,
    pub percent: i64,
    pub cap: Option<i64>,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    /// The partner's own account, which may not use the code.
    pub owner_user_id: Option<i64>,
}

/// What the shopper chose at the cart besides the lines.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Choices {
    pub coupon: Option<(Coupon, CouponUsage)>,
    pub gift_wrap: bool,
    /// Gift offers taken (free with a size, or paid).
    pub gifts_taken: Vec<i64>,
    /// The upgrade option taken, by id.
    pub upgrade: Option<i64>,
    pub affiliate: Option<Affiliate>,
    /// The shopper pricing the cart (None for a guest), for the own-code rule.
    pub shopper_id: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CouponRefusal {
    NotStarted,
    Expired,
    MinimumOrder(i64),
    NotForTheseProducts,
    UsedUp,
    AlreadyUsed,
    /// An upgrade offer is taken; the two do not combine.
    UpgradeTaken,
}

impl CouponRefusal {
    pub fn message(&self) -> String {
        match self {
            CouponRefusal::NotStarted => "This coupon is not active yet.".into(),
            CouponRefusal::Expired => "This coupon has expired.".into(),
            CouponRefusal::MinimumOrder(min) => format!("This coupon needs a minimum order of {}.", crate::money::format_inr(*min)),
            CouponRefusal::NotForTheseProducts => "This coupon is not for the products in your cart.".into(),
            CouponRefusal::UsedUp => "This coupon has been fully used.".into(),
            CouponRefusal::AlreadyUsed => "You have already used this coupon.".into(),
            CouponRefusal::UpgradeTaken => "A coupon does not combine with an upgrade offer; remove the upgrade to use it.".into(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UpgradeRefusal {
    /// No running option has that id.
    Unknown,
    /// The cart is this many paise short of the option.
    ShortBy(i64),
    /// An empty cart takes no rung (a rung of ₹0 would otherwise show as taken on nothing).
    EmptyCart,
}

impl UpgradeRefusal {
    pub fn message(&self) -> String {
        match self {
            UpgradeRefusal::Unknown => "There is no such upgrade offer on this cart.".into(),
            UpgradeRefusal::ShortBy(p) => format!("Add {} more to your cart to take this upgrade.", crate::money::format_inr(*p)),
            UpgradeRefusal::EmptyCart => "Add something to your cart to take this upgrade.".into(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AffiliateRefusal {
    NotStarted,
    Expired,
    OwnCode,
}

impl AffiliateRefusal {
    pub fn message(&self) -> String {
        match self {
            AffiliateRefusal::NotStarted => "This affiliation code is not active yet.".into(),
            AffiliateRefusal::Expired => "This affiliation code has expired.".into(),
            AffiliateRefusal::OwnCode => "You cannot use your own affiliation code.".into(),
        }
    }
}

/// Checks an affiliation code for this shopper now.
pub fn check_affiliate(a: &Affiliate, shopper_id: Option<i64>, now: DateTime<Utc>) -> Result<(), AffiliateRefusal> {
    if now < a.starts_at {
        return Err(AffiliateRefusal::NotStarted);
    }
    if now >= a.ends_at {
        return Err(AffiliateRefusal::Expired);
    }
    if a.owner_user_id.is_some() && a.owner_user_id == shopper_id {
        return Err(AffiliateRefusal::OwnCode);
    }
    Ok(())
}

/// How an upgrade option stands against a cart worth `value` (after bundle prices).
pub fn check_upgrade(options: &[UpgradeOption], id: i64, value: i64) -> Result<&UpgradeOption, UpgradeRefusal> {
    let o = options.iter().find(|o| o.id == id).ok_or(UpgradeRefusal::Unknown)?;
    if value < o.min_value {
        return Err(UpgradeRefusal::ShortBy(o.min_value - value));
    }
    Ok(o)
}

/// How far the cart is from an offer it does not have yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemainingOffer {
    pub title: String,
    /// Pieces still to add (bundles) …
    pub pieces_short: i64,
    /// … or paise still to spend (gifts).
    pub amount_short: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppliedBundle {
    pub key: String,
    pub title: String,
    pub discount: i64,
}

/// How far the cart is from one rung of the upgrade ladder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RungProgress {
    pub id: i64,
    /// The cart (after bundle prices, with something in it) reaches the rung.
    pub unlocked: bool,
    /// Paise still to add to reach it (0 when unlocked).
    pub amount_short: i64,
}

/// How far the cart is from one gift offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GiftProgress {
    pub id: i64,
    /// The goods (after every discount, with something in the cart) reach the gift's minimum.
    pub eligible: bool,
    /// Paise still to spend for it (0 when eligible).
    pub amount_short: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Totals {
    /// Sum of MRPs of the lines in stock.
    pub mrp_total: i64,
    /// Sum of selling prices of the lines in stock.
    pub subtotal: i64,
    pub bundle_discount: i64,
    pub bundles: Vec<AppliedBundle>,
    pub coupon_discount: i64,
    pub coupon_refusal: Option<CouponRefusal>,
    /// The upgrade option applied and its discount.
    pub upgrade: Option<(i64, i64)>,
    pub upgrade_refusal: Option<UpgradeRefusal>,
    pub affiliate_discount: i64,
    pub affiliate_refusal: Option<AffiliateRefusal>,
    /// What the goods cost after every discount: gifts, shipping and the thresholds are measured on it.
    pub goods: i64,
    /// (line id, what the line costs after bundle prices) for the lines charged: a bundle's discount
    /// shared out over its pieces in proportion to their prices.
    pub line_net: Vec<(i64, i64)>,
    /// (line id, what the shopper pays for the line after every discount): the coupon shared over the
    /// lines it covers, then the upgrade and the partner share over every line, each in proportion to
    /// what the lines cost before it. Sums to `goods`; orders keep it so refunds need no recomputation.
    pub line_paid: Vec<(i64, i64)>,
    pub gifts: i64,
    pub gift_wrap: i64,
    pub shipping: i64,
    pub total: i64,
    pub pieces: i64,
    pub remaining: Vec<RemainingOffer>,
    /// The subtotal after bundle prices: what upgrade rungs are measured on.
    pub after_bundles: i64,
    /// Every rung of the ladder running now, in the offers' order.
    pub rungs: Vec<RungProgress>,
    /// Every gift offer running now, in the offers' order.
    pub gift_progress: Vec<GiftProgress>,
    /// Everything taken off MRP: the selling-price saving, bundles, coupon or upgrade, partner share.
    pub you_save: i64,
}

impl Totals {
    /// The upgrade discount taken, 0 when none.
    pub fn upgrade_discount(&self) -> i64 {
        self.upgrade.map_or(0, |u| u.1)
    }

    pub fn gift(&self, gift_id: i64) -> Option<GiftProgress> {
        self.gift_progress.iter().copied().find(|g| g.id == gift_id)
    }
}

/// Pieces a last-minute deal puts in a cart: one, once.
pub const DEAL_PIECES: i64 = 1;

/// A line's price and bundle key: a running deal's price holds while the deal runs, and deal pieces
/// join no bundle (the deal is the offer).
pub fn line_price(list_price: i64, offer_key: &str, deal_price: Option<i64>) -> (i64, String) {
    match deal_price {
        Some(p) => (p, String::new()),
        None => (list_price, offer_key.to_string()),
    }
}

/// A coupon or affiliation code as the shop keeps it: trimmed and upper-cased, 1 to 20 ASCII letters
/// and digits. None for anything else.
pub fn normalise_code(raw: &str) -> Option<String> {
    let code = raw.trim().to_ascii_uppercase();
    (!code.is_empty() && code.len() <= 20 && code.bytes().all(|b| b.is_ascii_alphanumeric())).then_some(code)
}

/// Whether the shopper can use the coupon now, whatever the cart (the Coupons page): started, not
/// ended, not used up overall or by them.
pub fn coupon_open_to(c: &Coupon, usage: CouponUsage, now: DateTime<Utc>) -> bool {
    now >= c.starts_at && now < c.ends_at && c.max_uses_total.is_none_or(|m| usage.total < m) && c.max_uses_per_shopper.is_none_or(|m| usage.by_shopper < m)
}

/// How many more times the shopper may use it; None when there is no limit for them.
pub fn coupon_uses_left(c: &Coupon, usage: CouponUsage) -> Option<i64> {
    c.max_uses_per_shopper.map(|m| (m - usage.by_shopper).max(0))
}

/// The coupon's benefit in a few words: '10% off, up to ₹300', '₹200 off'.
pub fn coupon_title(kind: &CouponKind) -> String {
    match kind {
        CouponKind::Flat(p) => format!("{} off", crate::money::format_inr(*p)),
        CouponKind::Percent { percent, cap: Some(cap) } => format!("{percent}% off, up to {}", crate::money::format_inr(*cap)),
        CouponKind::Percent { percent, cap: None } => format!("{percent}% off"),
    }
}

/// Checks a coupon against the cart value it would apply to.
pub fn check_coupon(c: &Coupon, usage: CouponUsage, eligible_value: i64, order_value: i64, now: DateTime<Utc>) -> Result<(), CouponRefusal> {
    if now < c.starts_at {
        return Err(CouponRefusal::NotStarted);
    }
    if now >= c.ends_at {
        return Err(CouponRefusal::Expired);
    }
    if c.max_uses_total.is_some_and(|m| usage.total >= m) {
        return Err(CouponRefusal::UsedUp);
    }
    if c.max_uses_per_shopper.is_some_and(|m| usage.by_shopper >= m) {
        return Err(CouponRefusal::AlreadyUsed);
    }
    if eligible_value <= 0 {
        return Err(CouponRefusal::NotForTheseProducts);
    }
    if order_value < c.min_order {
        return Err(CouponRefusal::MinimumOrder(c.min_order));
    }
    Ok(())
}

fn coupon_amount(kind: &CouponKind, eligible_value: i64) -> i64 {
    let raw = match kind {
        CouponKind::Flat(p) => (*p).max(0),
        CouponKind::Percent { percent, cap } => {
            let pct = (*percent).clamp(0, 100);
            // Whole rupees off: a shopper reads "₹359 off", never "₹359.55 off".
            let amount = eligible_value.max(0).saturating_mul(pct) / 100 / 100 * 100;
            cap.map_or(amount, |c| amount.min(c.max(0)))
        }
    };
    raw.min(eligible_value.max(0))
}

/// Bundle discount: the offer's pieces, dearest first, in groups of `count`; each full group costs
/// `bundle_price` instead of its sum (never more than the sum). Also answers how many pieces the offer
/// has and how much of the discount falls on each line (by index in `lines`), shared out in proportion
/// to the pieces' prices, so a coupon for some products is measured on what they really cost.
fn bundle_discount(b: &BundleOffer, lines: &[&Line]) -> (i64, i64, Vec<(usize, i64)>) {
    if b.count <= 0 {
        return (0, 0, vec![]);
    }
    let mut pieces: Vec<(i64, usize)> = Vec::new();
    for (i, l) in lines.iter().enumerate().filter(|(_, l)| l.offer_key == b.key) {
        for _ in 0..l.quantity.clamp(0, 1_000) {
            pieces.push((l.unit_price.max(0), i));
        }
    }
    pieces.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut discount = 0;
    let mut shares: Vec<(usize, i64)> = Vec::new();
    for group in pieces.chunks(b.count as usize).filter(|g| g.len() as i64 == b.count) {
        let sum: i64 = group.iter().map(|p| p.0).sum();
        let off = (sum - b.bundle_price.max(0)).max(0);
        if off == 0 {
            continue;
        }
        discount += off;
        // Each piece bears off × price / sum (rounded down); the rest falls on the dearest piece.
        let mut given = 0;
        for (price, line) in group.iter().skip(1) {
            let share = (off as i128 * *price as i128 / sum as i128) as i64;
            given += share;
            shares.push((*line, share));
        }
        shares.push((group[0].1, off - given));
    }
    (discount, pieces.len() as i64, shares)
}

/// Takes `amount` off the lines marked `among`, each bearing amount × its value ÷ their sum (rounded
/// down), the rest from the lines with the most left; never below nothing (the engine caps every
/// discount at what it discounts).
fn share_out(values: &mut [i64], amount: i64, among: &[bool]) {
    let sum: i64 = values.iter().zip(among).filter(|(_, a)| **a).map(|(v, _)| (*v).max(0)).sum();
    if amount <= 0 || sum <= 0 {
        return;
    }
    let amount = amount.min(sum);
    let mut given = 0;
    for (i, v) in values.iter_mut().enumerate() {
        if !among[i] || *v <= 0 {
            continue;
        }
        let share = (amount as i128 * *v as i128 / sum as i128) as i64;
        *v -= share;
        given += share;
    }
    let mut rest = amount - given;
    while rest > 0 {
        let Some(i) = (0..values.len()).filter(|i| among[*i] && values[*i] > 0).max_by_key(|i| values[*i]) else { break };
        let take = rest.min(values[i]);
        values[i] -= take;
        rest -= take;
    }
}

/// The cart's upgrade nudge (upgrade_offer_values.offer_upgrade_message) for a cart worth `value`
/// after bundle prices: what is taken and the next rung, what the cart unlocks, or how far the first
/// rung is. Empty when the shop runs no upgrade offer or the cart is empty.
pub fn upgrade_message(options: &[UpgradeOption], value: i64, taken: Option<i64>) -> String {
    use crate::money::format_inr;
    if value <= 0 || options.is_empty() {
        return String::new();
    }
    let next_above = |floor: i64| options.iter().filter(|o| o.min_value > floor).min_by_key(|o| (o.min_value, o.id));
    if let Some(t) = taken.and_then(|id| options.iter().find(|o| o.id == id)).filter(|t| value >= t.min_value) {
        // The cart may since have grown into a better rung than the one taken.
        if let Some(better) = options.iter().filter(|o| o.min_value <= value && o.discount > t.discount).max_by_key(|o| (o.discount, o.min_value)) {
            return format!("Upgrade applied: {}. Your cart now reaches {}: take it instead.", t.title, better.title);
        }
        return match next_above(value.max(t.min_value)) {
            Some(n) => format!("Upgrade applied: {}. Add {} more to upgrade to {}.", t.title, format_inr(n.min_value - value), n.title),
            None => format!("Upgrade applied: {}.", t.title),
        };
    }
    let best = options.iter().filter(|o| o.min_value <= value).max_by_key(|o| (o.discount, o.min_value));
    match (best, next_above(value)) {
        (Some(b), _) => format!("Your cart unlocks an upgrade: {}. Take it in place of a coupon.", b.title),
        (None, Some(n)) => format!("Add {} more to unlock an upgrade: {}.", format_inr(n.min_value - value), n.title),
        (None, None) => String::new(),
    }
}

/// Prices a cart. Out-of-stock lines are shown but not charged.
pub fn price_cart(lines: &[Line], offers: &Offers, choices: &Choices, settings: &ShopSettings, now: DateTime<Utc>) -> Totals {
    let live: Vec<&Line> = lines.iter().filter(|l| l.in_stock && l.quantity > 0).collect();
    let subtotal: i64 = live.iter().map(|l| l.value()).sum();
    let mrp_total: i64 = live.iter().map(|l| l.unit_mrp.max(l.unit_price).max(0).saturating_mul(l.quantity)).sum();
    let pieces: i64 = live.iter().map(|l| l.quantity).sum();

    let mut bundles = Vec::new();
    let mut remaining = Vec::new();
    // What each line costs after bundle prices.
    let mut net: Vec<i64> = live.iter().map(|l| l.value()).collect();
    for b in &offers.bundles {
        let (d, n, shares) = bundle_discount(b, &live);
        for (line, share) in shares {
            net[line] -= share;
        }
        if d > 0 {
            bundles.push(AppliedBundle { key: b.key.clone(), title: b.title.clone(), discount: d });
        }
        if n > 0 && b.count > 0 && n % b.count != 0 {
            remaining.push(RemainingOffer { title: b.title.clone(), pieces_short: b.count - n % b.count, amount_short: 0 });
        }
    }
    let bundle_discount: i64 = bundles.iter().map(|b| b.discount).sum::<i64>().min(subtotal);
    let after_bundles = subtotal - bundle_discount;

    let (upgrade, upgrade_refusal) = match choices.upgrade {
        Some(_) if pieces == 0 => (None, Some(UpgradeRefusal::EmptyCart)),
        Some(id) => match check_upgrade(&offers.upgrades, id, after_bundles) {
            Ok(o) => (Some((o.id, o.discount.clamp(0, after_bundles))), None),
            Err(r) => (None, Some(r)),
        },
        _ => (None, None),
    };
    let upgrade_discount = upgrade.map_or(0, |u| u.1);
    let (coupon_discount, coupon_refusal) = match &choices.coupon {
        Some(_) if upgrade.is_some() => (0, Some(CouponRefusal::UpgradeTaken)),
        Some((c, usage)) => {
            let eligible: i64 = live.iter().zip(&net).filter(|(l, _)| c.scope.covers(l)).map(|(_, v)| (*v).max(0)).sum::<i64>().min(after_bundles);
            match check_coupon(c, *usage, eligible, after_bundles, now) {
                Ok(()) => (coupon_amount(&c.kind, eligible), None),
                Err(r) => (0, Some(r)),
            }
        }
        None => (0, None),
    };
    let after_coupon = after_bundles - coupon_discount - upgrade_discount;
    let (affiliate_discount, affiliate_refusal) = match &choices.affiliate {
        Some(a) => match check_affiliate(a, choices.shopper_id, now) {
            Ok(()) => (coupon_amount(&CouponKind::Percent { percent: a.percent, cap: a.cap }, after_coupon), None),
            Err(r) => (0, Some(r)),
        },
        None => (0, None),
    };
    let goods = after_coupon - affiliate_discount;
    let mut paid = net.clone();
    if let Some((c, _)) = choices.coupon.as_ref().filter(|_| coupon_discount > 0) {
        let covered: Vec<bool> = live.iter().map(|l| c.scope.covers(l)).collect();
        share_out(&mut paid, coupon_discount, &covered);
    }
    share_out(&mut paid, upgrade_discount + affiliate_discount, &vec![true; live.len()]);

    let mut gifts = 0;
    for g in &offers.gifts {
        if goods >= g.min_order {
            if choices.gifts_taken.contains(&g.id) {
                gifts += g.price.max(0);
            }
        } else {
            remaining.push(RemainingOffer { title: g.title.clone(), pieces_short: 0, amount_short: g.min_order - goods });
        }
    }
    let gift_wrap = if choices.gift_wrap && pieces > 0 { settings.gift_wrap_charge.max(0) } else { 0 };
    let shipping = if pieces == 0 || goods >= settings.free_shipping_from { 0 } else { settings.shipping_charge.max(0) };
    if pieces > 0 && goods < settings.free_shipping_from {
        remaining.push(RemainingOffer { title: "Free shipping".into(), pieces_short: 0, amount_short: settings.free_shipping_from - goods });
    }
    let has_goods = pieces > 0;
    let rungs = offers
        .upgrades
        .iter()
        .map(|o| RungProgress { id: o.id, unlocked: has_goods && after_bundles >= o.min_value, amount_short: (o.min_value - after_bundles).max(0) })
        .collect();
    let gift_progress = offers
        .gifts
        .iter()
        .map(|g| GiftProgress { id: g.id, eligible: has_goods && goods >= g.min_order, amount_short: (g.min_order - goods).max(0) })
        .collect();
    let you_save = (mrp_total - subtotal) + bundle_discount + coupon_discount + upgrade_discount + affiliate_discount;
    Totals {
        after_bundles,
        rungs,
        gift_progress,
        you_save,
        mrp_total,
        subtotal,
        bundle_discount,
        bundles,
        coupon_discount,
        coupon_refusal,
        upgrade,
        upgrade_refusal,
        affiliate_discount,
        affiliate_refusal,
        goods,
        line_net: live.iter().zip(&net).map(|(l, v)| (l.line_id, *v)).collect(),
        line_paid: live.iter().zip(&paid).map(|(l, v)| (l.line_id, *v)).collect(),
        gifts,
        gift_wrap,
        shipping,
        total: goods + gifts + gift_wrap + shipping,
        pieces,
        remaining,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use proptest::prelude::*;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap()
    }

    fn line(id: i64, price: i64, qty: i64, key: &str) -> Line {
        Line {
            line_id: id,
            product_id: id,
            category_ids: vec![if key.is_empty() { 1 } else { 2 }],
            unit_price: price,
            unit_mrp: price + 10_000,
            quantity: qty,
            in_stock: true,
            offer_key: key.into(),
        }
    }

    fn coupon(kind: CouponKind, min_order: i64) -> Coupon {
        Coupon {
            code: "SAVE".into(),
            kind,
            min_order,
            starts_at: now() - chrono::Duration::days(1),
            ends_at: now() + chrono::Duration::days(1),
            max_uses_total: Some(100),
            max_uses_per_shopper: Some(1),
            scope: Scope::Everything,
        }
    }

    fn no_offers() -> Offers {
        Offers::default()
    }

    #[test]
    fn the_coupons_page_lists_what_the_shopper_can_still_use() {
        let c = coupon(CouponKind::Percent { percent: 10, cap: Some(30_000) }, 99_900);
        assert!(coupon_open_to(&c, CouponUsage::default(), now()));
        assert!(!coupon_open_to(&c, CouponUsage { total: 0, by_shopper: 1 }, now()), "used once: no more for them");
        assert!(!coupon_open_to(&c, CouponUsage { total: 100, by_shopper: 0 }, now()), "used up overall");
        assert!(!coupon_open_to(&c, CouponUsage::default(), now() + chrono::Duration::days(2)), "ended");
        assert!(!coupon_open_to(&c, CouponUsage::default(), now() - chrono::Duration::days(2)), "not started");
        assert_eq!(coupon_uses_left(&c, CouponUsage::default()), Some(1));
        assert_eq!(coupon_title(&c.kind), "10% off, up to ₹300");
        assert_eq!(coupon_title(&CouponKind::Flat(20_000)), "₹200 off");
        assert_eq!(coupon_title(&CouponKind::Percent { percent: 15, cap: None }), "15% off");
    }

    fn ladder() -> Vec<UpgradeOption> {
        vec![
            UpgradeOption { id: 1, title: "₹150 off".into(), min_value: 149_900, discount: 15_000 },
            UpgradeOption { id: 2, title: "₹400 off".into(), min_value: 299_900, discount: 40_000 },
        ]
    }

    fn partner(percent: i64, cap: Option<i64>) -> Affiliate {
        Affiliate {
            code: "PRIYA".into(),
            percent,
            cap,
            starts_at: now() - chrono::Duration::days(1),
            ends_at: now() + chrono::Duration::days(1),
            owner_user_id: Some(42),
        }
    }

    #[test]
    fn an_upgrade_option_applies_only_when_the_cart_reaches_it_and_replaces_the_coupon() {
        let offers = Offers { upgrades: ladder(), ..Default::default() };
        let lines = vec![line(1, 200_000, 1, "")];
        let price = |upgrade: Option<i64>, coupon: Option<Coupon>| {
            price_cart(
                &lines,
                &offers,
                &Choices { upgrade, coupon: coupon.map(|c| (c, CouponUsage::default())), ..Default::default() },
                &ShopSettings::default(),
                now(),
            )
        };
        let taken = price(Some(1), None);
        assert_eq!((taken.upgrade, taken.upgrade_refusal.clone(), taken.total), (Some((1, 15_000)), None, 185_000));
        let short = price(Some(2), None);
        assert_eq!((short.upgrade, short.total), (None, 200_000));
        assert_eq!(short.upgrade_refusal, Some(UpgradeRefusal::ShortBy(99_900)));
        assert_eq!(UpgradeRefusal::ShortBy(99_900).message(), "Add ₹999 more to your cart to take this upgrade.");
        assert_eq!(price(Some(9), None).upgrade_refusal, Some(UpgradeRefusal::Unknown));
        let both = price(Some(1), Some(coupon(CouponKind::Flat(50_000), 0)));
        assert_eq!((both.coupon_discount, both.coupon_refusal, both.total), (0, Some(CouponRefusal::UpgradeTaken), 185_000));
        // An upgrade the cart no longer reaches gives the coupon back its place.
        let fallen = price(Some(2), Some(coupon(CouponKind::Flat(50_000), 0)));
        assert_eq!((fallen.coupon_discount, fallen.total), (50_000, 150_000));
    }

    #[test]
    fn a_coupon_for_some_products_is_measured_on_what_they_cost_after_the_bundle() {
        let offers =
            Offers { bundles: vec![BundleOffer { key: "p3".into(), title: "3 for ₹300".into(), count: 3, bundle_price: 30_000 }], ..Default::default() };
        // Three panties at ₹300 each in "3 for ₹300", and a ₹1,000 bra outside the coupon.
        let lines = vec![line(1, 30_000, 3, "p3"), line(2, 100_000, 1, "")];
        let mut c = coupon(CouponKind::Flat(80_000), 0);
        c.scope = Scope::Products(vec![1]);
        let t = price_cart(&lines, &offers, &Choices { coupon: Some((c, CouponUsage::default())), ..Default::default() }, &ShopSettings::default(), now());
        assert_eq!(t.bundle_discount, 60_000);
        assert_eq!(t.coupon_discount, 30_000, "the panties cost ₹300 after the bundle: no more comes off them");
    }

    #[test]
    fn codes_are_kept_upper_case_letters_and_digits() {
        assert_eq!(normalise_code(" riya5 ").as_deref(), Some("RIYA5"));
        assert_eq!(normalise_code(""), None);
        assert_eq!(normalise_code("<b>"), None);
        assert_eq!(normalise_code(&"A".repeat(21)), None);
        assert_eq!(normalise_code(&"A".repeat(20)).map(|c| c.len()), Some(20));
    }

    #[test]
    fn the_upgrade_nudge_names_the_next_step() {
        let l = ladder();
        assert_eq!(upgrade_message(&l, 100_000, None), "Add ₹499 more to unlock an upgrade: ₹150 off.");
        assert_eq!(upgrade_message(&l, 150_000, None), "Your cart unlocks an upgrade: ₹150 off. Take it in place of a coupon.");
        assert_eq!(upgrade_message(&l, 300_000, None), "Your cart unlocks an upgrade: ₹400 off. Take it in place of a coupon.");
        assert_eq!(upgrade_message(&l, 150_000, Some(1)), "Upgrade applied: ₹150 off. Add ₹1,499 more to upgrade to ₹400 off.");
        assert_eq!(upgrade_message(&l, 300_000, Some(2)), "Upgrade applied: ₹400 off.");
        assert_eq!(upgrade_message(&l, 300_000, Some(1)), "Upgrade applied: ₹150 off. Your cart now reaches ₹400 off: take it instead.");
        // A taken rung the cart fell below reads like no rung is taken.
        assert_eq!(upgrade_message(&l, 100_000, Some(2)), "Add ₹499 more to unlock an upgrade: ₹150 off.");
        assert_eq!(upgrade_message(&[], 300_000, None), "");
        assert_eq!(upgrade_message(&l, 0, None), "", "an empty cart is not nudged");
    }

    #[test]
    fn affiliation_codes_take_a_capped_whole_percent_after_the_coupon() {
        let lines = vec![line(1, 200_000, 1, "")];
        let price = |a: Affiliate, shopper: Option<i64>, c: Option<Coupon>| {
            price_cart(
                &lines,
                &no_offers(),
                &Choices { affiliate: Some(a), shopper_id: shopper, coupon: c.map(|c| (c, CouponUsage::default())), ..Default::default() },
                &ShopSettings::default(),
                now(),
            )
        };
        let t = price(partner(5, None), Some(7), Some(coupon(CouponKind::Flat(10_000), 0)));
        // ₹2,000 − ₹100 coupon = ₹1,900; 5% is ₹95.
        assert_eq!((t.coupon_discount, t.affiliate_discount, t.total), (10_000, 9_500, 180_500));
        assert_eq!(price(partner(10, Some(5_000)), None, None).affiliate_discount, 5_000, "the cap holds");
        let own = price(partner(10, None), Some(42), None);
        assert_eq!((own.affiliate_discount, own.affiliate_refusal), (0, Some(AffiliateRefusal::OwnCode)));
        let mut old = partner(10, None);
        old.ends_at = now();
        assert_eq!(price(old, None, None).affiliate_refusal, Some(AffiliateRefusal::Expired));
        let zero = price(partner(0, None), None, None);
        assert_eq!((zero.affiliate_discount, zero.affiliate_refusal), (0, None), "a code may only credit the partner");
    }

    #[test]
    fn three_panties_for_699() {
        let offers =
            Offers { bundles: vec![BundleOffer { key: "p3".into(), title: "Any 3 for ₹699".into(), count: 3, bundle_price: 69_900 }], ..Default::default() };
        let lines = vec![line(1, 29_900, 2, "p3"), line(2, 34_900, 2, "p3")];
        let t = price_cart(&lines, &offers, &Choices::default(), &ShopSettings::default(), now());
        // Dearest three: 349 + 349 + 299 = 997 → 699, saving 298; the fourth piece is full price.
        assert_eq!(t.bundle_discount, 29_800);
        assert_eq!(t.total, 129_600 - 29_800);
        assert_eq!(t.remaining[0].pieces_short, 2);
    }

    #[test]
    fn coupons_refuse_with_reasons() {
        let lines = vec![line(1, 50_000, 1, "")];
        let price = |c: Coupon, usage: CouponUsage| {
            price_cart(&lines, &no_offers(), &Choices { coupon: Some((c, usage)), ..Default::default() }, &ShopSettings::default(), now())
        };
        assert_eq!(price(coupon(CouponKind::Flat(10_000), 99_900), CouponUsage::default()).coupon_refusal, Some(CouponRefusal::MinimumOrder(99_900)));
        assert_eq!(CouponRefusal::MinimumOrder(99_900).message(), "This coupon needs a minimum order of ₹999.");
        let mut expired = coupon(CouponKind::Flat(10_000), 0);
        expired.ends_at = now();
        assert_eq!(price(expired, CouponUsage::default()).coupon_refusal, Some(CouponRefusal::Expired));
        assert_eq!(price(coupon(CouponKind::Flat(10_000), 0), CouponUsage { total: 0, by_shopper: 1 }).coupon_refusal, Some(CouponRefusal::AlreadyUsed));
        assert_eq!(price(coupon(CouponKind::Flat(10_000), 0), CouponUsage { total: 100, by_shopper: 0 }).coupon_refusal, Some(CouponRefusal::UsedUp));
        let mut scoped = coupon(CouponKind::Flat(10_000), 0);
        scoped.scope = Scope::Products(vec![99]);
        assert_eq!(price(scoped, CouponUsage::default()).coupon_refusal, Some(CouponRefusal::NotForTheseProducts));
        let ok = price(coupon(CouponKind::Percent { percent: 20, cap: Some(5_000) }, 0), CouponUsage::default());
        assert_eq!((ok.coupon_discount, ok.coupon_refusal), (5_000, None));
        assert_eq!(ok.total, 45_000);
        let odd = price_cart(
            &[line(1, 239_700, 1, "")],
            &no_offers(),
            &Choices { coupon: Some((coupon(CouponKind::Percent { percent: 15, cap: None }, 0), CouponUsage::default())), ..Default::default() },
            &ShopSettings::default(),
            now(),
        );
        assert_eq!(odd.coupon_discount, 35_900, "15% of ₹2,397 is ₹359 off, whole rupees");
    }

    #[test]
    fn shipping_gift_wrap_and_out_of_stock_lines() {
        let s = ShopSettings { free_shipping_from: 99_900, shipping_charge: 4_900, gift_wrap_charge: 3_000 };
        let mut lines = vec![line(1, 50_000, 1, ""), line(2, 80_000, 1, "")];
        lines[1].in_stock = false;
        let t = price_cart(&lines, &no_offers(), &Choices { gift_wrap: true, ..Default::default() }, &s, now());
        assert_eq!((t.subtotal, t.shipping, t.gift_wrap, t.total), (50_000, 4_900, 3_000, 57_900));
        assert_eq!(t.remaining.last().unwrap().amount_short, 49_900);
        let empty = price_cart(&[], &no_offers(), &Choices { gift_wrap: true, ..Default::default() }, &s, now());
        assert_eq!(empty.total, 0, "an empty cart costs nothing, not even shipping or wrap");
    }

    #[test]
    fn gifts_need_the_minimum_order() {
        let offers = Offers {
            gifts: vec![
                GiftOffer { id: 7, title: "Free pouch".into(), product_id: 50, price: 0, min_order: 99_900 },
                GiftOffer { id: 8, title: "Lace scrunchie at ₹99".into(), product_id: 51, price: 9_900, min_order: 0 },
            ],
            ..Default::default()
        };
        let t = price_cart(&[line(1, 50_000, 1, "")], &offers, &Choices { gifts_taken: vec![7, 8], ..Default::default() }, &ShopSettings::default(), now());
        assert_eq!(t.gifts, 9_900);
        assert!(t.remaining.iter().any(|r| r.title == "Free pouch" && r.amount_short == 49_900));
    }

    fn arb_line() -> impl Strategy<Value = Line> {
        (1i64..50, 0i64..500_000, 0i64..20_000, -2i64..8, any::<bool>(), prop::sample::select(vec!["", "p3", "b2"])).prop_map(
            |(id, price, extra, qty, in_stock, key)| Line {
                line_id: id,
                product_id: id,
                category_ids: vec![id % 3],
                unit_price: price,
                unit_mrp: price + extra,
                quantity: qty,
                in_stock,
                offer_key: key.into(),
            },
        )
    }

    fn arb_coupon() -> impl Strategy<Value = Option<Coupon>> {
        let scope = prop_oneof![Just(Scope::Everything), (0i64..3).prop_map(|c| Scope::Categories(vec![c])), (1i64..50).prop_map(|p| Scope::Products(vec![p]))];
        prop::option::of((prop::bool::ANY, 0i64..200_000, 0i64..150, prop::option::of(0i64..100_000), 0i64..300_000, scope).prop_map(
            |(flat, amount, pct, cap, min, scope)| {
                let mut c = coupon(if flat { CouponKind::Flat(amount) } else { CouponKind::Percent { percent: pct, cap } }, min);
                c.scope = scope;
                c
            },
        ))
    }

    #[test]
    fn a_deal_keeps_its_price_and_joins_no_bundle() {
        assert_eq!(line_price(79_900, "bra-2-for-1499", Some(14_900)), (14_900, String::new()));
        assert_eq!(line_price(79_900, "bra-2-for-1499", None), (79_900, "bra-2-for-1499".to_string()));
        assert_eq!(DEAL_PIECES, 1);
    }

    proptest! {
        #[test]
        fn totals_are_never_negative_and_discounts_never_exceed_what_they_discount(
            lines in prop::collection::vec(arb_line(), 0..8),
            c in arb_coupon(),
            wrap in any::<bool>(),
            bundle_price in 0i64..300_000,
            upgrade in prop::option::of(0i64..4),
            upgrade_discount in 0i64..900_000,
            affiliate in prop::option::of((0i64..150, prop::option::of(0i64..100_000))),
        ) {
            let offers = Offers {
                bundles: vec![BundleOffer { key: "p3".into(), title: "3 for".into(), count: 3, bundle_price }, BundleOffer { key: "b2".into(), title: "2 for".into(), count: 2, bundle_price: bundle_price / 2 }],
                gifts: vec![GiftOffer { id: 1, title: "gift".into(), product_id: 9, price: 9_900, min_order: 100_000 }],
                upgrades: vec![
                    UpgradeOption { id: 1, title: "a".into(), min_value: 0, discount: upgrade_discount },
                    UpgradeOption { id: 2, title: "b".into(), min_value: 200_000, discount: upgrade_discount / 3 },
                ],
            };
            let choices = Choices {
                coupon: c.map(|c| (c, CouponUsage::default())),
                gift_wrap: wrap,
                gifts_taken: vec![1],
                upgrade,
                affiliate: affiliate.map(|(p, cap)| partner(p, cap)),
                shopper_id: None,
            };
            let s = ShopSettings::default();
            let t = price_cart(&lines, &offers, &choices, &s, now());
            prop_assert!(t.total >= 0 && t.subtotal >= 0 && t.shipping >= 0);
            prop_assert!(t.bundle_discount <= t.subtotal);
            let upgrade_discount = t.upgrade.map_or(0, |u| u.1);
            prop_assert!(upgrade_discount >= 0 && t.affiliate_discount >= 0 && t.coupon_discount >= 0);
            prop_assert!(t.coupon_discount == 0 || upgrade_discount == 0, "a coupon and an upgrade never both apply");
            prop_assert!(t.coupon_discount + upgrade_discount <= t.subtotal - t.bundle_discount);
            prop_assert!(t.affiliate_discount <= t.subtotal - t.bundle_discount - t.coupon_discount - upgrade_discount);
            prop_assert!(t.mrp_total >= t.subtotal);
            // The bundle discount is shared out exactly, and no line costs less than nothing after it.
            prop_assert_eq!(t.line_net.iter().map(|n| n.1).sum::<i64>(), t.subtotal - t.bundle_discount);
            prop_assert!(t.line_net.iter().all(|n| n.1 >= 0));
            // Every discount is shared out exactly: the lines' paid amounts add up to the goods.
            prop_assert_eq!(t.line_paid.iter().map(|n| n.1).sum::<i64>(), t.goods);
            prop_assert!(t.line_paid.iter().zip(&t.line_net).all(|(p, n)| p.1 >= 0 && p.1 <= n.1 && p.0 == n.0));
            // A coupon never takes more than its products cost after bundle prices.
            if let Some((c, _)) = &choices.coupon {
                let live: Vec<&Line> = lines.iter().filter(|l| l.in_stock && l.quantity > 0).collect();
                let covered: i64 = live.iter().zip(&t.line_net).filter(|(l, _)| c.scope.covers(l)).map(|(_, n)| n.1).sum();
                prop_assert!(t.coupon_discount <= covered, "coupon {} > covered {}", t.coupon_discount, covered);
            }
            prop_assert_eq!(t.total, t.subtotal - t.bundle_discount - t.coupon_discount - upgrade_discount - t.affiliate_discount + t.gifts + t.gift_wrap + t.shipping);
            // What the cart page, checkout and the app read instead of recomputing it.
            prop_assert_eq!(t.you_save, t.mrp_total - t.subtotal + t.bundle_discount + t.coupon_discount + upgrade_discount + t.affiliate_discount);
            prop_assert_eq!(t.mrp_total - t.you_save, t.goods);
            prop_assert_eq!(t.after_bundles, t.subtotal - t.bundle_discount);
            prop_assert_eq!(t.rungs.len(), offers.upgrades.len());
            for (r, o) in t.rungs.iter().zip(&offers.upgrades) {
                prop_assert_eq!(r.unlocked, t.pieces > 0 && t.after_bundles >= o.min_value);
                prop_assert_eq!(r.amount_short, (o.min_value - t.after_bundles).max(0));
            }
            // A taken rung is always an unlocked one.
            if let Some((id, _)) = t.upgrade {
                prop_assert!(t.rungs.iter().any(|r| r.id == id && r.unlocked));
            }
            for (g, o) in t.gift_progress.iter().zip(&offers.gifts) {
                prop_assert_eq!(g.eligible, t.pieces > 0 && t.goods >= o.min_order);
                // A gift is charged only when the cart is eligible for it.
                if !g.eligible {
                    prop_assert_eq!(t.gifts, 0);
                }
            }
            // Repricing the same cart gives the same result.
            prop_assert_eq!(price_cart(&lines, &offers, &choices, &s, now()), t);
        }
    }
}

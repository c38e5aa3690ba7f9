//! What the cart's calls answer, apart from the handlers that build them (as crates.io keeps
//! `views.rs`). Amounts are paise; each `*_ui` twin is the text a shopper reads.

use crate::features::catalog;
use drape_domain::engagement::average_discount_percent;
use drape_domain::money::rupees_f64;
use drape_domain::pricing;
use serde::Serialize;

#[derive(Serialize, utoipa::ToSchema)]
pub struct CartProductDetail {
    pub id: i64,
    pub name: String,
    pub slug: String,
    pub sku: String,
    pub url: String,
    pub img: String,
    pub color_name: String,
    pub nonreturnable: bool,
    /// The product's cap over all its sizes (spec 001 §9).
    pub max_cart_items: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct LineStock {
    /// 1 in stock, 0 out of stock (spec 000 §4).
    pub status: i64,
    /// How many of this choice can be bought (stock capped by max_cart_items).
    pub available: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CartItemOut {
    pub id: i64,
    pub product_detail: CartProductDetail,
    /// The size, or "34B / M" for a combo.
    pub size: String,
    /// Always sent: null when there is none.
    #[schema(required = true)]
    pub combo_sizes: Option<Vec<String>>,
    pub quantity: i64,
    /// How many more of this choice could be added.
    pub rem_quantity: i64,
    pub stock: LineStock,
    pub unit_price: i64,
    pub unit_price_ui: String,
    pub mrp: i64,
    pub mrp_ui: String,
    pub line_total: i64,
    pub line_total_ui: String,
    /// Added as a last-minute deal.
    pub is_deal: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct GiftOut {
    pub id: i64,
    pub title: String,
    pub product: catalog::ProductCard,
    /// 0 for a free gift.
    pub price: i64,
    pub price_ui: String,
    pub min_order: i64,
    pub min_order_ui: String,
    /// The cart is big enough for it.
    pub eligible: bool,
    /// The size taken, when the cart has taken the gift.
    /// Always sent: null when there is none.
    #[schema(required = true)]
    pub chosen_size: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct BundleOut {
    pub key: String,
    pub title: String,
    pub discount: i64,
    pub discount_ui: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CartAttr {
    pub cart_id: i64,
    pub pieces: i64,
    pub mrp_total: i64,
    pub mrp_total_ui: String,
    pub subtotal: i64,
    pub subtotal_ui: String,
    pub bundle_discount: i64,
    pub bundles: Vec<BundleOut>,
    pub coupon_code: String,
    pub coupon_discount: i64,
    pub coupon_discount_ui: String,
    /// Why the kept coupon does not apply now, if it does not.
    pub coupon_message: String,
    /// The upgrade offer taken (in place of a coupon), 0 when none applies.
    pub upgrade_discount: i64,
    pub upgrade_discount_ui: String,
    /// The partner's code kept on the cart ('' when none).
    pub affiliation_code: String,
    /// The partner's name, for "Referred by …".
    pub affiliate_name: String,
    pub affiliate_discount: i64,
    pub affiliate_discount_ui: String,
    /// Why the kept affiliation code gives no discount now, if it does not.
    pub affiliate_message: String,
    pub gift_wrap: bool,
    pub gift_wrap_charge: i64,
    pub gift_wrap_charge_ui: String,
    pub gifts: i64,
    pub gifts_ui: String,
    pub shipping: i64,
    pub shipping_ui: String,
    pub total: i64,
    pub total_ui: String,
    /// What the goods cost after every discount (before gifts, wrap and shipping): gift minimums and
    /// free shipping are measured on it.
    pub goods: i64,
    pub goods_ui: String,
    pub you_save: i64,
    pub you_save_ui: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ShippingInfo {
    pub title_text: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct RemainingOfferOut {
    pub title: String,
    pub pieces_short: i64,
    pub amount_short: i64,
    pub message: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct RemainingOffers {
    pub result: Vec<RemainingOfferOut>,
}

#[derive(Serialize, utoipa::ToSchema, Clone)]
pub struct UpgradeOptionOut {
    pub id: i64,
    pub title: String,
    pub min_value: i64,
    pub min_value_ui: String,
    pub discount: i64,
    pub discount_ui: String,
    /// The cart (after bundle prices) reaches it.
    pub unlocked: bool,
    /// Paise still to add to reach it (0 when unlocked).
    pub amount_short: i64,
    pub selected: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct UpgradeOfferValues {
    /// The nudge: what is taken and the next rung, what the cart unlocks, or how far the first rung is.
    pub offer_upgrade_message: String,
    /// The option the shopper chose (upgrade_selected_option), whether or not it applies now.
    /// Always sent: null when there is none.
    #[schema(required = true)]
    pub selected_option: Option<i64>,
    /// Why the chosen option does not apply now ('' when it does or none is chosen).
    pub selected_message: String,
    pub options: Vec<UpgradeOptionOut>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CartOut {
    pub cart_items: Vec<CartItemOut>,
    pub cart_attr: CartAttr,
    pub shipping_info: ShippingInfo,
    pub remaining_offers: RemainingOffers,
    /// The gift offers running now (free ones with a size to choose, and paid ones).
    pub cart_paid_gift_details: Vec<GiftOut>,
    pub upgrade_offer_values: UpgradeOfferValues,
    /// Always sent: null when there is none.
    #[schema(required = true)]
    pub event_data: Option<CartEventData>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ViewCartInfo {
    /// Always sent: null when there is none.
    #[schema(required = true)]
    pub cart_id: Option<i64>,
    pub cart_quantity: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CartStock {
    pub status: String,
    /// Cart line ids that cannot be bought as they are.
    pub out_of_stock: Vec<i64>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CartQuantity {
    /// Pieces in the visitor's cart.
    pub cart_quantity: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CartAdded {
    pub status: String,
    pub cart_quantity: i64,
    pub item_id: i64,
    pub message: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct DealOut {
    pub id: i64,
    pub deal_price: i64,
    pub deal_price_ui: String,
    pub product: catalog::ProductCard,
    /// Sizes of the product in stock, to pick before adding.
    pub sizes: Vec<String>,
    pub in_cart: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Deals {
    pub deals: Vec<DealOut>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct GiftSize {
    pub value: String,
    pub label: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct GiftSizes {
    pub gift_offer_id: i64,
    pub sizes: Vec<GiftSize>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CouponOffer {
    pub code: String,
    pub description: String,
    pub applicable: bool,
    /// Why it does not apply to this cart now ('' when it does).
    pub reason: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ViewOffers {
    pub coupons: Vec<CouponOffer>,
    pub remaining_offers: Vec<RemainingOfferOut>,
    pub bundles_applied: Vec<BundleOut>,
    /// The upgrade ladder: each rung, whether the cart reaches it and whether it is taken.
    pub upgrades: Vec<UpgradeOptionOut>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CartEventItem {
    pub product_id: i64,
    pub name: String,
    pub sku: String,
    pub quantity: i64,
    pub price: f64,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CartEventData {
    pub cart_id: i64,
    pub cart_items: Vec<CartEventItem>,
    pub cart_items_count: i64,
    pub total_value: f64,
    /// The coupon code when one applies to the cart, else null.
    /// Always sent: null when there is none.
    #[schema(required = true)]
    pub coupon_data: Option<String>,
    /// Average discount off MRP of the pieces charged, in percent (weighted by MRP).
    pub discount_avg: f64,
}

impl CartEventData {
    /// The cart event data of spec 000 §3, from the lines already read (deal prices included): what the
    /// shopper would pay, the coupon when it applies, and the average discount off MRP.
    pub fn of(cart_id: i64, items: &[CartItemOut], totals: &pricing::Totals, coupon_code: &str) -> CartEventData {
        let cart_items: Vec<CartEventItem> = items
            .iter()
            .map(|i| CartEventItem {
                product_id: i.product_detail.id,
                name: i.product_detail.name.clone(),
                sku: i.product_detail.sku.clone(),
                quantity: i.quantity,
                price: rupees_f64(i.unit_price),
            })
            .collect();
        let count = cart_items.iter().map(|i| i.quantity).sum();
        let charged: Vec<(i64, i64, i64)> = items.iter().filter(|i| i.stock.status == 1).map(|i| (i.mrp, i.unit_price, i.quantity)).collect();
        CartEventData {
            cart_id,
            cart_items,
            cart_items_count: count,
            total_value: rupees_f64(totals.total),
            coupon_data: (totals.coupon_discount > 0).then(|| coupon_code.to_string()),
            discount_avg: average_discount_percent(&charged),
        }
    }
}

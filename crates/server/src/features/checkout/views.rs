//! What checkout answers, apart from the handlers (amounts in paise, each with its `_ui` text).

use crate::features::addresses::AddressOut;
use drape_domain::checkout::Breakup;
use drape_domain::money::format_inr;
use serde::{Deserialize, Serialize};

#[derive(Serialize, utoipa::ToSchema)]
pub struct QuoteItem {
    pub name: String,
    pub size: String,
    pub quantity: i64,
    pub img: String,
    pub line_total: i64,
    pub line_total_ui: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct DeliveryOut {
    pub deliverable: bool,
    pub cod: bool,
    /// `YYYY-MM-DD`, null where the shop does not deliver.
    #[schema(required = true)]
    pub estimated_delivery: Option<String>,
    /// "Thu, 26 Nov".
    #[schema(required = true)]
    pub estimated_delivery_ui: Option<String>,
    pub message: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CodOut {
    pub allowed: bool,
    /// Why cash on delivery is not offered, as the page shows it.
    #[schema(required = true)]
    pub reason: Option<String>,
    pub fee: i64,
    pub fee_ui: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct BreakupOut {
    pub mrp_total: i64,
    pub mrp_total_ui: String,
    pub discount: i64,
    pub discount_ui: String,
    pub bundle_discount: i64,
    pub bundle_discount_ui: String,
    pub coupon_discount: i64,
    pub coupon_discount_ui: String,
    pub upgrade_discount: i64,
    pub upgrade_discount_ui: String,
    pub affiliate_discount: i64,
    pub affiliate_discount_ui: String,
    pub gifts: i64,
    pub gifts_ui: String,
    pub gift_wrap: i64,
    pub gift_wrap_ui: String,
    pub shipping: i64,
    pub shipping_ui: String,
    pub cod_fee: i64,
    pub cod_fee_ui: String,
    pub order_total: i64,
    pub order_total_ui: String,
    pub wallet_used: i64,
    pub wallet_used_ui: String,
    pub to_pay: i64,
    pub to_pay_ui: String,
}

impl From<&Breakup> for BreakupOut {
    fn from(b: &Breakup) -> Self {
        BreakupOut {
            mrp_total: b.mrp_total,
            mrp_total_ui: format_inr(b.mrp_total),
            discount: b.discount,
            discount_ui: format_inr(b.discount),
            bundle_discount: b.bundle_discount,
            bundle_discount_ui: format_inr(b.bundle_discount),
            coupon_discount: b.coupon_discount,
            coupon_discount_ui: format_inr(b.coupon_discount),
            upgrade_discount: b.upgrade_discount,
            upgrade_discount_ui: format_inr(b.upgrade_discount),
            affiliate_discount: b.affiliate_discount,
            affiliate_discount_ui: format_inr(b.affiliate_discount),
            gifts: b.gifts,
            gifts_ui: format_inr(b.gifts),
            gift_wrap: b.gift_wrap,
            gift_wrap_ui: format_inr(b.gift_wrap),
            shipping: b.shipping,
            shipping_ui: format_inr(b.shipping),
            cod_fee: b.cod_fee,
            cod_fee_ui: format_inr(b.cod_fee),
            order_total: b.order_total,
            order_total_ui: format_inr(b.order_total),
            wallet_used: b.wallet_used,
            wallet_used_ui: format_inr(b.wallet_used),
            to_pay: b.to_pay,
            to_pay_ui: format_inr(b.to_pay),
        }
    }
}

/// Who takes online payments (spec 000 §3 paymentSDK).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PaymentSdk {
    Razorpay,
    Payu,
}

impl From<crate::config::Provider> for PaymentSdk {
    fn from(p: crate::config::Provider) -> Self {
        match p {
            crate::config::Provider::Razorpay => PaymentSdk::Razorpay,
            crate::config::Provider::PayU => PaymentSdk::Payu,
        }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct WalletBalance {
    pub balance: i64,
    pub balance_ui: String,
}

#[allow(non_snake_case)]
#[derive(Serialize, utoipa::ToSchema)]
pub struct ProviderOut {
    /// RAZORPAY (spec 000 §3 paymentSDK).
    pub paymentSDK: PaymentSdk,
    /// The provider's public key id.
    pub key: String,
    /// Where the provider's checkout script is.
    pub checkout_js: String,
}

#[allow(non_snake_case)]
#[derive(Serialize, utoipa::ToSchema)]
pub struct CheckoutOut {
    pub cart_id: i64,
    pub pieces: i64,
    pub items: Vec<QuoteItem>,
    #[schema(required = true)]
    pub address: Option<AddressOut>,
    pub delivery: DeliveryOut,
    pub cod: CodOut,
    pub breakup: BreakupOut,
    pub coupon_code: String,
    pub wallet: WalletBalance,
    pub payment: ProviderOut,
    pub API_RETRY_LIMIT_IN_MINUTES: i64,
    pub ORDER_PENDING_INVENTORY_LIMIT_IN_HOURS: i64,
}

/// How the shopper pays (the payment tabs of spec 000 §4; the wallet is a toggle beside them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PaymentMode {
    Upi,
    Card,
    Netbanking,
    SavedCard,
    /// On the provider's hosted page (PayU).
    Online,
    Cod,
    /// The wallet pays everything.
    Wallet,
}

impl PaymentMode {
    pub fn is_cod(self) -> bool {
        self == PaymentMode::Cod
    }
    /// Paid through the payment provider: neither cash on delivery nor the wallet alone.
    pub fn is_online(self) -> bool {
        !matches!(self, PaymentMode::Cod | PaymentMode::Wallet)
    }
    /// What the order keeps as its payment mode (spec 000 §9's modes).
    pub fn stored(self) -> &'static str {
        match self {
            PaymentMode::Cod => "COD",
            PaymentMode::Wallet => "WALLET",
            PaymentMode::Online => "PAYU",
            _ => "RAZORPAY",
        }
    }
}

#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OrderIn {
    pub address_id: i64,
    pub payment_mode: PaymentMode,
    #[serde(default)]
    pub use_wallet: bool,
    /// The amount to pay the page showed, in paise: if the server's differs, nothing is placed.
    pub expected_to_pay: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct OrderPlaced {
    /// The opaque id used in every URL (spec 000 §3 encrypted_order_id).
    pub order_id: String,
    pub order_ref: String,
    pub status: String,
    pub payment_mode: String,
    pub to_pay: i64,
    pub to_pay_ui: String,
    pub next: NextStep,
}

/// What the page does after placing: pay online (POST /api/v1/orders/{id}/payment/), confirm cash on
/// delivery with the code just sent, or nothing (paid from the wallet).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NextStep {
    Pay,
    ConfirmCod,
    Done,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Prefill {
    pub name: String,
    pub contact: String,
    pub email: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct PaymentStart {
    pub provider: PaymentSdk,
    pub key: String,
    pub provider_order_id: String,
    pub amount: i64,
    pub currency: String,
    pub checkout_js: String,
    pub name: String,
    pub prefill: Prefill,
    #[schema(required = true)]
    pub customer_id: Option<String>,
    /// PayU: the hosted page's address and the form fields to post there (hash included); null for Razorpay.
    #[schema(required = true)]
    pub payu: Option<PayUForm>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct PayUForm {
    pub action: String,
    pub fields: std::collections::BTreeMap<String, String>,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct CheckoutCallback {
    pub razorpay_order_id: String,
    pub razorpay_payment_id: String,
    pub razorpay_signature: String,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct CheckoutFailure {
    pub razorpay_order_id: String,
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub description: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct OrderState {
    pub order_id: String,
    pub status: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct SavedCard {
    pub token: String,
    pub last4: String,
    pub network: String,
    pub expiry_month: String,
    pub expiry_year: String,
    pub name: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct SavedCards {
    #[schema(required = true)]
    pub customer_id: Option<String>,
    pub cards: Vec<SavedCard>,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct VpaIn {
    pub vpa: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct VpaOut {
    pub vpa: String,
    pub success: bool,
    #[schema(required = true)]
    pub customer_name: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct RetryOut {
    pub allowed: bool,
    #[schema(required = true)]
    pub reason: Option<String>,
    /// RFC 3339.
    #[schema(required = true)]
    pub opens_at: Option<String>,
    #[schema(required = true)]
    pub closes_at: Option<String>,
}

#[allow(non_snake_case)]
#[derive(Serialize, utoipa::ToSchema)]
pub struct OrderStatusOut {
    pub order_id: String,
    pub order_ref: String,
    pub status: String,
    pub status_label: String,
    pub payment_mode: String,
    pub to_pay: i64,
    pub to_pay_ui: String,
    pub total: i64,
    pub total_ui: String,
    /// RFC 3339.
    pub placed_at: String,
    /// Who takes the payment now.
    pub provider: PaymentSdk,
    pub retry: RetryOut,
    pub API_RETRY_LIMIT_IN_MINUTES: i64,
    pub ORDER_PENDING_INVENTORY_LIMIT_IN_HOURS: i64,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct CodCodeIn {
    pub code: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CodeSent {
    pub sent: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CompleteItem {
    pub name: String,
    pub sku: String,
    pub size: String,
    pub quantity: i64,
    pub price: i64,
    pub price_ui: String,
    pub img: String,
}

/// Spec 000 §3 checkout-complete data, plus the order's ids and status.
#[derive(Serialize, utoipa::ToSchema)]
pub struct CheckoutComplete {
    pub order_id: String,
    pub order_ref: String,
    pub status: String,
    pub ship_street1: String,
    pub ship_street2: String,
    pub city: String,
    pub state: String,
    pub ship_postal_code: String,
    pub addressee: String,
    /// Paise.
    pub total_value: i64,
    pub total_value_ui: String,
    pub cart_items_count: i64,
    pub cartdetails: Vec<CompleteItem>,
    /// The provider's payment id, or the order reference when nothing was paid online.
    pub txnid: String,
    pub payment_mode: String,
    /// The first item's name (the purchase event's product name).
    pub productname: String,
    /// The order's total in rupees (the purchase event's value).
    pub price: f64,
    /// `YYYY-MM-DD`.
    pub delivery_date: String,
    pub delivery_date_ui: String,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct CompleteForm {
    /// A JSON text: {"order_id": "…"}.
    pub data: String,
}

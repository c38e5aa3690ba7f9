//! What the order screens answer (spec 000 §3 Order, Order item, Order list response), apart from the
//! handlers. Amounts in paise, each with its `_ui` text; times RFC 3339 with an India-time `_ui` text.

use serde::{Deserialize, Serialize};

/// One line of an order and what became of its pieces.
#[derive(Serialize, utoipa::ToSchema, Clone)]
pub struct OrderLineOut {
    pub id: i64,
    pub product_id: i64,
    pub name: String,
    pub slug: String,
    pub sku: String,
    pub img: String,
    /// "34B", or "34B / M" for a bra + panty combo.
    pub size: String,
    pub base_order_item_qty: i64,
    pub item_returned_quantity: i64,
    pub item_exchanged_quantity: i64,
    pub item_cancelled_quantity: i64,
    /// Pieces still open to a return or exchange (spec 000 §4).
    pub rem_quantity: i64,
    pub price: i64,
    pub price_ui: String,
    /// What was paid for the whole line after every discount, as the order recorded it.
    pub paid: i64,
    pub paid_ui: String,
    /// The piece may be returned or exchanged now.
    pub returnable: bool,
    /// Why not, when it may not.
    #[schema(required = true)]
    pub return_note: Option<String>,
    /// returnable, exchange_only or none (the category's rule).
    pub return_rule: String,
    /// `/product-nps/?id=…` for a delivered piece, to rate it.
    #[schema(required = true)]
    pub rate_url: Option<String>,
}

/// The order's status as the shopper sees it and what they may do with it.
#[derive(Serialize, utoipa::ToSchema, Clone)]
pub struct OrderUtilOut {
    pub status: String,
    pub status_label: String,
    pub status_colour: String,
    pub can_cancel: bool,
    /// cod: cancel through /cancel-order/; prepaid: through /cancel-prepaid-order/ choosing the refund route.
    pub cancel_flow: String,
    pub can_return: bool,
    pub can_retry_payment: bool,
    pub can_reorder: bool,
}

/// The order's header: number, dates, amount, payment.
#[derive(Serialize, utoipa::ToSchema, Clone)]
pub struct OrderHeaderOut {
    pub order_ref: String,
    pub placed_at: String,
    pub placed_at_ui: String,
    pub total: i64,
    pub total_ui: String,
    pub payment_mode: String,
    pub payment_mode_ui: String,
    pub items_count: i64,
    /// "Thu, 26 Nov" while on its way.
    pub delivery_date_ui: String,
    #[schema(required = true)]
    pub delivered_at_ui: Option<String>,
    pub courier: String,
    pub tracking_number: String,
    /// The last day a return may be asked for, once delivered.
    #[schema(required = true)]
    pub return_window_ends_ui: Option<String>,
}

/// Money going back to the shopper for this order.
#[derive(Serialize, utoipa::ToSchema, Clone)]
pub struct RefundStatusOut {
    /// wallet, prepaid, cod, cod_mix or prepaid_mix (spec 000 §9): how the order was paid.
    pub source: String,
    pub refunded: i64,
    pub refunded_ui: String,
    /// Owed and not yet taken by the provider or the bank.
    pub pending: i64,
    pub pending_ui: String,
    /// "₹900 refunded to your Drape wallet", empty when nothing goes back.
    pub text: String,
}

/// An order in the history (spec 000 §3 Order).
#[derive(Serialize, utoipa::ToSchema, Clone)]
pub struct OrderOut {
    /// The order number people read (DRP0000042).
    pub pk: String,
    /// The opaque id every order URL and call takes.
    pub encrypted_order_id: String,
    pub products: Vec<OrderLineOut>,
    pub orders_util_data: OrderUtilOut,
    pub oh_details: OrderHeaderOut,
    pub exchange_refund_status: RefundStatusOut,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Choice {
    pub label: String,
    pub value: String,
    pub selected: bool,
}

/// One row of the status table shared by server and app: status → label → colour.
#[derive(Serialize, utoipa::ToSchema)]
pub struct StatusStyle {
    pub status: String,
    pub label: String,
    pub colour: String,
}

/// The list's query and the tables the screen draws with.
#[derive(Serialize, utoipa::ToSchema)]
pub struct OrdersData {
    /// Orders matching the filters.
    pub count: i64,
    pub per_page: i64,
    pub filter: String,
    pub time_period: String,
    pub filters: Vec<Choice>,
    pub statuses: Vec<StatusStyle>,
}

/// The order list response (spec 000 §3). `orders` carries each order whole; the per-order fields
/// (`orders_util_data`, `product_items`, `oh_details`, `exchange_refund_status`) are also given keyed by
/// `encrypted_order_id`, as the spec's client reads them.
#[derive(Serialize, utoipa::ToSchema)]
#[allow(non_snake_case)]
pub struct OrderListOut {
    pub orders: Vec<OrderOut>,
    pub orders_data: OrdersData,
    pub orders_util_data: std::collections::BTreeMap<String, OrderUtilOut>,
    pub product_items: std::collections::BTreeMap<String, Vec<OrderLineOut>>,
    pub oh_details: std::collections::BTreeMap<String, OrderHeaderOut>,
    pub exchange_refund_status: std::collections::BTreeMap<String, RefundStatusOut>,
    /// An order on this page was delivered where reverse pickup does not reach.
    pub non_serviceable_pop_up: bool,
    /// Ids of this page's lines that can never be returned or exchanged.
    pub non_returnable_obj_items: Vec<i64>,
    pub time_period: Vec<Choice>,
    /// The shopper's orders, whatever the filters.
    pub allOrders: i64,
    /// Orders on this page with pieces that may be returned or exchanged now.
    pub returnable_order: Vec<String>,
    /// Orders on this page with a return or exchange applied.
    pub return_apply_order: Vec<String>,
    pub API_RETRY_LIMIT_IN_MINUTES: i64,
    pub ORDER_PENDING_INVENTORY_LIMIT_IN_HOURS: i64,
    pub current_page: i64,
    pub total_pages: i64,
}

/// A step on the order's timeline.
#[derive(Serialize, utoipa::ToSchema)]
pub struct TimelineStep {
    pub status: String,
    pub label: String,
    pub colour: String,
    pub at: String,
    pub at_ui: String,
    /// Why, in the mover's words (a cancellation reason, a courier and tracking number).
    pub note: String,
    /// shopper, system, provider or operator.
    pub by: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct PaymentOut {
    pub method: String,
    pub amount: i64,
    pub amount_ui: String,
    pub status: String,
    pub at_ui: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct RefundOut {
    /// wallet, source or bank.
    pub route: String,
    pub amount: i64,
    pub amount_ui: String,
    pub done: bool,
}

/// One order in full: the history's order, plus the address, price breakup, payments, refunds and timeline.
#[derive(Serialize, utoipa::ToSchema)]
pub struct OrderDetailOut {
    pub order: OrderOut,
    /// The delivery address as it was when the order was placed.
    #[schema(value_type = Object)]
    pub address: serde_json::Value,
    /// The price breakup shown at checkout (paise).
    #[schema(value_type = Object)]
    pub breakup: serde_json::Value,
    pub wallet_used: i64,
    pub wallet_used_ui: String,
    pub to_pay: i64,
    pub to_pay_ui: String,
    pub payments: Vec<PaymentOut>,
    pub refunds: Vec<RefundOut>,
    pub timeline: Vec<TimelineStep>,
    /// The order this one replaces pieces of (an exchange).
    #[schema(required = true)]
    pub exchange_of: Option<String>,
    /// Return and exchange requests of this order, oldest first.
    pub returns: Vec<ReturnOut>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ReturnItemOut {
    pub name: String,
    pub size: String,
    /// Return or Exchange.
    pub process: String,
    pub quantity: i64,
    pub amount_ui: String,
    /// The size sent instead, for an exchange.
    pub exchange_size: String,
}

/// A return or exchange request as the shopper follows it.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ReturnOut {
    pub return_id: String,
    pub status: String,
    pub status_label: String,
    pub items: Vec<ReturnItemOut>,
    pub refund_amount: i64,
    pub refund_amount_ui: String,
    /// wallet, source, bank, or none for exchanges.
    pub refund_route: String,
    pub pickup_date: String,
    pub requested_at_ui: String,
    pub timeline: Vec<TimelineStep>,
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HistoryParams {
    pub page: Option<String>,
    /// A status filter value of spec 000 §4 (empty: all).
    pub status: Option<String>,
    /// all, last_30_days, last_6_months or a year.
    pub time_period: Option<String>,
}

/// `/api/v1/order-cancel-check/`'s body: the order and the brand-prefixed request id (echoed).
#[derive(Deserialize, utoipa::ToSchema)]
pub struct CancelCheckIn {
    pub order_id: String,
    #[serde(default)]
    pub drape_request_id: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct RefundOption {
    /// The refundType to send: wallet or source.
    #[serde(rename = "refundType")]
    #[schema(rename = "refundType")]
    pub refund_type: String,
    pub amount: i64,
    pub amount_ui: String,
    pub text: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CancelCheckOut {
    pub order_id: String,
    #[schema(required = true)]
    pub drape_request_id: Option<String>,
    pub cancellable: bool,
    /// Why not, when it cannot be cancelled.
    #[schema(required = true)]
    pub message: Option<String>,
    /// cod or prepaid: which call cancels it.
    pub cancel_flow: String,
    /// The ways the money can come back, with the amounts (empty when nothing was paid).
    pub refund_options: Vec<RefundOption>,
    pub reasons: Vec<String>,
}

/// `/cancel-order/` (cash on delivery and unpaid orders).
#[derive(Deserialize, utoipa::ToSchema)]
pub struct CancelForm {
    pub reason: String,
    pub orderid: String,
    #[serde(default)]
    pub comment: String,
    #[serde(default)]
    pub csrfmiddlewaretoken: Option<String>,
}

/// `/cancel-prepaid-order/`: `one` is the reason; `refundType` wallet or source.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct CancelPrepaidForm {
    pub one: String,
    #[serde(rename = "refundType")]
    pub refund_type: String,
    #[serde(default)]
    pub is_user: Option<String>,
    #[serde(rename = "orderId")]
    pub order_id: String,
    #[serde(default)]
    pub comment: String,
    #[serde(default)]
    pub csrfmiddlewaretoken: Option<String>,
}

/// `/add_to_cart_order/`.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct ReorderForm {
    pub order_id: String,
    #[serde(default)]
    pub csrfmiddlewaretoken: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct LeftOut {
    pub name: String,
    pub size: String,
    pub reason: String,
}

/// A re-order that could not put everything in the cart ('success' text when it did).
#[derive(Serialize, utoipa::ToSchema)]
pub struct ReorderOut {
    pub status: String,
    /// On a 409, the error code (nothing_added), as every refusal carries one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    pub message: String,
    pub added_pieces: i64,
    pub left_out: Vec<LeftOut>,
    pub cart_quantity: i64,
}

/// `/exchange_realtime_size/`: the product's sizes with pieces left, for an exchange.
#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExchangeSizeParams {
    pub prod_id: Option<String>,
    /// `exc` (the spec's client always sends it).
    pub exchange: Option<String>,
    /// The size the shopper has now (left out of the answer).
    pub variation: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ExchangeSize {
    pub size_id: i64,
    pub value: String,
    pub label: String,
    /// Pieces left when five or fewer (to say "Only 2 left"), else null.
    #[schema(required = true)]
    pub few_left: Option<i64>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ExchangeSizesOut {
    pub status: String,
    pub product_id: i64,
    pub sizes: Vec<ExchangeSize>,
}

/// `/showOfferProductsExchange/`.
#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(non_snake_case)]
pub struct OfferProductsParams {
    pub orderId: Option<String>,
    pub pId: Option<String>,
    pub qty: Option<String>,
    pub size: Option<String>,
    pub color: Option<String>,
    pub page: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct OfferProduct {
    pub product_id: i64,
    pub name: String,
    pub slug: String,
    pub img: String,
    pub color: String,
    pub price_ui: String,
    pub size_id: i64,
    pub size: String,
    /// The value to send as checked_prod_exchange_size for this product: `{product_id}:{size}`.
    pub exchange_value: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct OfferProductsOut {
    pub products: Vec<OfferProduct>,
    pub current_page: i64,
    pub total_pages: i64,
}

/// The return/exchange form of spec 000 §3. Lists are comma-separated and line up item by item:
/// `checked_products` (order item ids), `checked_prod_quantity`, `checked_prod_process` (Return or
/// Exchange), `checked_prod_exchange_size` (for an exchange: a size of the same product, or
/// `{product_id}:{size}` of another product of the same price; empty for a return).
#[derive(Deserialize, utoipa::ToSchema, Default)]
#[serde(default)]
#[allow(non_snake_case)]
pub struct ReturnForm {
    pub checked_products: String,
    pub checked_prod_quantity: String,
    pub checked_prod_process: String,
    pub checked_prod_exchange_size: String,
    pub orderId: String,
    pub csrfmiddlewaretoken: Option<String>,
    /// 1: collect from the address in the fields below; otherwise from the delivery address.
    pub new_order_address: String,
    pub full_name: String,
    pub address: String,
    pub address_pincode: String,
    pub city: String,
    pub state: String,
    pub mobile: String,
    pub accountName: String,
    pub accountNnumber: String,
    /// The account number typed again.
    pub confirmAccountNumber: String,
    pub bankName: String,
    pub branchName: String,
    pub ifscCode: String,
    /// wallet, source (prepaid) or bank (cash on delivery); the order decides what is offered.
    pub refundType: String,
    pub sar: String,
    pub password: String,
    pub reasons_for_refund: String,
    pub reasons_comments: String,
    pub phone_number: String,
    /// Sent by the spec's client; the order's own payment decides.
    pub payment_type: String,
    pub new_exchange_return: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ReturnPriceItem {
    pub id: i64,
    pub process: String,
    pub quantity: i64,
    pub amount: i64,
    pub amount_ui: String,
}

/// `/calculate_return_price_new/`: what would be refunded, and where.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ReturnPriceOut {
    pub items: Vec<ReturnPriceItem>,
    pub total_refund: i64,
    pub total_refund_ui: String,
    /// wallet, prepaid, cod, cod_mix or prepaid_mix (spec 000 §9).
    pub refund_source: String,
    /// The routes this order's refund can take: wallet, source, bank.
    pub refund_routes: Vec<String>,
    /// Bank details are asked for (cash on delivery, unless the wallet is chosen).
    pub needs_bank_details: bool,
    pub reasons: Vec<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ReturnRequested {
    pub status: String,
    pub return_id: String,
    pub refund_amount: i64,
    pub refund_amount_ui: String,
    #[schema(required = true)]
    pub exchange_order_ref: Option<String>,
    pub message: String,
}

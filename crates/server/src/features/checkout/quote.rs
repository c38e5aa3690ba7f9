//! The checkout quote: the shopper's cart priced by the cart's own engine, the delivery address and
//! what the courier offers there, cash on delivery's verdict and fee, the wallet, and the breakup.
//! Placing an order computes the same quote again on the server; the page's figure is only compared.

use super::views::*;
use crate::config::Provider;
use crate::error::{ApiError, ApiResult};
use crate::extract::Query;
use crate::features::addresses::address_out;
use crate::features::cart::priced::{choices_of, load_cart, CartInputs};
use crate::security::Viewer;
use crate::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::NaiveDate;
use drape_domain::checkout::{breakup, cod_allowed, Breakup, CodRefusal};
use drape_domain::delivery::{estimated_delivery, Service};
use drape_domain::money::format_inr;
use drape_domain::pricing::{self, ShopSettings, Totals};
use drape_domain::validation::Pincode;
use drape_store::addresses::AddressRow;
use drape_store::auth::User;
use drape_store::carts::{CartOwner, CartRow};
use serde::Deserialize;

/// Everything the quote worked out, for the answer and for placing the order.
pub struct Quote {
    pub user: User,
    pub row: CartRow,
    pub inputs: CartInputs,
    pub totals: Totals,
    pub address: Option<AddressRow>,
    pub service: Option<Service>,
    pub delivery_date: Option<NaiveDate>,
    pub cod: Result<(), CodRefusal>,
    pub wallet_balance: i64,
    pub breakup: Breakup,
}

impl Quote {
    pub fn deliverable(&self) -> bool {
        self.service.is_some_and(|s| s.delivers() && s.prepaid)
    }
}

pub fn empty_cart() -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, "empty_cart", "Your bag is empty. Add something you love first.")
}

/// Prices the viewer's cart for checkout to `address_id` (or the default address).
pub async fn quote(state: &AppState, viewer: &Viewer, address_id: Option<i64>, cod: bool, use_wallet: bool) -> ApiResult<Quote> {
    let user = viewer.require_user()?.clone();
    let owner = CartOwner::Shopper(user.id);
    let row = state.store.cart_row(owner).await?.ok_or_else(empty_cart)?;
    let inputs = load_cart(state, owner, &row).await?;
    let (choices, _) = choices_of(state, viewer, &row, &inputs.taken).await?;
    let now = state.now();
    let totals = pricing::price_cart(&inputs.lines, &inputs.offers, &choices, &ShopSettings::default(), now);
    let address = match address_id {
        Some(id) => Some(state.store.address(user.id, id).await?.ok_or_else(|| ApiError::not_found("That address is not in your address book."))?),
        None => state.store.addresses(user.id).await?.into_iter().next(),
    };
    let service = match address.as_ref().and_then(|a| Pincode::parse(&a.postal_code)) {
        Some(pin) => state.store.serviceability(&pin).await?,
        None => None,
    };
    let delivery_date = service.filter(|s| s.delivers()).map(|s| estimated_delivery(now, s.days));
    let wallet_balance = state.store.wallet_balance(user.id).await?;
    let settings = &state.config.checkout;
    // COD is judged on what is left to collect after the wallet, before its own fee.
    let without_cod = breakup(&totals, false, wallet_balance, use_wallet, settings);
    let cod_verdict = cod_allowed(service.is_some_and(|s| s.cod), without_cod.to_pay, user.is_blacklist_user, settings);
    let breakup = breakup(&totals, cod && cod_verdict.is_ok(), wallet_balance, use_wallet, settings);
    Ok(Quote { user, row, inputs, totals, address, service, delivery_date, cod: cod_verdict, wallet_balance, breakup })
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct QuoteQuery {
    pub address_id: Option<i64>,
    /// UPI, CARD, NETBANKING, SAVED_CARD, ONLINE, COD or WALLET; COD adds its fee to the breakup.
    pub payment_mode: Option<String>,
    /// 1 to use the wallet balance.
    pub use_wallet: Option<String>,
}

pub fn delivery_out(q: &Quote) -> DeliveryOut {
    let date = q.delivery_date;
    let message = match (q.service.filter(|s| s.delivers()), date) {
        // The date is sent apart (estimated_delivery_ui): the page shows it, then this line.
        (Some(s), Some(_)) if s.cod => "Cash on delivery available.".to_string(),
        (Some(_), Some(_)) => "Cash on delivery is not available here: pay online.".to_string(),
        _ if q.address.is_none() => "Add a delivery address to see when your order arrives.".to_string(),
        _ => "Sorry, we do not deliver to this pincode yet.".to_string(),
    };
    DeliveryOut {
        deliverable: q.deliverable(),
        cod: q.service.is_some_and(|s| s.cod),
        estimated_delivery: date.map(|d| d.format("%Y-%m-%d").to_string()),
        estimated_delivery_ui: date.map(|d| d.format("%a, %-d %b").to_string()),
        message,
    }
}

/// The checkout page's data: the cart priced for a delivery address and a way of paying.
#[utoipa::path(get, path = "/api/v1/checkout/", tag = "checkout", params(QuoteQuery),
    responses((status = 200, body = CheckoutOut), (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody)))]
pub async fn checkout(State(state): State<AppState>, viewer: Viewer, Query(q): Query<QuoteQuery>) -> ApiResult<axum::Json<CheckoutOut>> {
    let cod = q.payment_mode.as_deref() == Some("COD");
    let use_wallet = crate::features::cart::codes::is_yes(&q.use_wallet);
    let quote = quote(&state, &viewer, q.address_id, cod, use_wallet).await?;
    if quote.totals.pieces == 0 {
        return Err(empty_cart());
    }
    let pickup = quote.service.is_some_and(|s| s.pickup);
    let settings = &state.config.checkout;
    let window = &state.config.payment_window;
    Ok(axum::Json(CheckoutOut {
        cart_id: quote.row.id,
        pieces: quote.totals.pieces,
        items: quote
            .inputs
            .items
            .iter()
            .filter(|i| i.stock.status != 0)
            .map(|i| QuoteItem {
                name: i.product_detail.name.clone(),
                size: i.size.clone(),
                quantity: i.quantity,
                img: i.product_detail.img.clone(),
                line_total: i.line_total,
                line_total_ui: i.line_total_ui.clone(),
            })
            .collect(),
        delivery: delivery_out(&quote),
        cod: CodOut { allowed: quote.cod.is_ok(), reason: quote.cod.err().map(|r| r.message()), fee: settings.cod_fee, fee_ui: format_inr(settings.cod_fee) },
        breakup: BreakupOut::from(&quote.breakup),
        coupon_code: if quote.totals.coupon_discount > 0 { quote.row.coupon_code.clone() } else { String::new() },
        wallet: WalletBalance { balance: quote.wallet_balance, balance_ui: format_inr(quote.wallet_balance) },
        payment: match state.config.payments.provider {
            Provider::Razorpay => {
                ProviderOut { paymentSDK: PaymentSdk::Razorpay, key: state.razorpay.key_id().into(), checkout_js: state.razorpay.checkout_js().into() }
            }
            Provider::PayU => ProviderOut { paymentSDK: PaymentSdk::Payu, key: state.payu.key().into(), checkout_js: String::new() },
        },
        API_RETRY_LIMIT_IN_MINUTES: window.retry_after_minutes,
        ORDER_PENDING_INVENTORY_LIMIT_IN_HOURS: window.hold_hours,
        address: quote.address.map(|a| address_out(a, pickup)),
    }))
}

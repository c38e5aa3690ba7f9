//! After placing: the thank-you page's data (`/get-checkout-complete-data/`, spec 000 §3, §7), an
//! order's payment status with its retry verdict (the retry page), and confirming cash on delivery.

use super::pay::{from_millis, own_order, retry_state};
use super::place::{cod_hash, send_cod_code};
use super::views::*;
use crate::error::{ApiError, ApiResult};
use crate::extract::{Form, Json};
use crate::features::catalog;
use crate::security::Viewer;
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use drape_domain::checkout::Retry;
use drape_domain::limits::COD_WRONG_GUESSES;
use drape_domain::money::{format_inr, rupees_f64};
use drape_domain::orders::OrderStatus;
use drape_store::checkout::PlacedOrder;
use drape_store::payments::CodGuess;

#[derive(serde::Deserialize)]
struct CompleteData {
    order_id: String,
}

/// The thank-you page's data for the viewer's order.
#[utoipa::path(post, path = "/get-checkout-complete-data/", tag = "checkout", request_body(content = CompleteForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = CheckoutComplete), (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody)))]
pub async fn checkout_complete(State(state): State<AppState>, viewer: Viewer, Form(f): Form<CompleteForm>) -> ApiResult<axum::Json<CheckoutComplete>> {
    let data: CompleteData = serde_json::from_str(&f.data).map_err(|_| ApiError::field("data", "data must be a JSON text with order_id."))?;
    let order = own_order(&state, &viewer, &data.order_id).await?;
    let items = state.store.order_items(order.id).await?;
    let address: serde_json::Value = serde_json::from_str(&order.address).unwrap_or_default();
    let field = |k: &str| address[k].as_str().unwrap_or_default().to_string();
    let attempts = state.store.order_attempts(order.id).await?;
    let txnid = attempts.iter().rev().find(|a| a.status == "paid").and_then(|a| a.provider_payment_id.clone()).unwrap_or_else(|| order.order_ref.clone());
    let date = chrono::NaiveDate::parse_from_str(&order.delivery_date, "%Y-%m-%d").ok();
    Ok(axum::Json(CheckoutComplete {
        order_id: order.public_id.clone(),
        order_ref: order.order_ref.clone(),
        status: order.status.clone(),
        ship_street1: field("street1"),
        ship_street2: field("street2"),
        city: field("city"),
        state: field("state"),
        ship_postal_code: field("postal_code"),
        addressee: field("addressee"),
        total_value: order.total,
        total_value_ui: format_inr(order.total),
        cart_items_count: items.iter().map(|i| i.quantity).sum(),
        productname: items.first().map(|i| i.name.clone()).unwrap_or_default(),
        cartdetails: items
            .iter()
            .map(|i| CompleteItem {
                name: i.name.clone(),
                sku: i.sku.clone(),
                size: if i.combo1.is_empty() { i.size_value.clone() } else { format!("{} / {}", i.combo1, i.combo2) },
                quantity: i.quantity,
                price: i.paid,
                price_ui: format_inr(i.paid),
                img: catalog::product_image(&i.sku, 1),
            })
            .collect(),
        txnid,
        payment_mode: order.payment_mode.clone(),
        price: rupees_f64(order.total),
        delivery_date_ui: date.map(|d| d.format("%a, %-d %b").to_string()).unwrap_or_default(),
        delivery_date: order.delivery_date,
    }))
}

/// An order's payment status and whether it may be paid (again) now.
#[utoipa::path(get, path = "/api/v1/orders/{order_id}/status/", tag = "checkout", params(("order_id" = String, Path)),
    responses((status = 200, body = OrderStatusOut), (status = 401, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn order_status(State(state): State<AppState>, viewer: Viewer, Path(order_id): Path<String>) -> ApiResult<axum::Json<OrderStatusOut>> {
    let order = own_order(&state, &viewer, &order_id).await?;
    let verdict = retry_state(&state, &order).await?;
    let window = &state.config.payment_window;
    let label = OrderStatus::parse(&order.status).map(|s| s.label().text()).unwrap_or("Order Received").to_string();
    Ok(axum::Json(OrderStatusOut {
        retry: RetryOut {
            allowed: matches!(verdict, Retry::Allowed { .. }),
            reason: verdict.message(),
            opens_at: match verdict {
                Retry::Wait { opens_at } => Some(opens_at.to_rfc3339()),
                _ => None,
            },
            closes_at: match verdict {
                Retry::Allowed { closes_at } => Some(closes_at.to_rfc3339()),
                _ => None,
            },
        },
        order_id: order.public_id,
        order_ref: order.order_ref,
        status: order.status,
        status_label: label,
        payment_mode: order.payment_mode,
        to_pay: order.to_pay,
        to_pay_ui: format_inr(order.to_pay),
        total: order.total,
        total_ui: format_inr(order.total),
        placed_at: from_millis(order.created_at).to_rfc3339(),
        provider: state.config.payments.provider.into(),
        API_RETRY_LIMIT_IN_MINUTES: window.retry_after_minutes,
        ORDER_PENDING_INVENTORY_LIMIT_IN_HOURS: window.hold_hours,
    }))
}

/// Confirms a cash-on-delivery order with the code sent to the shopper's mobile.
#[utoipa::path(post, path = "/api/v1/orders/{order_id}/confirm-cod/", tag = "checkout", params(("order_id" = String, Path)), request_body = CodCodeIn,
    responses((status = 200, body = OrderState), (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn confirm_cod(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(order_id): Path<String>,
    Json(c): Json<CodCodeIn>,
) -> ApiResult<axum::Json<OrderState>> {
    let order = own_order(&state, &viewer, &order_id).await?;
    let user = viewer.require_user()?;
    let code = c.code.trim();
    if code.len() != 6 || !code.chars().all(|c| c.is_ascii_digit()) {
        return Err(ApiError::field("code", "Enter the 6-digit code we sent to your mobile."));
    }
    match state.store.confirm_cod(user.id, &order.public_id, &cod_hash(&order.public_id, code), COD_WRONG_GUESSES, state.now()).await? {
        CodGuess::Confirmed => {
            let text = format!("Thank you! Your Drape order {} is confirmed. Pay in cash when it arrives by {}.", order.order_ref, order.delivery_date);
            super::notify(&state, user, &text).await;
            Ok(axum::Json(OrderState { order_id: order.public_id, status: OrderStatus::Verified.name().into() }))
        }
        CodGuess::Wrong => Err(ApiError::new(StatusCode::BAD_REQUEST, "wrong_code", "That code is not right. Please check the SMS and try again.")),
        CodGuess::NotJudged if order.status == OrderStatus::PendingConfirmation.name() => {
            Err(ApiError::new(StatusCode::BAD_REQUEST, "code_used_up", "Too many wrong codes. Ask for a new code."))
        }
        CodGuess::NotJudged => Err(ApiError::new(StatusCode::CONFLICT, "not_awaiting_code", "This order is not waiting for a confirmation code.")),
    }
}

/// Sends a new cash-on-delivery confirmation code.
#[utoipa::path(post, path = "/api/v1/orders/{order_id}/cod-code/", tag = "checkout", params(("order_id" = String, Path)),
    responses((status = 200, body = CodeSent), (status = 401, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody),
        (status = 409, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody)))]
pub async fn resend_cod_code(State(state): State<AppState>, viewer: Viewer, Path(order_id): Path<String>) -> ApiResult<axum::Json<CodeSent>> {
    let order = own_order(&state, &viewer, &order_id).await?;
    let user = viewer.require_user()?;
    send_cod_code(&state, user, &PlacedOrder { id: order.id, public_id: order.public_id, order_ref: order.order_ref }).await?;
    Ok(axum::Json(CodeSent { sent: true }))
}

//! Cancelling an order that has not shipped (spec 000 §3 Cancel payload, §7 `/cancel-order/`,
//! `/cancel-prepaid-order/`, `/api/v1/order-cancel-check/`): the check says first what would come
//! back and where; the cancel answers the text 'success', or the error the page shows.

use super::views::*;
use crate::error::{ApiError, ApiResult};
use crate::extract::{Form, Json};
use crate::features::checkout::pay::{own_order, pay_owed_refunds};
use crate::security::Viewer;
use crate::AppState;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use drape_domain::money::format_inr;
use drape_domain::orders::OrderStatus;
use drape_domain::refunds::RefundRoute;
use drape_store::cancellations::{CancelOutcome, CancelQuote};
use drape_store::order_status::SHOPPER;
use drape_store::payments::OrderRow;

/// The reasons a shopper picks from.
pub const CANCEL_REASONS: [&str; 6] = [
    "Ordered by mistake",
    "Found a better price elsewhere",
    "Delivery date is too late",
    "Want to change the size or colour",
    "Want to change the delivery address",
    "Other",
];

const COMMENT_MAX: usize = 500;

fn not_cancellable(status: OrderStatus) -> ApiError {
    let message = match status {
        OrderStatus::Shipped | OrderStatus::RtoInitiated => "This order has shipped and can no longer be cancelled. You can return it once it is delivered.",
        s if s.is_delivered() => "This order is delivered. You can return or exchange its items instead.",
        _ => "This order can no longer be cancelled.",
    };
    ApiError::new(StatusCode::CONFLICT, "not_cancellable", message)
}

/// Paid online (money captured): its refund route is the shopper's choice.
fn paid_online(q: &CancelQuote) -> bool {
    q.refund(RefundRoute::Source).to_source > 0
}

fn options(q: &CancelQuote) -> Vec<RefundOption> {
    let wallet = q.refund(RefundRoute::Wallet);
    if wallet.total() == 0 {
        return Vec::new();
    }
    let mut out = vec![RefundOption {
        refund_type: RefundRoute::Wallet.value().into(),
        amount: wallet.total(),
        amount_ui: format_inr(wallet.total()),
        text: format!("{} to your Drape wallet, at once", format_inr(wallet.total())),
    }];
    let source = q.refund(RefundRoute::Source);
    if source.to_source > 0 {
        let text = if source.to_wallet > 0 {
            format!("{} to your original payment method in 5–7 working days, and {} to your wallet", format_inr(source.to_source), format_inr(source.to_wallet))
        } else {
            format!("{} to your original payment method in 5–7 working days", format_inr(source.to_source))
        };
        out.push(RefundOption { refund_type: RefundRoute::Source.value().into(), amount: source.total(), amount_ui: format_inr(source.total()), text });
    }
    out
}

/// Whether the viewer's order can be cancelled now and what would come back.
#[utoipa::path(post, path = "/api/v1/order-cancel-check/", tag = "orders", request_body = CancelCheckIn,
    responses((status = 200, body = CancelCheckOut), (status = 401, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn cancel_check(State(state): State<AppState>, viewer: Viewer, Json(c): Json<CancelCheckIn>) -> ApiResult<axum::Json<CancelCheckOut>> {
    let order = own_order(&state, &viewer, &c.order_id).await?;
    let q = state.store.cancel_quote(order.id).await?;
    let exchange = order.payment_mode == "EXCHANGE";
    let cancellable = q.status.can_be_cancelled() && !exchange;
    Ok(axum::Json(CancelCheckOut {
        order_id: order.public_id,
        drape_request_id: c.drape_request_id,
        cancellable,
        message: (!cancellable).then(|| if exchange { exchange_refusal().body.message } else { not_cancellable(q.status).body.message }),
        cancel_flow: if paid_online(&q) { "prepaid".into() } else { "cod".into() },
        refund_options: if cancellable { options(&q) } else { Vec::new() },
        reasons: CANCEL_REASONS.iter().map(|r| r.to_string()).collect(),
    }))
}

fn success() -> Response {
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], "success").into_response()
}

/// The reason and comment as the timeline keeps them, or the field error the page shows.
fn reason_text(field: &str, reason: &str, comment: &str) -> ApiResult<String> {
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(ApiError::field(field, "Please tell us why you are cancelling."));
    }
    if !CANCEL_REASONS.contains(&reason) {
        return Err(ApiError::field(field, "Please pick one of the reasons shown."));
    }
    let comment = comment.trim();
    if comment.chars().count() > COMMENT_MAX {
        return Err(ApiError::field("comment", format!("Please keep the comment under {COMMENT_MAX} characters.")));
    }
    if reason == "Other" && comment.is_empty() {
        return Err(ApiError::field("comment", "Please tell us a little more in the comment."));
    }
    Ok(if comment.is_empty() { reason.to_string() } else { format!("{reason}: {comment}") })
}

fn exchange_refusal() -> ApiError {
    ApiError::new(StatusCode::CONFLICT, "exchange_order", "An exchange goes with its return. Please contact us to change it.")
}

async fn cancel(state: &AppState, viewer: &Viewer, order: OrderRow, why: String, route: RefundRoute) -> ApiResult<Response> {
    let user = viewer.require_user()?;
    if order.payment_mode == "EXCHANGE" {
        return Err(exchange_refusal());
    }
    match state.store.cancel_order(order.id, SHOPPER, &why, route, state.now()).await? {
        CancelOutcome::Cancelled { refund, through_provider, .. } => {
            pay_owed_refunds(state, &through_provider).await;
            let mut text = format!("Your Drape order {} is cancelled.", order.order_ref);
            if refund.to_wallet > 0 {
                text += &format!(" {} is back in your Drape wallet.", format_inr(refund.to_wallet));
            }
            if refund.to_source > 0 {
                text += &format!(" {} will reach your original payment method in 5-7 working days.", format_inr(refund.to_source));
            }
            crate::features::checkout::notify(state, user, &text).await;
            Ok(success())
        }
        // A double tap or a retried request: it is cancelled, as asked.
        CancelOutcome::AlreadyCancelled => Ok(success()),
        CancelOutcome::NotCancellable { status } => Err(not_cancellable(status)),
    }
}

/// Cancels a cash-on-delivery order (or one not paid yet): reason, orderid, comment.
#[utoipa::path(post, path = "/cancel-order/", tag = "orders", request_body(content = CancelForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "the text success", content_type = "text/plain", body = String), (status = 400, body = crate::error::ErrorBody),
        (status = 401, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn cancel_order(State(state): State<AppState>, viewer: Viewer, Form(f): Form<CancelForm>) -> ApiResult<Response> {
    let order = own_order(&state, &viewer, &f.orderid).await?;
    let why = reason_text("reason", &f.reason, &f.comment)?;
    let q = state.store.cancel_quote(order.id).await?;
    if paid_online(&q) && q.status.can_be_cancelled() {
        return Err(ApiError::field("refundType", "This order was paid online: choose where the refund goes."));
    }
    cancel(&state, &viewer, order, why, RefundRoute::Wallet).await
}

/// Cancels an order paid online, sending the refund where the shopper chose (refundType wallet or source).
#[utoipa::path(post, path = "/cancel-prepaid-order/", tag = "orders", request_body(content = CancelPrepaidForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "the text success", content_type = "text/plain", body = String), (status = 400, body = crate::error::ErrorBody),
        (status = 401, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn cancel_prepaid_order(State(state): State<AppState>, viewer: Viewer, Form(f): Form<CancelPrepaidForm>) -> ApiResult<Response> {
    let order = own_order(&state, &viewer, &f.order_id).await?;
    let why = reason_text("one", &f.one, &f.comment)?;
    let route = RefundRoute::parse(f.refund_type.trim())
        .ok_or_else(|| ApiError::field("refundType", "Choose where the refund goes: your Drape wallet or the original payment method."))?;
    cancel(&state, &viewer, order, why, route).await
}

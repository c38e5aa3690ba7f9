//! My orders (spec 000 §2 `/order/history/`, §3 Order list response, §4 filters): the same path
//! answers the page to a browser and the list as JSON to the app's own request; one order in full.

use super::views::*;
use crate::error::{ApiError, ApiResult};
use crate::features::catalog;
use crate::features::checkout::pay::{from_millis, own_order, retry_state};
use crate::security::Viewer;
use crate::AppState;
use axum::extract::{Path, Query, Request, State};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use drape_domain::checkout::Retry;
use drape_domain::delivery::ist;
use drape_domain::money::format_inr;
use drape_domain::orders::{remaining, HistoryFilter, OrderStatus, TimePeriod};
use drape_domain::refunds::RefundSource;
use drape_domain::returns::{policy_for, CategoryReturns, ReturnRule};
use drape_domain::validation::Pincode;
use drape_store::order_history::{HistoryQuery, LineRow};
use drape_store::payments::OrderRow;

/// Orders to a screen (spec 000 §9: show-list count 3).
pub const PER_PAGE: i64 = 3;

/// A browser navigating asks for a page (Accept: text/html); the app's own calls send
/// X-Requested-With or ask for JSON, and anything else (a script, curl) gets the data too.
fn wants_page(headers: &HeaderMap) -> bool {
    let accept = headers.get(header::ACCEPT).and_then(|v| v.to_str().ok()).unwrap_or("");
    !headers.contains_key("x-requested-with") && accept.contains("text/html")
}

pub fn day_ui(t: DateTime<Utc>) -> String {
    t.with_timezone(&ist()).format("%a, %-d %b %Y").to_string()
}

fn time_ui(t: DateTime<Utc>) -> String {
    t.with_timezone(&ist()).format("%-d %b %Y, %-I:%M %p").to_string()
}

pub fn payment_mode_ui(order: &OrderRow) -> String {
    let base = match order.payment_mode.as_str() {
        "COD" => "Cash on Delivery",
        "WALLET" => "Drape wallet",
        "EXCHANGE" => "Exchange, no charge",
        _ => "Paid online",
    };
    if order.wallet_used > 0 && order.payment_mode != "WALLET" {
        format!("{base} + wallet")
    } else {
        base.to_string()
    }
}

fn status_of(order: &OrderRow) -> OrderStatus {
    // Every stored status is one of the spec's; an unknown one (hand-edited data) reads as received.
    OrderStatus::parse(&order.status).unwrap_or(OrderStatus::Verified)
}

/// Everything the screens need to judge one order's lines.
pub struct Judge<'a> {
    pub categories: &'a [CategoryReturns],
    pub now: DateTime<Utc>,
}

impl Judge<'_> {
    pub fn line(&self, order: &OrderRow, l: &LineRow) -> OrderLineOut {
        let status = status_of(order);
        let policy = policy_for(self.categories, l.category_id, l.nonreturnable != 0);
        let rem = if status.is_delivered() { remaining(l.quantity, l.cancelled_qty, l.returned_qty, l.exchanged_qty) } else { 0 };
        let refusal = if status.is_delivered() {
            policy
                .refusal(order.delivered_at.map(from_millis), self.now)
                .map(str::to_string)
                .or_else(|| (rem == 0).then(|| "Every piece of this item has gone back.".to_string()))
        } else if policy.rule == ReturnRule::None {
            policy.refusal(None, self.now).map(str::to_string)
        } else {
            None
        };
        let size = if l.combo1.is_empty() { l.size_value.clone() } else { format!("{} / {}", l.combo1, l.combo2) };
        OrderLineOut {
            id: l.id,
            product_id: l.product_id,
            name: l.name.clone(),
            slug: l.slug.clone(),
            sku: l.sku.clone(),
            img: catalog::product_image(&l.product_sku, 1),
            size,
            base_order_item_qty: l.quantity,
            item_returned_quantity: l.returned_qty,
            item_exchanged_quantity: l.exchanged_qty,
            item_cancelled_quantity: l.cancelled_qty,
            rem_quantity: rem,
            price: l.price,
            price_ui: format_inr(l.price),
            paid: l.paid,
            paid_ui: format_inr(l.paid),
            returnable: status.is_delivered() && refusal.is_none(),
            return_note: refusal,
            return_rule: policy.rule.value().into(),
            rate_url: status.is_delivered().then(|| format!("/product-nps/?id={}", l.product_id)),
        }
    }

    /// The order as the screens show it; `refunds` are its refund requests (route, amount, paid).
    pub async fn order(&self, state: &AppState, order: &OrderRow, lines: &[LineRow], refunds: &[(String, i64, i64)]) -> ApiResult<OrderOut> {
        let status = status_of(order);
        let label = status.label();
        let products: Vec<OrderLineOut> = lines.iter().filter(|l| l.order_id == order.id).map(|l| self.line(order, l)).collect();
        let can_retry_payment = status == OrderStatus::PendingPayment && matches!(retry_state(state, order).await?, Retry::Allowed { .. });
        let refunded: i64 = refunds.iter().filter(|r| r.2 == 1).map(|r| r.1).sum();
        let pending: i64 = refunds.iter().filter(|r| r.2 == 0).map(|r| r.1).sum();
        let to_wallet: i64 = refunds.iter().filter(|r| r.0 == "wallet").map(|r| r.1).sum();
        let text = match (refunded, pending) {
            (0, 0) => String::new(),
            _ if to_wallet == refunded + pending => format!("{} refunded to your Drape wallet", format_inr(to_wallet)),
            (done, 0) => format!("{} refunded", format_inr(done)),
            (done, owed) => format!("{} refunded, {} on its way back to your payment method (5–7 working days)", format_inr(done), format_inr(owed)),
        };
        let delivered_at = order.delivered_at.map(from_millis);
        let window_days = products.iter().filter(|p| p.return_rule != "none").count() > 0;
        let closes = delivered_at.filter(|_| window_days).map(|d| {
            let days = lines
                .iter()
                .filter(|l| l.order_id == order.id)
                .map(|l| policy_for(self.categories, l.category_id, l.nonreturnable != 0))
                .filter(|p| p.rule != ReturnRule::None)
                .map(|p| p.days)
                .max()
                .unwrap_or(0);
            day_ui(d + chrono::Duration::days(days))
        });
        let online = order.payment_mode != "COD" && order.payment_mode != "WALLET";
        Ok(OrderOut {
            pk: order.order_ref.clone(),
            encrypted_order_id: order.public_id.clone(),
            orders_util_data: OrderUtilOut {
                status: order.status.clone(),
                status_label: label.text().into(),
                status_colour: label.colour().into(),
                // An exchange order ends with its return (declined: cancelled), not on its own.
                can_cancel: status.can_be_cancelled() && order.payment_mode != "EXCHANGE",
                cancel_flow: if online && status != OrderStatus::PendingPayment { "prepaid".into() } else { "cod".into() },
                can_return: products.iter().any(|p| p.returnable),
                can_retry_payment,
                can_reorder: !products.is_empty(),
            },
            oh_details: OrderHeaderOut {
                order_ref: order.order_ref.clone(),
                placed_at: from_millis(order.created_at).to_rfc3339(),
                placed_at_ui: day_ui(from_millis(order.created_at)),
                total: order.total,
                total_ui: format_inr(order.total),
                payment_mode: order.payment_mode.clone(),
                payment_mode_ui: payment_mode_ui(order),
                items_count: products.iter().map(|p| p.base_order_item_qty).sum(),
                delivery_date_ui: chrono::NaiveDate::parse_from_str(&order.delivery_date, "%Y-%m-%d")
                    .map(|d| d.format("%a, %-d %b").to_string())
                    .unwrap_or_default(),
                delivered_at_ui: delivered_at.map(day_ui),
                courier: order.courier.clone(),
                tracking_number: order.tracking_number.clone(),
                return_window_ends_ui: closes,
            },
            exchange_refund_status: RefundStatusOut {
                source: RefundSource::of(order.payment_mode == "COD", order.wallet_used, order.to_pay).key().into(),
                refunded,
                refunded_ui: format_inr(refunded),
                pending,
                pending_ui: format_inr(pending),
                text,
            },
            products,
        })
    }
}

fn bad_page() -> ApiError {
    ApiError::field("page", "page must be a whole number from 1.")
}

async fn order_list(state: &AppState, viewer: &Viewer, p: HistoryParams) -> ApiResult<OrderListOut> {
    let user = viewer.require_user()?;
    let page = match p.page.as_deref().map(str::trim) {
        None | Some("") => 1,
        Some(s) => s.parse::<i64>().ok().filter(|n| (1..=100_000).contains(n)).ok_or_else(bad_page)?,
    };
    let filter_value = p.status.unwrap_or_default();
    let filter = HistoryFilter::parse(&filter_value).ok_or_else(|| {
        let values = HistoryFilter::ALL.iter().skip(1).map(|f| f.value()).collect::<Vec<_>>().join(", ");
        ApiError::field("status", format!("Unknown order filter. Use one of: {values}, or leave it empty for all orders."))
    })?;
    let period_value = p.time_period.unwrap_or_default();
    let period = TimePeriod::parse(&period_value)
        .ok_or_else(|| ApiError::field("time_period", "Unknown time period. Use all, last_30_days, last_6_months or a year such as 2025."))?;
    let now = state.now();
    let q = HistoryQuery { user_id: Some(user.id), order_ref: None, statuses: filter.statuses(), placed: period.range(now), page, per_page: PER_PAGE };
    // Independent reads go together: the page with its count, the shopper's span, the return rules;
    // then the page's lines and refunds.
    let (found, categories) = tokio::try_join!(state.store.order_history(&q), state.store.category_returns())?;
    let ids: Vec<i64> = found.orders.iter().map(|o| o.id).collect();
    let span = async {
        match found.span {
            Some(span) => Ok(span),
            None => state.store.order_span(user.id).await,
        }
    };
    let (lines, refunds, (all_orders, first)) = tokio::try_join!(state.store.lines_of(&ids), state.store.refund_states(&found.with_refunds), span)?;
    let judge = Judge { categories: &categories, now };
    let mut orders = Vec::with_capacity(found.orders.len());
    let mut return_pins = Vec::new();
    for o in &found.orders {
        let own: Vec<(String, i64, i64)> = refunds.iter().filter(|r| r.0 == o.id).map(|r| (r.1.clone(), r.2, r.3)).collect();
        let out = judge.order(state, o, &lines, &own).await?;
        if out.orders_util_data.can_return {
            let address: serde_json::Value = serde_json::from_str(&o.address).unwrap_or_default();
            if let Some(pin) = address["postal_code"].as_str().and_then(Pincode::parse) {
                return_pins.push(pin.as_str().to_string());
            }
        }
        orders.push(out);
    }
    // A returnable order delivered where no courier collects returns: the page warns before the form.
    let served = state.store.pickup_pincodes(&return_pins).await?;
    let no_pickup = return_pins.iter().any(|p| !served.contains(p));
    let window = &state.config.payment_window;
    let total_pages = (found.matching + PER_PAGE - 1) / PER_PAGE;
    Ok(OrderListOut {
        orders_util_data: orders.iter().map(|o| (o.encrypted_order_id.clone(), o.orders_util_data.clone())).collect(),
        product_items: orders.iter().map(|o| (o.encrypted_order_id.clone(), o.products.clone())).collect(),
        oh_details: orders.iter().map(|o| (o.encrypted_order_id.clone(), o.oh_details.clone())).collect(),
        exchange_refund_status: orders.iter().map(|o| (o.encrypted_order_id.clone(), o.exchange_refund_status.clone())).collect(),
        non_serviceable_pop_up: no_pickup,
        non_returnable_obj_items: orders.iter().flat_map(|o| o.products.iter()).filter(|p| p.return_rule == "none").map(|p| p.id).collect(),
        time_period: TimePeriod::choices(now, first.map(from_millis))
            .into_iter()
            .map(|t| Choice { label: t.label(), value: t.value(), selected: t == period })
            .collect(),
        allOrders: all_orders,
        returnable_order: orders.iter().filter(|o| o.orders_util_data.can_return).map(|o| o.encrypted_order_id.clone()).collect(),
        return_apply_order: orders
            .iter()
            .filter(|o| o.products.iter().any(|p| p.item_returned_quantity + p.item_exchanged_quantity > 0))
            .map(|o| o.encrypted_order_id.clone())
            .collect(),
        API_RETRY_LIMIT_IN_MINUTES: window.retry_after_minutes,
        ORDER_PENDING_INVENTORY_LIMIT_IN_HOURS: window.hold_hours,
        current_page: page,
        total_pages,
        orders_data: OrdersData {
            count: found.matching,
            per_page: PER_PAGE,
            filter: filter.value().into(),
            time_period: period.value(),
            filters: HistoryFilter::ALL.iter().map(|f| Choice { label: f.label().into(), value: f.value().into(), selected: *f == filter }).collect(),
            statuses: OrderStatus::ALL
                .iter()
                .map(|s| StatusStyle { status: s.name().into(), label: s.label().text().into(), colour: s.label().colour().into() })
                .collect(),
        },
        orders,
    })
}

/// My orders: the list as JSON to the app's request (X-Requested-With, or Accept without text/html),
/// the web app's page to a browser navigating.
#[utoipa::path(get, path = "/order/history/", tag = "orders", params(HistoryParams),
    responses((status = 200, body = OrderListOut), (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody)))]
pub async fn history(State(state): State<AppState>, viewer: Viewer, req: Request) -> Response {
    if wants_page(req.headers()) {
        return crate::web::fallback(State(state), req).await;
    }
    let params = match Query::<HistoryParams>::try_from_uri(req.uri()) {
        Ok(Query(p)) => p,
        Err(_) => return ApiError::bad_request("The order list's query is not valid.").into_response(),
    };
    match order_list(&state, &viewer, params).await {
        Ok(list) => axum::Json(list).into_response(),
        Err(e) => e.into_response(),
    }
}

/// The app variant of my orders (spec 000 §2: used when the current path contains /my-orders-app/).
#[utoipa::path(get, path = "/order/app/history/", tag = "orders", params(HistoryParams),
    responses((status = 200, body = OrderListOut), (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody)))]
pub async fn app_history(state: State<AppState>, viewer: Viewer, req: Request) -> Response {
    history(state, viewer, req).await
}

/// One of the viewer's orders in full, with its timeline.
#[utoipa::path(get, path = "/api/v1/orders/{order_id}/", tag = "orders", params(("order_id" = String, Path)),
    responses((status = 200, body = OrderDetailOut), (status = 401, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn order_detail(State(state): State<AppState>, viewer: Viewer, Path(order_id): Path<String>) -> ApiResult<axum::Json<OrderDetailOut>> {
    let order = own_order(&state, &viewer, &order_id).await?;
    let lines = state.store.lines_of(&[order.id]).await?;
    let categories = state.store.category_returns().await?;
    let judge = Judge { categories: &categories, now: state.now() };
    let refund_rows = state.store.refund_state(order.id).await?;
    let out = judge.order(&state, &order, &lines, &refund_rows).await?;
    let payments = state
        .store
        .order_attempts(order.id)
        .await?
        .into_iter()
        .map(|a| PaymentOut {
            method: match a.method.as_str() {
                "upi" => "UPI".into(),
                "card" => "Card".into(),
                "netbanking" => "Net banking".into(),
                "wallet" => "Wallet app".into(),
                "" => "Online".into(),
                other => other.to_string(),
            },
            amount: a.amount,
            amount_ui: format_inr(a.amount),
            status: match a.status.as_str() {
                "paid" => "Paid".into(),
                "failed" => "Failed".into(),
                _ => "Not completed".into(),
            },
            at_ui: time_ui(from_millis(a.created_at)),
        })
        .collect();
    let refunds = refund_rows.into_iter().map(|(route, amount, done)| RefundOut { route, amount, amount_ui: format_inr(amount), done: done == 1 }).collect();
    let timeline = state
        .store
        .order_events(order.id)
        .await?
        .into_iter()
        .map(|e| {
            let label = OrderStatus::parse(&e.to_status).map(|s| s.label());
            TimelineStep {
                label: label.map(|l| l.text()).unwrap_or("Order update").into(),
                colour: label.map(|l| l.colour()).unwrap_or("#374151").into(),
                status: e.to_status.clone(),
                at: e.at().to_rfc3339(),
                at_ui: time_ui(e.at()),
                note: e.note.clone(),
                by: e.actor.split(':').next().unwrap_or_default().to_string(),
            }
        })
        .collect();
    let mut returns = Vec::new();
    for r in state.store.returns_of_order(order.id).await? {
        let status = drape_domain::returns::ReturnStatus::parse(&r.status);
        let items = state
            .store
            .return_items(r.id)
            .await?
            .into_iter()
            .map(|i| ReturnItemOut {
                name: i.name,
                size: i.size_value,
                process: i.process,
                quantity: i.quantity,
                amount_ui: format_inr(i.amount),
                exchange_size: i.exchange_size_value,
            })
            .collect();
        let timeline = state
            .store
            .return_events(r.id)
            .await?
            .into_iter()
            .map(|e| {
                let label = drape_domain::returns::ReturnStatus::parse(&e.to_status).map(|s| s.label()).unwrap_or("Update");
                TimelineStep {
                    status: e.to_status.clone(),
                    label: label.into(),
                    colour: "#6d4c41".into(),
                    at: e.at().to_rfc3339(),
                    at_ui: time_ui(e.at()),
                    note: e.note.clone(),
                    by: e.actor.split(':').next().unwrap_or_default().to_string(),
                }
            })
            .collect();
        returns.push(ReturnOut {
            return_id: r.public_id,
            status_label: status.map(|s| s.label()).unwrap_or("Return requested").into(),
            status: r.status,
            items,
            refund_amount: r.refund_amount,
            refund_amount_ui: format_inr(r.refund_amount),
            refund_route: r.refund_route,
            pickup_date: r.pickup_date,
            requested_at_ui: time_ui(from_millis(r.created_at)),
            timeline,
        });
    }
    let exchange_of = match order.parent_order_id {
        Some(id) => state.store.order_by_id(id).await?.map(|o| o.order_ref),
        None => None,
    };
    Ok(axum::Json(OrderDetailOut {
        order: out,
        address: serde_json::from_str(&order.address).unwrap_or_default(),
        breakup: serde_json::from_str(&order.breakup).unwrap_or_default(),
        wallet_used: order.wallet_used,
        wallet_used_ui: format_inr(order.wallet_used),
        to_pay: order.to_pay,
        to_pay_ui: format_inr(order.to_pay),
        payments,
        refunds,
        timeline,
        exchange_of,
        returns,
    }))
}

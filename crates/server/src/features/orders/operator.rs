//! The operator's side of orders (issue 12): every step an order or a return takes, shared by
//! `drape admin order|return` and the operator page `/ops/orders/` (superusers only), each step
//! telling the shopper. The page is server-rendered HTML (maud), its forms posting with the CSRF
//! token in csrfmiddlewaretoken and answering with a redirect back to the order.

use super::notify::{order_text, return_text, tell};
use crate::features::checkout::pay::pay_owed_refunds;
use crate::security::Viewer;
use crate::AppState;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use chrono::{DateTime, Utc};
use drape_domain::money::format_inr;
use drape_domain::orders::{HistoryFilter, OrderStatus, TimePeriod};
use drape_domain::refunds::RefundRoute;
use drape_domain::returns::ReturnStatus;
use drape_store::cancellations::{CancelOutcome, SourceRefund};
use drape_store::order_history::HistoryQuery;
use drape_store::order_status::{operator, Move};
use drape_store::returns::ReturnStep;
use drape_store::Store;
use maud::{html, Markup, DOCTYPE};
use serde::Deserialize;

/// A step an operator takes with an order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OrderStep {
    Move { to: OrderStatus, note: String },
    Ship { courier: String, tracking: String },
    Cancel { note: String },
}

/// What a step did: the line the operator reads, and refunds owed through the provider (the server
/// pays them now; the CLI leaves them to the running server's housekeeping).
pub struct Done {
    pub text: String,
    pub owed: Vec<SourceRefund>,
}

/// Takes the step, tells the shopper, or says why not.
pub async fn order_step(store: &Store, order_id: i64, step: OrderStep, by: &str, now: DateTime<Utc>) -> anyhow::Result<Result<Done, String>> {
    let order = store.order_by_id(order_id).await?.ok_or_else(|| anyhow::anyhow!("no such order"))?;
    let actor = operator(by);
    let refused = |from: OrderStatus, to: OrderStatus| {
        let next = from.next().iter().map(|s| s.name()).collect::<Vec<_>>().join(", ");
        Err(format!("{} is {from}; it cannot become {to}. It can move to: {}", order.order_ref, if next.is_empty() { "nothing more" } else { &next }))
    };
    if matches!(step, OrderStep::Move { to: OrderStatus::SalesReturned, .. }) {
        return Ok(Err(format!("{} becomes Sales Returned when its returns are approved (drape admin return), not by hand.", order.order_ref)));
    }
    let (to, note, owed, courier, tracking) = match step {
        // Back undelivered or lost: everything paid goes back to where it came from, paid now.
        OrderStep::Move { to: to @ (OrderStatus::UndeliveredReturned | OrderStatus::LostOrder), note } => {
            match store.end_order(order_id, to, &actor, &note, RefundRoute::Source, now).await? {
                CancelOutcome::Cancelled { through_provider, .. } => (to, note, through_provider, order.courier.clone(), order.tracking_number.clone()),
                CancelOutcome::AlreadyCancelled => return Ok(Err(format!("{} is already {to}", order.order_ref))),
                CancelOutcome::NotCancellable { status } => return Ok(refused(status, to)),
            }
        }
        OrderStep::Move { to, note } => match store.move_order(order_id, to, &actor, &note, now).await? {
            Move::Moved { .. } => (to, note, Vec::new(), order.courier.clone(), order.tracking_number.clone()),
            Move::NotAllowed { from } => return Ok(refused(from, to)),
        },
        OrderStep::Ship { courier, tracking } => match store.ship_order(order_id, &courier, &tracking, &actor, now).await? {
            Move::Moved { .. } => (OrderStatus::Shipped, String::new(), Vec::new(), courier, tracking),
            Move::NotAllowed { from } => return Ok(refused(from, OrderStatus::Shipped)),
        },
        OrderStep::Cancel { note } => match store.cancel_order(order_id, &actor, &note, RefundRoute::Source, now).await? {
            CancelOutcome::Cancelled { through_provider, .. } => (OrderStatus::Cancelled, note, through_provider, String::new(), String::new()),
            CancelOutcome::AlreadyCancelled => return Ok(Err(format!("{} is already cancelled", order.order_ref))),
            CancelOutcome::NotCancellable { status } => return Ok(refused(status, OrderStatus::Cancelled)),
        },
    };
    if let Some(text) = order_text(&order.order_ref, to, &courier, &tracking, &note) {
        tell(store, order.user_id, &text, &format!("/order/detail/{}", order.public_id), now).await;
    }
    let mut text = format!("{}: {} → {to}", order.order_ref, order.status);
    for o in &owed {
        text += &format!("; {} owed back through the payment provider", format_inr(o.amount));
    }
    Ok(Ok(Done { text, owed }))
}

/// A step an operator takes with a return or exchange request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReturnAction {
    Pickup { date: chrono::NaiveDate, courier: String },
    Picked,
    Receive { sellable: bool },
    Approve,
    Decline { reason: String },
    BankReference { reference: String },
}

pub async fn return_step(store: &Store, return_id: i64, action: ReturnAction, by: &str, now: DateTime<Utc>) -> anyhow::Result<Result<Done, String>> {
    let r = store.return_by_id(return_id).await?.ok_or_else(|| anyhow::anyhow!("no such return"))?;
    let (order_ref, order_link) = store.order_by_id(r.order_id).await?.map(|o| (o.order_ref, format!("/order/detail/{}", o.public_id))).unwrap_or_default();
    let actor = operator(by);
    let mut owed = Vec::new();
    let (to, note, step) = match action {
        ReturnAction::Pickup { date, courier } => {
            let note = format!("{courier} on {}", date.format("%a, %-d %b"));
            (ReturnStatus::PickupScheduled, note, store.schedule_pickup(return_id, &date.to_string(), &courier, &actor, now).await?)
        }
        ReturnAction::Picked => (ReturnStatus::PickedUp, String::new(), store.mark_picked_up(return_id, &actor, now).await?),
        ReturnAction::Receive { sellable } => (ReturnStatus::Received, String::new(), store.receive_return(return_id, sellable, &actor, now).await?),
        ReturnAction::Approve => {
            let (step, o) = store.approve_return(return_id, &actor, now).await?;
            owed = o;
            (ReturnStatus::Approved, String::new(), step)
        }
        ReturnAction::Decline { reason } => {
            let step = store.decline_return(return_id, &reason, &actor, now).await?;
            (ReturnStatus::Declined, reason, step)
        }
        ReturnAction::BankReference { reference } => {
            (ReturnStatus::Refunded, String::new(), store.record_bank_refund(return_id, &reference, &actor, now).await?)
        }
    };
    match step {
        ReturnStep::Done { from } => {
            // An approval paid to the wallet is refunded at once: say so.
            let now_status = store.return_by_id(return_id).await?.and_then(|r| ReturnStatus::parse(&r.status)).unwrap_or(to);
            if let Some(text) = return_text(&order_ref, now_status, &note) {
                tell(store, r.user_id, &text, &order_link, now).await;
            }
            let mut text = format!("return {} of {order_ref}: {} → {}", r.public_id, from.name(), now_status.name());
            for o in &owed {
                text += &format!("; {} owed back through the payment provider", format_inr(o.amount));
            }
            Ok(Ok(Done { text, owed }))
        }
        ReturnStep::NotAllowed { from } => Ok(Err(format!("return {} is {}; it cannot become {}", r.public_id, from.name(), to.name()))),
    }
}

// ---- The operator page -------------------------------------------------------------------------

const OPS_PER_PAGE: i64 = 20;

fn page(title: &str, body: Markup) -> Response {
    let doc = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " · Drape operations" }
                link rel="stylesheet" href="/ops/assets/pages.css";
            }
            body { main.ops { (body) } }
        }
    };
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8"), (header::CACHE_CONTROL, "private, no-store")], doc.into_string()).into_response()
}

/// Superusers only: a visitor is sent to log in, anyone else is told no.
#[allow(clippy::result_large_err)] // the refusal is the response itself, made once per request
fn gate(viewer: &Viewer, back: &str) -> Result<String, Response> {
    match &viewer.user {
        Some(u) if u.is_superuser => Ok(u.mobile.clone()),
        Some(_) => {
            Err((StatusCode::FORBIDDEN, page("Not allowed", html! { h1 { "Operators only" } p { "This page is for the shop's operators." } })).into_response())
        }
        None => Err(Redirect::to(&format!("/login/?next={back}")).into_response()),
    }
}

fn token(headers: &HeaderMap) -> String {
    crate::security::cookie(headers, crate::security::CSRF_COOKIE).unwrap_or_default()
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct OpsListParams {
    pub status: String,
    pub time_period: String,
    pub page: String,
    /// An order number to find.
    pub q: String,
}

/// The orders list with the shoppers' filters, newest first, twenty to a page.
pub async fn ops_orders(State(state): State<AppState>, viewer: Viewer, Query(p): Query<OpsListParams>) -> Response {
    if let Err(r) = gate(&viewer, "/ops/orders/") {
        return r;
    }
    let filter = HistoryFilter::parse(&p.status).unwrap_or(HistoryFilter::All);
    let period = TimePeriod::parse(&p.time_period).unwrap_or(TimePeriod::All);
    let page_no = p.page.trim().parse::<i64>().ok().filter(|n| (1..=100_000).contains(n)).unwrap_or(1);
    let q = p.q.trim().to_ascii_uppercase();
    let now = state.now();
    let query = HistoryQuery {
        user_id: None,
        order_ref: (!q.is_empty()).then_some(q.clone()),
        statuses: filter.statuses(),
        placed: period.range(now),
        page: page_no,
        per_page: OPS_PER_PAGE,
    };
    let found = match state.store.order_history(&query).await {
        Ok(f) => f,
        Err(e) => {
            tracing::error!(error = %e, "the operator list failed");
            return (StatusCode::INTERNAL_SERVER_ERROR, page("Orders", html! { p.notice.error { "The orders could not be read. Try again." } }))
                .into_response();
        }
    };
    let pages = ((found.matching + OPS_PER_PAGE - 1) / OPS_PER_PAGE).max(1);
    let link = |n: i64| format!("/ops/orders/?status={}&time_period={}&q={}&page={n}", urlencode(filter.value()), period.value(), urlencode(&q));
    page(
        "Orders",
        html! {
            header { h1 { "Orders" } span.muted { (found.matching) " matching" } }
            form.filters method="get" action="/ops/orders/" {
                label { "Status" select name="status" { @for f in HistoryFilter::ALL { option value=(f.value()) selected[f == filter] { (f.label()) } } } }
                label { "Placed" select name="time_period" { @for t in TimePeriod::choices(now, None).into_iter().chain([TimePeriod::Year(2025), TimePeriod::Year(2024)]) { option value=(t.value()) selected[t == period] { (t.label()) } } } }
                label { "Order number" input name="q" value=(q) placeholder="DRP0000042"; }
                button type="submit" { "Show" }
            }
            table {
                thead { tr { th { "Order" } th { "Placed" } th { "Status" } th { "Payment" } th.num { "Total" } } }
                tbody {
                    @for o in &found.orders {
                        @let status = OrderStatus::parse(&o.status).unwrap_or(OrderStatus::Verified);
                        tr {
                            td { a href={ "/ops/orders/" (o.order_ref) "/" } { (o.order_ref) } }
                            td { (super::history::day_ui(crate::features::checkout::pay::from_millis(o.created_at))) }
                            td { span class={ "pill " (pill_class(status)) } { (status.label().text()) } " " span.muted { (o.status) } }
                            td { (super::history::payment_mode_ui(o)) }
                            td.num { (format_inr(o.total)) }
                        }
                    }
                    @if found.orders.is_empty() { tr { td colspan="5" .muted { "No orders match." } } }
                }
            }
            p {
                @if page_no > 1 { a href=(link(page_no - 1)) { "← Newer" } " " }
                span.muted { "Page " (page_no) " of " (pages) }
                @if page_no < pages { " " a href=(link(page_no + 1)) { "Older →" } }
            }
        },
    )
}

fn urlencode(s: &str) -> String {
    serde_urlencoded::to_string([("v", s)]).map(|v| v[2..].to_string()).unwrap_or_default()
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct Notice {
    pub done: String,
    pub error: String,
}

/// One order with every step it can take now, its lines, timeline and returns.
pub async fn ops_order(State(state): State<AppState>, viewer: Viewer, headers: HeaderMap, Path(order_ref): Path<String>, Query(n): Query<Notice>) -> Response {
    if let Err(r) = gate(&viewer, "/ops/orders/") {
        return r;
    }
    match ops_order_page(&state, &headers, order_ref.trim(), n).await {
        Ok(r) => r,
        Err(e) => {
            tracing::error!(error = %e, "the operator order page failed");
            (StatusCode::INTERNAL_SERVER_ERROR, page("Order", html! { p.notice.error { "The order could not be read. Try again." } })).into_response()
        }
    }
}

async fn ops_order_page(state: &AppState, headers: &HeaderMap, order_ref: &str, n: Notice) -> anyhow::Result<Response> {
    let Some(id) = state.store.order_id_by_ref(order_ref).await? else {
        return Ok((StatusCode::NOT_FOUND, page("Order", html! { h1 { "No order " (order_ref) } a href="/ops/orders/" { "All orders" } })).into_response());
    };
    let o = state.store.order_by_id(id).await?.ok_or_else(|| anyhow::anyhow!("order vanished"))?;
    let status = OrderStatus::parse(&o.status).unwrap_or(OrderStatus::Verified);
    let lines = state.store.lines_of(&[id]).await?;
    let events = state.store.order_events(id).await?;
    let returns = state.store.returns_of_order(id).await?;
    let mut return_items = Vec::new();
    for r in &returns {
        return_items.push(state.store.return_items(r.id).await?);
    }
    let shopper = state.store.user_by_id(o.user_id).await.map(|u| u.mobile).unwrap_or_default();
    let csrf = token(headers);
    let address: serde_json::Value = serde_json::from_str(&o.address).unwrap_or_default();
    let field = |k: &str| address[k].as_str().unwrap_or_default().to_string();
    let action = format!("/ops/orders/{}/step/", o.order_ref);
    let body = html! {
        header {
            h1 { "Order " (o.order_ref) " " span class={ "pill " (pill_class(status)) } { (status.label().text()) } }
            a href="/ops/orders/" { "← All orders" }
        }
        @if !n.done.is_empty() { p.notice { (n.done) } }
        @if !n.error.is_empty() { p.notice.error { (n.error) } }
        div.card {
            p { strong { (o.status) } " · " (super::history::payment_mode_ui(&o)) " · " (format_inr(o.total)) " · shopper " (shopper) }
            p.muted { (field("addressee")) ", " (field("street1")) " " (field("street2")) ", " (field("city")) ", " (field("state")) " " (field("postal_code")) }
            @if !o.courier.is_empty() { p { "Courier " (o.courier) " · tracking " (o.tracking_number) } }
            table {
                thead { tr { th { "Item" } th { "Size" } th.num { "Qty" } th.num { "Cancelled" } th.num { "Returned" } th.num { "Exchanged" } th.num { "Paid" } } }
                tbody { @for l in &lines { tr {
                    td { (l.name) } td { (l.size_value) @if !l.combo1.is_empty() { (l.combo1) " / " (l.combo2) } }
                    td.num { (l.quantity) } td.num { (l.cancelled_qty) } td.num { (l.returned_qty) } td.num { (l.exchanged_qty) } td.num { (format_inr(l.paid)) }
                } } }
            }
        }
        div.card {
            h2 { "Next step" }
            div.actions {
                @for to in status.next().iter().filter(|s| **s != OrderStatus::SalesReturned) {
                    @match to {
                        OrderStatus::Shipped => form method="post" action=(action) {
                            input type="hidden" name="csrfmiddlewaretoken" value=(csrf);
                            input type="hidden" name="to" value=(to.name());
                            label { "Courier" input name="courier" required placeholder="Delhivery"; }
                            label { "Tracking number" input name="tracking" required; }
                            button type="submit" { "Ship" }
                        },
                        OrderStatus::Cancelled => form method="post" action=(action) {
                            input type="hidden" name="csrfmiddlewaretoken" value=(csrf);
                            input type="hidden" name="to" value=(to.name());
                            label { "Reason the shopper reads" input name="note" required minlength="5"; }
                            button.quiet type="submit" { "Cancel order" }
                        },
                        _ => form method="post" action=(action) {
                            input type="hidden" name="csrfmiddlewaretoken" value=(csrf);
                            input type="hidden" name="to" value=(to.name());
                            label { "Note (optional)" input name="note"; }
                            button type="submit" { "Mark " (to.name()) }
                        },
                    }
                }
                @if status.next().iter().all(|s| *s == OrderStatus::SalesReturned) {
                    p.muted { "Nothing more to do with this order." @if !returns.is_empty() { " Its returns are below." } }
                }
            }
        }
        @for (r, items) in returns.iter().zip(&return_items) {
            @let rs = ReturnStatus::parse(&r.status).unwrap_or(ReturnStatus::Requested);
            @let raction = format!("/ops/returns/{}/step/?order={}", r.public_id, o.order_ref);
            @let transfer_due = rs == ReturnStatus::Approved && r.refund_route == "bank";
            div.card {
                h2 { "Return " (r.public_id) " · " (rs.label()) }
                p { (r.reason) @if !r.comment.is_empty() { ": " (r.comment) } }
                ul { @for i in items { li {
                    (i.process) " " (i.quantity) " × " (i.name) " (" (i.size_value) ")"
                    @if !i.exchange_size_value.is_empty() { " for size " (i.exchange_size_value) }
                    @if i.amount > 0 { " · refund " (format_inr(i.amount)) }
                } } }
                p.muted { "Refund " (format_inr(r.refund_amount)) " to " (r.refund_route)
                    @if let (Some(name), Some(number), Some(ifsc)) = (&r.bank_account_name, &r.bank_account_number, &r.bank_ifsc) {
                        // The whole number only while the transfer to it is due (approved, by bank).
                        @let shown = if transfer_due { number.clone() } else { drape_domain::refunds::account_tail(number) };
                        " · " (name) ", account " span data-account { (shown) } ", " (ifsc) " (" (r.bank_name.clone().unwrap_or_default()) ", " (r.bank_branch.clone().unwrap_or_default()) ")"
                    }
                }
                div.actions {
                    @if rs.can_move_to(ReturnStatus::PickupScheduled) {
                        form method="post" action=(raction) {
                            input type="hidden" name="csrfmiddlewaretoken" value=(csrf);
                            input type="hidden" name="step" value="pickup";
                            label { "Pickup date" input type="date" name="date" required; }
                            label { "Courier" input name="courier" required; }
                            button type="submit" { "Book pickup" }
                        }
                    }
                    @if rs.can_move_to(ReturnStatus::PickedUp) {
                        form method="post" action=(raction) { input type="hidden" name="csrfmiddlewaretoken" value=(csrf); input type="hidden" name="step" value="picked"; button type="submit" { "Collected" } }
                    }
                    @if rs.can_move_to(ReturnStatus::Received) {
                        form method="post" action=(raction) {
                            input type="hidden" name="csrfmiddlewaretoken" value=(csrf);
                            input type="hidden" name="step" value="receive";
                            label { "Condition" select name="condition" { option value="sellable" { "Sellable: back on sale" } option value="damaged" { "Not sellable" } } }
                            button type="submit" { "Received" }
                        }
                    }
                    @if rs.can_move_to(ReturnStatus::Approved) {
                        form method="post" action=(raction) { input type="hidden" name="csrfmiddlewaretoken" value=(csrf); input type="hidden" name="step" value="approve"; button type="submit" { "Approve" } }
                    }
                    @if rs.can_move_to(ReturnStatus::Declined) {
                        form method="post" action=(raction) {
                            input type="hidden" name="csrfmiddlewaretoken" value=(csrf);
                            input type="hidden" name="step" value="decline";
                            label { "Reason the shopper reads" input name="reason" required minlength="5"; }
                            button.quiet type="submit" { "Decline" }
                        }
                    }
                    @if transfer_due {
                        form method="post" action=(raction) {
                            input type="hidden" name="csrfmiddlewaretoken" value=(csrf);
                            input type="hidden" name="step" value="bank";
                            label { "Bank transfer reference (UTR)" input name="reference" required minlength="6"; }
                            button type="submit" { "Record transfer" }
                        }
                    }
                }
            }
        }
        div.card {
            h2 { "Timeline" }
            ol.timeline { @for e in &events { li {
                strong { (e.to_status) } " · " (e.at().with_timezone(&drape_domain::delivery::ist()).format("%-d %b %Y, %-I:%M %p")) " · " (e.actor)
                @if !e.note.is_empty() { " · " (e.note) }
            } } }
        }
    };
    Ok(page(&format!("Order {}", o.order_ref), body))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct OrderStepForm {
    pub to: String,
    pub note: String,
    pub courier: String,
    pub tracking: String,
    pub csrfmiddlewaretoken: String,
}

fn back(order_ref: &str, outcome: Result<String, String>) -> Response {
    let (k, v) = match outcome {
        Ok(t) => ("done", t),
        Err(t) => ("error", t),
    };
    Redirect::to(&format!("/ops/orders/{order_ref}/?{k}={}", urlencode(&v))).into_response()
}

/// Takes one step with an order from the page.
pub async fn ops_order_step(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(order_ref): Path<String>,
    crate::extract::Form(f): crate::extract::Form<OrderStepForm>,
) -> Response {
    let by = match gate(&viewer, "/ops/orders/") {
        Ok(m) => m,
        Err(r) => return r,
    };
    let order_ref = order_ref.trim().to_string();
    let Ok(Some(id)) = state.store.order_id_by_ref(&order_ref).await else {
        return (StatusCode::NOT_FOUND, page("Order", html! { h1 { "No order " (order_ref) } })).into_response();
    };
    let Some(to) = OrderStatus::parse(f.to.trim()) else { return back(&order_ref, Err(format!("unknown status {:?}", f.to))) };
    let step = match to {
        OrderStatus::Shipped if f.courier.trim().is_empty() || f.tracking.trim().is_empty() => {
            return back(&order_ref, Err("Shipping needs the courier and the tracking number.".into()))
        }
        OrderStatus::Shipped => OrderStep::Ship { courier: f.courier.trim().into(), tracking: f.tracking.trim().into() },
        OrderStatus::Cancelled if f.note.trim().chars().count() < 5 => {
            return back(&order_ref, Err("Cancelling needs the reason the shopper will read.".into()))
        }
        OrderStatus::Cancelled => OrderStep::Cancel { note: f.note.trim().into() },
        _ => OrderStep::Move { to, note: f.note.trim().into() },
    };
    match order_step(&state.store, id, step, &by, state.now()).await {
        Ok(Ok(done)) => {
            pay_owed_refunds(&state, &done.owed).await;
            back(&order_ref, Ok(done.text))
        }
        Ok(Err(why)) => back(&order_ref, Err(why)),
        Err(e) => {
            tracing::error!(error = %e, "an operator step failed");
            back(&order_ref, Err("That step failed. Try again.".into()))
        }
    }
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct ReturnStepForm {
    pub step: String,
    pub date: String,
    pub courier: String,
    pub condition: String,
    pub reason: String,
    pub reference: String,
    pub csrfmiddlewaretoken: String,
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct ReturnStepQuery {
    pub order: String,
}

/// Takes one step with a return from the page.
pub async fn ops_return_step(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(return_id): Path<String>,
    Query(q): Query<ReturnStepQuery>,
    crate::extract::Form(f): crate::extract::Form<ReturnStepForm>,
) -> Response {
    let by = match gate(&viewer, "/ops/orders/") {
        Ok(m) => m,
        Err(r) => return r,
    };
    let Ok(Some(r)) = state.store.return_by_public_id(return_id.trim()).await else {
        return (StatusCode::NOT_FOUND, page("Return", html! { h1 { "No such return" } })).into_response();
    };
    let order_ref = match state.store.order_by_id(r.order_id).await {
        Ok(Some(o)) => o.order_ref,
        _ => q.order,
    };
    let action = match f.step.as_str() {
        "pickup" => match chrono::NaiveDate::parse_from_str(f.date.trim(), "%Y-%m-%d") {
            Ok(date) if !f.courier.trim().is_empty() => ReturnAction::Pickup { date, courier: f.courier.trim().into() },
            _ => return back(&order_ref, Err("A pickup needs its date and courier.".into())),
        },
        "picked" => ReturnAction::Picked,
        "receive" => ReturnAction::Receive { sellable: f.condition == "sellable" },
        "approve" => ReturnAction::Approve,
        "decline" if f.reason.trim().chars().count() >= 5 => ReturnAction::Decline { reason: f.reason.trim().into() },
        "decline" => return back(&order_ref, Err("Declining needs the reason the shopper will read.".into())),
        "bank" if f.reference.trim().len() >= 6 => ReturnAction::BankReference { reference: f.reference.trim().into() },
        "bank" => return back(&order_ref, Err("A bank reference (UTR) has at least 6 characters.".into())),
        other => return back(&order_ref, Err(format!("unknown step {other:?}"))),
    };
    match return_step(&state.store, r.id, action, &by, state.now()).await {
        Ok(Ok(done)) => {
            pay_owed_refunds(&state, &done.owed).await;
            back(&order_ref, Ok(done.text))
        }
        Ok(Err(why)) => back(&order_ref, Err(why)),
        Err(e) => {
            tracing::error!(error = %e, "an operator return step failed");
            back(&order_ref, Err("That step failed. Try again.".into()))
        }
    }
}

/// The class of a status pill: one per label group, coloured by `pages_css` from the status table
/// (the content security policy keeps inline styles out).
fn pill_class(status: OrderStatus) -> String {
    format!("pill--{}", status.label().text().to_ascii_lowercase().replace(' ', "-"))
}

/// The server-rendered pages' stylesheet, with the status pills' colours from the one status table.
pub async fn pages_css() -> Response {
    let mut css = include_str!("../../../assets/pages.css").to_string();
    let mut seen = std::collections::BTreeSet::new();
    for s in OrderStatus::ALL {
        if seen.insert(pill_class(s)) {
            css += &format!(".ops .{} {{ color: {}; }}\n", pill_class(s), s.label().colour());
        }
    }
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8"), (header::CACHE_CONTROL, "public, max-age=3600")], css).into_response()
}

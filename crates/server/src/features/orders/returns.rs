//! Returns and exchanges of delivered pieces (spec 000 §3 Return/exchange form and Bank details, §5
//! return rules, §7 `/exchange_realtime_size/`, `/showOfferProductsExchange/`,
//! `/calculate_return_price_new/`, `/sap_exchange_return_request/`, §8 errors): the form is checked
//! here against the order, the category rules, reverse pickup and the IFSC list; the store reserves the
//! pieces and the new size in one transaction.

use super::views::*;
use crate::error::{ApiError, ApiResult};
use crate::extract::Form;
use crate::features::catalog;
use crate::features::checkout::pay::{from_millis, own_order};
use crate::security::Viewer;
use crate::AppState;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use drape_domain::money::format_inr;
use drape_domain::orders::{remaining, OrderStatus};
use drape_domain::refunds::RefundSource;
use drape_domain::returns::{check_bank_details, policy_for, refund_for, Process};
use drape_domain::validation::{Mobile, Pincode};
use drape_store::order_history::LineRow;
use drape_store::payments::OrderRow;
use drape_store::returns::{BankAccount, NewReturn, ReturnLine, ReturnOutcome};
use sha2::Digest;

/// The reasons a shopper picks from for a return or exchange.
pub const RETURN_REASONS: [&str; 6] =
    ["Size too small", "Size too large", "Did not like the fit", "Received a damaged piece", "Received a different item", "Other"];

const NO_PICKUP: &str = "Reverse Pickup service is not available for this pincode";
const NEED_BANK: &str = "please enter the bank details";
const GIFT_SKUS: [&str; 2] = ["GIFTWRAP", "GIFTWRAPO"];
/// The same form sent again within this many minutes is the same request (a double tap, a retry).
const REPEAT_MINUTES: i64 = 10;

/// One picked line of the form.
struct Picked<'a> {
    line: &'a LineRow,
    process: Process,
    quantity: i64,
    exchange: Option<(i64, i64, String)>,
}

fn split(s: &str) -> Vec<&str> {
    if s.trim().is_empty() {
        Vec::new()
    } else {
        s.split(',').map(str::trim).collect()
    }
}

fn order_gone(order: &OrderRow) -> Option<ApiError> {
    let delivered = OrderStatus::parse(&order.status).is_some_and(OrderStatus::is_delivered);
    (!delivered).then(|| ApiError::new(StatusCode::CONFLICT, "not_delivered", "Returns and exchanges open once the order is delivered."))
}

/// Reads the picked lines, judging each against the order, its rules and what remains.
async fn picked<'a>(state: &AppState, order: &OrderRow, lines: &'a [LineRow], f: &ReturnForm, with_exchange_sizes: bool) -> ApiResult<Vec<Picked<'a>>> {
    let ids = split(&f.checked_products);
    let quantities = split(&f.checked_prod_quantity);
    let processes = split(&f.checked_prod_process);
    let sizes: Vec<&str> =
        if f.checked_prod_exchange_size.is_empty() { vec![""; ids.len()] } else { f.checked_prod_exchange_size.split(',').map(str::trim).collect() };
    if ids.is_empty() {
        return Err(ApiError::field("checked_products", "Please pick at least one item to return or exchange."));
    }
    if quantities.len() != ids.len() || processes.len() != ids.len() || sizes.len() != ids.len() {
        return Err(ApiError::bad_request(
            "checked_products, checked_prod_quantity, checked_prod_process and checked_prod_exchange_size must list the same items.",
        ));
    }
    let categories = state.store.category_returns().await?;
    let now = state.now();
    let delivered_at = order.delivered_at.map(from_millis);
    let mut out: Vec<Picked> = Vec::new();
    for (((id, q), p), size) in ids.iter().zip(&quantities).zip(&processes).zip(&sizes) {
        let line = id
            .parse::<i64>()
            .ok()
            .and_then(|id| lines.iter().find(|l| l.id == id))
            .ok_or_else(|| ApiError::not_found("We couldn't find that item in this order."))?;
        if out.iter().any(|o| o.line.id == line.id) {
            return Err(ApiError::field("checked_products", "Each item can be picked once."));
        }
        let process = Process::parse(p).ok_or_else(|| ApiError::field("checked_prod_process", "Choose Return or Exchange for each item."))?;
        let rem = remaining(line.quantity, line.cancelled_qty, line.returned_qty, line.exchanged_qty);
        let quantity =
            q.parse::<i64>().ok().filter(|q| *q >= 1).ok_or_else(|| ApiError::field("checked_prod_quantity", "Choose how many pieces, 1 or more."))?;
        if quantity > rem {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "quantity_above_remaining",
                format!("Only {rem} of {} can still be returned or exchanged.", line.name),
            ));
        }
        let policy = policy_for(&categories, line.category_id, line.nonreturnable != 0);
        if let Some(why) = policy.refuses(process).or_else(|| policy.refusal(delivered_at, now)) {
            return Err(ApiError::new(StatusCode::CONFLICT, "not_returnable", format!("{}: {why}", line.name)));
        }
        let exchange = match process {
            Process::Return => None,
            Process::Exchange if !with_exchange_sizes => None,
            Process::Exchange => Some(exchange_size(state, line, size, quantity).await?),
        };
        out.push(Picked { line, process, quantity, exchange });
    }
    // Spec 000 §5: selected pieces against remaining ones, gift wrap left out.
    let selected: i64 = out.iter().filter(|p| !GIFT_SKUS.contains(&p.line.sku.as_str())).map(|p| p.quantity).sum();
    let left: i64 =
        lines.iter().filter(|l| !GIFT_SKUS.contains(&l.sku.as_str())).map(|l| remaining(l.quantity, l.cancelled_qty, l.returned_qty, l.exchanged_qty)).sum();
    if selected > left {
        return Err(ApiError::new(StatusCode::CONFLICT, "quantity_above_remaining", "The quantity selected is more than what remains in this order."));
    }
    Ok(out)
}

/// The size sent instead: a size of the same product, or `{product_id}:{size}` of another product of
/// the same price; it must have the pieces now (the store holds them in the same transaction).
async fn exchange_size(state: &AppState, line: &LineRow, value: &str, quantity: i64) -> ApiResult<(i64, i64, String)> {
    let (product_id, size_value) = match value.split_once(':') {
        Some((p, s)) => (p.trim().parse::<i64>().map_err(|_| ApiError::field("checked_prod_exchange_size", "Pick the size you want instead."))?, s.trim()),
        None => (line.product_id, value),
    };
    if size_value.is_empty() {
        return Err(ApiError::field("checked_prod_exchange_size", "Pick the size you want instead."));
    }
    let product = match state.store.product_by_id(product_id).await {
        Ok(p) if p.is_active() && !p.is_combo() => p,
        Ok(_) | Err(drape_store::StoreError::NotFound) => return Err(ApiError::field("checked_prod_exchange_size", "That product cannot be exchanged for.")),
        Err(e) => return Err(e.into()),
    };
    if product.id != line.product_id && product.price != line.price {
        return Err(ApiError::field("checked_prod_exchange_size", "An exchange is for a product of the same price."));
    }
    if product.id == line.product_id && size_value == line.size_value {
        return Err(ApiError::field("checked_prod_exchange_size", "Pick a size other than the one you have."));
    }
    let sizes = state.store.sizes(product.id).await?;
    let size = drape_store::catalog::find_size(&sizes, 0, size_value)
        .ok_or_else(|| ApiError::field("checked_prod_exchange_size", "That size is not made in this style."))?;
    if size.stock < quantity {
        return Err(ApiError::new(StatusCode::CONFLICT, "size_sold_out", format!("Size {} has just sold out. Please pick another.", size.value)));
    }
    Ok((product.id, size.id, size.value.clone()))
}

/// Where the order's refund can go: the wallet always; the original payment for online money; a
/// bank account for cash on delivery.
fn routes_for(order: &OrderRow) -> Vec<&'static str> {
    match order.payment_mode.as_str() {
        "COD" if order.to_pay > 0 => vec!["bank", "wallet"],
        "COD" | "WALLET" | "EXCHANGE" => vec!["wallet"],
        _ => vec!["source", "wallet"],
    }
}

/// Pieces (paid for) and what each picked line would refund now.
fn amounts(picked: &[Picked]) -> Vec<i64> {
    picked
        .iter()
        .map(|p| match p.process {
            Process::Return => refund_for(p.line.paid, p.line.quantity, p.line.returned_qty, p.quantity),
            Process::Exchange => 0,
        })
        .collect()
}

/// What a return would refund, and where it can go.
#[utoipa::path(post, path = "/calculate_return_price_new/", tag = "orders", request_body(content = ReturnForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = ReturnPriceOut), (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn return_price(State(state): State<AppState>, viewer: Viewer, Form(f): Form<ReturnForm>) -> ApiResult<axum::Json<ReturnPriceOut>> {
    let order = own_order(&state, &viewer, &f.orderId).await?;
    if let Some(e) = order_gone(&order) {
        return Err(e);
    }
    let lines = state.store.lines_of(&[order.id]).await?;
    let picked = picked(&state, &order, &lines, &f, false).await?;
    let amounts = amounts(&picked);
    let total: i64 = amounts.iter().sum();
    let routes = routes_for(&order);
    Ok(axum::Json(ReturnPriceOut {
        items: picked
            .iter()
            .zip(&amounts)
            .map(|(p, a)| ReturnPriceItem { id: p.line.id, process: p.process.name().into(), quantity: p.quantity, amount: *a, amount_ui: format_inr(*a) })
            .collect(),
        total_refund: total,
        total_refund_ui: format_inr(total),
        refund_source: RefundSource::of(order.payment_mode == "COD", order.wallet_used, order.to_pay).key().into(),
        needs_bank_details: total > 0 && routes[0] == "bank" && f.refundType.trim() != "wallet",
        refund_routes: routes.into_iter().map(str::to_string).collect(),
        reasons: RETURN_REASONS.iter().map(|r| r.to_string()).collect(),
    }))
}

/// The pickup address as JSON, and its pincode, from the form or the delivery address.
fn pickup(order: &OrderRow, f: &ReturnForm) -> ApiResult<(String, Pincode)> {
    if f.new_order_address.trim() == "1" {
        let mut faults = Vec::new();
        if f.full_name.trim().chars().count() < 2 {
            faults.push(("full_name", "Please enter the name for the pickup.".to_string()));
        }
        if f.address.trim().chars().count() < 5 {
            faults.push(("address", "Please enter the pickup address.".to_string()));
        }
        let pin = Pincode::parse(f.address_pincode.trim());
        if pin.is_none() {
            faults.push(("address_pincode", Pincode::MESSAGE.to_string()));
        }
        if f.city.trim().is_empty() {
            faults.push(("city", "Please enter the city.".to_string()));
        }
        if f.state.trim().is_empty() {
            faults.push(("state", "Please enter the state.".to_string()));
        }
        if Mobile::parse(f.mobile.trim()).is_none() {
            faults.push(("mobile", Mobile::MESSAGE.to_string()));
        }
        let Some(pin) = pin.filter(|_| faults.is_empty()) else { return Err(ApiError::fields(faults)) };
        let json = serde_json::json!({
            "addressee": f.full_name.trim(), "street1": f.address.trim(), "street2": "", "city": f.city.trim(), "state": f.state.trim(),
            "postal_code": pin.as_str(), "phone": f.mobile.trim(),
        });
        Ok((json.to_string(), pin))
    } else {
        let address: serde_json::Value = serde_json::from_str(&order.address).unwrap_or_default();
        let pin = address["postal_code"]
            .as_str()
            .and_then(Pincode::parse)
            .ok_or_else(|| ApiError::field("new_order_address", "Please give the address to collect from."))?;
        Ok((order.address.clone(), pin))
    }
}

/// The hash of a submit's choices (the request key's stem).
fn request_key(order: &OrderRow, f: &ReturnForm) -> String {
    let mut h = sha2::Sha256::new();
    for part in [&f.checked_products, &f.checked_prod_quantity, &f.checked_prod_process, &f.checked_prod_exchange_size, &f.refundType] {
        h.update(part.as_bytes());
        h.update([0]);
    }
    h.update(order.public_id.as_bytes());
    hex::encode(h.finalize())
}

/// Requests the return or exchange (legacy path `/exchange_return_request/` too).
#[utoipa::path(post, path = "/sap_exchange_return_request/", tag = "orders", request_body(content = ReturnForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = ReturnRequested), (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn request_return(State(state): State<AppState>, viewer: Viewer, Form(f): Form<ReturnForm>) -> ApiResult<axum::Json<ReturnRequested>> {
    let user = viewer.require_user()?;
    let order = own_order(&state, &viewer, &f.orderId).await?;
    if let Some(e) = order_gone(&order) {
        return Err(e);
    }
    // A repeated submit answers as the first did, before anything is judged again (its pieces are
    // no longer free, and that must not read as a refusal).
    let since = state.now() - chrono::Duration::minutes(REPEAT_MINUTES);
    let key = match state.store.return_key_for(user.id, &request_key(&order, &f), since).await? {
        Ok(key) => key,
        Err(done) => return Ok(axum::Json(requested(done))),
    };
    let lines = state.store.lines_of(&[order.id]).await?;
    let picked = match picked(&state, &order, &lines, &f, true).await {
        Ok(picked) => picked,
        // Its twin (a double tap) was stored between the two reads above: answer as it did.
        Err(e) if e.body.error == "quantity_above_remaining" => match state.store.return_key_for(user.id, &request_key(&order, &f), since).await? {
            Err(done) => return Ok(axum::Json(requested(done))),
            Ok(_) => return Err(e),
        },
        Err(e) => return Err(e),
    };
    let reason = f.reasons_for_refund.trim();
    if !RETURN_REASONS.contains(&reason) {
        return Err(ApiError::field("reasons_for_refund", "Please pick the reason for the return or exchange."));
    }
    let comment = f.reasons_comments.trim();
    if comment.chars().count() > 500 {
        return Err(ApiError::field("reasons_comments", "Please keep the comment under 500 characters."));
    }
    if reason == "Other" && comment.is_empty() {
        return Err(ApiError::field("reasons_comments", "Please tell us a little more in the comment."));
    }
    let (pickup_json, pin) = pickup(&order, &f)?;
    if !state.store.serviceability(&pin).await?.is_some_and(|s| s.pickup) {
        return Err(ApiError::new(StatusCode::BAD_REQUEST, "no_reverse_pickup", NO_PICKUP));
    }
    let refund: i64 = amounts(&picked).iter().sum();
    let routes = routes_for(&order);
    let asked = f.refundType.trim();
    let route = if refund == 0 {
        "none"
    } else if asked.is_empty() {
        routes[0]
    } else {
        *routes.iter().find(|r| **r == asked).ok_or_else(|| ApiError::field("refundType", format!("This order's refund can go to: {}.", routes.join(", "))))?
    };
    let bank = if route == "bank" {
        let given = [&f.accountName, &f.accountNnumber, &f.ifscCode, &f.branchName].iter().any(|v| !v.trim().is_empty());
        if !given {
            return Err(ApiError::new(StatusCode::BAD_REQUEST, "bank_details_missing", NEED_BANK));
        }
        let b = check_bank_details(&f.accountName, &f.accountNnumber, &f.confirmAccountNumber, &f.ifscCode, &f.branchName).map_err(ApiError::fields)?;
        let bank_name = state
            .store
            .ifsc_bank_name(b.ifsc.as_str())
            .await?
            .ok_or_else(|| ApiError::field("ifscCode", "We couldn't find this IFSC code. Please check it on your cheque book or passbook."))?;
        Some(BankAccount {
            account_name: b.account_name,
            account_number: b.account_number,
            ifsc: b.ifsc.as_str().to_string(),
            bank_name,
            branch_name: b.branch_name,
        })
    } else {
        None
    };
    let new = NewReturn {
        order_id: order.id,
        user_id: user.id,
        lines: picked.iter().map(|p| ReturnLine { order_item_id: p.line.id, process: p.process, quantity: p.quantity, exchange: p.exchange.clone() }).collect(),
        reason: reason.to_string(),
        comment: comment.to_string(),
        pickup_address_json: pickup_json,
        refund_route: route.to_string(),
        bank,
        request_key: key,
    };
    let placed = match state.store.request_return(&new, state.now()).await? {
        ReturnOutcome::Requested(p) => {
            let mut text = format!("We have your return request for Drape order {}. Our courier will call before collecting.", order.order_ref);
            if let Some(ex) = &p.exchange_order_ref {
                text += &format!(" Your exchange is order {ex}; it ships once we receive the piece.");
            }
            crate::features::checkout::notify(&state, user, &text).await;
            p
        }
        ReturnOutcome::Replayed(p) => p,
        ReturnOutcome::TooMany { .. } => {
            return Err(ApiError::new(StatusCode::CONFLICT, "quantity_above_remaining", "These pieces are already in a return or exchange request."))
        }
        ReturnOutcome::SizeSoldOut { .. } => {
            return Err(ApiError::new(StatusCode::CONFLICT, "size_sold_out", "That size has just sold out. Please pick another."))
        }
        ReturnOutcome::NotInOrder { .. } => return Err(ApiError::not_found("We couldn't find that item in this order.")),
    };
    Ok(axum::Json(requested(placed)))
}

fn requested(placed: drape_store::returns::PlacedReturn) -> ReturnRequested {
    let message = match (&placed.exchange_order_ref, placed.refund_amount) {
        (Some(ex), 0) => format!("Exchange requested. Your new size is held for you in order {ex}."),
        (Some(ex), amount) => format!("Requested. {} will be refunded once we receive the pieces; your exchange is order {ex}.", format_inr(amount)),
        (None, amount) => format!("Return requested. {} will be refunded once we receive the pieces.", format_inr(amount)),
    };
    ReturnRequested {
        status: "success".into(),
        return_id: placed.public_id,
        refund_amount: placed.refund_amount,
        refund_amount_ui: format_inr(placed.refund_amount),
        exchange_order_ref: placed.exchange_order_ref,
        message,
    }
}

/// The legacy path of the same request (spec 000 §7).
#[utoipa::path(post, path = "/exchange_return_request/", tag = "orders", request_body(content = ReturnForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = ReturnRequested), (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn request_return_legacy(state: State<AppState>, viewer: Viewer, form: Form<ReturnForm>) -> ApiResult<axum::Json<ReturnRequested>> {
    request_return(state, viewer, form).await
}

/// Sizes of a product with pieces left, for an exchange.
#[utoipa::path(get, path = "/exchange_realtime_size/", tag = "orders", params(ExchangeSizeParams),
    responses((status = 200, body = ExchangeSizesOut), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn exchange_sizes(State(state): State<AppState>, Query(q): Query<ExchangeSizeParams>) -> ApiResult<axum::Json<ExchangeSizesOut>> {
    let id = q.prod_id.as_deref().and_then(crate::extract::path_id).ok_or_else(|| ApiError::field("prod_id", "prod_id must be a product id."))?;
    let product = match state.store.product_by_id(id).await {
        Ok(p) if p.is_active() => p,
        Ok(_) | Err(drape_store::StoreError::NotFound) => return Err(ApiError::not_found("We couldn't find that product.")),
        Err(e) => return Err(e.into()),
    };
    let current = q.variation.unwrap_or_default();
    let sizes = state
        .store
        .sizes(product.id)
        .await?
        .into_iter()
        .filter(|s| s.part == 0 && s.stock > 0 && s.value != current.trim())
        .map(|s| ExchangeSize { size_id: s.id, value: s.value.clone(), label: s.label.clone(), few_left: (s.stock <= 5).then_some(s.stock) })
        .collect();
    Ok(axum::Json(ExchangeSizesOut { status: "success".into(), product_id: product.id, sizes }))
}

const OFFERS_PER_PAGE: i64 = 6;

/// Other products of the same price in the size asked, to exchange a piece for.
#[utoipa::path(get, path = "/showOfferProductsExchange/", tag = "orders", params(OfferProductsParams),
    responses((status = 200, body = OfferProductsOut), (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody)))]
pub async fn offer_products(State(state): State<AppState>, viewer: Viewer, Query(q): Query<OfferProductsParams>) -> ApiResult<axum::Json<OfferProductsOut>> {
    let order = own_order(&state, &viewer, q.orderId.as_deref().unwrap_or_default()).await?;
    let product_id = q.pId.as_deref().and_then(crate::extract::path_id).ok_or_else(|| ApiError::field("pId", "pId must be a product id."))?;
    let lines = state.store.lines_of(&[order.id]).await?;
    let line = lines.iter().find(|l| l.product_id == product_id).ok_or_else(|| ApiError::not_found("We couldn't find that item in this order."))?;
    let quantity = match q.qty.as_deref().map(str::trim) {
        None | Some("") => 1,
        Some(s) => s.parse::<i64>().ok().filter(|n| (1..=100).contains(n)).ok_or_else(|| ApiError::field("qty", "qty must be a number of pieces from 1."))?,
    };
    let size = q.size.as_deref().map(str::trim).filter(|s| !s.is_empty() && s.len() <= 20).unwrap_or(&line.size_value).to_string();
    let page = match q.page.as_deref().map(str::trim) {
        None | Some("") => 1,
        Some(s) => s.parse::<i64>().ok().filter(|n| (1..=1000).contains(n)).ok_or_else(|| ApiError::field("page", "page must be a whole number from 1."))?,
    };
    let (rows, total) = state.store.exchange_offers(line.price, &size, quantity, product_id, OFFERS_PER_PAGE, (page - 1) * OFFERS_PER_PAGE).await?;
    Ok(axum::Json(OfferProductsOut {
        products: rows
            .into_iter()
            .map(|r| OfferProduct {
                img: catalog::product_image(&r.sku, 1),
                exchange_value: format!("{}:{}", r.product_id, r.size_value),
                product_id: r.product_id,
                name: r.name,
                slug: r.slug,
                color: r.color_name,
                price_ui: format_inr(r.price),
                size_id: r.size_id,
                size: r.size_value,
            })
            .collect(),
        current_page: page,
        total_pages: (total + OFFERS_PER_PAGE - 1) / OFFERS_PER_PAGE,
    }))
}

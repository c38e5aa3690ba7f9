//! `POST /api/v3/order/` (spec 000 §7): places the order from the cart, priced again on the server.
//! Idempotent under the shopper's `Idempotency-Key`; stock, coupon use and wallet debit are taken in the
//! order's own transaction (the store's `place_order`), so a refusal places nothing.

use super::quote::{empty_cart, quote, Quote};
use super::views::*;
use crate::error::{ApiError, ApiResult};
use crate::extract::Json;
use crate::security::Viewer;
use crate::AppState;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use drape_domain::checkout::{gst_inside, gst_rate};
use drape_domain::limits::COD_CODES_PER_ORDER;
use drape_domain::money::format_inr;
use drape_domain::orders::OrderStatus;
use drape_store::checkout::{NewOrder, PlaceOutcome, PlacedLine, PlacedOrder};
use sha2::{Digest, Sha256};

pub const IDEMPOTENCY_HEADER: &str = "Idempotency-Key";

fn idempotency_key(headers: &HeaderMap) -> ApiResult<String> {
    let key = headers.get(IDEMPOTENCY_HEADER).and_then(|v| v.to_str().ok()).map(str::trim).unwrap_or_default();
    let ok = (8..=100).contains(&key.len()) && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !ok {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "idempotency_key_required",
            "Each order needs an Idempotency-Key header of 8 to 100 letters, digits, - or _.",
        ));
    }
    Ok(key.to_string())
}

fn cart_changed(message: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, "cart_changed", message)
}

/// The order's lines from the quote: each cart line in stock with what it cost after every discount
/// (`Totals.line_paid`) and the GST inside that, then the gifts the cart earned.
async fn lines_of(state: &AppState, q: &Quote) -> ApiResult<Vec<PlacedLine>> {
    let cart_lines = &q.inputs.cart_lines;
    let mut out = Vec::new();
    for (line_id, paid) in &q.totals.line_paid {
        let (Some(item), Some(cart_line)) = (q.inputs.items.iter().find(|i| i.id == *line_id), cart_lines.iter().find(|l| l.id == *line_id)) else {
            return Err(cart_changed("Your bag changed in another tab. Please check it and pay again."));
        };
        let rate = gst_rate(item.unit_price);
        let combo = item.combo_sizes.clone().unwrap_or_default();
        out.push(PlacedLine {
            cart_line_id: Some(*line_id),
            cart_quantity: cart_line.quantity,
            product_id: item.product_detail.id,
            sku: item.product_detail.sku.clone(),
            name: item.product_detail.name.clone(),
            size_id: cart_line.size_id,
            combo1_size_id: cart_line.combo1_size_id,
            combo2_size_id: cart_line.combo2_size_id,
            size_value: if combo.is_empty() { item.size.clone() } else { String::new() },
            combo1: combo.first().cloned().unwrap_or_default(),
            combo2: combo.get(1).cloned().unwrap_or_default(),
            quantity: item.quantity,
            price: item.unit_price,
            mrp: item.mrp,
            paid: *paid,
            gst_rate: rate,
            gst: gst_inside(*paid, rate),
        });
    }
    // Gifts the cart is eligible for and took: their size's stock is taken like any other.
    let gift_ids: Vec<i64> = q.inputs.gift_rows.iter().map(|g| g.product_id).collect();
    let gift_products = state.store.products_by_ids(&gift_ids).await?;
    let gift_sizes = state.store.sizes_of_products(&gift_ids).await?;
    for (gift_id, size_value) in &q.inputs.taken {
        let Some(g) = q.inputs.gift_rows.iter().find(|g| g.id == *gift_id) else { continue };
        if !q.totals.gift(g.id).is_some_and(|p| p.eligible) {
            continue;
        }
        let Some(p) = gift_products.iter().find(|p| p.id == g.product_id) else { continue };
        let size = gift_sizes.iter().find(|s| s.product_id == p.id && s.part == 0 && s.value == *size_value);
        let rate = gst_rate(g.price);
        out.push(PlacedLine {
            cart_line_id: None,
            cart_quantity: 1,
            product_id: p.id,
            sku: p.sku.clone(),
            name: format!("{} (gift)", p.name),
            size_id: size.map(|s| s.id),
            combo1_size_id: None,
            combo2_size_id: None,
            size_value: size_value.clone(),
            combo1: String::new(),
            combo2: String::new(),
            quantity: 1,
            price: g.price,
            mrp: p.old_price,
            paid: g.price,
            gst_rate: rate,
            gst: gst_inside(g.price, rate),
        });
    }
    Ok(out)
}

fn address_json(q: &Quote) -> String {
    let a = q.address.as_ref();
    serde_json::json!({
        "addressee": a.map(|a| a.addressee.as_str()), "street1": a.map(|a| a.street1.as_str()), "street2": a.map(|a| a.street2.as_str()),
        "city": a.map(|a| a.city.as_str()), "state": a.map(|a| a.state.as_str()), "postal_code": a.map(|a| a.postal_code.as_str()),
        "phone": a.map(|a| a.phone.as_str()), "address_type": a.map(|a| a.address_type.as_str()),
    })
    .to_string()
}

fn breakup_json(q: &Quote) -> String {
    serde_json::to_string(&BreakupOut::from(&q.breakup)).unwrap_or_else(|_| "{}".into())
}

/// A six-digit code for confirming a cash-on-delivery order, and its stored hash.
fn cod_code(public_id: &str) -> (String, String) {
    use rand::Rng;
    let code = format!("{:06}", rand::thread_rng().gen_range(0..1_000_000));
    let hash = cod_hash(public_id, &code);
    (code, hash)
}

pub fn cod_hash(public_id: &str, code: &str) -> String {
    drape_store::auth::hash_secret(&format!("cod:{public_id}:{code}"))
}

/// Sends a new COD code for the order (counted against COD_CODES_PER_ORDER).
pub async fn send_cod_code(state: &AppState, user: &drape_store::auth::User, order: &PlacedOrder) -> ApiResult<()> {
    if state.store.take(&COD_CODES_PER_ORDER, &order.public_id, state.now()).await?.is_err() {
        return Err(ApiError::too_many("Too many codes were sent for this order. Please wait an hour and try again."));
    }
    let (code, hash) = cod_code(&order.public_id);
    if !state.store.renew_cod_code(user.id, &order.public_id, &hash).await? {
        return Err(ApiError::new(StatusCode::CONFLICT, "not_awaiting_code", "This order is not waiting for a confirmation code."));
    }
    super::notify(state, user, &format!("{code} is the code to confirm your Drape cash-on-delivery order {}. Do not share it with anyone.", order.order_ref))
        .await;
    Ok(())
}

/// Places the order. 201 with what to do next; 409 when the cart or stock changed (nothing placed).
#[utoipa::path(post, path = "/api/v3/order/", tag = "checkout", request_body = OrderIn,
    params(("Idempotency-Key" = String, Header, description = "One value per checkout attempt; a retry with the same key returns the first answer")),
    responses((status = 201, body = OrderPlaced), (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody)))]
pub async fn place_order(State(state): State<AppState>, viewer: Viewer, headers: HeaderMap, Json(req): Json<OrderIn>) -> ApiResult<impl IntoResponse> {
    let user = viewer.require_user()?.clone();
    let key = idempotency_key(&headers)?;
    let request_hash = hex::encode(Sha256::digest(serde_json::to_vec(&req).unwrap_or_default()));
    // A retry of an order already placed gets the same answer, whatever the cart holds now.
    if let Some((hash, order)) = state.store.order_for_request(user.id, &key).await? {
        return match order {
            Some(o) if hash == request_hash => Ok((StatusCode::CREATED, axum::Json(answer_for(&state, &user, &o).await?))),
            _ => Err(ApiError::new(StatusCode::CONFLICT, "idempotency_key_reused", "This Idempotency-Key was used for a different order.")),
        };
    }
    let q = quote(&state, &viewer, Some(req.address_id), req.payment_mode.is_cod(), req.use_wallet).await?;
    if q.inputs.items.iter().any(|i| i.stock.status == 0) {
        return Err(cart_changed("Some items in your bag are out of stock. Remove them to continue."));
    }
    if q.totals.pieces == 0 {
        return Err(empty_cart());
    }
    if !q.deliverable() {
        return Err(ApiError::new(StatusCode::BAD_REQUEST, "not_deliverable", "Sorry, we do not deliver to this pincode yet. Choose another address."));
    }
    if req.payment_mode.is_cod() {
        if let Err(why) = q.cod {
            return Err(ApiError::new(StatusCode::BAD_REQUEST, "cod_not_allowed", why.message()));
        }
    }
    let b = q.breakup;
    match req.payment_mode {
        PaymentMode::Wallet if b.to_pay != 0 => {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "wallet_short",
                format!("Your wallet covers {} of this order. Choose a way to pay the rest.", format_inr(b.wallet_used)),
            ))
        }
        m if m.is_online() && b.to_pay == 0 => {
            return Err(ApiError::new(StatusCode::BAD_REQUEST, "nothing_to_pay", "Your wallet covers this order: place it with the wallet."))
        }
        _ => {}
    }
    if req.payment_mode.is_online() && state.config.payments.provider == crate::config::Provider::PayU {
        super::payu::payer_email(&user)?;
    }
    if b.to_pay != req.expected_to_pay {
        return Err(cart_changed(format!("Your total changed to {} since you looked. Please check it and pay again.", format_inr(b.to_pay))));
    }
    let status = match req.payment_mode {
        PaymentMode::Cod => OrderStatus::PendingConfirmation,
        PaymentMode::Wallet => OrderStatus::Verified,
        _ => OrderStatus::PendingPayment,
    };
    let coupon = if q.totals.coupon_discount > 0 { state.store.coupon_by_code(&q.row.coupon_code).await?.map(|c| (c.id, c.code)) } else { None };
    let lines = lines_of(&state, &q).await?;
    let new = NewOrder {
        user_id: user.id,
        cart_id: q.row.id,
        status,
        payment_mode: req.payment_mode.stored().into(),
        address_json: address_json(&q),
        breakup_json: breakup_json(&q),
        total: b.order_total,
        wallet_used: b.wallet_used,
        to_pay: b.to_pay,
        delivery_date: q.delivery_date.map(|d| d.format("%Y-%m-%d").to_string()).unwrap_or_default(),
        coupon,
        affiliation_code: if q.totals.affiliate_discount > 0 { q.row.affiliation_code.clone() } else { String::new() },
        affiliate_discount: q.totals.affiliate_discount,
        upgrade_option_id: q.totals.upgrade.map(|u| u.0),
        cod_code_hash: None,
        idempotency_key: key,
        request_hash,
        lines,
    };
    let placed = match state.store.place_order(&new, state.now()).await? {
        PlaceOutcome::Placed(o) => o,
        PlaceOutcome::Replayed(o) => return Ok((StatusCode::CREATED, axum::Json(answer_for(&state, &user, &o).await?))),
        PlaceOutcome::KeyReused => {
            return Err(ApiError::new(StatusCode::CONFLICT, "idempotency_key_reused", "This Idempotency-Key was used for a different order."))
        }
        PlaceOutcome::SoldOut { size_id } => return Err(ApiError::new(StatusCode::CONFLICT, "sold_out", sold_out_message(&state, &new, size_id).await)),
        PlaceOutcome::CartChanged => return Err(cart_changed("Your bag changed in another tab. Please check it and pay again.")),
        PlaceOutcome::WalletShort { balance } => {
            return Err(cart_changed(format!("Your wallet now holds {}. Please check the total and pay again.", format_inr(balance))))
        }
        PlaceOutcome::CouponUsedUp => return Err(cart_changed("Your coupon has just reached its limit. Please check your bag.")),
    };
    match status {
        OrderStatus::PendingConfirmation => send_cod_code(&state, &user, &placed).await?,
        OrderStatus::Verified => {
            super::notify(&state, &user, &format!("Thank you! Your Drape order {} is confirmed and paid from your wallet.", placed.order_ref)).await
        }
        _ => {}
    }
    Ok((StatusCode::CREATED, axum::Json(answer_for(&state, &user, &placed).await?)))
}

/// Names what sold out: "Everyday Padded T-Shirt Bra in 34B just sold out…".
async fn sold_out_message(state: &AppState, order: &NewOrder, size_id: i64) -> String {
    let line = order.lines.iter().find(|l| [l.size_id, l.combo1_size_id, l.combo2_size_id].contains(&Some(size_id)));
    let size = match line {
        Some(l) => state.store.sizes_of_products(&[l.product_id]).await.ok().and_then(|sizes| sizes.into_iter().find(|s| s.id == size_id)).map(|s| s.value),
        None => None,
    };
    match (line, size) {
        (Some(l), Some(size)) => format!("{} in {size} has just sold out, or has fewer pieces left than your bag holds. Please check your bag.", l.name),
        _ => "A size in your bag has just sold out. Please check your bag.".to_string(),
    }
}

async fn answer_for(state: &AppState, user: &drape_store::auth::User, o: &PlacedOrder) -> ApiResult<OrderPlaced> {
    let row = state.store.shopper_order(user.id, &o.public_id).await?.ok_or_else(ApiError::internal)?;
    let next = match OrderStatus::parse(&row.status) {
        Some(OrderStatus::PendingPayment) => NextStep::Pay,
        Some(OrderStatus::PendingConfirmation) => NextStep::ConfirmCod,
        _ => NextStep::Done,
    };
    Ok(OrderPlaced {
        order_id: row.public_id,
        order_ref: row.order_ref,
        status: row.status,
        payment_mode: row.payment_mode,
        to_pay: row.to_pay,
        to_pay_ui: format_inr(row.to_pay),
        next,
    })
}

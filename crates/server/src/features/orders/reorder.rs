//! Re-ordering a past order in one tap (spec 000 §7 `/add_to_cart_order/`): what is still on sale
//! goes to the cart within its stock and the product's cap; the rest is named. The answer is the text
//! 'success' when everything went in.

use super::views::*;
use crate::error::{ApiError, ApiResult};
use crate::extract::Form;
use crate::features::checkout::pay::own_order;
use crate::security::Viewer;
use crate::AppState;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use drape_domain::stock::{combo_stock, room_left};
use drape_store::carts::{CartLine, CartOwner};
use drape_store::catalog::find_size;

/// Adds what it can of one order line; Ok(pieces added) or Err(why none or not all could go).
async fn add_line(state: &AppState, owner: CartOwner<'_>, l: &drape_store::order_history::LineRow) -> ApiResult<Result<i64, String>> {
    if l.price == 0 || l.sku == "GIFTWRAP" {
        return Ok(Err("Gifts and gift wrap come with the cart's offers, not with a re-order".into()));
    }
    let p = match state.store.product_by_id(l.product_id).await {
        Ok(p) if p.is_active() => p,
        Ok(_) | Err(drape_store::StoreError::NotFound) => return Ok(Err("No longer sold".into())),
        Err(e) => return Err(e.into()),
    };
    let sizes = state.store.sizes(p.id).await?;
    let (mut line, available) = if p.is_combo() {
        match (find_size(&sizes, 1, &l.combo1), find_size(&sizes, 2, &l.combo2)) {
            (Some(a), Some(b)) => (
                CartLine { id: 0, product_id: p.id, size_id: None, combo1_size_id: Some(a.id), combo2_size_id: Some(b.id), quantity: 0, deal_id: None },
                combo_stock(a.stock, b.stock),
            ),
            _ => return Ok(Err("This size is no longer made".into())),
        }
    } else {
        match find_size(&sizes, 0, &l.size_value) {
            Some(s) => {
                (CartLine { id: 0, product_id: p.id, size_id: Some(s.id), combo1_size_id: None, combo2_size_id: None, quantity: 0, deal_id: None }, s.stock)
            }
            None => return Ok(Err("This size is no longer made".into())),
        }
    };
    let wanted = l.quantity - l.cancelled_qty;
    // The room is judged with the cart locked; if another tab filled it meanwhile, try once more with what is left.
    let mut ask = wanted.max(1);
    for _ in 0..2 {
        line.quantity = ask;
        let added = state
            .store
            .add_to_cart_checked(owner, &line, state.now(), {
                let (asked, max_items) = (line.clone(), p.max_cart_items);
                move |lines| {
                    let room = room_left(available, max_items, asked.held_in(lines, None));
                    if room >= ask {
                        Ok(())
                    } else {
                        Err(room)
                    }
                }
            })
            .await?;
        match added {
            Ok(_) if ask == wanted => return Ok(Ok(ask)),
            Ok(_) => return Ok(Err(format!("Only {ask} of {wanted} could be added"))),
            Err(room) if room > 0 => ask = room,
            Err(_) => break,
        }
    }
    Ok(Err(if available <= 0 { "Out of stock in this size".into() } else { "Your bag already holds as many as you can buy".into() }))
}

/// Puts a past order's items back in the viewer's cart.
#[utoipa::path(post, path = "/add_to_cart_order/", tag = "orders", request_body(content = ReorderForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "the text success when every item went in; otherwise the items left out", body = ReorderOut),
        (status = 401, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody), (status = 409, body = ReorderOut)))]
pub async fn reorder(State(state): State<AppState>, viewer: Viewer, Form(f): Form<ReorderForm>) -> ApiResult<Response> {
    let user = viewer.require_user()?;
    let order = own_order(&state, &viewer, &f.order_id).await?;
    let owner = CartOwner::Shopper(user.id);
    let lines = state.store.lines_of(&[order.id]).await?;
    let mut added_pieces = 0;
    let mut left_out = Vec::new();
    for l in &lines {
        match add_line(&state, owner, l).await? {
            Ok(n) => added_pieces += n,
            Err(reason) => {
                let size = if l.combo1.is_empty() { l.size_value.clone() } else { format!("{} / {}", l.combo1, l.combo2) };
                left_out.push(LeftOut { name: l.name.clone(), size, reason });
            }
        }
    }
    if lines.is_empty() {
        return Err(ApiError::new(StatusCode::CONFLICT, "nothing_added", "This order has no items to order again."));
    }
    if left_out.is_empty() {
        return Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], "success").into_response());
    }
    let cart_quantity = state.store.cart_quantity(owner).await?;
    let names = left_out.iter().map(|l| format!("{} ({})", l.name, l.size)).collect::<Vec<_>>().join(", ");
    let (status, code, message) = if added_pieces > 0 {
        (StatusCode::OK, "partial", format!("Added {added_pieces} to your bag. Left out: {names}."))
    } else {
        (StatusCode::CONFLICT, "nothing_added", format!("None of these items can be ordered again now: {names}."))
    };
    // A 409 carries the one error shape's code too, beside the items left out.
    let error = (status == StatusCode::CONFLICT).then(|| code.to_string());
    Ok((status, axum::Json(ReorderOut { status: code.into(), error, message, added_pieces, left_out, cart_quantity })).into_response())
}

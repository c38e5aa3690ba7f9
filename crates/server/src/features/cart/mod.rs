//! The cart (spec 000 §7 cart calls, spec 001 add to cart): one per shopper or guest browser, priced
//! by the offers engine in the domain crate. Handlers parse, read and write through the store, leave
//! the rules to the domain, price the cart once (`priced`), and shape the answer; every call acts only
//! on the visitor's own cart (another cart's id is a 404).
//!
//! - `add`: add to cart, the header's count
//! - `view`: the priced cart, where the cart page starts, stock check
//! - `lines`: quantity, removal, out-of-stock lines
//! - `codes`: coupon, affiliation code and upgrade choices in the query
//! - `offers`: deals, gifts, gift wrap, view offers
//! - `events`: the cart's event data
//! - `priced`: reading and pricing a cart; `views`: the answers' shapes

pub mod add;
pub mod codes;
pub mod events;
pub mod lines;
pub mod offers;
pub mod priced;
pub mod view;
pub mod views;

use crate::error::{ApiError, ApiResult};
use crate::security::Viewer;
use crate::AppState;
use drape_store::carts::{CartOwner, CartRow};

/// The visitor's cart owner, if they have a cart at all.
pub fn owner(viewer: &Viewer) -> Option<CartOwner<'_>> {
    viewer.cart_owner()
}

pub async fn quantity_of(state: &AppState, viewer: &Viewer) -> ApiResult<i64> {
    Ok(match owner(viewer) {
        Some(o) => state.store.cart_quantity(o).await?,
        None => 0,
    })
}

pub fn not_found_cart() -> ApiError {
    ApiError::not_found("We couldn't find that cart.")
}

/// The visitor's cart row, refusing any id that is not theirs.
pub async fn own_cart<'a>(state: &AppState, viewer: &'a Viewer, cart_id: Option<i64>) -> ApiResult<(CartOwner<'a>, CartRow)> {
    let owner = owner(viewer).ok_or_else(not_found_cart)?;
    let row = state.store.cart_row(owner).await?.ok_or_else(not_found_cart)?;
    if cart_id.is_some_and(|id| id != row.id) {
        return Err(not_found_cart());
    }
    Ok((owner, row))
}

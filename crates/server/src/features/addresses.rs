//! The address book and pincodes (spec 000 §3 Address, §7 address-book calls, /pin_state_city/,
//! /check_pincode/): a logged-in shopper's delivery and pickup addresses, the city and state of a
//! pincode from the India Post directory, and whether and how fast the shop delivers there.

use crate::error::{ApiError, ApiResult};
use crate::extract::{path_id, Form, Json, Query};
use crate::security::Viewer;
use crate::AppState;
use axum::extract::{Path, State};
use drape_domain::addresses::{self, AddressForm, MAX_ADDRESSES};
use drape_domain::delivery::estimated_delivery;
use drape_domain::validation::Pincode;
use drape_store::addresses::AddressRow;
use serde::{Deserialize, Serialize};

#[derive(Serialize, utoipa::ToSchema)]
pub struct PickupAvailability {
    /// A courier can collect returns from this address's pincode.
    pub reverse_pickup_available: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct AddressOut {
    pub id: i64,
    pub addressee: String,
    pub street1: String,
    pub street2: String,
    pub address_type: String,
    pub state: String,
    pub city: String,
    pub postal_code: String,
    pub phone: String,
    pub alt_phone: String,
    pub is_default_shipping: bool,
    /// Spec 000 §4: a pickup address fills the pickup slot, any other the shipping slot.
    pub is_pickup: bool,
    pub pickup_available_data: PickupAvailability,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct AddressBook {
    /// The default shipping address first, then the newest.
    pub addresses: Vec<AddressOut>,
    /// How many more the book can hold.
    pub room_left: i64,
}

/// An address as the form sends it (spec 000 §7); `id` on a POST edits that address.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct AddressIn {
    pub id: Option<i64>,
    #[serde(default)]
    pub addressee: String,
    #[serde(default)]
    pub street1: String,
    #[serde(default)]
    pub street2: String,
    #[serde(default)]
    pub address_type: String,
    #[serde(default)]
    pub state: String,
    #[serde(default)]
    pub city: String,
    #[serde(default)]
    pub postal_code: String,
    #[serde(default)]
    pub phone: String,
    #[serde(default)]
    pub alt_phone: String,
    #[serde(default)]
    pub is_default_shipping: bool,
}

fn not_in_book() -> ApiError {
    ApiError::not_found("That address is not in your address book.")
}

fn unknown_pincode() -> &'static str {
    "We don't know this pincode. Please check it."
}

/// The form checked by the domain, and its pincode found in the directory.
async fn checked(state: &AppState, a: AddressIn) -> ApiResult<addresses::Address> {
    let form = AddressForm {
        addressee: a.addressee,
        street1: a.street1,
        street2: a.street2,
        address_type: a.address_type,
        state: a.state,
        city: a.city,
        postal_code: a.postal_code,
        phone: a.phone,
        alt_phone: a.alt_phone,
        is_default_shipping: a.is_default_shipping,
    };
    let address = addresses::check(&form).map_err(ApiError::fields)?;
    if state.store.pincode_place(address.postal_code.as_str()).await?.is_none() {
        return Err(ApiError::field("postal_code", unknown_pincode()));
    }
    Ok(address)
}

async fn book(state: &AppState, user_id: i64) -> ApiResult<AddressBook> {
    let rows = state.store.addresses(user_id).await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in rows {
        let pickup = match Pincode::parse(&r.postal_code) {
            Some(p) => state.store.serviceability(&p).await?.is_some_and(|s| s.pickup),
            None => false,
        };
        out.push(address_out(r, pickup));
    }
    Ok(AddressBook { room_left: (MAX_ADDRESSES - out.len() as i64).max(0), addresses: out })
}

pub(crate) fn address_out(r: AddressRow, reverse_pickup_available: bool) -> AddressOut {
    AddressOut {
        id: r.id,
        is_default_shipping: r.is_default(),
        is_pickup: addresses::is_pickup(&r.address_type),
        addressee: r.addressee,
        street1: r.street1,
        street2: r.street2,
        address_type: r.address_type,
        state: r.state,
        city: r.city,
        postal_code: r.postal_code,
        phone: r.phone,
        alt_phone: r.alt_phone,
        pickup_available_data: PickupAvailability { reverse_pickup_available },
    }
}

/// The shopper's address book.
#[utoipa::path(get, path = "/api/v1/address-book/", tag = "addresses",
    responses((status = 200, body = AddressBook), (status = 401, body = crate::error::ErrorBody)))]
pub async fn list(State(state): State<AppState>, viewer: Viewer) -> ApiResult<axum::Json<AddressBook>> {
    let user = viewer.require_user()?;
    Ok(axum::Json(book(&state, user.id).await?))
}

/// Adds an address (or, with `id`, edits that one) and answers the whole book. Every field is checked
/// at once; the pincode must be one India Post knows. At most 20 addresses.
#[utoipa::path(post, path = "/api/v1/address-book/", tag = "addresses", request_body = AddressIn,
    responses((status = 200, body = AddressBook), (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn add(State(state): State<AppState>, viewer: Viewer, Json(a): Json<AddressIn>) -> ApiResult<axum::Json<AddressBook>> {
    let user = viewer.require_user()?;
    let id = a.id;
    let address = checked(&state, a).await?;
    match id {
        Some(id) => {
            if !state.store.update_address(user.id, id, &address, state.now()).await? {
                return Err(not_in_book());
            }
        }
        None => {
            state
                .store
                .add_address(user.id, &address, MAX_ADDRESSES, state.now())
                .await?
                .map_err(|_| ApiError::bad_request(format!("Your address book is full ({MAX_ADDRESSES} addresses). Please delete one first.")))?;
        }
    }
    Ok(axum::Json(book(&state, user.id).await?))
}

/// Edits one of the shopper's addresses and answers the whole book.
#[utoipa::path(put, path = "/api/v1/address-book/{id}/", tag = "addresses", params(("id" = i64, Path)), request_body = AddressIn,
    responses((status = 200, body = AddressBook), (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn edit(State(state): State<AppState>, viewer: Viewer, Path(id): Path<String>, Json(a): Json<AddressIn>) -> ApiResult<axum::Json<AddressBook>> {
    let user = viewer.require_user()?;
    let id = path_id(&id).ok_or_else(not_in_book)?;
    let address = checked(&state, a).await?;
    if !state.store.update_address(user.id, id, &address, state.now()).await? {
        return Err(not_in_book());
    }
    Ok(axum::Json(book(&state, user.id).await?))
}

/// Deletes one of the shopper's addresses and answers the whole book.
#[utoipa::path(delete, path = "/api/v1/address-book/{id}/", tag = "addresses", params(("id" = i64, Path)),
    responses((status = 200, body = AddressBook), (status = 401, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn remove(State(state): State<AppState>, viewer: Viewer, Path(id): Path<String>) -> ApiResult<axum::Json<AddressBook>> {
    let user = viewer.require_user()?;
    let id = path_id(&id).ok_or_else(not_in_book)?;
    if !state.store.delete_address(user.id, id).await? {
        return Err(not_in_book());
    }
    Ok(axum::Json(book(&state, user.id).await?))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct PincodeForm {
    /// The pincode typed so far.
    pub value: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct PincodePlace {
    pub pincode: String,
    pub city: String,
    pub state: String,
}

fn parse_pincode(raw: &str) -> ApiResult<Pincode> {
    Pincode::parse(raw.trim()).ok_or_else(|| ApiError::field("pincode", Pincode::MESSAGE))
}

/// The city and state of a pincode, from the India Post directory (the form fills them in).
#[utoipa::path(post, path = "/pin_state_city/", tag = "addresses", request_body(content = PincodeForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = PincodePlace), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn pin_state_city(State(state): State<AppState>, Form(f): Form<PincodeForm>) -> ApiResult<axum::Json<PincodePlace>> {
    let pincode = parse_pincode(&f.value)?;
    let place = state.store.pincode_place(pincode.as_str()).await?.ok_or_else(|| ApiError::not_found(unknown_pincode()))?;
    Ok(axum::Json(PincodePlace { pincode: pincode.into_inner(), city: place.city, state: place.state }))
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct PincodeQuery {
    pub pincode: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Serviceability {
    pub pincode: String,
    pub city: String,
    pub state: String,
    /// The shop delivers here (prepaid, cash on delivery, or both).
    pub deliverable: bool,
    pub prepaid_available: bool,
    pub cod_available: bool,
    pub pickup_available_data: PickupAvailability,
    /// Days in transit; null where the shop does not deliver.
    #[schema(required = true)]
    pub days: Option<i64>,
    /// `YYYY-MM-DD`; null where the shop does not deliver.
    #[schema(required = true)]
    pub estimated_delivery_date: Option<String>,
    /// What the page says: "Delivery by Thu, 26 Nov", or why not.
    pub message: String,
}

/// Whether the shop delivers to a pincode, with cash on delivery and reverse pickup, and by when.
#[utoipa::path(get, path = "/check_pincode/", tag = "addresses", params(PincodeQuery),
    responses((status = 200, body = Serviceability), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn check_pincode(State(state): State<AppState>, Query(q): Query<PincodeQuery>) -> ApiResult<axum::Json<Serviceability>> {
    let pincode = parse_pincode(&q.pincode)?;
    let place = state.store.pincode_place(pincode.as_str()).await?.ok_or_else(|| ApiError::not_found(unknown_pincode()))?;
    let service = state.store.serviceability(&pincode).await?.filter(|s| s.delivers());
    let date = service.map(|s| estimated_delivery(state.now(), s.days));
    let message = match (&service, date) {
        (Some(s), Some(d)) if s.cod => format!("Delivery by {}. Cash on delivery available.", d.format("%a, %-d %b")),
        (Some(_), Some(d)) => format!("Delivery by {}. Cash on delivery is not available here: pay online.", d.format("%a, %-d %b")),
        _ => "Sorry, we do not deliver to this pincode yet.".to_string(),
    };
    Ok(axum::Json(Serviceability {
        pincode: pincode.into_inner(),
        city: place.city,
        state: place.state,
        deliverable: service.is_some(),
        prepaid_available: service.is_some_and(|s| s.prepaid),
        cod_available: service.is_some_and(|s| s.cod),
        pickup_available_data: PickupAvailability { reverse_pickup_available: service.is_some_and(|s| s.pickup) },
        days: service.map(|s| s.days),
        estimated_delivery_date: date.map(|d| d.format("%Y-%m-%d").to_string()),
        message,
    }))
}

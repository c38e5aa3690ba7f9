//! What a shopper does from the product page besides buying and saving: notify-me, and the
//! shopper-side event call (spec 000 §3 event data, §7 /get-event-data/). Events are recorded only
//! when the page reports them through that call, so each is counted once.

use crate::error::{ApiError, ApiResult};
use crate::extract::{path_id, ClientAddr, Form, Query};
use crate::features::{cart, catalog};
use crate::limits;
use crate::security::{self, Viewer};
use crate::AppState;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use drape_domain::engagement::{is_known_event, notify_contact};
use drape_domain::limits::{EVENTS_PER_BROWSER, EVENTS_PER_CLIENT, NOTIFY_PER_CLIENT, NOTIFY_PER_EMAIL, NOTIFY_PER_PRODUCT};
use drape_domain::money::rupees_f64;
use serde::{Deserialize, Serialize};

#[derive(Deserialize, utoipa::IntoParams)]
pub struct NotifyQuery {
    pub csrfmiddlewaretoken: Option<String>,
    pub productname: String,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub phone: String,
    pub size: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct NotifyAnswer {
    pub result: String,
    pub message: String,
}

fn notify_error(message: impl Into<String>) -> axum::Json<NotifyAnswer> {
    axum::Json(NotifyAnswer { result: "error".into(), message: message.into() })
}

/// Notify-me: asks to be told when a sold-out size is back. A GET with side effects (as the spec's
/// client sends it), so it checks the CSRF token from the query itself.
#[utoipa::path(get, path = "/addproductrequest/", tag = "shopper", params(NotifyQuery),
    responses((status = 200, body = NotifyAnswer), (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody)))]
pub async fn add_product_request(
    State(state): State<AppState>,
    viewer: Viewer,
    ClientAddr(client): ClientAddr,
    headers: HeaderMap,
    Query(q): Query<NotifyQuery>,
) -> ApiResult<axum::Json<NotifyAnswer>> {
    let cookie = security::cookie(&headers, security::CSRF_COOKIE);
    if cookie.is_none() || q.csrfmiddlewaretoken.is_none() || cookie != q.csrfmiddlewaretoken {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "csrf_failed",
            "Your security token is missing or does not match. Please reload the page and try again.",
        ));
    }
    let id: i64 = path_id(&q.productname).ok_or_else(|| ApiError::not_found("We couldn't find that product."))?;
    let p = state.store.product_by_id(id).await?;
    let size = q.size.trim();
    let sizes = state.store.sizes(p.id).await?;
    let Some(row) = sizes.iter().find(|s| s.value == size) else {
        return Ok(notify_error("Please choose the size you want."));
    };
    if row.stock > 0 && p.is_active() {
        return Ok(notify_error("This size is in stock: you can add it to your cart now."));
    }
    let user = viewer.user.as_ref().map(|u| (u.id, u.email.as_deref()));
    let contact = match notify_contact(user, &q.email, &q.phone) {
        Ok(c) => c,
        Err(message) => return Ok(notify_error(message)),
    };
    // Each request may send an e-mail: limited per client, per address and per product, so no one
    // can make the shop mail strangers in bulk.
    let busy = |_| "We have had many requests like this. Please try again later.".to_string();
    limits::take(&state, &NOTIFY_PER_CLIENT, &client, busy).await?;
    limits::take(&state, &NOTIFY_PER_EMAIL, &contact.email.to_ascii_lowercase(), busy).await?;
    limits::take(&state, &NOTIFY_PER_PRODUCT, &p.id.to_string(), busy).await?;
    let now = state.now();
    let fresh = state.store.request_size(p.id, size, &contact.requester, viewer.user.as_ref().map(|u| u.id), &contact.email, &contact.phone, now).await?;
    if !fresh {
        return Ok(axum::Json(NotifyAnswer {
            result: "success".into(),
            message: format!("We already have your request for size {size}. We will let you know when it is back."),
        }));
    }
    let body = format!("We will let you know as soon as {} in size {size} is back in stock.", p.name);
    state.store.enqueue_message("email", &contact.email, &body, now).await?;
    Ok(axum::Json(NotifyAnswer { result: "success".into(), message: format!("Thank you! We will let you know when size {size} is back in stock.") }))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct EventForm {
    /// JSON: {event_name, product_id | productslug | cart_id, source, cart_updated}
    pub data: String,
}

/// The event the page reports, sent as JSON text in the form field `data` (spec 000 §3, §7).
#[derive(Deserialize, utoipa::ToSchema)]
pub struct EventData {
    pub event_name: String,
    pub product_id: Option<serde_json::Value>,
    pub productslug: Option<String>,
    pub cart_id: Option<serde_json::Value>,
    #[serde(default)]
    pub source: String,
    #[serde(default)]
    pub cart_updated: Option<serde_json::Value>,
    #[serde(default)]
    pub size: Option<String>,
    #[serde(default)]
    pub quantity: Option<i64>,
    /// 'mob' from a phone, 'dt' otherwise (spec 000 §3; 'mobile' is read as 'mob').
    #[serde(default)]
    pub request_device: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ProductEventData {
    pub id: i64,
    pub name: String,
    pub category_ids: Vec<i64>,
    pub category_names: Vec<String>,
    pub sub_category_ids: Vec<i64>,
    pub sub_category_names: Vec<String>,
    pub color: String,
    /// Rupees, as analytics tools expect.
    pub original_price: f64,
    pub discounted_price: f64,
    /// Whole percent.
    pub discount: i64,
    pub sku: String,
    pub product_image: String,
    pub product_url: String,
    pub product_slug: String,
    pub product_brand: String,
    pub mrp: f64,
    pub discounted_price_ui: String,
    pub offer_text: String,
    pub offer_category_id: i64,
    pub currency: String,
    pub quantity: i64,
    pub size: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct EventAnswer {
    /// Always sent: null when there is none.
    #[schema(required = true)]
    pub product: Option<ProductEventData>,
    /// Always sent: null when there is none.
    #[schema(required = true)]
    pub cart: Option<cart::views::CartEventData>,
}

fn json_id(v: &Option<serde_json::Value>) -> Option<Option<i64>> {
    v.as_ref().map(|v| match v {
        serde_json::Value::Number(n) => n.as_i64().filter(|n| *n > 0),
        serde_json::Value::String(s) => path_id(s),
        _ => None,
    })
}

async fn product_event_data(state: &AppState, p: &drape_store::catalog::Product, quantity: i64, size: &str) -> ApiResult<ProductEventData> {
    let cats = state.store.categories().await?;
    let filed = state.store.product_category_ids(p.id).await?;
    let (tops, subs): (Vec<_>, Vec<_>) = cats.iter().filter(|c| filed.contains(&c.id)).partition(|c| c.parent_id.is_none());
    Ok(ProductEventData {
        id: p.id,
        name: p.name.clone(),
        category_ids: tops.iter().map(|c| c.id).collect(),
        category_names: tops.iter().map(|c| c.name.clone()).collect(),
        sub_category_ids: subs.iter().map(|c| c.id).collect(),
        sub_category_names: subs.iter().map(|c| c.name.clone()).collect(),
        color: p.color_name.clone(),
        original_price: rupees_f64(p.old_price),
        discounted_price: rupees_f64(p.price),
        discount: if p.old_price > 0 && p.price < p.old_price { (p.old_price - p.price) * 100 / p.old_price } else { 0 },
        sku: p.sku.clone(),
        product_image: catalog::product_image(&p.sku, 1),
        product_url: format!("/product/{}", p.slug),
        product_slug: p.slug.clone(),
        product_brand: "Drape".into(),
        mrp: rupees_f64(p.old_price),
        discounted_price_ui: drape_domain::money::format_inr(p.price),
        offer_text: p.offer_text.clone(),
        offer_category_id: drape_domain::categories::top(&cats, p.category_id),
        currency: "INR".into(),
        quantity,
        size: size.to_string(),
    })
}

/// Records a shopper-side event and answers the product and cart event data of spec 000 §3.
#[utoipa::path(post, path = "/get-event-data/", tag = "shopper", request_body(content = EventForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = EventAnswer), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody)))]
pub async fn event_data(
    State(state): State<AppState>,
    viewer: Viewer,
    ClientAddr(client): ClientAddr,
    headers: HeaderMap,
    Form(f): Form<EventForm>,
) -> ApiResult<axum::Json<EventAnswer>> {
    let d: EventData = serde_json::from_str(&f.data).map_err(|e| ApiError::field("data", format!("data must be the event as JSON: {e}")))?;
    if !is_known_event(&d.event_name) {
        return Err(ApiError::field("event_name", "That event is not one the shop records."));
    }
    let product = match (json_id(&d.product_id), d.productslug.as_deref()) {
        (Some(Some(id)), _) => Some(state.store.product_by_id(id).await?),
        (Some(None), _) => return Err(ApiError::field("product_id", "product_id must be a product id.")),
        (None, Some(slug)) => Some(catalog::find_product(&state, slug).await?),
        (None, None) => None,
    };
    // A cart id names the visitor's own cart or nothing: another shopper's cart is simply not found.
    let wants_cart = d.cart_id.is_some() || d.cart_updated.as_ref().is_some_and(|v| v.as_bool() == Some(true) || v == "true");
    let cart = if wants_cart { cart::events::cart_event_data(&state, &viewer).await? } else { None };
    if let Some(Some(asked)) = json_id(&d.cart_id) {
        if cart.as_ref().map(|c| c.cart_id) != Some(asked) {
            return Err(ApiError::not_found("We couldn't find that cart."));
        }
    }
    // Recorded events are limited per browser (its CSRF cookie, which every caller of this POST has)
    // and per address, so no one can grow the table without bound.
    let slow_down = |_| "Too many events from this device. Please slow down.".to_string();
    let browser = security::cookie(&headers, security::CSRF_COOKIE).unwrap_or_default();
    limits::take(&state, &EVENTS_PER_BROWSER, &browser, slow_down).await?;
    limits::take(&state, &EVENTS_PER_CLIENT, &client, slow_down).await?;
    let source: String = d.source.chars().take(40).collect();
    state
        .store
        .record_shopper_event(
            &drape_store::engagement::ShopperEvent {
                event_name: &d.event_name,
                user_id: viewer.user.as_ref().map(|u| u.id),
                product_id: product.as_ref().map(|p| p.id),
                cart_id: cart.as_ref().map(|c| c.cart_id),
                source: &source,
                device: drape_domain::engagement::request_device(d.request_device.as_deref().unwrap_or("")),
            },
            state.now(),
        )
        .await?;
    // A shopper's product views make their Recently viewed list.
    if let (Some(user), Some(p), "product_viewed") = (&viewer.user, &product, d.event_name.as_str()) {
        state.store.record_view(user.id, p.id, state.now()).await?;
    }
    let size: String = d.size.unwrap_or_default().chars().take(20).collect();
    let product_data = match &product {
        Some(p) => Some(product_event_data(&state, p, d.quantity.unwrap_or(1).clamp(1, 99), &size).await?),
        None => None,
    };
    Ok(axum::Json(EventAnswer { product: product_data, cart }))
}

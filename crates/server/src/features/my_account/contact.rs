//! Contact: how to reach the shop, and a message form whose messages are kept and e-mailed to the
//! shop's support address (the operator's outbox).

use crate::error::{ApiError, ApiResult};
use crate::extract::{ClientAddr, Json};
use crate::limits;
use crate::security::Viewer;
use crate::AppState;
use axum::extract::State;
use drape_domain::limits::CONTACT_PER_CLIENT;
use drape_domain::validation::{Email, Mobile};
use drape_store::account::NewContactMessage;
use serde::{Deserialize, Serialize};

/// What a message can be about.
pub const SUBJECTS: [(&str, &str); 5] = [
    ("order", "An order"),
    ("return", "A return or exchange"),
    ("payment", "A payment or refund"),
    ("product", "A product or size"),
    ("other", "Something else"),
];

#[derive(Serialize, utoipa::ToSchema)]
pub struct ContactDetails {
    pub name: String,
    pub email: String,
    pub phone: String,
    pub address: String,
    pub hours: String,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct ContactMessage {
    pub name: String,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub mobile: String,
    /// order, return, payment, product or other.
    pub subject: String,
    pub message: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ContactSent {
    pub status: String,
    /// 'MSG12': what to quote when writing again.
    pub reference: String,
    pub message: String,
}

/// The shop's contact details.
#[utoipa::path(get, path = "/api/v1/contact/", tag = "account", responses((status = 200, body = ContactDetails)))]
pub async fn contact_details(State(state): State<AppState>) -> axum::Json<ContactDetails> {
    let (name, address) = state.config.seller.as_ref().map(|s| (s.name.clone(), s.address.clone())).unwrap_or_default();
    let support = &state.config.support;
    axum::Json(ContactDetails { name, address, email: support.email.clone(), phone: support.phone.clone(), hours: support.hours.clone() })
}

/// Sends a message to the shop. Every field is checked at once; each fault is named under its field.
#[utoipa::path(post, path = "/api/v1/contact/", tag = "account", request_body = ContactMessage,
    responses((status = 200, body = ContactSent), (status = 400, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody)))]
pub async fn send_message(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    viewer: Viewer,
    Json(m): Json<ContactMessage>,
) -> ApiResult<axum::Json<ContactSent>> {
    let (name, email, mobile, message) = (m.name.trim(), m.email.trim(), m.mobile.trim(), m.message.trim());
    let mut errors: Vec<(&str, String)> = Vec::new();
    if !(2..=60).contains(&name.chars().count()) {
        errors.push(("name", "Please enter your name (2 to 60 characters).".into()));
    }
    if !email.is_empty() && Email::parse_lenient(email).is_none() {
        errors.push(("email", Email::MESSAGE.into()));
    }
    if !mobile.is_empty() && Mobile::parse(mobile).is_none() {
        errors.push(("mobile", "Please enter a valid 10 digit mobile number.".into()));
    }
    if email.is_empty() && mobile.is_empty() {
        errors.push(("email", "Please give an e-mail address or a mobile number so we can reply.".into()));
    }
    if !SUBJECTS.iter().any(|(k, _)| *k == m.subject) {
        errors.push(("subject", "Please choose what your message is about.".into()));
    }
    if !(10..=2000).contains(&message.chars().count()) {
        errors.push(("message", "Please write your message (10 to 2,000 characters).".into()));
    }
    if !errors.is_empty() {
        return Err(ApiError::fields(errors));
    }
    limits::take(&state, &CONTACT_PER_CLIENT, &client, |_| "You have sent several messages already. Please wait a while before sending another.".into())
        .await?;
    let now = state.now();
    let id = state
        .store
        .add_contact_message(&NewContactMessage { user_id: viewer.user.as_ref().map(|u| u.id), name, email, mobile, subject: &m.subject, message }, now)
        .await?;
    let reference = format!("MSG{id}");
    let about = SUBJECTS.iter().find(|(k, _)| *k == m.subject).map_or("", |s| s.1);
    if !state.config.support.email.is_empty() {
        let body = format!("{reference} · {about}\nFrom: {name} <{email}> {mobile}\n\n{message}");
        state.store.enqueue_message("email", &state.config.support.email, &body, now).await?;
    } else {
        tracing::warn!(reference = %reference, "a contact message was kept but no DRAPE_SUPPORT_EMAIL is set to send it to");
    }
    Ok(axum::Json(ContactSent {
        status: "ok".into(),
        message: format!("Thank you. We have your message ({reference}) and will reply within one working day."),
        reference,
    }))
}

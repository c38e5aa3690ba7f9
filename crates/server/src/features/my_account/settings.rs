//! Settings: name, e-mail (the strict check of spec 000 §5) and which notifications to receive.

use crate::error::{ApiError, ApiResult};
use crate::extract::Json;
use crate::security::Viewer;
use crate::AppState;
use axum::extract::State;
use drape_domain::validation::Email;
use drape_store::account::{Settings, SettingsChange};
use serde::{Deserialize, Serialize};

#[derive(Serialize, utoipa::ToSchema)]
pub struct AccountSettings {
    pub name: String,
    pub email: String,
    pub mobile: String,
    pub notify_orders: bool,
    pub notify_offers: bool,
    pub notify_stock: bool,
}

impl From<Settings> for AccountSettings {
    fn from(s: Settings) -> Self {
        AccountSettings {
            name: s.name,
            email: s.email.unwrap_or_default(),
            mobile: s.mobile,
            notify_orders: s.notify_orders == 1,
            notify_offers: s.notify_offers == 1,
            notify_stock: s.notify_stock == 1,
        }
    }
}

/// What to change; fields left out stay as they are. An empty e-mail removes it.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct SettingsUpdate {
    pub name: Option<String>,
    pub email: Option<String>,
    pub notify_orders: Option<bool>,
    pub notify_offers: Option<bool>,
    pub notify_stock: Option<bool>,
}

/// A name as people write theirs: letters (any script), spaces, dots, apostrophes and hyphens.
fn name_ok(name: &str) -> bool {
    (1..=60).contains(&name.chars().count()) && name.chars().all(|c| c.is_alphabetic() || " .'-".contains(c) || (!c.is_ascii() && !c.is_control()))
}

#[utoipa::path(get, path = "/api/v1/settings/", tag = "account", responses((status = 200, body = AccountSettings), (status = 401, body = crate::error::ErrorBody)))]
pub async fn settings(State(state): State<AppState>, viewer: Viewer) -> ApiResult<axum::Json<AccountSettings>> {
    let user = viewer.require_user()?;
    Ok(axum::Json(state.store.settings(user.id).await?.into()))
}

/// Changes the settings; a bad name or e-mail is named under its field and changes nothing.
#[utoipa::path(patch, path = "/api/v1/settings/", tag = "account", request_body = SettingsUpdate,
    responses((status = 200, body = AccountSettings), (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody)))]
pub async fn change_settings(State(state): State<AppState>, viewer: Viewer, Json(u): Json<SettingsUpdate>) -> ApiResult<axum::Json<AccountSettings>> {
    let user = viewer.require_user()?;
    let name = u.name.as_deref().map(str::trim);
    let email = u.email.as_deref().map(str::trim);
    let mut errors: Vec<(&str, String)> = Vec::new();
    if name.is_some_and(|n| !name_ok(n)) {
        errors.push(("name", "Please enter your name: letters and spaces, up to 60 characters.".into()));
    }
    if email.is_some_and(|e| !e.is_empty() && (e.len() > 120 || Email::parse_strict(e, None).is_none())) {
        errors.push(("email", Email::MESSAGE.into()));
    }
    if !errors.is_empty() {
        return Err(ApiError::fields(errors));
    }
    let change = SettingsChange {
        name,
        email: email.map(|e| if e.is_empty() { None } else { Some(e) }),
        notify_orders: u.notify_orders,
        notify_offers: u.notify_offers,
        notify_stock: u.notify_stock,
    };
    Ok(axum::Json(state.store.update_settings(user.id, &change).await?.into()))
}

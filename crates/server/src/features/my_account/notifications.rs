//! Notifications: order updates, sizes back in stock, the shop's offers; the unread count is the
//! header's notificationCount (spec 000 §3).

use crate::error::{ApiError, ApiResult};
use crate::extract::Json;
use crate::security::Viewer;
use crate::AppState;
use axum::extract::State;
use serde::{Deserialize, Serialize};

#[derive(Serialize, utoipa::ToSchema)]
pub struct NotificationOut {
    pub id: i64,
    /// order, stock or offer.
    pub kind: String,
    pub title: String,
    pub body: String,
    /// A path in the shop, or empty.
    pub link: String,
    /// RFC 3339.
    pub created_at: String,
    pub read: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct NotificationList {
    /// Newest first, at most 50.
    pub notifications: Vec<NotificationOut>,
    pub unread: i64,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct NotificationsRead {
    /// The notifications read; empty for all of them.
    #[serde(default)]
    pub ids: Vec<i64>,
}

async fn list(state: &AppState, user_id: i64) -> ApiResult<NotificationList> {
    let rows = state.store.notifications(user_id).await?;
    let unread = state.store.unread_notifications(user_id).await?;
    let at = |ms: i64| chrono::DateTime::from_timestamp_millis(ms).map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)).unwrap_or_default();
    Ok(NotificationList {
        notifications: rows
            .into_iter()
            .map(|n| NotificationOut {
                id: n.id,
                kind: n.kind,
                title: n.title,
                body: n.body,
                link: n.link,
                created_at: at(n.created_at),
                read: n.read_at.is_some(),
            })
            .collect(),
        unread,
    })
}

/// The shopper's notifications, newest first, and how many are unread.
#[utoipa::path(get, path = "/api/v1/notifications/", tag = "account", responses((status = 200, body = NotificationList), (status = 401, body = crate::error::ErrorBody)))]
pub async fn notifications(State(state): State<AppState>, viewer: Viewer) -> ApiResult<axum::Json<NotificationList>> {
    let user = viewer.require_user()?;
    Ok(axum::Json(list(&state, user.id).await?))
}

/// Marks notifications read (another shopper's ids change nothing).
#[utoipa::path(post, path = "/api/v1/notifications/read/", tag = "account", request_body = NotificationsRead,
    responses((status = 200, body = NotificationList), (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody)))]
pub async fn mark_read(State(state): State<AppState>, viewer: Viewer, Json(body): Json<NotificationsRead>) -> ApiResult<axum::Json<NotificationList>> {
    let user = viewer.require_user()?;
    if body.ids.len() > 100 || body.ids.iter().any(|id| *id <= 0) {
        return Err(ApiError::field("ids", "At most 100 notification ids."));
    }
    state.store.mark_read(user.id, &body.ids, state.now()).await?;
    Ok(axum::Json(list(&state, user.id).await?))
}

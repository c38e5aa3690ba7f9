//! Demo-mode helpers. `/dev/outbox` lists the notifications the shop would have sent (OTPs among them),
//! so the demo can be tried without an SMS provider. Not routed at all when demo mode is off.

use crate::error::ApiResult;
use crate::AppState;
use axum::extract::State;
use axum::Json;
use serde::Serialize;

#[derive(Serialize, utoipa::ToSchema)]
pub struct OutboxEntry {
    pub id: i64,
    pub channel: String,
    pub recipient: String,
    pub body: String,
    /// Milliseconds since the epoch.
    pub created_at: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Outbox {
    pub messages: Vec<OutboxEntry>,
}

/// The 50 newest outbox messages (demo mode only).
#[utoipa::path(get, path = "/dev/outbox", tag = "dev", responses((status = 200, body = Outbox)))]
pub async fn outbox(State(state): State<AppState>) -> ApiResult<Json<Outbox>> {
    let messages = state
        .store
        .recent_messages(50)
        .await?
        .into_iter()
        .map(|m| OutboxEntry { id: m.id, channel: m.channel, recipient: m.recipient, body: m.body, created_at: m.created_at })
        .collect();
    Ok(Json(Outbox { messages }))
}

//! Operational endpoints.

use crate::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde::Serialize;

#[derive(Serialize, utoipa::ToSchema)]
pub struct Health {
    pub status: String,
    pub database: String,
}

/// Liveness and database reachability.
#[utoipa::path(get, path = "/healthz", tag = "ops",
    responses((status = 200, body = Health), (status = 503, body = Health)))]
pub async fn healthz(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    let database = state.store.engine().name().to_string();
    match state.store.ping().await {
        Ok(()) => (StatusCode::OK, Json(Health { status: "ok".into(), database })),
        Err(e) => {
            tracing::error!(error = %e, "health check: database unreachable");
            (StatusCode::SERVICE_UNAVAILABLE, Json(Health { status: "database unavailable".into(), database }))
        }
    }
}

//! Rate limits at the edge: a handler takes a hit of a limit before it does the work the limit
//! guards. The counting is the store's (`Store::take`: one atomic statement).

use crate::error::{ApiError, ApiResult};
use crate::AppState;
use drape_domain::limits::Limit;

/// Takes a hit of `limit` for `subject`, or answers 429 with `message(seconds to wait)`.
pub async fn take(state: &AppState, limit: &Limit, subject: &str, message: impl FnOnce(i64) -> String) -> ApiResult<()> {
    match state.store.take(limit, subject, state.now()).await? {
        Ok(()) => Ok(()),
        Err(full) => Err(ApiError::too_many(message(full.retry_after_secs))),
    }
}

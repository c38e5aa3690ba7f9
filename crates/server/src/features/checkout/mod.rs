//! Checkout (issue 10; spec 000 §3 checkout state, §4 payment tabs, §7 `/api/v3/order/`,
//! `/get-checkout-complete-data/`): the quote (the cart priced by the same engine, plus what checkout
//! adds), placing the order, paying it online through the provider, confirming cash on delivery, and
//! the thank-you page's data.

pub mod complete;
pub mod pay;
pub mod payu;
pub mod place;
pub mod quote;
pub mod views;

use crate::AppState;
use drape_store::auth::User;

/// Tells the shopper by SMS, and by e-mail when they gave one (the outbox delivers both).
pub async fn notify(state: &AppState, user: &User, text: &str) {
    let now = state.now();
    if let Err(e) = state.store.enqueue_message("sms", &user.mobile, text, now).await {
        tracing::warn!(error = %e, "an order notification was not queued");
    }
    if let Some(email) = user.email.as_deref().filter(|e| !e.is_empty()) {
        if let Err(e) = state.store.enqueue_message("email", email, text, now).await {
            tracing::warn!(error = %e, "an order e-mail was not queued");
        }
    }
}

//! The wallet page's data: the balance and the ledger (spec 000 §2 account menu 'Wallet', §3
//! app_wallet). The path is not named by the spec (docs/api.md).

use crate::error::ApiResult;
use crate::security::Viewer;
use crate::AppState;
use axum::extract::State;
use drape_domain::money::format_inr;
use drape_domain::wallet::EntryKind;
use serde::Serialize;

/// Entries the page shows, newest first.
const LEDGER_LENGTH: i64 = 100;

#[derive(Serialize, utoipa::ToSchema)]
pub struct WalletEntryOut {
    pub id: i64,
    /// Paise: credits positive, payments negative.
    pub amount: i64,
    /// "+₹500" or "−₹300".
    pub amount_ui: String,
    /// credit, order_payment or refund.
    pub kind: String,
    /// What the shopper reads: "Added by Drape", "Paid for an order", "Refund".
    pub label: String,
    pub note: String,
    /// Milliseconds since the epoch.
    pub created_at: i64,
}

#[allow(non_snake_case)]
#[derive(Serialize, utoipa::ToSchema)]
pub struct WalletOut {
    /// The sum of every entry, in paise.
    pub walletAmount: i64,
    pub walletAmount_ui: String,
    pub entries: Vec<WalletEntryOut>,
}

/// The shopper's wallet: balance and the newest 100 entries.
#[utoipa::path(get, path = "/api/v1/wallet/", tag = "account", responses((status = 200, body = WalletOut), (status = 401, body = crate::error::ErrorBody)))]
pub async fn wallet(State(state): State<AppState>, viewer: Viewer) -> ApiResult<axum::Json<WalletOut>> {
    let user = viewer.require_user()?;
    let balance = state.store.wallet_balance(user.id).await?;
    let entries = state
        .store
        .wallet_entries(user.id, LEDGER_LENGTH)
        .await?
        .into_iter()
        .map(|e| {
            let label = EntryKind::parse(&e.kind).map(EntryKind::label).unwrap_or("Wallet").to_string();
            let amount_ui = if e.amount >= 0 { format!("+{}", format_inr(e.amount)) } else { format!("−{}", format_inr(-e.amount)) };
            WalletEntryOut { id: e.id, amount: e.amount, amount_ui, kind: e.kind, label, note: e.note, created_at: e.created_at }
        })
        .collect();
    Ok(axum::Json(WalletOut { walletAmount: balance, walletAmount_ui: format_inr(balance), entries }))
}

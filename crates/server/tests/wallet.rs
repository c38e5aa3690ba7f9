//! The wallet page's data: balance and ledger, the shopper's own only.

mod common;

use common::*;
use drape_domain::wallet::EntryKind;

#[tokio::test]
async fn a_shopper_sees_their_own_wallet() {
    let app = app().await;
    Browser::new().get(&app, "/api/v1/wallet/").await.assert_error(401);
    let mut riya = Browser::new();
    riya.login(&app, "9123470001").await;
    let empty = riya.get(&app, "/api/v1/wallet/").await.json();
    assert_eq!((empty["walletAmount"].as_i64(), empty["walletAmount_ui"].as_str()), (Some(0), Some("₹0")));
    let me = riya.get(&app, "/api/v1/me/").await.json()["user"]["id"].as_i64().unwrap();
    let s = &app.db.store;
    s.wallet_entry(me, EntryKind::Credit, 50_000, "Sorry for the delay", None, app.clock_now()).await.unwrap().unwrap();
    s.wallet_entry(me, EntryKind::OrderPayment, 12_050, "DRP0000042", None, app.clock_now()).await.unwrap().unwrap();
    let w = riya.get(&app, "/api/v1/wallet/").await;
    assert_eq!(w.headers["cache-control"], "no-store");
    let w = w.json();
    assert_eq!((w["walletAmount"].as_i64(), w["walletAmount_ui"].as_str()), (Some(37_950), Some("₹379.50")));
    assert_eq!(w["entries"][0]["amount_ui"], "−₹120.50", "newest first");
    assert_eq!(w["entries"][0]["label"], "Paid for an order");
    assert_eq!(w["entries"][1]["amount_ui"], "+₹500");
    assert_eq!(w["entries"][1]["note"], "Sorry for the delay");
    let mut other = Browser::new();
    other.login(&app, "9123470002").await;
    let theirs = other.get(&app, "/api/v1/wallet/").await.json();
    assert_eq!((theirs["walletAmount"].as_i64(), theirs["entries"].as_array().map(Vec::len)), (Some(0), Some(0)));
}

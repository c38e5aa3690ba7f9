//! Persistence for Drape: one `Store` over SQLite (the default, an embedded file) or PostgreSQL.
//! All SQL lives in this crate, one module per aggregate. Queries are written once in the dialect both
//! engines share (`$1` parameters, `RETURNING`, `ON CONFLICT`), and run through sqlx's `Any` driver.

pub mod account;
pub mod addresses;
pub mod auth;
mod batches;
pub mod cancellations;
pub mod carts;
pub mod catalog;
pub mod changes;
pub mod checkout;
mod db;
pub mod engagement;
pub mod limits;
pub mod offer_calendar;
pub mod offers;
pub mod order_history;
pub mod order_status;
pub mod orders;
pub mod outbox;
pub mod payments;
pub mod reference;
pub mod returns;
pub mod reviews;
pub mod searches;
pub mod seed;
pub mod testing;
pub mod upgrades;
pub mod wallet;

pub use db::{Engine, Store, StoreError};

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// A flag column (0/1 on both engines) read as a bool.
pub(crate) fn flag(v: i64) -> bool {
    v != 0
}

/// A random hex token for temporary unique values.
pub(crate) fn testing_free_token() -> String {
    use rand::RngCore;
    let mut b = [0u8; 12];
    rand::thread_rng().fill_bytes(&mut b);
    hex::encode(b)
}

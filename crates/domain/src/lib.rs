//! Drape's shop rules: pure Rust, no I/O. Everything here is decided from its inputs alone,
//! so it is the most tested code in the project.

pub mod addresses;
pub mod categories;
pub mod checkout;
pub mod clock;
pub mod delivery;
pub mod engagement;
pub mod fit;
pub mod invoice;
pub mod limits;
pub mod listing;
pub mod money;
pub mod orders;
pub mod otp;
pub mod pricing;
pub mod ratings;
pub mod refunds;
pub mod returns;
pub mod search;
pub mod stock;
pub mod validation;
pub mod wallet;

//! The account menu's pages (spec 000 §2; issue 13): recently viewed, notifications, coupons,
//! contact, settings, and deleting the account. Every call but coupons and contact needs a shopper.

pub mod contact;
pub mod coupons;
pub mod delete;
pub mod notifications;
pub mod recently_viewed;
pub mod settings;

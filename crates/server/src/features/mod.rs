//! One module per area of the spec, each with its own `router()`.

pub mod account;
pub mod cart;
pub mod cart_offers;
pub mod cart_view;
pub mod catalog;
pub mod dev;
pub mod media;
pub mod offers;
pub mod ops;
pub mod recommendations;
pub mod reviews;
pub mod shopper;

//! One module per area of the spec, named in the shop's words. Each exports its handlers; every route
//! is registered in one place, `routes::router`. Imports between areas run one way (a test in
//! tests/architecture.rs checks that no two areas import each other, directly or through others).

pub mod account;
pub mod addresses;
pub mod cart;
pub mod catalog;
pub mod checkout;
pub mod dev;
pub mod listings;
pub mod media;
pub mod my_account;
pub mod offers;
pub mod ops;
pub mod orders;
pub mod recommendations;
pub mod reviews;
pub mod shopper;
pub mod wallet;
pub mod wishlist;

//! Payment providers: one adapter per provider speaking its documented protocol, and the sandbox
//! gateway that implements the same protocol for the demo and the tests.

pub mod payu;
pub mod payu_sandbox;
pub mod razorpay;
pub mod sandbox;

/// The providers' names as stored on payment attempts and events.
pub const RAZORPAY: &str = "razorpay";
pub const PAYU: &str = "payu";

//! The Drape HTTP server: `routes::router` registers every path in one place and tests build the same
//! router; `features` holds the handlers per area of the spec; `admin` the operator commands;
//! `security` CSRF, sessions, headers and the error rewriting. The `drape` binary (main.rs) only
//! loads configuration, opens the database and serves, seeds or runs an operator command.

pub mod admin;
pub mod config;
pub mod drawn;
pub mod error;
pub mod extract;
pub mod features;
pub mod kept;
pub mod limits;
pub mod openapi;
pub mod payments;
pub mod revalidation;
pub mod routes;
pub mod security;
pub mod web;

use drape_domain::clock::Clock;
use drape_store::Store;
use std::sync::Arc;

/// mimalloc instead of the C library's allocator: requests allocate and free many small strings
/// from two or more threads, which glibc's malloc serves with locks and consolidation (15-20% of
/// a listing's time in a profile). Declared here so the binary, the benches and the tests all run
/// on the allocator production uses.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// What every handler can reach, behind one shared pointer: axum clones the state for every
/// request and every middleware, and one reference count is cheaper to move between threads than
/// one per field (the clones and drops were 8% of a kept product answer's time in a profile).
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl std::ops::Deref for AppState {
    type Target = Shared;
    fn deref(&self) -> &Shared {
        &self.0
    }
}

pub struct Shared {
    pub store: Store,
    pub clock: Arc<dyn Clock>,
    pub config: Arc<config::Config>,
    /// The payment provider's adapter (Razorpay, or the sandbox speaking its protocol). Shared:
    /// the state is cloned for every request, the adapters' settings need not be.
    pub razorpay: Arc<payments::razorpay::Razorpay>,
    /// The PayU adapter (the alternative provider).
    pub payu: Arc<payments::payu::PayU>,
    /// Listings' and search's picture of the catalog, rebuilt when the catalog changes.
    pub shelves: Arc<features::listings::shelf::Shelves>,
    /// Rendered product, sizes and stock answers, dropped when what they show changes.
    pub kept: Arc<kept::Kept>,
}

impl AppState {
    pub fn new(store: Store, clock: Arc<dyn Clock>, config: config::Config) -> Self {
        let razorpay = Arc::new(payments::razorpay::Razorpay::new(config.payments.clone()));
        let payu = Arc::new(payments::payu::PayU::new(config.payments.clone()));
        AppState(Arc::new(Shared { store, clock, config: Arc::new(config), razorpay, payu, shelves: Arc::default(), kept: Arc::default() }))
    }
    pub fn now(&self) -> chrono::DateTime<chrono::Utc> {
        self.clock.now()
    }
}

//! Time comes through a clock so that tests can set it (OTP expiry, timers, offer dates).

use chrono::{DateTime, Utc};
use std::sync::atomic::{AtomicI64, Ordering};

pub trait Clock: Send + Sync + 'static {
    fn now(&self) -> DateTime<Utc>;
}

/// The wall clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// A clock that stands still until a test moves it.
#[derive(Debug)]
pub struct FixedClock {
    millis: AtomicI64,
}

impl FixedClock {
    pub fn at(t: DateTime<Utc>) -> Self {
        Self { millis: AtomicI64::new(t.timestamp_millis()) }
    }
    pub fn advance(&self, by: chrono::Duration) {
        self.millis.fetch_add(by.num_milliseconds(), Ordering::SeqCst);
    }
}

impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        DateTime::from_timestamp_millis(self.millis.load(Ordering::SeqCst)).expect("clock in range")
    }
}

//! Every rate limit the shop keeps, in one table. The store counts them with one atomic statement
//! each (`Store::take`), so a burst of parallel requests never gets past a limit.
//!
//! A limit is a fixed window that opens at the first hit: `max` hits are allowed until `window`
//! has passed since that hit, then the count starts again.

use chrono::Duration;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// What is counted; together with a subject (a number, an address, an e-mail) it names a counter.
    pub bucket: &'static str,
    pub max: i64,
    pub window: Duration,
}

const fn per(bucket: &'static str, max: i64, window: Duration) -> Limit {
    Limit { bucket, max, window }
}

/// Login codes asked for from one client address, whatever the numbers.
pub const OTP_SENDS_PER_CLIENT: Limit = per("otp_send_client", 20, Duration::hours(1));
/// One code per number per 30 seconds (the resend timer the login screen shows).
pub const OTP_RESEND_GAP: Limit = per("otp_send_gap", 1, Duration::seconds(30));
/// Codes sent to one number per hour (SMS cost money: this is what an abuser would spend).
pub const OTP_SENDS_PER_MOBILE: Limit = per("otp_send_mobile", 5, Duration::hours(1));
/// Login attempts from one client address that have not succeeded (a success gives its slot back).
pub const LOGIN_FAILURES_PER_CLIENT: Limit = per("login_fail_client", 20, Duration::hours(1));

/// Notify-me requests that send an e-mail, from one client address.
pub const NOTIFY_PER_CLIENT: Limit = per("notify_client", 10, Duration::hours(1));
/// Notify-me e-mails to one address (a shopper asking for several sizes is well inside it).
pub const NOTIFY_PER_EMAIL: Limit = per("notify_email", 10, Duration::days(1));
/// New notify-me requests for one product, from everyone: a ceiling on what one product can make
/// the shop send in an hour, however many addresses an abuser has.
pub const NOTIFY_PER_PRODUCT: Limit = per("notify_product", 200, Duration::hours(1));

/// Messages to the shop from one client address (the contact form).
pub const CONTACT_PER_CLIENT: Limit = per("contact_client", 5, Duration::hours(1));

/// Reviews written or edited by one shopper.
pub const REVIEWS_PER_SHOPPER: Limit = per("review_shopper", 10, Duration::days(1));

/// Shopper events recorded from one browser (its CSRF cookie) and from one client address. A shopper
/// browsing briskly sends a few events a page; the address limit is higher because many phones share
/// one address behind a mobile carrier's NAT.
pub const EVENTS_PER_BROWSER: Limit = per("events_browser", 600, Duration::hours(1));
pub const EVENTS_PER_CLIENT: Limit = per("events_client", 6_000, Duration::hours(1));
/// Recorded shopper events are kept this long, then forgotten (reports look back a few months).
pub const EVENTS_KEPT: Duration = Duration::days(400);

/// Entries one shopper's wishlist can hold, and entries one wishlist request may carry.
pub const WISHLIST_MAX_ENTRIES: i64 = 200;
pub const WISHLIST_MAX_PER_REQUEST: usize = 20;
/// Wishlist entries a page of the list shows.
pub const WISHLIST_PAGE_SIZE: i64 = 50;

/// Cash-on-delivery confirmation codes sent for one order (the first with the order, then resends).
pub const COD_CODES_PER_ORDER: Limit = per("cod_code_order", 4, Duration::hours(1));
/// Wrong guesses at an order's cash-on-delivery code before it must be sent again.
pub const COD_WRONG_GUESSES: i64 = 5;

/// Every limit above, for the burst tests and the operations page.
pub const ALL: [Limit; 11] = [
    OTP_SENDS_PER_CLIENT,
    OTP_RESEND_GAP,
    OTP_SENDS_PER_MOBILE,
    LOGIN_FAILURES_PER_CLIENT,
    NOTIFY_PER_CLIENT,
    NOTIFY_PER_EMAIL,
    NOTIFY_PER_PRODUCT,
    REVIEWS_PER_SHOPPER,
    EVENTS_PER_BROWSER,
    EVENTS_PER_CLIENT,
    COD_CODES_PER_ORDER,
];

/// The longest window: counters older than this are forgotten.
pub fn longest_window() -> Duration {
    ALL.iter().map(|l| l.window).max().unwrap_or(Duration::days(1))
}

/// Seconds to wait before a refused counter opens again (at least 1).
pub fn retry_after_secs(limit: &Limit, window_started_ms: i64, now_ms: i64) -> i64 {
    let ends = window_started_ms + limit.window.num_milliseconds();
    ((ends - now_ms + 999) / 1000).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_are_distinct() {
        let mut names: Vec<_> = ALL.iter().map(|l| l.bucket).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), ALL.len());
        assert!(ALL.iter().all(|l| l.max > 0 && l.window > Duration::zero()));
    }

    #[test]
    fn retry_after_counts_up_to_the_window_end() {
        assert_eq!(retry_after_secs(&OTP_RESEND_GAP, 0, 10_000), 20);
        assert_eq!(retry_after_secs(&OTP_RESEND_GAP, 0, 29_500), 1);
        assert_eq!(retry_after_secs(&OTP_RESEND_GAP, 0, 40_000), 1);
        assert_eq!(longest_window(), Duration::days(1));
    }
}

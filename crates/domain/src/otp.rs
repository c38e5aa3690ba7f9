//! One-time-password login rules. The limits are documented in docs/operations.md.

use chrono::Duration;

pub const OTP_LENGTH: usize = 6;
/// An OTP is good for this long after it is sent.
pub const OTP_TTL: Duration = Duration::minutes(10);
/// A shopper may ask for a new OTP this long after the last one.
pub const RESEND_AFTER_SECS: i64 = 30;
/// Wrong guesses allowed against one OTP before it is burnt.
pub const MAX_GUESSES_PER_OTP: i64 = 5;
/// OTPs sent to one mobile number per hour.
pub const MAX_SENDS_PER_MOBILE_PER_HOUR: i64 = 5;
/// OTPs requested from one client (IP address) per hour, whatever the numbers.
pub const MAX_SENDS_PER_CLIENT_PER_HOUR: i64 = 20;
/// Wrong guesses from one client per hour, whatever the numbers.
pub const MAX_FAILURES_PER_CLIENT_PER_HOUR: i64 = 20;

/// A code the shopper typed, accepted only as exactly six ASCII digits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OtpCode(String);

impl OtpCode {
    pub fn parse(raw: &str) -> Option<Self> {
        let t = raw.trim();
        (t.len() == OTP_LENGTH && t.bytes().all(|b| b.is_ascii_digit())).then(|| Self(t.to_string()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The SMS text; the code stands alone so a phone can offer to paste it.
pub fn otp_message(code: &str) -> String {
    format!("{code} is your Drape login code. It expires in 10 minutes. Do not share it with anyone.")
}

/// `******3210`: enough for a shopper to recognise their number in a message.
pub fn masked_mobile(mobile: &str) -> String {
    let n = mobile.chars().count();
    let keep: String = mobile.chars().skip(n.saturating_sub(4)).collect();
    format!("{}{}", "*".repeat(n.saturating_sub(4)), keep)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_is_six_digits() {
        assert!(OtpCode::parse("123456").is_some());
        assert!(OtpCode::parse(" 123456 ").is_some());
        assert!(OtpCode::parse("12345").is_none());
        assert!(OtpCode::parse("1234567").is_none());
        assert!(OtpCode::parse("12345a").is_none());
        assert!(OtpCode::parse("١٢٣٤٥٦").is_none());
    }

    #[test]
    fn masks_all_but_last_four() {
        assert_eq!(masked_mobile("9876543210"), "******3210");
        assert!(otp_message("654321").starts_with("654321 "));
    }
}

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

/// Why a new code is not sent now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SendRefusal {
    /// The last code went out less than RESEND_AFTER_SECS ago.
    TooSoon { wait_secs: i64 },
    /// Too many codes to this number this hour.
    MobileLimit,
    /// Too many codes asked from this client this hour.
    ClientLimit,
}

impl SendRefusal {
    pub fn message(&self) -> String {
        match self {
            SendRefusal::TooSoon { wait_secs } => format!("Please wait {wait_secs} seconds before asking for a new code."),
            SendRefusal::MobileLimit => "Too many codes sent to this number. Please try again in an hour.".to_string(),
            SendRefusal::ClientLimit => "Too many login attempts from this device. Please try again in an hour.".to_string(),
        }
    }
}

/// May a new code be sent? `last_sent_secs_ago` is None when none was ever sent.
pub fn may_send(last_sent_secs_ago: Option<i64>, sends_to_mobile_last_hour: i64, sends_from_client_last_hour: i64) -> Result<(), SendRefusal> {
    if let Some(ago) = last_sent_secs_ago {
        if ago < RESEND_AFTER_SECS {
            return Err(SendRefusal::TooSoon { wait_secs: RESEND_AFTER_SECS - ago.max(0) });
        }
    }
    if sends_to_mobile_last_hour >= MAX_SENDS_PER_MOBILE_PER_HOUR {
        return Err(SendRefusal::MobileLimit);
    }
    if sends_from_client_last_hour >= MAX_SENDS_PER_CLIENT_PER_HOUR {
        return Err(SendRefusal::ClientLimit);
    }
    Ok(())
}

/// The state of the newest code sent to a number, as far as checking a guess needs.
#[derive(Debug, Clone, Copy)]
pub struct CodeState {
    pub expired: bool,
    pub used: bool,
    pub guesses: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodeRefusal {
    /// No usable code: never sent, used, or expired.
    Expired,
    /// Too many wrong guesses against this code, or from this client.
    TooManyGuesses,
    Wrong,
}

impl CodeRefusal {
    pub fn message(&self) -> &'static str {
        match self {
            CodeRefusal::Expired => "This code has expired. Please ask for a new one.",
            CodeRefusal::TooManyGuesses => "Too many wrong attempts. Please ask for a new code later.",
            CodeRefusal::Wrong => "Incorrect OTP. Please check the code and try again.",
        }
    }
}

/// Decides a login attempt. The comparison of the code itself is the caller's (`matches`).
pub fn check_code(code: Option<CodeState>, failures_from_client_last_hour: i64, matches: bool) -> Result<(), CodeRefusal> {
    if failures_from_client_last_hour >= MAX_FAILURES_PER_CLIENT_PER_HOUR {
        return Err(CodeRefusal::TooManyGuesses);
    }
    let Some(c) = code else { return Err(CodeRefusal::Expired) };
    if c.used || c.expired {
        return Err(CodeRefusal::Expired);
    }
    if c.guesses >= MAX_GUESSES_PER_OTP {
        return Err(CodeRefusal::TooManyGuesses);
    }
    if !matches {
        return Err(CodeRefusal::Wrong);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sending_is_limited() {
        assert_eq!(may_send(None, 0, 0), Ok(()));
        assert_eq!(may_send(Some(10), 1, 1), Err(SendRefusal::TooSoon { wait_secs: 20 }));
        assert_eq!(may_send(Some(30), 1, 1), Ok(()));
        assert_eq!(may_send(Some(300), 5, 1), Err(SendRefusal::MobileLimit));
        assert_eq!(may_send(Some(300), 4, 20), Err(SendRefusal::ClientLimit));
        assert_eq!(may_send(Some(300), 4, 19), Ok(()));
    }

    #[test]
    fn guesses_are_limited() {
        let fresh = CodeState { expired: false, used: false, guesses: 0 };
        assert_eq!(check_code(Some(fresh), 0, true), Ok(()));
        assert_eq!(check_code(Some(fresh), 0, false), Err(CodeRefusal::Wrong));
        assert_eq!(check_code(None, 0, true), Err(CodeRefusal::Expired));
        assert_eq!(check_code(Some(CodeState { expired: true, ..fresh }), 0, true), Err(CodeRefusal::Expired));
        assert_eq!(check_code(Some(CodeState { used: true, ..fresh }), 0, true), Err(CodeRefusal::Expired));
        assert_eq!(check_code(Some(CodeState { guesses: 5, ..fresh }), 0, true), Err(CodeRefusal::TooManyGuesses));
        assert_eq!(check_code(Some(CodeState { guesses: 4, ..fresh }), 0, true), Ok(()));
        assert_eq!(check_code(Some(fresh), 20, true), Err(CodeRefusal::TooManyGuesses));
    }

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

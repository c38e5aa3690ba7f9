//! One-time-password login rules. The limits are documented in docs/operations.md.

use chrono::Duration;

pub const OTP_LENGTH: usize = 6;
/// An OTP is good for this long after it is sent.
pub const OTP_TTL: Duration = Duration::minutes(10);
/// A shopper may ask for a new OTP this long after the last one (the window of `limits::OTP_RESEND_GAP`).
pub const RESEND_AFTER_SECS: i64 = crate::limits::OTP_RESEND_GAP.window.num_seconds();
/// Wrong guesses allowed against one OTP before it is burnt.
pub const MAX_GUESSES_PER_OTP: i64 = 5;

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

/// Why a guess that no code would take was refused, from the state of the newest code sent.
pub fn unjudged_refusal(code: Option<CodeState>) -> CodeRefusal {
    match code {
        Some(c) if !c.used && !c.expired && c.guesses >= MAX_GUESSES_PER_OTP => CodeRefusal::TooManyGuesses,
        _ => CodeRefusal::Expired,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_name_the_reason() {
        let fresh = CodeState { expired: false, used: false, guesses: 0 };
        assert_eq!(unjudged_refusal(None), CodeRefusal::Expired);
        assert_eq!(unjudged_refusal(Some(CodeState { expired: true, ..fresh })), CodeRefusal::Expired);
        assert_eq!(unjudged_refusal(Some(CodeState { used: true, guesses: 5, ..fresh })), CodeRefusal::Expired);
        assert_eq!(unjudged_refusal(Some(CodeState { guesses: 5, ..fresh })), CodeRefusal::TooManyGuesses);
        assert_eq!(RESEND_AFTER_SECS, 30);
        assert!(SendRefusal::TooSoon { wait_secs: 12 }.message().contains("12 seconds"));
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

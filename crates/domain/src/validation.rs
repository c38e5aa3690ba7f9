//! Input rules shared with the web app (spec 000 §5, 001 §5). The same table of test vectors,
//! `testdata/validation_vectors.json`, is read by these tests and by the TypeScript tests.
//! "Parse, don't validate": each rule is a newtype whose only constructor checks it.

use serde::Serialize;
use std::fmt;

macro_rules! text_newtype {
    ($name:ident) => {
        #[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
        #[serde(transparent)]
        pub struct $name(String);
        impl $name {
            pub fn as_str(&self) -> &str {
                &self.0
            }
            pub fn into_inner(self) -> String {
                self.0
            }
        }
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }
    };
}

text_newtype!(Mobile);
text_newtype!(Phone);
text_newtype!(Email);
text_newtype!(Pincode);
text_newtype!(Ifsc);
text_newtype!(Vpa);

fn all_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Digits only, at least one.
pub fn is_numeric(s: &str) -> bool {
    all_digits(s)
}

impl Mobile {
    pub const MESSAGE: &'static str = "Please enter a valid 10 digit mobile number";
    /// Exactly 10 digits, the first 6, 7, 8 or 9.
    pub fn parse(s: &str) -> Option<Self> {
        let b = s.as_bytes();
        (b.len() == 10 && all_digits(s) && (b'6'..=b'9').contains(&b[0])).then(|| Self(s.to_string()))
    }
}

impl Phone {
    pub const MESSAGE: &'static str = "Please enter your 10 digit phone number";
    /// 10 digits, optionally after one leading zero, the first of the ten being 1 to 9.
    pub fn parse(s: &str) -> Option<Self> {
        let ten = if s.len() == 11 { s.strip_prefix('0')? } else { s };
        (ten.len() == 10 && all_digits(ten) && ten.as_bytes()[0] != b'0').then(|| Self(s.to_string()))
    }
}

fn is_local_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-' | '+')
}

fn is_label(l: &str) -> bool {
    !l.is_empty() && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// Splits `local@domain` into the local part and the domain's dotted labels, if the shape is right.
fn email_parts(s: &str) -> Option<(&str, Vec<&str>)> {
    let (local, domain) = s.split_once('@')?;
    if local.is_empty() || !local.chars().all(is_local_char) {
        return None;
    }
    let labels: Vec<&str> = domain.split('.').collect();
    (labels.len() >= 2 && labels.iter().all(|l| is_label(l))).then_some((local, labels))
}

const STRICT_TLDS: [&str; 8] = ["com", "co", "in", "org", "net", "edu", "info", "gov"];

impl Email {
    pub const MESSAGE: &'static str = "Provide a valid email address";

    /// Lenient: letters, digits and _ . - + before the @, dotted domain labels,
    /// a final label of 2 to 4 letters or digits.
    pub fn parse_lenient(s: &str) -> Option<Self> {
        let (_, labels) = email_parts(s)?;
        let last = labels.last()?;
        ((2..=4).contains(&last.len()) && last.chars().all(|c| c.is_ascii_alphanumeric())).then(|| Self(s.to_string()))
    }

    /// Strict: the local part starts with a letter; the domain ends in a known top-level domain
    /// (or the store's one extra), optionally followed by a second known one (`co.in`).
    pub fn parse_strict(s: &str, extra_tld: Option<&str>) -> Option<Self> {
        let (local, labels) = email_parts(s)?;
        if !local.starts_with(|c: char| c.is_ascii_alphabetic()) {
            return None;
        }
        let known = |l: &str| STRICT_TLDS.iter().any(|t| t.eq_ignore_ascii_case(l));
        let first_level = |l: &str| known(l) || extra_tld.is_some_and(|x| x.eq_ignore_ascii_case(l));
        let n = labels.len();
        let single = first_level(labels[n - 1]);
        let double = n >= 3 && known(labels[n - 1]) && first_level(labels[n - 2]);
        (single || double).then(|| Self(s.to_string()))
    }
}

impl Pincode {
    pub const MESSAGE: &'static str = "Please enter a valid 6 digit pincode";
    /// Six digits, not starting with 0.
    pub fn parse(s: &str) -> Option<Self> {
        (s.len() == 6 && all_digits(s) && !s.starts_with('0')).then(|| Self(s.to_string()))
    }
}

impl Ifsc {
    pub const MESSAGE: &'static str = "Please enter a valid IFSC code";
    /// Four capital letters (the bank), a zero, six capital letters or digits (the branch).
    pub fn parse(s: &str) -> Option<Self> {
        let b = s.as_bytes();
        let ok =
            b.len() == 11 && b[..4].iter().all(u8::is_ascii_uppercase) && b[4] == b'0' && b[5..].iter().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
        ok.then(|| Self(s.to_string()))
    }
    pub fn bank_code(&self) -> &str {
        &self.0[..4]
    }
}

impl Vpa {
    pub const MESSAGE: &'static str = "Please enter a valid UPI ID";
    /// A UPI address: 2 to 256 of letters, digits, '.', '-', '_', then '@' and a 2 to 64 letter handle.
    pub fn parse(s: &str) -> Option<Self> {
        let (name, handle) = s.split_once('@')?;
        let name_ok = (2..=256).contains(&name.len()) && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'));
        let handle_ok = (2..=64).contains(&handle.len()) && handle.chars().all(|c| c.is_ascii_alphabetic());
        (name_ok && handle_ok).then(|| Self(s.to_string()))
    }
}

/// Review form limits (spec 001 §5 and §9), built as intended: the 100 limit is the review's.
pub mod review {
    pub const HEADLINE_MAX: usize = 60;
    pub const COMMENT_MAX: usize = 100;
    pub const PUBLIC_NAME_MAX: usize = 40;

    /// The message for the first failing field (headline, comment, public name), or None.
    pub fn check(headline: &str, comment: &str, public_name: &str) -> Option<&'static str> {
        let len = |s: &str| s.trim().chars().count();
        if headline.trim().is_empty() {
            Some("Please enter headline")
        } else if len(headline) > HEADLINE_MAX {
            Some("Max 60 characters allowed in heading")
        } else if comment.trim().is_empty() {
            Some("Please enter review")
        } else if len(comment) > COMMENT_MAX {
            Some("Max 100 characters allowed in review")
        } else if len(public_name) > PUBLIC_NAME_MAX {
            Some("Max 40 characters allowed in public name")
        } else {
            None
        }
    }

    /// The name listed with a review: the public name, else 'Anonymous' (spec 001 §5: "blank is
    /// listed as anonymous"). Never anything taken from the reviewer's e-mail: a shopper who left the
    /// name blank chose not to be named.
    pub fn display_name(public_name: &str) -> String {
        match public_name.trim() {
            "" => "Anonymous".to_string(),
            p => p.to_string(),
        }
    }
}

//! The shared vectors: the TypeScript tests read the same file.

use drape_domain::money::format_inr;
use drape_domain::validation::*;
use serde_json::Value;

fn vectors() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/validation_vectors.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("vectors file")).expect("vectors json")
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect()
}

fn check(rule: &str, accepts: impl Fn(&str) -> bool) {
    let v = vectors();
    let table = &v[rule];
    let valid = strings(&table["valid"]);
    let invalid = strings(&table["invalid"]);
    assert!(!valid.is_empty() && !invalid.is_empty(), "{rule}: empty vector table");
    for s in valid {
        assert!(accepts(&s), "{rule}: expected {s:?} to be accepted");
    }
    for s in invalid {
        assert!(!accepts(&s), "{rule}: expected {s:?} to be refused");
    }
}

#[test]
fn mobile() {
    check("mobile", |s| Mobile::parse(s).is_some());
}
#[test]
fn phone() {
    check("phone", |s| Phone::parse(s).is_some());
}
#[test]
fn numeric() {
    check("numeric", is_numeric);
}
#[test]
fn email_lenient() {
    check("email_lenient", |s| Email::parse_lenient(s).is_some());
}
#[test]
fn email_strict() {
    let v = vectors();
    let extra = v["email_strict"]["extra_tld"].as_str().map(str::to_string);
    check("email_strict", |s| Email::parse_strict(s, extra.as_deref()).is_some());
}
#[test]
fn pincode() {
    check("pincode", |s| Pincode::parse(s).is_some());
}
#[test]
fn ifsc() {
    check("ifsc", |s| Ifsc::parse(s).is_some());
}
#[test]
fn vpa() {
    check("vpa", |s| Vpa::parse(s).is_some());
}

#[test]
fn review_form() {
    let v = vectors();
    let cases = v["review"]["cases"].as_array().unwrap();
    assert!(cases.len() > 5);
    for c in cases {
        let got = review::check(c["headline"].as_str().unwrap(), c["comment"].as_str().unwrap(), c["public_name"].as_str().unwrap());
        assert_eq!(got, c["expected"].as_str(), "case {c}");
    }
}

#[test]
fn inr_text() {
    let v = vectors();
    let cases = v["inr"]["cases"].as_array().unwrap();
    assert!(!cases.is_empty());
    for c in cases {
        assert_eq!(format_inr(c[0].as_i64().unwrap()), c[1].as_str().unwrap());
    }
}

#[test]
fn reviewer_display_name() {
    assert_eq!(review::display_name(""), "Anonymous", "never the e-mail's local part");
    assert_eq!(review::display_name("   "), "Anonymous");
    assert_eq!(review::display_name("  Riya "), "Riya");
}

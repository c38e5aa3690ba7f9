//! The address book (spec 000 §3 Address, §4 address state, §5): what a delivery address must hold,
//! checked field by field so the form can show each message under its field.

use crate::validation::{Phone, Pincode};
use std::collections::BTreeMap;

/// Addresses one shopper may keep.
pub const MAX_ADDRESSES: i64 = 20;
pub const ADDRESSEE_MAX: usize = 80;
pub const STREET_MAX: usize = 200;
pub const PLACE_MAX: usize = 60;
pub const TYPE_MAX: usize = 30;

/// What the shopper typed, as the form sends it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AddressForm {
    pub addressee: String,
    pub street1: String,
    pub street2: String,
    pub address_type: String,
    pub state: String,
    pub city: String,
    pub postal_code: String,
    pub phone: String,
    pub alt_phone: String,
    pub is_default_shipping: bool,
}

/// An address that passed every rule (trimmed; phones as digits).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Address {
    pub addressee: String,
    pub street1: String,
    pub street2: String,
    /// 'Home', 'Work', 'Pickup', or the shopper's own word for 'other' (spec 000 §5).
    pub address_type: String,
    pub state: String,
    pub city: String,
    pub postal_code: Pincode,
    pub phone: String,
    pub alt_phone: String,
    pub is_default_shipping: bool,
}

/// Messages per field, in the form's field names.
pub type FieldErrors = BTreeMap<&'static str, String>;

fn chars(s: &str) -> usize {
    s.chars().count()
}

/// Digits only, so '98765 43210' and '098765-43210' are read as typed numbers.
fn digits(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace() && *c != '-').collect()
}

/// Checks every field and answers all the messages at once.
pub fn check(form: &AddressForm) -> Result<Address, FieldErrors> {
    let mut errors = FieldErrors::new();
    let addressee = form.addressee.trim();
    if addressee.is_empty() {
        errors.insert("addressee", "Please enter the name of the person receiving the order".into());
    } else if chars(addressee) > ADDRESSEE_MAX {
        errors.insert("addressee", format!("Max {ADDRESSEE_MAX} characters allowed in name"));
    }
    let street1 = form.street1.trim();
    if street1.is_empty() {
        errors.insert("street1", "Please enter the house number and street".into());
    } else if chars(street1) > STREET_MAX {
        errors.insert("street1", format!("Max {STREET_MAX} characters allowed in address"));
    }
    let street2 = form.street2.trim();
    if chars(street2) > STREET_MAX {
        errors.insert("street2", format!("Max {STREET_MAX} characters allowed in address"));
    }
    let address_type = match form.address_type.trim() {
        "" => "Home",
        t => t,
    };
    if chars(address_type) > TYPE_MAX {
        errors.insert("address_type", format!("Max {TYPE_MAX} characters allowed in address type"));
    }
    let postal_code = Pincode::parse(form.postal_code.trim());
    if postal_code.is_none() {
        errors.insert("postal_code", Pincode::MESSAGE.into());
    }
    for (field, value, what) in [("city", form.city.trim(), "city"), ("state", form.state.trim(), "state")] {
        if value.is_empty() {
            errors.insert(field, format!("Please enter the {what}"));
        } else if chars(value) > PLACE_MAX {
            errors.insert(field, format!("Max {PLACE_MAX} characters allowed in {what}"));
        }
    }
    let phone = digits(&form.phone);
    if Phone::parse(&phone).is_none() {
        errors.insert("phone", Phone::MESSAGE.into());
    }
    let alt_phone = digits(&form.alt_phone);
    if !alt_phone.is_empty() && Phone::parse(&alt_phone).is_none() {
        errors.insert("alt_phone", Phone::MESSAGE.into());
    }
    match postal_code {
        Some(postal_code) if errors.is_empty() => Ok(Address {
            addressee: addressee.to_string(),
            street1: street1.to_string(),
            street2: street2.to_string(),
            address_type: address_type.to_string(),
            state: form.state.trim().to_string(),
            city: form.city.trim().to_string(),
            postal_code,
            phone,
            alt_phone,
            is_default_shipping: form.is_default_shipping,
        }),
        _ => Err(errors),
    }
}

/// Spec 000 §4: an address of type pickup fills the pickup slot, any other the shipping slot.
pub fn is_pickup(address_type: &str) -> bool {
    address_type.trim().eq_ignore_ascii_case("pickup")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn good() -> AddressForm {
        AddressForm {
            addressee: " Riya Sharma ".into(),
            street1: "Flat 4B, Sunrise Apartments".into(),
            street2: "".into(),
            address_type: "".into(),
            state: "Maharashtra".into(),
            city: "Mumbai".into(),
            postal_code: "400050".into(),
            phone: "98765 43210".into(),
            alt_phone: "".into(),
            is_default_shipping: true,
        }
    }

    #[test]
    fn a_good_address_is_trimmed_and_typed() {
        let a = check(&good()).unwrap();
        assert_eq!(a.addressee, "Riya Sharma");
        assert_eq!(a.address_type, "Home", "blank type is Home");
        assert_eq!(a.phone, "9876543210");
        assert_eq!(a.postal_code.as_str(), "400050");
        let other = check(&AddressForm { address_type: " Mom's place ".into(), alt_phone: "022-26401234".into(), ..good() }).unwrap();
        assert_eq!(other.address_type, "Mom's place", "the free text for 'other' is the type");
        assert_eq!(other.alt_phone, "02226401234");
    }

    #[test]
    fn every_field_says_what_is_wrong_at_once() {
        let bad = AddressForm {
            addressee: " ".into(),
            street1: "x".repeat(201),
            street2: "y".repeat(201),
            address_type: "z".repeat(31),
            state: "".into(),
            city: "c".repeat(61),
            postal_code: "012345".into(),
            phone: "12345".into(),
            alt_phone: "0012345678".into(),
            is_default_shipping: false,
        };
        let e = check(&bad).unwrap_err();
        let fields: Vec<_> = e.keys().copied().collect();
        assert_eq!(fields, vec!["address_type", "addressee", "alt_phone", "city", "phone", "postal_code", "state", "street1", "street2"]);
        assert_eq!(e["postal_code"], "Please enter a valid 6 digit pincode");
        assert_eq!(e["phone"], "Please enter your 10 digit phone number");
    }

    #[test]
    fn pickup_slots() {
        assert!(is_pickup("Pickup") && is_pickup(" pickup ") && !is_pickup("Home"));
    }
}

//! The tax invoice of a delivered order: the seller and its GSTIN, the buyer, each line with its HSN
//! code, taxable value and the GST inside what was paid (as the order recorded it), split into CGST and
//! SGST within the seller's state or IGST across states. Everything is worked out here; the server
//! only lays it out as a page and as a PDF.

/// Who sells: from the operator's settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seller {
    pub name: String,
    pub address: String,
    pub gstin: String,
    /// The state the seller is registered in ("Karnataka").
    pub state: String,
}

/// A GSTIN's shape: 2-digit state code, 10-character PAN, entity number, Z, check character.
pub fn is_gstin(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 15
        && b[..2].iter().all(u8::is_ascii_digit)
        && b[2..7].iter().all(u8::is_ascii_uppercase)
        && b[7..11].iter().all(u8::is_ascii_digit)
        && b[11].is_ascii_uppercase()
        && b[12].is_ascii_alphanumeric()
        && b[13] == b'Z'
        && b[14].is_ascii_alphanumeric()
}

/// The HSN code of a product from its category chain (top first, slugs): brassieres and the sets
/// with them 6212 (sports bras included), knitted briefs, panties and nightwear 6108, leggings 6104,
/// other activewear 6112, anything else 6217 (made-up clothing accessories).
pub fn hsn_for(chain: &[&str]) -> &'static str {
    let has = |slugs: &[&str]| chain.iter().any(|c| slugs.contains(c));
    if has(&["bras", "sports-bras", "combos", "bra-panty-sets"]) {
        "6212"
    } else if has(&["panties", "nightwear"]) {
        "6108"
    } else if has(&["leggings"]) {
        "6104"
    } else if has(&["activewear"]) {
        "6112"
    } else {
        "6217"
    }
}

/// One line as the order recorded it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaidLine {
    pub name: String,
    pub size: String,
    pub hsn: String,
    pub quantity: i64,
    /// What was paid for the whole line after every discount, GST included; and the GST inside it.
    pub paid: i64,
    pub gst_rate: i64,
    pub gst: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceLine {
    pub name: String,
    pub size: String,
    pub hsn: String,
    pub quantity: i64,
    pub taxable: i64,
    pub gst_rate: i64,
    pub cgst: i64,
    pub sgst: i64,
    pub igst: i64,
    pub total: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invoice {
    pub number: String,
    pub intra_state: bool,
    pub lines: Vec<InvoiceLine>,
    /// Shipping, gift wrap and the COD fee, charged on the order, with the GST inside them at 18%.
    pub charges: i64,
    pub charges_taxable: i64,
    pub charges_gst: i64,
    pub taxable: i64,
    pub gst: i64,
    pub total: i64,
}

/// GST on services (delivery, wrapping, the COD fee).
pub const SERVICE_GST_RATE: i64 = 18;

/// The invoice of an order: `order_ref` numbers it; `buyer_state` decides CGST + SGST or IGST.
pub fn invoice(order_ref: &str, seller: &Seller, buyer_state: &str, lines: &[PaidLine], charges: i64) -> Invoice {
    let intra_state = seller.state.trim().eq_ignore_ascii_case(buyer_state.trim());
    let split = |gst: i64| if intra_state { (gst / 2, gst - gst / 2, 0) } else { (0, 0, gst) };
    let out: Vec<InvoiceLine> = lines
        .iter()
        .map(|l| {
            let (cgst, sgst, igst) = split(l.gst);
            InvoiceLine {
                name: l.name.clone(),
                size: l.size.clone(),
                hsn: l.hsn.clone(),
                quantity: l.quantity,
                taxable: l.paid - l.gst,
                gst_rate: l.gst_rate,
                cgst,
                sgst,
                igst,
                total: l.paid,
            }
        })
        .collect();
    let charges = charges.max(0);
    let charges_gst = crate::checkout::gst_inside(charges, SERVICE_GST_RATE);
    let goods_gst: i64 = lines.iter().map(|l| l.gst).sum();
    let goods: i64 = lines.iter().map(|l| l.paid).sum();
    Invoice {
        number: format!("INV-{order_ref}"),
        intra_state,
        charges,
        charges_taxable: charges - charges_gst,
        charges_gst,
        taxable: goods - goods_gst + charges - charges_gst,
        gst: goods_gst + charges_gst,
        total: goods + charges,
        lines: out,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seller() -> Seller {
        Seller { name: "Drape".into(), address: "Bengaluru".into(), gstin: "29AAACD1234F1Z5".into(), state: "Karnataka".into() }
    }

    fn line(paid: i64, rate: i64) -> PaidLine {
        PaidLine { name: "Bra".into(), size: "34B".into(), hsn: "6212".into(), quantity: 1, paid, gst_rate: rate, gst: crate::checkout::gst_inside(paid, rate) }
    }

    #[test]
    fn within_the_state_gst_splits_in_two_across_states_it_is_integrated() {
        let inside = invoice("DRP0000042", &seller(), "karnataka", &[line(105_000, 5)], 0);
        assert!(inside.intra_state);
        assert_eq!((inside.lines[0].taxable, inside.lines[0].cgst, inside.lines[0].sgst, inside.lines[0].igst), (100_000, 2_500, 2_500, 0));
        let across = invoice("DRP0000042", &seller(), "Maharashtra", &[line(105_000, 5)], 0);
        assert_eq!((across.lines[0].cgst, across.lines[0].igst), (0, 5_000));
        assert_eq!(across.number, "INV-DRP0000042");
    }

    #[test]
    fn the_totals_add_up_to_what_was_paid() {
        let inv = invoice("DRP1", &seller(), "Karnataka", &[line(79_900, 5), line(123_450, 12)], 4_900);
        assert_eq!(inv.total, 79_900 + 123_450 + 4_900);
        assert_eq!(inv.taxable + inv.gst, inv.total);
        assert_eq!(inv.charges_gst, crate::checkout::gst_inside(4_900, 18));
        let odd = invoice("DRP1", &seller(), "Karnataka", &[line(10_001, 5)], 0);
        assert_eq!(odd.lines[0].cgst + odd.lines[0].sgst, crate::checkout::gst_inside(10_001, 5), "an odd paisa is not lost");
    }

    #[test]
    fn gstins_and_hsn_codes() {
        assert!(is_gstin("29AAACD1234F1Z5"));
        assert!(!is_gstin("29AAACD1234F1X5"));
        assert!(!is_gstin("29aaacd1234f1z5"));
        assert_eq!(hsn_for(&["bras", "push-up-bras"]), "6212");
        assert_eq!(hsn_for(&["activewear", "sports-bras"]), "6212", "a sports bra is a brassiere");
        assert_eq!(hsn_for(&["activewear", "leggings"]), "6104");
        assert_eq!(hsn_for(&["panties"]), "6108");
        assert_eq!(hsn_for(&["gifts"]), "6217");
    }
}

//! The deterministic demo catalog: `drape seed`, and `drape serve` in demo mode on an empty database.
//! Same input, same shop: a fixed pseudo-random sequence decides stock, ratings and flags.

// The demo data is written as literal rows (tuples): naming a type for each table would hide them.
#![allow(clippy::type_complexity)]

use crate::db::millis;
use crate::{Result, Store};
use chrono::{DateTime, Duration, Utc};
use drape_domain::orders::OrderStatus;
use sqlx::{Any, Transaction};

/// xorshift64*: tiny, and stable across library versions (unlike a library RNG's stream).
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// A number in lo..=hi.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % ((hi - lo + 1) as u64)) as i64
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum SizeKind {
    Bra,
    Alpha,
    Free,
    /// Bra part and panty part.
    Combo,
}

/// The bra sizes on sale come from the size table the chart and the calculator read.
const BRA_SIZES: [&str; 14] = drape_domain::fit::BRA_SIZES_ON_SALE;
const ALPHA_SIZES: [&str; 5] = ["S", "M", "L", "XL", "XXL"];
const COMBO_BRA_SIZES: [&str; 9] = ["32B", "32C", "34B", "34C", "34D", "36B", "36C", "36D", "38C"];
const COMBO_PANTY_SIZES: [&str; 4] = ["S", "M", "L", "XL"];

/// (name, code, rgb)
const COLOURS: [(&str, &str, &str); 12] = [
    ("Black", "BLK", "#1d1d1f"),
    ("Nude", "NUD", "#e3bfa3"),
    ("Maroon", "MRN", "#6d1a36"),
    ("Navy", "NVY", "#1f2a44"),
    ("Rose Pink", "RSP", "#e8a0b4"),
    ("Ivory", "IVR", "#f1ead9"),
    ("Wine", "WIN", "#5b1a3a"),
    ("Teal", "TEL", "#2a7b7b"),
    ("Lilac", "LLC", "#b8a2d6"),
    ("Coral", "CRL", "#f08a6c"),
    ("Olive", "OLV", "#6b7046"),
    ("Grey Melange", "GRY", "#9a9a9a"),
];

/// (id, name, slug, parent)
const CATEGORIES: [(i64, &str, &str, Option<i64>); 17] = [
    (1, "Bras", "bras", None),
    (2, "Panties", "panties", None),
    (4, "Nightwear", "nightwear", None),
    (253, "Activewear", "activewear", None),
    (300, "Combos & Sets", "combos", None),
    (101, "T-Shirt Bras", "t-shirt-bras", Some(1)),
    (102, "Push-Up Bras", "push-up-bras", Some(1)),
    (103, "Bralettes", "bralettes", Some(1)),
    (104, "Minimiser Bras", "minimiser-bras", Some(1)),
    (201, "Hipsters", "hipsters", Some(2)),
    (202, "Bikini Briefs", "bikini-briefs", Some(2)),
    (203, "Boyshorts", "boyshorts", Some(2)),
    (401, "Pyjama Sets", "pyjama-sets", Some(4)),
    (402, "Nighties & Slips", "nighties", Some(4)),
    (2531, "Sports Bras", "sports-bras", Some(253)),
    (2532, "Leggings", "leggings", Some(253)),
    (301, "Bra & Panty Sets", "bra-panty-sets", Some(300)),
];

struct Style {
    category: i64,
    name: &'static str,
    hindi: &'static str,
    price_rupees: i64,
    sizes: SizeKind,
}

const fn style(category: i64, name: &'static str, hindi: &'static str, price_rupees: i64, sizes: SizeKind) -> Style {
    Style { category, name, hindi, price_rupees, sizes }
}

const STYLES: [Style; 47] = [
    style(101, "Everyday Padded T-Shirt Bra", "रोज़ाना पैडेड टी-शर्ट ब्रा", 799, SizeKind::Bra),
    style(101, "Seamless Moulded T-Shirt Bra", "सीमलेस टी-शर्ट ब्रा", 899, SizeKind::Bra),
    style(101, "Lace-Trim T-Shirt Bra", "लेस टी-शर्ट ब्रा", 949, SizeKind::Bra),
    style(101, "Cotton Non-Padded Bra", "कॉटन ब्रा", 549, SizeKind::Bra),
    style(101, "Wirefree Comfort Bra", "वायरफ्री ब्रा", 699, SizeKind::Bra),
    style(102, "Level-2 Push-Up Bra", "पुश-अप ब्रा", 1199, SizeKind::Bra),
    style(102, "Plunge Push-Up Bra", "प्लंज पुश-अप ब्रा", 1299, SizeKind::Bra),
    style(102, "Lace Push-Up Bra", "लेस पुश-अप ब्रा", 1399, SizeKind::Bra),
    style(102, "Multiway Strapless Bra", "स्ट्रैपलेस ब्रा", 1499, SizeKind::Bra),
    style(103, "Stretch Lace Bralette", "लेस ब्रालेट", 649, SizeKind::Free),
    style(103, "Cotton Triangle Bralette", "कॉटन ब्रालेट", 599, SizeKind::Alpha),
    style(103, "Longline Lace Bralette", "लॉन्गलाइन ब्रालेट", 899, SizeKind::Alpha),
    style(104, "Full-Coverage Minimiser Bra", "मिनिमाइज़र ब्रा", 1099, SizeKind::Bra),
    style(104, "Lace Minimiser Bra", "लेस मिनिमाइज़र ब्रा", 1249, SizeKind::Bra),
    style(104, "Side-Support Minimiser Bra", "साइड-सपोर्ट ब्रा", 1149, SizeKind::Bra),
    style(201, "Cotton Hipster Panty", "कॉटन हिपस्टर पैंटी", 299, SizeKind::Alpha),
    style(201, "Lace-Waist Hipster", "लेस हिपस्टर", 349, SizeKind::Alpha),
    style(201, "Seamless Hipster", "सीमलेस हिपस्टर", 399, SizeKind::Alpha),
    style(201, "Printed Cotton Hipster", "प्रिंटेड हिपस्टर", 279, SizeKind::Alpha),
    style(202, "Cotton Bikini Brief", "कॉटन बिकिनी ब्रीफ", 249, SizeKind::Alpha),
    style(202, "Lace Bikini Brief", "लेस बिकिनी ब्रीफ", 329, SizeKind::Alpha),
    style(202, "Modal Bikini Brief", "मोडल बिकिनी ब्रीफ", 299, SizeKind::Alpha),
    style(202, "Low-Rise Bikini Brief", "लो-राइज़ ब्रीफ", 269, SizeKind::Alpha),
    style(203, "Cotton Boyshort", "कॉटन बॉयशॉर्ट", 349, SizeKind::Alpha),
    style(203, "Anti-Chafe Boyshort", "एंटी-चेफ़ बॉयशॉर्ट", 449, SizeKind::Alpha),
    style(203, "Seamless Boyshort", "सीमलेस बॉयशॉर्ट", 399, SizeKind::Alpha),
    style(401, "Cotton Pyjama Set", "कॉटन पायजामा सेट", 1499, SizeKind::Alpha),
    style(401, "Satin Pyjama Set", "साटन पायजामा सेट", 1899, SizeKind::Alpha),
    style(401, "Printed Shorts Set", "प्रिंटेड शॉर्ट्स सेट", 1199, SizeKind::Alpha),
    style(401, "Modal Lounge Set", "मोडल लाउंज सेट", 1699, SizeKind::Alpha),
    style(402, "Satin Slip", "साटन स्लिप", 999, SizeKind::Free),
    style(402, "Cotton Nightdress", "कॉटन नाइटड्रेस", 899, SizeKind::Alpha),
    style(402, "Lace-Trim Chemise", "लेस शमीज़", 1099, SizeKind::Free),
    style(402, "Button-Down Sleepshirt", "स्लीपशर्ट", 1149, SizeKind::Alpha),
    style(2531, "High-Impact Sports Bra", "हाई-इम्पैक्ट स्पोर्ट्स ब्रा", 1299, SizeKind::Alpha),
    style(2531, "Racerback Sports Bra", "रेसरबैक स्पोर्ट्स ब्रा", 999, SizeKind::Alpha),
    style(2531, "Padded Yoga Bra", "योगा ब्रा", 899, SizeKind::Alpha),
    style(2531, "Zip-Front Sports Bra", "ज़िप-फ़्रंट स्पोर्ट्स ब्रा", 1199, SizeKind::Alpha),
    style(2532, "High-Rise Leggings", "हाई-राइज़ लेगिंग्स", 1099, SizeKind::Alpha),
    style(2532, "Pocket Leggings", "पॉकेट लेगिंग्स", 1199, SizeKind::Alpha),
    style(2532, "Capri Leggings", "कैप्री लेगिंग्स", 899, SizeKind::Alpha),
    style(2532, "Flared Yoga Pants", "फ़्लेयर्ड योगा पैंट्स", 1299, SizeKind::Alpha),
    style(301, "Lace Bra & Panty Set", "लेस ब्रा और पैंटी सेट", 1299, SizeKind::Combo),
    style(301, "Cotton Bra & Bikini Set", "कॉटन ब्रा और बिकिनी सेट", 999, SizeKind::Combo),
    style(301, "Satin Bra & Hipster Set", "साटन ब्रा और हिपस्टर सेट", 1499, SizeKind::Combo),
    style(301, "Everyday T-Shirt Bra Set", "टी-शर्ट ब्रा सेट", 1099, SizeKind::Combo),
    style(301, "Bridal Lace Set", "ब्राइडल लेस सेट", 2499, SizeKind::Combo),
];

const REVIEWERS: [(&str, &str); 12] = [
    ("asha.k", "Asha"),
    ("priya.m", "Priya"),
    ("neha.s", "Neha"),
    ("kavya.r", "Kavya"),
    ("divya.p", "Divya"),
    ("ritu.g", "Ritu"),
    ("meera.n", "Meera"),
    ("sana.a", "Sana"),
    ("ananya.b", "Ananya"),
    ("pooja.t", "Pooja"),
    ("lakshmi.v", "Lakshmi"),
    ("farah.h", "Farah"),
];

const REVIEW_TEXTS: [(&str, &str, i64); 8] = [
    ("Perfect everyday fit", "Soft fabric and true to size. Bought a second colour already.", 5),
    ("Very comfortable", "Wore it all day at work without adjusting once.", 5),
    ("Good, runs a little small", "Lovely colour but I should have taken one size up.", 4),
    ("Nice finish", "Stitching is neat and the straps stay in place.", 4),
    ("Value for money", "Great price in the sale, fabric feels premium.", 4),
    ("Average", "Colour is slightly different from the photo. Fit is fine.", 3),
    ("Not for me", "The band rides up after a few hours.", 2),
    ("Did not fit", "Cup size was off for me, returned it.", 1),
];

const MANUFACTURER: &str = "Drape Apparel Pvt. Ltd., Plot 14, SIDCO Industrial Estate, Tiruppur, Tamil Nadu 641604";
const MARKETER: &str = "Drape Retail LLP, 3rd Floor, 42 Brigade Road, Bengaluru, Karnataka 560001";

/// The demo's known accounts, documented in the README.
pub const DEMO_SHOPPER_MOBILE: &str = "9876543210";
pub const DEMO_ADMIN_MOBILE: &str = "9999999999";
pub const DEMO_STOCK_VIEWER_MOBILE: &str = "9888888888";

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeedSummary {
    pub products: usize,
    pub users: usize,
}

fn slugify(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

fn sku_prefix(s: &Style) -> &'static str {
    match s.category {
        101..=104 => "BR",
        201..=203 => "PN",
        401..=402 => "NW",
        2531..=2532 => "AC",
        _ => "CB",
    }
}

fn top_category(s: &Style) -> i64 {
    CATEGORIES.iter().find(|c| c.0 == s.category).and_then(|c| c.3).unwrap_or(s.category)
}

/// Rounds a price up to the next ₹50, the way the shop prices its old (list) prices.
fn round_up_50(rupees: i64) -> i64 {
    (rupees + 49) / 50 * 50
}

async fn exec(tx: &mut Transaction<'_, Any>, sql: &str, args: &[Arg<'_>]) -> Result<()> {
    let mut q = sqlx::query(sql);
    for a in args {
        q = match a {
            Arg::I(v) => q.bind(*v),
            Arg::S(v) => q.bind(*v),
            Arg::N => q.bind(None::<i64>),
        };
    }
    q.execute(&mut **tx).await?;
    Ok(())
}

enum Arg<'a> {
    I(i64),
    S(&'a str),
    N,
}
use Arg::{I, N, S};

impl Store {
    /// Loads the demo shop into an empty database. Does nothing (None) when products exist.
    pub async fn seed_demo(&self, now: DateTime<Utc>) -> Result<Option<SeedSummary>> {
        if self.product_count().await? > 0 {
            return Ok(None);
        }
        let t = millis(now);
        let mut dice = Dice(0x5EED_D4A9_E000_0001);
        let mut tx = self.pool.begin().await?;

        for (pos, (id, name, slug, parent)) in CATEGORIES.iter().enumerate() {
            let parent = parent.map(I).unwrap_or(N);
            exec(
                &mut tx,
                "INSERT INTO categories (id, name, slug, parent_id, position) VALUES ($1, $2, $3, $4, $5)",
                &[I(*id), S(name), S(slug), parent, I(pos as i64)],
            )
            .await?;
        }

        // Spec 001 §9: briefs and panties, and the sets with them, are neither returned nor exchanged.
        for slug in ["panties", "combos"] {
            exec(&mut tx, "UPDATE categories SET return_rule = 'none' WHERE slug = $1", &[S(slug)]).await?;
        }
        exec(&mut tx, "UPDATE categories SET return_days = 35 WHERE parent_id IS NULL", &[]).await?;

        // Shoppers: the documented demo accounts and a dozen reviewers.
        let accounts: [(&str, Option<&str>, &str, i64, i64); 3] = [
            (DEMO_SHOPPER_MOBILE, Some("riya.demo@example.com"), "Riya Sharma", 0, 0),
            (DEMO_ADMIN_MOBILE, Some("admin@example.com"), "Store Admin", 1, 0),
            (DEMO_STOCK_VIEWER_MOBILE, Some("stock@example.com"), "Stock Viewer", 0, 1),
        ];
        for (mobile, email, name, su, stock) in accounts {
            exec(
                &mut tx,
                "INSERT INTO users (mobile, email, name, is_superuser, can_see_unused_stock, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
                &[S(mobile), email.map(S).unwrap_or(N), S(name), I(su), I(stock), I(t)],
            )
            .await?;
        }
        let mut reviewer_ids = Vec::new();
        let mut rated: std::collections::BTreeMap<i64, Vec<i64>> = std::collections::BTreeMap::new();
        for (i, (local, name)) in REVIEWERS.iter().enumerate() {
            let mobile = format!("70000000{:02}", i + 1);
            let email = format!("{local}@example.com");
            let id: i64 = sqlx::query_scalar("INSERT INTO users (mobile, email, name, created_at) VALUES ($1, $2, $3, $4) RETURNING id")
                .bind(&mobile)
                .bind(&email)
                .bind(*name)
                .bind(t)
                .fetch_one(&mut *tx)
                .await?;
            reviewer_ids.push(id);
        }

        // Offer messages the product pages link to.
        // (key, offertype, message, pieces, url, bundle price in paise; 0 = not a bundle)
        let offers: [(&str, i64, &str, i64, &str, i64); 3] = [
            ("panty-3-for-699", 2, "Buy any 3 panties for ₹699", 3, "/panties/", 69_900),
            ("bra-2-for-1499", 2, "Any 2 T-shirt bras for ₹1,499", 2, "/t-shirt-bras/", 149_900),
            ("flat-10-prepaid", 1, "Extra 10% off on prepaid orders", 0, "/view-cart/", 0),
        ];
        for (key, offertype, msg, count, url, bundle) in offers {
            exec(&mut tx, "INSERT INTO product_offers (offer_key, offertype, msg, count, qty, url, message, starts_at, ends_at, bundle_price) VALUES ($1, $2, $3, $4, 0, $5, $3, $6, $7, $8)",
                &[S(key), I(offertype), S(msg), I(count), S(url), I(millis(now - Duration::days(30))), I(millis(now + Duration::days(60))), I(bundle)]).await?;
        }
        // Coupons: (code, kind, amount, cap, minimum order, starts, ends, per shopper, scope, ids, description)
        let day = 86_400_000i64;
        let coupons: [(&str, &str, i64, Option<i64>, i64, i64, i64, Option<i64>, &str, &str, &str); 5] = [
            ("WELCOME10", "percent", 10, Some(30_000), 99_900, -30, 90, Some(1), "all", "", "10% off your first order, up to ₹300, on orders of ₹999 or more"),
            ("FLAT200", "flat", 20_000, None, 149_900, -30, 90, None, "all", "", "₹200 off on orders of ₹1,499 or more"),
            ("BRA15", "percent", 15, None, 0, -30, 90, None, "categories", "1", "15% off bras"),
            ("NEWYEAR25", "percent", 25, Some(50_000), 0, 30, 60, None, "all", "", "25% off, from the New Year"),
            ("SUMMER50", "flat", 5_000, None, 0, -120, -30, None, "all", "", "₹50 off (summer sale, over)"),
        ];
        for (code, kind, amount, cap, min, from, to, per, scope, ids, desc) in coupons {
            exec(&mut tx, "INSERT INTO coupons (code, kind, amount, cap, min_order, starts_at, ends_at, max_uses_per_shopper, scope_kind, scope_ids, description) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
                &[S(code), S(kind), I(amount), cap.map(I).unwrap_or(N), I(min), I(t + from * day), I(t + to * day), per.map(I).unwrap_or(N), S(scope), S(ids), S(desc)]).await?;
        }

        let mut products = 0usize;
        // (product id, style index, top category, price, sizes in stock by part)
        let mut made: Vec<(i64, usize, i64, i64, Vec<(i64, String)>)> = Vec::new();
        for (si, st) in STYLES.iter().enumerate() {
            let prefix = sku_prefix(st);
            let parent_sku = format!("{prefix}{}", 1001 + si);
            let top = top_category(st);
            let discount = [30, 20, 0, 40, 50, 25][si % 6];
            let old_price = if discount == 0 { st.price_rupees } else { round_up_50(st.price_rupees * 100 / (100 - discount)) };
            let (offer_key, offer_text) = match top {
                2 => ("panty-3-for-699", "Buy 3 for ₹699"),
                1 if st.category == 101 => ("bra-2-for-1499", "Any 2 for ₹1,499"),
                _ if si % 4 == 0 => ("flat-10-prepaid", "Extra 10% off prepaid"),
                _ => ("", ""),
            };
            let cotton = st.name.contains("Cotton");
            let colours = 4 + si % 3;
            let chart = match st.sizes {
                SizeKind::Bra | SizeKind::Combo => "bra",
                _ if top == 2 => "panty",
                _ => "apparel",
            };
            for k in 0..colours {
                let (colour, code, rgb) = COLOURS[(si * 5 + k * 7) % COLOURS.len()];
                let sku = format!("{parent_sku}-{code}");
                let name = st.name.to_string();
                let slug = format!("{}-{}", slugify(st.name), slugify(colour));
                let speed = match top {
                    1 => [12.0, 19.5, 24.0, 8.0][k % 4],
                    2 => [2.0, 4.5, 7.0][k % 3],
                    4 => [0.8, 1.6][k % 2],
                    _ => 3.0,
                };
                let active = if si == 8 && k == colours - 1 { 0 } else { 1 };
                let note = format!("<p>Designed in Bengaluru for Indian summers: <strong>{}</strong> in {colour} is made to be worn all day.</p>", st.name);
                let html = format!(
                    "<h3>Product details</h3><ul><li>Colour: {colour}</li><li>Fabric: {}</li><li>Care: gentle hand wash, dry in shade</li></ul><p>Style code {sku}.</p>",
                    if cotton { "95% cotton, 5% elastane" } else { "nylon-elastane blend" }
                );
                let product_id: i64 = sqlx::query_scalar(
                    "INSERT INTO products (slug, name, translated_name, sku, parent_sku, color_name, rgbcode, category_id, price, old_price, \
                     offer_text, offer_key, combo, is_freesize, active, max_cart_items, nonreturnable, channel_type, speed, beginner, preorder, \
                     newarrivals, is_cotton_comforty, has_cotton_label, sold_count, designer_note, page_extension_mob, manufactured_by, marketed_by, \
                     country_of_origin, size_chart_in, size_chart_cm, meta_title, created_at) \
                     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31,$32,$33,$34) RETURNING id",
                )
                .bind(&slug).bind(&name).bind(st.hindi).bind(&sku).bind(&parent_sku).bind(colour).bind(rgb).bind(st.category)
                .bind(st.price_rupees * 100).bind(old_price * 100).bind(offer_text).bind(offer_key)
                .bind((st.sizes == SizeKind::Combo) as i64).bind((st.sizes == SizeKind::Free) as i64).bind(active)
                .bind(if top == 2 { 10i64 } else { 5 })
                .bind((top == 2 || top == 300) as i64)
                .bind(if si % 5 == 2 { 2i64 } else { 1 })
                .bind(speed)
                .bind((si == 3 || si == 10) as i64)
                .bind((si == 13 && k == 0) as i64)
                .bind((si % 3 == 0 && k == colours - 1) as i64)
                .bind((cotton && si % 2 == 0) as i64)
                .bind(cotton as i64)
                .bind(dice.range(40, 4000))
                .bind(&note).bind(&html).bind(MANUFACTURER).bind(MARKETER)
                .bind(if si % 11 == 7 { "Sri Lanka" } else { "India" })
                .bind(format!("/media/size-charts/{chart}-in.svg")).bind(format!("/media/size-charts/{chart}-cm.svg"))
                .bind(format!("{name} in {colour} | Drape"))
                .bind(t - (si * 10 + k) as i64 * 3_600_000)
                .fetch_one(&mut *tx)
                .await?;
                products += 1;

                exec(&mut tx, "INSERT INTO product_categories (product_id, category_id) VALUES ($1, $2)", &[I(product_id), I(st.category)]).await?;
                if top != st.category {
                    exec(&mut tx, "INSERT INTO product_categories (product_id, category_id) VALUES ($1, $2)", &[I(product_id), I(top)]).await?;
                }

                // Gallery: four generated views, and a video on every fourth style.
                for n in 1..=4i64 {
                    let url = format!("/media/products/{sku}/{n}.svg");
                    exec(
                        &mut tx,
                        "INSERT INTO gallery_items (product_id, position, kind, img_m, img_l, thumbnail_url, embed) VALUES ($1, $2, 'image', $3, $3, $3, '')",
                        &[I(product_id), I(n * 10), S(&url)],
                    )
                    .await?;
                }
                if si % 4 == 1 {
                    let poster = format!("/media/products/{sku}/5.svg");
                    exec(&mut tx, "INSERT INTO gallery_items (product_id, position, kind, img_m, img_l, thumbnail_url, embed) VALUES ($1, 15, 'video', $2, $2, $2, '/media/videos/drape-demo.mp4')",
                        &[I(product_id), S(&poster)]).await?;
                }

                // Sizes and stock: some sold out, some with 1–5 or 6–10 left; every 17th product sold out.
                let all_gone = products.is_multiple_of(17);
                let mut rows: Vec<(i64, &str, &str, i64, i64)> = Vec::new();
                let roll = |dice: &mut Dice| -> i64 {
                    if all_gone {
                        return 0;
                    }
                    match dice.range(0, 99) {
                        0..=14 => 0,
                        15..=34 => dice.range(1, 5),
                        35..=54 => dice.range(6, 10),
                        _ => dice.range(11, 60),
                    }
                };
                match st.sizes {
                    SizeKind::Bra => {
                        for (i, v) in BRA_SIZES.iter().enumerate() {
                            rows.push((0, "", v, i as i64, roll(&mut dice)));
                        }
                    }
                    SizeKind::Alpha => {
                        for (i, v) in ALPHA_SIZES.iter().enumerate() {
                            rows.push((0, "", v, i as i64, roll(&mut dice)));
                        }
                    }
                    SizeKind::Free => rows.push((0, "", "FREE-SIZE", 0, if all_gone { 0 } else { dice.range(3, 40) })),
                    SizeKind::Combo => {
                        for (i, v) in COMBO_BRA_SIZES.iter().enumerate() {
                            rows.push((1, "Bra", v, i as i64, roll(&mut dice)));
                        }
                        for (i, v) in COMBO_PANTY_SIZES.iter().enumerate() {
                            rows.push((2, "Panty", v, i as i64, roll(&mut dice)));
                        }
                    }
                }
                made.push((product_id, si, top, st.price_rupees * 100, rows.iter().filter(|r| r.4 > 0).map(|r| (r.0, r.2.to_string())).collect()));
                for (part, part_label, value, position, stock) in rows {
                    let size_sku = format!("{sku}-{value}");
                    let fit = if prefix == "BR" && value == "34B" { "Most customers find this true to size" } else { "" };
                    exec(&mut tx, "INSERT INTO sizes (product_id, part, part_label, position, label, value, sku, stock, fit_size_msg) VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8)",
                        &[I(product_id), I(part), S(part_label), I(position), S(value), S(&size_sku), I(stock), S(fit)]).await?;
                }

                let features: &[(&str, &str, &str)] = match top {
                    1 => &[
                        ("Padding", "Lightly padded, removable cups", "padding"),
                        ("Wire", if si % 2 == 0 { "Wirefree" } else { "Underwired" }, "wire"),
                        ("Straps", "Adjustable, convertible", "straps"),
                        ("Closure", "Back closure, 3 hook levels", "closure"),
                    ],
                    2 => &[("Rise", "Mid rise", "rise"), ("Coverage", "Medium coverage", "coverage"), ("Waistband", "Soft covered elastic", "waistband")],
                    4 => &[("Fabric", "Breathable and light", "fabric"), ("Fit", "Relaxed fit", "fit")],
                    253 => &[("Impact", "Medium to high", "impact"), ("Fabric", "Quick-dry, moisture wicking", "fabric"), ("Fit", "Compression fit", "fit")],
                    _ => &[("Includes", "1 bra and 1 matching panty", "includes"), ("Padding", "Lightly padded", "padding")],
                };
                let category_name = CATEGORIES.iter().find(|c| c.0 == top).map(|c| c.1).unwrap_or("");
                for (fname, desc, fslug) in features {
                    exec(
                        &mut tx,
                        "INSERT INTO product_features (product_id, name, description, icon_small, slug, category_name) VALUES ($1, $2, $3, $4, $5, $6)",
                        &[I(product_id), S(fname), S(desc), S(&format!("/media/icons/{fslug}.svg")), S(fslug), S(category_name)],
                    )
                    .await?;
                }
                for (label, address) in [("Manufacturer", MANUFACTURER), ("Packer", MANUFACTURER), ("Marketer", MARKETER)] {
                    exec(&mut tx, "INSERT INTO product_labels (product_id, label, address) VALUES ($1, $2, $3)", &[I(product_id), S(label), S(address)])
                        .await?;
                }

                // Ratings (a few hidden from shoppers) and written reviews.
                let raters = dice.range(0, reviewer_ids.len() as i64) as usize;
                for (ri, user_id) in reviewer_ids.iter().take(raters).enumerate() {
                    // Only buyers may rate (the shop's own rule): the reviewer gets a delivered order of it below.
                    rated.entry(*user_id).or_default().push(product_id);
                    let stars = [5, 5, 4, 5, 4, 3, 5, 4, 2, 5, 1, 4][(ri + si + k) % 12];
                    let public = if dice.chance(10) { 0 } else { 1 };
                    exec(
                        &mut tx,
                        "INSERT INTO ratings (product_id, user_id, stars, is_public, created_at) VALUES ($1, $2, $3, $4, $5)",
                        &[I(product_id), I(*user_id), I(stars), I(public), I(t - ri as i64 * 86_400_000)],
                    )
                    .await?;
                    if ri % 2 == 0 {
                        let (headline, comment, _) = REVIEW_TEXTS.iter().find(|r| r.2 == stars).copied().unwrap_or(REVIEW_TEXTS[0]);
                        let public_name = if ri % 4 == 0 { REVIEWERS[ri].1 } else { "" };
                        exec(
                            &mut tx,
                            "INSERT INTO reviews (product_id, user_id, headline, comment, public_name, stars, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                            &[I(product_id), I(*user_id), S(headline), S(comment), S(public_name), I(stars), I(t - ri as i64 * 86_400_000)],
                        )
                        .await?;
                    }
                }
            }
        }

        // Orders. The demo shopper has received one product of each kind (so rating, reviewing,
        // last-purchased sizes and re-order can be tried at once) and has one order on its way.
        let shopper_id: i64 = sqlx::query_scalar("SELECT id FROM users WHERE mobile = $1").bind(DEMO_SHOPPER_MOBILE).fetch_one(&mut *tx).await?;
        let first_of = |top: i64, skip: usize| made.iter().filter(|m| m.2 == top && !m.4.is_empty()).nth(skip).cloned();
        let line = |m: &(i64, usize, i64, i64, Vec<(i64, String)>), wanted: &str| -> (i64, String, String, String, i64) {
            let pick = |part: i64| {
                m.4.iter()
                    .filter(|s| s.0 == part)
                    .map(|s| s.1.clone())
                    .find(|v| v == wanted)
                    .or_else(|| m.4.iter().find(|s| s.0 == part).map(|s| s.1.clone()))
                    .unwrap_or_default()
            };
            if m.2 == 300 {
                (m.0, String::new(), pick(1), pick(2), m.3)
            } else {
                (m.0, pick(0), String::new(), String::new(), m.3)
            }
        };
        let mut orders: Vec<(Vec<(i64, String, String, String, i64)>, i64, &str, i64)> = Vec::new();
        let wants: [(i64, &str); 5] = [(1, "34B"), (2, "M"), (4, "L"), (253, "M"), (300, "34B")];
        for (i, (top, size)) in wants.iter().enumerate() {
            if let Some(m) = first_of(*top, 0) {
                orders.push((vec![line(&m, size)], shopper_id, OrderStatus::Delivered.name(), 40 - i as i64 * 5));
            }
        }
        if let Some(m) = first_of(1, 1) {
            orders.push((vec![line(&m, "34B")], shopper_id, OrderStatus::Shipped.name(), 2));
        }
        // Every reviewer received what they rated: delivered orders of up to five pieces, 60 days ago
        // and earlier (before any of their ratings).
        for (ri, user_id) in reviewer_ids.iter().enumerate() {
            let bought: Vec<_> = rated.get(user_id).into_iter().flatten().filter_map(|pid| made.iter().find(|m| m.0 == *pid)).map(|m| line(m, "M")).collect();
            for (k, chunk) in bought.chunks(5).enumerate() {
                orders.push((chunk.to_vec(), *user_id, OrderStatus::Delivered.name(), 60 + (ri * 40 + k) as i64));
            }
        }
        // Each demo order has the life a real one would: placed and confirmed, packed the next day,
        // shipped, and (for delivered ones) delivered four days after it was placed, all on its timeline.
        let demo_address = serde_json::json!({
            "addressee": "Riya Sharma", "street1": "Flat 402, Lotus Residency, 14th Cross", "street2": "Indiranagar",
            "city": "Bengaluru", "state": "Karnataka", "postal_code": "560038", "phone": DEMO_SHOPPER_MOBILE, "address_type": "home",
        })
        .to_string();
        const DAY: i64 = 86_400_000;
        // Their own dice, so the rest of the demo data stays as it was.
        let mut ids = Dice(0x0DE5_0000_0000_0042);
        for (n, (lines, user, status, days_ago)) in orders.into_iter().enumerate() {
            let at = t - days_ago * DAY;
            let total: i64 = lines.iter().map(|l| l.4).sum();
            let delivered = status == OrderStatus::Delivered.name();
            let order_ref = format!("DRPDEMO{:04}", n + 1);
            let order_id: i64 = sqlx::query_scalar(
                "INSERT INTO orders (order_ref, public_id, user_id, status, payment_mode, total, to_pay, address, delivery_date, courier, tracking_number, \
                 delivered_at, created_at, updated_at) VALUES ($1, $2, $3, $4, 'COD', $5, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id",
            )
            .bind(&order_ref)
            .bind(format!("{:016x}{:016x}", ids.next(), ids.next()))
            .bind(user)
            .bind(status)
            .bind(total)
            .bind(if user == shopper_id { demo_address.as_str() } else { "{}" })
            .bind(crate::db::from_millis(at + 4 * DAY).date_naive().to_string())
            .bind("Delhivery")
            .bind(format!("DL{:010}", 4_100_000_000i64 + n as i64))
            .bind(delivered.then_some(at + 4 * DAY))
            .bind(at)
            .fetch_one(&mut *tx)
            .await?;
            let mut steps = vec![
                ("", OrderStatus::Verified.name(), 0),
                (OrderStatus::Verified.name(), OrderStatus::Picked.name(), DAY),
                (OrderStatus::Picked.name(), OrderStatus::Shipped.name(), 2 * DAY),
            ];
            if delivered {
                steps.push((OrderStatus::Shipped.name(), OrderStatus::Delivered.name(), 4 * DAY));
            }
            for (from, to, after) in steps {
                let note = if to == OrderStatus::Shipped.name() { format!("Delhivery DL{:010}", 4_100_000_000i64 + n as i64) } else { String::new() };
                exec(
                    &mut tx,
                    "INSERT INTO order_events (order_id, from_status, to_status, actor, note, created_at) VALUES ($1, $2, $3, 'system', $4, $5)",
                    &[I(order_id), S(from), S(to), S(&note), I(at + after)],
                )
                .await?;
            }
            for (product_id, size, c1, c2, price) in lines {
                exec(
                    &mut tx,
                    "INSERT INTO order_items (order_id, product_id, size_value, combo1, combo2, quantity, price, mrp, paid, gst_rate, gst) \
                     VALUES ($1, $2, $3, $4, $5, 1, $6, $6, $6, $7, $8)",
                    &[
                        I(order_id),
                        I(product_id),
                        S(&size),
                        S(&c1),
                        S(&c2),
                        I(price),
                        I(drape_domain::checkout::gst_rate(price)),
                        I(drape_domain::checkout::gst_inside(price, drape_domain::checkout::gst_rate(price))),
                    ],
                )
                .await?;
            }
        }

        // Design of the month: bras for this month and the two before, panties for this month.
        let month = |back: i64| {
            use chrono::Datelike;
            let m0 = now.year() as i64 * 12 + now.month0() as i64 - back;
            format!("{:04}-{:02}", m0 / 12, m0 % 12 + 1)
        };
        let blurb = "Each month our customers get one style at a give-away price, while stocks last.";
        for (cat, top, back, skip) in [("bra", 1, 0, 2usize), ("bra", 1, 1, 3), ("bra", 1, 2, 4), ("panty", 2, 0, 2)] {
            if let Some(m) = first_of(top, skip) {
                exec(
                    &mut tx,
                    "INSERT INTO featured_designs (category_slug, month, product_id, blurb) VALUES ($1, $2, $3, $4)",
                    &[S(cat), S(&month(back)), I(m.0), S(blurb)],
                )
                .await?;
                if back == 0 && cat == "bra" {
                    // Under a day left: the banner hides its days box.
                    exec(
                        &mut tx,
                        "INSERT INTO timers (product_id, text, starts_at, ends_at) VALUES ($1, $2, $3, $4)",
                        &[I(m.0), S("Bra of the month: give-away price ends in"), I(millis(now - Duration::hours(1))), I(millis(now + Duration::hours(20)))],
                    )
                    .await?;
                }
            }
        }

        // Cart gifts and last-minute deals.
        let month_ahead = millis(now + Duration::days(30));
        let since = millis(now - Duration::days(1));
        if let Some(hipster) = first_of(2, 0) {
            exec(
                &mut tx,
                "INSERT INTO gift_offers (title, product_id, price, min_order, starts_at, ends_at) VALUES ($1, $2, 0, $3, $4, $5)",
                &[S("Free cotton hipster on orders of ₹1,999 or more"), I(hipster.0), I(199_900), I(since), I(month_ahead)],
            )
            .await?;
        }
        if let Some(slip) = made.iter().find(|m| STYLES[m.1].sizes == SizeKind::Free && m.2 == 4 && !m.4.is_empty()).cloned() {
            exec(
                &mut tx,
                "INSERT INTO gift_offers (title, product_id, price, min_order, starts_at, ends_at) VALUES ($1, $2, $3, $4, $5, $6)",
                &[S("Add a satin slip for ₹499"), I(slip.0), I(49_900), I(99_900), I(since), I(month_ahead)],
            )
            .await?;
        }
        for (top, skip, price) in [(2, 3, 14_900i64), (2, 5, 19_900), (1, 9, 29_900)] {
            if let Some(m) = first_of(top, skip) {
                exec(
                    &mut tx,
                    "INSERT INTO deals (product_id, deal_price, starts_at, ends_at) VALUES ($1, $2, $3, $4)",
                    &[I(m.0), I(price), I(since), I(millis(now + Duration::days(2)))],
                )
                .await?;
            }
        }

        // The upgrade ladder (taken in place of a coupon) and partners' codes.
        for (title, min_value, discount) in [
            ("₹100 off orders of ₹1,299", 129_900i64, 10_000i64),
            ("₹300 off orders of ₹2,499", 249_900, 30_000),
            ("₹600 off orders of ₹3,999", 399_900, 60_000),
        ] {
            exec(
                &mut tx,
                "INSERT INTO upgrade_options (title, min_value, discount, starts_at, ends_at) VALUES ($1, $2, $3, $4, $5)",
                &[S(title), I(min_value), I(discount), I(since), I(month_ahead)],
            )
            .await?;
        }
        for (code, name, percent, cap, from, to) in [
            ("RIYASTYLE", "Riya's Style Notes", 5i64, Some(25_000i64), -10i64, 80i64),
            ("FITWITHANU", "Fit with Anu", 0, None, -10, 80),
            ("DIWALIPARTNER", "Festive partners", 10, None, -60, -20),
        ] {
            exec(
                &mut tx,
                "INSERT INTO affiliates (code, name, percent, cap, starts_at, ends_at) VALUES ($1, $2, $3, $4, $5, $6)",
                &[S(code), S(name), I(percent), cap.map(I).unwrap_or(N), I(t + from * day), I(t + to * day)],
            )
            .await?;
        }

        // A store-wide sale countdown.
        exec(
            &mut tx,
            "INSERT INTO timers (product_id, text, starts_at, ends_at) VALUES ($1, $2, $3, $4)",
            &[N, S("End of Season Sale ends in"), I(millis(now - Duration::days(1))), I(millis(now + Duration::days(3)))],
        )
        .await?;

        tx.commit().await?;
        Ok(Some(SeedSummary { products, users: 3 + REVIEWERS.len() }))
    }
}

/// Collection names for a large catalog's extra products ('Aurora Lace Push-Up Bra').
const COLLECTIONS: [&str; 24] = [
    "Aurora", "Bloom", "Cove", "Dune", "Ember", "Fern", "Glow", "Haze", "Iris", "Jade", "Kesar", "Lotus", "Mist", "Neem", "Opal", "Pearl", "Quill", "Rani",
    "Sable", "Tulsi", "Usha", "Vela", "Willow", "Zara",
];

impl Store {
    /// Grows the demo catalog to `total` products for load tests (`drape seed --products N`): each extra
    /// product is a demo product in a named collection, with its sizes (fresh stock), categories and
    /// gallery. Deterministic; does nothing when the catalog already has `total` products.
    pub async fn seed_more(&self, total: i64, now: DateTime<Utc>) -> Result<i64> {
        let have = self.product_count().await?;
        let bases: Vec<(i64, String, String, String)> =
            sqlx::query_as("SELECT id, name, slug, sku FROM products WHERE active = 1 ORDER BY id").fetch_all(&self.pool).await?;
        if have >= total || bases.is_empty() {
            return Ok(0);
        }
        let mut dice = Dice(0x05ee_d0fd_4a9e);
        let mut added = 0;
        let mut tx = self.pool.begin().await?;
        for n in have..total {
            let (base, name, slug, sku) = &bases[(n as usize) % bases.len()];
            let collection = COLLECTIONS[(n as usize / bases.len()) % COLLECTIONS.len()];
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO products (slug, name, translated_name, sku, parent_sku, color_name, rgbcode, category_id, price, old_price, offer_text, offer_key, \
                 combo, multicombo, is_freesize, active, max_cart_items, nonreturnable, channel_type, speed, beginner, preorder, newarrivals, is_cotton_comforty, \
                 has_cotton_label, sold_count, designer_note, page_extension_mob, manufactured_by, marketed_by, country_of_origin, size_chart_in, size_chart_cm, meta_title, created_at) \
                 SELECT $1, $2, translated_name, $3, $4, color_name, rgbcode, category_id, price + $5, old_price + $5, offer_text, offer_key, \
                 combo, multicombo, is_freesize, 1, max_cart_items, nonreturnable, channel_type, speed, beginner, preorder, newarrivals, is_cotton_comforty, \
                 has_cotton_label, $6, designer_note, page_extension_mob, manufactured_by, marketed_by, country_of_origin, size_chart_in, size_chart_cm, meta_title, $7 \
                 FROM products WHERE id = $8 RETURNING id",
            )
            .bind(format!("{slug}-{n}"))
            .bind(format!("{collection} {name}"))
            .bind(format!("{sku}-{n}"))
            .bind(format!("{sku}-{n}"))
            .bind(dice.range(0, 10) * 5_000)
            .bind(dice.range(0, 3000))
            .bind(millis(now) - n * 60_000)
            .bind(base)
            .fetch_one(&mut *tx)
            .await?;
            exec(
                &mut tx,
                "INSERT INTO product_categories (product_id, category_id) SELECT $1, category_id FROM product_categories WHERE product_id = $2",
                &[I(id), I(*base)],
            )
            .await?;
            exec(&mut tx, "INSERT INTO gallery_items (product_id, position, kind, img_m, img_l, thumbnail_url, embed) SELECT $1, position, kind, img_m, img_l, thumbnail_url, embed FROM gallery_items WHERE product_id = $2", &[I(id), I(*base)]).await?;
            exec(
                &mut tx,
                "INSERT INTO sizes (product_id, part, part_label, position, label, value, sku, stock, is_auto_select_size, fit_size_msg) \
                 SELECT $1, part, part_label, position, label, value, sku || $3, (position * 7 + $4) % 40, is_auto_select_size, fit_size_msg FROM sizes WHERE product_id = $2",
                &[I(id), I(*base), S(&format!("-{n}")), I(dice.range(0, 39))],
            )
            .await?;
            added += 1;
        }
        tx.commit().await?;
        Ok(added)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_url_safe() {
        assert_eq!(slugify("Lace Bra & Panty Set"), "lace-bra-panty-set");
        assert_eq!(slugify("Level-2 Push-Up Bra"), "level-2-push-up-bra");
    }

    #[test]
    fn demo_catalog_is_big_enough() {
        let total: usize = (0..STYLES.len()).map(|si| 4 + si % 3).sum();
        assert!(total >= 200, "only {total} products");
    }

    #[test]
    fn colour_variants_of_a_style_differ() {
        for si in 0..STYLES.len() {
            let mut codes: Vec<_> = (0..4 + si % 3).map(|k| COLOURS[(si * 5 + k * 7) % COLOURS.len()].1).collect();
            codes.sort();
            codes.dedup();
            assert_eq!(codes.len(), 4 + si % 3, "style {si}");
        }
    }
}

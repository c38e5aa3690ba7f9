//! A product page drawn whole by the server for a first visit, for the app to hydrate (issue 14's
//! blocking time on the product page).
//!
//! The app drew the product page over the HTML's first frame, and on a slow phone the layout that
//! followed (most of it the browser finding the page's fonts, one call out of its sandbox per family,
//! size and weight) was the longest task after the first paint. Drawn here, that layout comes before
//! the first paint, and React takes the markup over instead of drawing it.
//!
//! It is ProductPageContent's first render (web/src/app/routes/product-page.tsx, ProductView.tsx and
//! its parts) for a guest from the answers the app reads first: the product, its offer timer, its
//! offers and its sizes. That render draws down to the buy bar (what lies under it comes a frame
//! later: ProductView's `useDrawnCount`), with no size chosen yet (the auto-selections are effects).
//! testdata/drawn/product.json and product.html hold both sides to the same markup
//! (web/src/app/routes/drawn.test.tsx draws them with React's renderer). Whatever this module does
//! not draw exactly as the app would (a video, a product with nothing to buy, an address React
//! Router would write otherwise) makes it draw nothing: the page then opens as
//! before, the app drawing it.

use super::{esc, icon, root_of, sized, srcset, APART, BAG, CHEVRON_LEFT, CHEVRON_RIGHT, HEART, STAR};
use crate::features::catalog::{GalleryKind, ProductOut, SizeItem, SizesOut, SizesResult};
use crate::features::offers::{OfferMessages, OfferOut, TimerAnswer, TimerOut};
use std::fmt::Write;

/// Everything a product page is drawn from.
pub struct ProductPage {
    /// `GET /web/api/v1/product-mobile/{slug}/`
    pub product: ProductOut,
    /// `GET /web/api/v1/product/{slug}/sizes/s/`
    pub sizes: SizesOut,
    /// `GET /web/api/v1/product/{slug}/timer/s/`
    pub timer: TimerAnswer,
    /// `GET /bp_pp_product_details_page/?product_id=`: its offers in the answer's order (the map's),
    /// as the app's `Object.values` lists them.
    pub offers: OfferMessages,
    pub quality: u32,
    pub year: i32,
    /// The server's clock as the page is drawn (the countdown), in ms; the page's root carries it, for
    /// the app's first render to count from (web/src/shared/lib/first-page.ts, drawnClock).
    pub now_ms: i64,
}

/// web/src/shared/lib/images.ts: GALLERY_WIDTHS and GALLERY_SIZES.
const GALLERY_WIDTHS: [u32; 5] = [360, 540, 720, 1080, 1440];
const GALLERY_SIZES: &str = "(min-width: 900px) 50vw, 100vw";
/// web/src/features/product/purchase.ts: CART_PATH.
const CART_PATH: &str = "/view-cart/";
/// web/src/features/product/offers.ts: OFFER_MSG_MAX.
const OFFER_MSG_MAX: usize = 24;

const SHARE: &str = r#"<circle cx="18" cy="5" r="2.5"></circle><circle cx="6" cy="12" r="2.5"></circle><circle cx="18" cy="19" r="2.5"></circle><path d="m8.2 10.8 7.6-4.5M8.2 13.2l7.6 4.5"></path>"#;
const EXPAND: &str = r#"<path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"></path>"#;
const CLOCK: &str = r#"<circle cx="12" cy="12" r="8"></circle><path d="M12 8v4l3 2"></path>"#;
const TAG: &str = r#"<path d="M3 12V4h8l10 10-8 8L3 12Z"></path><circle cx="7.5" cy="8.5" r="1.5"></circle>"#;
const CHECK: &str = r#"<path d="m5 12.5 4.5 4.5L19 7.5"></path>"#;
const RULER: &str = r#"<rect x="2" y="8" width="20" height="8" rx="1"></rect><path d="M6 8v3M10 8v4M14 8v3M18 8v4"></path>"#;
const CALCULATOR: &str =
    r#"<rect x="5" y="3" width="14" height="18" rx="2"></rect><path d="M8 7h8M8 12h.01M12 12h.01M16 12h.01M8 16h.01M12 16h.01M16 16h.01"></path>"#;
const BELL: &str = r#"<path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16Z"></path><path d="M10 20a2 2 0 0 0 4 0"></path>"#;
const MINUS: &str = r#"<path d="M5 12h14"></path>"#;
const PLUS: &str = r#"<path d="M12 5v14M5 12h14"></path>"#;

/// A product image the app would ask for as the server writes it: under /media/products/, nothing after its path.
fn plain(src: &str) -> bool {
    super::is_plain_product_image(src)
}

/// The gallery's slides (ProductView's `galleryOf`): the product's own, or its image alone.
fn slides(p: &ProductOut) -> Vec<(&str, &str)> {
    if p.gallery.is_empty() {
        return vec![(p.img.as_str(), p.img.as_str())];
    }
    p.gallery
        .iter()
        .map(|s| {
            let image = if s.img_l.is_empty() { s.img_m.as_str() } else { s.img_l.as_str() };
            let thumb = if s.thumbnail_url.is_empty() { s.img_m.as_str() } else { s.thumbnail_url.as_str() };
            (image, thumb)
        })
        .collect()
}

/// An address React Router's `<Link to>` writes as it is: a path of plain segments.
fn plain_path(href: &str) -> bool {
    href.starts_with('/')
        && !href.contains("//")
        && href.split('/').all(|s| s != "." && s != "..")
        && href.chars().all(|c| c.is_ascii_alphanumeric() || "/-_".contains(c))
}

/// `safeColour`'s pattern (web/src/features/product/timer.ts): #rgb, #rgba, #rrggbb or #rrggbbaa.
fn is_hex_colour(s: &str) -> bool {
    let hex = s.strip_prefix('#').unwrap_or("");
    s.starts_with('#') && [3, 4, 6, 8].contains(&hex.len()) && hex.chars().all(|c| c.is_ascii_hexdigit())
}

/// web/src/features/product/timer.ts: safeColour.
fn safe_colour<'a>(value: &'a str, fallback: &'a str) -> &'a str {
    let v = js_trim(value);
    if is_hex_colour(v) {
        v
    } else {
        fallback
    }
}

/// JavaScript's `trim` (its white space and line ends, the byte order mark among them).
fn js_trim(s: &str) -> &str {
    s.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
}

/// Whether the page can be drawn exactly as the app's first render draws it; otherwise the app draws it.
fn drawable(page: &ProductPage) -> bool {
    let p = &page.product;
    if page.sizes.status != "success" {
        return false;
    }
    let sizes = &page.sizes.result;
    // get-sizes.ts' allSoldOut: a combo needs every part in stock, any other product one size
    let in_stock = if sizes.combo_sizes.is_empty() {
        sizes.size.iter().any(|s| s.quantity > 0)
    } else {
        sizes.combo_sizes.iter().all(|g| g.sizes.iter().any(|s| s.quantity > 0))
    };
    (1..=100).contains(&page.quality)
        && p.active
        && !p.is_soldout
        && in_stock
        && sizes.max_cart_items >= 1
        && sizes.cart_pieces == 0
        && p.gallery.iter().all(|s| matches!(s.kind, GalleryKind::Image))
        && slides(p).iter().all(|(image, thumb)| plain(image) && plain(thumb))
        && p.categories.first().is_none_or(|c| plain_path(&format!("/{}/", c.slug)))
        && p.more_colors.iter().all(|c| plain_path(&format!("/product/{}", c.slug)) && (c.rgbcode.is_empty() || is_hex_colour(&c.rgbcode)))
        && page.offers.offer_msg_dict_ajax.iter().all(|(key, o)| {
            // JavaScript lists an object's number-like keys first, whatever the answer's order
            let href = offer_href(o);
            !key.bytes().all(|b| b.is_ascii_digit()) && (!href.starts_with('/') || plain_path(href))
        })
}

/// The page's root: the shell, the product page inside `main`, the footer and the toasts. None when
/// it is not the app's to draw this way.
pub fn product(page: &ProductPage) -> Option<String> {
    if !drawable(page) {
        return None;
    }
    let p = &page.product;
    let sizes = &page.sizes.result;
    Some(root_of(page.year, |out| {
        let _ = write!(out, r#"<article class="pdp" data-testid="product" data-product-slug="{}" aria-busy="false"><div class="pdp__media">"#, esc(&p.slug));
        gallery(out, p, page.quality);
        out.push_str(r#"</div><div class="pdp__main">"#);
        if let Some(t) = &page.timer.timer {
            timer(out, t, page.now_ms);
        }
        if let Some(c) = p.categories.first() {
            let _ = write!(
                out,
                r#"<nav class="breadcrumb" aria-label="Breadcrumb"><a href="/" data-discover="true">Home</a><span aria-hidden="true">/</span><a href="/{}/" data-discover="true">{}</a></nav>"#,
                esc(&c.slug),
                esc(&c.name)
            );
        }
        let _ = write!(out, r#"<h1 class="pdp__name">{}</h1>"#, esc(&p.name));
        if p.channel_type == 2 {
            out.push_str(r#"<p class="pdp__exclusive">Exclusive</p>"#);
        }
        price(out, p);
        let offers = &page.offers.offer_msg_dict_ajax;
        if !offers.is_empty() {
            offer_list(out, offers);
        } else if !p.offer_text.is_empty() {
            let _ = write!(out, r#"<p class="offer-text"><span class="offer-text__label">Offer</span> {APART}{}</p>"#, esc(&p.offer_text));
        }
        colours(out, p);
        size_section(out, p, sizes);
        buy(out, sizes);
        out.push_str("</div><!--$--><!--/$--></article>");
    }))
}

/// The product's tag over the gallery (web/src/features/product/product-tag.ts, for a product with
/// something to buy) and its class's suffix.
fn tag(p: &ProductOut) -> Option<(&'static str, &'static str)> {
    let cats = &p.all_category_with_parents;
    let selling_fast = [(1, 19.0), (2, 4.0), (4, 1.4)].iter().any(|&(cat, min)| cats.contains(&cat) && p.speed > min);
    if p.active && selling_fast {
        Some(("Selling Fast", "selling-fast"))
    } else if p.beginner {
        Some(("Beginners", "beginners"))
    } else if p.preorder {
        Some(("Pre Order", "pre-order"))
    } else if p.newarrivals {
        Some(("New", "new"))
    } else if p.is_cotton_comforty || p.has_cotton_label {
        Some(("Cotton", "cotton"))
    } else {
        None
    }
}

/// Gallery (web/src/features/product/components/Gallery.tsx) at its first slide, with ProductView's
/// wishlist (not wished: a guest) and share buttons over it.
fn gallery(out: &mut String, p: &ProductOut, quality: u32) {
    let items = slides(p);
    let n = items.len();
    let name = esc(&p.name);
    let _ = write!(
        out,
        r#"<section class="gallery" aria-roledescription="carousel" aria-label="{name} images"><div class="gallery__viewport"><div class="gallery__track" style="transform:translateX(-0%)">"#
    );
    for (i, (image, _)) in items.iter().enumerate() {
        let first = i == 0;
        let alt = if first { name.clone() } else { format!("{name}, view {}", i + 1) };
        let _ = write!(
            out,
            r#"<div class="gallery__slide" role="group" aria-roledescription="slide" aria-label="{} of {n}" aria-hidden="{}"><img src="{}" srcSet="{}" sizes="{GALLERY_SIZES}" alt="{alt}" width="600" height="800" loading="{}" fetchPriority="{}" decoding="{}" draggable="false"/></div>"#,
            i + 1,
            !first,
            sized(image, 720, quality),
            srcset(image, quality, &GALLERY_WIDTHS),
            if first { "eager" } else { "lazy" },
            if first { "high" } else { "auto" },
            if first { "auto" } else { "async" },
        );
    }
    out.push_str(r#"</div><div class="gallery__badges">"#);
    if let Some((label, class)) = tag(p) {
        let _ = write!(out, r#"<span class="gallery__tag gallery__tag--{class}" data-testid="product-tag">{label}</span>"#);
    }
    out.push_str(r#"</div><div class="gallery__actions"><button type="button" class="round-button" aria-pressed="false" aria-label="Add to wishlist" data-testid="wishlist-toggle">"#);
    icon(out, 20, HEART);
    out.push_str(r#"</button><button type="button" class="round-button" aria-label="Share" data-testid="share-button">"#);
    icon(out, 19, SHARE);
    out.push_str(r#"</button></div><button type="button" class="gallery__expand" aria-label="View images full screen" data-testid="open-fullscreen">"#);
    icon(out, 18, EXPAND);
    out.push_str("</button>");
    if n > 1 {
        out.push_str(r#"<button type="button" class="gallery__arrow gallery__arrow--prev" aria-label="Previous image">"#);
        icon(out, 20, CHEVRON_LEFT);
        out.push_str(r#"</button><button type="button" class="gallery__arrow gallery__arrow--next" aria-label="Next image">"#);
        icon(out, 20, CHEVRON_RIGHT);
        out.push_str(r#"</button><div class="gallery__dots">"#);
        for i in 1..=n {
            let current = if i == 1 { r#" aria-current="true""# } else { "" };
            let _ = write!(out, r#"<button type="button" class="gallery__dot"{current} aria-label="Show image {i} of {n}"></button>"#);
        }
        out.push_str("</div>");
    }
    out.push_str("</div>");
    if n > 1 {
        out.push_str(r#"<div class="gallery__thumbs" role="tablist" aria-label="Choose an image">"#);
        for (i, (_, thumb)) in items.iter().enumerate() {
            let _ = write!(
                out,
                r#"<button type="button" role="tab" aria-selected="{}" aria-label="Show image {} of {n}" class="gallery__thumb"><img src="{}" srcSet="{} 2x" alt="" width="48" height="64" loading="lazy"/></button>"#,
                i == 0,
                i + 1,
                sized(thumb, 48, quality),
                sized(thumb, 96, quality),
            );
        }
        out.push_str("</div>");
    }
    out.push_str("</section>");
}

/// TimerBanner (web/src/features/product/components/TimerBanner.tsx and timer.ts' `countdown`) at
/// `now` (ms): nothing outside the offer's window.
fn timer(out: &mut String, t: &TimerOut, now: i64) {
    if now < t.starts_at_ms || now >= t.ends_at_ms {
        return;
    }
    let left = (t.ends_at_ms - now) / 1000;
    let (days, hours, minutes, seconds) = (left / 86_400, left % 86_400 / 3600, left % 3600 / 60, left % 60);
    let show_days = t.ends_at_ms - now >= 86_400_000;
    let _ = write!(
        out,
        r#"<section class="timer" style="background:{};color:{}" data-testid="timer" aria-label="Offer countdown"><p class="timer__text">"#,
        safe_colour(&t.hexcode, "#4a1942"),
        safe_colour(&t.text_hexcode, "#ffffff")
    );
    icon(out, 18, CLOCK);
    let text = if t.text.is_empty() { "Offer ends in" } else { &t.text };
    let spoken = format!("{}{hours} hours {minutes} minutes left", if show_days { format!("{days} days ") } else { String::new() });
    let _ = write!(out, r#"<span>{}</span></p><div class="timer__boxes" role="timer" aria-label="{spoken}">"#, esc(text));
    let boxes = [(show_days, days, "Days"), (true, hours, "Hrs"), (true, minutes, "Min"), (true, seconds, "Sec")];
    for (_, n, unit) in boxes.iter().filter(|b| b.0) {
        let _ = write!(
            out,
            r#"<span class="timer__box" aria-hidden="true" data-unit="{unit}"><span class="timer__num">{n:02}</span><span class="timer__unit">{unit}</span></span>"#
        );
    }
    out.push_str("</div></section>");
}

/// The price, the MRP struck through, the offer's tag, the tax line and the rating pill (RatingPill
/// in web/src/features/product/components/Rating.tsx).
fn price(out: &mut String, p: &ProductOut) {
    let _ = write!(out, r#"<div class="pdp-price" data-testid="price"><span class="price price--lg">{}</span>"#, esc(&p.rounded_up_unit_price_ui));
    if p.old_price > p.rounded_up_unit_price && !p.old_price_ui.is_empty() {
        let _ = write!(out, r#"<s class="price-old"><span class="visually-hidden">MRP </span>{}</s>"#, esc(&p.old_price_ui));
    }
    if !p.offer_tag.is_empty() {
        let _ = write!(out, r#"<span class="price-off">{}</span>"#, esc(&p.offer_tag));
    }
    out.push_str(r#"</div><p class="pdp-price__tax">Inclusive of all taxes</p>"#);
    let (average, count) = (p.rating.0, p.total_ratings.0);
    if count <= 0 {
        return;
    }
    let _ = write!(out, r##"<a href="#ratings" class="rating-link"><span class="rating-pill">{average:.1}{APART} "##);
    icon(out, 12, STAR);
    let _ = write!(out, "</span><span>{}{APART} {APART}{}</span></a>", format_count(count), if count == 1 { "rating" } else { "ratings" });
}

/// web/src/shared/lib/money.ts: formatCount, Indian grouping (12,34,567).
fn format_count(n: i64) -> String {
    let grouped = drape_domain::money::group_indian(n.unsigned_abs());
    if n < 0 {
        format!("-{grouped}")
    } else {
        grouped
    }
}

/// web/src/features/product/offers.ts: isOfferApplied.
fn applied(o: &OfferOut) -> bool {
    o.count > 0 && o.qty >= o.count
}

/// web/src/features/product/offers.ts: offerHref.
fn offer_href(o: &OfferOut) -> &str {
    if applied(o) {
        return CART_PATH;
    }
    match js_trim(&o.url) {
        "" => CART_PATH,
        url => url,
    }
}

/// web/src/features/product/offers.ts: truncateOffer.
fn truncate_offer(msg: &str) -> String {
    let text = js_trim(msg);
    if text.chars().count() <= OFFER_MSG_MAX {
        return text.to_string();
    }
    let cut: String = text.chars().take(OFFER_MSG_MAX).collect();
    format!("{}…", cut.trim_end_matches(|c: char| c.is_whitespace() || c == '\u{feff}'))
}

/// Offers (web/src/features/product/components/Offers.tsx).
fn offer_list(out: &mut String, offers: &std::collections::BTreeMap<String, OfferOut>) {
    out.push_str(r#"<ul class="offers" aria-label="Offers" data-testid="offers">"#);
    for o in offers.values() {
        let is_applied = applied(o);
        let href = offer_href(o);
        let action = if is_applied {
            "Offer applied · View cart".to_string()
        } else if o.count > o.qty && o.qty > 0 {
            format!("Add {} more", o.count - o.qty)
        } else {
            "View offer".to_string()
        };
        let label = esc(&format!("{}. {}", o.msg, if is_applied { "Offer applied, view cart" } else { &action }));
        if href.starts_with('/') && !href.starts_with("//") {
            let _ = write!(out, r#"<li><a class="offers__item" aria-label="{label}" href="{}" data-discover="true">"#, esc(href));
        } else {
            let _ = write!(out, r#"<li><a href="{}" class="offers__item" aria-label="{label}" rel="noopener">"#, esc(href));
        }
        out.push_str(r#"<span class="offers__icon" aria-hidden="true">"#);
        icon(out, 18, TAG);
        let short = truncate_offer(&o.msg);
        let _ = write!(out, r#"</span><span class="offers__text"><span class="offers__msg">{}</span>"#, esc(&short));
        if short != js_trim(&o.msg) {
            let _ = write!(out, r#"<span class="offers__sub" data-testid="offer-full">{}</span>"#, esc(&o.msg));
        }
        if !o.message.is_empty() && o.message != o.msg {
            let _ = write!(out, r#"<span class="offers__sub">{}</span>"#, esc(&o.message));
        }
        let _ = write!(out, r#"</span><span class="offers__action{}">"#, if is_applied { " offers__action--applied" } else { "" });
        if is_applied {
            icon(out, 14, CHECK);
        }
        out.push_str(&esc(&action));
        icon(out, 14, CHEVRON_RIGHT);
        out.push_str("</span></a></li>");
    }
    out.push_str("</ul>");
}

/// ColourSwatches (web/src/features/product/components/ColourSwatches.tsx).
fn colours(out: &mut String, p: &ProductOut) {
    if p.more_colors.is_empty() {
        return;
    }
    out.push_str(r#"<section class="pdp-section pdp-colours" aria-labelledby="pdp-colours-title" data-testid="colours"><h2 id="pdp-colours-title" class="pdp-label">Colour"#);
    if let Some(current) = p.more_colors.iter().find(|c| c.slug == p.slug) {
        let _ = write!(out, r#"<span class="pdp-label__value">: {APART}{}</span>"#, esc(&current.color_name));
    }
    out.push_str(r#"</h2><ul class="swatches">"#);
    for c in &p.more_colors {
        let name = esc(&c.color_name);
        let soldout = if c.is_soldout { " swatch--soldout" } else { "" };
        let current = if c.slug == p.slug { r#" aria-current="true""# } else { "" };
        let unavailable = if c.is_soldout { ", currently unavailable" } else { "" };
        let colour = if c.rgbcode.is_empty() { "#ddd" } else { &c.rgbcode };
        let _ = write!(
            out,
            r#"<li class="swatches__item"><a class="swatch{soldout}"{current} aria-label="{name}{unavailable}" title="{name}" href="/product/{}" data-discover="true"><span class="swatch__dot" style="background-color:{colour}"></span></a><span class="swatch__name{}" aria-hidden="true">{name}"#,
            esc(&c.slug),
            if c.is_soldout { " swatch__name--soldout" } else { "" },
        );
        if c.is_soldout {
            out.push_str(r#"<span class="swatch__unavailable">currently unavailable</span>"#);
        }
        out.push_str("</span></li>");
    }
    out.push_str("</ul></section>");
}

/// The sizes' section: the heading, the size chart and the bra size calculator, the sizes
/// (SizePicker.tsx: one list, or a combo's first two parts under their type labels; none chosen yet)
/// and the request for a sold-out size.
fn size_section(out: &mut String, p: &ProductOut, sizes: &SizesResult) {
    let combo = !sizes.combo_sizes.is_empty();
    let _ = write!(
        out,
        r#"<section class="pdp-section pdp-sizes" aria-labelledby="pdp-sizes-title" data-testid="sizes"><div class="pdp-sizes__head"><h2 id="pdp-sizes-title" class="pdp-heading">{}</h2><div class="pdp-sizes__tools">"#,
        if combo { "Select sizes" } else { "Select size" }
    );
    if !p.size_chart_image.is_empty() {
        out.push_str(r#"<button type="button" class="link-button">"#);
        icon(out, 18, RULER);
        out.push_str(" Size chart</button>");
    }
    // web/src/features/product/bra-size.ts: isBraSku
    if js_trim(&p.sku).get(..2).is_some_and(|s| s.eq_ignore_ascii_case("BR")) {
        out.push_str(r#"<button type="button" class="link-button">"#);
        icon(out, 17, CALCULATOR);
        out.push_str(" Bra Size Calculator</button>");
    }
    out.push_str("</div></div>");
    if combo {
        for (i, g) in sizes.combo_sizes.iter().take(2).enumerate() {
            size_group(out, &format!("{} size", g.kind), Some(&format!("sizes-{i}-label")), &g.sizes);
        }
    } else {
        size_group(out, "Size", None, &sizes.size);
    }
    // purchase.ts' requestableSizes: any sold-out size, of either part
    let sold_out_one = sizes.size.iter().chain(sizes.combo_sizes.iter().flat_map(|g| &g.sizes)).any(|s| s.quantity <= 0);
    if sold_out_one {
        out.push_str(r#"<button type="button" class="link-button pdp-sizes__request">"#);
        icon(out, 16, BELL);
        out.push_str(" Size sold out? Request your size</button>");
    }
    out.push_str("</section>");
}

/// SizePicker's SizeGroup: its label when it has one (`label_id`), then the sizes as radios.
fn size_group(out: &mut String, label: &str, label_id: Option<&str>, sizes: &[SizeItem]) {
    let label = esc(label);
    out.push_str(r#"<div class="size-group">"#);
    if let Some(id) = label_id {
        let _ = write!(out, r#"<h3 class="pdp-label" id="{id}">{label}</h3>"#);
    }
    let _ = write!(out, r#"<div class="sizes" role="radiogroup" aria-label="{label}">"#);
    for s in sizes {
        let sold_out = s.quantity <= 0;
        let name = esc(&s.label);
        let notes = if sold_out { "sold out" } else { s.urgency_message.as_str() };
        let spoken = if notes.is_empty() { name.clone() } else { format!("{name}, {}", esc(notes)) };
        let _ = write!(
            out,
            r#"<div class="sizes__cell"><button type="button" role="radio" aria-checked="false" class="size{}"{} aria-label="{spoken}" data-size="{}">{name}</button>"#,
            if sold_out { " size--soldout" } else { "" },
            if sold_out { r#" disabled="""# } else { "" },
            esc(&s.value),
        );
        if !sold_out && !s.urgency_message.is_empty() {
            let _ = write!(out, r#"<span class="size__urgency" aria-hidden="true">{}</span>"#, esc(&s.urgency_message));
        }
        if let Some(ws) = s.ws_stock.as_deref().filter(|w| !w.is_empty()) {
            let _ = write!(out, r#"<span class="size__ws">{}</span>"#, esc(ws));
        }
        out.push_str("</div>");
    }
    out.push_str("</div></div>");
}

/// QuantityStepper (at 1, no size chosen) and the buy bar, with the cap's note when the product's
/// cap is one piece (purchase.ts' `capNote`, with none in the bag).
fn buy(out: &mut String, sizes: &SizesResult) {
    let note = (sizes.max_cart_items == 1).then(|| format!("At most {} of this product", sizes.max_cart_items));
    out.push_str(r#"<div class="pdp-buy"><div class="qty" data-testid="quantity"><span class="pdp-label qty__label" id="qty-label">Quantity</span><div class="qty__control" role="group" aria-labelledby="qty-label"><button type="button" class="qty__button" aria-label="Decrease quantity">"#);
    icon(out, 18, MINUS);
    let _ = write!(
        out,
        r#"</button><output class="qty__value" aria-live="polite" aria-label="Quantity 1">1</output><button type="button" class="qty__button" aria-label="Increase quantity"{}>"#,
        if note.is_some() { r#" aria-describedby="qty-limit""# } else { "" }
    );
    icon(out, 18, PLUS);
    out.push_str("</button></div>");
    if let Some(note) = note {
        let _ = write!(out, r#"<p class="qty__limit" id="qty-limit" data-testid="quantity-limit">{note}</p>"#);
    }
    out.push_str(r#"</div><div class="buybar" data-testid="buy-bar"><button type="button" class="button button--secondary buybar__cart" aria-busy="false">"#);
    icon(out, 18, BAG);
    out.push_str(r#"Add to cart</button><button type="button" class="button button--primary buybar__buy">Buy now</button></div></div>"#);
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIXTURE: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/drawn/product.json"));
    const EXPECTED: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/drawn/product.html"));

    /// The fixture's product pages.
    fn pages() -> Vec<ProductPage> {
        use serde::Deserialize;
        #[derive(Deserialize)]
        struct Fixture {
            now_ms: i64,
            quality: u32,
            year: i32,
            pages: Vec<Answers>,
        }
        #[derive(Deserialize)]
        struct Answers {
            product: ProductOut,
            sizes: SizesOut,
            timer: TimerAnswer,
            offers: OfferMessages,
        }
        let f: Fixture = serde_json::from_str(FIXTURE).expect("testdata/drawn/product.json");
        f.pages
            .into_iter()
            .map(|a| ProductPage { product: a.product, sizes: a.sizes, timer: a.timer, offers: a.offers, quality: f.quality, year: f.year, now_ms: f.now_ms })
            .collect()
    }

    #[test]
    fn a_product_page_is_the_markup_react_renders_from_the_same_answers() {
        let drawn: String = pages().iter().map(|p| format!("{}\n", product(p).expect("the fixture's pages are drawable"))).collect();
        super::super::tests::differ("drawn product pages (testdata/drawn/product.html)", &drawn, EXPECTED);
    }

    #[test]
    fn what_the_app_would_draw_otherwise_is_left_to_it() {
        let refused = |change: &dyn Fn(&mut ProductPage), why: &str| {
            let mut page = pages().remove(0);
            assert!(product(&page).is_some());
            change(&mut page);
            assert!(product(&page).is_none(), "{why}");
        };
        refused(&|p| p.product.gallery[1].kind = GalleryKind::Video, "a video");
        refused(
            &|p| p.sizes.result.combo_sizes.push(crate::features::catalog::ComboGroup { kind: "Panty".into(), sizes: vec![] }),
            "a combo part with no size",
        );
        refused(&|p| p.sizes.result.size.iter_mut().for_each(|s| s.quantity = 0), "nothing to buy");
        refused(&|p| p.sizes.status = "failure".into(), "no sizes");
        refused(&|p| p.sizes.result.cart_pieces = 1, "the bag's stake");
        refused(&|p| p.sizes.result.max_cart_items = 0, "no room");
        refused(&|p| p.product.is_soldout = true, "sold out");
        refused(&|p| p.product.more_colors[1].rgbcode = "red; x".into(), "a colour not in hex");
        refused(&|p| p.product.gallery[0].img_l = "https://cdn.example/x.jpg".into(), "an image elsewhere");
        refused(&|p| p.product.gallery[2].thumbnail_url = "/media/products/X/1.svg?w=10".into(), "an image sized already");
        refused(
            &|p| {
                let first = p.offers.offer_msg_dict_ajax.pop_first().unwrap().1;
                p.offers.offer_msg_dict_ajax.insert("12".into(), first);
            },
            "a number-like key, listed first by JavaScript",
        );
        refused(&|p| p.offers.offer_msg_dict_ajax.get_mut("bra-2-for-1499").unwrap().url = "/a/../b/".into(), "a path React Router resolves");
        refused(&|p| p.quality = 0, "a quality the app asks for otherwise");
    }

    #[test]
    fn the_countdown_the_cut_and_the_counts_are_the_apps() {
        let page = pages().remove(0);
        let t = page.timer.timer.as_ref().unwrap();
        let drawn = |now: i64| {
            let mut out = String::new();
            timer(&mut out, t, now);
            out
        };
        assert_eq!(drawn(t.starts_at_ms - 1), "", "not started");
        assert_eq!(drawn(t.ends_at_ms), "", "over");
        let last_hours = drawn(t.ends_at_ms - (3 * 3600 + 25 * 60 + 7) * 1000 - 1);
        assert!(last_hours.contains(r#"aria-label="3 hours 25 minutes left""#) && !last_hours.contains("Days"), "{last_hours}");
        assert!(last_hours.contains(r#"<span class="timer__num">03</span>"#) && last_hours.contains(r#"<span class="timer__num">07</span>"#));
        assert_eq!([format_count(7), format_count(1234), format_count(1_234_567), format_count(-12_345)], ["7", "1,234", "12,34,567", "-12,345"]);
        assert_eq!(truncate_offer("  Any 2 T-shirt bras for ₹1,499 "), "Any 2 T-shirt bras for ₹…");
        assert_eq!(truncate_offer("Buy 3 for ₹999"), "Buy 3 for ₹999");
        assert_eq!(truncate_offer("Twenty-three characters and then a space"), "Twenty-three characters…");
    }
}

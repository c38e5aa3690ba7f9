//! Home and a category's page drawn whole by the server for a first visit, for the app to hydrate
//! (issue 14's blocking time).
//!
//! The app used to replace the HTML's loading page with the page it drew, and on a slow phone the
//! browser's style, layout and paint of that first commit was the longest task after the first paint.
//! A first visitor's home (no session, no cart: nothing in it is theirs) is now the markup the app's
//! first render makes from the same answers (the first page of products, the menu, the design of the
//! month), so React hydrates it (web/src/main.tsx) and the browser lays nothing out again.
//!
//! Hydration needs that very markup, byte for byte in its text: React's server renderer writes
//! `<!-- -->` between neighbouring texts and `<!--$-->` around a Suspense boundary, and escapes
//! `"'&<>`. Both sides draw testdata/drawn/home.json and compare with testdata/drawn/home.html, and
//! listing.json with listing.html (this module's tests, and web/src/app/routes/drawn.test.tsx with
//! React's renderer), so a change to
//! the app's cards, chips, promo or footer fails one of them until the other follows. What is not
//! the same in the browser (a mismatch) is not a broken page: React draws that part anew and says so
//! in the console, which the browser tests refuse.

pub mod answers;
pub mod product;

use crate::features::catalog::{CategoryNode, ProductCard as Card};
use serde::Deserialize;
use std::fmt::Write;

/// The first page of products (`GET /web/api/v1/products/?page=1`, or `?category_slug=` for a
/// category's page).
#[derive(Deserialize)]
pub struct Listing {
    pub products: Vec<Card>,
    pub page: i64,
    pub num_pages: i64,
    pub total: i64,
    /// The sort the answer is in, and those on offer (the toolbar's label).
    #[serde(default)]
    pub sort: String,
    #[serde(default)]
    pub sorts: Vec<Sort>,
}

#[derive(Deserialize)]
pub struct Sort {
    pub value: String,
    pub label: String,
}

/// The menu's categories (`GET /api/v2/main-menu-msite/`).
#[derive(Deserialize)]
pub struct Menu {
    pub categories: Vec<CategoryNode>,
}

/// This month's design (`GET /web/api/v1/featured/{category}/{month-year}/`).
#[derive(Deserialize)]
pub struct Featured {
    pub title: String,
    pub product: Card,
}

/// Everything home is drawn from.
#[derive(Deserialize)]
pub struct Home {
    pub listing: Listing,
    pub menu: Menu,
    /// None when the month has no design (the app then shows no promo).
    pub featured: Option<Featured>,
    /// The month's page, `/best-bra-design-of-december-2026/`.
    pub featured_path: String,
    pub quality: u32,
    /// The footer's year.
    pub year: i32,
}

/// As the app's first page draws them (ProductGrid's `useDrawnCount(…, 6, 6)`): the rest come after.
const FIRST_CARDS: usize = 6;
/// The first cards load their images at once (ProductGrid: `eager={i < 4}`).
const EAGER_CARDS: usize = 4;
/// web/src/shared/lib/images.ts: CARD_WIDTHS, CARD_SIZES, PROMO_WIDTHS, PROMO_SIZES.
const CARD_WIDTHS: [u32; 5] = [180, 270, 360, 540, 720];
const CARD_SIZES: &str = "(min-width: 1024px) min(25vw, 300px), (min-width: 720px) 33vw, 50vw";
const PROMO_WIDTHS: [u32; 3] = [56, 112, 168];
const PROMO_SIZES: &str = "56px";

/// web/src/shared/components/ui/Icon.tsx, as React writes an `<Icon name size />`.
fn icon(out: &mut String, size: u32, paths: &str) {
    let _ = write!(
        out,
        r#"<svg width="{size}" height="{size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.7" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">{paths}</svg>"#
    );
}
const STAR: &str = r#"<path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9L12 3Z"></path>"#;
const HEART: &str = r#"<path d="M12 20s-7-4.35-7-10a4 4 0 0 1 7-2.65A4 4 0 0 1 19 10c0 5.65-7 10-7 10Z"></path>"#;
const BAG: &str = r#"<path d="M5 8h14l-1 12H6L5 8Z"></path><path d="M9 8V6a3 3 0 0 1 6 0v2"></path>"#;
const CHEVRON_RIGHT: &str = r#"<path d="m9 5 7 7-7 7"></path>"#;
const CHEVRON_LEFT: &str = r#"<path d="m15 5-7 7 7 7"></path>"#;
const SLIDERS: &str = r#"<path d="M4 7h9M17 7h3M4 17h3M11 17h9"></path><circle cx="15" cy="7" r="2"></circle><circle cx="9" cy="17" r="2"></circle>"#;
const SORT: &str = r#"<path d="M8 4v16M8 20l-3-3M8 20l3-3M16 20V4M16 4l-3 3M16 4l3 3"></path>"#;
/// React's server renderer between two neighbouring texts, so the browser keeps them apart.
const APART: &str = "<!-- -->";

/// Text and attribute values escaped as React's server renderer escapes them.
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#x27;"),
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

/// An image under /media/products/ with nothing after its path: the only kind drawn here, since the
/// app's `sizedImage` leaves other addresses as they are or keeps what their query already says.
fn is_plain_product_image(src: &str) -> bool {
    src.starts_with("/media/products/") && !src.contains(['?', '#'])
}

/// The app's `sizedImage(src, width, quality, 1)` for a plain product image (escaped for an attribute).
fn sized(src: &str, width: u32, quality: u32) -> String {
    esc(&format!("{src}?w={width}&q={quality}"))
}

/// The app's `imageSrcSet(src, quality, widths)`.
fn srcset(src: &str, quality: u32, widths: &[u32]) -> String {
    widths.iter().map(|&w| format!("{} {w}w", sized(src, w, quality))).collect::<Vec<_>>().join(", ")
}

/// Whether home can be drawn from these answers: every image it shows is a plain product image and
/// the quality is one the app would ask for as it is (1 to 100). Otherwise the app draws it.
pub fn drawable(home: &Home) -> bool {
    cards_drawable(&home.listing, home.quality) && home.featured.as_ref().is_none_or(|f| is_plain_product_image(&f.product.img))
}

/// Whether the first cards can be drawn: each image a plain product image, at a quality the app would
/// ask for as it is (1 to 100).
fn cards_drawable(listing: &Listing, quality: u32) -> bool {
    (1..=100).contains(&quality) && listing.products.iter().take(FIRST_CARDS).all(|p| is_plain_product_image(&p.img))
}

/// What the page's root holds: AppLayout's shell (the skip link, a guest's Header, home inside the
/// main's Suspense boundary, the footer), then the toasts' regions (ToastProvider, beside the shell).
pub fn home(home: &Home) -> String {
    root_of(home.year, |out| {
        out.push_str(r#"<div class="home"><section class="home__intro"><h1 class="home__title">Shop the collection</h1><p class="home__sub">Comfort-first lingerie and everyday wear, delivered discreetly across India.</p></section>"#);
        if let Some(f) = &home.featured {
            promo(out, f, &home.featured_path, home.quality);
        }
        chips(out, &home.menu.categories, None, |c| c.map_or_else(|| "/".to_string(), |c| format!("/?category={}", c.id)));
        grid(out, &home.listing, home.quality);
        out.push_str("</div>");
    })
}

/// Everything a category's page (`/{slug}/`, no filters, its first page) is drawn from.
pub struct CategoryPage {
    pub slug: String,
    pub listing: Listing,
    pub menu: Menu,
    pub quality: u32,
    pub year: i32,
}

/// Whether a category's page can be drawn from these answers: the menu has the category, and every
/// image of the first cards is a plain product image at a quality the app asks for as it is.
pub fn category_drawable(page: &CategoryPage) -> bool {
    cards_drawable(&page.listing, page.quality) && find(&page.menu.categories, &|c| c.slug == page.slug).is_some()
}

/// The menu's category `hit` picks, at any depth (the app's `findCategory`).
fn find<'a>(categories: &'a [CategoryNode], hit: &dyn Fn(&CategoryNode) -> bool) -> Option<&'a CategoryNode> {
    categories.iter().find_map(|c| if hit(c) { Some(c) } else { find(&c.children, hit) })
}

/// Home's `<title>` as the app writes it (web/src/app/routes/home.tsx).
pub const HOME_TITLE: &str = "Drape · Lingerie, nightwear and more";

/// A page's `<title>` as the app writes it: the page's name, then the shop's (ListingPage with the
/// menu's name for a category, ProductView, CartPage).
pub fn titled(name: &str) -> String {
    format!("{name} · Drape")
}

/// A category's page as the app's CategoryListingRoute and ListingPage (web/src/app/routes/listing.tsx,
/// features/catalog/components/ListingPage.tsx) draw it for a guest with no filter chosen: the
/// breadcrumb, the title, the chips of the category's sub-categories (or its siblings), the toolbar,
/// the count, the first cards and the pages. None when the menu has no such category.
pub fn category(page: &CategoryPage) -> Option<String> {
    let categories = &page.menu.categories;
    let category = find(categories, &|c| c.slug == page.slug)?;
    let parent = find(categories, &|c| c.children.iter().any(|child| child.id == category.id));
    let siblings = parent.map_or(&category.children, |p| &p.children);
    let path = format!("/{}/", category.slug);
    Some(root_of(page.year, |out| {
        out.push_str(r#"<div class="listing" data-testid="listing"><div class="listing__head"><nav class="breadcrumb" aria-label="Breadcrumb"><a href="/" data-discover="true">Home</a>"#);
        if let Some(p) = parent {
            let _ = write!(out, r#"<span aria-hidden="true">/</span><a href="/{}/" data-discover="true">{}</a>"#, esc(&p.slug), esc(&p.name));
        }
        let name = esc(&category.name);
        let _ = write!(out, r#"<span aria-hidden="true">/</span><span>{name}</span></nav><h1 class="listing__title">{name}</h1>"#);
        let all = parent.unwrap_or(category);
        chips(out, siblings, parent.map(|_| category.id), |c| format!("/{}/", c.unwrap_or(all).slug));
        out.push_str("</div>");
        toolbar(out, &page.listing);
        listing_grid(out, &page.listing, &path, page.quality);
        out.push_str("</div>");
    }))
}

/// The toolbar (no filter chosen: no badge) and the count line.
fn toolbar(out: &mut String, listing: &Listing) {
    out.push_str(r#"<div class="listing__bar"><button type="button" class="listing__tool" aria-haspopup="dialog" data-testid="open-filters">"#);
    icon(out, 18, SLIDERS);
    out.push_str(r#"Filter</button><button type="button" class="listing__tool" aria-haspopup="dialog" data-testid="open-sort">"#);
    icon(out, 18, SORT);
    let label = listing.sorts.iter().find(|s| s.value == listing.sort).map_or("Sort", |s| s.label.as_str());
    let _ = write!(out, r#"<span class="listing__sort-label">{}</span></button></div>"#, esc(label));
    let total = listing.total;
    let _ = write!(
        out,
        r#"<h2 class="grid__count" aria-live="polite" data-testid="listing-count">{total}{APART} {APART}{}"#,
        if total == 1 { "product" } else { "products" }
    );
    if listing.num_pages > 1 {
        let _ = write!(out, "{APART} · page {} of {}", listing.page, listing.num_pages);
    }
    out.push_str("</h2>");
}

/// ListingPage's grid (its first cards) or its empty panel, then the pager.
fn listing_grid(out: &mut String, listing: &Listing, path: &str, quality: u32) {
    if listing.products.is_empty() {
        out.push_str(r#"<div class="state-panel" data-testid="listing-empty"><p>No products here yet. Please look at another category.</p></div>"#);
    } else {
        out.push_str(r#"<div class="grid" data-testid="product-grid" aria-busy="false">"#);
        for (i, p) in listing.products.iter().take(FIRST_CARDS).enumerate() {
            card(out, p, i < EAGER_CARDS, quality);
        }
        out.push_str("</div>");
    }
    if listing.num_pages > 1 {
        pager(out, listing.page, listing.num_pages, path);
    }
}

/// The Pager: previous, the window of numbers (ListingPage's `pageWindow`), next; page 1 is the bare path.
fn pager(out: &mut String, page: i64, pages: i64, path: &str) {
    let path = esc(path);
    let href = |n: i64| if n > 1 { format!("{path}?page={n}") } else { path.clone() };
    out.push_str(r#"<nav class="pager" aria-label="Pages" data-testid="pager">"#);
    if page > 1 {
        let _ = write!(out, r#"<a class="pager__step" rel="prev" aria-label="Previous page" href="{}" data-discover="true">"#, href(page - 1));
        icon(out, 18, CHEVRON_LEFT);
        out.push_str("</a>");
    }
    let mut gap = false;
    for n in 1..=pages {
        if n == 1 || n == pages || (n - page).abs() <= 1 {
            let current = if n == page { r#" aria-current="page""# } else { "" };
            let _ = write!(out, r#"<a class="pager__page"{current} aria-label="Page {n}" href="{}" data-discover="true">{n}</a>"#, href(n));
            gap = false;
        } else if !gap {
            out.push_str(r#"<span class="pager__gap" aria-hidden="true">…</span>"#);
            gap = true;
        }
    }
    if page < pages {
        let _ =
            write!(out, r#"<a class="pager__step" rel="next" aria-label="Next page" data-testid="next-page" href="{}" data-discover="true">"#, href(page + 1));
        icon(out, 18, CHEVRON_RIGHT);
        out.push_str("</a>");
    }
    out.push_str("</nav>");
}

/// The root of a page: the shell and a guest's header, `main` (the page inside the layout's Suspense
/// boundary, as the app's first render has it once the route is there), the footer and the toasts.
fn root_of(year: i32, main: impl FnOnce(&mut String)) -> String {
    let mut out = String::with_capacity(20 * 1024);
    out.push_str(SHELL_START);
    out.push_str(r#"<main id="main" class="page" tabindex="-1"><!--$-->"#);
    main(&mut out);
    out.push_str("<!--/$--></main>");
    after_main(&mut out, year);
    out
}

/// The shell's start and a guest's Header (web/src/app/layout/AppLayout.tsx, Header.tsx,
/// AccountMenu.tsx): no counts, the menus closed. `aria-controls` is the account menu's `useId`, which
/// React works out from the tree's shape, the same on the server's renderer and in hydration.
const SHELL_START: &str = r##"<div class="shell"><a href="#main" class="skip-link">Skip to content</a><header class="site-header"><div class="site-header__inner"><div class="site-header__start"><button type="button" class="icon-button" aria-label="Menu" aria-expanded="false" data-testid="menu-button"><svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.7" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M4 7h16M4 12h16M4 17h16"></path></svg></button><a class="logo" aria-label="Drape home" href="/" data-discover="true">Drape</a></div><nav class="header-actions" aria-label="Shop"><a class="icon-button" aria-label="Search" href="/search" data-discover="true"><svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.7" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><circle cx="11" cy="11" r="7"></circle><path d="m20 20-3.5-3.5"></path></svg></a><a class="icon-button" aria-label="Wishlist" href="/wishlist/" data-discover="true"><svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.7" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M12 20s-7-4.35-7-10a4 4 0 0 1 7-2.65A4 4 0 0 1 19 10c0 5.65-7 10-7 10Z"></path></svg></a><a class="icon-button" aria-label="Cart" href="/view-cart/" data-discover="true"><svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.7" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M5 8h14l-1 12H6L5 8Z"></path><path d="M9 8V6a3 3 0 0 1 6 0v2"></path></svg></a><div class="account"><button type="button" class="icon-button" aria-expanded="false" aria-controls="_R_955_" aria-label="Account" data-testid="account-button"><svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.7" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><circle cx="12" cy="8" r="4"></circle><path d="M4 21a8 8 0 0 1 16 0"></path></svg></button></div></nav></div></header>"##;

/// FeaturedPromo (features/catalog/components/FeaturedBanner.tsx).
fn promo(out: &mut String, f: &Featured, path: &str, quality: u32) {
    let p = &f.product;
    let _ = write!(
        out,
        r#"<a class="featured-promo" data-testid="featured-promo" href="{}" data-discover="true"><img class="featured-promo__img" src="{}" srcSet="{}" sizes="{PROMO_SIZES}" alt="" width="56" height="72"/><span class="featured-promo__text"><span class="featured-promo__label">"#,
        esc(path),
        sized(&p.img, 56, quality),
        srcset(&p.img, quality, &PROMO_WIDTHS),
    );
    icon(out, 12, STAR);
    let _ = write!(
        out,
        r#" Design of the Month</span><span class="featured-promo__title">{}</span><span class="featured-promo__product">{}{APART} · {APART}{}</span></span>"#,
        esc(&f.title),
        esc(&p.name),
        esc(&p.rounded_up_unit_price_ui),
    );
    icon(out, 18, CHEVRON_RIGHT);
    out.push_str("</a>");
}

/// CategoryChips (features/catalog/components/CategoryChips.tsx): 'All' first (chosen when `selected`
/// is None), then each category; `href` is the app's `hrefFor` (None for 'All').
fn chips(out: &mut String, categories: &[CategoryNode], selected: Option<i64>, href: impl Fn(Option<&CategoryNode>) -> String) {
    if categories.is_empty() {
        return;
    }
    let current = |chosen: bool| if chosen { r#" aria-current="page""# } else { "" };
    let _ = write!(
        out,
        r#"<nav class="chips" aria-label="Categories" data-testid="categories"><ul class="chips__list"><li><a class="chip"{} href="{}" data-discover="true">All</a></li>"#,
        current(selected.is_none()),
        esc(&href(None))
    );
    for c in categories {
        let _ = write!(out, r#"<li><a class="chip"{} href="{}" data-discover="true">"#, current(selected == Some(c.id)), esc(&href(Some(c))));
        if !c.image.is_empty() {
            let _ = write!(out, r#"<img src="{}" alt="" width="28" height="28" class="chip__img"/>"#, esc(&c.image));
        }
        let _ = write!(out, "<span>{}</span></a></li>", esc(&c.name));
    }
    out.push_str("</ul></nav>");
}

/// ProductGrid (features/catalog/components/ProductGrid.tsx) with its first page.
fn grid(out: &mut String, listing: &Listing, quality: u32) {
    let products = &listing.products;
    if products.is_empty() {
        out.push_str(r#"<div class="state-panel"><p>No products here yet. Please look at another category.</p></div>"#);
        return;
    }
    let total = listing.total;
    let _ = write!(
        out,
        r#"<section aria-label="Products"><h2 class="grid__count">{total}{APART} {APART}{}</h2><div class="grid" data-testid="product-grid">"#,
        if total == 1 { "product" } else { "products" }
    );
    for (i, p) in products.iter().take(FIRST_CARDS).enumerate() {
        card(out, p, i < EAGER_CARDS, quality);
    }
    out.push_str(r#"</div><div class="grid__more">"#);
    let shown = products.len();
    if listing.page < listing.num_pages {
        let _ = write!(
            out,
            r#"<p class="grid__progress">Showing {APART}{shown}{APART} of {APART}{total}</p><button type="button" class="button button--secondary button--wide">Load more</button>"#
        );
    } else if shown > 8 {
        let _ = write!(out, r#"<p class="grid__progress">You have seen all {APART}{total}{APART} products</p>"#);
    }
    out.push_str("</div></section>");
}

/// ProductCard (features/catalog/components/ProductCard.tsx) for a guest: not in the wishlist, the
/// page's 'Add to bag' offered (home's AddToBagProvider) unless it is sold out.
fn card(out: &mut String, p: &Card, eager: bool, quality: u32) {
    let name = esc(&p.name);
    let path = if p.url.starts_with("/product/") { p.url.clone() } else { format!("/product/{}", p.slug) };
    let _ = write!(
        out,
        r#"<article class="card" data-testid="product-card"><a class="card__link" href="{}" data-discover="true"><div class="card__media"><img src="{}" srcSet="{}" sizes="{CARD_SIZES}" alt="{name}" width="300" height="400" loading="{}" decoding="async"/>"#,
        esc(&path),
        sized(&p.img, 360, quality),
        srcset(&p.img, quality, &CARD_WIDTHS),
        if eager { "eager" } else { "lazy" },
    );
    if p.is_soldout {
        out.push_str(r#"<span class="badge badge--soldout">Sold out</span>"#);
    }
    let _ = write!(out, r#"</div><div class="card__body"><h3 class="card__name">{name}</h3>"#);
    if !p.color_name.is_empty() {
        let _ = write!(out, r#"<p class="card__colour">{}</p>"#, esc(&p.color_name));
    }
    let _ = write!(out, r#"<p class="card__price"><span class="price">{}</span>"#, esc(&p.rounded_up_unit_price_ui));
    if p.old_price > p.rounded_up_unit_price && !p.old_price_ui.is_empty() {
        let _ = write!(out, r#"<s class="price-old"><span class="visually-hidden">MRP </span>{}</s>"#, esc(&p.old_price_ui));
    }
    if !p.offer_tag.is_empty() && !p.is_soldout {
        let _ = write!(out, r#"<span class="price-off">{}</span>"#, esc(&p.offer_tag));
    }
    out.push_str("</p>");
    if p.total_ratings_count > 0 {
        // the answer's rating has one decimal already; JavaScript's toFixed(1) writes it as this does
        let rating = format!("{:.1}", p.rating);
        let count = p.total_ratings_count;
        let _ = write!(out, r#"<p class="card__rating" aria-label="Rated {rating} out of 5 by {count} shoppers"><span class="rating-pill">{rating}{APART} "#);
        icon(out, 11, STAR);
        let _ = write!(out, r#"</span><span class="card__rating-count">({APART}{count}{APART})</span></p>"#);
    }
    let _ = write!(
        out,
        r#"</div></a><button type="button" class="card__heart" aria-pressed="false" aria-label="Save {name} to wishlist" data-testid="card-heart">"#
    );
    icon(out, 20, HEART);
    out.push_str("</button>");
    if !p.is_soldout {
        let _ = write!(
            out,
            r#"<button type="button" class="button button--secondary card__bag" aria-label="Add to bag: {name}" aria-haspopup="dialog" data-testid="add-to-bag">"#
        );
        icon(out, 16, BAG);
        out.push_str("Add to bag</button>");
    }
    out.push_str("</article>");
}

/// Footer (web/src/app/layout/Footer.tsx), the shell's end (AppLayout), and the toasts' regions
/// (web/src/shared/components/ui/Toast.tsx).
fn after_main(out: &mut String, year: i32) {
    let _ = write!(
        out,
        r#"<footer class="site-footer"><div class="site-footer__inner"><p class="site-footer__brand">Drape</p><p class="site-footer__promise">Free shipping on orders of ₹29 and above · Cash on delivery · Discreet packaging</p><nav class="site-footer__links" aria-label="Help"><a href="/order/history/" data-discover="true">My orders</a><a href="/account/contact" data-discover="true">Contact us</a><a href="/address-book/" data-discover="true">Addresses</a></nav><p class="site-footer__legal">© {APART}{year}{APART} Drape. All prices in Indian rupees (INR).</p></div></footer></div><div class="toast-region toast-region--top-right"></div><div class="toast-region toast-region--bottom-center"></div>"#
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIXTURE: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/drawn/home.json"));
    const EXPECTED: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/drawn/home.html"));

    const LISTING_FIXTURE: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/drawn/listing.json"));
    const LISTING_EXPECTED: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/drawn/listing.html"));

    fn fixture() -> Home {
        serde_json::from_str(FIXTURE).expect("testdata/drawn/home.json")
    }

    /// The fixture's category pages, one per slug it names.
    fn listing_fixture() -> Vec<CategoryPage> {
        #[derive(Deserialize)]
        struct Fixture {
            slugs: Vec<String>,
            listing: serde_json::Value,
            menu: serde_json::Value,
            quality: u32,
            year: i32,
        }
        let f: Fixture = serde_json::from_str(LISTING_FIXTURE).expect("testdata/drawn/listing.json");
        f.slugs
            .into_iter()
            .map(|slug| CategoryPage {
                slug,
                listing: serde_json::from_value(f.listing.clone()).expect("the fixture's listing"),
                menu: serde_json::from_value(f.menu.clone()).expect("the fixture's menu"),
                quality: f.quality,
                year: f.year,
            })
            .collect()
    }

    /// Where two drawings part, for a failure's message.
    pub(crate) fn differ(what: &str, drawn: &str, expected: &str) {
        if drawn == expected {
            return;
        }
        let at = drawn.bytes().zip(expected.bytes()).position(|(a, b)| a != b).unwrap_or(drawn.len().min(expected.len()));
        let from = at.saturating_sub(120);
        let from = (0..=from).rev().find(|&i| drawn.is_char_boundary(i) && expected.is_char_boundary(i)).unwrap_or(0);
        let end = |s: &str| (at + 120..=s.len()).find(|&i| s.is_char_boundary(i)).unwrap_or(s.len());
        panic!("{what} differs at byte {at}:\n drawn:    …{}\n expected: …{}", &drawn[from..end(drawn)], &expected[from..end(expected)]);
    }

    #[test]
    fn home_is_the_markup_react_renders_from_the_same_answers() {
        let home = fixture();
        assert!(drawable(&home));
        differ("drawn home (testdata/drawn/home.html)", &format!("{}\n", super::home(&home)), EXPECTED);
    }

    #[test]
    fn a_category_page_is_the_markup_react_renders_from_the_same_answers() {
        let pages = listing_fixture();
        assert_eq!(pages.len(), 2, "a top-level category and a sub-category");
        let drawn: String = pages
            .iter()
            .map(|p| {
                assert!(category_drawable(p), "{} is drawable", p.slug);
                format!("{}\n", category(p).expect("the menu has it"))
            })
            .collect();
        differ("drawn category pages (testdata/drawn/listing.html)", &drawn, LISTING_EXPECTED);
    }

    #[test]
    fn a_category_page_ends_and_empties_as_the_app_does() {
        let mut page = listing_fixture().remove(0);
        page.listing.num_pages = 1;
        page.listing.total = 1;
        let html = category(&page).unwrap();
        assert!(html.contains(r#"data-testid="listing-count">1<!-- --> <!-- -->product</h2>"#), "one page: no page count");
        assert!(!html.contains("pager"));
        page.listing.num_pages = 3;
        page.listing.sort = "something else".into();
        let html = category(&page).unwrap();
        assert!(html.contains(r#"<span class="listing__sort-label">Sort</span>"#), "a sort the answer does not name");
        assert!(html.contains(r#"aria-label="Page 2" href="/bras/?page=2""#) && !html.contains("pager__gap"));
        page.listing.products.clear();
        let html = category(&page).unwrap();
        assert!(html.contains("listing-empty") && !html.contains("product-card"));
        // a category with no sub-categories and no parent has no chips
        page.slug = "panties".into();
        for c in &mut page.menu.categories {
            c.children.clear();
        }
        let html = category(&page).unwrap();
        assert!(!html.contains(r#"class="chips""#) && html.contains("<h1 class=\"listing__title\">Panties</h1>"));
        // a slug the menu does not have is the app's to answer (not found)
        page.slug = "no-such-category".into();
        assert!(!category_drawable(&page) && category(&page).is_none());
        let mut page = listing_fixture().remove(0);
        page.listing.products[2].img = "https://cdn.example/x.jpg".into();
        assert!(!category_drawable(&page));
    }

    #[test]
    fn the_grid_ends_as_the_app_ends_it() {
        let mut home = fixture();
        home.listing.num_pages = 1;
        let main = super::home(&home);
        assert!(!main.contains("Load more") && !main.contains("You have seen all"), "8 products on the only page: nothing under the grid");
        home.listing.products.extend(fixture().listing.products);
        let main = super::home(&home);
        assert!(main.contains(r#"<p class="grid__progress">You have seen all <!-- -->1999<!-- --> products</p>"#));
        home.listing.products.clear();
        let main = super::home(&home);
        assert!(main.contains("No products here yet.") && !main.contains("product-card"));
        home.featured = None;
        home.menu.categories.clear();
        let main = super::home(&home);
        assert!(!main.contains("featured-promo") && !main.contains("chips"));
    }

    #[test]
    fn images_the_app_would_ask_for_differently_are_left_to_it() {
        let mut home = fixture();
        home.listing.products[0].img = "https://cdn.example/x.jpg".into();
        assert!(!drawable(&home));
        let mut home = fixture();
        home.featured.as_mut().unwrap().product.img = "/media/products/X/1.svg?w=10".into();
        assert!(!drawable(&home));
        let mut home = fixture();
        home.quality = 0;
        assert!(!drawable(&home));
        // a card past the first six is not drawn, so its image does not matter
        let mut home = fixture();
        home.listing.products[7].img = "https://cdn.example/x.jpg".into();
        assert!(drawable(&home));
    }
}

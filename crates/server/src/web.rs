//! The built web app, served on the same origin. Client routes fall back to index.html;
//! API paths never do: an unknown API path is a JSON 404.

use crate::error::ApiError;
use crate::features::listings::listing::Listed;
use crate::AppState;
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

/// Path prefixes that belong to the API (the spec's legacy paths included), never to the web app.
pub const API_PREFIXES: &[&str] = &[
    "/api/",
    "/web/api/",
    "/dev/",
    "/media/",
    "/healthz",
    "/iteminstock/",
    "/cart_dropdown_mobile_ajax/",
    "/mobile_logout/",
    "/addproductrequest/",
    "/bp_pp_product_details_page/",
    "/get-my-rating/",
    "/rating/",
    "/save-product-feedback/",
    "/pin_state_city/",
    "/check_pincode/",
    "/add_to_cart_order/",
    "/cancel-order/",
    "/cancel-prepaid-order/",
    "/exchange_realtime_size/",
    "/sap_exchange_return_request/",
    "/exchange_return_request/",
    "/calculate_return_price_new/",
    "/showOfferProductsExchange/",
    "/get/view-cart-info/",
    "/get-event-data/",
    "/get-checkout-complete-data/",
    "/check-cart-stock/",
    "/ops/",
];

pub fn is_api_path(path: &str) -> bool {
    API_PREFIXES.iter().any(|p| path.starts_with(p))
}

pub async fn fallback(State(state): State<AppState>, req: Request) -> Response {
    let path = req.uri().path().to_string();
    if is_api_path(&path) {
        return ApiError::not_found("There is no such API path.").into_response();
    }
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return ApiError::for_status(StatusCode::METHOD_NOT_ALLOWED).into_response();
    }
    let dir = &state.config.web_dir;
    let index = dir.join("index.html");
    if !index.exists() {
        return ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "web_app_missing", "The web app is not built yet: run `make build`.").into_response();
    }
    // No file system has names this long; asking for one is a 404, not an I/O error.
    if path.split('/').any(|segment| segment.len() > 255) {
        return ApiError::not_found("We couldn't find that page.").into_response();
    }
    if let Some(slug) = product_page_slug(&path) {
        let slug = slug.to_string();
        let (mut parts, _) = req.into_parts();
        return product_page(&state, &index, &mut parts, &slug).await;
    }
    if path == "/view-cart/" {
        let (mut parts, _) = req.into_parts();
        return cart_page(&state, &index, &mut parts).await;
    }
    if req.uri().query().is_none() {
        if let Some(first) = listing_page_data(&state, &path).await {
            let (mut parts, _) = req.into_parts();
            return first_page(&state, &index, &mut parts, &path, &first).await;
        }
    } else if let Some(title) = listing_title(&state, &path).await {
        // Filters, later pages, a shared link's tracking: the app's to draw, under the page's name.
        let Some(html) = index_html(&index).await else { return ApiError::internal().into_response() };
        return html_page(with_title(html, &title));
    }
    // `/cart/` is where many shops keep the bag: a shopper who types it is sent to Drape's, unless
    // the shop has a category by that name (then it is that category's page, above or in the app).
    if matches!(path.as_str(), "/cart/" | "/cart") && !matches!(crate::features::catalog::is_category(&state, "cart").await, Ok(true)) {
        let to = req.uri().query().map_or_else(|| "/view-cart/".to_string(), |q| format!("/view-cart/?{q}"));
        return axum::response::Redirect::temporary(&to).into_response();
    }
    let is_asset = path.starts_with("/assets/");
    // A missing hashed asset (a stale chunk after a deploy) is a 404: answering index.html would be
    // cached for a year as if it were that script.
    // Scripts and style sheets have Brotli and gzip copies beside them (web/scripts/precompress.mjs):
    // sent as they are to a browser that takes them, never compressed per request.
    let files = ServeDir::new(dir).precompressed_br().precompressed_gzip();
    let served = if is_asset { files.oneshot(req).await } else { files.fallback(ServeFile::new(index)).oneshot(req).await };
    let mut res = match served {
        Ok(r) => r.into_response(),
        Err(e) => match e {},
    };
    // A shared cache keeps one copy per encoding (the compression layer says so only for what it
    // compresses itself); a 304 says so too.
    if is_asset && !res.headers().contains_key(header::VARY) && res.status() != StatusCode::NOT_FOUND {
        res.headers_mut().insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    if !res.status().is_success() {
        return res;
    }
    // Vite names assets by content hash, so they never change; index.html must always be fresh.
    let cache = if is_asset { "public, max-age=31536000, immutable" } else { "no-cache" };
    res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    res
}

/// The widths a gallery image is offered at and the width it takes, exactly as the app's gallery
/// writes them (web/src/shared/lib/images.ts, GALLERY_WIDTHS and GALLERY_SIZES): the browser then
/// picks the same candidate for the preload and for the app's `<img>`, and fetches it once.
const GALLERY_WIDTHS: [u32; 5] = [360, 540, 720, 1080, 1440];
const GALLERY_SIZES: &str = "(min-width: 900px) 50vw, 100vw";

/// `/product/{slug}/` (or without the last slash): the slug, when it could name a product.
fn product_page_slug(path: &str) -> Option<&str> {
    let slug = path.strip_prefix("/product/")?;
    let slug = slug.strip_suffix('/').unwrap_or(slug);
    crate::features::catalog::is_slug(slug).then_some(slug)
}

/// A product page's HTML: the app's index.html with the product's JSON, its offer timer, its offers,
/// its sizes and its first image preloaded, so the browser fetches them while the app's script loads instead of one after the
/// other once it has run; the JSON is preloaded as the app fetches it (same URL, same-origin
/// credentials), so the app's own requests are answered from the preloads. The page's frame also
/// shows that image where the gallery will have it (the markup of the app's product skeleton, with
/// the image in it), so the largest paint does not wait for the script; the app's first render waits
/// for the preloaded data (web/src/app/first-data.ts) and draws the same image in the same place (an
/// offer timer's banner goes under the gallery, so it moves nothing). A first visit (nothing in the
/// page is the visitor's own) gets the page drawn whole instead (`drawn::product`), which the app
/// hydrates (issue 14's blocking time), carrying the answers it was drawn from in place of their
/// preloads (`drawn::answers`); so the page depends on the visitor's cookies.
async fn product_page(state: &AppState, index: &std::path::Path, parts: &mut axum::http::request::Parts, slug: &str) -> Response {
    let mut res = product_page_for(state, index, parts, slug).await;
    res.headers_mut().insert(header::VARY, HeaderValue::from_static("cookie"));
    res
}

async fn product_page_for(state: &AppState, index: &std::path::Path, parts: &mut axum::http::request::Parts, slug: &str) -> Response {
    let Some(html) = index_html(index).await else { return ApiError::internal().into_response() };
    // A page whose product cannot be looked up now is still the app, without the preloads.
    let Ok(Some(opening)) = crate::features::catalog::page_opening(state, slug).await else { return html_page(html) };
    // ProductView's title: the product's own, or its name.
    let title = if opening.meta_title.is_empty() { crate::drawn::titled(&opening.name) } else { opening.meta_title.clone() };
    let html = with_title(html, &title);
    let quality = state.config.image_quality;
    let image = opening.image.filter(|src| src.starts_with("/media/products/") && !src.contains(['?', '#']));
    let gallery_set = |src: &str| srcset(src, quality, &GALLERY_WIDTHS);
    let image_preload = maud::html! {
        @if let Some(src) = &image {
            link rel="preload" as="image" href=(format!("{src}?w=720&q={quality}")) imagesrcset=(gallery_set(src)) imagesizes=(GALLERY_SIZES) fetchpriority="high";
        }
    };
    let data_preloads = maud::html! {
        link rel="preload" as="fetch" href=(format!("/web/api/v1/product-mobile/{slug}/")) crossorigin="anonymous";
        link rel="preload" as="fetch" href=(format!("/web/api/v1/product/{slug}/timer/s/")) crossorigin="anonymous";
        link rel="preload" as="fetch" href=(format!("/web/api/v1/product/{slug}/sizes/s/")) crossorigin="anonymous";
        link rel="preload" as="fetch" href=(format!("/bp_pp_product_details_page/?product_id={}", opening.id)) crossorigin="anonymous";
    };
    // The app's ProductSkeleton (ProductView.tsx) with the gallery's first slide and the name in it.
    let first_paint = image.as_ref().map(|src| {
        maud::html! {
            div.pdp aria-busy="true" aria-label="Loading product" data-testid="product-first-paint" {
                div.pdp__media { div.gallery { div.gallery__viewport { div.gallery__track { div.gallery__slide {
                    img src=(format!("{src}?w=720&q={quality}")) srcset=(gallery_set(src)) sizes=(GALLERY_SIZES) alt=(opening.name) width="600" height="800" fetchpriority="high";
                } } } } }
                // The product's name where the app's page has it, under the gallery: a shopper sees what
                // the page is about before the script runs, and when Chrome does not count the image as
                // the largest paint (a small, plain image: too few bytes for its area), the name is,
                // in this first frame rather than when the app draws the page.
                div.pdp__main {
                    h1.pdp__name { (opening.name) }
                    div class="skeleton skeleton--line skeleton--short" {}
                }
            }
        }
    });
    // First in the head: the image and the data then start before the larger script, so the image
    // is drawn sooner. A page drawn whole carries its data instead.
    let image_preload = image_preload.into_string();
    if let Some(viewer) = first_visitor(state, parts).await {
        if let Some(root) = drawn_product(state, viewer, slug, opening.id).await {
            if let Some(html) = with_root_drawn(with_head_start(html.clone(), &image_preload), &root.markup, Some(root.clock), &root.answers.script()) {
                let mut res = html_page(html);
                if let Some(policy) = policy_with_styles(&root.markup) {
                    res.headers_mut().insert(header::CONTENT_SECURITY_POLICY, policy);
                }
                return res;
            }
        }
    }
    let html = with_head_start(html, &format!("{image_preload}{}", data_preloads.into_string()));
    html_page(match first_paint {
        Some(markup) => with_main(html, &markup.into_string()),
        None => html,
    })
}

/// A product page drawn whole, the clock it was drawn at and the answers it was drawn from.
struct DrawnProduct {
    markup: String,
    clock: i64,
    answers: crate::drawn::answers::Answers,
}

/// A product page drawn whole (the root's markup) from the answers the app reads first, as `viewer`
/// (a first visitor) gets them, from what the preloads' handlers answer with, or None when one cannot
/// be read or the page is not one `drawn::product` draws.
async fn drawn_product(state: &AppState, viewer: crate::security::Viewer, slug: &str, id: i64) -> Option<DrawnProduct> {
    use crate::extract::Query;
    use crate::features::{catalog, offers};
    use axum::extract::Path;
    let clock = state.now().timestamp_millis();
    // A first visitor's product and sizes are the kept answers every guest gets: their facts, with
    // nothing to read back.
    let kept = crate::kept::current(state).await.ok()?;
    let (product_answer, product) = catalog::guest_product(state, &kept, slug).await.ok()?;
    let product = product.out.clone();
    let sizes = catalog::guest_sizes(&*catalog::facts_of(state, &kept, id).await.ok()?);
    let timer = offers::timer(State(state.clone()), Path(slug.to_string())).await.ok()?.0;
    let offers_url = format!("/bp_pp_product_details_page/?product_id={id}");
    let query = offers::OfferQuery { product_id: Some(id.to_string()) };
    let offers = offers::offer_messages(State(state.clone()), viewer.clone(), Query(query)).await.ok()?.0;
    let mut answers = crate::drawn::answers::Answers::default();
    answers.add(format!("/web/api/v1/product-mobile/{slug}/"), product_answer.body);
    answers.add_json(format!("/web/api/v1/product/{slug}/timer/s/"), &timer)?;
    answers.add_json(format!("/web/api/v1/product/{slug}/sizes/s/"), &sizes)?;
    answers.add_json(offers_url, &offers)?;
    answers.add_shared(state, viewer, &catalog::menu_now(state).await.ok()?).await.ok()?;
    let page =
        crate::drawn::product::ProductPage { product, sizes, timer, offers, quality: state.config.image_quality, year: footer_year(state), now_ms: clock };
    Some(DrawnProduct { markup: crate::drawn::product::product(&page)?, clock, answers })
}

/// The shop's content security policy with the inline styles of `markup` allowed, each by its hash.
/// The app sets its styles through the DOM, which the policy allows; a page drawn by the server
/// writes them as attributes (the offer timer's colours, a swatch's colour, the gallery's position),
/// which the policy's `style-src 'self'` blocks unless listed so (`'unsafe-hashes'` with the hashes
/// allows those very values and nothing else). None when the markup has none.
fn policy_with_styles(markup: &str) -> Option<HeaderValue> {
    use base64::Engine as _;
    use sha2::Digest as _;
    const STYLE: &str = " style=\"";
    let mut hashes = std::collections::BTreeSet::new();
    let mut rest = markup;
    while let Some(at) = rest.find(STYLE) {
        let value = &rest[at + STYLE.len()..];
        let end = value.find('"')?;
        // The browser hashes the attribute's value as it reads it: an escaped character would differ.
        if value[..end].contains('&') {
            return None;
        }
        hashes.insert(format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(&value.as_bytes()[..end]))));
        rest = &value[end..];
    }
    if hashes.is_empty() {
        return None;
    }
    let styles = format!("style-src 'self' 'unsafe-hashes' {};", hashes.into_iter().collect::<Vec<_>>().join(" "));
    HeaderValue::from_str(&crate::security::CONTENT_SECURITY_POLICY.replacen("style-src 'self';", &styles, 1)).ok()
}

/// The products a listing page shows first, as the app asks for them: the home page's grid, or a
/// category's page (`/{slug}/` of a category) without filters, with the page the app draws while
/// they load (web/first-paint/), and the page's title. Other pages get none.
async fn listing_page_data(state: &AppState, path: &str) -> Option<FirstPage> {
    let title = listing_title(state, path).await?;
    let slug = listing_slug(path);
    let (data, loading) = match slug {
        None => ("/web/api/v1/products/?page=1".to_string(), HOME_LOADING),
        Some(slug) => (format!("/web/api/v1/products/?category_slug={slug}"), LISTING_LOADING),
    };
    let listed = crate::features::listings::listing::first_page(state, slug).await.ok()??;
    Some(FirstPage { data, loading, listed, title })
}

/// The category slug of a category's page path (`/{slug}/`), or None (home, or not a slug).
fn listing_slug(path: &str) -> Option<&str> {
    path.strip_prefix('/')?.strip_suffix('/').filter(|slug| crate::features::catalog::is_slug(slug))
}

/// Home's title, or a category's page's as the app names it, from the menu; None for any other path,
/// and for a category the menu lacks ("not found" in the app, which says so itself).
async fn listing_title(state: &AppState, path: &str) -> Option<String> {
    if path == "/" {
        return Some(crate::drawn::HOME_TITLE.to_string());
    }
    let name = crate::features::catalog::menu_category_name(state, listing_slug(path)?).await.ok()??;
    Some(crate::drawn::titled(&name))
}

/// Home or a category's page as the server knows it: the products it preloads (`data`, answered by
/// `listed`), the page the app draws while they load, and the page's title.
struct FirstPage {
    data: String,
    loading: &'static str,
    listed: Arc<Listed>,
    title: String,
}

/// Home and a category's page as the app draws them while their products load, markup for markup
/// (web/src/app/routes/first-paint.test.tsx keeps them so); the server puts the first cards'
/// images in.
const HOME_LOADING: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/first-paint/home.html"));
const LISTING_LOADING: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/first-paint/listing.html"));

/// The widths a grid card's image is offered at and the width it takes, exactly as the app's cards
/// write them (web/src/shared/lib/images.ts, CARD_WIDTHS and CARD_SIZES), so the browser picks the
/// same candidate for the HTML's card and the app's, and fetches it once.
const CARD_WIDTHS: [u32; 5] = [180, 270, 360, 540, 720];
const CARD_SIZES: &str = "(min-width: 1024px) min(25vw, 300px), (min-width: 720px) 33vw, 50vw";
/// How many of the first cards get their image in the HTML: those on a phone's first screen and the
/// next row (the app loads the same four eagerly).
const FIRST_CARD_IMAGES: usize = 4;

/// A listing page's HTML: the app's index.html with the products it shows first preloaded, fetched
/// as the app fetches them, so that they come while the app's script loads rather than once it has
/// run, and the page as the app draws it while they load, with the first cards' images already in
/// (issue 14's largest paint on home and listings). The app's first render waits for the products
/// (web/src/app/first-data.ts) and draws the same images in the same places.
fn listing_page(state: &AppState, html: String, first: &FirstPage) -> Response {
    let quality = state.config.image_quality;
    let mut page = first.loading.to_string();
    const EMPTY_MEDIA: &str = r#"<div class="card__media skeleton"></div>"#;
    let images = first.listed.list.products.iter().filter(|p| p.img.starts_with("/media/products/") && !p.img.contains(['?', '#']));
    for product in images.take(FIRST_CARD_IMAGES) {
        let Some(at) = page.find(EMPTY_MEDIA) else { break };
        let src = &product.img;
        let media = maud::html! {
            div.card__media {
                img src=(format!("{src}?w=360&q={quality}")) srcset=(srcset(src, quality, &CARD_WIDTHS)) sizes=(CARD_SIZES) alt=(product.name) width="300" height="400" decoding="async";
            }
        };
        page.replace_range(at..at + EMPTY_MEDIA.len(), &media.into_string());
    }
    html_page(with_main(with_head_start(html, &preload(&first.data)), &page))
}

/// Home or a category's page without filters. A first visit (nothing in the page is the visitor's own:
/// no session, no cart) gets the page drawn whole (`drawn::home`, `drawn::category`), which the app
/// hydrates instead of drawing again (issue 14's blocking time); anyone else (their wishlist's hearts,
/// their bag's count), or a page whose answers cannot be drawn, gets the loading page. Either way the
/// page depends on the visitor's cookies.
async fn first_page(state: &AppState, index: &std::path::Path, parts: &mut axum::http::request::Parts, path: &str, first: &FirstPage) -> Response {
    let Some(html) = index_html(index).await else { return ApiError::internal().into_response() };
    let html = with_title(html, &first.title);
    let drawn = match first_visitor(state, parts).await {
        Some(viewer) => drawn_page(state, viewer, &html, path, first).await,
        None => None,
    };
    let mut res = match drawn {
        Some(res) => res,
        None => listing_page(state, html, first),
    };
    res.headers_mut().insert(header::VARY, HeaderValue::from_static("cookie"));
    res
}

/// Home or a category's page drawn whole from the answers the app will read (the same first page of
/// products, the menu, and home's design of the month), which it carries, or None when one cannot be
/// read or drawn. Kept while those are the same (`kept::drawn`).
async fn drawn_page(state: &AppState, viewer: crate::security::Viewer, html: &str, path: &str, first: &FirstPage) -> Option<Response> {
    let mut answers = crate::drawn::answers::Answers::default();
    answers.add(first.data.clone(), first.listed.answer.body.clone());
    // The menu as the app reads it: the header's categories, and a category's chips.
    let menu = crate::features::catalog::menu_now(state).await.ok()?;
    answers.add_shared(state, viewer, &menu).await.ok()?;
    // Home's design of the month and its month (home only).
    let home = match path {
        "/" => {
            let (featured, month_year) = crate::features::offers::this_month(state, HOME_FEATURED_CATEGORY).await.ok()?;
            if let Some(f) = &featured {
                answers.add_json(format!("/web/api/v1/featured/{HOME_FEATURED_CATEGORY}/{month_year}/"), f)?;
            }
            Some((featured, month_year))
        }
        _ => None,
    };
    let (quality, year) = (state.config.image_quality, footer_year(state));
    let month = home.as_ref().map_or("", |(_, month_year)| month_year.as_str());
    let inputs = crate::kept::drawn::Inputs { html: html.to_string(), answers: answers.into_entries(), values: format!("{quality} {year} {month}") };
    if let Some(page) = state.kept.drawn.get(path, &inputs) {
        return Some(kept_html_page(&page));
    }
    let menu = crate::drawn::Menu { categories: menu.categories };
    let root = match home {
        Some((featured, month_year)) => drawn_home(first, menu, featured, &month_year, quality, year)?,
        None => drawn_category(path.strip_prefix('/')?.strip_suffix('/')?, first, menu, quality, year)?,
    };
    let body = with_root_drawn(html.to_string(), &root, None, &crate::drawn::answers::script(&inputs.answers))?;
    Some(kept_html_page(&state.kept.drawn.keep(path, inputs, body)))
}

/// A category's page drawn whole (the root's markup), from its first page of products and the menu.
fn drawn_category(slug: &str, first: &FirstPage, menu: crate::drawn::Menu, quality: u32, year: i32) -> Option<String> {
    let page = crate::drawn::CategoryPage {
        slug: slug.to_string(),
        // Read back from the very bytes the page carries.
        listing: serde_json::from_slice(&first.listed.answer.body).ok()?,
        menu,
        quality,
        year,
    };
    if !crate::drawn::category_drawable(&page) {
        return None;
    }
    crate::drawn::category(&page)
}

/// The footer's year as a shopper in India reads it on the night it turns.
fn footer_year(state: &AppState) -> i32 {
    chrono::Datelike::year(&state.now().with_timezone(&crate::features::offers::ist()))
}

/// The category home links to for its design of the month (the app's HOME_FEATURED_CATEGORY,
/// web/src/features/catalog/featured.ts).
const HOME_FEATURED_CATEGORY: &str = "bra";

/// Home drawn whole (the root's markup), from its first page of products, the menu and this month's
/// design (`month_year`'s, when it has one).
fn drawn_home(
    first: &FirstPage,
    menu: crate::drawn::Menu,
    featured: Option<crate::features::offers::FeaturedOut>,
    month_year: &str,
    quality: u32,
    year: i32,
) -> Option<String> {
    let home = crate::drawn::Home {
        // Read back from the very bytes the page carries.
        listing: serde_json::from_slice(&first.listed.answer.body).ok()?,
        menu,
        featured: featured.map(|f| crate::drawn::Featured { title: f.title, product: f.product }),
        featured_path: format!("/best-{HOME_FEATURED_CATEGORY}-design-of-{month_year}/"),
        quality,
        year,
    };
    if !crate::drawn::drawable(&home) {
        return None;
    }
    Some(crate::drawn::home(&home))
}

/// Whether nothing in the page would be the visitor's own: not logged in, and no cart (no cookie, or
/// a guest cookie naming no cart).
async fn first_visit(state: &AppState, parts: &mut axum::http::request::Parts) -> bool {
    first_visitor(state, parts).await.is_some()
}

/// The visitor, when nothing in the page would be their own (see `first_visit`).
async fn first_visitor(state: &AppState, parts: &mut axum::http::request::Parts) -> Option<crate::security::Viewer> {
    use axum::extract::FromRequestParts;
    let viewer = crate::security::Viewer::from_request_parts(parts, state).await.ok().filter(|v| v.user.is_none())?;
    match viewer.cart_owner() {
        None => Some(viewer),
        Some(owner) => matches!(state.store.cart_row(owner).await, Ok(None)).then_some(viewer),
    }
}

/// The page's root marked as drawn whole, for the app to hydrate (web/src/main.tsx), holding `root`
/// in place of index.html's frame, with the clock it was drawn at when it shows the time (the app's
/// first render counts from it: web/src/shared/lib/first-page.ts, drawnClock), and after it the
/// answers it was drawn from (the app's script, a module, runs once the document is read).
fn with_root_drawn(html: String, root: &str, clock: Option<i64>, answers: &str) -> Option<String> {
    const ROOT: &str = r#"<div id="root">"#;
    let start = html.find(ROOT)?;
    let end = start + html[start..].find("</body>")?;
    let clock = clock.map_or_else(String::new, |ms| format!(" data-drawn-at=\"{ms}\""));
    Some(format!("{}<div id=\"root\" data-drawn=\"\"{clock}>{root}</div>\n{answers}\n{}", &html[..start], &html[end..]))
}

/// The empty cart's panel as the app draws it for a guest (web/first-paint/cart-empty.html; a test in
/// the app, web/src/features/cart/first-paint.test.tsx, keeps the two the same).
const CART_EMPTY: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/first-paint/cart-empty.html"));

/// The cart page's HTML. For a visitor who is not logged in and has no cart (a first visit, no cookie
/// at all), the page already shows the empty cart, so its largest paint does not wait for the script
/// (issue 14), and preloads the cart id the app asks for first; the app's first render waits for it
/// (web/src/app/first-data.ts) and draws the same panel in the same place. Anyone else gets the app
/// as it is: their cart is the app's to draw.
async fn cart_page(state: &AppState, index: &std::path::Path, parts: &mut axum::http::request::Parts) -> Response {
    let Some(html) = index_html(index).await else { return ApiError::internal().into_response() };
    // CartPage's title, whichever of its pages it draws.
    let html = with_title(html, &crate::drawn::titled("Your cart"));
    let no_cart = first_visit(state, parts).await;
    let mut res = if no_cart { html_page(with_main(with_head_start(html, &preload("/get/view-cart-info/")), CART_EMPTY)) } else { html_page(html) };
    // The page depends on the visitor's cookies.
    res.headers_mut().insert(header::VARY, HeaderValue::from_static("cookie"));
    res
}

/// The app's index.html (None when it cannot be read: the caller answers 500).
async fn index_html(index: &std::path::Path) -> Option<String> {
    tokio::fs::read_to_string(index).await.ok()
}

/// A product image offered at each of `widths` for an `<img srcset>`, as the app's `imageSrcSet`
/// writes it (web/src/shared/lib/images.ts).
fn srcset(src: &str, quality: u32, widths: &[u32]) -> String {
    widths.iter().map(|w| format!("{src}?w={w}&q={quality} {w}w")).collect::<Vec<_>>().join(", ")
}

/// A preload of JSON the app fetches first, matching its request (same URL, same-origin credentials),
/// so that the app's own request is answered from it.
fn preload(href: &str) -> String {
    maud::html! { link rel="preload" as="fetch" href=(href) crossorigin="anonymous"; }.into_string()
}

/// `markup` inside the page's `<main>`, where the app draws the page.
fn with_main(mut html: String, markup: &str) -> String {
    const MAIN: &str = r#"<main id="main" class="page" tabindex="-1">"#;
    if let Some(at) = html.find(MAIN) {
        html.insert_str(at + MAIN.len(), markup);
    }
    html
}

/// The page's `<title>` (index.html's own, "Drape") as `title`, written as text.
fn with_title(html: String, title: &str) -> String {
    const TITLE: &str = "<title>Drape</title>";
    match html.find(TITLE) {
        Some(at) => format!("{}{}{}", &html[..at], maud::html! { title { (title) } }.into_string(), &html[at + TITLE.len()..]),
        None => html,
    }
}

/// `markup` first in the head, before the app's script and style links, so that it starts first.
fn with_head_start(html: String, markup: &str) -> String {
    const CHARSET: &str = "<meta charset=\"UTF-8\" />";
    match html.find(CHARSET).map(|at| at + CHARSET.len()).or_else(|| html.find("</head>")) {
        Some(at) => format!("{}{}{}", &html[..at], markup, &html[at..]),
        None => html,
    }
}

/// A page's HTML, compressed for this response alone.
fn html_page(html: String) -> Response {
    let body = axum::body::Bytes::from(html);
    let mut res = html_response(body.clone());
    crate::kept::compressed_once(&mut res, body);
    res
}

/// A kept page's HTML, compressed once for all who ask for it.
fn kept_html_page(page: &crate::kept::drawn::Page) -> Response {
    let mut res = html_response(page.body());
    page.share_compressed(&mut res);
    res
}

fn html_response(body: axum::body::Bytes) -> Response {
    ([(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8")), (header::CACHE_CONTROL, HeaderValue::from_static("no-cache"))], body)
        .into_response()
}

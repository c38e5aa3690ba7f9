//! The catalog: menu, listing, the product, its sizes and stock (spec 001 §3 and §7).

use crate::error::{ApiError, ApiResult};
use crate::extract::Query;
use crate::kept::{self, Answer};
use crate::security::Viewer;
use crate::AppState;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use drape_domain::categories;
use drape_domain::money::{discount_tag, format_inr};
use drape_domain::{ratings, stock};
use drape_store::catalog::{Category, Product, Size};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

// Read back as well as written: a category's page drawn whole reads the menu (crate::drawn).
#[derive(Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CategoryNode {
    pub id: i64,
    pub name: String,
    pub slug: String,
    /// Always sent: null when there is none.
    #[schema(required = true)]
    pub parent_id: Option<i64>,
    pub image: String,
    /// The category's listing page: '/{slug}/'.
    pub url: String,
    pub product_count: i64,
    #[schema(no_recursion)]
    pub children: Vec<CategoryNode>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct MenuLink {
    pub label: String,
    pub url: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Menu {
    pub categories: Vec<CategoryNode>,
    /// The offers running now ('Buy any 3 for ₹699'), each linking to its products.
    pub offers: Vec<MenuLink>,
    /// The account menu of spec 000 §2 (pages that need a login ask for one).
    pub account: Vec<MenuLink>,
}

/// The account menu of spec 000 §2, with notifications.
const ACCOUNT_LINKS: [(&str, &str); 7] = [
    ("My orders", "/order/history/"),
    ("Wallet", "/account/wallet"),
    ("Coupons", "/account/coupons"),
    ("Recently viewed", "/account/recently-viewed"),
    ("Notifications", "/account/notifications"),
    ("Contact", "/account/contact"),
    ("Settings", "/account/settings"),
];

#[derive(Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CategoryRef {
    pub id: i64,
    pub name: String,
    pub slug: String,
}

// Read back as well as written: home drawn whole reads the cards from the listing's answer (crate::drawn).
#[derive(Serialize, Deserialize, Clone, utoipa::ToSchema)]
pub struct ProductCard {
    pub id: i64,
    pub name: String,
    pub slug: String,
    pub url: String,
    pub img: String,
    pub color_name: String,
    pub rgbcode: String,
    pub rounded_up_unit_price: i64,
    pub rounded_up_unit_price_ui: String,
    pub old_price: i64,
    pub old_price_ui: String,
    pub offer_tag: String,
    pub is_soldout: bool,
    pub rating: f64,
    pub total_ratings_count: i64,
}

#[derive(Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum GalleryKind {
    Image,
    Video,
}

#[derive(Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct GalleryOut {
    #[serde(rename = "type")]
    pub kind: GalleryKind,
    pub img_m: String,
    pub img_l: String,
    pub thumbnail_url: String,
    pub embed: String,
}

#[derive(Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ColourVariant {
    pub slug: String,
    pub url: String,
    pub color_name: String,
    pub small_image: String,
    pub is_soldout: bool,
    pub sku: String,
    pub rgbcode: String,
}

#[derive(Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct LabelOut {
    pub label: String,
    pub address: String,
}

#[derive(Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Rvp {
    pub sold_count: i64,
}

/// The product object of spec 001 §3.
// Read back as well as written, with its parts and the sizes' answer: the tests of a product's page
// drawn whole (crate::drawn::product) read the answers of testdata/drawn/product.json into them.
#[derive(Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ProductOut {
    pub id: i64,
    pub name: String,
    pub translated_name: String,
    pub slug: String,
    pub sku: String,
    pub parent_sku: String,
    pub url: String,
    pub img: String,
    pub combo: bool,
    pub multicombo: bool,
    pub is_freesize_prod: bool,
    pub is_soldout: bool,
    pub active: bool,
    pub max_cart_items: i64,
    pub rounded_up_unit_price: i64,
    pub rounded_up_unit_price_ui: String,
    pub old_price: i64,
    pub old_price_ui: String,
    pub offer_tag: String,
    pub offer_text: String,
    pub is_generic_offer_party_msg: bool,
    pub star_rating_admin: bool,
    /// [average shoppers see, average privileged users see].
    pub rating: (f64, f64),
    /// [count, privileged count, reviews, counts 5…1, privileged % 5…1, % 5…1] (docs/api.md).
    pub total_ratings: (i64, i64, i64, [i64; 5], [i64; 5], [i64; 5]),
    pub nonreturnable: bool,
    pub channel_type: i64,
    pub speed: f64,
    pub beginner: bool,
    pub preorder: bool,
    pub newarrivals: bool,
    pub is_cotton_comforty: bool,
    pub has_cotton_label: bool,
    pub all_category_with_parents: Vec<i64>,
    /// The breadcrumb, top category first.
    pub categories: Vec<CategoryRef>,
    /// [inches, cm]
    pub size_chart_image: Vec<String>,
    pub gallery: Vec<GalleryOut>,
    pub more_colors: Vec<ColourVariant>,
    pub pinit_path: String,
    pub get_meta_title: String,
    pub rvp: Rvp,
    pub designer_note: String,
    pub page_extension_mob: String,
    pub manufactured_by: String,
    pub manufactured_by_label: String,
    pub marketed_by: String,
    pub marketed_by_label: String,
    pub country_of_origin: String,
    pub product_label_list: Vec<LabelOut>,
    // The shopper's own fields come last: their answer is the kept page's bytes up to them, then
    // these (kept::Answer::with_own_fields).
    pub is_in_wishlist: bool,
    pub fittest_code_in_fitguide: String,
    pub fittest_size_in_all_size: String,
}

/// The product page's fields that are the shopper's own, in ProductOut's order.
#[derive(Serialize)]
struct OwnFields<'a> {
    is_in_wishlist: bool,
    fittest_code_in_fitguide: &'a str,
    fittest_size_in_all_size: &'a str,
}

#[allow(non_snake_case)]
#[derive(Serialize, Deserialize, utoipa::ToSchema)]
pub struct SizeItem {
    pub label: String,
    pub value: String,
    /// What a shopper may buy: stock capped by max_cart_items.
    pub quantity: i64,
    pub sku: String,
    pub productId: i64,
    pub is_auto_select_size: bool,
    pub fit_size_msg: String,
    pub urgency_message: String,
    /// Raw stock suffixed 'WS', for privileged users only.
    /// Always sent: null when there is none.
    #[schema(required = true)]
    pub ws_stock: Option<String>,
}

#[derive(Serialize, Deserialize, utoipa::ToSchema)]
pub struct ComboGroup {
    #[serde(rename = "type")]
    pub kind: String,
    pub sizes: Vec<SizeItem>,
}

#[derive(Serialize, Deserialize, utoipa::ToSchema)]
pub struct SizesResult {
    pub size: Vec<SizeItem>,
    /// A combo's parts (the bra, the panty), each with its sizes.
    #[serde(rename = "comboSizes")]
    pub combo_sizes: Vec<ComboGroup>,
    pub possible_variation_list: Vec<String>,
    pub list_qty: BTreeMap<String, i64>,
    pub urgency_message_product: BTreeMap<String, String>,
    /// Pieces of this product (every size, combos included) already in the visitor's bag, and the
    /// product's cap over all of them (spec 001 §9 max_cart_items): the page stops + at the cap.
    pub cart_pieces: i64,
    pub max_cart_items: i64,
}

#[derive(Serialize, Deserialize, utoipa::ToSchema)]
pub struct SizesOut {
    pub status: String,
    pub result: SizesResult,
}

fn flag(v: i64) -> bool {
    v != 0
}

/// Slugs are lower-case letters, digits and hyphens; anything else cannot name a product.
pub fn is_slug(slug: &str) -> bool {
    (1..=150).contains(&slug.len()) && slug.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

fn parse_slug(slug: &str) -> ApiResult<&str> {
    if is_slug(slug) {
        Ok(slug)
    } else {
        Err(product_not_found())
    }
}

fn product_not_found() -> ApiError {
    ApiError::not_found("We couldn't find that product. It may have been removed.")
}

pub async fn find_product(state: &AppState, slug: &str) -> ApiResult<Product> {
    let slug = parse_slug(slug)?;
    state.store.product_by_slug(slug).await.map_err(|e| match e {
        drape_store::StoreError::NotFound => product_not_found(),
        other => other.into(),
    })
}

/// The id of the product at `slug`, kept (a change to the product drops it, a new slug included).
async fn product_id_of(state: &AppState, kept: &kept::Current<'_>, slug: &str) -> ApiResult<i64> {
    let id = kept
        .facts_or_read(format!("slug/{slug}"), || async {
            let id = find_product(state, slug).await?.id;
            Ok((id, Arc::new(id), 8))
        })
        .await?;
    Ok(*id)
}

/// What a product page's HTML shows before the app runs (web.rs): the product's name, its first
/// gallery image (None when the gallery opens with a video or has nothing). None for a slug that
/// names no product on sale.
pub struct PageOpening {
    pub id: i64,
    pub name: String,
    /// The product's own `<title>`, if it has one (empty when not).
    pub meta_title: String,
    pub image: Option<String>,
}

pub async fn page_opening(state: &AppState, slug: &str) -> ApiResult<Option<PageOpening>> {
    let kept = kept::current(state).await?;
    let id = match product_id_of(state, &kept, slug).await {
        Ok(id) => id,
        Err(e) if e.status == axum::http::StatusCode::NOT_FOUND => return Ok(None),
        Err(e) => return Err(e),
    };
    let facts = facts_of(state, &kept, id).await?;
    if !facts.product.is_active() {
        return Ok(None);
    }
    // The gallery as the product's kept answer has it (read from the database on every page, it was
    // most of the HTML's reads).
    let (_, page) = guest_product(state, &kept, slug).await?;
    let image = page
        .out
        .gallery
        .first()
        .filter(|g| matches!(g.kind, GalleryKind::Image))
        .map(|g| if g.img_l.is_empty() { g.img_m.clone() } else { g.img_l.clone() })
        .filter(|url| !url.is_empty());
    let p = &facts.product;
    Ok(Some(PageOpening { id, name: p.name.clone(), meta_title: p.meta_title.clone(), image }))
}

/// What carts and adds read of a product: the product, its sizes (with stock) and the categories
/// it is filed in (without their parents).
pub struct ProductFacts {
    pub product: Product,
    pub sizes: Vec<Size>,
    pub filed: Vec<i64>,
}

/// A product's facts by id, kept like the answers made from them (crate::kept): exactly as fresh as
/// the database, without reading it while nothing changed.
pub async fn product_facts(state: &AppState, id: i64) -> ApiResult<Arc<ProductFacts>> {
    let kept = kept::current(state).await?;
    facts_of(state, &kept, id).await
}

/// Several products' facts (those that exist), kept or read.
pub async fn products_facts(state: &AppState, kept: &kept::Current<'_>, ids: &[i64]) -> ApiResult<Vec<Arc<ProductFacts>>> {
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        out.extend(facts_if_any(state, kept, *id).await?);
    }
    Ok(out)
}

/// The categories, kept until one changes (a change to any drops every kept answer).
pub async fn categories_kept(state: &AppState, kept: &kept::Current<'_>) -> ApiResult<Arc<Vec<Category>>> {
    kept.facts_or_read("categories".into(), || async {
        let cats = state.store.categories().await?;
        let bytes = cats.len() * 96;
        Ok((drape_store::changes::EVERY_PRODUCT, Arc::new(cats), bytes))
    })
    .await
}

/// The name of the category with this slug when the menu has it (a top-level category or one of
/// their children, as `menu_facts` builds it): None for a slug no category has, or one deeper than
/// the menu goes. From the kept categories, nothing copied.
pub async fn menu_category_name(state: &AppState, slug: &str) -> ApiResult<Option<String>> {
    let kept = kept::current(state).await?;
    let cats = categories_kept(state, &kept).await?;
    let Some(c) = cats.iter().find(|c| c.slug == slug) else { return Ok(None) };
    let in_menu = match c.parent_id {
        None => true,
        Some(parent) => cats.iter().any(|p| p.id == parent && p.parent_id.is_none()),
    };
    Ok(in_menu.then(|| c.name.clone()))
}

/// Whether a category has this slug (the kept categories: no read while none changed).
pub async fn is_category(state: &AppState, slug: &str) -> ApiResult<bool> {
    let kept = kept::current(state).await?;
    Ok(categories_kept(state, &kept).await?.iter().any(|c| c.slug == slug))
}

/// No product has the id asked for.
fn no_such_product() -> ApiError {
    ApiError::not_found("We couldn't find that product.")
}

/// The facts of the product at `slug`, kept, or a 404 when no product has it.
pub async fn facts_at(state: &AppState, kept: &kept::Current<'_>, slug: &str) -> ApiResult<Arc<ProductFacts>> {
    let id = product_id_of(state, kept, slug).await?;
    facts_of(state, kept, id).await
}

/// A product's facts, or a 404 for a product that does not exist.
pub async fn facts_of(state: &AppState, kept: &kept::Current<'_>, id: i64) -> ApiResult<Arc<ProductFacts>> {
    facts_if_any(state, kept, id).await?.ok_or_else(no_such_product)
}

async fn facts_if_any(state: &AppState, kept: &kept::Current<'_>, id: i64) -> ApiResult<Option<Arc<ProductFacts>>> {
    // No product: a failed read, which is neither shared nor kept; it says None here.
    let read = kept
        .facts_or_read(format!("facts/{id}"), || async {
            let product = state.store.product_by_id(id).await.map_err(|e| match e {
                drape_store::StoreError::NotFound => no_such_product(),
                other => other.into(),
            })?;
            let sizes = state.store.sizes(product.id).await?;
            let filed = state.store.product_category_ids(product.id).await?;
            let bytes = 1024 + sizes.len() * 160 + filed.len() * 8;
            Ok((id, Arc::new(ProductFacts { product, sizes, filed }), bytes))
        })
        .await;
    match read {
        Ok(facts) => Ok(Some(facts)),
        Err(e) if e.status == axum::http::StatusCode::NOT_FOUND => Ok(None),
        Err(e) => Err(e),
    }
}

pub fn product_image(sku: &str, n: i64) -> String {
    format!("/media/products/{sku}/{n}.svg")
}

pub fn card(p: &Product, ratings: Option<&(i64, i64)>) -> ProductCard {
    card_of(
        CardFacts { id: p.id, name: &p.name, slug: &p.slug, sku: &p.sku, colour: &p.color_name, rgb: &p.rgbcode, price: p.price, old_price: p.old_price },
        p.is_soldout(),
        ratings,
    )
}

/// What a card shows of a product, however it was read (a product row, or the listings' shelf).
pub struct CardFacts<'a> {
    pub id: i64,
    pub name: &'a str,
    pub slug: &'a str,
    pub sku: &'a str,
    pub colour: &'a str,
    pub rgb: &'a str,
    pub price: i64,
    pub old_price: i64,
}

/// A card from its facts; `ratings` is (how many, sum of stars) of the public ratings.
pub fn card_of(p: CardFacts<'_>, is_soldout: bool, ratings: Option<&(i64, i64)>) -> ProductCard {
    let (n, sum) = ratings.copied().unwrap_or((0, 0));
    ProductCard {
        id: p.id,
        name: p.name.to_string(),
        slug: p.slug.to_string(),
        url: format!("/product/{}", p.slug),
        img: product_image(p.sku, 1),
        color_name: p.colour.to_string(),
        rgbcode: p.rgb.to_string(),
        rounded_up_unit_price: p.price,
        rounded_up_unit_price_ui: format_inr(p.price),
        old_price: p.old_price,
        old_price_ui: format_inr(p.old_price),
        offer_tag: discount_tag(p.price, p.old_price).unwrap_or_default(),
        is_soldout,
        rating: if n > 0 { (sum as f64 / n as f64 * 10.0).round() / 10.0 } else { 0.0 },
        total_ratings_count: n,
    }
}

/// The category menu for the mobile site: top-level categories with their children.
#[utoipa::path(get, path = "/api/v2/main-menu-msite/", tag = "catalog", responses((status = 200, body = Menu)))]
pub async fn menu(State(state): State<AppState>) -> ApiResult<Json<Menu>> {
    Ok(Json(menu_now(&state).await?))
}

/// The menu as of now, from what is kept of it (`MenuFacts`).
pub async fn menu_now(state: &AppState) -> ApiResult<Menu> {
    let now = state.now();
    let facts = menu_facts(state, now).await?;
    let t = now.timestamp_millis();
    let offers = facts.links.iter().filter(|w| w.starts_at <= t && w.ends_at > t).map(|w| MenuLink { label: w.row.0.clone(), url: w.row.1.clone() }).collect();
    let account = ACCOUNT_LINKS.iter().map(|(label, url)| MenuLink { label: label.to_string(), url: url.to_string() }).collect();
    Ok(Menu { categories: facts.categories.clone(), offers, account })
}

/// What the menu is made of, kept (issue 14: every page of the app asks for the menu, and reading the
/// categories and counting their products each time held it under 1,000 answers a second on 2,000
/// products). Kept under the offers' mark, so an offer's change drops it (the cart's offer calendar
/// is kept the same way); made again when the catalog's version has moved since (a category, a
/// filing, a product's activity) or the clock is before the moment it was read.
struct MenuFacts {
    catalog: i64,
    read_at: chrono::DateTime<chrono::Utc>,
    categories: Vec<CategoryNode>,
    /// The offer links not over when read, each with its window.
    links: Vec<drape_store::offer_calendar::Windowed<(String, String)>>,
}

async fn menu_facts(state: &AppState, now: chrono::DateTime<chrono::Utc>) -> ApiResult<Arc<MenuFacts>> {
    // The version as of this request's arrival: what is read below is at least as new.
    let catalog = kept::versions(state).await?.catalog;
    let kept = kept::current(state).await?;
    if let Some(facts) = kept.facts::<MenuFacts>("menu").filter(|f| f.catalog == catalog && now >= f.read_at) {
        return Ok(facts);
    }
    let cats = state.store.categories().await?;
    let counts = state.store.category_product_counts().await?;
    let node = |c: &Category, children: Vec<CategoryNode>| CategoryNode {
        id: c.id,
        name: c.name.clone(),
        slug: c.slug.clone(),
        parent_id: c.parent_id,
        image: format!("/media/categories/{}.svg", c.slug),
        url: format!("/{}/", c.slug),
        product_count: counts.get(&c.id).copied().unwrap_or(0),
        children,
    };
    let categories = cats
        .iter()
        .filter(|c| c.parent_id.is_none())
        .map(|top| node(top, cats.iter().filter(|c| c.parent_id == Some(top.id)).map(|c| node(c, vec![])).collect()))
        .collect();
    let links = state.store.offer_links_from(now).await?;
    let bytes = 256 * (cats.len() + links.len());
    let facts = Arc::new(MenuFacts { catalog, read_at: now, categories, links });
    kept.keep_facts("menu".into(), drape_store::offer_calendar::OFFERS, facts.clone(), bytes);
    Ok(facts)
}

/// Listing cards for products, with the ratings shoppers see, in one query for all of them.
pub async fn cards(state: &AppState, products: &[Product]) -> ApiResult<Vec<ProductCard>> {
    let ids: Vec<i64> = products.iter().map(|p| p.id).collect();
    let totals = state.store.public_rating_totals(&ids).await?;
    Ok(products.iter().map(|p| card(p, totals.get(&p.id))).collect())
}

/// The cards of these products (those that exist, in no particular order), kept like the facts
/// they are made from: a product's card is dropped with its pages when its price, stock or public
/// ratings change (the triggers of migration 0016). The free gifts every cart shows are the same few
/// products on every priced cart; read each time, they were half of its reads (issue 14).
pub async fn cards_kept(state: &AppState, kept: &kept::Current<'_>, ids: &[i64]) -> ApiResult<Vec<ProductCard>> {
    let key = |id: i64| format!("card/{id}");
    let mut out = Vec::with_capacity(ids.len());
    let mut missing = Vec::new();
    for &id in ids {
        match kept.facts::<ProductCard>(&key(id)) {
            Some(card) => out.push(ProductCard::clone(&card)),
            None => missing.push(id),
        }
    }
    if !missing.is_empty() {
        for card in cards(state, &state.store.products_by_ids(&missing).await?).await? {
            kept.keep_facts(key(card.id), card.id, Arc::new(card.clone()), 512);
            out.push(card);
        }
    }
    Ok(out)
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct FeatureOut {
    pub description: String,
    pub icon_small: String,
    pub slug: String,
    pub category_name: String,
}

/// The product's features, keyed by feature name.
#[utoipa::path(get, path = "/web/api/v1/product-feature/{slug}/", tag = "catalog", params(("slug" = String, Path)),
    responses((status = 200, body = BTreeMap<String, FeatureOut>), (status = 404, body = crate::error::ErrorBody)))]
pub async fn product_features(State(state): State<AppState>, Path(slug): Path<String>) -> ApiResult<Json<BTreeMap<String, FeatureOut>>> {
    let p = find_product(&state, &slug).await?;
    Ok(Json(
        state
            .store
            .features(p.id)
            .await?
            .into_iter()
            .map(|f| (f.name, FeatureOut { description: f.description, icon_small: f.icon_small, slug: f.slug, category_name: f.category_name }))
            .collect(),
    ))
}

#[derive(Serialize, utoipa::ToSchema, Default)]
pub struct LastPurchasedSizes {
    pub status: String,
    pub bra_size1: String,
    pub panty_size: String,
    pub nightwear_size: String,
    pub activewear_size: String,
}

/// The sizes the shopper last received per category, for the page's suggested size.
#[utoipa::path(get, path = "/web/api/v1/product/last-purchased-size/", tag = "catalog", responses((status = 200, body = LastPurchasedSizes)))]
pub async fn last_purchased_size(State(state): State<AppState>, viewer: Viewer) -> ApiResult<Json<LastPurchasedSizes>> {
    let out = match &viewer.user {
        Some(user) => last_sizes(&state, &kept::current(&state).await?, user.id).await?,
        None => LastPurchasedSizes { status: "success".into(), ..Default::default() },
    };
    Ok(Json(out))
}

/// The sizes a shopper last received per slot (bra, panty, nightwear, activewear).
async fn last_sizes(state: &AppState, kept: &kept::Current<'_>, user_id: i64) -> ApiResult<LastPurchasedSizes> {
    use drape_domain::engagement::{size_slot, SizeSlot};
    let mut out = LastPurchasedSizes { status: "success".into(), ..Default::default() };
    let cats = categories_kept(state, kept).await?;
    let shopper = kept::shoppers::facts(state, user_id).await?;
    for bought in &shopper.received {
        // A product removed since it was bought tells no size.
        let Some(facts) = facts_if_any(state, kept, bought.product_id).await? else { continue };
        let p = &facts.product;
        let top = categories::top(&cats, p.category_id);
        // A combo fills both the bra and the panty slot.
        let fills: Vec<(SizeSlot, &str)> = if p.is_combo() {
            vec![(SizeSlot::Bra, bought.combo1.as_str()), (SizeSlot::Panty, bought.combo2.as_str())]
        } else {
            size_slot(top).map(|s| vec![(s, bought.size_value.as_str())]).unwrap_or_default()
        };
        for (slot, size) in fills {
            let target = match slot {
                SizeSlot::Bra => &mut out.bra_size1,
                SizeSlot::Panty => &mut out.panty_size,
                SizeSlot::Nightwear => &mut out.nightwear_size,
                SizeSlot::Activewear => &mut out.activewear_size,
            };
            if target.is_empty() && !size.is_empty() {
                *target = size.to_string();
            }
        }
    }
    Ok(out)
}

/// The fit notice's data (spec 001 §6): the shopper's size in this product's kind (`slot`) from their
/// delivered orders (`fittest_code_in_fitguide`), and that size again when this product sells it
/// (`fittest_size_in_all_size`); both empty for guests and shoppers without such orders.
async fn fit_for(
    state: &AppState,
    kept: &kept::Current<'_>,
    user_id: i64,
    slot: Option<drape_domain::engagement::SizeSlot>,
    product_id: i64,
) -> ApiResult<(String, String)> {
    use drape_domain::engagement::SizeSlot;
    let Some(slot) = slot else { return Ok((String::new(), String::new())) };
    let last = last_sizes(state, kept, user_id).await?;
    let code = match slot {
        SizeSlot::Bra => last.bra_size1,
        SizeSlot::Panty => last.panty_size,
        SizeSlot::Nightwear => last.nightwear_size,
        SizeSlot::Activewear => last.activewear_size,
    };
    if code.is_empty() {
        return Ok((String::new(), String::new()));
    }
    let sold = facts_of(state, kept, product_id).await?.sizes.iter().any(|s| s.value == code);
    Ok((code.clone(), if sold { code } else { String::new() }))
}

fn sanitise(html: &str) -> String {
    ammonia::clean(html)
}

/// The product page's product as every guest sees it, and which size kind its fit notice reads.
pub struct ProductPage {
    pub out: ProductOut,
    fit_slot: Option<drape_domain::engagement::SizeSlot>,
}

// A guest's answer is kept (crate::kept); a shopper's is the kept one with their wishlist flag and
// fit notice.
/// The product page's product (spec 001 §3).
#[utoipa::path(get, path = "/web/api/v1/product-mobile/{slug}/", tag = "catalog",
    params(("slug" = String, Path, description = "product slug")),
    responses((status = 200, body = ProductOut), (status = 404, body = crate::error::ErrorBody)))]
pub async fn product(State(state): State<AppState>, viewer: Viewer, Path(slug): Path<String>) -> ApiResult<Response> {
    let kept = kept::current(&state).await?;
    let (answer, page) = guest_product(&state, &kept, &slug).await?;
    let Some(user) = &viewer.user else { return Ok(answer.into_response()) };
    let id = page.out.id;
    let is_in_wishlist = kept::shoppers::facts(&state, user.id).await?.in_wishlist(id);
    let (code, size) = fit_for(&state, &kept, user.id, page.fit_slot, id).await?;
    let own = OwnFields { is_in_wishlist, fittest_code_in_fitguide: &code, fittest_size_in_all_size: &size };
    if let Some(mine) = answer.with_own_fields("is_in_wishlist", &own) {
        return Ok(mine.into_response());
    }
    let mut out = page.out.clone();
    (out.is_in_wishlist, out.fittest_code_in_fitguide, out.fittest_size_in_all_size) = (is_in_wishlist, code, size);
    Ok(Json(out).into_response())
}

/// The product page's product as a guest gets it, kept, with what it was written from.
pub async fn guest_product(state: &AppState, kept: &kept::Current<'_>, slug: &str) -> ApiResult<(Answer, Arc<ProductPage>)> {
    let answer = kept
        .get_or_render(format!("product/{slug}"), || async {
            let p = find_product(state, slug).await?;
            let page = Arc::new(product_page(state, kept, &p).await?);
            let answer = Answer::json(&page.out)?;
            // The page's facts hold what its JSON says and about as much again: each of its many
            // strings and lists is an allocation of its own, with its header and rounding.
            let bytes = 2 * answer.body.len();
            Ok((p.id, answer.with_facts(page, bytes)))
        })
        .await?;
    let page = answer.facts().ok_or_else(ApiError::internal)?;
    Ok((answer, page))
}

async fn product_page(state: &AppState, kept: &kept::Current<'_>, p: &Product) -> ApiResult<ProductPage> {
    use drape_domain::engagement::{size_slot, SizeSlot};
    let store = &state.store;
    let cats = categories_kept(state, kept).await?;
    let fit_slot = if p.is_combo() { Some(SizeSlot::Bra) } else { size_slot(categories::top(&cats, p.category_id)) };
    let filed = store.product_category_ids(p.id).await?;
    let mut all_ids: Vec<i64> = Vec::new();
    for id in &filed {
        for c in categories::chain(&cats, *id) {
            if !all_ids.contains(&c.id) {
                all_ids.push(c.id);
            }
        }
    }
    let breadcrumb =
        categories::chain(&cats, p.category_id).into_iter().map(|c| CategoryRef { id: c.id, name: c.name.clone(), slug: c.slug.clone() }).collect();
    let gallery = store.gallery(p.id).await?;
    let variants = store.colour_variants(&p.parent_sku).await?;
    let labels = store.product_labels(p.id).await?;
    let counts = store.rating_counts(p.id).await?;
    let img = gallery.iter().find(|g| g.kind == "image").map(|g| g.img_m.clone()).unwrap_or_else(|| product_image(&p.sku, 1));
    let out = ProductOut {
        id: p.id,
        name: p.name.clone(),
        translated_name: p.translated_name.clone(),
        slug: p.slug.clone(),
        sku: p.sku.clone(),
        parent_sku: p.parent_sku.clone(),
        url: format!("/product/{}", p.slug),
        img: img.clone(),
        combo: p.is_combo(),
        multicombo: flag(p.multicombo),
        is_freesize_prod: flag(p.is_freesize),
        is_soldout: p.is_soldout(),
        active: p.is_active(),
        max_cart_items: p.max_cart_items,
        rounded_up_unit_price: p.price,
        rounded_up_unit_price_ui: format_inr(p.price),
        old_price: p.old_price,
        old_price_ui: format_inr(p.old_price),
        offer_tag: discount_tag(p.price, p.old_price).unwrap_or_default(),
        offer_text: p.offer_text.clone(),
        is_generic_offer_party_msg: flag(p.is_generic_offer_party_msg),
        star_rating_admin: flag(p.star_rating_admin),
        rating: (ratings::average(&counts.public), ratings::average(&counts.all)),
        total_ratings: (
            ratings::total(&counts.public),
            ratings::total(&counts.all),
            counts.reviews,
            counts.public,
            ratings::percentages(&counts.all),
            ratings::percentages(&counts.public),
        ),
        nonreturnable: flag(p.nonreturnable),
        channel_type: p.channel_type,
        speed: p.speed,
        beginner: flag(p.beginner),
        preorder: flag(p.preorder),
        newarrivals: flag(p.newarrivals),
        is_cotton_comforty: flag(p.is_cotton_comforty),
        has_cotton_label: flag(p.has_cotton_label),
        all_category_with_parents: all_ids,
        categories: breadcrumb,
        size_chart_image: vec![p.size_chart_in.clone(), p.size_chart_cm.clone()],
        gallery: gallery
            .into_iter()
            .map(|g| GalleryOut {
                kind: if g.kind == "video" { GalleryKind::Video } else { GalleryKind::Image },
                img_m: g.img_m,
                img_l: g.img_l,
                thumbnail_url: g.thumbnail_url,
                embed: g.embed,
            })
            .collect(),
        more_colors: variants
            .iter()
            .map(|v| ColourVariant {
                slug: v.slug.clone(),
                url: format!("/product/{}", v.slug),
                color_name: v.color_name.clone(),
                small_image: product_image(&v.sku, 1),
                is_soldout: v.is_soldout(),
                sku: v.sku.clone(),
                rgbcode: v.rgbcode.clone(),
            })
            .collect(),
        is_in_wishlist: false,
        pinit_path: img,
        get_meta_title: p.meta_title.clone(),
        rvp: Rvp { sold_count: p.sold_count },
        designer_note: sanitise(&p.designer_note),
        page_extension_mob: sanitise(&p.page_extension_mob),
        manufactured_by: p.manufactured_by.clone(),
        manufactured_by_label: p.manufactured_by_label.clone(),
        marketed_by: p.marketed_by.clone(),
        marketed_by_label: p.marketed_by_label.clone(),
        country_of_origin: p.country_of_origin.clone(),
        product_label_list: labels.into_iter().map(|l| LabelOut { label: l.label, address: l.address }).collect(),
        fittest_code_in_fitguide: String::new(),
        fittest_size_in_all_size: String::new(),
    };
    Ok(ProductPage { out, fit_slot })
}

fn size_item(s: &Size, p: &Product, viewer: &Viewer, partner: bool) -> SizeItem {
    // Affiliate visitors see no urgency (spec 001 §6), and an unbuyable product has none to tell.
    let urgency = if partner || viewer.is_affiliate() || !p.is_active() { None } else { stock::urgency_label(s.stock) };
    SizeItem {
        label: s.label.clone(),
        value: s.value.clone(),
        quantity: stock::sellable(p.is_active(), s.stock, p.max_cart_items),
        sku: s.sku.clone(),
        productId: p.id,
        is_auto_select_size: flag(s.is_auto_select_size),
        fit_size_msg: s.fit_size_msg.clone(),
        urgency_message: urgency.unwrap_or_default(),
        ws_stock: viewer.is_privileged().then(|| stock::warehouse_stock_label(s.stock)),
    }
}

/// The sizes of a product, with what a shopper may buy of each (spec 001 §3, §4, §6).
#[utoipa::path(get, path = "/web/api/v1/product/{slug}/sizes/s/", tag = "catalog",
    params(("slug" = String, Path, description = "product slug")),
    responses((status = 200, body = SizesOut), (status = 404, body = crate::error::ErrorBody)))]
pub async fn sizes(State(state): State<AppState>, viewer: Viewer, Path(slug): Path<String>) -> ApiResult<Response> {
    let kept = kept::current(&state).await?;
    // A visitor with neither an account nor a bag gets what every such visitor gets: kept.
    if viewer.user.is_none() && viewer.guest_token.is_none() {
        let answer = kept
            .get_or_render(sizes_key(&slug, false, false), || async {
                let facts = facts_of(&state, &kept, product_id_of(&state, &kept, &slug).await?).await?;
                Ok((facts.product.id, Answer::json(&guest_sizes(&facts))?))
            })
            .await?;
        return Ok(answer.into_response());
    }
    // Anyone else: the product and its sizes as kept, and their bag's stake in it in one read.
    let facts = facts_of(&state, &kept, product_id_of(&state, &kept, &slug).await?).await?;
    let (partner_code, cart_pieces) = match viewer.cart_owner() {
        Some(owner) => state.store.cart_stake(owner, facts.product.id).await?,
        None => (String::new(), 0),
    };
    // Came through a partner (spec 001 §6 affiliate-registered): an account marked so (`drape admin
    // affiliate --shopper`), or a bag that keeps a partner's code (arrived with or applied it).
    let partner = viewer.is_affiliate() || !partner_code.is_empty();
    // What else the answer says depends only on whether the viewer sees warehouse stock and whether
    // they came through a partner: with none of this product in their bag, it is the same for every
    // such viewer, so it is kept per product and kind of viewer (issue 14's logged-in sizes).
    if cart_pieces > 0 {
        return Ok(Json(sizes_out(&facts, &viewer, partner, cart_pieces)).into_response());
    }
    let answer = kept
        .get_or_render(sizes_key(&slug, viewer.is_privileged(), partner), || async {
            Ok((facts.product.id, Answer::json(&sizes_out(&facts, &viewer, partner, 0))?))
        })
        .await?;
    Ok(answer.into_response())
}

/// A product's size list as a visitor with neither an account nor a bag sees it.
pub fn guest_sizes(facts: &ProductFacts) -> SizesOut {
    sizes_out(facts, &Viewer { user: None, session_token: None, guest_token: None }, false, 0)
}

/// A product's size list as `viewer` sees it, with `cart_pieces` of it in their bag.
fn sizes_out(facts: &ProductFacts, viewer: &Viewer, partner: bool, cart_pieces: i64) -> SizesOut {
    let (p, all) = (&facts.product, &facts.sizes);
    let items: Vec<(i64, SizeItem)> = all.iter().map(|s| (s.part, size_item(s, p, viewer, partner))).collect();
    let mut list_qty = BTreeMap::new();
    let mut urgency = BTreeMap::new();
    for (_, it) in &items {
        list_qty.insert(it.value.clone(), it.quantity);
        if !it.urgency_message.is_empty() {
            urgency.insert(it.value.clone(), it.urgency_message.clone());
        }
    }
    let (size, combo_sizes, possible) = if p.is_combo() {
        let mut groups: Vec<ComboGroup> = Vec::new();
        for part in [1, 2] {
            let kind = all.iter().find(|s| s.part == part).map(|s| s.part_label.clone()).unwrap_or_default();
            groups.push(ComboGroup { kind, sizes: vec![] });
        }
        for (part, it) in items {
            groups[(part - 1).clamp(0, 1) as usize].sizes.push(it);
        }
        let mut pairs = Vec::new();
        for a in groups[0].sizes.iter().filter(|s| s.quantity > 0) {
            for b in groups[1].sizes.iter().filter(|s| s.quantity > 0) {
                pairs.push(format!("{}|{}", a.value, b.value));
            }
        }
        (vec![], groups, pairs)
    } else {
        let size: Vec<SizeItem> = items.into_iter().map(|(_, it)| it).collect();
        let possible = size.iter().filter(|s| s.quantity > 0).map(|s| s.value.clone()).collect();
        (size, vec![], possible)
    };
    SizesOut {
        status: "success".into(),
        result: SizesResult {
            size,
            combo_sizes,
            possible_variation_list: possible,
            list_qty,
            urgency_message_product: urgency,
            cart_pieces,
            max_cart_items: p.max_cart_items,
        },
    }
}

/// Where a product's size list is kept for viewers with none of it in their bag: one per kind of
/// viewer (sees warehouse stock; came through a partner, so sees no urgency). A guest's is the
/// plain one.
fn sizes_key(slug: &str, privileged: bool, partner: bool) -> String {
    match (privileged, partner) {
        (false, false) => format!("sizes/{slug}"),
        _ => format!("sizes/{slug}/{}{}", if privileged { "ws" } else { "" }, if partner { "partner" } else { "" }),
    }
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct ComboQuery {
    /// The bra-part size of a combo.
    pub combo1: Option<String>,
    /// The panty-part size of a combo.
    pub combo2: Option<String>,
}

fn valid_size_value(v: &str) -> bool {
    (1..=20).contains(&v.len()) && v.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// How many of a size can be bought now, as a plain integer (0 = sold out). Privileged users get raw stock.
#[utoipa::path(get, path = "/iteminstock/{productId}/{sizeValue}/", tag = "catalog",
    params(("productId" = i64, Path), ("sizeValue" = String, Path), ComboQuery),
    responses((status = 200, body = i64, content_type = "text/plain"), (status = 404, body = crate::error::ErrorBody)))]
pub async fn item_in_stock(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((product_id, size_value)): Path<(String, String)>,
    Query(q): Query<ComboQuery>,
) -> ApiResult<Response> {
    let product_id: i64 = product_id.parse().ok().filter(|id| *id > 0).ok_or_else(no_such_product)?;
    for v in [Some(&size_value), q.combo1.as_ref(), q.combo2.as_ref()].into_iter().flatten() {
        if !valid_size_value(v) {
            return Err(size_not_found());
        }
    }
    let kept = kept::current(&state).await?;
    // Staff see raw stock, worked out for them each time; every other visitor gets the same
    // number: kept.
    if viewer.is_privileged() {
        let facts = facts_of(&state, &kept, product_id).await?;
        return Ok(Answer::text(stock_count(&facts, &size_value, &q, true)?.to_string()).into_response());
    }
    let key = format!("stock/{product_id}/{size_value}/{:?}/{:?}", q.combo1, q.combo2);
    let answer = kept
        .get_or_render(key, || async {
            let facts = facts_of(&state, &kept, product_id).await?;
            Ok((facts.product.id, Answer::text(stock_count(&facts, &size_value, &q, false)?.to_string())))
        })
        .await?;
    Ok(answer.into_response())
}

fn size_not_found() -> ApiError {
    ApiError::not_found("We couldn't find that size for this product.")
}

/// How many of a size (or a combo's pair) `staff` see (raw stock) or anyone else may buy now.
fn stock_count(facts: &ProductFacts, size_value: &str, q: &ComboQuery, staff: bool) -> ApiResult<i64> {
    let not_found = size_not_found;
    let (p, sizes) = (&facts.product, &facts.sizes);
    let find = |part: i64, v: &str| drape_store::catalog::find_size(sizes, part, v).map(|s| s.stock);
    let raw = if p.is_combo() {
        match (&q.combo1, &q.combo2) {
            (Some(a), Some(b)) => stock::combo_stock(find(1, a).ok_or_else(not_found)?, find(2, b).ok_or_else(not_found)?),
            _ => find(1, size_value).or_else(|| find(2, size_value)).ok_or_else(not_found)?,
        }
    } else {
        find(0, size_value).ok_or_else(not_found)?
    };
    Ok(if staff {
        raw
    } else if p.is_active() {
        stock::purchasable_quantity(raw, p.max_cart_items)
    } else {
        0
    })
}

//! The cart page's calls (spec 000 §7): the whole cart priced by the offers engine, quantity changes,
//! removal, coupons and gift wrap. Every call acts only on the visitor's own cart.

use crate::error::{ApiError, ApiResult};
use crate::extract::{Json, Query};
use crate::features::{cart, catalog, shopper};
use crate::security::{self, Viewer};
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use drape_domain::money::format_inr;
use drape_domain::pricing::{self, Choices, Offers, ShopSettings};
use drape_domain::stock;
use drape_store::carts::{CartLine, CartOwner, CartRow};
use serde::{Deserialize, Serialize};

#[derive(Serialize, utoipa::ToSchema)]
pub struct CartProductDetail {
    pub id: i64,
    pub name: String,
    pub slug: String,
    pub sku: String,
    pub url: String,
    pub img: String,
    pub color_name: String,
    pub nonreturnable: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct LineStock {
    /// 1 in stock, 0 out of stock (spec 000 §4).
    pub status: i64,
    /// How many of this choice can be bought (stock capped by max_cart_items).
    pub available: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CartItemOut {
    pub id: i64,
    pub product_detail: CartProductDetail,
    /// The size, or "34B / M" for a combo.
    pub size: String,
    pub combo_sizes: Option<Vec<String>>,
    pub quantity: i64,
    /// How many more of this choice could be added.
    pub rem_quantity: i64,
    pub stock: LineStock,
    pub unit_price: i64,
    pub unit_price_ui: String,
    pub mrp: i64,
    pub mrp_ui: String,
    pub line_total: i64,
    pub line_total_ui: String,
    /// Added as a last-minute deal.
    pub is_deal: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct GiftOut {
    pub id: i64,
    pub title: String,
    pub product: catalog::ProductCard,
    /// 0 for a free gift.
    pub price: i64,
    pub price_ui: String,
    pub min_order: i64,
    pub min_order_ui: String,
    /// The cart is big enough for it.
    pub eligible: bool,
    /// The size taken, when the cart has taken the gift.
    pub chosen_size: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct BundleOut {
    pub key: String,
    pub title: String,
    pub discount: i64,
    pub discount_ui: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CartAttr {
    pub cart_id: i64,
    pub pieces: i64,
    pub mrp_total: i64,
    pub mrp_total_ui: String,
    pub subtotal: i64,
    pub subtotal_ui: String,
    pub bundle_discount: i64,
    pub bundles: Vec<BundleOut>,
    pub coupon_code: String,
    pub coupon_discount: i64,
    pub coupon_discount_ui: String,
    /// Why the kept coupon does not apply now, if it does not.
    pub coupon_message: String,
    /// The upgrade offer taken (in place of a coupon), 0 when none applies.
    pub upgrade_discount: i64,
    pub upgrade_discount_ui: String,
    /// The partner's code kept on the cart ('' when none).
    pub affiliation_code: String,
    /// The partner's name, for "Referred by …".
    pub affiliate_name: String,
    pub affiliate_discount: i64,
    pub affiliate_discount_ui: String,
    /// Why the kept affiliation code gives no discount now, if it does not.
    pub affiliate_message: String,
    pub gift_wrap: bool,
    pub gift_wrap_charge: i64,
    pub gift_wrap_charge_ui: String,
    pub gifts: i64,
    pub gifts_ui: String,
    pub shipping: i64,
    pub shipping_ui: String,
    pub total: i64,
    pub total_ui: String,
    pub you_save: i64,
    pub you_save_ui: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ShippingInfo {
    pub title_text: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct RemainingOfferOut {
    pub title: String,
    pub pieces_short: i64,
    pub amount_short: i64,
    pub message: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct RemainingOffers {
    pub result: Vec<RemainingOfferOut>,
}

#[derive(Serialize, utoipa::ToSchema, Clone)]
pub struct UpgradeOptionOut {
    pub id: i64,
    pub title: String,
    pub min_value: i64,
    pub min_value_ui: String,
    pub discount: i64,
    pub discount_ui: String,
    /// The cart (after bundle prices) reaches it.
    pub unlocked: bool,
    /// Paise still to add to reach it (0 when unlocked).
    pub amount_short: i64,
    pub selected: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct UpgradeOfferValues {
    /// The nudge: what is taken and the next rung, what the cart unlocks, or how far the first rung is.
    pub offer_upgrade_message: String,
    /// The option the shopper chose (upgrade_selected_option), whether or not it applies now.
    pub selected_option: Option<i64>,
    /// Why the chosen option does not apply now ('' when it does or none is chosen).
    pub selected_message: String,
    pub options: Vec<UpgradeOptionOut>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CartOut {
    pub cart_items: Vec<CartItemOut>,
    pub cart_attr: CartAttr,
    pub shipping_info: ShippingInfo,
    pub remaining_offers: RemainingOffers,
    /// The gift offers running now (free ones with a size to choose, and paid ones).
    pub cart_paid_gift_details: Vec<GiftOut>,
    pub upgrade_offer_values: UpgradeOfferValues,
    pub event_data: Option<shopper::CartEventData>,
}

fn owner_cart_error() -> ApiError {
    ApiError::not_found("We couldn't find that cart.")
}

/// The visitor's cart row, refusing any id that is not theirs.
pub async fn own_cart<'a>(state: &AppState, viewer: &'a Viewer, cart_id: Option<i64>) -> ApiResult<(CartOwner<'a>, CartRow)> {
    let owner = cart::owner(viewer).ok_or_else(owner_cart_error)?;
    let row = state.store.cart_row(owner).await?.ok_or_else(owner_cart_error)?;
    if cart_id.is_some_and(|id| id != row.id) {
        return Err(owner_cart_error());
    }
    Ok((owner, row))
}

/// What pricing a cart needs, read once: its lines (shaped for the answer and for the engine),
/// the offers running now and the gifts the cart has taken.
pub struct CartInputs {
    pub items: Vec<CartItemOut>,
    pub lines: Vec<pricing::Line>,
    pub offers: Offers,
    gift_rows: Vec<drape_store::offers::GiftOfferRow>,
    pub taken: Vec<(i64, String)>,
}

/// A change to the cart's lines not written yet: the codes asked with it are checked against the cart
/// as it will be.
#[derive(Clone, Copy)]
pub enum LineChange<'a> {
    None,
    Quantity { line_id: i64, quantity: i64 },
    Remove(&'a [i64]),
}

/// Reads the cart and the offers running now.
pub async fn load_cart(state: &AppState, owner: CartOwner<'_>, row: &CartRow) -> ApiResult<CartInputs> {
    load_cart_with(state, owner, row, LineChange::None).await
}

async fn load_cart_with(state: &AppState, owner: CartOwner<'_>, row: &CartRow, change: LineChange<'_>) -> ApiResult<CartInputs> {
    let store = &state.store;
    let now = state.now();
    let cats = store.categories().await?;
    let deals = store.running_deals(now).await?;
    let mut items = Vec::new();
    let mut engine_lines = Vec::new();
    // The lines' products, sizes and categories are read in one query each, however long the cart.
    let mut cart_lines = store.cart_lines(owner).await?;
    match change {
        LineChange::None => {}
        LineChange::Quantity { line_id, quantity } => cart_lines.iter_mut().filter(|l| l.id == line_id).for_each(|l| l.quantity = quantity),
        LineChange::Remove(ids) => cart_lines.retain(|l| !ids.contains(&l.id)),
    }
    let mut product_ids: Vec<i64> = cart_lines.iter().map(|l| l.product_id).collect();
    product_ids.sort_unstable();
    product_ids.dedup();
    let products = store.products_by_ids(&product_ids).await?;
    let all_sizes = store.sizes_of_products(&product_ids).await?;
    let filings = store.category_ids_of_products(&product_ids).await?;
    for line in cart_lines {
        let Some(p) = products.iter().find(|p| p.id == line.product_id) else { continue };
        let by_id = |id: Option<i64>| id.and_then(|id| all_sizes.iter().find(|s| s.id == id && s.product_id == p.id));
        let (size_text, combo, raw_stock) = match (by_id(line.size_id), by_id(line.combo1_size_id), by_id(line.combo2_size_id)) {
            (Some(s), _, _) => (s.value.clone(), None, s.stock),
            (None, Some(a), Some(b)) => {
                (format!("{} / {}", a.value, b.value), Some(vec![a.value.clone(), b.value.clone()]), stock::combo_stock(a.stock, b.stock))
            }
            _ => (String::new(), None, 0),
        };
        let available = if p.is_active() { stock::purchasable_quantity(raw_stock, p.max_cart_items) } else { 0 };
        let in_stock = available >= line.quantity && available > 0;
        let mut category_ids: Vec<i64> = filings.iter().filter(|f| f.0 == p.id).map(|f| f.1).collect();
        category_ids.push(catalog::top_category(&cats, p.category_id));
        // A deal's price holds while the deal runs; deal pieces join no bundle.
        let deal = line.deal_id.and_then(|id| deals.iter().find(|d| d.id == id));
        let unit_price = deal.map_or(p.price, |d| d.deal_price);
        engine_lines.push(pricing::Line {
            line_id: line.id,
            product_id: p.id,
            category_ids,
            unit_price,
            unit_mrp: p.old_price,
            quantity: line.quantity,
            in_stock,
            offer_key: if deal.is_some() { String::new() } else { p.offer_key.clone() },
        });
        items.push(CartItemOut {
            id: line.id,
            product_detail: CartProductDetail {
                id: p.id,
                name: p.name.clone(),
                slug: p.slug.clone(),
                sku: p.sku.clone(),
                url: format!("/product/{}", p.slug),
                img: catalog::product_image(&p.sku, 1),
                color_name: p.color_name.clone(),
                nonreturnable: p.nonreturnable != 0,
            },
            size: size_text,
            combo_sizes: combo,
            quantity: line.quantity,
            rem_quantity: (available - line.quantity).max(0),
            stock: LineStock { status: in_stock as i64, available },
            unit_price,
            unit_price_ui: format_inr(unit_price),
            mrp: p.old_price,
            mrp_ui: format_inr(p.old_price),
            line_total: unit_price * line.quantity,
            line_total_ui: format_inr(unit_price * line.quantity),
            is_deal: deal.is_some(),
        });
    }
    let gift_rows = store.running_gift_offers(now).await?;
    let taken = store.cart_gifts(row.id).await?;
    let offers = Offers {
        bundles: store.running_bundles(now).await?,
        upgrades: store.running_upgrades(now).await?,
        gifts: gift_rows
            .iter()
            .map(|g| pricing::GiftOffer { id: g.id, title: g.title.clone(), product_id: g.product_id, price: g.price, min_order: g.min_order })
            .collect(),
    };
    Ok(CartInputs { items, lines: engine_lines, offers, gift_rows, taken })
}

/// A stored coupon with how often it has been used (overall and by this visitor).
pub async fn coupon_with_usage(state: &AppState, viewer: &Viewer, code: &str) -> ApiResult<Option<(pricing::Coupon, pricing::CouponUsage)>> {
    if code.is_empty() {
        return Ok(None);
    }
    Ok(match state.store.coupon_by_code(code).await? {
        Some(c) => Some((c.to_coupon(), state.store.coupon_usage(c.id, viewer.user.as_ref().map(|u| u.id)).await?)),
        None => None,
    })
}

/// The cart's kept partner code, as the engine sees it, with the partner's name.
async fn affiliate_of(state: &AppState, code: &str) -> ApiResult<Option<(pricing::Affiliate, String)>> {
    if code.is_empty() {
        return Ok(None);
    }
    Ok(state.store.affiliate_by_code(code).await?.map(|a| (a.to_affiliate(), a.name)))
}

/// The shopper's choices kept with the cart row, read for the engine.
pub async fn choices_of(state: &AppState, viewer: &Viewer, row: &CartRow, taken: &[(i64, String)]) -> ApiResult<(Choices, String)> {
    let affiliate = affiliate_of(state, &row.affiliation_code).await?;
    let name = affiliate.as_ref().map(|a| a.1.clone()).unwrap_or_default();
    let choices = Choices {
        coupon: coupon_with_usage(state, viewer, &row.coupon_code).await?,
        gift_wrap: row.gift_wrap != 0,
        gifts_taken: taken.iter().map(|t| t.0).collect(),
        upgrade: row.upgrade_option_id,
        affiliate: affiliate.map(|a| a.0),
        shopper_id: viewer.user.as_ref().map(|u| u.id),
    };
    Ok((choices, name))
}

/// The cart event data of spec 000 §3, from the lines already read (deal prices included): what the
/// shopper would pay, the coupon when it applies, and the average discount off MRP.
pub fn event_data_of(cart_id: i64, items: &[CartItemOut], totals: &pricing::Totals, coupon_code: &str) -> shopper::CartEventData {
    let cart_items: Vec<shopper::CartEventItem> = items
        .iter()
        .map(|i| shopper::CartEventItem {
            product_id: i.product_detail.id,
            name: i.product_detail.name.clone(),
            sku: i.product_detail.sku.clone(),
            quantity: i.quantity,
            price: i.unit_price as f64 / 100.0,
        })
        .collect();
    let count = cart_items.iter().map(|i| i.quantity).sum();
    let charged: Vec<(i64, i64, i64)> = items.iter().filter(|i| i.stock.status == 1).map(|i| (i.mrp, i.unit_price, i.quantity)).collect();
    shopper::CartEventData {
        cart_id,
        cart_items,
        cart_items_count: count,
        total_value: totals.total as f64 / 100.0,
        coupon_data: (totals.coupon_discount > 0).then(|| coupon_code.to_string()),
        discount_avg: drape_domain::engagement::average_discount_percent(&charged),
    }
}

/// Prices and shapes the visitor's cart.
pub async fn build_cart(state: &AppState, viewer: &Viewer, owner: CartOwner<'_>, row: &CartRow) -> ApiResult<CartOut> {
    build_cart_with(state, viewer, owner, row, LineChange::None).await
}

/// Prices and shapes the cart as it will be after `change`.
async fn build_cart_with(state: &AppState, viewer: &Viewer, owner: CartOwner<'_>, row: &CartRow, change: LineChange<'_>) -> ApiResult<CartOut> {
    let CartInputs { items, lines: engine_lines, offers, gift_rows, taken } = load_cart_with(state, owner, row, change).await?;
    let store = &state.store;
    let now = state.now();
    let (choices, affiliate_name) = choices_of(state, viewer, row, &taken).await?;
    let settings = ShopSettings::default();
    let t = pricing::price_cart(&engine_lines, &offers, &choices, &settings, now);
    let goods = t.goods;
    let after_bundles = t.subtotal - t.bundle_discount;
    let upgrade_discount = t.upgrade.map_or(0, |u| u.1);
    let upgrade_options: Vec<UpgradeOptionOut> = offers
        .upgrades
        .iter()
        .map(|o| UpgradeOptionOut {
            id: o.id,
            title: o.title.clone(),
            min_value: o.min_value,
            min_value_ui: format_inr(o.min_value),
            discount: o.discount,
            discount_ui: format_inr(o.discount),
            unlocked: t.pieces > 0 && after_bundles >= o.min_value,
            amount_short: (o.min_value - after_bundles).max(0),
            selected: row.upgrade_option_id == Some(o.id),
        })
        .collect();
    let gift_products = store.products_by_ids(&gift_rows.iter().map(|g| g.product_id).collect::<Vec<_>>()).await?;
    let gift_cards = catalog::cards(state, &gift_products).await?;
    let gifts: Vec<GiftOut> = gift_rows
        .iter()
        .filter_map(|g| {
            let card = gift_cards.iter().find(|c| c.id == g.product_id)?.clone();
            Some(GiftOut {
                id: g.id,
                title: g.title.clone(),
                product: card,
                price: g.price,
                price_ui: format_inr(g.price),
                min_order: g.min_order,
                min_order_ui: format_inr(g.min_order),
                eligible: t.pieces > 0 && goods >= g.min_order,
                chosen_size: taken.iter().find(|x| x.0 == g.id).map(|x| x.1.clone()),
            })
        })
        .collect();
    let you_save = (t.mrp_total - t.subtotal) + t.bundle_discount + t.coupon_discount + upgrade_discount + t.affiliate_discount;
    let shipping_text = if t.pieces == 0 {
        String::new()
    } else if t.shipping == 0 {
        "Yay! You get free shipping on this order".to_string()
    } else {
        format!("Add {} more for free shipping", format_inr(settings.free_shipping_from - goods))
    };
    let event_data = Some(event_data_of(row.id, &items, &t, &row.coupon_code));
    Ok(CartOut {
        cart_items: items,
        cart_attr: CartAttr {
            cart_id: row.id,
            pieces: t.pieces,
            mrp_total: t.mrp_total,
            mrp_total_ui: format_inr(t.mrp_total),
            subtotal: t.subtotal,
            subtotal_ui: format_inr(t.subtotal),
            bundle_discount: t.bundle_discount,
            bundles: t
                .bundles
                .iter()
                .map(|b| BundleOut { key: b.key.clone(), title: b.title.clone(), discount: b.discount, discount_ui: format_inr(b.discount) })
                .collect(),
            coupon_code: row.coupon_code.clone(),
            coupon_discount: t.coupon_discount,
            coupon_discount_ui: format_inr(t.coupon_discount),
            coupon_message: t.coupon_refusal.as_ref().map(|r| r.message()).unwrap_or_default(),
            upgrade_discount,
            upgrade_discount_ui: format_inr(upgrade_discount),
            affiliation_code: row.affiliation_code.clone(),
            affiliate_name,
            affiliate_discount: t.affiliate_discount,
            affiliate_discount_ui: format_inr(t.affiliate_discount),
            affiliate_message: t.affiliate_refusal.as_ref().map(|r| r.message()).unwrap_or_default(),
            gift_wrap: row.gift_wrap != 0,
            gift_wrap_charge: t.gift_wrap,
            gift_wrap_charge_ui: format_inr(t.gift_wrap),
            gifts: t.gifts,
            gifts_ui: format_inr(t.gifts),
            shipping: t.shipping,
            shipping_ui: if t.shipping == 0 { "FREE".into() } else { format_inr(t.shipping) },
            total: t.total,
            total_ui: format_inr(t.total),
            you_save,
            you_save_ui: format_inr(you_save),
        },
        shipping_info: ShippingInfo { title_text: shipping_text },
        remaining_offers: RemainingOffers {
            result: t
                .remaining
                .iter()
                .map(|r| RemainingOfferOut {
                    title: r.title.clone(),
                    pieces_short: r.pieces_short,
                    amount_short: r.amount_short,
                    message: if r.pieces_short > 0 {
                        format!("Add {} more to get {}", r.pieces_short, r.title)
                    } else {
                        format!("Add {} more to unlock: {}", format_inr(r.amount_short), r.title)
                    },
                })
                .collect(),
        },
        cart_paid_gift_details: gifts,
        upgrade_offer_values: UpgradeOfferValues {
            offer_upgrade_message: if t.pieces > 0 { pricing::upgrade_message(&offers.upgrades, after_bundles, t.upgrade.map(|u| u.0)) } else { String::new() },
            selected_option: row.upgrade_option_id,
            selected_message: t.upgrade_refusal.as_ref().map(|r| r.message()).unwrap_or_default(),
            options: upgrade_options,
        },
        event_data,
    })
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ViewCartInfo {
    pub cart_id: Option<i64>,
    pub cart_quantity: i64,
}

/// The visitor's cart id (null without a cart) and piece count: where the cart page starts.
#[utoipa::path(get, path = "/get/view-cart-info/", tag = "cart", responses((status = 200, body = ViewCartInfo)))]
pub async fn view_cart_info(State(state): State<AppState>, viewer: Viewer) -> ApiResult<axum::Json<ViewCartInfo>> {
    let (cart_id, cart_quantity) = match cart::owner(&viewer) {
        Some(o) => (state.store.cart_row(o).await?.map(|r| r.id), state.store.cart_quantity(o).await?),
        None => (None, 0),
    };
    Ok(axum::Json(ViewCartInfo { cart_id, cart_quantity }))
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct CartQuery {
    pub coupon_code: Option<String>,
    pub iscouponremove: Option<String>,
    pub affiliation_code: Option<String>,
    pub isaffiliateremove: Option<String>,
    pub upgrade_selected_option: Option<String>,
}

impl CartQuery {
    /// Whether the query asks to change the cart's codes or upgrade (anything but a plain read).
    fn asks_change(&self) -> bool {
        [&self.coupon_code, &self.iscouponremove, &self.affiliation_code, &self.isaffiliateremove, &self.upgrade_selected_option]
            .iter()
            .any(|v| v.as_deref().is_some_and(|v| !v.trim().is_empty()))
    }
}

fn is_yes(v: &Option<String>) -> bool {
    matches!(v.as_deref().map(str::trim), Some("1" | "true" | "True"))
}

/// A code typed by the shopper: trimmed, upper-cased, letters and digits only (at most 20).
fn typed_code(field: &'static str, what: &str, raw: &Option<String>) -> ApiResult<Option<String>> {
    let Some(code) = raw.as_deref().filter(|c| !c.trim().is_empty()) else { return Ok(None) };
    pricing::normalise_code(code).map(Some).ok_or_else(|| ApiError::field(field, format!("{what} are up to 20 letters and digits.")))
}

/// Applies, keeps or removes the coupon, the affiliation code and the upgrade option named in the
/// query, checked by the engine against the cart as it will be after `change` (the caller writes the
/// change after this succeeds). A refusal is a 400 with the reason and the cart keeps what it had.
async fn apply_cart_query(state: &AppState, viewer: &Viewer, owner: CartOwner<'_>, row: &mut CartRow, q: &CartQuery, change: LineChange<'_>) -> ApiResult<()> {
    let mut trial = row.clone();
    if is_yes(&q.iscouponremove) {
        trial.coupon_code.clear();
    } else if let Some(code) = typed_code("coupon_code", "Coupon codes", &q.coupon_code)? {
        trial.coupon_code = code;
    }
    if is_yes(&q.isaffiliateremove) {
        trial.affiliation_code.clear();
    } else if let Some(code) = typed_code("affiliation_code", "Affiliation codes", &q.affiliation_code)? {
        trial.affiliation_code = code;
    }
    if let Some(option) = q.upgrade_selected_option.as_deref().map(str::trim).filter(|o| !o.is_empty()) {
        let id: i64 =
            option.parse().ok().filter(|id| *id >= 0).ok_or_else(|| ApiError::field("upgrade_selected_option", "Choose an upgrade from the list."))?;
        // 0 takes the upgrade off.
        trial.upgrade_option_id = (id > 0).then_some(id);
    }
    if trial == *row {
        return Ok(());
    }
    let coupon_asked = trial.coupon_code != row.coupon_code && !trial.coupon_code.is_empty();
    let affiliate_asked = trial.affiliation_code != row.affiliation_code && !trial.affiliation_code.is_empty();
    let upgrade_asked = trial.upgrade_option_id != row.upgrade_option_id && trial.upgrade_option_id.is_some();
    if coupon_asked && state.store.coupon_by_code(&trial.coupon_code).await?.is_none() {
        return Err(ApiError::field("coupon_code", "This coupon code is not valid."));
    }
    if affiliate_asked && state.store.affiliate_by_code(&trial.affiliation_code).await?.is_none() {
        return Err(ApiError::field("affiliation_code", "This affiliation code is not valid."));
    }
    let priced = build_cart_with(state, viewer, owner, &trial, change).await?;
    if upgrade_asked && !priced.upgrade_offer_values.selected_message.is_empty() {
        return Err(ApiError::field("upgrade_selected_option", priced.upgrade_offer_values.selected_message));
    }
    if coupon_asked && !priced.cart_attr.coupon_message.is_empty() {
        return Err(ApiError::field("coupon_code", priced.cart_attr.coupon_message));
    }
    if affiliate_asked && !priced.cart_attr.affiliate_message.is_empty() {
        return Err(ApiError::field("affiliation_code", priced.cart_attr.affiliate_message));
    }
    state
        .store
        .set_cart_choices(
            row.id,
            (trial.coupon_code != row.coupon_code).then_some(trial.coupon_code.as_str()),
            (trial.affiliation_code != row.affiliation_code).then_some(trial.affiliation_code.as_str()),
            (trial.upgrade_option_id != row.upgrade_option_id).then_some(trial.upgrade_option_id),
            state.now(),
        )
        .await?;
    *row = trial;
    Ok(())
}

/// The visitor's whole cart, priced, after applying or removing a coupon named in the query (which
/// needs the `X-CSRFToken` header, as every change does).
#[utoipa::path(get, path = "/api/v4/carts-new/{cart_id}", tag = "cart", params(("cart_id" = i64, Path), CartQuery),
    responses((status = 200, body = CartOut), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn get_cart(
    State(state): State<AppState>,
    viewer: Viewer,
    headers: HeaderMap,
    Path(cart_id): Path<String>,
    Query(q): Query<CartQuery>,
) -> ApiResult<axum::Json<CartOut>> {
    // A GET that changes the cart needs the CSRF header, so a link on another site cannot.
    if q.asks_change() {
        security::require_csrf_header(&headers)?;
    }
    let id: i64 = cart_id.trim().parse().map_err(|_| owner_cart_error())?;
    let (owner, mut row) = own_cart(&state, &viewer, Some(id)).await?;
    apply_cart_query(&state, &viewer, owner, &mut row, &q, LineChange::None).await?;
    Ok(axum::Json(build_cart(&state, &viewer, owner, &row).await?))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct QuantityChange {
    pub quantity: i64,
}

/// Changes a line's quantity (within stock and max_cart_items) and answers the repriced cart.
#[utoipa::path(patch, path = "/api/v4/cart-items-new/{id}/", tag = "cart", params(("id" = i64, Path), CartQuery), request_body = QuantityChange,
    responses((status = 200, body = CartOut), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn change_quantity(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(line_id): Path<String>,
    Query(q): Query<CartQuery>,
    Json(change): Json<QuantityChange>,
) -> ApiResult<axum::Json<CartOut>> {
    let line_id: i64 = line_id.trim().parse().map_err(|_| ApiError::not_found("That item is not in your cart."))?;
    let (owner, mut row) = own_cart(&state, &viewer, None).await?;
    let lines = state.store.cart_lines(owner).await?;
    let line = lines.iter().find(|l| l.id == line_id).ok_or_else(|| ApiError::not_found("That item is not in your cart."))?;
    let p = state.store.product_by_id(line.product_id).await?;
    let sizes = state.store.sizes(p.id).await?;
    let available = if p.is_active() { line.stock_among(&sizes) } else { 0 };
    if line.deal_id.is_some() && change.quantity != 1 {
        return Err(ApiError::field("quantity", "A deal can be added once, one piece."));
    }
    let check = |lines: &[CartLine]| {
        // Other lines of the same sizes (a deal piece beside ordinary ones) share the stock and the cap.
        let others: i64 = lines.iter().filter(|l| l.id != line_id && l.same_sizes(line)).map(|l| l.quantity).sum();
        stock::may_add(available, p.max_cart_items, others, change.quantity).map_err(|r| ApiError::field("quantity", r.message()))
    };
    check(&lines)?;
    // Codes in the query are checked against the cart with the new quantity, before anything is written.
    apply_cart_query(&state, &viewer, owner, &mut row, &q, LineChange::Quantity { line_id, quantity: change.quantity }).await?;
    // Checked again with the cart locked, in case another tab changed it meanwhile.
    match state.store.set_line_quantity_checked(row.id, line_id, change.quantity, check).await? {
        Some(done) => done?,
        None => return Err(ApiError::not_found("That item is not in your cart.")),
    }
    Ok(axum::Json(build_cart(&state, &viewer, owner, &row).await?))
}

/// Removes a line and answers the repriced cart.
#[utoipa::path(delete, path = "/api/v4/cart-items-new/{id}/", tag = "cart", params(("id" = i64, Path), CartQuery),
    responses((status = 200, body = CartOut), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn remove_item(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(line_id): Path<String>,
    Query(q): Query<CartQuery>,
) -> ApiResult<axum::Json<CartOut>> {
    let line_id: i64 = line_id.trim().parse().map_err(|_| ApiError::not_found("That item is not in your cart."))?;
    let (owner, mut row) = own_cart(&state, &viewer, None).await?;
    if !state.store.cart_lines(owner).await?.iter().any(|l| l.id == line_id) {
        return Err(ApiError::not_found("That item is not in your cart."));
    }
    apply_cart_query(&state, &viewer, owner, &mut row, &q, LineChange::Remove(&[line_id])).await?;
    if state.store.remove_lines(row.id, &[line_id]).await? == 0 {
        return Err(ApiError::not_found("That item is not in your cart."));
    }
    Ok(axum::Json(build_cart(&state, &viewer, owner, &row).await?))
}

/// Adds gift wrap to the cart.
#[utoipa::path(post, path = "/api/v4/carts-new/{id}/gift-wrap/", tag = "cart", params(("id" = i64, Path), CartQuery),
    responses((status = 200, body = CartOut), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn add_gift_wrap(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(cart_id): Path<String>,
    Query(q): Query<CartQuery>,
) -> ApiResult<axum::Json<CartOut>> {
    set_wrap(state, viewer, cart_id, true, q).await
}

/// Removes gift wrap from the cart.
#[utoipa::path(delete, path = "/api/v4/carts-new/{id}/delete-gift-wrap/", tag = "cart", params(("id" = i64, Path), CartQuery),
    responses((status = 200, body = CartOut), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn remove_gift_wrap(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(cart_id): Path<String>,
    Query(q): Query<CartQuery>,
) -> ApiResult<axum::Json<CartOut>> {
    set_wrap(state, viewer, cart_id, false, q).await
}

async fn set_wrap(state: AppState, viewer: Viewer, cart_id: String, on: bool, q: CartQuery) -> ApiResult<axum::Json<CartOut>> {
    let id: i64 = cart_id.trim().parse().map_err(|_| owner_cart_error())?;
    let (owner, mut row) = own_cart(&state, &viewer, Some(id)).await?;
    if on && state.store.cart_quantity(owner).await? == 0 {
        return Err(ApiError::bad_request("Add something to your cart before gift wrapping it."));
    }
    apply_cart_query(&state, &viewer, owner, &mut row, &q, LineChange::None).await?;
    state.store.set_cart_gift_wrap(row.id, on, state.now()).await?;
    row.gift_wrap = on as i64;
    Ok(axum::Json(build_cart(&state, &viewer, owner, &row).await?))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CartStock {
    pub status: String,
    /// Cart line ids that cannot be bought as they are.
    pub out_of_stock: Vec<i64>,
}

/// Which of the visitor's cart lines are out of stock now.
#[utoipa::path(get, path = "/check-cart-stock/", tag = "cart", responses((status = 200, body = CartStock)))]
pub async fn check_cart_stock(State(state): State<AppState>, viewer: Viewer) -> ApiResult<axum::Json<CartStock>> {
    let out_of_stock = match cart::owner(&viewer) {
        Some(owner) => match state.store.cart_row(owner).await? {
            Some(row) => build_cart(&state, &viewer, owner, &row).await?.cart_items.iter().filter(|i| i.stock.status == 0).map(|i| i.id).collect(),
            None => vec![],
        },
        None => vec![],
    };
    Ok(axum::Json(CartStock { status: if out_of_stock.is_empty() { "ok".into() } else { "out_of_stock".into() }, out_of_stock }))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[allow(non_snake_case)]
pub struct OosQuery {
    /// Comma-separated product ids whose out-of-stock lines go.
    pub product_ids: String,
    /// 1: move them to the wishlist (login required) instead of only removing them.
    pub isWishList: Option<String>,
}

/// Removes the out-of-stock lines of the given products, moving them to the wishlist when asked,
/// in one step; answers the repriced cart.
#[utoipa::path(delete, path = "/api/v4/carts-new/{id}/delete-oos-cart-items/", tag = "cart", params(("id" = i64, Path), OosQuery, CartQuery),
    responses((status = 200, body = CartOut), (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn delete_oos_items(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(cart_id): Path<String>,
    Query(q): Query<OosQuery>,
    Query(choices): Query<CartQuery>,
) -> ApiResult<axum::Json<CartOut>> {
    let id: i64 = cart_id.trim().parse().map_err(|_| owner_cart_error())?;
    let (owner, mut row) = own_cart(&state, &viewer, Some(id)).await?;
    let mut products = Vec::new();
    for part in q.product_ids.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        products.push(part.parse::<i64>().map_err(|_| ApiError::field("product_ids", "product_ids must be product ids separated by commas."))?);
    }
    let to_wishlist = is_yes(&q.isWishList);
    let user_id = if to_wishlist { Some(viewer.require_user()?.id) } else { None };
    let priced = build_cart(&state, &viewer, owner, &row).await?;
    let gone: Vec<&CartItemOut> =
        priced.cart_items.iter().filter(|i| i.stock.status == 0 && (products.is_empty() || products.contains(&i.product_detail.id))).collect();
    let gone_ids: Vec<i64> = gone.iter().map(|i| i.id).collect();
    apply_cart_query(&state, &viewer, owner, &mut row, &choices, LineChange::Remove(&gone_ids)).await?;
    if let Some(user_id) = user_id {
        let choices: Vec<drape_store::engagement::WishlistChoice> = gone
            .iter()
            .map(|item| {
                let combo = item.combo_sizes.clone().unwrap_or_default();
                drape_store::engagement::WishlistChoice {
                    product_id: item.product_detail.id,
                    first_combo_size: combo.first().cloned().unwrap_or_default(),
                    second_combo_size: combo.get(1).cloned().unwrap_or_default(),
                    multi_combo_size: String::new(),
                }
            })
            .collect();
        shopper::keep_in_wishlist(&state, user_id, &choices).await?;
    }
    state.store.remove_lines(row.id, &gone_ids).await?;
    Ok(axum::Json(build_cart(&state, &viewer, owner, &row).await?))
}

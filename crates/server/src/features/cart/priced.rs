//! The cart priced: its lines, products, sizes and the offers running now read once, priced by the
//! offers engine (`pricing::price_cart`), and shaped into the cart answer. Every call that answers
//! the cart comes through here, so a total is worked out one way.

use super::views::*;
use crate::error::ApiResult;
use crate::features::catalog;
use crate::security::Viewer;
use crate::AppState;
use drape_domain::categories;
use drape_domain::money::format_inr;
use drape_domain::pricing::{self, Choices, Offers, ShopSettings};
use drape_domain::stock;
use drape_store::carts::{CartOwner, CartRow};

/// What pricing a cart needs, read once: its lines (shaped for the answer and for the engine),
/// the offers running now and the gifts the cart has taken.
pub struct CartInputs {
    pub items: Vec<CartItemOut>,
    pub lines: Vec<pricing::Line>,
    pub offers: Offers,
    pub gift_rows: Vec<drape_store::offers::GiftOfferRow>,
    pub taken: Vec<(i64, String)>,
    /// The cart's lines as read (size rows included), for what is placed from them.
    pub cart_lines: Vec<drape_store::carts::CartLine>,
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

pub async fn load_cart_with(state: &AppState, owner: CartOwner<'_>, row: &CartRow, change: LineChange<'_>) -> ApiResult<CartInputs> {
    let store = &state.store;
    let now = state.now();
    let kept = crate::kept::current(state).await?;
    let cats = catalog::categories_kept(state, &kept).await?;
    let calendar = crate::kept::offers::calendar(state, &kept, now).await?;
    let deals = calendar.deals_at(now);
    let mut items = Vec::new();
    let mut engine_lines = Vec::new();
    // The lines' products, sizes and categories are kept facts (catalog::product_facts), read only
    // when they changed.
    let mut cart_lines = store.cart_lines(owner).await?;
    match change {
        LineChange::None => {}
        LineChange::Quantity { line_id, quantity } => cart_lines.iter_mut().filter(|l| l.id == line_id).for_each(|l| l.quantity = quantity),
        LineChange::Remove(ids) => cart_lines.retain(|l| !ids.contains(&l.id)),
    }
    let mut product_ids: Vec<i64> = cart_lines.iter().map(|l| l.product_id).collect();
    product_ids.sort_unstable();
    product_ids.dedup();
    let products = catalog::products_facts(state, &kept, &product_ids).await?;
    for line in &cart_lines {
        let Some(facts) = products.iter().find(|f| f.product.id == line.product_id) else { continue };
        let p = &facts.product;
        let by_id = |id: Option<i64>| id.and_then(|id| facts.sizes.iter().find(|s| s.id == id));
        let (size_text, combo, raw_stock) = match (by_id(line.size_id), by_id(line.combo1_size_id), by_id(line.combo2_size_id)) {
            (Some(s), _, _) => (s.value.clone(), None, s.stock),
            (None, Some(a), Some(b)) => {
                (format!("{} / {}", a.value, b.value), Some(vec![a.value.clone(), b.value.clone()]), stock::combo_stock(a.stock, b.stock))
            }
            _ => (String::new(), None, 0),
        };
        let available = stock::sellable(p.is_active(), raw_stock, p.max_cart_items);
        let in_stock = available >= line.quantity && available > 0;
        let mut category_ids: Vec<i64> = facts.filed.clone();
        category_ids.push(categories::top(&cats, p.category_id));
        let deal = line.deal_id.and_then(|id| deals.iter().find(|d| d.id == id));
        let (unit_price, offer_key) = pricing::line_price(p.price, &p.offer_key, deal.map(|d| d.deal_price));
        engine_lines.push(pricing::Line {
            line_id: line.id,
            product_id: p.id,
            category_ids,
            unit_price,
            unit_mrp: p.old_price,
            quantity: line.quantity,
            in_stock,
            offer_key,
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
                max_cart_items: p.max_cart_items,
            },
            size: size_text,
            combo_sizes: combo,
            quantity: line.quantity,
            // What more fits: the size's stock less the cart's pieces of it, and the product's cap less
            // the cart's pieces of the product in every size.
            rem_quantity: if p.is_active() { stock::room_left(raw_stock, p.max_cart_items, line.held_in(&cart_lines, None)) } else { 0 },
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
    let gift_rows = calendar.gifts_at(now);
    let taken = store.cart_gifts(row.id).await?;
    let offers = Offers {
        bundles: calendar.bundles_at(now),
        upgrades: calendar.upgrades_at(now),
        gifts: gift_rows
            .iter()
            .map(|g| pricing::GiftOffer { id: g.id, title: g.title.clone(), product_id: g.product_id, price: g.price, min_order: g.min_order })
            .collect(),
    };
    Ok(CartInputs { items, lines: engine_lines, offers, gift_rows, taken, cart_lines })
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

/// Prices and shapes the visitor's cart.
pub async fn build_cart(state: &AppState, viewer: &Viewer, owner: CartOwner<'_>, row: &CartRow) -> ApiResult<CartOut> {
    build_cart_with(state, viewer, owner, row, LineChange::None).await
}

/// Prices and shapes the cart as it will be after `change`.
pub async fn build_cart_with(state: &AppState, viewer: &Viewer, owner: CartOwner<'_>, row: &CartRow, change: LineChange<'_>) -> ApiResult<CartOut> {
    let inputs = load_cart_with(state, owner, row, change).await?;
    price_and_shape(state, viewer, row, inputs).await
}

/// Prices a cart already read, once, and shapes the answer.
pub async fn price_and_shape(state: &AppState, viewer: &Viewer, row: &CartRow, inputs: CartInputs) -> ApiResult<CartOut> {
    let CartInputs { items, lines: engine_lines, offers, gift_rows, taken, .. } = inputs;
    let now = state.now();
    let (choices, affiliate_name) = choices_of(state, viewer, row, &taken).await?;
    let settings = ShopSettings::default();
    let t = pricing::price_cart(&engine_lines, &offers, &choices, &settings, now);
    let upgrade_discount = t.upgrade_discount();
    let upgrade_options: Vec<UpgradeOptionOut> = offers
        .upgrades
        .iter()
        .zip(&t.rungs)
        .map(|(o, rung)| UpgradeOptionOut {
            id: o.id,
            title: o.title.clone(),
            min_value: o.min_value,
            min_value_ui: format_inr(o.min_value),
            discount: o.discount,
            discount_ui: format_inr(o.discount),
            unlocked: rung.unlocked,
            amount_short: rung.amount_short,
            selected: row.upgrade_option_id == Some(o.id),
        })
        .collect();
    let kept = crate::kept::current(state).await?;
    let gift_cards = catalog::cards_kept(state, &kept, &gift_rows.iter().map(|g| g.product_id).collect::<Vec<_>>()).await?;
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
                eligible: t.gift(g.id).is_some_and(|p| p.eligible),
                chosen_size: taken.iter().find(|x| x.0 == g.id).map(|x| x.1.clone()),
            })
        })
        .collect();
    let shipping_text = if t.pieces == 0 {
        String::new()
    } else if t.shipping == 0 {
        "Yay! You get free shipping on this order".to_string()
    } else {
        format!("Add {} more for free shipping", format_inr(settings.free_shipping_from - t.goods))
    };
    let event_data = Some(CartEventData::of(row.id, &items, &t, &row.coupon_code));
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
            goods: t.goods,
            goods_ui: format_inr(t.goods),
            you_save: t.you_save,
            you_save_ui: format_inr(t.you_save),
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
            offer_upgrade_message: if t.pieces > 0 {
                pricing::upgrade_message(&offers.upgrades, t.after_bundles, t.upgrade.map(|u| u.0))
            } else {
                String::new()
            },
            selected_option: row.upgrade_option_id,
            selected_message: t.upgrade_refusal.as_ref().map(|r| r.message()).unwrap_or_default(),
            options: upgrade_options,
        },
        event_data,
    })
}

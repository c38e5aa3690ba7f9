//! Placing an order: one transaction takes the stock (conditional updates, never below zero), writes
//! the order and its lines, records the coupon use and the wallet debit, empties the cart and keeps
//! the answer under the shopper's Idempotency-Key. Either all of it happens or none of it.

use crate::db::{lock_shopper, millis};
use crate::wallet::{balance_in, insert_entry};
use crate::{Result, Store};
use chrono::{DateTime, Utc};
use drape_domain::orders::OrderStatus;
use drape_domain::wallet::EntryKind;
use sqlx::{Any, Transaction};

/// One line of an order as it is placed.
#[derive(Debug, Clone)]
pub struct PlacedLine {
    /// The cart line it comes from (None for a gift).
    pub cart_line_id: Option<i64>,
    /// Its quantity in the cart when it was priced: a line changed since is not placed.
    pub cart_quantity: i64,
    pub product_id: i64,
    pub sku: String,
    pub name: String,
    pub size_id: Option<i64>,
    pub combo1_size_id: Option<i64>,
    pub combo2_size_id: Option<i64>,
    pub size_value: String,
    pub combo1: String,
    pub combo2: String,
    pub quantity: i64,
    /// Unit selling price and MRP, paise.
    pub price: i64,
    pub mrp: i64,
    /// What the shopper pays for the whole line after every discount, and the GST inside it.
    pub paid: i64,
    pub gst_rate: i64,
    pub gst: i64,
}

impl PlacedLine {
    /// The size rows this line takes stock from.
    fn size_rows(&self) -> impl Iterator<Item = i64> + '_ {
        self.size_id.into_iter().chain(self.combo1_size_id).chain(self.combo2_size_id)
    }
}

/// Everything an order is placed with, worked out by the caller from the priced cart.
#[derive(Debug, Clone)]
pub struct NewOrder {
    pub user_id: i64,
    pub cart_id: i64,
    pub status: OrderStatus,
    pub payment_mode: String,
    pub lines: Vec<PlacedLine>,
    pub address_json: String,
    pub breakup_json: String,
    /// The order's total (goods, gifts, wrap, shipping, COD fee), what the wallet pays and what is left.
    pub total: i64,
    pub wallet_used: i64,
    pub to_pay: i64,
    pub delivery_date: String,
    /// The coupon applied (id, code): one use is recorded, within its limits.
    pub coupon: Option<(i64, String)>,
    pub affiliation_code: String,
    pub affiliate_discount: i64,
    pub upgrade_option_id: Option<i64>,
    pub cod_code_hash: Option<String>,
    pub idempotency_key: String,
    pub request_hash: String,
}

/// An order as it was placed: its row id, the opaque id in URLs and the reference people read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlacedOrder {
    pub id: i64,
    pub public_id: String,
    pub order_ref: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlaceOutcome {
    Placed(PlacedOrder),
    /// The same Idempotency-Key and body were sent before: the order placed then.
    Replayed(PlacedOrder),
    /// The same Idempotency-Key came with a different body.
    KeyReused,
    /// A size has fewer pieces left than the order needs (the size row's id).
    SoldOut {
        size_id: i64,
    },
    /// A cart line changed or went since the cart was priced.
    CartChanged,
    /// The wallet no longer holds what the order takes from it.
    WalletShort {
        balance: i64,
    },
    /// The coupon reached its limit (overall or for this shopper) since it was priced.
    CouponUsedUp,
}

fn new_public_id() -> String {
    use rand::RngCore;
    let mut b = [0u8; 16];
    rand::thread_rng().fill_bytes(&mut b);
    hex::encode(b)
}

impl Store {
    /// Places the order, or places nothing and says why. The shopper's row is locked first, so one
    /// shopper's checkouts (a double tap, two tabs) run one after the other, and the Idempotency-Key is
    /// judged before anything is taken.
    pub async fn place_order(&self, o: &NewOrder, now: DateTime<Utc>) -> Result<PlaceOutcome> {
        // SQLite: the batch writer places it, in one transaction with the other adds and checkouts
        // waiting (batches.rs): through sqlx its dozen statements held the turn to write for 1.4 ms.
        if let Some(writer) = &self.batch_writer {
            let (o, at) = (o.clone(), millis(now));
            return writer
                .run(move |conn| {
                    let outcome = place_in(conn, &o, at)?;
                    Ok((matches!(outcome, PlaceOutcome::Placed(_)), outcome))
                })
                .await;
        }
        let mut tx = self.begin_write().await?;
        lock_shopper(&mut tx, o.user_id).await?;
        if let Some(seen) = request_seen(&mut tx, o.user_id, &o.idempotency_key).await? {
            tx.rollback().await?;
            return Ok(match seen {
                (hash, Some(order)) if hash == o.request_hash => PlaceOutcome::Replayed(order),
                _ => PlaceOutcome::KeyReused,
            });
        }
        match write_order(&mut tx, o, now).await? {
            Ok(placed) => {
                tx.commit().await?;
                Ok(PlaceOutcome::Placed(placed))
            }
            Err(refusal) => {
                tx.rollback().await?;
                Ok(refusal)
            }
        }
    }

    /// The order a key placed, if the shopper sent it before with this body.
    pub async fn order_for_request(&self, user_id: i64, key: &str) -> Result<Option<(String, Option<PlacedOrder>)>> {
        let mut tx = self.pool.begin().await?;
        let seen = request_seen(&mut tx, user_id, key).await?;
        tx.rollback().await?;
        Ok(seen)
    }
}

/// REQUEST_SEEN's row: the request's body hash, and the order it placed (id, public id, reference).
type Seen = (String, Option<i64>, Option<String>, Option<String>);

async fn request_seen(tx: &mut Transaction<'_, Any>, user_id: i64, key: &str) -> Result<Option<(String, Option<PlacedOrder>)>> {
    let row: Option<Seen> = sqlx::query_as(REQUEST_SEEN).bind(user_id).bind(key).fetch_optional(&mut **tx).await?;
    Ok(row.map(seen_order))
}

/// A request's body hash and the order it placed, from REQUEST_SEEN's row.
fn seen_order((hash, id, public_id, order_ref): Seen) -> (String, Option<PlacedOrder>) {
    let order = match (id, public_id, order_ref) {
        (Some(id), Some(public_id), Some(order_ref)) => Some(PlacedOrder { id, public_id, order_ref }),
        _ => None,
    };
    (hash, order)
}

// A placement's statements, run through sqlx (`write_order`: PostgreSQL, an in-memory SQLite) or by
// the SQLite batch writer (`place_in`, which binds each $N by its name). A change to one is a change
// to both.
const REQUEST_SEEN: &str = "SELECT r.request_hash, o.id, o.public_id, o.order_ref FROM order_requests r LEFT JOIN orders o ON o.id = r.order_id \
     WHERE r.user_id = $1 AND r.idempotency_key = $2";
const TAKE_CART_LINE: &str = "DELETE FROM cart_items WHERE id = $1 AND cart_id = $2 AND quantity = $3";
/// $1 pieces, $2 size row.
const TAKE_STOCK: &str = "UPDATE sizes SET stock = stock - $1 WHERE id = $2 AND stock >= $1";
const NEW_ORDER: &str = "INSERT INTO orders (order_ref, public_id, user_id, status, payment_mode, total, to_pay, wallet_used, address, breakup, \
     delivery_date, coupon_code, affiliation_code, affiliate_discount, upgrade_option_id, holds_stock, cod_code_hash, created_at, updated_at) \
     VALUES ($1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 1, $15, $16, $16) RETURNING id";
pub(crate) const SET_ORDER_REF: &str = "UPDATE orders SET order_ref = $1 WHERE id = $2";
const NEW_ORDER_ITEM: &str = "INSERT INTO order_items (order_id, product_id, size_value, combo1, combo2, quantity, price, size_id, combo1_size_id, \
     combo2_size_id, mrp, paid, gst_rate, gst, sku, name) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)";
/// One use of coupon $1 by shopper $2 for order $3 at $4, recorded only within the coupon's limits.
const USE_COUPON: &str = "INSERT INTO coupon_uses (coupon_id, user_id, order_id, created_at) SELECT c.id, $2, $3, $4 FROM coupons c WHERE c.id = $1 \
     AND (c.max_uses_total IS NULL OR (SELECT COUNT(*) FROM coupon_uses u WHERE u.coupon_id = c.id) < c.max_uses_total) \
     AND (c.max_uses_per_shopper IS NULL OR (SELECT COUNT(*) FROM coupon_uses u WHERE u.coupon_id = c.id AND u.user_id = $2) < c.max_uses_per_shopper)";
const CLEAR_CART_GIFTS: &str = "DELETE FROM cart_gifts WHERE cart_id = $1";
const CLEAR_CART_CHOICES: &str = "UPDATE carts SET gift_wrap = 0, coupon_code = '', upgrade_option_id = NULL, updated_at = $2 WHERE id = $1";
const KEEP_REQUEST: &str = "INSERT INTO order_requests (user_id, idempotency_key, request_hash, order_id, created_at) VALUES ($1, $2, $3, $4, $5)";

/// The order's reference, from its row id (every order: placed, seeded, an exchange's).
pub(crate) fn order_ref(id: i64) -> String {
    format!("DRP{id:07}")
}

/// The wallet entry's note and key for an order's payment.
fn wallet_note_and_key(order_ref: &str, id: i64) -> (String, String) {
    (format!("Order {order_ref}"), format!("order:{id}:pay"))
}

/// `place_order` on the batch writer's connection (SQLite), inside the job's savepoint: the same
/// steps as `write_order`, with the Idempotency-Key judged first. The write lock is the database's,
/// held by the batch, so no shopper or coupon row is locked. Anything but Placed is rolled back.
fn place_in(conn: &rusqlite::Connection, o: &NewOrder, at: i64) -> rusqlite::Result<PlaceOutcome> {
    use rusqlite::{named_params, OptionalExtension};
    let seen = conn
        .prepare_cached(REQUEST_SEEN)?
        .query_row(named_params! {"$1": o.user_id, "$2": o.idempotency_key}, |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .optional()?;
    if let Some(seen) = seen {
        return Ok(match seen_order(seen) {
            (hash, Some(order)) if hash == o.request_hash => PlaceOutcome::Replayed(order),
            _ => PlaceOutcome::KeyReused,
        });
    }
    for l in &o.lines {
        if let Some(line_id) = l.cart_line_id {
            if conn.prepare_cached(TAKE_CART_LINE)?.execute(named_params! {"$1": line_id, "$2": o.cart_id, "$3": l.cart_quantity})? != 1 {
                return Ok(PlaceOutcome::CartChanged);
            }
        }
    }
    for (size_id, pieces) in pieces_by_size(&o.lines) {
        if conn.prepare_cached(TAKE_STOCK)?.execute(named_params! {"$1": pieces, "$2": size_id})? != 1 {
            return Ok(PlaceOutcome::SoldOut { size_id });
        }
    }
    let public_id = new_public_id();
    let id: i64 = conn.prepare_cached(NEW_ORDER)?.query_row(
        named_params! {
            "$1": public_id, "$2": o.user_id, "$3": o.status.name(), "$4": o.payment_mode, "$5": o.total, "$6": o.to_pay,
            "$7": o.wallet_used, "$8": o.address_json, "$9": o.breakup_json, "$10": o.delivery_date,
            "$11": o.coupon.as_ref().map(|c| c.1.as_str()).unwrap_or_default(), "$12": o.affiliation_code,
            "$13": o.affiliate_discount, "$14": o.upgrade_option_id, "$15": o.cod_code_hash, "$16": at,
        },
        |r| r.get(0),
    )?;
    let order_ref = order_ref(id);
    conn.prepare_cached(SET_ORDER_REF)?.execute(named_params! {"$1": order_ref, "$2": id})?;
    conn.prepare_cached(crate::order_status::ORDER_EVENT)?.execute(named_params! {
        "$1": id, "$2": "", "$3": o.status.name(), "$4": crate::order_status::SHOPPER, "$5": "Order placed", "$6": at,
    })?;
    for l in &o.lines {
        conn.prepare_cached(NEW_ORDER_ITEM)?.execute(named_params! {
            "$1": id, "$2": l.product_id, "$3": l.size_value, "$4": l.combo1, "$5": l.combo2, "$6": l.quantity, "$7": l.price,
            "$8": l.size_id, "$9": l.combo1_size_id, "$10": l.combo2_size_id, "$11": l.mrp, "$12": l.paid, "$13": l.gst_rate,
            "$14": l.gst, "$15": l.sku, "$16": l.name,
        })?;
    }
    if let Some((coupon_id, _)) = &o.coupon {
        if conn.prepare_cached(USE_COUPON)?.execute(named_params! {"$1": coupon_id, "$2": o.user_id, "$3": id, "$4": at})? != 1 {
            return Ok(PlaceOutcome::CouponUsedUp);
        }
    }
    if o.wallet_used > 0 {
        let (note, key) = wallet_note_and_key(&order_ref, id);
        let entry: Option<i64> = conn
            .prepare_cached(crate::wallet::INSERT_ENTRY)?
            .query_row(named_params! {"$1": o.user_id, "$2": -o.wallet_used, "$3": EntryKind::OrderPayment.code(), "$4": note, "$5": key, "$6": at}, |r| {
                r.get(0)
            })
            .optional()?;
        if entry.is_none() {
            let balance = conn.prepare_cached(crate::wallet::BALANCE_SQL)?.query_row(named_params! {"$1": o.user_id}, |r| r.get(0))?;
            return Ok(PlaceOutcome::WalletShort { balance });
        }
    }
    conn.prepare_cached(CLEAR_CART_GIFTS)?.execute(named_params! {"$1": o.cart_id})?;
    conn.prepare_cached(CLEAR_CART_CHOICES)?.execute(named_params! {"$1": o.cart_id, "$2": at})?;
    conn.prepare_cached(KEEP_REQUEST)?.execute(named_params! {
        "$1": o.user_id, "$2": o.idempotency_key, "$3": o.request_hash, "$4": id, "$5": at,
    })?;
    Ok(PlaceOutcome::Placed(PlacedOrder { id, public_id, order_ref }))
}

/// Every write of a placement, in order; a refusal leaves the caller to roll back.
async fn write_order(tx: &mut Transaction<'_, Any>, o: &NewOrder, now: DateTime<Utc>) -> Result<std::result::Result<PlacedOrder, PlaceOutcome>> {
    let at = millis(now);
    // The cart lines must be as they were priced; each is removed as it is placed.
    for l in &o.lines {
        if let Some(line_id) = l.cart_line_id {
            let gone = sqlx::query(TAKE_CART_LINE).bind(line_id).bind(o.cart_id).bind(l.cart_quantity).execute(&mut **tx).await?;
            if gone.rows_affected() != 1 {
                return Ok(Err(PlaceOutcome::CartChanged));
            }
        }
    }
    // Stock: each size row's pieces summed over the lines, taken in id order (so two checkouts never
    // wait on each other's rows in opposite orders) and only while enough is left.
    for (size_id, pieces) in pieces_by_size(&o.lines) {
        let taken = sqlx::query(TAKE_STOCK).bind(pieces).bind(size_id).execute(&mut **tx).await?;
        if taken.rows_affected() != 1 {
            return Ok(Err(PlaceOutcome::SoldOut { size_id }));
        }
    }
    let public_id = new_public_id();
    let id: i64 = sqlx::query_scalar(NEW_ORDER)
        .bind(&public_id)
        .bind(o.user_id)
        .bind(o.status.name())
        .bind(&o.payment_mode)
        .bind(o.total)
        .bind(o.to_pay)
        .bind(o.wallet_used)
        .bind(&o.address_json)
        .bind(&o.breakup_json)
        .bind(&o.delivery_date)
        .bind(o.coupon.as_ref().map(|c| c.1.clone()).unwrap_or_default())
        .bind(&o.affiliation_code)
        .bind(o.affiliate_discount)
        .bind(o.upgrade_option_id)
        .bind(&o.cod_code_hash)
        .bind(at)
        .fetch_one(&mut **tx)
        .await?;
    let order_ref = order_ref(id);
    sqlx::query(SET_ORDER_REF).bind(&order_ref).bind(id).execute(&mut **tx).await?;
    crate::order_status::record_status(tx, id, "", o.status, crate::order_status::SHOPPER, "Order placed", now).await?;
    for l in &o.lines {
        sqlx::query(NEW_ORDER_ITEM)
            .bind(id)
            .bind(l.product_id)
            .bind(&l.size_value)
            .bind(&l.combo1)
            .bind(&l.combo2)
            .bind(l.quantity)
            .bind(l.price)
            .bind(l.size_id)
            .bind(l.combo1_size_id)
            .bind(l.combo2_size_id)
            .bind(l.mrp)
            .bind(l.paid)
            .bind(l.gst_rate)
            .bind(l.gst)
            .bind(&l.sku)
            .bind(&l.name)
            .execute(&mut **tx)
            .await?;
    }
    if let Some((coupon_id, _)) = &o.coupon {
        // The coupon row is locked so that shoppers racing for its last uses are counted one by one.
        sqlx::query("UPDATE coupons SET id = id WHERE id = $1").bind(coupon_id).execute(&mut **tx).await?;
        let used = sqlx::query(USE_COUPON).bind(coupon_id).bind(o.user_id).bind(id).bind(at).execute(&mut **tx).await?;
        if used.rows_affected() != 1 {
            return Ok(Err(PlaceOutcome::CouponUsedUp));
        }
    }
    if o.wallet_used > 0 {
        let (note, key) = wallet_note_and_key(&order_ref, id);
        if insert_entry(tx, o.user_id, -o.wallet_used, EntryKind::OrderPayment, &note, Some(&key), now).await?.is_none() {
            return Ok(Err(PlaceOutcome::WalletShort { balance: balance_in(tx, o.user_id).await? }));
        }
    }
    // What the cart carried into the order is gone from it: gifts, gift wrap and the kept codes.
    sqlx::query(CLEAR_CART_GIFTS).bind(o.cart_id).execute(&mut **tx).await?;
    sqlx::query(CLEAR_CART_CHOICES).bind(o.cart_id).bind(at).execute(&mut **tx).await?;
    sqlx::query(KEEP_REQUEST).bind(o.user_id).bind(&o.idempotency_key).bind(&o.request_hash).bind(id).bind(at).execute(&mut **tx).await?;
    Ok(Ok(PlacedOrder { id, public_id, order_ref }))
}

/// Pieces needed per size row, in size id order.
fn pieces_by_size(lines: &[PlacedLine]) -> Vec<(i64, i64)> {
    let mut need = std::collections::BTreeMap::new();
    for l in lines {
        for s in l.size_rows() {
            *need.entry(s).or_insert(0) += l.quantity;
        }
    }
    need.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(size: Option<i64>, c1: Option<i64>, c2: Option<i64>, q: i64) -> PlacedLine {
        PlacedLine {
            cart_line_id: None,
            cart_quantity: q,
            product_id: 1,
            sku: String::new(),
            name: String::new(),
            size_id: size,
            combo1_size_id: c1,
            combo2_size_id: c2,
            size_value: String::new(),
            combo1: String::new(),
            combo2: String::new(),
            quantity: q,
            price: 0,
            mrp: 0,
            paid: 0,
            gst_rate: 0,
            gst: 0,
        }
    }

    /// A checkout on SQLite waits for the process's turn to write (the batch writer takes it for each
    /// batch), instead of racing the other writers for the file's lock (and sleeping in SQLite's busy
    /// handler when it loses).
    #[tokio::test]
    async fn a_checkout_on_sqlite_waits_for_the_turn_to_write() {
        use crate::carts::{CartLine, CartOwner};
        let db = crate::testing::TestDb::sqlite().await;
        let s = db.store.clone();
        let now = Utc::now();
        s.seed_demo(now).await.unwrap();
        let p = s.product_by_slug("everyday-padded-t-shirt-bra-black").await.unwrap();
        let size = s.sizes(p.id).await.unwrap().remove(0);
        s.set_size_stock(&size.sku, 5).await.unwrap();
        let user = s.user_for_mobile("7200000001", now).await.unwrap();
        let owner = CartOwner::Shopper(user.id);
        let cart_line = CartLine { id: 0, product_id: p.id, size_id: Some(size.id), combo1_size_id: None, combo2_size_id: None, quantity: 1, deal_id: None };
        s.add_to_cart(owner, &cart_line, now).await.unwrap();
        let in_cart = s.cart_lines(owner).await.unwrap().remove(0);
        let mut placed = line(Some(size.id), None, None, 1);
        placed.cart_line_id = Some(in_cart.id);
        let order = NewOrder {
            user_id: user.id,
            cart_id: s.cart_id(owner).await.unwrap().unwrap(),
            status: OrderStatus::PendingPayment,
            payment_mode: "UPI".into(),
            lines: vec![placed],
            address_json: "{}".into(),
            breakup_json: "{}".into(),
            total: 0,
            wallet_used: 0,
            to_pay: 0,
            delivery_date: String::new(),
            coupon: None,
            affiliation_code: String::new(),
            affiliate_discount: 0,
            upgrade_option_id: None,
            cod_code_hash: None,
            idempotency_key: "turn".into(),
            request_hash: "turn".into(),
        };
        let turn = s.write_turn().await.expect("SQLite has a turn to write");
        let checkout = tokio::spawn({
            let s = s.clone();
            async move { s.place_order(&order, now).await }
        });
        tokio::time::sleep(std::time::Duration::from_millis(150)).await;
        assert!(!checkout.is_finished(), "the checkout wrote while another writer held the turn");
        drop(turn);
        assert!(matches!(checkout.await.unwrap().unwrap(), PlaceOutcome::Placed(_)));
        db.finish().await;
    }

    #[test]
    fn pieces_are_summed_per_size_row_over_plain_and_combo_lines() {
        let lines = [line(Some(7), None, None, 2), line(None, Some(3), Some(7), 1), line(Some(3), None, None, 4)];
        assert_eq!(pieces_by_size(&lines), vec![(3, 5), (7, 3)]);
    }
}

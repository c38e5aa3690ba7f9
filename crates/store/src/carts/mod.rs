//! Carts: one per shopper, or one per guest browser (kept by a cookie), merged at login.

use crate::auth::{guest_key, millis_since_2026};
use crate::db::millis;
use crate::{Result, Store};
use chrono::{DateTime, Utc};
use sqlx::{Any, FromRow, Transaction};

/// A cart line's columns, read from `cart_items i` (a macro, so statements can be written with it at compile time).
macro_rules! line_columns {
    () => {
        "i.id, i.product_id, i.size_id, i.combo1_size_id, i.combo2_size_id, i.quantity, i.deal_id"
    };
}

/// Whose cart: a logged-in shopper's, or a guest browser's (by the token in its cookie).
#[derive(Debug, Clone, Copy)]
pub enum CartOwner<'a> {
    Shopper(i64),
    Guest(&'a str),
}

#[derive(Debug, Clone, FromRow, PartialEq, Eq)]
pub struct CartLine {
    pub id: i64,
    pub product_id: i64,
    pub size_id: Option<i64>,
    pub combo1_size_id: Option<i64>,
    pub combo2_size_id: Option<i64>,
    pub quantity: i64,
    /// A last-minute deal this line was added under (its price applies while the deal runs).
    pub deal_id: Option<i64>,
}

impl CartLine {
    /// Same product and the same size choice, whether or not either is a deal: they share stock and
    /// the product's cap.
    pub fn same_sizes(&self, other: &CartLine) -> bool {
        self.product_id == other.product_id
            && self.size_id == other.size_id
            && self.combo1_size_id == other.combo1_size_id
            && self.combo2_size_id == other.combo2_size_id
    }

    /// A line read by rusqlite (SQLite's in-place reads and the batch writer), columns as line_columns!.
    fn from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<CartLine> {
        Ok(CartLine {
            id: r.get(0)?,
            product_id: r.get(1)?,
            size_id: r.get(2)?,
            combo1_size_id: r.get(3)?,
            combo2_size_id: r.get(4)?,
            quantity: r.get(5)?,
            deal_id: r.get(6)?,
        })
    }

    /// Same sizes and the same deal (or none): such pieces add up on one line.
    pub fn same_choice(&self, other: &CartLine) -> bool {
        self.same_sizes(other) && self.deal_id == other.deal_id
    }

    /// What `lines` already hold that this line competes with, leaving out the line `except` (the one
    /// being changed): pieces of its sizes (they share the stock) and of its product in any size (they
    /// share the product's cap).
    pub fn held_in(&self, lines: &[CartLine], except: Option<i64>) -> drape_domain::stock::InCart {
        let (mut of_size, mut of_product) = (0, 0);
        for l in lines.iter().filter(|l| Some(l.id) != except && l.product_id == self.product_id) {
            of_product += l.quantity;
            if l.same_sizes(self) {
                of_size += l.quantity;
            }
        }
        drape_domain::stock::InCart { of_size, of_product }
    }

    /// The raw stock of this line's size among `sizes` (a combo: the smaller of its two parts; 0 when
    /// the sizes are not there).
    pub fn stock_among(&self, sizes: &[crate::catalog::Size]) -> i64 {
        let stock_of = |id: Option<i64>| id.and_then(|id| sizes.iter().find(|s| s.id == id && s.product_id == self.product_id)).map(|s| s.stock);
        match (stock_of(self.size_id), stock_of(self.combo1_size_id), stock_of(self.combo2_size_id)) {
            (Some(s), _, _) => s,
            (None, Some(a), Some(b)) => drape_domain::stock::combo_stock(a, b),
            _ => 0,
        }
    }
}

/// Takes the cart's lock for the rest of the transaction (a row lock on PostgreSQL, the write lock on
/// SQLite), so changes to one cart run one after the other.
async fn lock_cart(tx: &mut Transaction<'_, Any>, cart_id: i64) -> Result<()> {
    sqlx::query("UPDATE carts SET updated_at = updated_at WHERE id = $1").bind(cart_id).execute(&mut **tx).await?;
    Ok(())
}

async fn find_cart(tx: &mut Transaction<'_, Any>, owner: CartOwner<'_>) -> Result<Option<i64>> {
    let found = match owner {
        CartOwner::Shopper(user_id) => sqlx::query_scalar("SELECT id FROM carts WHERE user_id = $1").bind(user_id).fetch_optional(&mut **tx).await?,
        CartOwner::Guest(token) => {
            sqlx::query_scalar("SELECT id FROM carts WHERE guest_token_hash = $1").bind(guest_key(token)).fetch_optional(&mut **tx).await?
        }
    };
    Ok(found)
}

/// Writes before reading: touching the owner's cart row takes its lock (a row lock on PostgreSQL, the
/// write lock on SQLite, even when there is no row yet), so a transaction that then reads and writes
/// the cart never has to upgrade a read snapshot another writer made stale (SQLite's "database is
/// locked"), and concurrent changes to one cart run one after the other.
async fn touch_cart(tx: &mut Transaction<'_, Any>, owner: CartOwner<'_>, now: DateTime<Utc>) -> Result<()> {
    match owner {
        CartOwner::Shopper(id) => sqlx::query("UPDATE carts SET updated_at = $1 WHERE user_id = $2").bind(millis(now)).bind(id).execute(&mut **tx).await?,
        CartOwner::Guest(t) => {
            sqlx::query("UPDATE carts SET updated_at = $1 WHERE guest_token_hash = $2").bind(millis(now)).bind(guest_key(t)).execute(&mut **tx).await?
        }
    };
    Ok(())
}

/// The owner's cart, made now if there is none, touched and locked for the rest of the transaction.
/// The touch comes first: it writes the row (a row lock on PostgreSQL, the write lock on SQLite), so
/// two requests changing the same owner's cart run one after the other. With no row to touch, the
/// cart is made; should another request have made it first (two tabs' first adds at once on
/// PostgreSQL: the insert waits for the other and then does nothing), the touch is tried again and
/// finds it. An insert that does nothing and a touch that finds nothing means the new id was taken
/// (`new_cart_id`): another id is tried.
async fn claim_cart(tx: &mut Transaction<'_, Any>, owner: CartOwner<'_>, now: DateTime<Utc>) -> Result<i64> {
    claim_cart_with(tx, owner, now, &mut || new_cart_id(millis(Utc::now()))).await
}

async fn claim_cart_with(tx: &mut Transaction<'_, Any>, owner: CartOwner<'_>, now: DateTime<Utc>, ids: &mut (dyn FnMut() -> i64 + Send)) -> Result<i64> {
    let (user_id, guest) = owner_keys(owner);
    let now = millis(now);
    for _ in 0..CLAIM_TRIES {
        let touch = sqlx::query_scalar(touch_sql(user_id)).bind(now);
        let touched = match user_id {
            Some(id) => touch.bind(id),
            None => touch.bind(guest.clone()),
        };
        if let Some(id) = touched.fetch_optional(&mut **tx).await? {
            return Ok(id);
        }
        if let Some(id) = sqlx::query_scalar(NEW_CART).bind(ids()).bind(user_id).bind(guest.as_deref()).bind(now).fetch_optional(&mut **tx).await? {
            return Ok(id);
        }
    }
    Err(crate::StoreError::Batch(NO_FREE_ID.into()))
}

/// `claim_cart` on the SQLite writer's connection, for the owner as `owner_keys` gives it. (One
/// statement with two conflict clauses, which SQLite takes, measured no faster.)
fn claim_cart_in_place(
    conn: &rusqlite::Connection,
    (user_id, guest): &(Option<i64>, Option<String>),
    now: i64,
    ids: &mut dyn FnMut() -> i64,
) -> rusqlite::Result<i64> {
    use rusqlite::OptionalExtension;
    for _ in 0..CLAIM_TRIES {
        let mut touch = conn.prepare_cached(touch_sql(*user_id))?;
        let touched = match user_id {
            Some(id) => touch.query_row(rusqlite::params![now, id], |r| r.get(0)),
            None => touch.query_row(rusqlite::params![now, guest], |r| r.get(0)),
        };
        if let Some(id) = touched.optional()? {
            return Ok(id);
        }
        if let Some(id) = conn.prepare_cached(NEW_CART)?.query_row(rusqlite::params![ids(), user_id, guest, now], |r| r.get(0)).optional()? {
            return Ok(id);
        }
    }
    Err(rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CONSTRAINT), Some(NO_FREE_ID.into())))
}

/// New cart ids that were all taken before one was free: a failure, changing nothing. Each try is one
/// chance in 4,095 at most, and only when another cart was made in the same millisecond
/// (`new_cart_id`).
const CLAIM_TRIES: usize = 8;
const NO_FREE_ID: &str = "no free id for a new cart; please try again";

// The add's statements, run through sqlx (PostgreSQL) or by the SQLite batch writer (batches.rs). Their
// `$n` parameters first appear in order, so SQLite numbers them as PostgreSQL does.
const TOUCH_SHOPPERS: &str = "UPDATE carts SET updated_at = $1 WHERE user_id = $2 RETURNING id";
const TOUCH_GUESTS: &str = "UPDATE carts SET updated_at = $1 WHERE guest_token_hash = $2 RETURNING id";
const NEW_CART: &str =
    "INSERT INTO carts (id, user_id, guest_token_hash, created_at, updated_at) VALUES ($1, $2, $3, $4, $4) ON CONFLICT DO NOTHING RETURNING id";
const LINES_OF: &str = concat!("SELECT ", line_columns!(), " FROM cart_items i WHERE i.cart_id = $1 ORDER BY i.id");
const MORE_PIECES: &str = "UPDATE cart_items SET quantity = quantity + $1 WHERE id = $2";
const NEW_LINE: &str = "INSERT INTO cart_items (cart_id, product_id, size_id, combo1_size_id, combo2_size_id, quantity, created_at, deal_id) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id";

/// The owner as the carts table keys it: the shopper's id, or the guest's key (`guest_key`).
fn owner_keys(owner: CartOwner<'_>) -> (Option<i64>, Option<String>) {
    match owner {
        CartOwner::Shopper(id) => (Some(id), None),
        CartOwner::Guest(token) => (None, Some(guest_key(token))),
    }
}

/// The owner's column in the carts table and its value, for an in-place (rusqlite) read.
fn owner_param(owner: CartOwner<'_>) -> (&'static str, rusqlite::types::Value) {
    match owner {
        CartOwner::Shopper(id) => ("user_id", id.into()),
        CartOwner::Guest(t) => ("guest_token_hash", guest_key(t).into()),
    }
}

fn touch_sql(user_id: Option<i64>) -> &'static str {
    if user_id.is_some() {
        TOUCH_SHOPPERS
    } else {
        TOUCH_GUESTS
    }
}

/// A new cart's id: the millisecond it is made (since 2026) and 12 random bits below it, under 2^53
/// (a number the web app holds exactly) until 2095. Not counted up, so a cart id in a URL does not
/// lead to the next cart (and every cart route checks the cart is the viewer's); led by the time, so
/// new carts' rows and lines go side by side at the end of their tables and indexes instead of each
/// at a random place: on SQLite a batch of adds by new guests then writes a few pages, not several per
/// cart, and the writer's checkpoints copy far fewer (docs/operations.md, session 20). A taken id is
/// passed over (`claim_cart`). Callers give the real clock's time, not the request's `now`: tests and
/// tools hold `now` still, and thousands of carts made at one `now` would fill its 4,095 ids.
fn new_cart_id(now_millis: i64) -> i64 {
    let millisecond = millis_since_2026(now_millis) & ((1 << 41) - 1);
    (millisecond << 12) | rand::Rng::gen_range(&mut rand::thread_rng(), 1..(1i64 << 12))
}

const LINE_COLUMNS: &str = line_columns!();

async fn lines_of(tx: &mut Transaction<'_, Any>, cart_id: i64) -> Result<Vec<CartLine>> {
    Ok(sqlx::query_as(LINES_OF).bind(cart_id).fetch_all(&mut **tx).await?)
}

/// What an add did: the line the pieces are on, and the pieces in the cart after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Added {
    pub item_id: i64,
    pub cart_quantity: i64,
}

/// A guest's line that did not fit whole into the shopper's cart at login.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MergeShortfall {
    pub line: CartLine,
    /// Pieces of it that were kept (0: none).
    pub kept: i64,
    /// The deal was already in the shopper's cart (one piece per cart).
    pub deal_taken: bool,
    /// The size's stock and the product's cap the merge measured against.
    pub stock: i64,
    pub max_items: i64,
}

/// The cart's own row: its id and the shopper's choices kept with it.
#[derive(Debug, Clone, FromRow, PartialEq, Eq)]
pub struct CartRow {
    pub id: i64,
    pub coupon_code: String,
    pub gift_wrap: i64,
    pub affiliation_code: String,
    pub upgrade_option_id: Option<i64>,
}

impl Store {
    pub async fn cart_row(&self, owner: CartOwner<'_>) -> Result<Option<CartRow>> {
        let row = |owner_column: &str| format!("SELECT id, coupon_code, gift_wrap, affiliation_code, upgrade_option_id FROM carts WHERE {owner_column} = $1");
        if let Some(reader) = &self.stake_reader {
            // SQLite: read in place, as cart_stake (every cart answer reads it).
            let (column, key) = owner_param(owner);
            return reader.read(|conn| {
                use rusqlite::OptionalExtension;
                conn.prepare_cached(&row(column))?
                    .query_row(rusqlite::named_params! { "$1": key }, |r| {
                        Ok(CartRow { id: r.get(0)?, coupon_code: r.get(1)?, gift_wrap: r.get(2)?, affiliation_code: r.get(3)?, upgrade_option_id: r.get(4)? })
                    })
                    .optional()
            });
        }
        Ok(match owner {
            CartOwner::Shopper(id) => sqlx::query_as(&row("user_id")).bind(id).fetch_optional(&self.pool).await?,
            CartOwner::Guest(t) => sqlx::query_as(&row("guest_token_hash")).bind(guest_key(t)).fetch_optional(&self.pool).await?,
        })
    }

    /// What a cart holds of one product, in one read: its partner code (empty without one, or without a
    /// cart) and its pieces of the product.
    pub async fn cart_stake(&self, owner: CartOwner<'_>, product_id: i64) -> Result<(String, i64)> {
        let stake = |owner_column: &str| {
            format!(
                "SELECT c.affiliation_code, CAST(COALESCE((SELECT SUM(i.quantity) FROM cart_items i WHERE i.cart_id = c.id AND i.product_id = $2), 0) AS BIGINT) \
                 FROM carts c WHERE c.{owner_column} = $1"
            )
        };
        if let Some(reader) = &self.stake_reader {
            // SQLite: read in place rather than through a hop to sqlx's worker thread (issue 14's
            // sizes for a bag holder); the statement is the same.
            let (column, key) = owner_param(owner);
            let row = reader.read(|conn| {
                use rusqlite::OptionalExtension;
                conn.prepare_cached(&stake(column))?
                    .query_row(rusqlite::named_params! { "$1": key, "$2": product_id }, |r| Ok((r.get(0)?, r.get(1)?)))
                    .optional()
            })?;
            return Ok(row.unwrap_or_default());
        }
        let row: Option<(String, i64)> = match owner {
            CartOwner::Shopper(id) => sqlx::query_as(&stake("user_id")).bind(id).bind(product_id).fetch_optional(&self.pool).await?,
            CartOwner::Guest(t) => sqlx::query_as(&stake("guest_token_hash")).bind(guest_key(t)).bind(product_id).fetch_optional(&self.pool).await?,
        };
        Ok(row.unwrap_or_default())
    }

    /// Keeps the shopper's coupon, affiliation code and upgrade option, in one transaction. Only the ones
    /// given (Some) are written, so two tabs changing different ones do not undo each other.
    pub async fn set_cart_choices(
        &self,
        cart_id: i64,
        coupon_code: Option<&str>,
        affiliation_code: Option<&str>,
        upgrade_option_id: Option<Option<i64>>,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let mut tx = self.begin_write().await?;
        if let Some(code) = coupon_code {
            sqlx::query("UPDATE carts SET coupon_code = $1 WHERE id = $2").bind(code).bind(cart_id).execute(&mut **tx).await?;
        }
        if let Some(code) = affiliation_code {
            sqlx::query("UPDATE carts SET affiliation_code = $1 WHERE id = $2").bind(code).bind(cart_id).execute(&mut **tx).await?;
        }
        if let Some(option) = upgrade_option_id {
            sqlx::query("UPDATE carts SET upgrade_option_id = $1 WHERE id = $2").bind(option).bind(cart_id).execute(&mut **tx).await?;
        }
        sqlx::query("UPDATE carts SET updated_at = $1 WHERE id = $2").bind(millis(now)).bind(cart_id).execute(&mut **tx).await?;
        tx.commit().await?;
        Ok(())
    }

    pub async fn set_cart_gift_wrap(&self, cart_id: i64, on: bool, now: DateTime<Utc>) -> Result<()> {
        self.write(|db| {
            sqlx::query("UPDATE carts SET gift_wrap = $1, updated_at = $2 WHERE id = $3").bind(on as i64).bind(millis(now)).bind(cart_id).execute(db)
        })
        .await?;
        Ok(())
    }

    /// Sets a line's quantity, only within the given cart, with the cart locked while `check` decides
    /// from the cart's lines whether the new quantity may stand. None when the line is not in that cart.
    pub async fn set_line_quantity_checked<E>(
        &self,
        cart_id: i64,
        line_id: i64,
        quantity: i64,
        check: impl FnOnce(&[CartLine]) -> std::result::Result<(), E>,
    ) -> Result<Option<std::result::Result<(), E>>> {
        let mut tx = self.begin_write().await?;
        lock_cart(&mut tx, cart_id).await?;
        let lines = lines_of(&mut tx, cart_id).await?;
        if !lines.iter().any(|l| l.id == line_id) {
            tx.rollback().await?;
            return Ok(None);
        }
        if let Err(e) = check(&lines) {
            tx.rollback().await?;
            return Ok(Some(Err(e)));
        }
        sqlx::query("UPDATE cart_items SET quantity = $1 WHERE id = $2 AND cart_id = $3").bind(quantity).bind(line_id).bind(cart_id).execute(&mut **tx).await?;
        tx.commit().await?;
        Ok(Some(Ok(())))
    }

    /// Removes lines, only within the given cart, with the cart locked. Returns how many went.
    pub async fn remove_lines(&self, cart_id: i64, line_ids: &[i64]) -> Result<u64> {
        let mut n = 0;
        let mut tx = self.begin_write().await?;
        lock_cart(&mut tx, cart_id).await?;
        for id in line_ids {
            n += sqlx::query("DELETE FROM cart_items WHERE id = $1 AND cart_id = $2").bind(id).bind(cart_id).execute(&mut **tx).await?.rows_affected();
        }
        tx.commit().await?;
        Ok(n)
    }

    /// Number of pieces in the owner's cart (what the header shows).
    pub async fn cart_quantity(&self, owner: CartOwner<'_>) -> Result<i64> {
        let sql = match owner {
            CartOwner::Shopper(_) => {
                "SELECT CAST(COALESCE(SUM(i.quantity), 0) AS BIGINT) FROM cart_items i JOIN carts c ON c.id = i.cart_id WHERE c.user_id = $1"
            }
            CartOwner::Guest(_) => {
                "SELECT CAST(COALESCE(SUM(i.quantity), 0) AS BIGINT) FROM cart_items i JOIN carts c ON c.id = i.cart_id WHERE c.guest_token_hash = $1"
            }
        };
        let total: i64 = match owner {
            CartOwner::Shopper(id) => sqlx::query_scalar(sql).bind(id).fetch_one(&self.pool).await?,
            CartOwner::Guest(token) => sqlx::query_scalar(sql).bind(guest_key(token)).fetch_one(&self.pool).await?,
        };
        Ok(total)
    }

    /// Pieces in the owner's cart of products that carry this offer key.
    pub async fn cart_quantity_for_offer(&self, owner: CartOwner<'_>, offer_key: &str) -> Result<i64> {
        const HEAD: &str = "SELECT CAST(COALESCE(SUM(i.quantity), 0) AS BIGINT) FROM cart_items i JOIN carts c ON c.id = i.cart_id \
             JOIN products p ON p.id = i.product_id WHERE p.offer_key = $1 AND ";
        let total = match owner {
            CartOwner::Shopper(id) => sqlx::query_scalar(&format!("{HEAD}c.user_id = $2")).bind(offer_key).bind(id).fetch_one(&self.pool).await?,
            CartOwner::Guest(token) => {
                sqlx::query_scalar(&format!("{HEAD}c.guest_token_hash = $2")).bind(offer_key).bind(guest_key(token)).fetch_one(&self.pool).await?
            }
        };
        Ok(total)
    }

    /// The id of the owner's cart, if they have one.
    pub async fn cart_id(&self, owner: CartOwner<'_>) -> Result<Option<i64>> {
        let mut tx = self.pool.begin().await?;
        let id = find_cart(&mut tx, owner).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// The owner's cart lines (none without a cart), in one statement.
    pub async fn cart_lines(&self, owner: CartOwner<'_>) -> Result<Vec<CartLine>> {
        let lines =
            |owner_column: &str| format!("SELECT {LINE_COLUMNS} FROM cart_items i JOIN carts c ON c.id = i.cart_id WHERE c.{owner_column} = $1 ORDER BY i.id");
        if let Some(reader) = &self.stake_reader {
            // SQLite: read in place, as cart_stake (every priced cart reads its lines).
            let (column, key) = owner_param(owner);
            return reader.read(|conn| conn.prepare_cached(&lines(column))?.query_map(rusqlite::named_params! { "$1": key }, CartLine::from_row)?.collect());
        }
        Ok(match owner {
            CartOwner::Shopper(id) => sqlx::query_as(&lines("user_id")).bind(id).fetch_all(&self.pool).await?,
            CartOwner::Guest(token) => sqlx::query_as(&lines("guest_token_hash")).bind(guest_key(token)).fetch_all(&self.pool).await?,
        })
    }

    /// Adds pieces to the owner's cart, creating the cart on first use; the same product and sizes
    /// add up on one line. Stock and limits are the caller's rules, checked before this.
    pub async fn add_to_cart(&self, owner: CartOwner<'_>, line: &CartLine, now: DateTime<Utc>) -> Result<i64> {
        // The check below never refuses.
        Ok(self.add_to_cart_checked(owner, line, now, |_| Ok::<(), ()>(())).await?.expect("the check always passes"))
    }

    /// Like `add_to_cart`, but `check` decides, from the lines already in the cart, whether the new
    /// pieces may join them. The cart is locked while it decides, so two tabs adding at once cannot both
    /// pass a limit that only one of them fits under.
    pub async fn add_to_cart_checked<E: Send + 'static>(
        &self,
        owner: CartOwner<'_>,
        line: &CartLine,
        now: DateTime<Utc>,
        check: impl FnOnce(&[CartLine]) -> std::result::Result<(), E> + Send + 'static,
    ) -> Result<std::result::Result<i64, E>> {
        Ok(self.add_to_cart_counted(owner, line, now, check).await?.map(|added| added.item_id))
    }

    /// `add_to_cart_checked`, also telling how many pieces the cart holds after the add (counted in
    /// the same transaction: no second read). On SQLite the add is written by the batch writer, in a
    /// batch with the other adds and checkouts waiting (batches.rs).
    pub async fn add_to_cart_counted<E: Send + 'static>(
        &self,
        owner: CartOwner<'_>,
        line: &CartLine,
        now: DateTime<Utc>,
        check: impl FnOnce(&[CartLine]) -> std::result::Result<(), E> + Send + 'static,
    ) -> Result<std::result::Result<Added, E>> {
        if let Some(writer) = &self.batch_writer {
            let (keys, line, now) = (owner_keys(owner), line.clone(), millis(now));
            return writer
                .run(move |conn| {
                    // The same steps as below, on the writer's connection.
                    let cart_id = claim_cart_in_place(conn, &keys, now, &mut || new_cart_id(millis(Utc::now())))?;
                    let lines = conn.prepare_cached(LINES_OF)?.query_map([cart_id], CartLine::from_row)?.collect::<rusqlite::Result<Vec<_>>>()?;
                    if let Err(e) = check(&lines) {
                        return Ok((false, Err(e)));
                    }
                    let item_id = match lines.iter().find(|l| l.same_choice(&line)) {
                        Some(l) => {
                            conn.prepare_cached(MORE_PIECES)?.execute(rusqlite::params![line.quantity, l.id])?;
                            l.id
                        }
                        None => conn.prepare_cached(NEW_LINE)?.query_row(
                            rusqlite::params![
                                cart_id,
                                line.product_id,
                                line.size_id,
                                line.combo1_size_id,
                                line.combo2_size_id,
                                line.quantity,
                                now,
                                line.deal_id
                            ],
                            |r| r.get(0),
                        )?,
                    };
                    let cart_quantity = lines.iter().map(|l| l.quantity).sum::<i64>() + line.quantity;
                    Ok((true, Ok(Added { item_id, cart_quantity })))
                })
                .await;
        }
        let mut tx = self.begin_write().await?;
        // A cart made by a concurrent first add is found, not made twice, and locked: the lines read
        // next include everything committed by the add before.
        let cart_id = claim_cart(&mut tx, owner, now).await?;
        let lines = lines_of(&mut tx, cart_id).await?;
        let existing = lines.iter().find(|l| l.same_choice(line)).cloned();
        if let Err(e) = check(&lines) {
            tx.rollback().await?;
            return Ok(Err(e));
        }
        let id = match existing {
            Some(l) => {
                sqlx::query(MORE_PIECES).bind(line.quantity).bind(l.id).execute(&mut **tx).await?;
                l.id
            }
            None => {
                sqlx::query_scalar(NEW_LINE)
                    .bind(cart_id)
                    .bind(line.product_id)
                    .bind(line.size_id)
                    .bind(line.combo1_size_id)
                    .bind(line.combo2_size_id)
                    .bind(line.quantity)
                    .bind(millis(now))
                    .bind(line.deal_id)
                    .fetch_one(&mut **tx)
                    .await?
            }
        };
        tx.commit().await?;
        let cart_quantity = lines.iter().map(|l| l.quantity).sum::<i64>() + line.quantity;
        Ok(Ok(Added { item_id: id, cart_quantity }))
    }

    /// At login the guest's cart joins the shopper's: equal lines add up and other lines move over,
    /// each within `limits(line)` (the stock of its size, its product's cap over all sizes); and the guest cart is deleted. One transaction, so a failure changes nothing.
    /// Returns the guest's lines that did not fit whole, with what was kept of each.
    pub async fn merge_guest_cart(
        &self,
        guest_token: &str,
        user_id: i64,
        now: DateTime<Utc>,
        limits: impl Fn(&CartLine) -> (i64, i64),
    ) -> Result<Vec<MergeShortfall>> {
        let mut tx = self.begin_write().await?;
        touch_cart(&mut tx, CartOwner::Shopper(user_id), now).await?;
        let Some(guest_cart) = find_cart(&mut tx, CartOwner::Guest(guest_token)).await? else {
            return Ok(vec![]);
        };
        let mut short = Vec::new();
        // An add in another tab waits for the merge, and the merge sees every add committed before it.
        let user_cart = claim_cart(&mut tx, CartOwner::Shopper(user_id), now).await?;
        let mut mine = lines_of(&mut tx, user_cart).await?;
        for line in lines_of(&mut tx, guest_cart).await? {
            // What the shopper's cart already holds of this size (its stock) and this product (its cap),
            // and whether it holds this deal: a deal stays one piece per cart.
            let (stock, max_items) = limits(&line);
            let room = drape_domain::stock::room_left(stock, max_items, line.held_in(&mine, None));
            let deal_taken = line.deal_id.is_some() && mine.iter().any(|m| m.deal_id == line.deal_id);
            let kept = if deal_taken { 0 } else { line.quantity.min(room.max(0)) };
            if kept < line.quantity {
                short.push(MergeShortfall { line: line.clone(), kept, deal_taken, stock, max_items });
            }
            match mine.iter_mut().find(|m| m.same_choice(&line)).filter(|_| !deal_taken) {
                Some(m) if room > 0 => {
                    m.quantity += line.quantity.min(room);
                    sqlx::query("UPDATE cart_items SET quantity = $1 WHERE id = $2").bind(m.quantity).bind(m.id).execute(&mut **tx).await?;
                    sqlx::query("DELETE FROM cart_items WHERE id = $1").bind(line.id).execute(&mut **tx).await?;
                }
                None if room > 0 && !deal_taken => {
                    let quantity = line.quantity.min(room);
                    sqlx::query("UPDATE cart_items SET cart_id = $1, quantity = $2 WHERE id = $3")
                        .bind(user_cart)
                        .bind(quantity)
                        .bind(line.id)
                        .execute(&mut **tx)
                        .await?;
                    mine.push(CartLine { quantity, ..line });
                }
                // No room left under the cap, or the deal is already taken: the guest's pieces go.
                _ => {
                    sqlx::query("DELETE FROM cart_items WHERE id = $1").bind(line.id).execute(&mut **tx).await?;
                }
            }
        }
        // The partner who sent the guest keeps the credit, unless the shopper's cart already names one.
        sqlx::query("UPDATE carts SET affiliation_code = (SELECT g.affiliation_code FROM carts g WHERE g.id = $1) WHERE id = $2 AND affiliation_code = ''")
            .bind(guest_cart)
            .bind(user_cart)
            .execute(&mut **tx)
            .await?;
        sqlx::query("DELETE FROM carts WHERE id = $1").bind(guest_cart).execute(&mut **tx).await?;
        sqlx::query("UPDATE carts SET updated_at = $1 WHERE id = $2").bind(millis(now)).bind(user_cart).execute(&mut **tx).await?;
        tx.commit().await?;
        Ok(short)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    /// A new cart's id already taken is passed over: the cart gets the next id tried and the cart with
    /// that id is left as it was; with every id tried taken, nothing is made. Through sqlx on both
    /// engines and on SQLite's batch writer.
    #[tokio::test]
    async fn a_taken_cart_id_is_passed_over_and_its_cart_left_alone() {
        for db in crate::testing::TestDb::all().await {
            let store = &db.store;
            let now = Utc.with_ymd_and_hms(2026, 11, 27, 10, 0, 0).unwrap();
            let mut tx = store.begin_write().await.unwrap();
            assert_eq!(claim_cart_with(&mut tx, CartOwner::Guest("first"), now, &mut || 77).await.unwrap(), 77);
            let mut ids = [77, 78].into_iter();
            assert_eq!(claim_cart_with(&mut tx, CartOwner::Guest("second"), now, &mut || ids.next().unwrap()).await.unwrap(), 78, "{}", db.engine);
            assert_eq!(claim_cart_with(&mut tx, CartOwner::Guest("first"), now, &mut || unreachable!("found, not made")).await.unwrap(), 77);
            assert!(claim_cart_with(&mut tx, CartOwner::Shopper(5), now, &mut || 78).await.is_err(), "every id tried taken");
            tx.commit().await.unwrap();
            if let Some(writer) = store.batch_writer.clone() {
                let keys = owner_keys(CartOwner::Guest("third"));
                let mut ids = [78, 77, 79].into_iter();
                let made = writer.run(move |conn| Ok((true, claim_cart_in_place(conn, &keys, 0, &mut || ids.next().unwrap())?))).await;
                assert_eq!(made.unwrap(), 79);
                let keys = owner_keys(CartOwner::Guest("first"));
                let mut ids = [78, 80].into_iter();
                assert_eq!(writer.run(move |conn| Ok((true, claim_cart_in_place(conn, &keys, 0, &mut || ids.next().unwrap())?))).await.unwrap(), 77, "found");
                let keys = owner_keys(CartOwner::Shopper(5));
                assert!(writer.run(move |conn| Ok((true, claim_cart_in_place(conn, &keys, 0, &mut || 79)?))).await.is_err());
            }
            let carts: Vec<(i64, Option<String>)> = sqlx::query_as("SELECT id, guest_token_hash FROM carts ORDER BY id").fetch_all(&store.pool).await.unwrap();
            let mut expected = vec![(77, Some(guest_key("first"))), (78, Some(guest_key("second")))];
            if store.batch_writer.is_some() {
                expected.push((79, Some(guest_key("third"))));
            }
            assert_eq!(carts, expected, "{}", db.engine);
            db.finish().await;
        }
    }

    /// More carts made at one `now` (a frozen test clock, a tool) than one millisecond has ids: each
    /// still gets one, since ids take the real clock's time.
    #[tokio::test]
    async fn more_carts_at_one_now_than_a_millisecond_has_ids_all_get_one() {
        for db in crate::testing::TestDb::all().await {
            let now = Utc.with_ymd_and_hms(2026, 11, 27, 10, 0, 0).unwrap();
            let mut tx = db.store.begin_write().await.unwrap();
            for guest in 0..4_500 {
                claim_cart(&mut tx, CartOwner::Guest(&guest.to_string()), now).await.unwrap();
            }
            tx.commit().await.unwrap();
            let made: i64 = sqlx::query_scalar("SELECT COUNT(DISTINCT id) FROM carts").fetch_one(&db.store.pool).await.unwrap();
            assert_eq!(made, 4_500, "{}", db.engine);
            db.finish().await;
        }
    }

    /// New cart ids grow with the millisecond they are made in, differ within one, and stay below 2^53
    /// (exact in JavaScript) until 2095.
    #[test]
    fn cart_ids_lead_with_their_millisecond_and_end_at_random() {
        let at = |y, ms| millis(Utc.with_ymd_and_hms(y, 11, 27, 10, 0, 0).unwrap()) + ms;
        let (a, b) = (new_cart_id(at(2026, 0)), new_cart_id(at(2026, 1)));
        assert!(a < b && b - a < 2 << 12, "{a} {b}");
        let same: std::collections::HashSet<i64> = (0..50).map(|_| new_cart_id(at(2026, 1))).collect();
        assert!(same.len() > 40 && same.iter().all(|id| id >> 12 == b >> 12), "{same:?}");
        assert!(new_cart_id(at(2095, 0)) < 1 << 53 && new_cart_id(at(2026, 0)) > 0);
    }

    /// On SQLite the bag's row, lines and gifts are read in place (rusqlite); they must be what the
    /// sqlx path (PostgreSQL's) reads, for a guest and a shopper with a bag and for one without.
    #[tokio::test]
    async fn the_bag_read_in_place_is_the_bag_read_through_sqlx() {
        let db = crate::testing::TestDb::sqlite().await;
        let now = Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap();
        db.store.seed_demo(now).await.unwrap();
        let store = &db.store;
        assert!(store.stake_reader.is_some(), "a SQLite file reads in place");
        let gift = store.running_gift_offers(now).await.unwrap().into_iter().next().expect("a gift offer");
        let shopper = store.user_for_mobile("9123400001", now).await.unwrap().id;
        let upgrade = store.running_upgrades(now).await.unwrap().first().expect("an upgrade rung").id;
        for owner in [CartOwner::Guest("a-guest-token"), CartOwner::Shopper(shopper)] {
            for product in [1, 2] {
                let size = store.sizes(product).await.unwrap().into_iter().find(|s| s.stock > 0 && s.part == 0).expect("a size in stock");
                let line =
                    CartLine { id: 0, product_id: product, size_id: Some(size.id), combo1_size_id: None, combo2_size_id: None, quantity: 2, deal_id: None };
                store.add_to_cart(owner, &line, now).await.unwrap();
            }
            let cart = store.cart_row(owner).await.unwrap().expect("a cart");
            store.set_cart_gift(cart.id, gift.id, Some("M")).await.unwrap();
            // every column of the row different, so a column read in the wrong place shows
            store.set_cart_choices(cart.id, Some("SAVE10"), Some("PARTNER"), Some(Some(upgrade)), now).await.unwrap();
            store.set_cart_gift_wrap(cart.id, true, now).await.unwrap();
        }
        let mut through_sqlx = store.clone();
        through_sqlx.stake_reader = None;
        for owner in [CartOwner::Guest("a-guest-token"), CartOwner::Shopper(shopper), CartOwner::Guest("no-bag"), CartOwner::Shopper(shopper + 1000)] {
            let (row, sqlx_row) = (store.cart_row(owner).await.unwrap(), through_sqlx.cart_row(owner).await.unwrap());
            assert_eq!(row, sqlx_row);
            let lines = store.cart_lines(owner).await.unwrap();
            assert_eq!(lines, through_sqlx.cart_lines(owner).await.unwrap());
            if let Some(row) = row {
                assert_eq!(lines.len(), 2);
                let gifts = store.cart_gifts(row.id).await.unwrap();
                assert_eq!(gifts, vec![(gift.id, "M".to_string())]);
                assert_eq!(gifts, through_sqlx.cart_gifts(row.id).await.unwrap());
            } else {
                assert!(lines.is_empty());
            }
        }
    }
}

//! What the catalog's listings and search index are built from, and what shoppers searched: the
//! popular searches (counted once per searcher and day) and each shopper's or browser's recent ones.

use crate::auth::guest_key;
use crate::db::millis;
use crate::{Result, Store};
use chrono::{DateTime, Duration, Utc};
use sqlx::FromRow;
use std::collections::HashMap;

/// How many recent searches a shopper or a browser keeps.
pub const RECENT_KEPT: i64 = 10;

/// One active product as listings and search see it.
#[derive(Debug, Clone, FromRow)]
pub struct ListedProduct {
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub sku: String,
    pub parent_sku: String,
    pub color_name: String,
    pub rgbcode: String,
    pub category_id: i64,
    pub price: i64,
    pub old_price: i64,
    pub sold_count: i64,
    pub created_at: i64,
    pub combo: i64,
}

/// One size of a listed product: its group (0 ordinary, 1 and 2 a combo's parts) and whether any is left.
#[derive(Debug, Clone, FromRow)]
pub struct ListedSize {
    pub product_id: i64,
    pub part: i64,
    pub value: String,
    pub in_stock: i64,
}

const READ_PRODUCTS: &str = "SELECT id, slug, name, sku, parent_sku, color_name, rgbcode, category_id, price, old_price, sold_count, created_at, combo \
     FROM products WHERE active = 1 ORDER BY id";
const READ_FILINGS: &str = "SELECT pc.product_id, pc.category_id FROM product_categories pc JOIN products p ON p.id = pc.product_id WHERE p.active = 1";
const READ_SIZES: &str = "SELECT s.product_id, s.part, s.value, CASE WHEN s.stock > 0 THEN 1 ELSE 0 END AS in_stock \
     FROM sizes s JOIN products p ON p.id = s.product_id WHERE p.active = 1 ORDER BY s.product_id, s.part, s.position";
const READ_RATINGS: &str = "SELECT product_id, COUNT(*), CAST(SUM(stars) AS BIGINT) FROM ratings WHERE is_public = 1 GROUP BY product_id";

/// `Store::catalog_facts` on a SQLite connection of its own: the version first, then the rest in one
/// read transaction.
fn catalog_facts_in_place(conn: &rusqlite::Connection) -> rusqlite::Result<CatalogFacts> {
    let tx = conn.unchecked_transaction()?;
    let (version, stock_version) = tx.query_row(READ_VERSIONS, [], |r| Ok((r.get(0)?, r.get(1)?)))?;
    let products = tx
        .prepare(READ_PRODUCTS)?
        .query_map([], |r| {
            Ok(ListedProduct {
                id: r.get(0)?,
                slug: r.get(1)?,
                name: r.get(2)?,
                sku: r.get(3)?,
                parent_sku: r.get(4)?,
                color_name: r.get(5)?,
                rgbcode: r.get(6)?,
                category_id: r.get(7)?,
                price: r.get(8)?,
                old_price: r.get(9)?,
                sold_count: r.get(10)?,
                created_at: r.get(11)?,
                combo: r.get(12)?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let filings = tx.prepare(READ_FILINGS)?.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<rusqlite::Result<Vec<_>>>()?;
    let sizes = tx
        .prepare(READ_SIZES)?
        .query_map([], |r| Ok(ListedSize { product_id: r.get(0)?, part: r.get(1)?, value: r.get(2)?, in_stock: r.get(3)? }))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let ratings =
        tx.prepare(READ_RATINGS)?.query_map([], |r| Ok((r.get::<_, i64>(0)?, (r.get(1)?, r.get(2)?))))?.collect::<rusqlite::Result<HashMap<_, _>>>()?;
    tx.commit()?;
    Ok(CatalogFacts { version, stock_version, products, filings, sizes, ratings })
}

/// The two versions a shelf shows (the catalog's and its stock crossings'), read before its facts.
const READ_VERSIONS: &str = "SELECT (SELECT version FROM catalog_version WHERE id = 1), (SELECT version FROM stock_crossing_version WHERE id = 1)";

/// The sizes of the products whose stock crossed zero after a version, as `Store::stock_crossed_since` reads them.
const READ_CROSSED_SIZES: &str = "SELECT s.product_id, s.part, s.value, CASE WHEN s.stock > 0 THEN 1 ELSE 0 END AS in_stock, p.combo \
     FROM sizes s JOIN products p ON p.id = s.product_id \
     WHERE s.product_id IN (SELECT product_id FROM stock_crossings WHERE version > $1) ORDER BY s.product_id, s.part, s.position";

/// Sizes that crossed zero since a version: each such product's sizes (all of them, whether the
/// product is on sale or not), with whether it is a combo, at least as fresh as `version`.
#[derive(Debug, Clone, Default)]
pub struct StockCrossings {
    pub version: i64,
    /// (size, the product's combo flag), ordered by product then the size chart.
    pub sizes: Vec<(ListedSize, i64)>,
}

/// Everything listings and search need, read at one catalog version.
#[derive(Debug, Clone, Default)]
pub struct CatalogFacts {
    pub version: i64,
    /// The version of sizes crossing zero (migration 0019) the facts are at least as fresh as.
    pub stock_version: i64,
    pub products: Vec<ListedProduct>,
    /// (product, category) filings.
    pub filings: Vec<(i64, i64)>,
    pub sizes: Vec<ListedSize>,
    /// product → (ratings shoppers see, their stars summed).
    pub ratings: HashMap<i64, (i64, i64)>,
}

/// Whose recent searches: a shopper's, or a guest browser's (by the token of its cookie).
#[derive(Debug, Clone, Copy)]
pub enum Searcher<'a> {
    Shopper(i64),
    Guest(&'a str),
}

impl Searcher<'_> {
    fn key(&self) -> String {
        match self {
            Searcher::Shopper(id) => format!("u{id}"),
            Searcher::Guest(token) => format!("g{}", guest_key(token)),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct RecentSearch {
    pub query: String,
    pub searched_at: i64,
}

impl Store {
    /// The listing facts of every active product. The version is read first: a change made while
    /// reading leaves a newer version behind, so the next check reads again.
    pub async fn catalog_facts(&self) -> Result<CatalogFacts> {
        if let Some(reader) = self.bulk_reader.clone() {
            // In place on SQLite (db.rs, `bulk_reader`): the same statements, a tenth of the time.
            return tokio::task::spawn_blocking(move || reader.read(catalog_facts_in_place))
                .await
                .map_err(|e| crate::StoreError::Io(format!("reading the catalog: {e}")))?;
        }
        let (version, stock_version): (i64, i64) = sqlx::query_as(READ_VERSIONS).fetch_one(&self.pool).await?;
        let products = sqlx::query_as::<_, ListedProduct>(READ_PRODUCTS).fetch_all(&self.pool).await?;
        let filings = sqlx::query_as::<_, (i64, i64)>(READ_FILINGS).fetch_all(&self.pool).await?;
        let sizes = sqlx::query_as::<_, ListedSize>(READ_SIZES).fetch_all(&self.pool).await?;
        let ratings: Vec<(i64, i64, i64)> = sqlx::query_as(READ_RATINGS).fetch_all(&self.pool).await?;
        Ok(CatalogFacts { version, stock_version, products, filings, sizes, ratings: ratings.into_iter().map(|(id, n, sum)| (id, (n, sum))).collect() })
    }

    /// The sizes of every product whose stock crossed zero after version `since` (migration 0019).
    /// The version is read first, so what is read is at least as fresh as the version it is labelled
    /// with: a crossing committed meanwhile is either read already or moves the version past it.
    pub async fn stock_crossed_since(&self, since: i64) -> Result<StockCrossings> {
        let version = sqlx::query_scalar("SELECT version FROM stock_crossing_version WHERE id = 1").fetch_one(&self.pool).await?;
        let rows: Vec<(i64, i64, String, i64, i64)> = sqlx::query_as(READ_CROSSED_SIZES).bind(since).fetch_all(&self.pool).await?;
        let sizes = rows.into_iter().map(|(product_id, part, value, in_stock, combo)| (ListedSize { product_id, part, value, in_stock }, combo)).collect();
        Ok(StockCrossings { version, sizes })
    }

    /// Records a search: once per searcher, query and day for the popular searches, and at the top of
    /// the searcher's recent searches (the oldest beyond RECENT_KEPT fall off).
    /// `query` as typed goes to the searcher's recent searches; `counted_as` (the words the search
    /// corrected a typo to, else the same) is what popular searches count, so shoppers are never
    /// offered a misspelling.
    pub async fn record_search(&self, who: Searcher<'_>, query: &str, counted_as: &str, results: i64, now: DateTime<Utc>) -> Result<()> {
        let mut tx = self.begin_write().await?;
        sqlx::query(
            "INSERT INTO search_log (query, searcher, day, results, searched_at) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (query, searcher, day) DO UPDATE SET results = excluded.results",
        )
        .bind(counted_as)
        .bind(who.key())
        .bind(now.format("%Y-%m-%d").to_string())
        .bind(results)
        .bind(millis(now))
        .execute(&mut **tx)
        .await?;
        let (owner_sql, owner_col) = owner(who);
        bind_owner_q(
            sqlx::query(&format!(
                "INSERT INTO recent_searches ({owner_col}, query, searched_at) VALUES ($1, $2, $3) \
                 ON CONFLICT ({owner_col}, query) DO UPDATE SET searched_at = excluded.searched_at"
            )),
            who,
        )
        .bind(query)
        .bind(millis(now))
        .execute(&mut **tx)
        .await?;
        bind_owner_q(
            sqlx::query(&format!(
                "DELETE FROM recent_searches WHERE {owner_sql} AND id NOT IN \
                 (SELECT id FROM recent_searches WHERE {owner_sql} ORDER BY searched_at DESC, id DESC LIMIT {RECENT_KEPT})"
            )),
            who,
        )
        .execute(&mut **tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The searcher's recent searches, newest first.
    pub async fn recent_searches(&self, who: Searcher<'_>) -> Result<Vec<RecentSearch>> {
        let (owner_sql, _) = owner(who);
        let q = format!("SELECT query, searched_at FROM recent_searches WHERE {owner_sql} ORDER BY searched_at DESC, id DESC LIMIT {RECENT_KEPT}");
        Ok(bind_owner(sqlx::query_as(&q), who).fetch_all(&self.pool).await?)
    }

    /// Forgets one recent search, or all of them.
    pub async fn forget_searches(&self, who: Searcher<'_>, query: Option<&str>) -> Result<()> {
        let (owner_sql, _) = owner(who);
        match query {
            Some(q) => {
                let sql = format!("DELETE FROM recent_searches WHERE {owner_sql} AND query = $2");
                self.write(|db| bind_owner_q(sqlx::query(&sql), who).bind(q).execute(db)).await?
            }
            None => {
                let sql = format!("DELETE FROM recent_searches WHERE {owner_sql}");
                self.write(|db| bind_owner_q(sqlx::query(&sql), who).execute(db)).await?
            }
        };
        Ok(())
    }

    /// At login a browser's recent searches join the shopper's (the newer time wins), then the
    /// shopper keeps the newest RECENT_KEPT.
    pub async fn merge_guest_searches(&self, guest_token: &str, user_id: i64) -> Result<()> {
        let mut tx = self.begin_write().await?;
        let guest = guest_key(guest_token);
        sqlx::query(
            "INSERT INTO recent_searches (user_id, query, searched_at) \
             SELECT $1, query, searched_at FROM recent_searches WHERE guest_token_hash = $2 \
             ON CONFLICT (user_id, query) DO UPDATE SET searched_at = \
               CASE WHEN excluded.searched_at > recent_searches.searched_at THEN excluded.searched_at ELSE recent_searches.searched_at END",
        )
        .bind(user_id)
        .bind(&guest)
        .execute(&mut **tx)
        .await?;
        sqlx::query("DELETE FROM recent_searches WHERE guest_token_hash = $1").bind(&guest).execute(&mut **tx).await?;
        sqlx::query(&format!(
            "DELETE FROM recent_searches WHERE user_id = $1 AND id NOT IN \
             (SELECT id FROM recent_searches WHERE user_id = $1 ORDER BY searched_at DESC, id DESC LIMIT {RECENT_KEPT})"
        ))
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// What most searchers searched for in the last `days` days and found something: (query, searchers).
    pub async fn popular_searches(&self, now: DateTime<Utc>, days: i64, limit: i64) -> Result<Vec<(String, i64)>> {
        Ok(sqlx::query_as(
            "SELECT query, COUNT(*) AS searchers FROM search_log WHERE searched_at >= $1 AND results > 0 \
             GROUP BY query ORDER BY searchers DESC, query LIMIT $2",
        )
        .bind(millis(now - Duration::days(days)))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }
}

/// The WHERE condition and the column that pick the searcher's rows ($1 is the owner).
fn owner(who: Searcher<'_>) -> (&'static str, &'static str) {
    match who {
        Searcher::Shopper(_) => ("user_id = $1", "user_id"),
        Searcher::Guest(_) => ("guest_token_hash = $1", "guest_token_hash"),
    }
}

/// Binds the owner of `owner`'s condition: the user id as a number, the browser's token hashed.
fn bind_owner<'q, O>(
    q: sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments<'q>>,
    who: Searcher<'_>,
) -> sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments<'q>> {
    match who {
        Searcher::Shopper(id) => q.bind(id),
        Searcher::Guest(token) => q.bind(guest_key(token)),
    }
}

fn bind_owner_q<'q>(
    q: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    who: Searcher<'_>,
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    match who {
        Searcher::Shopper(id) => q.bind(id),
        Searcher::Guest(token) => q.bind(guest_key(token)),
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    #[tokio::test]
    async fn the_catalog_read_in_place_is_the_catalog_read_through_sqlx() {
        let db = crate::testing::TestDb::sqlite().await;
        db.store.seed_demo(chrono::Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap()).await.unwrap();
        assert!(db.store.bulk_reader.is_some(), "a SQLite file reads in place");
        let in_place = db.store.catalog_facts().await.unwrap();
        let mut through_sqlx = db.store.clone();
        through_sqlx.bulk_reader = None;
        let read = through_sqlx.catalog_facts().await.unwrap();
        assert!(!in_place.products.is_empty() && !in_place.filings.is_empty() && !in_place.sizes.is_empty() && !in_place.ratings.is_empty());
        let listed = |f: &super::CatalogFacts| format!("{:?}", (f.version, &f.products, &f.filings, &f.sizes));
        assert_eq!(listed(&in_place), listed(&read));
        let ratings = |f: &super::CatalogFacts| {
            let mut r: Vec<_> = f.ratings.iter().map(|(k, v)| (*k, *v)).collect();
            r.sort();
            r
        };
        assert_eq!(ratings(&in_place), ratings(&read));
    }
}

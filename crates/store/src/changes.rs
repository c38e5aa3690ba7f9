//! What servers compare against to know the catalog moved: the catalog's version (listings and
//! search, see searches.rs) and the pages' version with the products each change touched (the kept
//! product, sizes and stock answers), and the shoppers' version with the shoppers each change
//! touched (their kept sessions, wishlists and received sizes). All are bumped by triggers in the
//! same transaction as the change (migrations 0013, 0016 and 0018), so a version read after a
//! commit always covers it.

use crate::{Result, Store};

/// The versions, read together in one statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Versions {
    pub catalog: i64,
    pub pages: i64,
    pub shoppers: i64,
}

/// Product id 0 in `page_changes`: every product's pages (a category changed).
pub const EVERY_PRODUCT: i64 = 0;

const READ_VERSIONS: &str = "SELECT (SELECT version FROM catalog_version WHERE id = 1), (SELECT version FROM page_version WHERE id = 1), \
     (SELECT version FROM shopper_version WHERE id = 1)";

/// On SQLite, the versions are read from a connection of their own, on the calling thread. Every
/// request reads them (shared by the requests in flight, but still thousands of reads a second),
/// and through sqlx each read was a hop to its worker thread and back: a fifth of a kept answer's
/// time. A read here is one prepared statement in a WAL read transaction, a few microseconds, and
/// never waits for a writer (WAL readers do not), so it runs in place on the async thread. The
/// same serves other point reads that every request of a kind makes (a bag's stake in a product).
pub(crate) struct InPlaceReader(std::sync::Mutex<rusqlite::Connection>);

impl std::fmt::Debug for InPlaceReader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("InPlaceReader")
    }
}

impl InPlaceReader {
    /// A connection to the database file at `path` (None for an in-memory database, which no
    /// other connection can see).
    pub(crate) fn open(path: &str) -> Result<Option<InPlaceReader>> {
        if crate::db::in_memory(path) {
            return Ok(None);
        }
        let conn = rusqlite::Connection::open(path)?;
        conn.busy_timeout(std::time::Duration::from_secs(10))?;
        Ok(Some(InPlaceReader(std::sync::Mutex::new(conn))))
    }

    /// Runs `read` on the connection (one read at a time; each is a few microseconds).
    pub(crate) fn read<T>(&self, read: impl FnOnce(&rusqlite::Connection) -> rusqlite::Result<T>) -> Result<T> {
        let conn = self.0.lock().unwrap_or_else(|e| e.into_inner());
        Ok(read(&conn)?)
    }

    fn versions(&self) -> Result<Versions> {
        self.read(|conn| conn.prepare_cached(READ_VERSIONS)?.query_row([], |r| Ok(Versions { catalog: r.get(0)?, pages: r.get(1)?, shoppers: r.get(2)? })))
    }
}

impl Store {
    pub async fn versions(&self) -> Result<Versions> {
        if let Some(reader) = &self.versions_reader {
            return reader.versions();
        }
        let (catalog, pages, shoppers): (i64, i64, i64) = sqlx::query_as(READ_VERSIONS).fetch_one(&self.pool).await?;
        Ok(Versions { catalog, pages, shoppers })
    }

    /// The products whose pages changed after version `since` (EVERY_PRODUCT among them when a
    /// change touched them all). A product changed twice is listed once, at its latest change.
    pub async fn pages_changed_since(&self, since: i64) -> Result<Vec<i64>> {
        Ok(sqlx::query_scalar("SELECT product_id FROM page_changes WHERE version > $1").bind(since).fetch_all(&self.pool).await?)
    }

    /// The shoppers whose session, wishlist or received sizes changed after version `since`.
    pub async fn shoppers_changed_since(&self, since: i64) -> Result<Vec<i64>> {
        Ok(sqlx::query_scalar("SELECT user_id FROM shopper_changes WHERE version > $1").bind(since).fetch_all(&self.pool).await?)
    }
}

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
    /// Sizes crossing zero (migration 0019), which listings show but the catalog's version leaves out.
    pub stock: i64,
}

/// Product id 0 in `page_changes`: every product's pages (a category changed).
pub const EVERY_PRODUCT: i64 = 0;

const READ_VERSIONS: &str = "SELECT (SELECT version FROM catalog_version WHERE id = 1), (SELECT version FROM page_version WHERE id = 1), \
     (SELECT version FROM shopper_version WHERE id = 1), (SELECT version FROM stock_crossing_version WHERE id = 1)";

/// On SQLite, the versions are read from a connection of their own, on the calling thread. Every
/// request reads them (shared by the requests in flight, but still thousands of reads a second),
/// and through sqlx each read was a hop to its worker thread and back: a fifth of a kept answer's
/// time. A read here is one prepared statement in a WAL read transaction, a few microseconds, and
/// never waits for a writer (WAL readers do not), so it runs in place on the async thread. The
/// same serves other point reads that every request of a kind makes (a bag's stake in a product).
/// Its connections only read.
pub(crate) struct InPlaceReader {
    conn: std::sync::Mutex<rusqlite::Connection>,
    /// The versions as last read, with the connection's `PRAGMA data_version` read before them.
    versions_seen: std::sync::Mutex<Option<(i64, Versions)>>,
}

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
        // Reads only, and must: `versions` relies on no write coming from this connection.
        conn.pragma_update(None, "query_only", true)?;
        Ok(Some(InPlaceReader { conn: std::sync::Mutex::new(conn), versions_seen: std::sync::Mutex::new(None) }))
    }

    /// Runs `read` on the connection (one read at a time; each is a few microseconds).
    pub(crate) fn read<T>(&self, read: impl FnOnce(&rusqlite::Connection) -> rusqlite::Result<T>) -> Result<T> {
        let conn = self.conn.lock().unwrap_or_else(|e| e.into_inner());
        Ok(read(&conn)?)
    }

    /// SQLite's `PRAGMA data_version` changes on a connection exactly when another connection (of
    /// this process or another) committed since its last read, and this connection never writes:
    /// while it stays the same, the versions last read are still the versions. Reading it costs
    /// about half of reading the three versions (docs/operations.md, session 19). The versions are
    /// read after the pragma, so a commit between the two is seen now and read again next time.
    fn versions(&self) -> Result<Versions> {
        self.read(|conn| {
            let data_version: i64 = conn.prepare_cached("PRAGMA data_version")?.query_row([], |r| r.get(0))?;
            let mut seen = self.versions_seen.lock().unwrap_or_else(|e| e.into_inner());
            if let Some((at, versions)) = *seen {
                if at == data_version {
                    return Ok(versions);
                }
            }
            let versions = conn
                .prepare_cached(READ_VERSIONS)?
                .query_row([], |r| Ok(Versions { catalog: r.get(0)?, pages: r.get(1)?, shoppers: r.get(2)?, stock: r.get(3)? }))?;
            *seen = Some((data_version, versions));
            Ok(versions)
        })
    }
}

impl Store {
    pub async fn versions(&self) -> Result<Versions> {
        if let Some(reader) = &self.versions_reader {
            return reader.versions();
        }
        let (catalog, pages, shoppers, stock): (i64, i64, i64, i64) = sqlx::query_as(READ_VERSIONS).fetch_one(&self.pool).await?;
        Ok(Versions { catalog, pages, shoppers, stock })
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

#[cfg(test)]
mod tests {
    use crate::testing::TestDb;

    /// Another connection's commit (an operator command in another process, say) is seen by the
    /// very next read, though the versions are only read again when the data version moved.
    #[tokio::test]
    async fn a_commit_on_another_connection_is_seen_by_the_next_read() {
        let db = TestDb::sqlite().await;
        let store = &db.store;
        assert!(store.versions_reader.is_some(), "a file database reads its versions in place");
        let before = store.versions().await.unwrap();
        assert_eq!(store.versions().await.unwrap(), before);
        let other = rusqlite::Connection::open(db.url().trim_start_matches("sqlite://")).unwrap();
        for (table, bumped) in [("catalog_version", 1), ("page_version", 2), ("shopper_version", 3), ("stock_crossing_version", 4)] {
            other.execute(&format!("UPDATE {table} SET version = version + 1 WHERE id = 1"), []).unwrap();
            let after = store.versions().await.unwrap();
            let moved = [after.catalog - before.catalog, after.pages - before.pages, after.shoppers - before.shoppers, after.stock - before.stock];
            assert_eq!(moved[..bumped], vec![1; bumped][..], "{table}: {after:?} after {before:?}");
            assert_eq!(store.versions().await.unwrap(), after);
        }
        db.finish().await;
    }
}

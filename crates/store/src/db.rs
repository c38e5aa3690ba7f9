use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::migrate::Migrator;
use sqlx::{AnyPool, Executor};
use std::path::Path;

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/postgres");

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

impl Engine {
    pub fn name(self) -> &'static str {
        match self {
            Engine::Sqlite => "sqlite",
            Engine::Postgres => "postgres",
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("not found")]
    NotFound,
    #[error("conflict: {0}")]
    Conflict(String),
    #[error("unsupported database url (use sqlite:// or postgres://)")]
    BadUrl,
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    /// The versions' own SQLite connection (changes.rs).
    #[error("database: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The batch writer's transaction did not commit (batches.rs).
    #[error("database: {0}")]
    Batch(String),
    #[error("migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("reference data: {0}")]
    Reference(String),
    #[error("file system: {0}")]
    Io(String),
}

impl StoreError {
    /// A unique-constraint violation, which callers turn into a field error or a retry.
    pub fn is_unique_violation(&self) -> bool {
        matches!(self, StoreError::Db(sqlx::Error::Database(e)) if e.is_unique_violation())
    }
}

/// The database behind the shop. Cheap to clone (a pool handle).
#[derive(Clone, Debug)]
pub struct Store {
    pub(crate) pool: AnyPool,
    /// SQLite: the one connection every write on the pool runs on (`begin_write`, `write`). Writes
    /// take turns anyway; on one connection its page cache and prepared statements stay warm, where
    /// with the pool's eight each write mostly found a connection whose cache others' writes had made
    /// stale. The order bench, alternating runs: 439-528 orders/s before, 501-577 after
    /// (docs/operations.md, session 17).
    /// None on PostgreSQL (its writers run side by side) and for an in-memory SQLite, which a second
    /// pool could not see.
    write_pool: Option<AnyPool>,
    engine: Engine,
    /// SQLite lets one connection write at a time; the others, finding the file locked, sleep in
    /// SQLite's busy handler (1, 2, 5 … 100 ms) and try again, which is where writers' latency went.
    /// Writing transactions take turns here instead, first come first served, so none ever finds
    /// the file locked by this process. PostgreSQL locks rows, not the database: no turns.
    writer: Option<std::sync::Arc<tokio::sync::Mutex<()>>>,
    /// SQLite: the versions every request reads, read in place (changes.rs).
    pub(crate) versions_reader: Option<std::sync::Arc<crate::changes::InPlaceReader>>,
    /// SQLite: the bag's reads that every size list for a bag holder and every priced cart make (a
    /// bag's stake in a product, its row, lines and gifts), read in place on a connection of its own
    /// (carts/mod.rs, `cart_stake`, `cart_row`, `cart_lines`; offers.rs, `cart_gifts`).
    pub(crate) stake_reader: Option<std::sync::Arc<crate::changes::InPlaceReader>>,
    /// SQLite: the whole catalog as listings and search read it (searches.rs, `catalog_facts`), read
    /// in place on a blocking thread: through sqlx's worker, 400,000 size rows took a second.
    pub(crate) bulk_reader: Option<std::sync::Arc<crate::changes::InPlaceReader>>,
    /// SQLite: adds to the cart and checkouts, written in batches by a thread of their own (batches.rs).
    pub(crate) batch_writer: Option<std::sync::Arc<crate::batches::BatchWriter>>,
}

impl Store {
    /// Opens the database named by `url` (`sqlite://path` or `postgres://…`), creating a SQLite file
    /// and its folder when missing, and applies the migrations.
    pub async fn open(url: &str) -> crate::Result<Self> {
        sqlx::any::install_default_drivers();
        let engine = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Engine::Postgres
        } else if url.starts_with("sqlite:") {
            Engine::Sqlite
        } else {
            return Err(StoreError::BadUrl);
        };
        let url = match engine {
            Engine::Sqlite => sqlite_url(url)?,
            Engine::Postgres => url.to_string(),
        };
        // SQLite: the file's path, for the connections of the process's own beside the pool.
        let path = url.trim_start_matches("sqlite://");
        let path = path.split_once('?').map_or(path, |(path, _)| path);
        let pool = pool_options(engine, if engine == Engine::Sqlite { 8 } else { 16 }).connect(&url).await?;
        let write_pool = match engine {
            Engine::Sqlite if !in_memory(path) => Some(pool_options(engine, 1).connect(&url).await?),
            _ => None,
        };
        let writer = (engine == Engine::Sqlite).then(Default::default);
        let mut store = Store { pool, write_pool, engine, writer, versions_reader: None, stake_reader: None, bulk_reader: None, batch_writer: None };
        store.migrate().await?;
        if engine == Engine::Sqlite {
            store.versions_reader = crate::changes::InPlaceReader::open(path)?.map(std::sync::Arc::new);
            store.stake_reader = crate::changes::InPlaceReader::open(path)?.map(std::sync::Arc::new);
            store.bulk_reader = crate::changes::InPlaceReader::open(path)?.map(std::sync::Arc::new);
            store.batch_writer = crate::batches::BatchWriter::start(path, store.writer.clone())?.map(std::sync::Arc::new);
        }
        Ok(store)
    }

    async fn migrate(&self) -> crate::Result<()> {
        match self.engine {
            Engine::Sqlite => SQLITE_MIGRATIONS.run(&self.pool).await?,
            Engine::Postgres => POSTGRES_MIGRATIONS.run(&self.pool).await?,
        }
        Ok(())
    }

    /// This process's turn to write (SQLite; nothing to wait for on PostgreSQL), held until the
    /// guard is dropped. Every write on the pool takes it, through `begin_write` or `write`; the batch
    /// writer takes it for each batch. Never taken twice by one task: tokio's Mutex is not reentrant,
    /// so a write started while its task holds the turn would wait for itself.
    pub(crate) async fn write_turn(&self) -> Option<tokio::sync::MutexGuard<'_, ()>> {
        match &self.writer {
            Some(turn) => Some(turn.lock().await),
            None => None,
        }
    }

    /// A writing transaction, begun in this process's turn to write and holding it until it commits
    /// or is dropped (rolled back). Read-only transactions use `pool.begin()`: they need no turn.
    pub(crate) async fn begin_write(&self) -> crate::Result<WriteTx<'_>> {
        let turn = self.write_turn().await;
        let tx = self.writes().begin().await?;
        Ok(WriteTx { tx, _turn: turn })
    }

    /// Runs one writing statement in this process's turn, on the writes' connection: `statement` is
    /// given the pool to run on.
    pub(crate) async fn write<'s, T, F: std::future::Future<Output = T>>(&'s self, statement: impl FnOnce(&'s AnyPool) -> F) -> T {
        let _turn = self.write_turn().await;
        statement(self.writes()).await
    }

    /// Where writes run: the writes' own connection on SQLite, the pool on PostgreSQL.
    fn writes(&self) -> &AnyPool {
        self.write_pool.as_ref().unwrap_or(&self.pool)
    }

    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// A cheap round trip, for health checks.
    pub async fn ping(&self) -> crate::Result<()> {
        let _: AnyRow = sqlx::query("SELECT 1").fetch_one(&self.pool).await?;
        Ok(())
    }

    pub async fn close(&self) {
        if let Some(writes) = &self.write_pool {
            writes.close().await;
        }
        self.pool.close().await;
    }
}

/// A transaction that writes, with this process's turn to write (`Store::begin_write`). It derefs to
/// the transaction, so the helpers that take `&mut Transaction` take it as they are.
pub(crate) struct WriteTx<'s> {
    // Declared first, so dropped first: a transaction dropped unfinished has its rollback queued on
    // its connection before the turn passes on.
    tx: sqlx::Transaction<'static, sqlx::Any>,
    _turn: Option<tokio::sync::MutexGuard<'s, ()>>,
}

impl WriteTx<'_> {
    /// Commits, then gives up the turn.
    pub(crate) async fn commit(self) -> crate::Result<()> {
        Ok(self.tx.commit().await?)
    }

    /// Rolls back, then gives up the turn.
    pub(crate) async fn rollback(self) -> crate::Result<()> {
        Ok(self.tx.rollback().await?)
    }
}

impl std::ops::Deref for WriteTx<'_> {
    type Target = sqlx::Transaction<'static, sqlx::Any>;
    fn deref(&self) -> &Self::Target {
        &self.tx
    }
}

impl std::ops::DerefMut for WriteTx<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.tx
    }
}

/// The pool's options: on SQLite each connection in WAL mode (readers go on while one writer writes),
/// and a busy timeout, so a writer finding the file locked by another process waits instead of failing.
fn pool_options(engine: Engine, max_connections: u32) -> AnyPoolOptions {
    AnyPoolOptions::new().max_connections(max_connections).after_connect(move |conn, _meta| {
        Box::pin(async move {
            if engine == Engine::Sqlite {
                for pragma in ["PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL", "PRAGMA foreign_keys = ON", "PRAGMA busy_timeout = 10000"] {
                    conn.execute(pragma).await?;
                }
            }
            Ok(())
        })
    })
}

/// A SQLite database at `path` that no second connection can open (in memory): no in-place readers,
/// batch writer or write pool for it.
pub(crate) fn in_memory(path: &str) -> bool {
    path.is_empty() || path == ":memory:" || path.contains("mode=memory")
}

/// `sqlite://data/drape.db` → the same with `mode=rwc`, after creating `data/`.
fn sqlite_url(url: &str) -> crate::Result<String> {
    let rest = url.trim_start_matches("sqlite://").trim_start_matches("sqlite:");
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    if path != ":memory:" && !path.is_empty() {
        if let Some(parent) = Path::new(path).parent() {
            if !parent.as_os_str().is_empty() {
                std::fs::create_dir_all(parent).map_err(|e| StoreError::Io(format!("cannot create {}: {e}", parent.display())))?;
            }
        }
    }
    let query = if query.contains("mode=") {
        query.to_string()
    } else if query.is_empty() {
        "mode=rwc".to_string()
    } else {
        format!("{query}&mode=rwc")
    };
    Ok(format!("sqlite://{path}?{query}"))
}

/// Milliseconds since the epoch: how every time is stored.
pub(crate) fn millis(t: chrono::DateTime<chrono::Utc>) -> i64 {
    t.timestamp_millis()
}

/// A stored time read back (the epoch for a value out of range).
pub(crate) fn from_millis(ms: i64) -> chrono::DateTime<chrono::Utc> {
    chrono::DateTime::from_timestamp_millis(ms).unwrap_or_default()
}

/// The most values one IN list carries: far inside SQLite's 32,766 host parameters and PostgreSQL's
/// 65,535, whatever a caller passes.
pub(crate) const IN_LIST_MAX: usize = 500;

/// `$first,…,$(first+n-1)`: the placeholders of an IN list.
pub(crate) fn placeholders(first: usize, n: usize) -> String {
    (first..first + n).map(|i| format!("${i}")).collect::<Vec<_>>().join(",")
}

/// Rows for a list of ids: `sql` gets the placeholders of an IN list and is run once per chunk of at
/// most IN_LIST_MAX distinct ids, in ascending id order.
pub(crate) async fn fetch_for_ids<T>(pool: &AnyPool, ids: &[i64], sql: impl Fn(&str) -> String) -> crate::Result<Vec<T>>
where
    T: for<'r> sqlx::FromRow<'r, AnyRow> + Send + Unpin,
{
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    let mut rows = Vec::new();
    for chunk in ids.chunks(IN_LIST_MAX) {
        let sql = sql(&placeholders(1, chunk.len()));
        let mut q = sqlx::query_as::<_, T>(&sql);
        for id in chunk {
            q = q.bind(*id);
        }
        rows.extend(q.fetch_all(pool).await?);
    }
    Ok(rows)
}

/// Takes the shopper's lock for the rest of the transaction (a row lock on PostgreSQL, the write lock
/// on SQLite): changes to one shopper's wishlist or address book run one after the other, and their
/// limits are counted with nothing in between.
pub(crate) async fn lock_shopper(tx: &mut sqlx::Transaction<'_, sqlx::Any>, user_id: i64) -> crate::Result<()> {
    sqlx::query("UPDATE users SET id = id WHERE id = $1").bind(user_id).execute(&mut **tx).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use chrono::Utc;
    use std::time::Duration;

    /// On SQLite every write on the pool waits for the process's turn to write, as the batch writer's
    /// batches do, instead of racing them for the file's lock and sleeping in SQLite's
    /// busy handler when it loses: a transaction (`begin_write`) and a single statement (`write`).
    #[tokio::test]
    async fn writes_on_sqlite_wait_for_the_turn_to_write() {
        let db = crate::testing::TestDb::sqlite().await;
        let s = db.store.clone();
        let now = Utc::now();
        let user = s.user_for_mobile("7200000002", now).await.unwrap();
        let turn = s.write_turn().await.expect("SQLite has a turn to write");
        let credit = tokio::spawn({
            let s = s.clone();
            async move { s.wallet_entry(user.id, drape_domain::wallet::EntryKind::Credit, 500, "turn", None, now).await }
        });
        let otp = tokio::spawn({
            let s = s.clone();
            async move { s.insert_otp("7200000002", "123456", now, now + chrono::Duration::minutes(5)).await }
        });
        tokio::time::sleep(Duration::from_millis(150)).await;
        assert!(!credit.is_finished(), "a transaction wrote while another writer held the turn");
        assert!(!otp.is_finished(), "a statement wrote while another writer held the turn");
        drop(turn);
        let credit = tokio::time::timeout(Duration::from_secs(5), credit).await.expect("the transaction went on once the turn passed");
        assert!(credit.unwrap().unwrap().is_ok());
        tokio::time::timeout(Duration::from_secs(5), otp).await.expect("the statement went on once the turn passed").unwrap().unwrap();
        assert_eq!(s.wallet_balance(user.id).await.unwrap(), 500);
        assert!(s.latest_otp("7200000002").await.unwrap().is_some());
    }
}

//! Fresh databases for tests, on both engines. Each test gets its own SQLite file and its own
//! PostgreSQL schema, so runs never disturb each other. Used by this crate's and the server's tests.

use crate::Store;

/// The PostgreSQL used by tests: `DRAPE_TEST_DATABASE_URL`, else the machine's local one.
pub fn postgres_base_url() -> String {
    std::env::var("DRAPE_TEST_DATABASE_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_string())
}

fn unique_name(prefix: &str) -> String {
    use rand::Rng;
    let n: u64 = rand::thread_rng().gen();
    format!("{prefix}_{}_{n:016x}", std::process::id())
}

/// A database made for one test; call `finish` to drop it (a failing test leaves it for inspection).
pub struct TestDb {
    pub store: Store,
    pub engine: &'static str,
    url: String,
    cleanup: Cleanup,
}

enum Cleanup {
    SqliteDir(std::path::PathBuf),
    PostgresSchema(String),
}

impl TestDb {
    pub async fn sqlite() -> TestDb {
        let dir = std::env::temp_dir().join(unique_name("drape_test"));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let url = format!("sqlite://{}/drape.db", dir.display());
        let store = Store::open(&url).await.expect("open sqlite");
        TestDb { store, engine: "sqlite", url, cleanup: Cleanup::SqliteDir(dir) }
    }

    /// None when PostgreSQL cannot be reached and `CI` is not set (a printed skip);
    /// under `CI=true` an unreachable PostgreSQL fails the test.
    pub async fn postgres() -> Option<TestDb> {
        sqlx::any::install_default_drivers();
        let base = postgres_base_url();
        let schema = unique_name("t");
        let created = async {
            use sqlx::Connection;
            let mut conn = sqlx::AnyConnection::connect(&base).await?;
            sqlx::query(&format!("CREATE SCHEMA {schema}")).execute(&mut conn).await?;
            conn.close().await
        }
        .await;
        if let Err(e) = created {
            if std::env::var("CI").map(|v| v == "true" || v == "1").unwrap_or(false) {
                panic!("PostgreSQL at {base} is required under CI=true: {e}");
            }
            eprintln!("SKIPPED: PostgreSQL tests (cannot reach {base}: {e})");
            return None;
        }
        let sep = if base.contains('?') { '&' } else { '?' };
        let url = format!("{base}{sep}options=-c%20search_path%3D{schema}");
        let store = Store::open(&url).await.expect("open postgres");
        Some(TestDb { store, engine: "postgres", url, cleanup: Cleanup::PostgresSchema(schema) })
    }

    /// Both engines (PostgreSQL when reachable).
    pub async fn all() -> Vec<TestDb> {
        let mut dbs = vec![TestDb::sqlite().await];
        dbs.extend(TestDb::postgres().await);
        dbs
    }

    /// The URL the store was opened with.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The store's pool, for measurements that compare drivers.
    pub fn any_pool(&self) -> &sqlx::AnyPool {
        &self.store.pool
    }

    pub async fn finish(self) {
        self.store.close().await;
        match self.cleanup {
            Cleanup::SqliteDir(dir) => {
                let _ = std::fs::remove_dir_all(dir);
            }
            Cleanup::PostgresSchema(schema) => {
                use sqlx::Connection;
                if let Ok(mut conn) = sqlx::AnyConnection::connect(&postgres_base_url()).await {
                    let _ = sqlx::query(&format!("DROP SCHEMA {schema} CASCADE")).execute(&mut conn).await;
                    let _ = conn.close().await;
                }
            }
        }
    }
}

/// A count of every row written to any table but the rate-limit counters, kept by triggers (SQLite
/// only): tests that send bad input compare it before and after to prove nothing changed.
pub struct ChangeWatch {
    store: Store,
}

impl ChangeWatch {
    pub async fn install(store: &Store) -> ChangeWatch {
        use sqlx::Executor;
        assert_eq!(store.engine(), crate::Engine::Sqlite, "ChangeWatch uses SQLite triggers");
        let pool = &store.pool;
        pool.execute("CREATE TABLE test_changes (id INTEGER PRIMARY KEY AUTOINCREMENT, tbl TEXT NOT NULL, op TEXT NOT NULL)").await.expect("changes table");
        let tables: Vec<String> = sqlx::query_scalar(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_sqlx%' AND name NOT IN ('test_changes', 'rate_limits')",
        )
        .fetch_all(pool)
        .await
        .expect("tables");
        for t in tables {
            for op in ["INSERT", "UPDATE", "DELETE"] {
                let sql = format!("CREATE TRIGGER watch_{t}_{op} AFTER {op} ON \"{t}\" BEGIN INSERT INTO test_changes (tbl, op) VALUES ('{t}', '{op}'); END");
                pool.execute(sql.as_str()).await.expect("trigger");
            }
        }
        ChangeWatch { store: store.clone() }
    }

    /// (count of writes, the last table written).
    pub async fn count(&self) -> (i64, String) {
        let row: (i64, Option<String>) =
            sqlx::query_as("SELECT COUNT(*), (SELECT tbl || ' ' || op FROM test_changes ORDER BY id DESC LIMIT 1) FROM test_changes")
                .fetch_one(&self.store.pool)
                .await
                .expect("count changes");
        (row.0, row.1.unwrap_or_default())
    }
}

/// What the migrations made, in terms both engines share: tables with their columns (name and
/// whether they take NULL) and the indexes created by name (those behind primary keys and UNIQUE
/// constraints are left out: each engine names them its own way).
#[derive(Debug, PartialEq, Eq)]
pub struct Schema {
    pub columns: std::collections::BTreeSet<(String, String, bool)>,
    pub indexes: std::collections::BTreeSet<(String, String, bool)>,
}

impl TestDb {
    pub async fn schema(&self) -> Schema {
        let pool = &self.store.pool;
        // (table, column or index, flag) rows from each engine's catalog.
        type Rows = Vec<(String, String, i64)>;
        let (columns, indexes): (Rows, Rows) = match self.store.engine() {
            crate::Engine::Sqlite => (
                sqlx::query_as(
                    "SELECT m.name, c.name, CASE WHEN c.\"notnull\" = 1 OR c.pk > 0 THEN 0 ELSE 1 END FROM sqlite_master m, pragma_table_info(m.name) c \
                     WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '_sqlx%'",
                )
                .fetch_all(pool)
                .await
                .expect("sqlite columns"),
                sqlx::query_as(
                    "SELECT tbl_name, name, CASE WHEN sql LIKE 'CREATE UNIQUE%' THEN 1 ELSE 0 END FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL",
                )
                .fetch_all(pool)
                .await
                .expect("sqlite indexes"),
            ),
            crate::Engine::Postgres => (
                sqlx::query_as(
                    "SELECT CAST(table_name AS TEXT), CAST(column_name AS TEXT), CASE WHEN is_nullable = 'YES' THEN CAST(1 AS BIGINT) ELSE CAST(0 AS BIGINT) END \
                     FROM information_schema.columns WHERE table_schema = current_schema() AND table_name NOT LIKE '_sqlx%'",
                )
                .fetch_all(pool)
                .await
                .expect("postgres columns"),
                sqlx::query_as(
                    "SELECT CAST(t.relname AS TEXT), CAST(i.relname AS TEXT), CASE WHEN x.indisunique THEN CAST(1 AS BIGINT) ELSE CAST(0 AS BIGINT) END \
                     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid \
                     WHERE t.relnamespace = to_regnamespace(current_schema()) AND t.relname NOT LIKE '_sqlx%' \
                       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)",
                )
                .fetch_all(pool)
                .await
                .expect("postgres indexes"),
            ),
        };
        Schema {
            columns: columns.into_iter().map(|(t, c, n)| (t, c, n == 1)).collect(),
            indexes: indexes.into_iter().map(|(t, i, u)| (t, i, u == 1)).collect(),
        }
    }
}

impl TestDb {
    /// Every (table, column) holding `needle` anywhere in its text: proves that something (a card
    /// number, a CVV) never reached the database.
    pub async fn columns_containing(&self, needle: &str) -> Vec<(String, String)> {
        let mut found = Vec::new();
        for (table, column, _) in self.schema().await.columns {
            let sql = format!("SELECT COUNT(*) FROM \"{table}\" WHERE CAST(\"{column}\" AS TEXT) LIKE $1");
            let n: i64 = sqlx::query_scalar(&sql).bind(format!("%{needle}%")).fetch_one(&self.store.pool).await.expect("search a column");
            if n > 0 {
                found.push((table, column));
            }
        }
        found
    }

    /// Puts pincodes in the directory (tests need a few, not India Post's 19,000).
    pub async fn add_pincodes(&self, rows: &[(&str, &str, &str)]) {
        for (pin, city, state) in rows {
            sqlx::query("INSERT INTO pincodes (pincode, city, state) VALUES ($1, $2, $3) ON CONFLICT (pincode) DO NOTHING")
                .bind(*pin)
                .bind(*city)
                .bind(*state)
                .execute(&self.store.pool)
                .await
                .expect("pincode");
        }
    }
}

impl TestDb {
    /// Puts IFSC codes in the bank list (tests need a few, not Razorpay's 170,000).
    pub async fn add_ifsc(&self, rows: &[(&str, &str, &str)]) {
        for (code, bank_code, bank) in rows {
            sqlx::query("INSERT INTO banks (code, name) VALUES ($1, $2) ON CONFLICT (code) DO NOTHING")
                .bind(*bank_code)
                .bind(*bank)
                .execute(&self.store.pool)
                .await
                .expect("bank");
            sqlx::query("INSERT INTO ifsc_codes (code, bank_code) VALUES ($1, $2) ON CONFLICT (code) DO NOTHING")
                .bind(*code)
                .bind(*bank_code)
                .execute(&self.store.pool)
                .await
                .expect("ifsc");
        }
    }
}

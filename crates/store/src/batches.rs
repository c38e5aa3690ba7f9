//! On SQLite, the busiest writes (adds to the cart, checkouts) are written by one thread with a
//! connection of its own, fed by a queue: it takes every job waiting, runs them in one transaction
//! (each in a savepoint of its own, so one refused or failed job changes nothing and leaves the others
//! alone), commits once and only then answers each. SQLite lets one connection write at a time, so
//! many connections fighting for the lock only queue (the busy handler sleeping); through sqlx every
//! statement was also a hop to its worker thread and back (a checkout's dozen statements held the
//! turn to write for 1.4 ms). Here the statements run where the connection is, and a burst of adds
//! and orders costs one commit. PostgreSQL locks rows, not the database, and keeps its pool.

use crate::{Result, StoreError};
use rusqlite::Connection;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc;
use std::sync::Arc;

/// At most this many jobs share one transaction, so an answer never waits behind a long batch.
const BATCH: usize = 128;

/// The writer copies the log into the database file once it holds this many pages (SQLite's
/// default is 1,000). The copy runs inside the commit that crosses the mark, and every add of that
/// batch and of those queued behind it waits for it: at 1,000 pages (4 MB written and flushed)
/// those were add to cart's slowest answers. Smaller copies, more often, cost some adds per second
/// and shorten the wait (docs/operations.md, session 15: p99 22-24 ms at 1,000, 16-18 ms at 200).
const CHECKPOINT_PAGES: u32 = 200;

/// How many prepared statements the writer's connection keeps.
const STATEMENTS_KEPT: usize = 64;

/// Told each job once the batch's transaction ended: committed, or why not.
type Reply = Box<dyn FnOnce(std::result::Result<(), String>) + Send>;
/// A job's statements, run inside its savepoint; says whether to keep what it wrote.
type Job = Box<dyn FnOnce(&Connection) -> (bool, Reply) + Send>;

pub(crate) struct BatchWriter {
    jobs: mpsc::Sender<Job>,
}

impl std::fmt::Debug for BatchWriter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("BatchWriter")
    }
}

impl BatchWriter {
    /// Starts the writer on the database file at `path` (None for an in-memory database, which no
    /// other connection can see). It takes its turn to write with the process's other writers
    /// (`turn`), so neither finds the file locked by the other; it stops when the store is dropped.
    pub(crate) fn start(path: &str, turn: Option<Arc<tokio::sync::Mutex<()>>>) -> Result<Option<BatchWriter>> {
        if crate::db::in_memory(path) {
            return Ok(None);
        }
        let conn = Connection::open(path)?;
        conn.busy_timeout(std::time::Duration::from_secs(10))?;
        conn.execute_batch("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;")?;
        conn.execute_batch(&format!("PRAGMA wal_autocheckpoint = {CHECKPOINT_PAGES}"))?;
        // Adds and checkouts run about 18 different statements; rusqlite keeps 16 prepared by default
        // and, cycling through more, would prepare nearly every one again each time.
        conn.set_prepared_statement_cache_capacity(STATEMENTS_KEPT);
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("drape-writer".into())
            .spawn(move || serve(conn, queue, turn))
            .map_err(|e| StoreError::Io(format!("could not start the batch writer: {e}")))?;
        Ok(Some(BatchWriter { jobs }))
    }

    /// Runs `work` in the next batch and answers once that batch is committed. `work` returns whether
    /// to keep what it wrote (false: its savepoint is rolled back) and its answer; an error rolls its
    /// savepoint back too.
    pub(crate) async fn run<T: Send + 'static>(&self, work: impl FnOnce(&Connection) -> rusqlite::Result<(bool, T)> + Send + 'static) -> Result<T> {
        let (answer, answered) = tokio::sync::oneshot::channel::<Result<T>>();
        let job: Job = Box::new(move |conn| match work(conn) {
            Ok((keep, value)) => {
                let reply: Reply = Box::new(move |ended| {
                    let _ = answer.send(ended.map(|()| value).map_err(StoreError::Batch));
                });
                (keep, reply)
            }
            Err(e) => {
                let reply: Reply = Box::new(move |_| {
                    let _ = answer.send(Err(StoreError::Sqlite(e)));
                });
                (false, reply)
            }
        });
        let lost = || StoreError::Batch("it was not written; please try again".into());
        self.jobs.send(job).map_err(|_| lost())?;
        answered.await.map_err(|_| lost())?
    }
}

fn serve(conn: Connection, queue: mpsc::Receiver<Job>, turn: Option<Arc<tokio::sync::Mutex<()>>>) {
    while let Ok(first) = queue.recv() {
        let batch: Vec<Job> = std::iter::once(first).chain(queue.try_iter().take(BATCH - 1)).collect();
        let _turn = turn.as_ref().map(|t| t.blocking_lock());
        // A batch that cannot begin is dropped: each waiting job is told it was not written.
        if conn.execute_batch("BEGIN IMMEDIATE").is_err() {
            continue;
        }
        let mut replies = Vec::with_capacity(batch.len());
        for job in batch {
            // SQLite rolls the whole transaction back on some errors (a full disk, an I/O error). Then
            // a savepoint would begin a transaction of its own and its release commit it at once: a
            // job told it was not written (the batch's COMMIT fails) would have been. So the rest of
            // the batch is dropped instead, each told it was not written, which is true.
            if conn.is_autocommit() || conn.execute_batch("SAVEPOINT job").is_err() {
                break;
            }
            // A job that panics is rolled back and told it was not written; the writer goes on.
            let (keep, reply) = match catch_unwind(AssertUnwindSafe(|| job(&conn))) {
                Ok(done) => (done.0, Some(done.1)),
                Err(_) => (false, None),
            };
            let ended = if keep { conn.execute_batch("RELEASE job") } else { conn.execute_batch("ROLLBACK TO job; RELEASE job") };
            match (ended, reply) {
                (Ok(()), Some(reply)) => replies.push(reply),
                (Err(e), Some(reply)) => reply(Err(e.to_string())),
                (_, None) => {}
            }
        }
        let committed = conn.execute_batch("COMMIT").map_err(|e| e.to_string());
        if committed.is_err() {
            let _ = conn.execute_batch("ROLLBACK");
        }
        for reply in replies {
            reply(committed.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    /// A job whose error ends the whole transaction (SQLite rolls it back on a full disk or an I/O
    /// error; here the job rolls it back itself) takes the rest of its batch with it: the jobs after
    /// it are told they were not written, and they were not.
    #[tokio::test]
    async fn a_transaction_lost_mid_batch_writes_none_of_the_jobs_after_it() {
        let db = crate::testing::TestDb::sqlite().await;
        let s = db.store.clone();
        let writer = s.batch_writer.clone().expect("SQLite on a file has a batch writer");
        writer.run(|conn| conn.execute_batch("CREATE TABLE scratch (v INTEGER)").map(|()| (true, ()))).await.unwrap();
        // The writer takes the next job and waits for the turn; the two after it are queued meanwhile,
        // so they share the next batch.
        let turn = s.write_turn().await.expect("SQLite has a turn to write");
        let first = tokio::spawn({
            let w = writer.clone();
            async move { w.run(|_| Ok((true, ()))).await }
        });
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        let lost = tokio::spawn({
            let w = writer.clone();
            async move { w.run(|conn| conn.execute_batch("ROLLBACK").map(|()| (true, ()))).await }
        });
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        let after = tokio::spawn({
            let w = writer.clone();
            async move { w.run(|conn| conn.execute("INSERT INTO scratch (v) VALUES (1)", []).map(|_| (true, ()))).await }
        });
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        drop(turn);
        first.await.unwrap().unwrap();
        assert!(lost.await.unwrap().is_err(), "the job that lost the transaction is told so");
        assert!(after.await.unwrap().is_err(), "the job after it is told it was not written");
        let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM scratch").fetch_one(&s.pool).await.unwrap();
        assert_eq!(rows, 0, "a job told it was not written was not written");
        db.finish().await;
    }
}

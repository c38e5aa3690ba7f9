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
            if conn.execute_batch("SAVEPOINT job").is_err() {
                continue;
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

-- The wallet (spec 000 §3 app_wallet, walletAmount): money moves as append-only entries, never a
-- balance column; the balance is their sum. Keep in step with ../postgres/.
CREATE TABLE wallet_entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    -- paise: credits positive, debits negative
    amount INTEGER NOT NULL CHECK (amount <> 0),
    kind TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    -- the same credit or debit asked twice (a retried request, a repeated event) is written once
    idempotency_key TEXT UNIQUE,
    created_at INTEGER NOT NULL
);
CREATE INDEX wallet_entries_user ON wallet_entries(user_id, id);

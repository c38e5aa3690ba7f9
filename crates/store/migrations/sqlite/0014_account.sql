-- The account (issue 13): recently viewed products, notifications and their preferences, messages to
-- the shop, and deleted accounts. Keep in step with ../postgres/.

CREATE TABLE recently_viewed (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    viewed_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, product_id)
);
CREATE INDEX recently_viewed_newest ON recently_viewed(user_id, viewed_at);

-- kind: order (a status change), stock (a size asked for is back), offer (the shop's announcements).
CREATE TABLE notifications (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('order', 'stock', 'offer')),
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    link TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    read_at INTEGER
);
CREATE INDEX notifications_user ON notifications(user_id, created_at);

ALTER TABLE users ADD COLUMN notify_orders INTEGER NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN notify_offers INTEGER NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN notify_stock INTEGER NOT NULL DEFAULT 1;
-- Set when the shopper deleted the account: the row stays (orders point at it) with nothing personal.
ALTER TABLE users ADD COLUMN deleted_at INTEGER;

CREATE TABLE contact_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL DEFAULT '',
    mobile TEXT NOT NULL DEFAULT '',
    subject TEXT NOT NULL,
    message TEXT NOT NULL,
    created_at INTEGER NOT NULL
);

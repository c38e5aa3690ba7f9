-- The account (issue 13): recently viewed products, notifications and their preferences, messages to
-- the shop, and deleted accounts. Keep in step with ../sqlite/.

CREATE TABLE recently_viewed (
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    product_id BIGINT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    viewed_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, product_id)
);
CREATE INDEX recently_viewed_newest ON recently_viewed(user_id, viewed_at);

-- kind: order (a status change), stock (a size asked for is back), offer (the shop's announcements).
CREATE TABLE notifications (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('order', 'stock', 'offer')),
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    link TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    read_at BIGINT
);
CREATE INDEX notifications_user ON notifications(user_id, created_at);

ALTER TABLE users ADD COLUMN notify_orders BIGINT NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN notify_offers BIGINT NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN notify_stock BIGINT NOT NULL DEFAULT 1;
-- Set when the shopper deleted the account: the row stays (orders point at it) with nothing personal.
ALTER TABLE users ADD COLUMN deleted_at BIGINT;

CREATE TABLE contact_messages (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT REFERENCES users(id) ON DELETE SET NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL DEFAULT '',
    mobile TEXT NOT NULL DEFAULT '',
    subject TEXT NOT NULL,
    message TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- Checkout (issue 10): orders as placed, their lines with what was paid and the GST inside, the
-- idempotent order requests, payment attempts and provider events, refunds. Keep in step with ../postgres/.

-- The opaque id in every URL (encrypted_order_id); the sequential order_ref is for people.
ALTER TABLE orders ADD COLUMN public_id TEXT;
-- The delivery address as it was when the order was placed (JSON), and its pincode.
ALTER TABLE orders ADD COLUMN address TEXT NOT NULL DEFAULT '{}';
-- The price breakup shown at checkout (JSON of paise amounts).
ALTER TABLE orders ADD COLUMN breakup TEXT NOT NULL DEFAULT '{}';
ALTER TABLE orders ADD COLUMN to_pay INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN wallet_used INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN delivery_date TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN coupon_code TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN affiliation_code TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN affiliate_discount INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN upgrade_option_id INTEGER;
-- 1 while the order holds its sizes' stock; 0 once given back (payment failed, window passed).
ALTER TABLE orders ADD COLUMN holds_stock INTEGER NOT NULL DEFAULT 0;
-- Cash on delivery: the confirmation code's hash and the guesses made at it.
ALTER TABLE orders ADD COLUMN cod_code_hash TEXT;
ALTER TABLE orders ADD COLUMN cod_guesses INTEGER NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX orders_public_id ON orders(public_id);
CREATE INDEX orders_pending ON orders(status, created_at);

-- Per line: the size rows it took stock from, the prices, what was paid after every discount and
-- the GST inside that (CGST rule 35), so invoices and refunds need no recomputation.
ALTER TABLE order_items ADD COLUMN size_id INTEGER REFERENCES sizes(id);
ALTER TABLE order_items ADD COLUMN combo1_size_id INTEGER REFERENCES sizes(id);
ALTER TABLE order_items ADD COLUMN combo2_size_id INTEGER REFERENCES sizes(id);
ALTER TABLE order_items ADD COLUMN mrp INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_items ADD COLUMN paid INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_items ADD COLUMN gst_rate INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_items ADD COLUMN gst INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_items ADD COLUMN sku TEXT NOT NULL DEFAULT '';
ALTER TABLE order_items ADD COLUMN name TEXT NOT NULL DEFAULT '';

-- One row per Idempotency-Key a shopper sent to POST /api/v3/order/: a retry gets the first answer,
-- a different body under the same key is refused.
CREATE TABLE order_requests (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    idempotency_key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    order_id INTEGER REFERENCES orders(id),
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, idempotency_key)
);

-- Every attempt to pay an order online, with the provider's ids; the order's payment state is derived
-- from them. Status: created, paid, failed.
CREATE TABLE payment_attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id INTEGER NOT NULL REFERENCES orders(id),
    provider TEXT NOT NULL,
    provider_order_id TEXT NOT NULL,
    provider_payment_id TEXT,
    amount INTEGER NOT NULL CHECK (amount > 0),
    method TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'created',
    error TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    settled_at INTEGER,
    UNIQUE (provider, provider_order_id)
);
CREATE INDEX payment_attempts_order ON payment_attempts(order_id, id);
CREATE INDEX payment_attempts_open ON payment_attempts(status, created_at);

-- Provider events (webhooks), stored by their id and applied at most once.
CREATE TABLE payment_events (
    provider TEXT NOT NULL,
    event_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    body TEXT NOT NULL,
    received_at INTEGER NOT NULL,
    PRIMARY KEY (provider, event_id)
);

-- Money sent back to a shopper: to the wallet or to the provider's payment. Append-only.
CREATE TABLE refunds (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id INTEGER NOT NULL REFERENCES orders(id),
    attempt_id INTEGER REFERENCES payment_attempts(id),
    amount INTEGER NOT NULL CHECK (amount > 0),
    source TEXT NOT NULL,
    reason TEXT NOT NULL,
    provider_refund_id TEXT,
    idempotency_key TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL
);
CREATE INDEX refunds_order ON refunds(order_id);

-- A shopper's customer id at the payment provider (rzCustomerid): saved cards are its tokens there.
CREATE TABLE provider_customers (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    provider TEXT NOT NULL,
    customer_id TEXT NOT NULL,
    PRIMARY KEY (user_id, provider)
);

-- Orders after the purchase (issue 12): every status change as an append-only row, the pieces of a
-- line cancelled, returned or exchanged, shipping details, the refunds an order owes, and return
-- rules per category. Keep in step with ../postgres/.

-- Who moved the order, when, from what to what and why. orders.status is always the last row's
-- to_status: both are written in one transaction by the store's one status writer.
CREATE TABLE order_events (
    id BIGSERIAL PRIMARY KEY,
    order_id BIGINT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    from_status TEXT NOT NULL DEFAULT '',
    to_status TEXT NOT NULL,
    -- shopper, system, provider, or operator:<mobile>
    actor TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
);
CREATE INDEX order_events_order ON order_events(order_id, id);
INSERT INTO order_events (order_id, from_status, to_status, actor, note, created_at)
    SELECT id, '', status, 'system', '', created_at FROM orders;

ALTER TABLE orders ADD COLUMN courier TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN tracking_number TEXT NOT NULL DEFAULT '';
-- When it reached the shopper: the return window counts from here.
ALTER TABLE orders ADD COLUMN delivered_at BIGINT;
-- An exchange order points at the order whose pieces it replaces.
ALTER TABLE orders ADD COLUMN parent_order_id BIGINT REFERENCES orders(id);
CREATE INDEX orders_user_status ON orders(user_id, status, created_at);

-- Pieces of a line no longer with the shopper's order: cancelled + returned + exchanged never
-- exceed quantity; every write to these checks that in the same statement.
ALTER TABLE order_items ADD COLUMN cancelled_qty BIGINT NOT NULL DEFAULT 0;
ALTER TABLE order_items ADD COLUMN returned_qty BIGINT NOT NULL DEFAULT 0;
ALTER TABLE order_items ADD COLUMN exchanged_qty BIGINT NOT NULL DEFAULT 0;

-- Money an order owes back, written when it is decided (a cancellation, a return), append-only.
-- Its route: wallet (paid at once), source (through the provider; retried until done) or bank (an
-- operator's transfer). The money that actually moved is in refunds, under the same key.
CREATE TABLE refund_requests (
    id BIGSERIAL PRIMARY KEY,
    order_id BIGINT NOT NULL REFERENCES orders(id),
    attempt_id BIGINT REFERENCES payment_attempts(id),
    amount BIGINT NOT NULL CHECK (amount > 0),
    route TEXT NOT NULL,
    reason TEXT NOT NULL,
    idempotency_key TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);
CREATE INDEX refund_requests_order ON refund_requests(order_id);
ALTER TABLE refunds ADD COLUMN bank_reference TEXT;

-- Return rules per category; a category without its own takes its parent's, then the shop's
-- (35 days, returnable). return_rule: returnable, exchange_only or none.
ALTER TABLE categories ADD COLUMN return_days BIGINT;
ALTER TABLE categories ADD COLUMN return_rule TEXT;

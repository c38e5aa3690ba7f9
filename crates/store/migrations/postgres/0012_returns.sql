-- Returns and exchanges (issue 12): a request for pieces of a delivered order, its lines, and its
-- timeline. Keep in step with ../postgres/.

CREATE TABLE return_requests (
    id BIGSERIAL PRIMARY KEY,
    -- The opaque id in URLs; people read RET + the id.
    public_id TEXT NOT NULL UNIQUE,
    order_id BIGINT NOT NULL REFERENCES orders(id),
    user_id BIGINT NOT NULL REFERENCES users(id),
    -- requested, pickup_scheduled, picked_up, received, approved, declined, refunded
    status TEXT NOT NULL,
    reason TEXT NOT NULL,
    comment TEXT NOT NULL DEFAULT '',
    -- Where the courier collects the pieces (JSON, as the shopper gave it).
    pickup_address TEXT NOT NULL,
    -- Where returned money goes: wallet, source (the provider) or bank; none for exchanges only.
    refund_route TEXT NOT NULL,
    refund_amount BIGINT NOT NULL DEFAULT 0,
    bank_account_name TEXT,
    bank_account_number TEXT,
    bank_ifsc TEXT,
    bank_name TEXT,
    bank_branch TEXT,
    pickup_date TEXT NOT NULL DEFAULT '',
    pickup_courier TEXT NOT NULL DEFAULT '',
    -- The same submit twice (a double tap, a retried request) finds the first request.
    request_key TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (user_id, request_key)
);
CREATE INDEX return_requests_order ON return_requests(order_id);
CREATE INDEX return_requests_status ON return_requests(status, created_at);

CREATE TABLE return_items (
    id BIGSERIAL PRIMARY KEY,
    return_id BIGINT NOT NULL REFERENCES return_requests(id),
    order_item_id BIGINT NOT NULL REFERENCES order_items(id),
    -- Return or Exchange
    process TEXT NOT NULL,
    quantity BIGINT NOT NULL CHECK (quantity > 0),
    -- A return: what those pieces were paid, as the order recorded it.
    amount BIGINT NOT NULL DEFAULT 0,
    -- An exchange: the size (of the same or another product of the same price) sent instead.
    exchange_product_id BIGINT REFERENCES products(id),
    exchange_size_id BIGINT REFERENCES sizes(id),
    exchange_size_value TEXT NOT NULL DEFAULT ''
);
CREATE INDEX return_items_return ON return_items(return_id);

CREATE TABLE return_events (
    id BIGSERIAL PRIMARY KEY,
    return_id BIGINT NOT NULL REFERENCES return_requests(id),
    from_status TEXT NOT NULL DEFAULT '',
    to_status TEXT NOT NULL,
    actor TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
);
CREATE INDEX return_events_return ON return_events(return_id, id);

-- The exchange order a request made, and the return a refund pays.
ALTER TABLE orders ADD COLUMN exchange_return_id BIGINT REFERENCES return_requests(id);
ALTER TABLE refund_requests ADD COLUMN return_id BIGINT REFERENCES return_requests(id);

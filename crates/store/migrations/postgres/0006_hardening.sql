-- Hardening: limits counted atomically, one review per shopper and product, event retention.
-- Keep in step with ../sqlite/.

-- One counter per limit and subject (a number, an address, an e-mail): Store::take counts and checks
-- it in one conditional upsert, so parallel requests cannot all pass. Replaces the old event rows,
-- which were counted and then written in separate steps.
DROP TABLE rate_events;
CREATE TABLE rate_limits (
    bucket TEXT NOT NULL,
    subject TEXT NOT NULL,
    window_start BIGINT NOT NULL,
    hits BIGINT NOT NULL,
    PRIMARY KEY (bucket, subject)
);
CREATE INDEX rate_limits_age ON rate_limits(window_start);

-- A second review of the same product edits the first: keep the newest of any earlier duplicates.
DELETE FROM reviews WHERE id NOT IN (SELECT MAX(id) FROM reviews GROUP BY product_id, user_id);
CREATE UNIQUE INDEX reviews_one_per_shopper ON reviews(product_id, user_id);

-- Old shopper events are forgotten by the hourly purge.
CREATE INDEX shopper_events_age ON shopper_events(created_at);

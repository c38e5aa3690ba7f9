-- Search and listings (issue 13): the catalog's version (what in-memory indexes compare against),
-- what shoppers searched (popular searches are counted from it) and each shopper's or browser's
-- recent searches. Keep in step with ../sqlite/.

-- One row. Bumped in the same transaction as any change a listing or the search index shows:
-- a product's text, price, category or state, a category, a size added or removed, or a size's
-- stock crossing zero (in stock / sold out). Stock moving above zero does not bump it: orders stay cheap.
CREATE TABLE catalog_version (
    id BIGINT PRIMARY KEY CHECK (id = 1),
    version BIGINT NOT NULL
);
INSERT INTO catalog_version (id, version) VALUES (1, 1);

CREATE FUNCTION bump_catalog_version() RETURNS trigger AS $$
BEGIN
    UPDATE catalog_version SET version = version + 1 WHERE id = 1;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER catalog_products AFTER INSERT OR DELETE OR UPDATE OF
    slug, name, sku, parent_sku, color_name, rgbcode, category_id, price, old_price, active, newarrivals, created_at
    ON products FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER catalog_categories AFTER INSERT OR UPDATE OR DELETE ON categories
    FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER catalog_filing AFTER INSERT OR DELETE ON product_categories
    FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER catalog_sizes AFTER INSERT OR DELETE ON sizes
    FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
CREATE TRIGGER catalog_sizes_stock AFTER UPDATE OF stock ON sizes
    FOR EACH ROW WHEN ((OLD.stock = 0) <> (NEW.stock = 0)) EXECUTE FUNCTION bump_catalog_version();

-- One row per query, searcher and day: a shopper who searches the same words ten times counts once.
-- searcher is 'u<user id>' or 'g<sha-256 of the browser's token>'; results is what the search found.
CREATE TABLE search_log (
    id BIGSERIAL PRIMARY KEY,
    query TEXT NOT NULL,
    searcher TEXT NOT NULL,
    day TEXT NOT NULL,
    results BIGINT NOT NULL,
    searched_at BIGINT NOT NULL,
    UNIQUE (query, searcher, day)
);
CREATE INDEX search_log_recent ON search_log(searched_at);

-- The searches a shopper (user_id) or a guest browser (guest_token_hash) can tap again; merged at login.
CREATE TABLE recent_searches (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT REFERENCES users(id) ON DELETE CASCADE,
    guest_token_hash TEXT,
    query TEXT NOT NULL,
    searched_at BIGINT NOT NULL,
    CHECK ((user_id IS NULL) <> (guest_token_hash IS NULL)),
    UNIQUE (user_id, query),
    UNIQUE (guest_token_hash, query)
);
CREATE INDEX recent_searches_user ON recent_searches(user_id, searched_at);
CREATE INDEX recent_searches_guest ON recent_searches(guest_token_hash, searched_at);

-- Kept answers (issue 14): the server keeps the rendered product, sizes and stock answers in memory
-- and must drop each one exactly when what it shows changes. Every change to what those answers read
-- bumps page_version and records, per product whose answers it touches, the version it happened at,
-- in the same transaction. A server (any process on this database) reads the version on each request
-- and, when it moved, the products changed since the version it last saw. Keep in step with
-- ../sqlite/.
--
-- A product's page shows its colour variants (every product with its parent sku) and whether each is
-- sold out, so a change to a product or its sizes touches all of its parent sku's products.
-- product_id 0 stands for every product (a category changed: every breadcrumb may show it).
-- One row per product at most: the table never grows beyond the catalog.
CREATE TABLE page_version (
    id BIGINT PRIMARY KEY CHECK (id = 1),
    version BIGINT NOT NULL
);
INSERT INTO page_version (id, version) VALUES (1, 1);

CREATE TABLE page_changes (
    product_id BIGINT PRIMARY KEY,
    version BIGINT NOT NULL
);
CREATE INDEX page_changes_version ON page_changes(version);

CREATE FUNCTION page_changed(touched BIGINT[]) RETURNS void AS $$
DECLARE v BIGINT;
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1 RETURNING version INTO v;
    INSERT INTO page_changes (product_id, version) SELECT DISTINCT t, v FROM unnest(touched) AS t
        ON CONFLICT (product_id) DO UPDATE SET version = excluded.version;
END
$$ LANGUAGE plpgsql;

CREATE FUNCTION pages_product_row() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM page_changed(ARRAY(SELECT id FROM products WHERE parent_sku = NEW.parent_sku) || NEW.id);
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM page_changed(ARRAY(SELECT id FROM products WHERE parent_sku = OLD.parent_sku) || OLD.id);
    ELSE
        PERFORM page_changed(ARRAY(SELECT id FROM products WHERE parent_sku IN (OLD.parent_sku, NEW.parent_sku)) || OLD.id);
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE FUNCTION pages_size_row() RETURNS trigger AS $$
DECLARE owners BIGINT[];
BEGIN
    IF TG_OP = 'INSERT' THEN
        owners := ARRAY[NEW.product_id];
    ELSIF TG_OP = 'DELETE' THEN
        owners := ARRAY[OLD.product_id];
    ELSE
        owners := ARRAY[OLD.product_id, NEW.product_id];
    END IF;
    PERFORM page_changed(ARRAY(SELECT id FROM products WHERE parent_sku IN (SELECT parent_sku FROM products WHERE id = ANY(owners))));
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE FUNCTION pages_own_row() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM page_changed(ARRAY[NEW.product_id]);
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM page_changed(ARRAY[OLD.product_id]);
    ELSE
        PERFORM page_changed(ARRAY[OLD.product_id, NEW.product_id]);
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE FUNCTION pages_every_product() RETURNS trigger AS $$
BEGIN
    PERFORM page_changed(ARRAY[0::BIGINT]);
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

-- Products and sizes change inside orders (stock, pieces sold). Deferred to the commit, so the one
-- page_version row is locked only while a transaction commits, not for the rest of an order's
-- work: orders for different products do not queue behind each other on it.
CREATE CONSTRAINT TRIGGER pages_products AFTER INSERT OR UPDATE OR DELETE ON products
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pages_product_row();
CREATE CONSTRAINT TRIGGER pages_sizes AFTER INSERT OR UPDATE OR DELETE ON sizes
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pages_size_row();

-- What only the product's own page shows.
CREATE TRIGGER pages_filing AFTER INSERT OR UPDATE OR DELETE ON product_categories FOR EACH ROW EXECUTE FUNCTION pages_own_row();
CREATE TRIGGER pages_gallery AFTER INSERT OR UPDATE OR DELETE ON gallery_items FOR EACH ROW EXECUTE FUNCTION pages_own_row();
CREATE TRIGGER pages_labels AFTER INSERT OR UPDATE OR DELETE ON product_labels FOR EACH ROW EXECUTE FUNCTION pages_own_row();
CREATE TRIGGER pages_ratings AFTER INSERT OR UPDATE OR DELETE ON ratings FOR EACH ROW EXECUTE FUNCTION pages_own_row();
CREATE TRIGGER pages_reviews AFTER INSERT OR UPDATE OR DELETE ON reviews FOR EACH ROW EXECUTE FUNCTION pages_own_row();

-- Categories: every product's breadcrumb may name one.
CREATE TRIGGER pages_categories AFTER INSERT OR UPDATE OR DELETE ON categories FOR EACH STATEMENT EXECUTE FUNCTION pages_every_product();

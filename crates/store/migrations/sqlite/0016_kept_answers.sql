-- Kept answers (issue 14): the server keeps the rendered product, sizes and stock answers in memory
-- and must drop each one exactly when what it shows changes. Every change to what those answers read
-- bumps page_version and records, per product whose answers it touches, the version it happened at,
-- in the same transaction. A server (any process on this database) reads the version on each request
-- and, when it moved, the products changed since the version it last saw. Keep in step with
-- ../postgres/.
--
-- A product's page shows its colour variants (every product with its parent sku) and whether each is
-- sold out, so a change to a product or its sizes touches all of its parent sku's products.
-- product_id 0 stands for every product (a category changed: every breadcrumb may show it).
-- One row per product at most: the table never grows beyond the catalog.
CREATE TABLE page_version (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
);
INSERT INTO page_version (id, version) VALUES (1, 1);

CREATE TABLE page_changes (
    product_id INTEGER PRIMARY KEY,
    version INTEGER NOT NULL
);
CREATE INDEX page_changes_version ON page_changes(version);

-- Each trigger: bump the version, then (re)write the touched products' rows at it. DELETE then INSERT
-- rather than INSERT OR REPLACE: SQLite lets the statement that fired a trigger override the
-- trigger's own conflict policy (an outer INSERT OR IGNORE would silently keep an old version).

CREATE TRIGGER pages_products_insert AFTER INSERT ON products
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id IN (SELECT id FROM products WHERE parent_sku = NEW.parent_sku);
    INSERT INTO page_changes (product_id, version) SELECT touched.id, (SELECT version FROM page_version WHERE id = 1) FROM (SELECT id FROM products WHERE parent_sku = NEW.parent_sku) AS touched;
END;
CREATE TRIGGER pages_products_update AFTER UPDATE ON products
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id IN (SELECT id FROM products WHERE parent_sku IN (OLD.parent_sku, NEW.parent_sku) UNION SELECT OLD.id);
    INSERT INTO page_changes (product_id, version) SELECT touched.id, (SELECT version FROM page_version WHERE id = 1) FROM (SELECT id FROM products WHERE parent_sku IN (OLD.parent_sku, NEW.parent_sku) UNION SELECT OLD.id) AS touched;
END;
CREATE TRIGGER pages_products_delete AFTER DELETE ON products
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id IN (SELECT id FROM products WHERE parent_sku = OLD.parent_sku UNION SELECT OLD.id);
    INSERT INTO page_changes (product_id, version) SELECT touched.id, (SELECT version FROM page_version WHERE id = 1) FROM (SELECT id FROM products WHERE parent_sku = OLD.parent_sku UNION SELECT OLD.id) AS touched;
END;

-- Sizes: stock moves with every order, so these fire often; each touches one parent sku's products.
CREATE TRIGGER pages_sizes_insert AFTER INSERT ON sizes
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id IN (SELECT id FROM products WHERE parent_sku IN (SELECT parent_sku FROM products WHERE id IN (NEW.product_id)));
    INSERT INTO page_changes (product_id, version) SELECT touched.id, (SELECT version FROM page_version WHERE id = 1) FROM (SELECT id FROM products WHERE parent_sku IN (SELECT parent_sku FROM products WHERE id IN (NEW.product_id))) AS touched;
END;
CREATE TRIGGER pages_sizes_update AFTER UPDATE ON sizes
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id IN (SELECT id FROM products WHERE parent_sku IN (SELECT parent_sku FROM products WHERE id IN (OLD.product_id, NEW.product_id)));
    INSERT INTO page_changes (product_id, version) SELECT touched.id, (SELECT version FROM page_version WHERE id = 1) FROM (SELECT id FROM products WHERE parent_sku IN (SELECT parent_sku FROM products WHERE id IN (OLD.product_id, NEW.product_id))) AS touched;
END;
CREATE TRIGGER pages_sizes_delete AFTER DELETE ON sizes
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id IN (SELECT id FROM products WHERE parent_sku IN (SELECT parent_sku FROM products WHERE id IN (OLD.product_id)));
    INSERT INTO page_changes (product_id, version) SELECT touched.id, (SELECT version FROM page_version WHERE id = 1) FROM (SELECT id FROM products WHERE parent_sku IN (SELECT parent_sku FROM products WHERE id IN (OLD.product_id))) AS touched;
END;

-- What only the product's own page shows.
CREATE TRIGGER pages_filing_insert AFTER INSERT ON product_categories
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id IN (SELECT NEW.product_id AS id);
    INSERT INTO page_changes (product_id, version) SELECT touched.id, (SELECT version FROM page_version WHERE id = 1) FROM (SELECT NEW.product_id AS id) AS touched;
END;
CREATE TRIGGER pages_filing_delete AFTER DELETE ON product_categories
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id IN (SELECT OLD.product_id AS id);
    INSERT INTO page_changes (product_id, version) SELECT touched.id, (SELECT version FROM page_version WHERE id = 1) FROM (SELECT OLD.product_id AS id) AS touched;
END;
CREATE TRIGGER pages_gallery_insert AFTER INSERT ON gallery_items
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id IN (SELECT NEW.product_id AS id);
    INSERT INTO page_changes (product_id, version) SELECT touched.id, (SELECT version FROM page_version WHERE id = 1) FROM (SELECT NEW.product_id AS id) AS touched;
END;
CREATE TRIGGER pages_gallery_update AFTER UPDATE ON gallery_items
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id IN (SELECT OLD.product_id AS id UNION SELECT NEW.product_id);
    INSERT INTO page_changes (product_id, version) SELECT touched.id, (SELECT version FROM page_version WHERE id = 1) FROM (SELECT OLD.product_id AS id UNION SELECT NEW.product_id) AS touched;
END;
CREATE TRIGGER pages_gallery_delete AFTER DELETE ON gallery_items
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id IN (SELECT OLD.product_id AS id);
    INSERT INTO page_changes (product_id, version) SELECT touched.id, (SELECT version FROM page_version WHERE id = 1) FROM (SELECT OLD.product_id AS id) AS touched;
END;
CREATE TRIGGER pages_labels_insert AFTER INSERT ON product_labels
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id IN (SELECT NEW.product_id AS id);
    INSERT INTO page_changes (product_id, version) SELECT touched.id, (SELECT version FROM page_version WHERE id = 1) FROM (SELECT NEW.product_id AS id) AS touched;
END;
CREATE TRIGGER pages_labels_update AFTER UPDATE ON product_labels
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id IN (SELECT OLD.product_id AS id UNION SELECT NEW.product_id);
    INSERT INTO page_changes (product_id, version) SELECT touched.id, (SELECT version FROM page_version WHERE id = 1) FROM (SELECT OLD.product_id AS id UNION SELECT NEW.product_id) AS touched;
END;
CREATE TRIGGER pages_labels_delete AFTER DELETE ON product_labels
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id IN (SELECT OLD.product_id AS id);
    INSERT INTO page_changes (product_id, version) SELECT touched.id, (SELECT version FROM page_version WHERE id = 1) FROM (SELECT OLD.product_id AS id) AS touched;
END;
CREATE TRIGGER pages_ratings_insert AFTER INSERT ON ratings
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id IN (SELECT NEW.product_id AS id);
    INSERT INTO page_changes (product_id, version) SELECT touched.id, (SELECT version FROM page_version WHERE id = 1) FROM (SELECT NEW.product_id AS id) AS touched;
END;
CREATE TRIGGER pages_ratings_update AFTER UPDATE ON ratings
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id IN (SELECT OLD.product_id AS id UNION SELECT NEW.product_id);
    INSERT INTO page_changes (product_id, version) SELECT touched.id, (SELECT version FROM page_version WHERE id = 1) FROM (SELECT OLD.product_id AS id UNION SELECT NEW.product_id) AS touched;
END;
CREATE TRIGGER pages_ratings_delete AFTER DELETE ON ratings
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id IN (SELECT OLD.product_id AS id);
    INSERT INTO page_changes (product_id, version) SELECT touched.id, (SELECT version FROM page_version WHERE id = 1) FROM (SELECT OLD.product_id AS id) AS touched;
END;
CREATE TRIGGER pages_reviews_insert AFTER INSERT ON reviews
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id IN (SELECT NEW.product_id AS id);
    INSERT INTO page_changes (product_id, version) SELECT touched.id, (SELECT version FROM page_version WHERE id = 1) FROM (SELECT NEW.product_id AS id) AS touched;
END;
CREATE TRIGGER pages_reviews_update AFTER UPDATE ON reviews
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id IN (SELECT OLD.product_id AS id UNION SELECT NEW.product_id);
    INSERT INTO page_changes (product_id, version) SELECT touched.id, (SELECT version FROM page_version WHERE id = 1) FROM (SELECT OLD.product_id AS id UNION SELECT NEW.product_id) AS touched;
END;
CREATE TRIGGER pages_reviews_delete AFTER DELETE ON reviews
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id IN (SELECT OLD.product_id AS id);
    INSERT INTO page_changes (product_id, version) SELECT touched.id, (SELECT version FROM page_version WHERE id = 1) FROM (SELECT OLD.product_id AS id) AS touched;
END;

-- Categories: every product's breadcrumb may name one.
CREATE TRIGGER pages_categories_insert AFTER INSERT ON categories
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id IN (SELECT 0 AS id);
    INSERT INTO page_changes (product_id, version) SELECT touched.id, (SELECT version FROM page_version WHERE id = 1) FROM (SELECT 0 AS id) AS touched;
END;
CREATE TRIGGER pages_categories_update AFTER UPDATE ON categories
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id IN (SELECT 0 AS id);
    INSERT INTO page_changes (product_id, version) SELECT touched.id, (SELECT version FROM page_version WHERE id = 1) FROM (SELECT 0 AS id) AS touched;
END;
CREATE TRIGGER pages_categories_delete AFTER DELETE ON categories
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id IN (SELECT 0 AS id);
    INSERT INTO page_changes (product_id, version) SELECT touched.id, (SELECT version FROM page_version WHERE id = 1) FROM (SELECT 0 AS id) AS touched;
END;

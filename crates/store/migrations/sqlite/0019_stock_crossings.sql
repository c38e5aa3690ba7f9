-- Stock crossings kept apart from the catalog's version (issue 14, session 30). A size's stock
-- crossing zero (selling out, or back in stock) moved catalog_version (0013), and every move rebuilds
-- each server's whole shelf of listings while listing requests wait: on 50,000 products half a
-- second per size sold out (docs/operations.md, session 30). Now a crossing bumps
-- stock_crossing_version and records the product it happened to, in the same transaction, and a
-- server whose shelf is otherwise current re-reads only those products' sizes. One row per product
-- at most: the table never grows beyond the catalog. Keep in step with ../postgres/.
CREATE TABLE stock_crossing_version (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
);
INSERT INTO stock_crossing_version (id, version) VALUES (1, 1);

CREATE TABLE stock_crossings (
    product_id INTEGER PRIMARY KEY,
    version INTEGER NOT NULL
);
CREATE INDEX stock_crossings_version ON stock_crossings(version);

DROP TRIGGER catalog_sizes_stock;
-- DELETE then INSERT rather than INSERT OR REPLACE, as in 0016: the statement that fired a trigger
-- may override the trigger's own conflict policy.
CREATE TRIGGER stock_crossing AFTER UPDATE OF stock ON sizes
WHEN (OLD.stock = 0) <> (NEW.stock = 0)
BEGIN
    UPDATE stock_crossing_version SET version = version + 1 WHERE id = 1;
    DELETE FROM stock_crossings WHERE product_id = NEW.product_id;
    INSERT INTO stock_crossings (product_id, version) SELECT NEW.product_id, version FROM stock_crossing_version WHERE id = 1;
END;

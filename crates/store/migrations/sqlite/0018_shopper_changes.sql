-- Kept shoppers (issue 14): the server keeps, per logged-in shopper, their session, their wishlist
-- and the sizes of what they received, so their product and listing answers need no read of their
-- own. Like the pages (0016), every change to what those facts read bumps shopper_version and
-- records, per shopper it touches, the version it happened at, in the same transaction; a server
-- reads the version with the pages' on each request and drops what changed since. A new session
-- needs nothing: a session is kept only after it was read. Keep in step with ../postgres/.
-- One row per shopper at most.
CREATE TABLE shopper_version (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
);
INSERT INTO shopper_version (id, version) VALUES (1, 1);

CREATE TABLE shopper_changes (
    user_id INTEGER PRIMARY KEY,
    version INTEGER NOT NULL
);
CREATE INDEX shopper_changes_version ON shopper_changes(version);

-- Each trigger: bump the version, then (re)write the shopper's row at it (DELETE then INSERT, as in
-- 0016: an outer INSERT OR IGNORE would override a trigger's OR REPLACE).

-- A session ended (logout, account deleted) or moved.
CREATE TRIGGER shoppers_sessions_update AFTER UPDATE ON sessions
BEGIN
    UPDATE shopper_version SET version = version + 1 WHERE id = 1;
    DELETE FROM shopper_changes WHERE user_id IN (OLD.user_id, NEW.user_id);
    INSERT INTO shopper_changes (user_id, version) SELECT DISTINCT u, (SELECT version FROM shopper_version WHERE id = 1) FROM (SELECT OLD.user_id AS u UNION SELECT NEW.user_id);
END;
CREATE TRIGGER shoppers_sessions_delete AFTER DELETE ON sessions
BEGIN
    UPDATE shopper_version SET version = version + 1 WHERE id = 1;
    DELETE FROM shopper_changes WHERE user_id = OLD.user_id;
    INSERT INTO shopper_changes (user_id, version) SELECT OLD.user_id, version FROM shopper_version WHERE id = 1;
END;

-- What a session says about its shopper (name, rights, blacklisting, deletion). Only those columns:
-- `UPDATE users SET id = id` locks a shopper during their orders and must not count as a change.
CREATE TRIGGER shoppers_users_update AFTER UPDATE OF mobile, email, name, is_superuser, can_see_unused_stock, is_affiliate, is_blacklist_user ON users
BEGIN
    UPDATE shopper_version SET version = version + 1 WHERE id = 1;
    DELETE FROM shopper_changes WHERE user_id = OLD.id;
    INSERT INTO shopper_changes (user_id, version) SELECT OLD.id, version FROM shopper_version WHERE id = 1;
END;
CREATE TRIGGER shoppers_users_delete AFTER DELETE ON users
BEGIN
    UPDATE shopper_version SET version = version + 1 WHERE id = 1;
    DELETE FROM shopper_changes WHERE user_id = OLD.id;
    INSERT INTO shopper_changes (user_id, version) SELECT OLD.id, version FROM shopper_version WHERE id = 1;
END;

-- The wishlist.
CREATE TRIGGER shoppers_wishlist_insert AFTER INSERT ON wishlist_items
BEGIN
    UPDATE shopper_version SET version = version + 1 WHERE id = 1;
    DELETE FROM shopper_changes WHERE user_id = NEW.user_id;
    INSERT INTO shopper_changes (user_id, version) SELECT NEW.user_id, version FROM shopper_version WHERE id = 1;
END;
CREATE TRIGGER shoppers_wishlist_update AFTER UPDATE ON wishlist_items
BEGIN
    UPDATE shopper_version SET version = version + 1 WHERE id = 1;
    DELETE FROM shopper_changes WHERE user_id IN (OLD.user_id, NEW.user_id);
    INSERT INTO shopper_changes (user_id, version) SELECT DISTINCT u, (SELECT version FROM shopper_version WHERE id = 1) FROM (SELECT OLD.user_id AS u UNION SELECT NEW.user_id);
END;
CREATE TRIGGER shoppers_wishlist_delete AFTER DELETE ON wishlist_items
BEGIN
    UPDATE shopper_version SET version = version + 1 WHERE id = 1;
    DELETE FROM shopper_changes WHERE user_id = OLD.user_id;
    INSERT INTO shopper_changes (user_id, version) SELECT OLD.user_id, version FROM shopper_version WHERE id = 1;
END;

-- The sizes a shopper received: the lines of their delivered orders. Orders placed and paid do not
-- fire these (only a delivered order's status, owner or lines do).
CREATE TRIGGER shoppers_orders_insert AFTER INSERT ON orders WHEN NEW.status = 'Delivered'
BEGIN
    UPDATE shopper_version SET version = version + 1 WHERE id = 1;
    DELETE FROM shopper_changes WHERE user_id = NEW.user_id;
    INSERT INTO shopper_changes (user_id, version) SELECT NEW.user_id, version FROM shopper_version WHERE id = 1;
END;
CREATE TRIGGER shoppers_orders_update AFTER UPDATE OF status, user_id ON orders
    WHEN (OLD.status = 'Delivered' OR NEW.status = 'Delivered') AND (OLD.status IS NOT NEW.status OR OLD.user_id IS NOT NEW.user_id)
BEGIN
    UPDATE shopper_version SET version = version + 1 WHERE id = 1;
    DELETE FROM shopper_changes WHERE user_id IN (OLD.user_id, NEW.user_id);
    INSERT INTO shopper_changes (user_id, version) SELECT DISTINCT u, (SELECT version FROM shopper_version WHERE id = 1) FROM (SELECT OLD.user_id AS u UNION SELECT NEW.user_id);
END;
CREATE TRIGGER shoppers_orders_delete AFTER DELETE ON orders WHEN OLD.status = 'Delivered'
BEGIN
    UPDATE shopper_version SET version = version + 1 WHERE id = 1;
    DELETE FROM shopper_changes WHERE user_id = OLD.user_id;
    INSERT INTO shopper_changes (user_id, version) SELECT OLD.user_id, version FROM shopper_version WHERE id = 1;
END;
CREATE TRIGGER shoppers_order_items_insert AFTER INSERT ON order_items
    WHEN (SELECT status FROM orders WHERE id = NEW.order_id) = 'Delivered'
BEGIN
    UPDATE shopper_version SET version = version + 1 WHERE id = 1;
    DELETE FROM shopper_changes WHERE user_id IN (SELECT user_id FROM orders WHERE id = NEW.order_id);
    INSERT INTO shopper_changes (user_id, version) SELECT user_id, (SELECT version FROM shopper_version WHERE id = 1) FROM orders WHERE id = NEW.order_id;
END;
CREATE TRIGGER shoppers_order_items_update AFTER UPDATE OF order_id, product_id, size_value, combo1, combo2 ON order_items
    WHEN (SELECT status FROM orders WHERE id IN (OLD.order_id, NEW.order_id) AND status = 'Delivered') IS NOT NULL
BEGIN
    UPDATE shopper_version SET version = version + 1 WHERE id = 1;
    DELETE FROM shopper_changes WHERE user_id IN (SELECT user_id FROM orders WHERE id IN (OLD.order_id, NEW.order_id));
    INSERT INTO shopper_changes (user_id, version) SELECT DISTINCT user_id, (SELECT version FROM shopper_version WHERE id = 1) FROM orders WHERE id IN (OLD.order_id, NEW.order_id);
END;
CREATE TRIGGER shoppers_order_items_delete AFTER DELETE ON order_items
    WHEN (SELECT status FROM orders WHERE id = OLD.order_id) = 'Delivered'
BEGIN
    UPDATE shopper_version SET version = version + 1 WHERE id = 1;
    DELETE FROM shopper_changes WHERE user_id IN (SELECT user_id FROM orders WHERE id = OLD.order_id);
    INSERT INTO shopper_changes (user_id, version) SELECT user_id, (SELECT version FROM shopper_version WHERE id = 1) FROM orders WHERE id = OLD.order_id;
END;

-- Kept shoppers (issue 14): the server keeps, per logged-in shopper, their session, their wishlist
-- and the sizes of what they received, so their product and listing answers need no read of their
-- own. Like the pages (0016), every change to what those facts read bumps shopper_version and
-- records, per shopper it touches, the version it happened at, in the same transaction; a server
-- reads the version with the pages' on each request and drops what changed since. A new session
-- needs nothing: a session is kept only after it was read. Keep in step with ../sqlite/.
-- One row per shopper at most.
CREATE TABLE shopper_version (
    id BIGINT PRIMARY KEY CHECK (id = 1),
    version BIGINT NOT NULL
);
INSERT INTO shopper_version (id, version) VALUES (1, 1);

CREATE TABLE shopper_changes (
    user_id BIGINT PRIMARY KEY,
    version BIGINT NOT NULL
);
CREATE INDEX shopper_changes_version ON shopper_changes(version);

CREATE FUNCTION shopper_changed(touched BIGINT[]) RETURNS void AS $$
DECLARE v BIGINT;
BEGIN
    UPDATE shopper_version SET version = version + 1 WHERE id = 1 RETURNING version INTO v;
    INSERT INTO shopper_changes (user_id, version) SELECT DISTINCT t, v FROM unnest(touched) AS t WHERE t IS NOT NULL
        ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
END
$$ LANGUAGE plpgsql;

-- Rows with a user_id column: sessions, wishlist_items.
CREATE FUNCTION shoppers_own_row() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM shopper_changed(ARRAY[NEW.user_id]);
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM shopper_changed(ARRAY[OLD.user_id]);
    ELSE
        PERFORM shopper_changed(ARRAY[OLD.user_id, NEW.user_id]);
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE FUNCTION shoppers_user_row() RETURNS trigger AS $$
BEGIN
    PERFORM shopper_changed(ARRAY[OLD.id]);
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

-- A delivered order's lines: only when one of the orders is delivered.
CREATE FUNCTION shoppers_order_item_row() RETURNS trigger AS $$
DECLARE touched BIGINT[];
BEGIN
    IF TG_OP = 'INSERT' THEN
        touched := ARRAY(SELECT user_id FROM orders WHERE id = NEW.order_id AND status = 'Delivered');
    ELSIF TG_OP = 'DELETE' THEN
        touched := ARRAY(SELECT user_id FROM orders WHERE id = OLD.order_id AND status = 'Delivered');
    ELSE
        touched := ARRAY(SELECT user_id FROM orders WHERE id IN (OLD.order_id, NEW.order_id) AND status = 'Delivered');
    END IF;
    IF cardinality(touched) > 0 THEN
        PERFORM shopper_changed(touched);
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

-- A session ended (logout, account deleted) or moved; a new one needs nothing.
CREATE TRIGGER shoppers_sessions AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION shoppers_own_row();
-- What a session says about its shopper. Only those columns: `UPDATE users SET id = id` locks a
-- shopper during their orders and must not count as a change.
CREATE TRIGGER shoppers_users_update AFTER UPDATE OF mobile, email, name, is_superuser, can_see_unused_stock, is_affiliate, is_blacklist_user ON users
    FOR EACH ROW EXECUTE FUNCTION shoppers_user_row();
CREATE TRIGGER shoppers_users_delete AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION shoppers_user_row();
CREATE TRIGGER shoppers_wishlist AFTER INSERT OR UPDATE OR DELETE ON wishlist_items FOR EACH ROW EXECUTE FUNCTION shoppers_own_row();
-- The sizes a shopper received. Orders placed and paid do not fire these.
CREATE TRIGGER shoppers_orders_insert AFTER INSERT ON orders FOR EACH ROW WHEN (NEW.status = 'Delivered')
    EXECUTE FUNCTION shoppers_own_row();
CREATE TRIGGER shoppers_orders_update AFTER UPDATE OF status, user_id ON orders FOR EACH ROW
    WHEN ((OLD.status = 'Delivered' OR NEW.status = 'Delivered') AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.user_id IS DISTINCT FROM NEW.user_id))
    EXECUTE FUNCTION shoppers_own_row();
CREATE TRIGGER shoppers_orders_delete AFTER DELETE ON orders FOR EACH ROW WHEN (OLD.status = 'Delivered')
    EXECUTE FUNCTION shoppers_own_row();
CREATE TRIGGER shoppers_order_items AFTER INSERT OR UPDATE OF order_id, product_id, size_value, combo1, combo2 OR DELETE ON order_items
    FOR EACH ROW EXECUTE FUNCTION shoppers_order_item_row();

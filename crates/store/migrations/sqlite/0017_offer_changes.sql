-- Offers (issue 14): the server keeps every running and coming deal, gift, bundle and upgrade rung
-- for pricing carts (drape_store::offer_calendar) and must drop them exactly when one changes. Each
-- change bumps page_version and records it under product id -1 in page_changes (0016), in the same
-- transaction. Keep in step with ../postgres/.

CREATE TRIGGER offers_deals_insert AFTER INSERT ON deals
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id = -1;
    INSERT INTO page_changes (product_id, version) SELECT -1, version FROM page_version WHERE id = 1;
END;
CREATE TRIGGER offers_deals_update AFTER UPDATE ON deals
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id = -1;
    INSERT INTO page_changes (product_id, version) SELECT -1, version FROM page_version WHERE id = 1;
END;
CREATE TRIGGER offers_deals_delete AFTER DELETE ON deals
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id = -1;
    INSERT INTO page_changes (product_id, version) SELECT -1, version FROM page_version WHERE id = 1;
END;
CREATE TRIGGER offers_gift_offers_insert AFTER INSERT ON gift_offers
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id = -1;
    INSERT INTO page_changes (product_id, version) SELECT -1, version FROM page_version WHERE id = 1;
END;
CREATE TRIGGER offers_gift_offers_update AFTER UPDATE ON gift_offers
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id = -1;
    INSERT INTO page_changes (product_id, version) SELECT -1, version FROM page_version WHERE id = 1;
END;
CREATE TRIGGER offers_gift_offers_delete AFTER DELETE ON gift_offers
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id = -1;
    INSERT INTO page_changes (product_id, version) SELECT -1, version FROM page_version WHERE id = 1;
END;
CREATE TRIGGER offers_product_offers_insert AFTER INSERT ON product_offers
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id = -1;
    INSERT INTO page_changes (product_id, version) SELECT -1, version FROM page_version WHERE id = 1;
END;
CREATE TRIGGER offers_product_offers_update AFTER UPDATE ON product_offers
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id = -1;
    INSERT INTO page_changes (product_id, version) SELECT -1, version FROM page_version WHERE id = 1;
END;
CREATE TRIGGER offers_product_offers_delete AFTER DELETE ON product_offers
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id = -1;
    INSERT INTO page_changes (product_id, version) SELECT -1, version FROM page_version WHERE id = 1;
END;
CREATE TRIGGER offers_upgrade_options_insert AFTER INSERT ON upgrade_options
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id = -1;
    INSERT INTO page_changes (product_id, version) SELECT -1, version FROM page_version WHERE id = 1;
END;
CREATE TRIGGER offers_upgrade_options_update AFTER UPDATE ON upgrade_options
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id = -1;
    INSERT INTO page_changes (product_id, version) SELECT -1, version FROM page_version WHERE id = 1;
END;
CREATE TRIGGER offers_upgrade_options_delete AFTER DELETE ON upgrade_options
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id = -1;
    INSERT INTO page_changes (product_id, version) SELECT -1, version FROM page_version WHERE id = 1;
END;

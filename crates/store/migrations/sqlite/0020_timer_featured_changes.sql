-- Offer timers and designs of the month (issue 14): the server keeps every running and coming
-- countdown and every featured design with the other offers (drape_store::offer_calendar) for the
-- product page's timer, home's design of the month and the pages drawn whole, and must drop them
-- exactly when one changes. Each change bumps page_version and records it under
-- product id -1 (the offers' mark) in page_changes (0016, 0017), in the same transaction. Keep in
-- step with ../postgres/.

CREATE TRIGGER offers_timers_insert AFTER INSERT ON timers
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id = -1;
    INSERT INTO page_changes (product_id, version) SELECT -1, version FROM page_version WHERE id = 1;
END;
CREATE TRIGGER offers_timers_update AFTER UPDATE ON timers
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id = -1;
    INSERT INTO page_changes (product_id, version) SELECT -1, version FROM page_version WHERE id = 1;
END;
CREATE TRIGGER offers_timers_delete AFTER DELETE ON timers
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id = -1;
    INSERT INTO page_changes (product_id, version) SELECT -1, version FROM page_version WHERE id = 1;
END;

CREATE TRIGGER offers_featured_designs_insert AFTER INSERT ON featured_designs
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id = -1;
    INSERT INTO page_changes (product_id, version) SELECT -1, version FROM page_version WHERE id = 1;
END;
CREATE TRIGGER offers_featured_designs_update AFTER UPDATE ON featured_designs
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id = -1;
    INSERT INTO page_changes (product_id, version) SELECT -1, version FROM page_version WHERE id = 1;
END;
CREATE TRIGGER offers_featured_designs_delete AFTER DELETE ON featured_designs
BEGIN
    UPDATE page_version SET version = version + 1 WHERE id = 1;
    DELETE FROM page_changes WHERE product_id = -1;
    INSERT INTO page_changes (product_id, version) SELECT -1, version FROM page_version WHERE id = 1;
END;

-- Offers (issue 14): the server keeps every running and coming deal, gift, bundle and upgrade rung
-- for pricing carts (drape_store::offer_calendar) and must drop them exactly when one changes. Each
-- change bumps page_version and records it under product id -1 in page_changes (0016), in the same
-- transaction. Keep in step with ../sqlite/.

CREATE FUNCTION pages_offers() RETURNS trigger AS $$
BEGIN
    PERFORM page_changed(ARRAY[-1::BIGINT]);
    RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER offers_deals AFTER INSERT OR UPDATE OR DELETE ON deals FOR EACH STATEMENT EXECUTE FUNCTION pages_offers();
CREATE TRIGGER offers_gift_offers AFTER INSERT OR UPDATE OR DELETE ON gift_offers FOR EACH STATEMENT EXECUTE FUNCTION pages_offers();
CREATE TRIGGER offers_product_offers AFTER INSERT OR UPDATE OR DELETE ON product_offers FOR EACH STATEMENT EXECUTE FUNCTION pages_offers();
CREATE TRIGGER offers_upgrade_options AFTER INSERT OR UPDATE OR DELETE ON upgrade_options FOR EACH STATEMENT EXECUTE FUNCTION pages_offers();

-- Offer timers and designs of the month (issue 14): the server keeps every running and coming
-- countdown and every featured design with the other offers (drape_store::offer_calendar) for the
-- product page's timer, home's design of the month and the pages drawn whole, and must drop them
-- exactly when one changes. Each change records the offers' mark (0017) in the same
-- transaction. Keep in step with ../sqlite/.

CREATE TRIGGER offers_timers AFTER INSERT OR UPDATE OR DELETE ON timers FOR EACH STATEMENT EXECUTE FUNCTION pages_offers();
CREATE TRIGGER offers_featured_designs AFTER INSERT OR UPDATE OR DELETE ON featured_designs FOR EACH STATEMENT EXECUTE FUNCTION pages_offers();

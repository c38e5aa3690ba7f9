-- Upgrade offers and affiliation codes at the cart. Keep in step with ../postgres/.

-- Rungs of the upgrade ladder: a cart worth min_value (after bundle prices) may take `discount` off
-- in place of a coupon; the shopper picks the rung (upgrade_selected_option).
CREATE TABLE upgrade_options (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    min_value INTEGER NOT NULL CHECK (min_value >= 0),
    discount INTEGER NOT NULL CHECK (discount > 0),
    starts_at INTEGER NOT NULL,
    ends_at INTEGER NOT NULL
);

-- Partners' codes: who sent the shopper, and a whole-percent discount (0 = attribution only).
CREATE TABLE affiliates (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    percent INTEGER NOT NULL DEFAULT 0 CHECK (percent >= 0 AND percent <= 100),
    cap INTEGER,
    user_id INTEGER REFERENCES users(id),
    starts_at INTEGER NOT NULL,
    ends_at INTEGER NOT NULL
);

ALTER TABLE carts ADD COLUMN affiliation_code TEXT NOT NULL DEFAULT '';
ALTER TABLE carts ADD COLUMN upgrade_option_id INTEGER;

-- The cart's offers: bundle prices on product offers, coupons and their uses, the cart's choices.
-- Keep in step with ../postgres/.

ALTER TABLE product_offers ADD COLUMN bundle_price INTEGER NOT NULL DEFAULT 0;
ALTER TABLE carts ADD COLUMN coupon_code TEXT NOT NULL DEFAULT '';
ALTER TABLE carts ADD COLUMN gift_wrap INTEGER NOT NULL DEFAULT 0;

-- kind 'flat' (amount in paise) or 'percent' (amount in whole percent, cap in paise);
-- scope 'all', 'categories' or 'products' with scope_ids a comma-separated id list.
CREATE TABLE coupons (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL CHECK (kind IN ('flat', 'percent')),
    amount INTEGER NOT NULL CHECK (amount >= 0),
    cap INTEGER,
    min_order INTEGER NOT NULL DEFAULT 0,
    starts_at INTEGER NOT NULL,
    ends_at INTEGER NOT NULL,
    max_uses_total INTEGER,
    max_uses_per_shopper INTEGER,
    scope_kind TEXT NOT NULL DEFAULT 'all' CHECK (scope_kind IN ('all', 'categories', 'products')),
    scope_ids TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT ''
);

CREATE TABLE coupon_uses (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    coupon_id INTEGER NOT NULL REFERENCES coupons(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    order_id INTEGER REFERENCES orders(id),
    created_at INTEGER NOT NULL
);
CREATE INDEX coupon_uses_coupon ON coupon_uses(coupon_id, user_id);

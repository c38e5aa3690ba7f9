-- The cart's offers: bundle prices on product offers, coupons and their uses, the cart's choices.
-- Keep in step with ../postgres/.

ALTER TABLE product_offers ADD COLUMN bundle_price BIGINT NOT NULL DEFAULT 0;
ALTER TABLE carts ADD COLUMN coupon_code TEXT NOT NULL DEFAULT '';
ALTER TABLE carts ADD COLUMN gift_wrap BIGINT NOT NULL DEFAULT 0;

-- kind 'flat' (amount in paise) or 'percent' (amount in whole percent, cap in paise);
-- scope 'all', 'categories' or 'products' with scope_ids a comma-separated id list.
CREATE TABLE coupons (
    id BIGSERIAL PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL CHECK (kind IN ('flat', 'percent')),
    amount BIGINT NOT NULL CHECK (amount >= 0),
    cap BIGINT,
    min_order BIGINT NOT NULL DEFAULT 0,
    starts_at BIGINT NOT NULL,
    ends_at BIGINT NOT NULL,
    max_uses_total BIGINT,
    max_uses_per_shopper BIGINT,
    scope_kind TEXT NOT NULL DEFAULT 'all' CHECK (scope_kind IN ('all', 'categories', 'products')),
    scope_ids TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT ''
);

CREATE TABLE coupon_uses (
    id BIGSERIAL PRIMARY KEY,
    coupon_id BIGINT NOT NULL REFERENCES coupons(id),
    user_id BIGINT NOT NULL REFERENCES users(id),
    order_id BIGINT REFERENCES orders(id),
    created_at BIGINT NOT NULL
);
CREATE INDEX coupon_uses_coupon ON coupon_uses(coupon_id, user_id);

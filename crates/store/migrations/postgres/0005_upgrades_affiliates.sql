-- Upgrade offers and affiliation codes at the cart. Keep in step with ../sqlite/.

-- Rungs of the upgrade ladder: a cart worth min_value (after bundle prices) may take `discount` off
-- in place of a coupon; the shopper picks the rung (upgrade_selected_option).
CREATE TABLE upgrade_options (
    id BIGSERIAL PRIMARY KEY,
    title TEXT NOT NULL,
    min_value BIGINT NOT NULL CHECK (min_value >= 0),
    discount BIGINT NOT NULL CHECK (discount > 0),
    starts_at BIGINT NOT NULL,
    ends_at BIGINT NOT NULL
);

-- Partners' codes: who sent the shopper, and a whole-percent discount (0 = attribution only).
CREATE TABLE affiliates (
    id BIGSERIAL PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    percent BIGINT NOT NULL DEFAULT 0 CHECK (percent >= 0 AND percent <= 100),
    cap BIGINT,
    user_id BIGINT REFERENCES users(id),
    starts_at BIGINT NOT NULL,
    ends_at BIGINT NOT NULL
);

ALTER TABLE carts ADD COLUMN affiliation_code TEXT NOT NULL DEFAULT '';
ALTER TABLE carts ADD COLUMN upgrade_option_id BIGINT;

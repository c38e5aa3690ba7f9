-- Gifts at the cart (free with a size choice, or paid) and last-minute deals. Keep in step with ../postgres/.

-- price 0: a free gift the shopper picks a size of; price > 0: a paid gift.
CREATE TABLE gift_offers (
    id BIGSERIAL PRIMARY KEY,
    title TEXT NOT NULL,
    product_id BIGINT NOT NULL REFERENCES products(id),
    price BIGINT NOT NULL DEFAULT 0 CHECK (price >= 0),
    min_order BIGINT NOT NULL DEFAULT 0,
    starts_at BIGINT NOT NULL,
    ends_at BIGINT NOT NULL
);

CREATE TABLE cart_gifts (
    cart_id BIGINT NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
    gift_offer_id BIGINT NOT NULL REFERENCES gift_offers(id),
    size_value TEXT NOT NULL,
    PRIMARY KEY (cart_id, gift_offer_id)
);

-- A product offered at the cart for a special price while the deal runs.
CREATE TABLE deals (
    id BIGSERIAL PRIMARY KEY,
    product_id BIGINT NOT NULL REFERENCES products(id),
    deal_price BIGINT NOT NULL CHECK (deal_price >= 0),
    starts_at BIGINT NOT NULL,
    ends_at BIGINT NOT NULL
);

ALTER TABLE cart_items ADD COLUMN deal_id BIGINT REFERENCES deals(id);

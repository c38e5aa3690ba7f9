-- Gifts at the cart (free with a size choice, or paid) and last-minute deals. Keep in step with ../postgres/.

-- price 0: a free gift the shopper picks a size of; price > 0: a paid gift.
CREATE TABLE gift_offers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    product_id INTEGER NOT NULL REFERENCES products(id),
    price INTEGER NOT NULL DEFAULT 0 CHECK (price >= 0),
    min_order INTEGER NOT NULL DEFAULT 0,
    starts_at INTEGER NOT NULL,
    ends_at INTEGER NOT NULL
);

CREATE TABLE cart_gifts (
    cart_id INTEGER NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
    gift_offer_id INTEGER NOT NULL REFERENCES gift_offers(id),
    size_value TEXT NOT NULL,
    PRIMARY KEY (cart_id, gift_offer_id)
);

-- A product offered at the cart for a special price while the deal runs.
CREATE TABLE deals (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    product_id INTEGER NOT NULL REFERENCES products(id),
    deal_price INTEGER NOT NULL CHECK (deal_price >= 0),
    starts_at INTEGER NOT NULL,
    ends_at INTEGER NOT NULL
);

ALTER TABLE cart_items ADD COLUMN deal_id INTEGER REFERENCES deals(id);

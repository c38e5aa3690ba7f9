-- Product page: orders (as far as eligibility and last-purchased sizes need), size requests,
-- wishlist, rating feedback, shopper events, featured designs. Keep in step with ../postgres/.

CREATE TABLE orders (
    id BIGSERIAL PRIMARY KEY,
    order_ref TEXT NOT NULL UNIQUE,
    user_id BIGINT NOT NULL REFERENCES users(id),
    status TEXT NOT NULL,
    payment_mode TEXT NOT NULL DEFAULT 'COD',
    total BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX orders_user ON orders(user_id, created_at);

CREATE TABLE order_items (
    id BIGSERIAL PRIMARY KEY,
    order_id BIGINT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    product_id BIGINT NOT NULL REFERENCES products(id),
    size_value TEXT NOT NULL DEFAULT '',
    combo1 TEXT NOT NULL DEFAULT '',
    combo2 TEXT NOT NULL DEFAULT '',
    quantity BIGINT NOT NULL CHECK (quantity > 0),
    price BIGINT NOT NULL
);
CREATE INDEX order_items_order ON order_items(order_id);
CREATE INDEX order_items_product ON order_items(product_id);

-- Notify-me: one request per requester (a shopper 'u:{id}' or an e-mail 'e:{email}') + product + size.
CREATE TABLE size_requests (
    id BIGSERIAL PRIMARY KEY,
    product_id BIGINT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    size_value TEXT NOT NULL,
    requester TEXT NOT NULL,
    user_id BIGINT REFERENCES users(id),
    email TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    UNIQUE (product_id, size_value, requester)
);

CREATE TABLE wishlist_items (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    product_id BIGINT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    first_combo_size TEXT NOT NULL DEFAULT '',
    second_combo_size TEXT NOT NULL DEFAULT '',
    multi_combo_size TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    UNIQUE (user_id, product_id, first_combo_size, second_combo_size, multi_combo_size)
);

CREATE TABLE rating_feedback (
    id BIGSERIAL PRIMARY KEY,
    rating_id BIGINT NOT NULL REFERENCES ratings(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users(id),
    review TEXT NOT NULL,
    answers TEXT NOT NULL DEFAULT '{}',
    device TEXT NOT NULL DEFAULT 'web',
    created_at BIGINT NOT NULL
);

CREATE TABLE shopper_events (
    id BIGSERIAL PRIMARY KEY,
    event_name TEXT NOT NULL,
    user_id BIGINT REFERENCES users(id) ON DELETE SET NULL,
    product_id BIGINT,
    cart_id BIGINT,
    source TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
);
CREATE INDEX shopper_events_product ON shopper_events(product_id, event_name);

-- 'Design of the month': one product per category slug and month ('2026-11').
CREATE TABLE featured_designs (
    id BIGSERIAL PRIMARY KEY,
    category_slug TEXT NOT NULL,
    month TEXT NOT NULL,
    product_id BIGINT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    blurb TEXT NOT NULL DEFAULT '',
    UNIQUE (category_slug, month)
);

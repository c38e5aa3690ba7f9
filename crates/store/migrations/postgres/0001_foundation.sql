-- Drape foundation schema (PostgreSQL). Keep in step with ../sqlite/0001_foundation.sql:
-- the same tables and columns; integers are BIGINT here and BIGINT there, flags are 0/1 integers
-- on both engines, times are unix milliseconds, money is paise.

CREATE TABLE categories (
    id BIGINT PRIMARY KEY,
    name TEXT NOT NULL,
    slug TEXT NOT NULL UNIQUE,
    parent_id BIGINT REFERENCES categories(id),
    position BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE products (
    id BIGSERIAL PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    translated_name TEXT NOT NULL DEFAULT '',
    sku TEXT NOT NULL UNIQUE,
    parent_sku TEXT NOT NULL,
    color_name TEXT NOT NULL DEFAULT '',
    rgbcode TEXT NOT NULL DEFAULT '',
    category_id BIGINT NOT NULL REFERENCES categories(id),
    price BIGINT NOT NULL CHECK (price >= 0),
    old_price BIGINT NOT NULL CHECK (old_price >= 0),
    offer_text TEXT NOT NULL DEFAULT '',
    offer_key TEXT NOT NULL DEFAULT '',
    is_generic_offer_party_msg BIGINT NOT NULL DEFAULT 0,
    combo BIGINT NOT NULL DEFAULT 0,
    multicombo BIGINT NOT NULL DEFAULT 0,
    is_freesize BIGINT NOT NULL DEFAULT 0,
    active BIGINT NOT NULL DEFAULT 1,
    max_cart_items BIGINT NOT NULL DEFAULT 5,
    star_rating_admin BIGINT NOT NULL DEFAULT 0,
    nonreturnable BIGINT NOT NULL DEFAULT 0,
    channel_type BIGINT NOT NULL DEFAULT 1,
    speed DOUBLE PRECISION NOT NULL DEFAULT 0,
    beginner BIGINT NOT NULL DEFAULT 0,
    preorder BIGINT NOT NULL DEFAULT 0,
    newarrivals BIGINT NOT NULL DEFAULT 0,
    is_cotton_comforty BIGINT NOT NULL DEFAULT 0,
    has_cotton_label BIGINT NOT NULL DEFAULT 0,
    sold_count BIGINT NOT NULL DEFAULT 0,
    designer_note TEXT NOT NULL DEFAULT '',
    page_extension_mob TEXT NOT NULL DEFAULT '',
    manufactured_by TEXT NOT NULL DEFAULT '',
    manufactured_by_label TEXT NOT NULL DEFAULT 'Manufactured By',
    marketed_by TEXT NOT NULL DEFAULT '',
    marketed_by_label TEXT NOT NULL DEFAULT 'Marketed By',
    country_of_origin TEXT NOT NULL DEFAULT 'India',
    size_chart_in TEXT NOT NULL DEFAULT '',
    size_chart_cm TEXT NOT NULL DEFAULT '',
    fittest_code_in_fitguide TEXT NOT NULL DEFAULT '',
    fittest_size_in_all_size TEXT NOT NULL DEFAULT '',
    meta_title TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
);
CREATE INDEX products_parent_sku ON products(parent_sku);
CREATE INDEX products_category ON products(category_id);

CREATE TABLE product_categories (
    product_id BIGINT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    category_id BIGINT NOT NULL REFERENCES categories(id),
    PRIMARY KEY (product_id, category_id)
);
CREATE INDEX product_categories_category ON product_categories(category_id);

CREATE TABLE gallery_items (
    id BIGSERIAL PRIMARY KEY,
    product_id BIGINT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('image', 'video')),
    img_m TEXT NOT NULL,
    img_l TEXT NOT NULL,
    thumbnail_url TEXT NOT NULL,
    embed TEXT NOT NULL DEFAULT ''
);
CREATE INDEX gallery_items_product ON gallery_items(product_id, position);

-- part 0: an ordinary size; parts 1 and 2: the two groups of a combo (bra part, panty part).
CREATE TABLE sizes (
    id BIGSERIAL PRIMARY KEY,
    product_id BIGINT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    part BIGINT NOT NULL DEFAULT 0 CHECK (part IN (0, 1, 2)),
    part_label TEXT NOT NULL DEFAULT '',
    position BIGINT NOT NULL,
    label TEXT NOT NULL,
    value TEXT NOT NULL,
    sku TEXT NOT NULL,
    stock BIGINT NOT NULL CHECK (stock >= 0),
    is_auto_select_size BIGINT NOT NULL DEFAULT 0,
    fit_size_msg TEXT NOT NULL DEFAULT '',
    UNIQUE (product_id, part, value)
);

CREATE TABLE product_features (
    id BIGSERIAL PRIMARY KEY,
    product_id BIGINT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    icon_small TEXT NOT NULL DEFAULT '',
    slug TEXT NOT NULL,
    category_name TEXT NOT NULL DEFAULT ''
);
CREATE INDEX product_features_product ON product_features(product_id);

CREATE TABLE product_labels (
    id BIGSERIAL PRIMARY KEY,
    product_id BIGINT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    label TEXT NOT NULL,
    address TEXT NOT NULL
);
CREATE INDEX product_labels_product ON product_labels(product_id);

-- Offer messages shown on product pages, found through products.offer_key.
CREATE TABLE product_offers (
    id BIGSERIAL PRIMARY KEY,
    offer_key TEXT NOT NULL UNIQUE,
    offertype BIGINT NOT NULL DEFAULT 1,
    msg TEXT NOT NULL,
    count BIGINT NOT NULL DEFAULT 0,
    qty BIGINT NOT NULL DEFAULT 0,
    url TEXT NOT NULL DEFAULT '',
    message TEXT NOT NULL DEFAULT '',
    starts_at BIGINT NOT NULL,
    ends_at BIGINT NOT NULL
);

-- Countdown timers; product_id NULL is a store-wide timer.
CREATE TABLE timers (
    id BIGSERIAL PRIMARY KEY,
    product_id BIGINT REFERENCES products(id) ON DELETE CASCADE,
    text TEXT NOT NULL,
    hexcode TEXT NOT NULL DEFAULT '#5b1a3a',
    text_hexcode TEXT NOT NULL DEFAULT '#ffffff',
    starts_at BIGINT NOT NULL,
    ends_at BIGINT NOT NULL
);

CREATE TABLE users (
    id BIGSERIAL PRIMARY KEY,
    mobile TEXT NOT NULL UNIQUE,
    email TEXT,
    name TEXT NOT NULL DEFAULT '',
    is_superuser BIGINT NOT NULL DEFAULT 0,
    can_see_unused_stock BIGINT NOT NULL DEFAULT 0,
    is_affiliate BIGINT NOT NULL DEFAULT 0,
    is_blacklist_user BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);

-- Ratings: is_public 0 hides one from shoppers (privileged users still count it).
CREATE TABLE ratings (
    id BIGSERIAL PRIMARY KEY,
    product_id BIGINT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users(id),
    order_ref TEXT NOT NULL DEFAULT '',
    stars BIGINT NOT NULL CHECK (stars BETWEEN 1 AND 5),
    is_public BIGINT NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL,
    UNIQUE (product_id, user_id, order_ref)
);
CREATE INDEX ratings_product ON ratings(product_id);

CREATE TABLE reviews (
    id BIGSERIAL PRIMARY KEY,
    product_id BIGINT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users(id),
    headline TEXT NOT NULL,
    comment TEXT NOT NULL,
    public_name TEXT NOT NULL DEFAULT '',
    stars BIGINT NOT NULL CHECK (stars BETWEEN 1 AND 5),
    created_at BIGINT NOT NULL
);
CREATE INDEX reviews_product ON reviews(product_id, created_at);

-- A session row per logged-in browser; the cookie carries a random token, the row its SHA-256.
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE otps (
    id BIGSERIAL PRIMARY KEY,
    mobile TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    guesses BIGINT NOT NULL DEFAULT 0,
    consumed_at BIGINT
);
CREATE INDEX otps_mobile ON otps(mobile, created_at);

-- Counted events for rate limits (OTP sends, wrong guesses), shared by every server process.
CREATE TABLE rate_events (
    id BIGSERIAL PRIMARY KEY,
    bucket TEXT NOT NULL,
    subject TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX rate_events_lookup ON rate_events(bucket, subject, at);

-- Notifications to send (SMS, e-mail). A provider adapter reads it; demo mode lists it at /dev/outbox.
CREATE TABLE outbox (
    id BIGSERIAL PRIMARY KEY,
    channel TEXT NOT NULL,
    recipient TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    sent_at BIGINT
);

-- A cart belongs to a shopper (user_id) or to a guest browser (guest_token, from the cookie).
CREATE TABLE carts (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT UNIQUE REFERENCES users(id) ON DELETE CASCADE,
    guest_token_hash TEXT UNIQUE,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE cart_items (
    id BIGSERIAL PRIMARY KEY,
    cart_id BIGINT NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
    product_id BIGINT NOT NULL REFERENCES products(id),
    size_id BIGINT REFERENCES sizes(id),
    combo1_size_id BIGINT REFERENCES sizes(id),
    combo2_size_id BIGINT REFERENCES sizes(id),
    quantity BIGINT NOT NULL CHECK (quantity > 0),
    created_at BIGINT NOT NULL
);
CREATE INDEX cart_items_cart ON cart_items(cart_id);

CREATE TABLE pincodes (
    pincode TEXT PRIMARY KEY,
    city TEXT NOT NULL,
    state TEXT NOT NULL
);

CREATE TABLE banks (
    code TEXT PRIMARY KEY,
    name TEXT NOT NULL
);

CREATE TABLE ifsc_codes (
    code TEXT PRIMARY KEY,
    bank_code TEXT NOT NULL
);

-- The address book and where the shop delivers (checkout). Keep in step with ../postgres/.

-- A shopper's delivery and pickup addresses (spec 000 §3). At most one is the default shipping
-- address: the partial unique index makes a second one impossible, whatever races.
CREATE TABLE addresses (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    addressee TEXT NOT NULL,
    street1 TEXT NOT NULL,
    street2 TEXT NOT NULL DEFAULT '',
    address_type TEXT NOT NULL,
    state TEXT NOT NULL,
    city TEXT NOT NULL,
    postal_code TEXT NOT NULL,
    phone TEXT NOT NULL,
    alt_phone TEXT NOT NULL DEFAULT '',
    is_default_shipping INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
CREATE INDEX addresses_user ON addresses(user_id, created_at);
CREATE UNIQUE INDEX addresses_one_default ON addresses(user_id) WHERE is_default_shipping = 1;

-- Where the shop delivers, in the shape couriers publish: per pincode, prepaid and cash-on-delivery
-- delivery, reverse pickup (returns), and days in transit. Loaded by `drape admin serviceability`;
-- the demo derives it from the pincode directory.
CREATE TABLE serviceability (
    pincode TEXT PRIMARY KEY,
    prepaid INTEGER NOT NULL,
    cod INTEGER NOT NULL,
    pickup INTEGER NOT NULL,
    days INTEGER NOT NULL CHECK (days >= 0)
);

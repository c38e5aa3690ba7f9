-- Events say which kind of device sent them (spec 000 §3 request_device: 'mob' for phones, 'dt' otherwise).
ALTER TABLE shopper_events ADD COLUMN device TEXT NOT NULL DEFAULT '';

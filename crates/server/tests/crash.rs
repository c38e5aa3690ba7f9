//! Killing the server while shoppers place orders (issue 10): every order the server acknowledged is in
//! the database afterwards, and the stock taken is exactly what the stored orders hold, so no order that
//! was not acknowledged took any. The real binary runs on a SQLite file; the test kills it with SIGKILL.

use chrono::Utc;
use drape_domain::addresses::Address;
use drape_domain::delivery::Service;
use drape_domain::validation::Pincode;
use drape_store::carts::{CartLine, CartOwner};
use drape_store::Store;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

fn start(db: &str, port: u16) -> Child {
    Command::new(env!("CARGO_BIN_EXE_drape"))
        .arg("serve")
        .env("DATABASE_URL", db)
        .env("DRAPE_LISTEN", format!("127.0.0.1:{port}"))
        .env("DRAPE_DEMO", "1")
        .env("DRAPE_REFERENCE_DIR", "/nonexistent")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("drape serve starts")
}

async fn healthy(base: &str) {
    for _ in 0..240 {
        if reqwest::get(format!("{base}/healthz")).await.is_ok_and(|r| r.status().is_success()) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    panic!("the server never answered /healthz");
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_keeps_every_acknowledged_order_and_takes_no_stock_for_others() {
    let dir = std::env::temp_dir().join(format!("drape-crash-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}/drape.db?mode=rwc", dir.display());
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let mut server = start(&db, port);
    healthy(&base).await;

    // Shoppers with a session, an address and a cart, written next to the running server (WAL).
    let store = Store::open(&db).await.unwrap();
    let now = Utc::now();
    sqlx_pincode(&store).await;
    let p = store.product_by_slug("everyday-padded-t-shirt-bra-black").await.unwrap();
    let size = store.sizes(p.id).await.unwrap().remove(0);
    store.set_size_stock(&size.sku, 1_000).await.unwrap();
    let mut shoppers = vec![];
    for i in 0..120 {
        let user = store.user_for_mobile(&format!("61{i:08}"), now).await.unwrap();
        let token = format!("{:064x}", 0xc0ffee_u128 << 32 | i as u128);
        store.create_session(&token, user.id, now, now + chrono::Duration::days(1)).await.unwrap();
        let address = Address {
            addressee: "Crash Test".into(),
            street1: "1 Test Road".into(),
            street2: String::new(),
            address_type: "Home".into(),
            state: "Maharashtra".into(),
            city: "Mumbai".into(),
            postal_code: Pincode::parse("400050").unwrap(),
            phone: "9876543210".into(),
            alt_phone: String::new(),
            is_default_shipping: true,
        };
        let address_id = store.add_address(user.id, &address, 20, now).await.unwrap().unwrap();
        let line = CartLine { id: 0, product_id: p.id, size_id: Some(size.id), combo1_size_id: None, combo2_size_id: None, quantity: 2, deal_id: None };
        store.add_to_cart(CartOwner::Shopper(user.id), &line, now).await.unwrap();
        shoppers.push((token, address_id));
    }
    let http = reqwest::Client::new();
    let quote: serde_json::Value =
        http.get(format!("{base}/api/v1/checkout/")).header("cookie", format!("sessionid={}", shoppers[0].0)).send().await.unwrap().json().await.unwrap();
    let to_pay = quote["breakup"]["to_pay"].as_i64().expect("a quote");

    // Every shopper places an order at once; the server is killed once a few are acknowledged.
    let (done_tx, mut done_rx) = tokio::sync::mpsc::unbounded_channel();
    for (i, (token, address_id)) in shoppers.iter().cloned().enumerate() {
        let http = http.clone();
        let url = format!("{base}/api/v3/order/");
        let done_tx = done_tx.clone();
        tokio::spawn(async move {
            let res = http
                .post(url)
                .header("cookie", format!("sessionid={token}; csrftoken=crashcsrf"))
                .header("X-CSRFToken", "crashcsrf")
                .header("Idempotency-Key", format!("crash-order-{i:04}"))
                .json(&serde_json::json!({"address_id": address_id, "payment_mode": "UPI", "expected_to_pay": to_pay}))
                .send()
                .await;
            let acknowledged = match res {
                Ok(r) if r.status().as_u16() == 201 => r.json::<serde_json::Value>().await.ok().and_then(|j| j["order_id"].as_str().map(str::to_string)),
                _ => None,
            };
            let _ = done_tx.send(acknowledged);
        });
    }
    drop(done_tx);
    let mut acknowledged = vec![];
    let mut answered = 0;
    let mut killed = false;
    while let Some(a) = done_rx.recv().await {
        answered += 1;
        if let Some(id) = a {
            acknowledged.push(id);
        }
        if acknowledged.len() == 10 && !killed {
            server.kill().expect("SIGKILL");
            killed = true;
        }
    }
    server.kill().ok();
    server.wait().unwrap();
    assert!(acknowledged.len() >= 10, "only {} of {answered} placed before the kill", acknowledged.len());

    // Restarted, the shop still knows every acknowledged order; stock taken = pieces in stored orders.
    let mut server = start(&db, port);
    healthy(&base).await;
    for id in &acknowledged {
        let found: Option<i64> = store_order(&store, id).await;
        assert!(found.is_some(), "acknowledged order {id} is gone");
    }
    let stored_pieces = pieces_ordered(&store, size.id).await;
    let left = store.sizes(p.id).await.unwrap().into_iter().find(|s| s.id == size.id).unwrap().stock;
    assert_eq!(1_000 - left, stored_pieces, "stock taken must be exactly the pieces of the stored orders");
    assert!(stored_pieces >= 2 * acknowledged.len() as i64);
    eprintln!("{} acknowledged of {answered}; {} pieces in stored orders", acknowledged.len(), stored_pieces);
    server.kill().ok();
    server.wait().ok();
    store.close().await;
    std::fs::remove_dir_all(&dir).ok();
}

async fn sqlx_pincode(store: &Store) {
    let pin = Pincode::parse("400050").unwrap();
    store.import_serviceability(&[(pin, Service { prepaid: true, cod: true, pickup: true, days: 3 })]).await.unwrap();
}

async fn store_order(store: &Store, public_id: &str) -> Option<i64> {
    store.order_id_by_public_id(public_id).await.unwrap()
}

async fn pieces_ordered(store: &Store, size_id: i64) -> i64 {
    store.pieces_held_for_size(size_id).await.unwrap()
}

//! Placing orders and what follows, on SQLite and PostgreSQL: stock never oversold, the idempotency key,
//! payments recorded once, the payment window giving stock and wallet money back, the COD code.

use chrono::{DateTime, Duration, TimeZone, Utc};
use drape_domain::orders::OrderStatus;
use drape_domain::wallet::EntryKind;
use drape_store::carts::{CartLine, CartOwner};
use drape_store::checkout::{NewOrder, PlaceOutcome, PlacedLine};
use drape_store::offers::NewCoupon;
use drape_store::payments::{CodGuess, PaidOutcome};
use drape_store::testing::TestDb;
use drape_store::Store;

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap()
}

/// The shopper's cart as an order of `status` paying `to_pay`, under `key`.
async fn order_of_cart(s: &Store, user_id: i64, status: OrderStatus, wallet_used: i64, key: &str) -> NewOrder {
    let lines = s.cart_lines(CartOwner::Shopper(user_id)).await.unwrap();
    let cart_id = s.cart_id(CartOwner::Shopper(user_id)).await.unwrap().unwrap();
    let placed: Vec<PlacedLine> = lines
        .iter()
        .map(|l| PlacedLine {
            cart_line_id: Some(l.id),
            cart_quantity: l.quantity,
            product_id: l.product_id,
            sku: "SKU".into(),
            name: "Bra".into(),
            size_id: l.size_id,
            combo1_size_id: l.combo1_size_id,
            combo2_size_id: l.combo2_size_id,
            size_value: "34B".into(),
            combo1: String::new(),
            combo2: String::new(),
            quantity: l.quantity,
            price: 79_900,
            mrp: 99_900,
            paid: 79_900 * l.quantity,
            gst_rate: 5,
            gst: 3_805 * l.quantity,
        })
        .collect();
    let total: i64 = placed.iter().map(|l| l.paid).sum();
    NewOrder {
        user_id,
        cart_id,
        status,
        payment_mode: "UPI".into(),
        lines: placed,
        address_json: "{}".into(),
        breakup_json: "{}".into(),
        total,
        wallet_used,
        to_pay: total - wallet_used,
        delivery_date: "2026-11-26".into(),
        coupon: None,
        affiliation_code: String::new(),
        affiliate_discount: 0,
        upgrade_option_id: None,
        cod_code_hash: Some("hash-of-code".into()),
        idempotency_key: key.into(),
        request_hash: format!("body-{key}"),
    }
}

fn line(product_id: i64, size_id: i64, quantity: i64) -> CartLine {
    CartLine { id: 0, product_id, size_id: Some(size_id), combo1_size_id: None, combo2_size_id: None, quantity, deal_id: None }
}

async fn stock_of(s: &Store, product_id: i64, size_id: i64) -> i64 {
    s.sizes(product_id).await.unwrap().into_iter().find(|z| z.id == size_id).unwrap().stock
}

/// The demo shop with `stock` pieces of one size, and `buyers` shoppers (mobiles from `first_mobile`)
/// each with one of them in the cart and its order ready to place: (product id, size id, orders).
async fn buyers_of_one_size(s: &Store, stock: i64, buyers: i64, first_mobile: i64) -> (i64, i64, Vec<NewOrder>) {
    s.seed_demo(now()).await.unwrap();
    let p = s.product_by_slug("everyday-padded-t-shirt-bra-black").await.unwrap();
    let size = s.sizes(p.id).await.unwrap().remove(0);
    s.set_size_stock(&size.sku, stock).await.unwrap();
    let mut orders = Vec::new();
    for i in 0..buyers {
        let user = s.user_for_mobile(&(first_mobile + i).to_string(), now()).await.unwrap();
        s.add_to_cart(CartOwner::Shopper(user.id), &line(p.id, size.id, 1), now()).await.unwrap();
        orders.push(order_of_cart(s, user.id, OrderStatus::PendingPayment, 0, &format!("k{i}")).await);
    }
    (p.id, size.id, orders)
}

/// 200 shoppers race for 20 pieces: exactly 20 orders, 0 left, nothing oversold.
#[tokio::test]
async fn two_hundred_buyers_for_twenty_pieces_sell_exactly_twenty() {
    for db in TestDb::all().await {
        let s = db.store.clone();
        let e = db.engine;
        let (product_id, size_id, orders) = buyers_of_one_size(&s, 20, 200, 7_000_000_000).await;
        // On PostgreSQL, half the buyers come through a second pool, as through a second server process.
        let second = if e == "postgres" { Store::open(db.url()).await.unwrap() } else { s.clone() };
        let tasks: Vec<_> = orders
            .into_iter()
            .enumerate()
            .map(|(i, o)| {
                let s = if i % 2 == 0 { s.clone() } else { second.clone() };
                tokio::spawn(async move { s.place_order(&o, now()).await })
            })
            .collect();
        let (mut placed, mut sold_out) = (0, 0);
        for t in tasks {
            match t.await.unwrap() {
                Ok(PlaceOutcome::Placed(_)) => placed += 1,
                Ok(PlaceOutcome::SoldOut { size_id: short }) => {
                    assert_eq!(short, size_id, "{e}");
                    sold_out += 1
                }
                other => panic!("{e}: {other:?}"),
            }
        }
        assert_eq!((placed, sold_out), (20, 180), "{e}");
        assert_eq!(stock_of(&s, product_id, size_id).await, 0, "{e}");
        db.finish().await;
    }
}

/// 30 shoppers race for a coupon's last 5 uses: exactly 5 orders carry it; the others are refused
/// whole, their pieces left on sale and their carts untouched.
#[tokio::test]
async fn thirty_buyers_for_five_uses_of_a_coupon_place_exactly_five() {
    for db in TestDb::all().await {
        let s = db.store.clone();
        let e = db.engine;
        let (product_id, size_id, orders) = buyers_of_one_size(&s, 100, 30, 7_300_000_000).await;
        s.upsert_coupon(&NewCoupon {
            code: "FIVE",
            kind: "flat",
            amount: 10_000,
            cap: None,
            min_order: 0,
            starts_at: now() - Duration::days(1),
            ends_at: now() + Duration::days(10),
            max_uses_total: Some(5),
            max_uses_per_shopper: None,
            scope_kind: "all",
            scope_ids: "",
            description: "",
        })
        .await
        .unwrap();
        let coupon = s.coupon_by_code("FIVE").await.unwrap().unwrap();
        let orders: Vec<NewOrder> = orders.into_iter().map(|o| NewOrder { coupon: Some((coupon.id, "FIVE".into())), ..o }).collect();
        let users: Vec<i64> = orders.iter().map(|o| o.user_id).collect();
        let tasks: Vec<_> = orders
            .into_iter()
            .map(|o| {
                let s = s.clone();
                tokio::spawn(async move { s.place_order(&o, now()).await })
            })
            .collect();
        let (mut placed, mut used_up) = (Vec::new(), Vec::new());
        for (t, user_id) in tasks.into_iter().zip(users) {
            match t.await.unwrap() {
                Ok(PlaceOutcome::Placed(_)) => placed.push(user_id),
                Ok(PlaceOutcome::CouponUsedUp) => used_up.push(user_id),
                other => panic!("{e}: {other:?}"),
            }
        }
        assert_eq!((placed.len(), used_up.len()), (5, 25), "{e}");
        assert_eq!(s.coupon_usage(coupon.id, None).await.unwrap().total, 5, "{e}");
        assert_eq!(stock_of(&s, product_id, size_id).await, 95, "{e}: only the placed orders took stock");
        for user_id in used_up {
            assert_eq!(s.cart_lines(CartOwner::Shopper(user_id)).await.unwrap().len(), 1, "{e}: a refused cart is untouched");
        }
        for user_id in placed {
            assert!(s.cart_lines(CartOwner::Shopper(user_id)).await.unwrap().is_empty(), "{e}: a placed cart is empty");
        }
        db.finish().await;
    }
}

#[tokio::test]
async fn a_key_places_once_and_a_refusal_places_nothing() {
    for db in TestDb::all().await {
        let s = db.store.clone();
        let e = db.engine;
        s.seed_demo(now()).await.unwrap();
        let p = s.product_by_slug("everyday-padded-t-shirt-bra-black").await.unwrap();
        let sizes = s.sizes(p.id).await.unwrap();
        let (a, b) = (&sizes[0], &sizes[1]);
        s.set_size_stock(&a.sku, 5).await.unwrap();
        s.set_size_stock(&b.sku, 1).await.unwrap();
        let user = s.user_for_mobile("7100000001", now()).await.unwrap();
        let owner = CartOwner::Shopper(user.id);
        s.add_to_cart(owner, &line(p.id, a.id, 2), now()).await.unwrap();
        s.add_to_cart(owner, &line(p.id, b.id, 1), now()).await.unwrap();

        // Someone else buys the last piece of b: nothing of this order is placed, a keeps its stock.
        s.set_size_stock(&b.sku, 0).await.unwrap();
        let o = order_of_cart(&s, user.id, OrderStatus::PendingPayment, 0, "same").await;
        assert_eq!(s.place_order(&o, now()).await.unwrap(), PlaceOutcome::SoldOut { size_id: b.id }, "{e}");
        assert_eq!(stock_of(&s, p.id, a.id).await, 5, "{e}");
        assert_eq!(s.cart_lines(owner).await.unwrap().len(), 2, "{e}: the cart is untouched");

        s.set_size_stock(&b.sku, 1).await.unwrap();
        // More wallet money than the wallet holds: refused, nothing taken.
        let o = order_of_cart(&s, user.id, OrderStatus::PendingPayment, 10_000, "same").await;
        assert_eq!(s.place_order(&o, now()).await.unwrap(), PlaceOutcome::WalletShort { balance: 0 }, "{e}");
        assert_eq!(stock_of(&s, p.id, b.id).await, 1, "{e}");

        s.wallet_entry(user.id, EntryKind::Credit, 10_000, "goodwill", None, now()).await.unwrap().unwrap();
        let o = order_of_cart(&s, user.id, OrderStatus::PendingPayment, 10_000, "same").await;
        let PlaceOutcome::Placed(first) = s.place_order(&o, now()).await.unwrap() else { panic!("{e}: placed") };
        assert!(first.order_ref.starts_with("DRP") && first.public_id.len() == 32, "{e}: {first:?}");
        assert_eq!((stock_of(&s, p.id, a.id).await, stock_of(&s, p.id, b.id).await), (3, 0), "{e}");
        assert!(s.cart_lines(owner).await.unwrap().is_empty(), "{e}: the cart is empty");
        assert_eq!(s.wallet_balance(user.id).await.unwrap(), 0, "{e}");
        // The same key and body again: the same order, nothing taken twice.
        assert_eq!(s.place_order(&o, now()).await.unwrap(), PlaceOutcome::Replayed(first.clone()), "{e}");
        // The same key with another body: refused.
        let other = NewOrder { request_hash: "another body".into(), ..o.clone() };
        assert_eq!(s.place_order(&other, now()).await.unwrap(), PlaceOutcome::KeyReused, "{e}");
        let row = s.shopper_order(user.id, &first.public_id).await.unwrap().unwrap();
        assert_eq!((row.status.as_str(), row.wallet_used, row.holds_stock), ("Pending Payment", 10_000, 1), "{e}");
        let items = s.order_items(first.id).await.unwrap();
        assert_eq!(items.iter().map(|i| i.quantity).sum::<i64>(), 3, "{e}");
        // Another shopper cannot see it.
        let other_user = s.user_for_mobile("7100000002", now()).await.unwrap();
        assert_eq!(s.shopper_order(other_user.id, &first.public_id).await.unwrap(), None, "{e}");

        // A cart line changed since it was priced (another tab): nothing is placed.
        s.set_size_stock(&a.sku, 5).await.unwrap();
        s.add_to_cart(owner, &line(p.id, a.id, 1), now()).await.unwrap();
        let stale = order_of_cart(&s, user.id, OrderStatus::PendingPayment, 0, "next").await;
        s.add_to_cart(owner, &line(p.id, a.id, 1), now()).await.unwrap();
        assert_eq!(s.place_order(&stale, now()).await.unwrap(), PlaceOutcome::CartChanged, "{e}");
        assert_eq!(stock_of(&s, p.id, a.id).await, 5, "{e}");
        db.finish().await;
    }
}

#[tokio::test]
async fn payments_are_recorded_once_and_the_window_gives_stock_and_wallet_back() {
    for db in TestDb::all().await {
        let s = db.store.clone();
        let e = db.engine;
        s.seed_demo(now()).await.unwrap();
        let p = s.product_by_slug("everyday-padded-t-shirt-bra-black").await.unwrap();
        let size = s.sizes(p.id).await.unwrap().remove(0);
        s.set_size_stock(&size.sku, 4).await.unwrap();
        let user = s.user_for_mobile("7200000001", now()).await.unwrap();
        s.wallet_entry(user.id, EntryKind::Credit, 5_000, "goodwill", None, now()).await.unwrap().unwrap();
        let owner = CartOwner::Shopper(user.id);

        // Paid: one attempt fails, the next succeeds; repeats change nothing.
        s.add_to_cart(owner, &line(p.id, size.id, 1), now()).await.unwrap();
        let PlaceOutcome::Placed(paid) = s.place_order(&order_of_cart(&s, user.id, OrderStatus::PendingPayment, 0, "a").await, now()).await.unwrap() else {
            panic!("{e}")
        };
        s.add_payment_attempt(paid.id, "razorpay", "order_1", 79_900, "upi", now()).await.unwrap();
        assert_eq!(s.payment_failed("razorpay", "order_1", "declined", now()).await.unwrap(), Some(paid.id), "{e}");
        assert_eq!(s.payment_failed("razorpay", "order_1", "declined", now()).await.unwrap(), None, "{e}: once");
        s.add_payment_attempt(paid.id, "razorpay", "order_2", 79_900, "upi", now()).await.unwrap();
        assert_eq!(s.payment_succeeded("razorpay", "order_2", "pay_2", "upi", now()).await.unwrap(), PaidOutcome::OrderPaid { order_id: paid.id }, "{e}");
        assert_eq!(s.payment_succeeded("razorpay", "order_2", "pay_2", "upi", now()).await.unwrap(), PaidOutcome::AlreadyRecorded, "{e}");
        assert_eq!(s.payment_succeeded("razorpay", "nope", "pay_x", "upi", now()).await.unwrap(), PaidOutcome::UnknownAttempt, "{e}");
        assert_eq!(s.shopper_order(user.id, &paid.public_id).await.unwrap().unwrap().status, "Verified", "{e}");
        // A late success of the failed attempt's order id is money for a paid order: refund it.
        assert!(
            matches!(s.payment_succeeded("razorpay", "order_1", "pay_1", "upi", now()).await.unwrap(), PaidOutcome::NeedsRefund { order_id, .. } if order_id == paid.id),
            "{e}"
        );
        assert!(!s.release_unpaid_order(paid.id, now()).await.unwrap(), "{e}: a paid order keeps its stock");

        // Unpaid past the window: Payment Failed, its stock and wallet money back, once.
        s.add_to_cart(owner, &line(p.id, size.id, 2), now()).await.unwrap();
        let placed_at = now() + Duration::minutes(1);
        let PlaceOutcome::Placed(unpaid) = s.place_order(&order_of_cart(&s, user.id, OrderStatus::PendingPayment, 5_000, "b").await, placed_at).await.unwrap()
        else {
            panic!("{e}")
        };
        assert_eq!((stock_of(&s, p.id, size.id).await, s.wallet_balance(user.id).await.unwrap()), (1, 0), "{e}");
        assert!(s.orders_past_payment_window(placed_at, 10).await.unwrap().is_empty(), "{e}");
        assert_eq!(s.orders_past_payment_window(placed_at + Duration::hours(3), 10).await.unwrap(), vec![unpaid.id], "{e}");
        s.add_payment_attempt(unpaid.id, "razorpay", "order_3", 154_800, "card", placed_at).await.unwrap();
        assert!(s.release_unpaid_order(unpaid.id, placed_at + Duration::hours(3)).await.unwrap(), "{e}");
        assert!(!s.release_unpaid_order(unpaid.id, placed_at + Duration::hours(3)).await.unwrap(), "{e}: once");
        assert_eq!((stock_of(&s, p.id, size.id).await, s.wallet_balance(user.id).await.unwrap()), (3, 5_000), "{e}");
        assert_eq!(s.shopper_order(user.id, &unpaid.public_id).await.unwrap().unwrap().status, "Payment Failed", "{e}");
        // The shopper paid after all: that money is refunded, the stock stays on sale.
        assert!(
            matches!(s.payment_succeeded("razorpay", "order_3", "pay_3", "card", now()).await.unwrap(), PaidOutcome::NeedsRefund { amount: 154_800, .. }),
            "{e}"
        );
        assert!(s.record_refund(unpaid.id, None, 154_800, "prepaid", "paid after the window", Some("rfnd_1"), "k1", now()).await.unwrap(), "{e}");
        assert!(!s.record_refund(unpaid.id, None, 154_800, "prepaid", "paid after the window", Some("rfnd_1"), "k1", now()).await.unwrap(), "{e}");
        let sources: Vec<String> = s.refunds_of(unpaid.id).await.unwrap().into_iter().map(|r| r.1).collect();
        assert_eq!(sources, ["wallet", "prepaid"], "{e}: the wallet's part when the window passed, the late payment once");
        assert_eq!(stock_of(&s, p.id, size.id).await, 3, "{e}");

        // Events are stored by id, once.
        assert!(s.store_payment_event("razorpay", "evt_1", "payment.captured", "{}", now()).await.unwrap(), "{e}");
        assert!(!s.store_payment_event("razorpay", "evt_1", "payment.captured", "{}", now()).await.unwrap(), "{e}");
        db.finish().await;
    }
}

#[tokio::test]
async fn a_cod_order_is_confirmed_by_its_code_and_guesses_run_out() {
    for db in TestDb::all().await {
        let s = db.store.clone();
        let e = db.engine;
        s.seed_demo(now()).await.unwrap();
        let p = s.product_by_slug("everyday-padded-t-shirt-bra-black").await.unwrap();
        let size = s.sizes(p.id).await.unwrap().remove(0);
        s.set_size_stock(&size.sku, 9).await.unwrap();
        let user = s.user_for_mobile("7300000001", now()).await.unwrap();
        let stranger = s.user_for_mobile("7300000002", now()).await.unwrap();
        for (key, right_after) in [("one", 2), ("two", 99)] {
            s.add_to_cart(CartOwner::Shopper(user.id), &line(p.id, size.id, 1), now()).await.unwrap();
            let o = order_of_cart(&s, user.id, OrderStatus::PendingConfirmation, 0, key).await;
            let PlaceOutcome::Placed(cod) = s.place_order(&o, now()).await.unwrap() else { panic!("{e}") };
            assert_eq!(s.confirm_cod(stranger.id, &cod.public_id, "hash-of-code", 5, now()).await.unwrap(), CodGuess::NotJudged, "{e}");
            let mut outcomes = vec![];
            for i in 0..7 {
                let guess = if i == right_after { "hash-of-code" } else { "wrong" };
                outcomes.push(s.confirm_cod(user.id, &cod.public_id, guess, 5, now()).await.unwrap());
            }
            let status = s.shopper_order(user.id, &cod.public_id).await.unwrap().unwrap().status;
            if right_after == 2 {
                assert_eq!(outcomes[..3], [CodGuess::Wrong, CodGuess::Wrong, CodGuess::Confirmed], "{e}");
                assert!(outcomes[3..].iter().all(|g| *g == CodGuess::NotJudged), "{e}: {outcomes:?}");
                assert_eq!(status, "Verified", "{e}");
            } else {
                assert_eq!(outcomes.iter().filter(|g| **g == CodGuess::Wrong).count(), 5, "{e}: {outcomes:?}");
                assert_eq!(status, "Pending confirmation", "{e}");
                // A new code starts the guesses over.
                assert!(s.renew_cod_code(user.id, &cod.public_id, "new-hash").await.unwrap(), "{e}");
                assert_eq!(s.confirm_cod(user.id, &cod.public_id, "new-hash", 5, now()).await.unwrap(), CodGuess::Confirmed, "{e}");
            }
        }
        db.finish().await;
    }
}

//! Orders after the purchase, on SQLite and PostgreSQL: cancelling gives stock, coupon and money back
//! once (even under a burst of the same request), refunds never pass what was paid, every status
//! change is on the timeline, and the history filters and pages.

use chrono::{DateTime, Duration, TimeZone, Utc};
use drape_domain::orders::{remaining, HistoryFilter, OrderStatus, TimePeriod};
use drape_domain::refunds::RefundRoute;
use drape_domain::returns::{Process, ReturnStatus};
use drape_domain::wallet::EntryKind;
use drape_store::cancellations::CancelOutcome;
use drape_store::carts::{CartLine, CartOwner};
use drape_store::checkout::{NewOrder, PlaceOutcome, PlacedLine, PlacedOrder};
use drape_store::offers::NewCoupon;
use drape_store::order_history::HistoryQuery;
use drape_store::order_status::{Move, SHOPPER, SYSTEM};
use drape_store::returns::{NewReturn, ReturnLine, ReturnOutcome, ReturnStep};
use drape_store::testing::TestDb;
use drape_store::Store;

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap()
}

struct Shop {
    product_id: i64,
    size_id: i64,
    size_sku: String,
}

async fn shop(s: &Store) -> Shop {
    s.seed_demo(now()).await.unwrap();
    let p = s.product_by_slug("everyday-padded-t-shirt-bra-black").await.unwrap();
    let size = s.sizes(p.id).await.unwrap().remove(0);
    s.set_size_stock(&size.sku, 10).await.unwrap();
    Shop { product_id: p.id, size_id: size.id, size_sku: size.sku }
}

async fn stock(s: &Store, shop: &Shop) -> i64 {
    s.sizes(shop.product_id).await.unwrap().into_iter().find(|z| z.id == shop.size_id).unwrap().stock
}

/// Puts `quantity` pieces in the shopper's cart and places them as an order.
#[allow(clippy::too_many_arguments)]
async fn place(
    s: &Store,
    shop: &Shop,
    user_id: i64,
    quantity: i64,
    status: OrderStatus,
    mode: &str,
    wallet_used: i64,
    coupon: Option<(i64, String)>,
    at: DateTime<Utc>,
) -> PlacedOrder {
    let owner = CartOwner::Shopper(user_id);
    let line =
        CartLine { id: 0, product_id: shop.product_id, size_id: Some(shop.size_id), combo1_size_id: None, combo2_size_id: None, quantity, deal_id: None };
    s.add_to_cart(owner, &line, at).await.unwrap();
    let lines = s.cart_lines(owner).await.unwrap();
    let cart_id = s.cart_id(owner).await.unwrap().unwrap();
    let placed: Vec<PlacedLine> = lines
        .iter()
        .map(|l| PlacedLine {
            cart_line_id: Some(l.id),
            cart_quantity: l.quantity,
            product_id: l.product_id,
            sku: shop.size_sku.clone(),
            name: "Bra".into(),
            size_id: l.size_id,
            combo1_size_id: None,
            combo2_size_id: None,
            size_value: "34B".into(),
            combo1: String::new(),
            combo2: String::new(),
            quantity: l.quantity,
            price: 50_000,
            mrp: 60_000,
            paid: 50_000 * l.quantity,
            gst_rate: 5,
            gst: 2_381 * l.quantity,
        })
        .collect();
    let total: i64 = placed.iter().map(|l| l.paid).sum();
    let key = format!("k-{}-{}", user_id, at.timestamp_millis());
    let order = NewOrder {
        user_id,
        cart_id,
        status,
        payment_mode: mode.into(),
        lines: placed,
        address_json: "{}".into(),
        breakup_json: "{}".into(),
        total,
        wallet_used,
        to_pay: total - wallet_used,
        delivery_date: "2026-11-26".into(),
        coupon,
        affiliation_code: String::new(),
        affiliate_discount: 0,
        upgrade_option_id: None,
        cod_code_hash: None,
        idempotency_key: key.clone(),
        request_hash: key,
    };
    match s.place_order(&order, at).await.unwrap() {
        PlaceOutcome::Placed(o) => o,
        other => panic!("not placed: {other:?}"),
    }
}

async fn status(s: &Store, order_id: i64) -> String {
    s.order_by_id(order_id).await.unwrap().unwrap().status
}

/// The order's status is its last event's, and the events chain from one status to the next.
async fn assert_timeline_holds(s: &Store, order_id: i64) {
    let events = s.order_events(order_id).await.unwrap();
    assert!(!events.is_empty());
    assert_eq!(events[0].from_status, "");
    for pair in events.windows(2) {
        assert_eq!(pair[0].to_status, pair[1].from_status, "{events:?}");
    }
    assert_eq!(events.last().unwrap().to_status, status(s, order_id).await);
}

#[tokio::test]
async fn cancelling_a_cod_order_gives_back_stock_coupon_and_wallet_once() {
    for db in TestDb::all().await {
        let s = db.store.clone();
        let e = db.engine;
        let shop = shop(&s).await;
        let user = s.user_for_mobile("7200000011", now()).await.unwrap();
        s.wallet_entry(user.id, EntryKind::Credit, 20_000, "goodwill", None, now()).await.unwrap().unwrap();
        s.upsert_coupon(&NewCoupon {
            code: "ONCE",
            kind: "flat",
            amount: 10_000,
            cap: None,
            min_order: 0,
            starts_at: now() - Duration::days(1),
            ends_at: now() + Duration::days(10),
            max_uses_total: None,
            max_uses_per_shopper: Some(1),
            scope_kind: "all",
            scope_ids: "",
            description: "",
        })
        .await
        .unwrap();
        let coupon = s.coupon_by_code("ONCE").await.unwrap().unwrap();
        let order = place(&s, &shop, user.id, 2, OrderStatus::PendingConfirmation, "COD", 20_000, Some((coupon.id, "ONCE".into())), now()).await;
        assert_eq!(stock(&s, &shop).await, 8, "{e}");
        assert_eq!(s.coupon_usage(coupon.id, Some(user.id)).await.unwrap().by_shopper, 1, "{e}");
        assert!(matches!(s.move_order(order.id, OrderStatus::Verified, SYSTEM, "", now()).await.unwrap(), Move::Moved { .. }), "{e}");

        // A burst of the same cancel: one cancels, the rest find it cancelled.
        let mut tasks = Vec::new();
        for _ in 0..8 {
            let s = s.clone();
            tasks.push(tokio::spawn(async move { s.cancel_order(order.id, SHOPPER, "Ordered by mistake", RefundRoute::Wallet, now()).await.unwrap() }));
        }
        let mut cancelled = 0;
        for t in tasks {
            match t.await.unwrap() {
                CancelOutcome::Cancelled { from, refund, through_provider } => {
                    cancelled += 1;
                    assert_eq!(from, OrderStatus::Verified, "{e}");
                    assert_eq!((refund.to_wallet, refund.to_source), (20_000, 0), "{e}: only the wallet paid so far");
                    assert!(through_provider.is_empty(), "{e}");
                }
                CancelOutcome::AlreadyCancelled => {}
                other => panic!("{e}: {other:?}"),
            }
        }
        assert_eq!(cancelled, 1, "{e}");
        assert_eq!(status(&s, order.id).await, "Cancelled", "{e}");
        assert_eq!(stock(&s, &shop).await, 10, "{e}: both pieces back on sale");
        assert_eq!(s.coupon_usage(coupon.id, Some(user.id)).await.unwrap().by_shopper, 0, "{e}: the coupon is usable again");
        assert_eq!(s.wallet_balance(user.id).await.unwrap(), 20_000, "{e}: the wallet's part came back once");
        let events = s.order_events(order.id).await.unwrap();
        let moves: Vec<&str> = events.iter().map(|v| v.to_status.as_str()).collect();
        assert_eq!(moves, ["Pending confirmation", "Verified", "Cancelled"], "{e}");
        assert_eq!((events[2].actor.as_str(), events[2].note.as_str()), ("shopper", "Ordered by mistake"), "{e}");
        assert_timeline_holds(&s, order.id).await;
        let lines = s.lines_of(&[order.id]).await.unwrap();
        assert_eq!((lines[0].quantity, lines[0].cancelled_qty), (2, 2), "{e}");

        // Shipped orders cannot be cancelled; moves keep to the order's life.
        let shipped = place(&s, &shop, user.id, 1, OrderStatus::Verified, "COD", 0, None, now() + Duration::minutes(1)).await;
        assert_eq!(s.move_order(shipped.id, OrderStatus::Delivered, SYSTEM, "", now()).await.unwrap(), Move::NotAllowed { from: OrderStatus::Verified }, "{e}");
        assert!(matches!(s.move_order(shipped.id, OrderStatus::Picked, SYSTEM, "", now()).await.unwrap(), Move::Moved { .. }), "{e}");
        assert!(matches!(s.ship_order(shipped.id, "Delhivery", "DL123", SYSTEM, now()).await.unwrap(), Move::Moved { .. }), "{e}");
        assert_eq!(
            s.cancel_order(shipped.id, SHOPPER, "late", RefundRoute::Wallet, now()).await.unwrap(),
            CancelOutcome::NotCancellable { status: OrderStatus::Shipped },
            "{e}"
        );
        let row = s.order_by_id(shipped.id).await.unwrap().unwrap();
        assert_eq!((row.courier.as_str(), row.tracking_number.as_str()), ("Delhivery", "DL123"), "{e}");
        assert_eq!(stock(&s, &shop).await, 9, "{e}");
        // Back to the warehouse undelivered: the piece is on sale again.
        assert!(matches!(s.move_order(shipped.id, OrderStatus::RtoInitiated, SYSTEM, "", now()).await.unwrap(), Move::Moved { .. }), "{e}");
        assert!(matches!(s.move_order(shipped.id, OrderStatus::UndeliveredReturned, SYSTEM, "", now()).await.unwrap(), Move::Moved { .. }), "{e}");
        assert_eq!(stock(&s, &shop).await, 10, "{e}");
        assert_timeline_holds(&s, shipped.id).await;
        db.finish().await;
    }
}

#[tokio::test]
async fn a_prepaid_cancellation_owes_the_provider_refund_until_it_is_made() {
    for db in TestDb::all().await {
        let s = db.store.clone();
        let e = db.engine;
        let shop = shop(&s).await;
        let user = s.user_for_mobile("7200000012", now()).await.unwrap();
        s.wallet_entry(user.id, EntryKind::Credit, 10_000, "goodwill", None, now()).await.unwrap().unwrap();
        let order = place(&s, &shop, user.id, 2, OrderStatus::PendingPayment, "RAZORPAY", 10_000, None, now()).await;
        s.add_payment_attempt(order.id, "razorpay", "order_A", 90_000, "upi", now()).await.unwrap();
        s.payment_succeeded("razorpay", "order_A", "pay_A", "upi", now()).await.unwrap();

        let quote = s.cancel_quote(order.id).await.unwrap();
        assert_eq!((quote.wallet_used, quote.paid_online), (10_000, 90_000), "{e}");
        let CancelOutcome::Cancelled { refund, through_provider, .. } =
            s.cancel_order(order.id, SHOPPER, "Found it cheaper", RefundRoute::Source, now()).await.unwrap()
        else {
            panic!("{e}")
        };
        assert_eq!((refund.to_wallet, refund.to_source), (10_000, 90_000), "{e}");
        assert_eq!(through_provider.len(), 1, "{e}");
        let owed = &through_provider[0];
        assert_eq!((owed.provider.as_str(), owed.provider_payment_id.as_str(), owed.amount), ("razorpay", "pay_A", 90_000), "{e}");
        assert_eq!(s.wallet_balance(user.id).await.unwrap(), 10_000, "{e}");
        // Until the provider takes it, housekeeping finds it; once recorded, never again.
        assert_eq!(s.unpaid_source_refunds(now() + Duration::minutes(2), 10).await.unwrap().len(), 1, "{e}");
        assert!(s
            .record_refund(order.id, Some(owed.attempt_id), owed.amount, "prepaid", &owed.reason, Some("rfnd_1"), &owed.idempotency_key, now())
            .await
            .unwrap());
        assert!(s.unpaid_source_refunds(now() + Duration::minutes(2), 10).await.unwrap().is_empty(), "{e}");
        let owed_total: i64 = s.refund_state(order.id).await.unwrap().iter().map(|r| r.1).sum();
        assert_eq!(owed_total, 100_000, "{e}: never more than was paid");
        assert_timeline_holds(&s, order.id).await;
        db.finish().await;
    }
}

#[tokio::test]
async fn the_history_filters_by_status_and_time_and_pages_by_three() {
    for db in TestDb::all().await {
        let s = db.store.clone();
        let e = db.engine;
        let shop = shop(&s).await;
        let user = s.user_for_mobile("7200000013", now()).await.unwrap();
        let other = s.user_for_mobile("7200000014", now()).await.unwrap();
        // Seven orders over two years, newest last.
        let mut placed = Vec::new();
        for k in 0..7 {
            let at = now() - Duration::days(400) + Duration::days(60 * k);
            placed.push(place(&s, &shop, user.id, 1, OrderStatus::PendingConfirmation, "COD", 0, None, at).await);
        }
        place(&s, &shop, other.id, 1, OrderStatus::PendingConfirmation, "COD", 0, None, now()).await;
        s.move_order(placed[6].id, OrderStatus::Verified, SYSTEM, "", now()).await.unwrap();
        s.cancel_order(placed[5].id, SHOPPER, "changed my mind", RefundRoute::Wallet, now()).await.unwrap();

        let q = |filter: HistoryFilter, period: TimePeriod, page: i64| HistoryQuery {
            user_id: Some(user.id),
            order_ref: None,
            statuses: filter.statuses(),
            placed: period.range(now()),
            page,
            per_page: 3,
        };
        let all = s.order_history(&q(HistoryFilter::All, TimePeriod::All, 1)).await.unwrap();
        assert_eq!(all.matching, 7, "{e}: only the shopper's own");
        let ids: Vec<i64> = all.orders.iter().map(|o| o.id).collect();
        assert_eq!(ids, [placed[6].id, placed[5].id, placed[4].id], "{e}: newest first");
        let last = s.order_history(&q(HistoryFilter::All, TimePeriod::All, 3)).await.unwrap();
        assert_eq!(last.orders.iter().map(|o| o.id).collect::<Vec<_>>(), [placed[0].id], "{e}");
        assert!(s.order_history(&q(HistoryFilter::All, TimePeriod::All, 4)).await.unwrap().orders.is_empty(), "{e}");
        assert_eq!(s.order_history(&q(HistoryFilter::Cancelled, TimePeriod::All, 1)).await.unwrap().matching, 1, "{e}");
        assert_eq!(s.order_history(&q(HistoryFilter::OpenOrder, TimePeriod::All, 1)).await.unwrap().matching, 1, "{e}");
        assert_eq!(s.order_history(&q(HistoryFilter::PendingConfirmation, TimePeriod::All, 1)).await.unwrap().matching, 5, "{e}");
        assert_eq!(s.order_history(&q(HistoryFilter::Delivered, TimePeriod::All, 1)).await.unwrap().matching, 0, "{e}");
        // Placed 400, 340, ... 40 days ago: 2025 holds the first two (18 Oct 2025 and 17 Dec 2025).
        assert_eq!(s.order_history(&q(HistoryFilter::All, TimePeriod::Year(2025), 1)).await.unwrap().matching, 2, "{e}");
        assert_eq!(s.order_history(&q(HistoryFilter::All, TimePeriod::Last30Days, 1)).await.unwrap().matching, 0, "{e}");
        assert_eq!(s.order_history(&q(HistoryFilter::All, TimePeriod::Last6Months, 1)).await.unwrap().matching, 3, "{e}");
        let (count, first) = s.order_span(user.id).await.unwrap();
        assert_eq!((count, first), (7, Some((now() - Duration::days(400)).timestamp_millis())), "{e}");
        db.finish().await;
    }
}

async fn delivered(s: &Store, shop: &Shop, user_id: i64, quantity: i64, mode: &str, wallet_used: i64, at: DateTime<Utc>) -> PlacedOrder {
    let o = place(s, shop, user_id, quantity, OrderStatus::Verified, mode, wallet_used, None, at).await;
    s.move_order(o.id, OrderStatus::Picked, SYSTEM, "", at).await.unwrap();
    s.ship_order(o.id, "Delhivery", "DL1", SYSTEM, at).await.unwrap();
    assert!(matches!(s.move_order(o.id, OrderStatus::Delivered, SYSTEM, "", at).await.unwrap(), Move::Moved { .. }));
    o
}

#[allow(clippy::too_many_arguments)]
fn a_return(
    order: &PlacedOrder,
    user_id: i64,
    item: i64,
    process: Process,
    quantity: i64,
    exchange: Option<(i64, i64, String)>,
    route: &str,
    key: &str,
) -> NewReturn {
    NewReturn {
        order_id: order.id,
        user_id,
        lines: vec![ReturnLine { order_item_id: item, process, quantity, exchange }],
        reason: "Too small".into(),
        comment: String::new(),
        pickup_address_json: "{}".into(),
        refund_route: route.into(),
        bank: None,
        request_key: key.into(),
    }
}

#[tokio::test]
async fn two_requests_for_the_same_pieces_reserve_them_once() {
    for db in TestDb::all().await {
        let s = db.store.clone();
        let e = db.engine;
        let shop = shop(&s).await;
        let user = s.user_for_mobile("7200000021", now()).await.unwrap();
        let order = delivered(&s, &shop, user.id, 2, "COD", 0, now()).await;
        let item = s.lines_of(&[order.id]).await.unwrap()[0].id;
        // Eight tabs ask to return both pieces at once, each with its own key: one wins.
        let mut tasks = Vec::new();
        for k in 0..8 {
            let s = s.clone();
            let r = a_return(&order, user.id, item, Process::Return, 2, None, "wallet", &format!("tab-{k}"));
            tasks.push(tokio::spawn(async move { s.request_return(&r, now()).await.unwrap() }));
        }
        let mut won = Vec::new();
        for t in tasks {
            match t.await.unwrap() {
                ReturnOutcome::Requested(r) => won.push(r),
                ReturnOutcome::TooMany { order_item_id } => assert_eq!(order_item_id, item, "{e}"),
                other => panic!("{e}: {other:?}"),
            }
        }
        assert_eq!(won.len(), 1, "{e}");
        assert_eq!(won[0].refund_amount, 100_000, "{e}: what the two pieces were paid");
        let line = &s.lines_of(&[order.id]).await.unwrap()[0];
        assert_eq!(line.returned_qty, 2, "{e}");
        // The same submit again finds the same request.
        let again = s.request_return(&a_return(&order, user.id, item, Process::Return, 2, None, "wallet", "tab-0"), now()).await.unwrap();
        let winner_key_replayed = matches!(&again, ReturnOutcome::Replayed(r) if r.id == won[0].id) || matches!(again, ReturnOutcome::TooMany { .. });
        assert!(winner_key_replayed, "{e}: {again:?}");
        // Another order's line is not this order's.
        let other = place(&s, &shop, user.id, 1, OrderStatus::Verified, "COD", 0, None, now() + Duration::minutes(1)).await;
        let other_item = s.lines_of(&[other.id]).await.unwrap()[0].id;
        assert_eq!(
            s.request_return(&a_return(&order, user.id, other_item, Process::Return, 1, None, "wallet", "x"), now()).await.unwrap(),
            ReturnOutcome::NotInOrder { order_item_id: other_item },
            "{e}"
        );
        db.finish().await;
    }
}

#[tokio::test]
async fn a_return_is_collected_checked_and_refunded_once() {
    for db in TestDb::all().await {
        let s = db.store.clone();
        let e = db.engine;
        let shop = shop(&s).await;
        let user = s.user_for_mobile("7200000022", now()).await.unwrap();
        s.wallet_entry(user.id, EntryKind::Credit, 10_000, "goodwill", None, now()).await.unwrap().unwrap();
        let order = delivered(&s, &shop, user.id, 2, "COD", 10_000, now()).await;
        let item = s.lines_of(&[order.id]).await.unwrap()[0].id;
        assert_eq!(stock(&s, &shop).await, 8, "{e}");
        let ReturnOutcome::Requested(r) = s.request_return(&a_return(&order, user.id, item, Process::Return, 1, None, "wallet", "k1"), now()).await.unwrap()
        else {
            panic!("{e}")
        };
        assert_eq!(r.refund_amount, 50_000, "{e}");
        // Steps out of order are refused.
        assert_eq!(s.approve_return(r.id, SYSTEM, now()).await.unwrap().0, ReturnStep::NotAllowed { from: ReturnStatus::Requested }, "{e}");
        assert!(matches!(s.schedule_pickup(r.id, "2026-11-24", "Delhivery", SYSTEM, now()).await.unwrap(), ReturnStep::Done { .. }), "{e}");
        assert!(matches!(s.mark_picked_up(r.id, SYSTEM, now()).await.unwrap(), ReturnStep::Done { .. }), "{e}");
        assert!(matches!(s.receive_return(r.id, true, SYSTEM, now()).await.unwrap(), ReturnStep::Done { .. }), "{e}");
        assert_eq!(stock(&s, &shop).await, 9, "{e}: the sellable piece is back on sale");
        let (step, owed) = s.approve_return(r.id, SYSTEM, now()).await.unwrap();
        assert!(matches!(step, ReturnStep::Done { .. }) && owed.is_empty(), "{e}");
        assert_eq!(s.wallet_balance(user.id).await.unwrap(), 50_000, "{e}: refunded to the wallet");
        assert_eq!(s.return_by_id(r.id).await.unwrap().unwrap().status, "refunded", "{e}");
        assert_eq!(s.approve_return(r.id, SYSTEM, now()).await.unwrap().0, ReturnStep::NotAllowed { from: ReturnStatus::Refunded }, "{e}");
        assert_eq!(status(&s, order.id).await, "Delivered", "{e}: one piece is still with the shopper");

        // The second piece, to the bank: owed until the operator records the transfer.
        let ReturnOutcome::Requested(r2) = s.request_return(&a_return(&order, user.id, item, Process::Return, 1, None, "bank", "k2"), now()).await.unwrap()
        else {
            panic!("{e}")
        };
        s.schedule_pickup(r2.id, "2026-11-25", "Delhivery", SYSTEM, now()).await.unwrap();
        s.mark_picked_up(r2.id, SYSTEM, now()).await.unwrap();
        s.receive_return(r2.id, false, SYSTEM, now()).await.unwrap();
        assert_eq!(stock(&s, &shop).await, 9, "{e}: a damaged piece stays off sale");
        s.approve_return(r2.id, SYSTEM, now()).await.unwrap();
        assert_eq!(status(&s, order.id).await, "Sales Returned", "{e}: every piece came back");
        assert!(matches!(s.record_bank_refund(r2.id, "NEFT-UTR-123", SYSTEM, now()).await.unwrap(), ReturnStep::Done { .. }), "{e}");
        assert!(matches!(s.record_bank_refund(r2.id, "NEFT-UTR-123", SYSTEM, now()).await.unwrap(), ReturnStep::NotAllowed { .. }), "{e}: once");
        let refunds = s.refunds_of(order.id).await.unwrap();
        assert_eq!(refunds.iter().map(|r| r.0).sum::<i64>(), 100_000, "{e}: never more than the order was paid");
        assert_timeline_holds(&s, order.id).await;
        db.finish().await;
    }
}

#[tokio::test]
async fn an_exchange_holds_the_new_size_and_a_decline_gives_everything_back() {
    for db in TestDb::all().await {
        let s = db.store.clone();
        let e = db.engine;
        let shop = shop(&s).await;
        let user = s.user_for_mobile("7200000023", now()).await.unwrap();
        let order = delivered(&s, &shop, user.id, 1, "COD", 0, now()).await;
        let item = s.lines_of(&[order.id]).await.unwrap()[0].id;
        let other_size = s.sizes(shop.product_id).await.unwrap().into_iter().find(|z| z.id != shop.size_id).unwrap();
        s.set_size_stock(&other_size.sku, 1).await.unwrap();
        let swap = Some((shop.product_id, other_size.id, other_size.value.clone()));
        let ReturnOutcome::Requested(r) =
            s.request_return(&a_return(&order, user.id, item, Process::Exchange, 1, swap.clone(), "none", "x1"), now()).await.unwrap()
        else {
            panic!("{e}")
        };
        assert_eq!(r.refund_amount, 0, "{e}");
        let exchange_ref = r.exchange_order_ref.clone().expect("an exchange order");
        let exchange_id = s.order_id_by_ref(&exchange_ref).await.unwrap().unwrap();
        let ex = s.order_by_id(exchange_id).await.unwrap().unwrap();
        assert_eq!((ex.status.as_str(), ex.total, ex.parent_order_id), ("Hold", 0, Some(order.id)), "{e}");
        let sizes = s.sizes(shop.product_id).await.unwrap();
        assert_eq!(sizes.iter().find(|z| z.id == other_size.id).unwrap().stock, 0, "{e}: the new size is held");
        // Nothing left of that size for a second exchange.
        let line = &s.lines_of(&[order.id]).await.unwrap()[0];
        assert_eq!((line.exchanged_qty, remaining(line.quantity, line.cancelled_qty, line.returned_qty, line.exchanged_qty)), (1, 0), "{e}");

        assert!(matches!(s.decline_return(r.id, "The tag was removed", SYSTEM, now()).await.unwrap(), ReturnStep::Done { .. }), "{e}");
        let sizes = s.sizes(shop.product_id).await.unwrap();
        assert_eq!(sizes.iter().find(|z| z.id == other_size.id).unwrap().stock, 1, "{e}: the new size is back on sale");
        assert_eq!(status(&s, exchange_id).await, "Cancelled", "{e}");
        assert_eq!(s.lines_of(&[order.id]).await.unwrap()[0].exchanged_qty, 0, "{e}: the piece is the shopper's again");
        // Sold out since: the request places nothing.
        let sold_out = s.request_return(&a_return(&order, user.id, item, Process::Exchange, 1, swap.clone(), "none", "x2"), now()).await.unwrap();
        assert!(matches!(sold_out, ReturnOutcome::Requested(_)), "{e}: the size came back, so it can be asked again");
        let third = s.request_return(&a_return(&order, user.id, item, Process::Exchange, 1, swap, "none", "x3"), now()).await.unwrap();
        assert!(matches!(third, ReturnOutcome::TooMany { .. }), "{e}: {third:?}");
        // The new size sold out: nothing is reserved.
        let second = delivered(&s, &shop, user.id, 1, "COD", 0, now() + Duration::minutes(2)).await;
        let second_item = s.lines_of(&[second.id]).await.unwrap()[0].id;
        let swap = Some((shop.product_id, other_size.id, other_size.value.clone()));
        assert_eq!(
            s.request_return(&a_return(&second, user.id, second_item, Process::Exchange, 1, swap, "none", "x4"), now()).await.unwrap(),
            ReturnOutcome::SizeSoldOut { size_id: other_size.id },
            "{e}"
        );
        assert_eq!(s.lines_of(&[second.id]).await.unwrap()[0].exchanged_qty, 0, "{e}");
        assert_timeline_holds(&s, exchange_id).await;
        db.finish().await;
    }
}

#[tokio::test]
async fn an_order_back_undelivered_or_lost_gives_its_money_back() {
    for db in TestDb::all().await {
        let s = db.store.clone();
        let e = db.engine;
        let shop = shop(&s).await;
        let user = s.user_for_mobile("7200000031", now()).await.unwrap();
        let ship = |o: i64| {
            let s = s.clone();
            async move {
                s.move_order(o, OrderStatus::Picked, SYSTEM, "", now()).await.unwrap();
                s.ship_order(o, "Delhivery", "DL9", SYSTEM, now()).await.unwrap();
            }
        };
        // Paid online, back undelivered: the stock returns and the payment is owed back through the provider.
        let rto = place(&s, &shop, user.id, 2, OrderStatus::PendingPayment, "RAZORPAY", 0, None, now()).await;
        s.add_payment_attempt(rto.id, "razorpay", "order_R", 100_000, "upi", now()).await.unwrap();
        s.payment_succeeded("razorpay", "order_R", "pay_R", "upi", now()).await.unwrap();
        ship(rto.id).await;
        assert_eq!(stock(&s, &shop).await, 8, "{e}");
        s.move_order(rto.id, OrderStatus::RtoInitiated, SYSTEM, "", now()).await.unwrap();
        assert!(
            matches!(s.move_order(rto.id, OrderStatus::UndeliveredReturned, SYSTEM, "back at the warehouse", now()).await.unwrap(), Move::Moved { .. }),
            "{e}"
        );
        assert_eq!(stock(&s, &shop).await, 10, "{e}: back on sale");
        let owed = s.unpaid_source_refunds_of(rto.id).await.unwrap();
        assert_eq!((owed.len(), owed[0].amount), (1, 100_000), "{e}");
        assert_eq!(s.lines_of(&[rto.id]).await.unwrap()[0].cancelled_qty, 2, "{e}");
        assert_eq!(
            s.move_order(rto.id, OrderStatus::UndeliveredReturned, SYSTEM, "", now()).await.unwrap(),
            Move::NotAllowed { from: OrderStatus::UndeliveredReturned },
            "{e}: once"
        );
        assert_eq!(s.unpaid_source_refunds_of(rto.id).await.unwrap().len(), 1, "{e}");

        // Part paid from the wallet, lost in transit: the wallet's part back at once; the stock stays gone.
        s.wallet_entry(user.id, EntryKind::Credit, 10_000, "goodwill", None, now()).await.unwrap().unwrap();
        let lost = place(&s, &shop, user.id, 1, OrderStatus::Verified, "COD", 10_000, None, now() + Duration::minutes(1)).await;
        ship(lost.id).await;
        assert!(matches!(s.move_order(lost.id, OrderStatus::LostOrder, SYSTEM, "lost by the courier", now()).await.unwrap(), Move::Moved { .. }), "{e}");
        assert_eq!(s.wallet_balance(user.id).await.unwrap(), 10_000, "{e}");
        assert_eq!(stock(&s, &shop).await, 9, "{e}: a lost piece is not back on sale");
        assert_timeline_holds(&s, rto.id).await;
        assert_timeline_holds(&s, lost.id).await;
        db.finish().await;
    }
}

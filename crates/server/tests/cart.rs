//! The cart page's calls: pricing through the offers engine, quantity, removal, coupons, gift wrap,
//! and only ever the visitor's own cart.

mod common;

use common::*;
use serde_json::json;

async fn cart_with(app: &TestApp, b: &mut Browser, slug: &str, qty: i64) -> (i64, i64) {
    let p = app.db.store.product_by_slug(slug).await.unwrap();
    let size = app.db.store.sizes(p.id).await.unwrap().into_iter().find(|s| s.stock >= qty.max(3)).unwrap();
    let r = b.post(app, "/api/v3/cart-items/", json!({"product": p.id, "quantity": qty, "size": size.value})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let info = b.get(app, "/get/view-cart-info/").await.json();
    (info["cart_id"].as_i64().unwrap(), r.json()["item_id"].as_i64().unwrap())
}

#[tokio::test]
async fn the_cart_is_priced_and_changed_by_its_owner_only() {
    let app = app().await;
    let mut b = Browser::new();
    assert_eq!(b.get(&app, "/get/view-cart-info/").await.json(), json!({"cart_id": null, "cart_quantity": 0}));
    let (cart_id, line) = cart_with(&app, &mut b, "everyday-padded-t-shirt-bra-black", 2).await;
    let c = b.get(&app, &format!("/api/v4/carts-new/{cart_id}")).await.json();
    let item = &c["cart_items"][0];
    assert_eq!(item["product_detail"]["sku"], "BR1001-BLK");
    assert_eq!(item["stock"]["status"], 1);
    assert_eq!(c["cart_attr"]["subtotal"], 159_800);
    // Two T-shirt bras fall under "any 2 for ₹1,499".
    assert_eq!(c["cart_attr"]["bundle_discount"], 9_900);
    assert_eq!(c["cart_attr"]["total_ui"], "₹1,499");
    assert_eq!(c["shipping_info"]["title_text"], "Yay! You get free shipping on this order");
    assert_eq!(c["event_data"]["cart_items_count"], 2);

    let changed = b.json(&app, "PATCH", &format!("/api/v4/cart-items-new/{line}/"), json!({"quantity": 3})).await.json();
    assert_eq!(changed["cart_attr"]["pieces"], 3);
    assert_eq!(
        b.json(&app, "PATCH", &format!("/api/v4/cart-items-new/{line}/"), json!({"quantity": 0})).await.assert_error(400)["fields"]["quantity"],
        "Please choose a quantity of 1 or more"
    );
    b.json(&app, "PATCH", &format!("/api/v4/cart-items-new/{line}/"), json!({"quantity": 9})).await.assert_error(400);
    b.json(&app, "PATCH", &format!("/api/v4/cart-items-new/{line}/"), json!({"quantity": "x"})).await.assert_error(400);

    // Another shopper can neither read nor change this cart or its lines.
    let mut other = Browser::new();
    other.get(&app, &format!("/api/v4/carts-new/{cart_id}")).await.assert_error(404);
    cart_with(&app, &mut other, "cotton-non-padded-bra-black", 1).await;
    other.get(&app, &format!("/api/v4/carts-new/{cart_id}")).await.assert_error(404);
    other.json(&app, "PATCH", &format!("/api/v4/cart-items-new/{line}/"), json!({"quantity": 1})).await.assert_error(404);
    other.json(&app, "DELETE", &format!("/api/v4/cart-items-new/{line}/"), json!({})).await.assert_error(404);
    other.json(&app, "POST", &format!("/api/v4/carts-new/{cart_id}/gift-wrap/"), json!({})).await.assert_error(404);
    assert_eq!(b.get(&app, "/cart_dropdown_mobile_ajax/").await.json()["cart_quantity"], 3, "untouched");

    let wrapped = b.json(&app, "POST", &format!("/api/v4/carts-new/{cart_id}/gift-wrap/"), json!({})).await.json();
    assert_eq!(wrapped["cart_attr"]["gift_wrap"], true);
    assert_eq!(wrapped["cart_attr"]["total"].as_i64().unwrap(), 149_900 + 79_900 + wrapped["cart_attr"]["gift_wrap_charge"].as_i64().unwrap());
    let unwrapped = b.json(&app, "DELETE", &format!("/api/v4/carts-new/{cart_id}/delete-gift-wrap/"), json!({})).await.json();
    assert_eq!(unwrapped["cart_attr"]["gift_wrap_charge"], 0);

    let emptied = b.json(&app, "DELETE", &format!("/api/v4/cart-items-new/{line}/"), json!({})).await.json();
    assert_eq!(emptied["cart_items"], json!([]));
    assert_eq!(emptied["cart_attr"]["total"], 0);
    b.json(&app, "DELETE", &format!("/api/v4/cart-items-new/{line}/"), json!({})).await.assert_error(404);
    b.json(&app, "POST", &format!("/api/v4/carts-new/{cart_id}/gift-wrap/"), json!({})).await.assert_error(400);
}

#[tokio::test]
async fn coupons_apply_or_say_why_not() {
    let app = app().await;
    let mut b = Browser::new();
    let (cart_id, line) = cart_with(&app, &mut b, "cotton-non-padded-bra-black", 1).await;
    let url = |q: &str| format!("/api/v4/carts-new/{cart_id}?{q}");
    assert_eq!(b.get(&app, &url("coupon_code=WELCOME10")).await.assert_error(400)["message"], "This coupon needs a minimum order of ₹999.");
    assert_eq!(b.get(&app, &url("coupon_code=SUMMER50")).await.assert_error(400)["message"], "This coupon has expired.");
    assert_eq!(b.get(&app, &url("coupon_code=NEWYEAR25")).await.assert_error(400)["message"], "This coupon is not active yet.");
    assert_eq!(b.get(&app, &url("coupon_code=NOPE")).await.assert_error(400)["message"], "This coupon code is not valid.");
    assert_eq!(b.get(&app, &url("coupon_code=%3Cscript%3E")).await.assert_error(400)["message"], "Coupon codes are up to 20 letters and digits.");
    assert_eq!(b.get(&app, &url("")).await.json()["cart_attr"]["coupon_code"], "", "refused coupons are not kept");
    assert_eq!(b.get(&app, &url("affiliation_code=PARTNER1")).await.assert_error(400)["message"], "This affiliation code is not valid.");
    assert_eq!(b.get(&app, &url("coupon_code=&affiliation_code=&upgrade_selected_option=")).await.status, 200, "empty parameters are fine");

    let bra15 = b.get(&app, &url("coupon_code=bra15")).await.json();
    assert_eq!(bra15["cart_attr"]["coupon_code"], "BRA15");
    let price = bra15["cart_attr"]["subtotal"].as_i64().unwrap();
    let off = |v: i64| v * 15 / 100 / 100 * 100;
    assert_eq!(bra15["cart_attr"]["coupon_discount"].as_i64().unwrap(), off(price));
    assert_eq!(bra15["cart_attr"]["total"].as_i64().unwrap(), price - off(price));
    // The cart event data names the coupon, what the shopper would pay, and the discount off MRP.
    let ev = &bra15["event_data"];
    assert_eq!(ev["coupon_data"], "BRA15");
    assert_eq!(ev["total_value"].as_f64().unwrap(), (price - off(price)) as f64 / 100.0);
    let mrp = bra15["cart_items"][0]["mrp"].as_i64().unwrap();
    assert_eq!(ev["discount_avg"].as_f64().unwrap(), ((mrp - price) as f64 * 10_000.0 / mrp as f64).round() / 100.0);
    assert!(ev["discount_avg"].as_f64().unwrap() > 0.0);
    // Kept on later calls, and removable.
    let again = b.json(&app, "PATCH", &format!("/api/v4/cart-items-new/{line}/"), json!({"quantity": 2})).await.json();
    assert_eq!(again["cart_attr"]["coupon_discount"].as_i64().unwrap(), off(2 * price));
    let removed = b.get(&app, &url("iscouponremove=1")).await.json();
    assert_eq!((removed["cart_attr"]["coupon_code"].as_str(), removed["cart_attr"]["coupon_discount"].as_i64()), (Some(""), Some(0)));
}

#[tokio::test]
async fn three_panties_for_699_and_how_far_the_cart_is_from_offers() {
    let app = app().await;
    let panty = app.db.store.list_products(Some(&[201]), 1, 0).await.unwrap().products.remove(0);
    let mut b = Browser::new();
    let (cart_id, line) = cart_with(&app, &mut b, &panty.slug, 2).await;
    let two = b.get(&app, &format!("/api/v4/carts-new/{cart_id}")).await.json();
    let remaining = two["remaining_offers"]["result"].as_array().unwrap();
    assert!(remaining.iter().any(|r| r["pieces_short"] == 1 && r["message"].as_str().unwrap().starts_with("Add 1 more")), "{remaining:?}");
    let three = b.json(&app, "PATCH", &format!("/api/v4/cart-items-new/{line}/"), json!({"quantity": 3})).await.json();
    assert_eq!(three["cart_attr"]["bundle_discount"].as_i64().unwrap(), 3 * panty.price - 69_900);
    assert_eq!(three["cart_attr"]["total"].as_i64().unwrap(), 69_900);
    assert_eq!(b.get(&app, "/check-cart-stock/").await.json(), json!({"status": "ok", "out_of_stock": []}));
    // A line whose stock runs out is shown, not charged, and reported.
    let size = app.db.store.sizes(panty.id).await.unwrap();
    for s in &size {
        app.db.store.set_size_stock(&s.sku, 0).await.unwrap();
    }
    let gone = b.get(&app, &format!("/api/v4/carts-new/{cart_id}")).await.json();
    assert_eq!(gone["cart_items"][0]["stock"]["status"], 0);
    assert_eq!(gone["cart_attr"]["total"], 0);
    assert_eq!(b.get(&app, "/check-cart-stock/").await.json()["out_of_stock"], json!([line]));
}

#[tokio::test]
async fn out_of_stock_lines_move_to_the_wishlist_in_one_step() {
    let app = app().await;
    let mut b = Browser::new();
    let who = b.login(&app, "9123400010").await;
    let user_id = who["user"]["id"].as_i64().unwrap();
    let (cart_id, _) = cart_with(&app, &mut b, "everyday-padded-t-shirt-bra-black", 1).await;
    let (_, keep) = cart_with(&app, &mut b, "cotton-non-padded-bra-black", 1).await;
    let p = app.db.store.product_by_slug("everyday-padded-t-shirt-bra-black").await.unwrap();
    for s in app.db.store.sizes(p.id).await.unwrap() {
        app.db.store.set_size_stock(&s.sku, 0).await.unwrap();
    }
    let mut guest = Browser::new();
    guest
        .json(&app, "DELETE", &format!("/api/v4/carts-new/{cart_id}/delete-oos-cart-items/?product_ids={}&isWishList=1", p.id), json!({}))
        .await
        .assert_error(404);
    b.json(&app, "DELETE", &format!("/api/v4/carts-new/{cart_id}/delete-oos-cart-items/?product_ids=x"), json!({})).await.assert_error(400);
    let after = b.json(&app, "DELETE", &format!("/api/v4/carts-new/{cart_id}/delete-oos-cart-items/?product_ids={}&isWishList=1", p.id), json!({})).await;
    assert_eq!(after.status, 200, "{}", after.text);
    let items = after.json()["cart_items"].as_array().unwrap().clone();
    assert_eq!(items.len(), 1);
    assert_eq!(items[0]["id"], keep);
    let wl = b.get(&app, "/api/v3/wishlist/").await.json();
    assert_eq!(wl["wishlist_count"], 1);
    assert_eq!(wl["items"][0]["product"]["id"], p.id);
    assert_eq!(app.db.store.wishlist_count(user_id).await.unwrap(), 1);

    // The wishlist is the shopper's own: others cannot list or remove its entries.
    let entry = wl["items"][0]["id"].as_i64().unwrap();
    Browser::new().get(&app, "/api/v3/wishlist/").await.assert_error(401);
    let mut other = Browser::new();
    other.login(&app, "9123400011").await;
    assert_eq!(other.get(&app, "/api/v3/wishlist/").await.json()["items"], json!([]));
    other.json(&app, "DELETE", &format!("/api/v3/wishlist/{entry}/"), json!({})).await.assert_error(404);
    other.get(&app, &format!("/api/v3/webengage-cart/{cart_id}/")).await.assert_error(404);
    assert_eq!(b.get(&app, &format!("/api/v3/webengage-cart/{cart_id}/")).await.json()["cart_items_count"], 1);
    let emptied = b.json(&app, "DELETE", &format!("/api/v3/wishlist/{entry}/"), json!({})).await.json();
    assert_eq!(emptied["wishlist_count"], 0);
}

#[tokio::test]
async fn gifts_need_the_minimum_and_a_granted_size() {
    let app = app().await;
    let mut b = Browser::new();
    let (cart_id, line) = cart_with(&app, &mut b, "cotton-non-padded-bra-black", 1).await;
    let cart = b.get(&app, &format!("/api/v4/carts-new/{cart_id}")).await.json();
    let gifts = cart["cart_paid_gift_details"].as_array().unwrap().clone();
    let free = gifts.iter().find(|g| g["price"] == 0).expect("a free gift offer").clone();
    let paid = gifts.iter().find(|g| g["price"].as_i64().unwrap() > 0).expect("a paid gift offer").clone();
    assert_eq!(free["eligible"], false);
    let sizes = b.get(&app, &format!("/api/v3/cart-items/get-cart-gift-sizes/?paid_gift_offer_id={}", free["id"])).await.json();
    let size = sizes["sizes"][0]["value"].as_str().unwrap().to_string();
    b.get(&app, "/api/v3/cart-items/get-cart-gift-sizes/?paid_gift_offer_id=99999").await.assert_error(404);

    let short = b.post(&app, "/api/v3/carts-new/null/save-free-gift-size/", json!({"gift_offer_id": free["id"], "size": size})).await;
    assert!(short.assert_error(400)["message"].as_str().unwrap().starts_with("Add ₹"));
    // Grow the cart past the free gift's minimum (₹1,999).
    b.json(&app, "PATCH", &format!("/api/v4/cart-items-new/{line}/"), json!({"quantity": 4})).await;
    b.post(&app, "/api/v3/carts-new/null/save-free-gift-size/", json!({"gift_offer_id": free["id"], "size": "99Z"})).await.assert_error(400);
    b.post(&app, "/api/v3/carts-new/null/save-free-gift-size/", json!({"gift_offer_id": paid["id"], "size": size})).await.assert_error(400);
    let taken = b.post(&app, "/api/v3/carts-new/null/save-free-gift-size/", json!({"gift_offer_id": free["id"], "size": size})).await;
    assert_eq!(taken.status, 200, "{}", taken.text);
    let t = taken.json();
    let g = t["cart_paid_gift_details"].as_array().unwrap().iter().find(|g| g["id"] == free["id"]).unwrap().clone();
    assert_eq!((g["eligible"].as_bool(), g["chosen_size"].as_str()), (Some(true), Some(size.as_str())));
    assert_eq!(t["cart_attr"]["gifts"], 0, "a free gift is free");

    let paid_sizes = b.get(&app, &format!("/api/v3/cart-items/get-cart-gift-sizes/?paid_gift_offer_id={}", paid["id"])).await.json();
    let psize = paid_sizes["sizes"][0]["value"].as_str().unwrap().to_string();
    let with_paid = b.post(&app, "/api/v3/cart-items/cart-paid-gift-add/", json!({"paid_gift_offer_id": paid["id"], "size": psize})).await.json();
    assert_eq!(with_paid["cart_attr"]["gifts"], paid["price"]);
    let dropped = b.post(&app, "/api/v3/cart-items/cart-paid-gift-add/", json!({"paid_gift_offer_id": paid["id"], "size": null})).await.json();
    assert_eq!(dropped["cart_attr"]["gifts"], 0);
    // Someone without a cart cannot take gifts.
    Browser::new().post(&app, "/api/v3/carts-new/null/save-free-gift-size/", json!({"gift_offer_id": free["id"], "size": size})).await.assert_error(404);
}

#[tokio::test]
async fn last_minute_deals_and_view_offers() {
    let app = app().await;
    let mut b = Browser::new();
    let (cart_id, _) = cart_with(&app, &mut b, "cotton-non-padded-bra-black", 1).await;
    let deals = b.get(&app, &format!("/api/v3/carts/{cart_id}/last-minute-deals/")).await.json();
    let d = deals["deals"][0].clone();
    let (deal_id, product_id) = (d["id"].as_i64().unwrap(), d["product"]["id"].as_i64().unwrap());
    let size = d["sizes"][0].as_str().unwrap().to_string();
    let before = b.get(&app, &format!("/api/v4/carts-new/{cart_id}")).await.json()["cart_attr"]["total"].as_i64().unwrap();
    let added = b.post(&app, "/api/v3/cart-items/", json!({"product": product_id, "quantity": 1, "size": size, "deal": deal_id})).await;
    assert_eq!(added.status, 200, "{}", added.text);
    let after = b.get(&app, &format!("/api/v4/carts-new/{cart_id}")).await.json();
    let deal_line = after["cart_items"].as_array().unwrap().iter().find(|i| i["is_deal"] == true).unwrap().clone();
    assert_eq!(deal_line["unit_price"], d["deal_price"]);
    assert_eq!(after["cart_attr"]["total"].as_i64().unwrap(), before + d["deal_price"].as_i64().unwrap());
    b.post(&app, "/api/v3/cart-items/", json!({"product": product_id, "quantity": 1, "size": size, "deal": deal_id})).await.assert_error(400);
    let deal_item = deal_line["id"].as_i64().unwrap();
    b.json(&app, "PATCH", &format!("/api/v4/cart-items-new/{deal_item}/"), json!({"quantity": 2})).await.assert_error(400);
    b.post(&app, "/api/v3/cart-items/", json!({"product": product_id + 1, "quantity": 1, "size": size, "deal": deal_id})).await.assert_error(400);
    assert_eq!(b.get(&app, &format!("/api/v3/carts/{cart_id}/last-minute-deals/")).await.json()["deals"][0]["in_cart"], true);

    let offers = b.get(&app, &format!("/api/v4/carts-new/{cart_id}/get-view-offers-data/")).await.json();
    let coupons = offers["coupons"].as_array().unwrap();
    let bra15 = coupons.iter().find(|c| c["code"] == "BRA15").unwrap();
    assert_eq!(bra15["applicable"], true);
    let welcome = coupons.iter().find(|c| c["code"] == "WELCOME10").unwrap();
    assert_eq!((welcome["applicable"].as_bool(), welcome["reason"].as_str()), (Some(false), Some("This coupon needs a minimum order of ₹999.")));
    assert!(!coupons.iter().any(|c| c["code"] == "SUMMER50"), "ended coupons are not offered");
    let mut other = Browser::new();
    other.get(&app, &format!("/api/v4/carts-new/{cart_id}/get-view-offers-data/")).await.assert_error(404);
    other.get(&app, &format!("/api/v3/carts/{cart_id}/last-minute-deals/")).await.assert_error(404);
}

#[tokio::test]
async fn upgrade_offers_replace_the_coupon_and_only_when_the_cart_reaches_them() {
    let app = app().await;
    let mut b = Browser::new();
    // Two T-shirt bras: ₹1,598, "any 2 for ₹1,499" → ₹1,499 after bundle prices.
    let (cart_id, line) = cart_with(&app, &mut b, "everyday-padded-t-shirt-bra-black", 2).await;
    let url = |q: &str| format!("/api/v4/carts-new/{cart_id}?{q}");
    let c = b.get(&app, &url("")).await.json();
    let options = c["upgrade_offer_values"]["options"].as_array().unwrap().clone();
    assert_eq!(options.len(), 3);
    assert_eq!(
        (options[0]["unlocked"].as_bool(), options[1]["unlocked"].as_bool(), options[1]["amount_short"].as_i64()),
        (Some(true), Some(false), Some(100_000))
    );
    assert_eq!(c["upgrade_offer_values"]["offer_upgrade_message"], "Your cart unlocks an upgrade: ₹100 off orders of ₹1,299. Take it in place of a coupon.");
    let (first, second) = (options[0]["id"].as_i64().unwrap(), options[1]["id"].as_i64().unwrap());

    assert_eq!(b.get(&app, &url("coupon_code=FLAT200")).await.json()["cart_attr"]["coupon_discount"], 20_000);
    // Refused choices change nothing.
    assert_eq!(
        b.get(&app, &url(&format!("upgrade_selected_option={second}"))).await.assert_error(400)["message"],
        "Add ₹1,000 more to your cart to take this upgrade."
    );
    assert_eq!(
        b.get(&app, &url("upgrade_selected_option=abc")).await.assert_error(400)["fields"]["upgrade_selected_option"],
        "Choose an upgrade from the list."
    );
    assert_eq!(b.get(&app, &url("upgrade_selected_option=987654")).await.assert_error(400)["message"], "There is no such upgrade offer on this cart.");
    let kept = b.get(&app, &url("")).await.json();
    assert_eq!((kept["cart_attr"]["coupon_code"].as_str(), kept["upgrade_offer_values"]["selected_option"].as_i64()), (Some("FLAT200"), None));

    let upgraded = b.get(&app, &url(&format!("upgrade_selected_option={first}"))).await.json();
    assert_eq!(upgraded["cart_attr"]["upgrade_discount"], 10_000);
    assert_eq!(upgraded["cart_attr"]["coupon_discount"], 0);
    assert_eq!(upgraded["cart_attr"]["coupon_message"], "A coupon does not combine with an upgrade offer; remove the upgrade to use it.");
    assert_eq!(upgraded["cart_attr"]["total"], 139_900);
    assert_eq!(
        upgraded["upgrade_offer_values"]["offer_upgrade_message"],
        "Upgrade applied: ₹100 off orders of ₹1,299. Add ₹1,000 more to upgrade to ₹300 off orders of ₹2,499."
    );
    assert_eq!(upgraded["upgrade_offer_values"]["options"][0]["selected"], true);
    assert_eq!(
        b.get(&app, &url("coupon_code=BRA15")).await.assert_error(400)["message"],
        "A coupon does not combine with an upgrade offer; remove the upgrade to use it."
    );
    let offers = b.get(&app, &format!("/api/v4/carts-new/{cart_id}/get-view-offers-data/")).await.json();
    assert_eq!(offers["upgrades"].as_array().unwrap().len(), 3);
    assert!(offers["coupons"].as_array().unwrap().iter().all(|c| c["applicable"] == false), "no coupon fits while the upgrade is taken");

    // Another shopper cannot choose for this cart.
    let mut other = Browser::new();
    other.get(&app, "/healthz").await; // a browser that has loaded the shop: it holds a CSRF token
    other.get(&app, &url("upgrade_selected_option=0")).await.assert_error(404);
    // The cart shrinks below the rung: the choice is kept but gives nothing, and the coupon is back.
    let shrunk = b.json(&app, "PATCH", &format!("/api/v4/cart-items-new/{line}/"), json!({"quantity": 1})).await.json();
    assert_eq!((shrunk["cart_attr"]["upgrade_discount"].as_i64(), shrunk["upgrade_offer_values"]["selected_option"].as_i64()), (Some(0), Some(first)));
    assert!(shrunk["upgrade_offer_values"]["selected_message"].as_str().unwrap().starts_with("Add ₹"), "{}", shrunk["upgrade_offer_values"]);
    let back = b.json(&app, "PATCH", &format!("/api/v4/cart-items-new/{line}/?upgrade_selected_option=0"), json!({"quantity": 2})).await.json();
    assert_eq!((back["cart_attr"]["upgrade_discount"].as_i64(), back["cart_attr"]["coupon_discount"].as_i64()), (Some(0), Some(20_000)));
    assert_eq!(back["upgrade_offer_values"]["selected_option"], serde_json::Value::Null);
}

#[tokio::test]
async fn affiliation_codes_credit_a_partner_and_may_take_a_share_off() {
    let app = app().await;
    let mut b = Browser::new();
    let who = b.login(&app, "9811111112").await;
    let (cart_id, _) = cart_with(&app, &mut b, "everyday-padded-t-shirt-bra-black", 2).await;
    let url = |q: &str| format!("/api/v4/carts-new/{cart_id}?{q}");
    b.get(&app, &url("coupon_code=FLAT200")).await.json();
    let referred = b.get(&app, &url("affiliation_code=riyastyle")).await.json();
    assert_eq!(
        (referred["cart_attr"]["affiliation_code"].as_str(), referred["cart_attr"]["affiliate_name"].as_str()),
        (Some("RIYASTYLE"), Some("Riya's Style Notes"))
    );
    // 5% of what is left after the coupon (₹1,499 − ₹200 = ₹1,299) is ₹64.95: whole rupees, ₹64.
    assert_eq!(referred["cart_attr"]["affiliate_discount"], 6_400);
    assert_eq!(referred["cart_attr"]["total"], 129_900 - 6_400);
    assert_eq!(b.get(&app, &url("affiliation_code=DIWALIPARTNER")).await.assert_error(400)["message"], "This affiliation code has expired.");
    assert_eq!(b.get(&app, &url("affiliation_code=NOPE")).await.assert_error(400)["message"], "This affiliation code is not valid.");
    assert_eq!(b.get(&app, &url("affiliation_code=%3Cb%3E")).await.assert_error(400)["message"], "Affiliation codes are up to 20 letters and digits.");
    let mut other = Browser::new();
    other.get(&app, "/healthz").await; // a browser that has loaded the shop: it holds a CSRF token
    other.get(&app, &url("isaffiliateremove=1")).await.assert_error(404);
    assert_eq!(b.get(&app, &url("")).await.json()["cart_attr"]["affiliation_code"], "RIYASTYLE", "refusals and strangers change nothing");

    // A partner cannot use their own code.
    let now = app.clock_now();
    app.db
        .store
        .upsert_affiliate(&drape_store::upgrades::NewAffiliate {
            code: "MYPICKS",
            name: "My picks",
            percent: 10,
            cap: None,
            user_id: who["user"]["id"].as_i64(),
            starts_at: now - chrono::Duration::days(1),
            ends_at: now + chrono::Duration::days(1),
        })
        .await
        .unwrap();
    assert_eq!(b.get(&app, &url("affiliation_code=MYPICKS")).await.assert_error(400)["message"], "You cannot use your own affiliation code.");
    let removed = b.get(&app, &url("isaffiliateremove=1")).await.json();
    assert_eq!((removed["cart_attr"]["affiliation_code"].as_str(), removed["cart_attr"]["affiliate_discount"].as_i64()), (Some(""), Some(0)));

    // A guest who came through a partner keeps the credit after logging in.
    let mut guest = Browser::new();
    let (guest_cart, _) = cart_with(&app, &mut guest, "cotton-non-padded-bra-black", 1).await;
    let credited = guest.get(&app, &format!("/api/v4/carts-new/{guest_cart}?affiliation_code=FITWITHANU")).await.json();
    assert_eq!((credited["cart_attr"]["affiliate_discount"].as_i64(), credited["cart_attr"]["affiliate_message"].as_str()), (Some(0), Some("")));
    guest.login(&app, "9811111113").await;
    let info = guest.get(&app, "/get/view-cart-info/").await.json();
    let merged = guest.get(&app, &format!("/api/v4/carts-new/{}", info["cart_id"])).await.json();
    assert_eq!(merged["cart_attr"]["affiliation_code"], "FITWITHANU");
}

#[tokio::test]
async fn codes_sent_with_a_change_are_checked_first_and_a_refusal_changes_nothing() {
    let app = app().await;
    let mut b = Browser::new();
    let (cart_id, line) = cart_with(&app, &mut b, "everyday-padded-t-shirt-bra-black", 2).await;
    let refused = b.json(&app, "PATCH", &format!("/api/v4/cart-items-new/{line}/?coupon_code=SUMMER50"), json!({"quantity": 3})).await;
    assert_eq!(refused.assert_error(400)["message"], "This coupon has expired.");
    b.json(&app, "DELETE", &format!("/api/v4/cart-items-new/{line}/?affiliation_code=NOPE"), json!({})).await.assert_error(400);
    b.json(&app, "POST", &format!("/api/v4/carts-new/{cart_id}/gift-wrap/?upgrade_selected_option=987654"), json!({})).await.assert_error(400);
    b.json(&app, "DELETE", &format!("/api/v4/carts-new/{cart_id}/delete-oos-cart-items/?product_ids=&coupon_code=NOPE"), json!({})).await.assert_error(400);
    let c = b.get(&app, &format!("/api/v4/carts-new/{cart_id}")).await.json();
    assert_eq!(
        (c["cart_items"][0]["quantity"].as_i64(), c["cart_attr"]["gift_wrap"].as_bool(), c["cart_attr"]["coupon_code"].as_str()),
        (Some(2), Some(false), Some(""))
    );

    // Accepted ones apply with the change.
    let first = c["upgrade_offer_values"]["options"][0]["id"].as_i64().unwrap();
    let wrapped = b.json(&app, "POST", &format!("/api/v4/carts-new/{cart_id}/gift-wrap/?upgrade_selected_option={first}"), json!({})).await.json();
    assert_eq!((wrapped["cart_attr"]["gift_wrap"].as_bool(), wrapped["cart_attr"]["upgrade_discount"].as_i64()), (Some(true), Some(10_000)));
    let unwrapped = b.json(&app, "DELETE", &format!("/api/v4/carts-new/{cart_id}/delete-gift-wrap/?upgrade_selected_option=0"), json!({})).await.json();
    assert_eq!((unwrapped["cart_attr"]["gift_wrap"].as_bool(), unwrapped["cart_attr"]["upgrade_discount"].as_i64()), (Some(false), Some(0)));
    let referred = b.json(&app, "PATCH", &format!("/api/v4/cart-items-new/{line}/?affiliation_code=FITWITHANU"), json!({"quantity": 1})).await.json();
    assert_eq!((referred["cart_items"][0]["quantity"].as_i64(), referred["cart_attr"]["affiliation_code"].as_str()), (Some(1), Some("FITWITHANU")));

    // Codes are judged on the cart as the change leaves it: one bra (₹799) does not reach the ₹1,299 rung…
    let short = b.json(&app, "PATCH", &format!("/api/v4/cart-items-new/{line}/?upgrade_selected_option={first}"), json!({"quantity": 1})).await;
    assert_eq!(short.assert_error(400)["message"], "Add ₹500 more to your cart to take this upgrade.");
    // … and two do, so the same rung asked with the change to two is taken.
    let taken = b.json(&app, "PATCH", &format!("/api/v4/cart-items-new/{line}/?upgrade_selected_option={first}"), json!({"quantity": 2})).await.json();
    assert_eq!((taken["cart_items"][0]["quantity"].as_i64(), taken["cart_attr"]["upgrade_discount"].as_i64()), (Some(2), Some(10_000)));
}

#[tokio::test]
async fn a_deal_is_one_piece_per_cart_even_from_two_tabs_or_at_login() {
    let app = app().await;
    let mut b = Browser::new();
    let (cart_id, _) = cart_with(&app, &mut b, "cotton-non-padded-bra-black", 1).await;
    let deals = b.get(&app, &format!("/api/v3/carts/{cart_id}/last-minute-deals/")).await.json();
    let d = deals["deals"][0].clone();
    let (deal_id, product_id) = (d["id"].as_i64().unwrap(), d["product"]["id"].as_i64().unwrap());
    let sizes: Vec<String> = d["sizes"].as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect();
    let add = |size: &str| json!({"product": product_id, "quantity": 1, "size": size, "deal": deal_id});

    // Two tabs take the deal at once, in two sizes: one wins.
    let (mut tab1, mut tab2) = (b.clone(), b.clone());
    let second = sizes.get(1).unwrap_or(&sizes[0]).clone();
    let (r1, r2) = tokio::join!(tab1.post(&app, "/api/v3/cart-items/", add(&sizes[0])), tab2.post(&app, "/api/v3/cart-items/", add(&second)));
    assert_eq!([r1.status, r2.status].iter().filter(|s| **s == 200).count(), 1, "{} / {}", r1.text, r2.text);
    let c = b.get(&app, &format!("/api/v4/carts-new/{cart_id}")).await.json();
    let deal_pieces: i64 = c["cart_items"].as_array().unwrap().iter().filter(|i| i["is_deal"] == true).map(|i| i["quantity"].as_i64().unwrap()).sum();
    assert_eq!(deal_pieces, 1);

    // Ordinary pieces of the deal's size share its stock and cap with the deal piece.
    let p = app.db.store.product_by_id(product_id).await.unwrap();
    let taken = c["cart_items"].as_array().unwrap().iter().find(|i| i["is_deal"] == true).unwrap()["size"].as_str().unwrap().to_string();
    let refused = b.post(&app, "/api/v3/cart-items/", json!({"product": product_id, "quantity": p.max_cart_items, "size": taken})).await;
    assert_eq!(refused.assert_error(400)["message"], format!("You can buy at most {} of this product, and 1 already in your cart", p.max_cart_items));

    // A guest who took the same deal logs in: the shopper's cart still holds one deal piece.
    let mut shopper = Browser::new();
    shopper.login(&app, "9811111114").await;
    assert_eq!(shopper.post(&app, "/api/v3/cart-items/", add(&sizes[0])).await.status, 200);
    let mut guest = Browser::new();
    assert_eq!(guest.post(&app, "/api/v3/cart-items/", add(&sizes[0])).await.status, 200);
    app.clock.advance(chrono::Duration::minutes(2)); // past the wait between two codes
    guest.login(&app, "9811111114").await;
    let info = guest.get(&app, "/get/view-cart-info/").await.json();
    assert_eq!(info["cart_quantity"], 1, "the guest's deal piece was not added to the shopper's");
}

/// Spec 001 §9 caps the product, not each size: pieces of one bra in several sizes count together,
/// in adds, quantity changes, the cart's room left, and a guest's cart joining at login.
#[tokio::test]
async fn the_cap_counts_every_size_of_the_product() {
    let app = app().await;
    let p = app.db.store.product_by_slug("everyday-padded-t-shirt-bra-black").await.unwrap();
    let max = p.max_cart_items;
    let sizes: Vec<String> = app.db.store.sizes(p.id).await.unwrap().into_iter().filter(|s| s.stock >= max).map(|s| s.value).collect();
    assert!(sizes.len() >= 3 && max >= 2, "the demo bra has sizes with stock: {sizes:?} (cap {max})");
    let mut b = Browser::new();
    let add = |size: &str, quantity: i64| json!({"product": p.id, "quantity": quantity, "size": size});
    assert_eq!(b.post(&app, "/api/v3/cart-items/", add(&sizes[0], max - 1)).await.status, 200);
    assert_eq!(b.post(&app, "/api/v3/cart-items/", add(&sizes[1], 1)).await.status, 200, "the last piece of the cap, in another size");
    let refused = b.post(&app, "/api/v3/cart-items/", add(&sizes[2], 1)).await;
    assert_eq!(refused.assert_error(400)["message"], format!("You can buy at most {max} of this product, and {max} already in your cart"));
    let cart_id = b.get(&app, "/get/view-cart-info/").await.json()["cart_id"].as_i64().unwrap();
    let cart = b.get(&app, &format!("/api/v4/carts-new/{cart_id}")).await.json();
    assert_eq!(cart["cart_attr"]["pieces"], max);
    assert_eq!(cart["cart_items"][0]["product_detail"]["max_cart_items"], max, "the cart line names the cap");
    // The product page learns the bag's pieces of the product and the cap before any refusal.
    let page = b.get(&app, "/web/api/v1/product/everyday-padded-t-shirt-bra-black/sizes/s/").await.json();
    assert_eq!((page["result"]["cart_pieces"].as_i64(), page["result"]["max_cart_items"].as_i64()), (Some(max), Some(max)));
    let fresh = Browser::new().get(&app, "/web/api/v1/product/everyday-padded-t-shirt-bra-black/sizes/s/").await.json();
    assert_eq!(fresh["result"]["cart_pieces"], 0);
    assert!(cart["cart_items"].as_array().unwrap().iter().all(|i| i["rem_quantity"] == 0), "no room left in any size: {cart}");
    // Raising one line past the cap, counting the other size, is refused.
    let line = cart["cart_items"].as_array().unwrap().iter().find(|i| i["size"] == sizes[1].as_str()).unwrap()["id"].as_i64().unwrap();
    b.json(&app, "PATCH", &format!("/api/v4/cart-items-new/{line}/"), json!({"quantity": 2})).await.assert_error(400);
    // Lowering the other frees room for it.
    let first = cart["cart_items"].as_array().unwrap().iter().find(|i| i["size"] == sizes[0].as_str()).unwrap()["id"].as_i64().unwrap();
    let lowered = b.json(&app, "PATCH", &format!("/api/v4/cart-items-new/{first}/"), json!({"quantity": max - 2})).await.json();
    assert!(lowered["cart_items"].as_array().unwrap().iter().all(|i| i["rem_quantity"] == 1), "{lowered}");
    assert_eq!(b.json(&app, "PATCH", &format!("/api/v4/cart-items-new/{line}/"), json!({"quantity": 2})).await.status, 200);

    // A guest's pieces of the product join a shopper's cart only up to the product's cap.
    let mut guest = Browser::new();
    assert_eq!(guest.post(&app, "/api/v3/cart-items/", add(&sizes[0], max)).await.status, 200);
    let mut shopper = Browser::new();
    shopper.login(&app, "9123480001").await;
    assert_eq!(shopper.post(&app, "/api/v3/cart-items/", add(&sizes[1], max - 1)).await.status, 200);
    let mut merged = guest.clone();
    app.clock.advance(chrono::Duration::seconds(31)); // the next login code for the number
    let logged_in = merged.login(&app, "9123480001").await;
    assert_eq!(merged.get(&app, "/cart_dropdown_mobile_ajax/").await.json()["cart_quantity"], max, "the cap holds across the merge");
    // The shopper is told what was left out and why.
    let notes = logged_in["cart_notes"].as_array().expect("cart_notes");
    assert_eq!(notes.len(), 1, "{logged_in}");
    let note = notes[0].as_str().unwrap();
    assert!(note.contains(&format!("{} pieces", max - 1)) && note.contains(&format!("at most {max} of this product")), "{note}");
}

/// Adds arriving all at once (SQLite writes them in batches, PostgreSQL locks the cart): one cart
/// never holds more than the size's stock, each refused add says why and changes nothing, and many
/// guests adding at once each get their own cart with exactly what they added.
#[tokio::test]
async fn a_burst_of_adds_stays_within_stock_and_each_guest_gets_one_cart() {
    let app = app().await;
    {
        let p = app.db.store.product_by_slug("everyday-padded-t-shirt-bra-black").await.unwrap();
        let size = app.db.store.sizes(p.id).await.unwrap().remove(0);
        app.db.store.set_size_stock(&size.sku, 3).await.unwrap();
        let add = json!({"product": p.id, "quantity": 1, "size": size.value});
        let mut b = Browser::new();
        b.login(&app, "9123480077").await;
        let answers = burst(&app, (0..16).map(|_| b.json_request("POST", "/api/v3/cart-items/", &add)).collect()).await;
        assert_eq!(count_status(&answers, 200), 3, "{:?}", answers.iter().map(|a| (a.status, &a.text)).collect::<Vec<_>>());
        assert_eq!(count_status(&answers, 400), 13);
        assert!(answers.iter().filter(|a| a.status == 400).all(|a| a.text.contains("left")), "{}", answers[0].text);
        let mut counts: Vec<i64> = answers.iter().filter(|a| a.status == 200).map(|a| a.json()["cart_quantity"].as_i64().unwrap()).collect();
        counts.sort();
        assert_eq!(counts, [1, 2, 3], "each add counts the pieces before it");
        assert_eq!(b.get(&app, "/cart_dropdown_mobile_ajax/").await.json()["cart_quantity"], 3);

        // Twenty guests at once, each a first add: twenty carts, one piece each.
        let other = app.db.store.sizes(p.id).await.unwrap().into_iter().find(|s| s.stock >= 20 && s.id != size.id).unwrap();
        let mut guests: Vec<Browser> = (0..20).map(|_| Browser::new()).collect();
        for g in &mut guests {
            assert_eq!(g.get(&app, "/get/view-cart-info/").await.json()["cart_id"], serde_json::Value::Null, "no cart yet");
        }
        let add = json!({"product": p.id, "quantity": 1, "size": other.value});
        let answers = burst(&app, guests.iter().map(|g| g.json_request("POST", "/api/v3/cart-items/", &add)).collect()).await;
        assert_eq!(count_status(&answers, 200), 20, "{:?}", answers.iter().map(|a| &a.text).collect::<Vec<_>>());
        let mut carts = std::collections::BTreeSet::new();
        for (a, g) in answers.iter().zip(&mut guests) {
            assert_eq!(a.json()["cart_quantity"], 1);
            g.keep_cookies(&a.headers);
            let info = g.get(&app, "/get/view-cart-info/").await.json();
            assert_eq!(info["cart_quantity"], 1, "{info}");
            carts.insert(info["cart_id"].as_i64().unwrap());
        }
        assert_eq!(carts.len(), 20, "one cart per guest");
    }
}

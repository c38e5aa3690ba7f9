//! Every path the server answers, in one place (docs/api.md describes them; docs/openapi.json is
//! generated from the handlers). Tests build this same router.

use crate::features::cart::{add, events, lines, offers as cart_offers, view};
use crate::features::{
    account, addresses, catalog, checkout, dev, listings, media, my_account, offers, ops, orders, recommendations, reviews, shopper, wallet, wishlist,
};
use crate::security::{self, BODY_LIMIT};
use crate::{web, AppState};
use axum::extract::DefaultBodyLimit;
use axum::middleware;
use axum::routing::{delete, get, post};
use axum::Router;
use tower::ServiceBuilder;
use tower_http::compression::CompressionLayer;

/// Every state-changing route (method, path with sample parameters). The CSRF test walks this list,
/// and a test checks that it names as many routes as `router` registers with those methods.
pub const STATE_CHANGING_ROUTES: &[(&str, &str)] = &[
    ("POST", "/api/v1/auth/otp/"),
    ("POST", "/api/v1/auth/login/"),
    ("POST", "/mobile_logout/"),
    ("DELETE", "/web/api/v1/recent-searches/"),
    ("POST", "/api/v1/recently-viewed/"),
    ("DELETE", "/api/v1/recently-viewed/"),
    ("POST", "/api/v1/notifications/read/"),
    ("POST", "/api/v1/contact/"),
    ("PATCH", "/api/v1/settings/"),
    ("PATCH", "/api/v3/deleteAccount/"),
    ("POST", "/rating/save/"),
    ("POST", "/save-product-feedback/"),
    ("POST", "/api/v1/reviews/"),
    ("POST", "/api/v3/cart-items/"),
    ("POST", "/api/v3/wishlist/"),
    ("POST", "/get-event-data/"),
    ("PATCH", "/api/v4/cart-items-new/1/"),
    ("DELETE", "/api/v4/cart-items-new/1/"),
    ("POST", "/api/v4/carts-new/1/gift-wrap/"),
    ("DELETE", "/api/v4/carts-new/1/delete-gift-wrap/"),
    ("DELETE", "/api/v4/carts-new/1/delete-oos-cart-items/?product_ids=1"),
    ("DELETE", "/api/v3/wishlist/1/"),
    ("POST", "/api/v3/carts-new/null/save-free-gift-size/"),
    ("POST", "/api/v3/cart-items/cart-paid-gift-add/"),
    ("POST", "/api/v1/address-book/"),
    ("PUT", "/api/v1/address-book/1/"),
    ("DELETE", "/api/v1/address-book/1/"),
    ("POST", "/pin_state_city/"),
    ("POST", "/api/v3/order/"),
    ("POST", "/api/v1/orders/abc/payment/"),
    ("POST", "/api/v1/payments/razorpay/callback/"),
    ("POST", "/api/v1/payments/razorpay/failure/"),
    ("POST", "/api/v1/payments/validate-vpa/"),
    ("POST", "/get-checkout-complete-data/"),
    ("POST", "/api/v1/orders/abc/confirm-cod/"),
    ("POST", "/api/v1/orders/abc/cod-code/"),
    ("POST", "/api/v1/order-cancel-check/"),
    ("POST", "/cancel-order/"),
    ("POST", "/cancel-prepaid-order/"),
    ("POST", "/add_to_cart_order/"),
    ("POST", "/calculate_return_price_new/"),
    ("POST", "/sap_exchange_return_request/"),
    ("POST", "/exchange_return_request/"),
    ("POST", "/ops/orders/DRP0000001/step/"),
    ("POST", "/ops/returns/abc/step/"),
];

/// State-changing routes the payment provider calls: no CSRF cookie, a signature instead (checked by
/// the handler; tests/checkout.rs sends forged ones).
pub const PROVIDER_ROUTES: &[(&str, &str)] = &[("POST", crate::security::PAYMENT_WEBHOOK_PATH), ("POST", crate::security::PAYU_RETURN_PATH)];

pub fn router(state: AppState) -> Router {
    let mut r = Router::new()
        // Operations
        .route("/healthz", get(ops::healthz))
        // Account: login with a one-time code, session, header counts
        .route("/api/v1/auth/otp/", post(account::send_otp))
        .route("/api/v1/auth/login/", post(account::login))
        .route("/api/v1/me/", get(account::me))
        .route("/mobile_logout/", post(account::logout))
        .route("/api/v1/wallet/", get(wallet::wallet))
        // Address book and pincodes (spec 000 §7)
        .route("/api/v1/address-book/", get(addresses::list).post(addresses::add))
        .route("/api/v1/address-book/{id}/", axum::routing::put(addresses::edit).delete(addresses::remove))
        .route("/pin_state_city/", post(addresses::pin_state_city))
        .route("/check_pincode/", get(addresses::check_pincode))
        // Checkout (spec 000 §7 /api/v3/order/, /get-checkout-complete-data/; the rest in docs/api.md)
        .route("/api/v1/checkout/", get(checkout::quote::checkout))
        .route("/api/v3/order/", post(checkout::place::place_order))
        .route("/api/v1/orders/{order_id}/payment/", post(checkout::pay::start_payment))
        .route("/api/v1/orders/{order_id}/status/", get(checkout::complete::order_status))
        .route("/api/v1/orders/{order_id}/confirm-cod/", post(checkout::complete::confirm_cod))
        .route("/api/v1/orders/{order_id}/cod-code/", post(checkout::complete::resend_cod_code))
        .route("/api/v1/payments/razorpay/callback/", post(checkout::pay::callback))
        .route("/api/v1/payments/razorpay/failure/", post(checkout::pay::failure))
        .route(crate::security::PAYMENT_WEBHOOK_PATH, post(checkout::pay::webhook))
        .route(crate::security::PAYU_RETURN_PATH, post(checkout::payu::payu_return))
        .route("/api/v1/payments/validate-vpa/", post(checkout::pay::validate_vpa))
        .route("/api/v1/saved-cards/", get(checkout::pay::saved_cards))
        .route("/get-checkout-complete-data/", post(checkout::complete::checkout_complete))
        // Catalog (spec 001 §7)
        // Orders after the purchase (spec 000 §2 my orders, §7 order calls)
        .route("/order/history/", get(orders::history::history))
        .route("/order/app/history/", get(orders::history::app_history))
        .route("/api/v1/orders/{order_id}/", get(orders::history::order_detail))
        .route("/api/v1/order-cancel-check/", post(orders::cancel::cancel_check))
        .route("/cancel-order/", post(orders::cancel::cancel_order))
        .route("/cancel-prepaid-order/", post(orders::cancel::cancel_prepaid_order))
        .route("/add_to_cart_order/", post(orders::reorder::reorder))
        .route("/exchange_realtime_size/", get(orders::returns::exchange_sizes))
        .route("/showOfferProductsExchange/", get(orders::returns::offer_products))
        .route("/calculate_return_price_new/", post(orders::returns::return_price))
        .route("/sap_exchange_return_request/", post(orders::returns::request_return))
        .route("/exchange_return_request/", post(orders::returns::request_return_legacy))
        .route("/api/v1/orders/{order_id}/invoice/", get(orders::invoice::invoice_page))
        .route("/api/v1/orders/{order_id}/invoice.pdf", get(orders::invoice::invoice_pdf))
        // The operator's orders page (superusers; server-rendered)
        .route("/ops/assets/pages.css", get(orders::operator::pages_css))
        .route("/ops/orders/", get(orders::operator::ops_orders))
        .route("/ops/orders/{order_ref}/", get(orders::operator::ops_order))
        .route("/ops/orders/{order_ref}/step/", post(orders::operator::ops_order_step))
        .route("/ops/returns/{return_id}/step/", post(orders::operator::ops_return_step))
        .route("/api/v2/main-menu-msite/", get(catalog::menu))
        // The account menu's pages (issue 13)
        .route(
            "/api/v1/recently-viewed/",
            get(my_account::recently_viewed::recently_viewed).post(my_account::recently_viewed::merge_views).delete(my_account::recently_viewed::clear_views),
        )
        .route("/api/v1/notifications/", get(my_account::notifications::notifications))
        .route("/api/v1/notifications/read/", post(my_account::notifications::mark_read))
        .route("/api/v1/my-coupons/", get(my_account::coupons::coupons))
        .route("/api/v1/contact/", get(my_account::contact::contact_details).post(my_account::contact::send_message))
        .route("/api/v1/settings/", get(my_account::settings::settings).patch(my_account::settings::change_settings))
        .route("/api/v3/deleteAccount/", axum::routing::patch(my_account::delete::delete_account))
        .route("/web/api/v1/products/", get(listings::listing::listing))
        // Search (spec 000 §7: the brand-prefixed paths)
        .route("/web/api/v1/drape-search/", get(listings::search::suggestions))
        .route("/web/api/v1/drape-popular-search/", get(listings::search::popular))
        .route("/web/api/v1/drape-topproducts-search/", get(listings::search::top_products))
        .route("/web/api/v1/recent-searches/", get(listings::search::recent).delete(listings::search::forget))
        .route("/web/api/v1/product-mobile/{slug}/", get(catalog::product))
        .route("/web/api/v1/product/{slug}/sizes/s/", get(catalog::sizes))
        .route("/iteminstock/{product_id}/{size_value}/", get(catalog::item_in_stock))
        .route("/web/api/v1/product-feature/{slug}/", get(catalog::product_features))
        .route("/web/api/v1/product/last-purchased-size/", get(catalog::last_purchased_size))
        // Offers, timer, design of the month
        .route("/web/api/v1/product/{slug}/timer/s/", get(offers::timer))
        .route("/bp_pp_product_details_page/", get(offers::offer_messages))
        .route("/web/api/v1/featured/{category}/{month_year}/", get(offers::featured))
        // Ratings, feedback and reviews
        .route("/get-my-rating/", get(reviews::my_rating))
        .route("/rating/save/", post(reviews::save_rating))
        .route("/web/api/v1/product/{slug}/feedback-questions/s/", get(reviews::feedback_questions))
        .route("/save-product-feedback/", post(reviews::save_feedback))
        .route("/web/api/v1/product/{slug}/web-reviews/s/", get(reviews::web_reviews))
        .route("/api/v1/reviews/", post(reviews::save_review))
        // Below the fold
        .route("/web/api/v1/more-like-this/", get(recommendations::more_like_this))
        .route("/web/api/v1/recommendations/{slug}/", get(recommendations::recommendations))
        .route("/web/api/v1/products/by-ids/", get(recommendations::by_ids))
        .route("/web/api/v1/reorder-products/", get(recommendations::reorder_products))
        // Shopper actions: notify-me, wishlist, events
        .route("/addproductrequest/", get(shopper::add_product_request))
        .route("/api/v3/wishlist/", get(wishlist::wishlist).post(wishlist::toggle_wishlist))
        .route("/api/v3/wishlist/{id}/", delete(wishlist::remove_wishlist_entry))
        .route("/api/v3/webengage-cart/{id}/", get(events::webengage_cart))
        .route("/get-event-data/", post(shopper::event_data))
        // Cart (spec 000 §7)
        .route("/cart_dropdown_mobile_ajax/", get(add::cart_dropdown))
        .route("/api/v3/cart-items/", post(add::add_to_cart))
        .route("/get/view-cart-info/", get(view::view_cart_info))
        .route("/api/v4/carts-new/{cart_id}", get(view::get_cart))
        .route("/api/v4/cart-items-new/{id}/", axum::routing::patch(lines::change_quantity).delete(lines::remove_item))
        .route("/api/v4/carts-new/{cart_id}/gift-wrap/", post(cart_offers::add_gift_wrap))
        .route("/api/v4/carts-new/{cart_id}/delete-gift-wrap/", delete(cart_offers::remove_gift_wrap))
        .route("/api/v4/carts-new/{cart_id}/delete-oos-cart-items/", delete(lines::delete_oos_items))
        .route("/check-cart-stock/", get(view::check_cart_stock))
        .route("/api/v3/carts/{cart_id}/last-minute-deals/", get(cart_offers::last_minute_deals))
        .route("/api/v3/cart-items/get-cart-gift-sizes/", get(cart_offers::gift_sizes))
        .route("/api/v3/carts-new/null/save-free-gift-size/", post(cart_offers::save_free_gift_size))
        .route("/api/v3/cart-items/cart-paid-gift-add/", post(cart_offers::add_paid_gift))
        .route("/api/v4/carts-new/{cart_id}/get-view-offers-data/", get(cart_offers::view_offers))
        // Demo media
        .route("/media/products/{sku}/{file}", get(media::product_image))
        .route("/media/categories/{file}", get(media::category_image))
        .route("/media/size-charts/{file}", get(media::size_chart))
        .route("/media/icons/{file}", get(media::icon))
        .route("/media/videos/drape-demo.mp4", get(media::demo_video));
    if state.config.payments.sandbox {
        // The provider's stand-in, under its own prefix: never on unless asked for (config.rs).
        r = r.nest_service("/sandbox/razorpay", crate::payments::sandbox::Sandbox::new(state.config.payments.clone()).router());
        r = r.nest_service("/sandbox/payu", crate::payments::payu_sandbox::PayUSandbox::new(state.config.payments.clone()).router());
    }
    if state.config.serves_dev_outbox() {
        r = r.route("/dev/outbox", get(dev::outbox));
    }
    wrapped(r.fallback(web::fallback).with_state(state.clone()), state)
}

/// `routes` inside what every request passes through. Two layers wrap the routes once, outside
/// them: `Router::layer` would wrap each route's handler in each layer, boxed, and every request
/// would clone and box its way through all of them. The rest (CSRF, panics, the log line, headers,
/// the kept answers' encodings) is one middleware, security::answers, for the same reason
/// (docs/operations.md, session 19). Public for tests that need a route the shop does not have.
pub fn wrapped(routes: Router, state: AppState) -> Router {
    let stack = ServiceBuilder::new()
        .layer(CompressionLayer::new())
        .layer(middleware::from_fn_with_state(state, security::answers))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .service(routes);
    Router::new().fallback_service(stack)
}

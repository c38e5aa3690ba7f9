//! The OpenAPI document, generated from the handlers. `drape openapi` prints it; `make test` checks that
//! docs/openapi.json is current, and the web app's TypeScript types are generated from that file.

use crate::error::ErrorBody;
use crate::features::{account, cart, cart_offers, cart_view, catalog, dev, offers, ops, recommendations, reviews, shopper};
use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(
    info(title = "Drape", description = "The Drape storefront API. Human summary: docs/api.md."),
    paths(
        ops::healthz,
        account::send_otp, account::login, account::me, account::logout,
        catalog::menu, catalog::listing, catalog::product, catalog::sizes, catalog::item_in_stock,
        catalog::product_features, catalog::last_purchased_size,
        offers::timer, offers::offer_messages, offers::featured,
        reviews::my_rating, reviews::save_rating, reviews::feedback_questions, reviews::save_feedback,
        reviews::web_reviews, reviews::save_review,
        recommendations::more_like_this, recommendations::recommendations, recommendations::by_ids, recommendations::reorder_products,
        shopper::add_product_request, shopper::toggle_wishlist, shopper::event_data,
        shopper::wishlist, shopper::remove_wishlist_entry, shopper::webengage_cart,
        cart::cart_dropdown, cart::add_to_cart,
        cart_view::view_cart_info, cart_view::get_cart, cart_view::change_quantity, cart_view::remove_item,
        cart_view::add_gift_wrap, cart_view::remove_gift_wrap, cart_view::check_cart_stock, cart_view::delete_oos_items,
        cart_offers::last_minute_deals, cart_offers::gift_sizes, cart_offers::save_free_gift_size, cart_offers::add_paid_gift, cart_offers::view_offers,
        dev::outbox,
    ),
    components(schemas(ErrorBody))
)]
pub struct ApiDoc;

pub fn document() -> String {
    ApiDoc::openapi().to_pretty_json().expect("the OpenAPI document serialises") + "\n"
}

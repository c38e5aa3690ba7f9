//! The OpenAPI document, generated from the handlers. `drape openapi` prints it; `make test` checks that
//! docs/openapi.json is current, and the web app's TypeScript types are generated from that file.

use crate::error::ErrorBody;
use crate::features::cart::{add, events, lines, offers as cart_offers, view};
use crate::features::{
    account, addresses, catalog, checkout, dev, listings, my_account, offers, ops, orders, recommendations, reviews, shopper, wallet, wishlist,
};
use utoipa::openapi::path::ParameterIn;
use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};
use utoipa::{Modify, OpenApi};

#[derive(OpenApi)]
#[openapi(
    info(title = "Drape", description = "The Drape storefront API. Human summary: docs/api.md."),
    paths(
        ops::healthz,
        account::send_otp, account::login, account::me, account::logout, wallet::wallet,
        my_account::recently_viewed::recently_viewed, my_account::recently_viewed::merge_views, my_account::recently_viewed::clear_views,
        my_account::notifications::notifications, my_account::notifications::mark_read, my_account::coupons::coupons,
        my_account::contact::contact_details, my_account::contact::send_message, my_account::settings::settings, my_account::settings::change_settings,
        my_account::delete::delete_account,
        addresses::list, addresses::add, addresses::edit, addresses::remove, addresses::pin_state_city, addresses::check_pincode,
        checkout::quote::checkout, checkout::place::place_order, checkout::pay::start_payment, checkout::pay::callback, checkout::pay::failure,
        checkout::pay::webhook, checkout::payu::payu_return, checkout::pay::saved_cards, checkout::pay::validate_vpa, checkout::complete::checkout_complete,
        checkout::complete::order_status, checkout::complete::confirm_cod, checkout::complete::resend_cod_code,
        orders::history::history, orders::history::app_history, orders::history::order_detail, orders::cancel::cancel_check, orders::cancel::cancel_order, orders::cancel::cancel_prepaid_order,
        orders::reorder::reorder, orders::returns::exchange_sizes, orders::returns::offer_products, orders::returns::return_price,
        orders::returns::request_return, orders::returns::request_return_legacy, orders::invoice::invoice_page, orders::invoice::invoice_pdf,
        catalog::menu, listings::listing::listing, listings::search::suggestions, listings::search::popular,
        listings::search::top_products, listings::search::recent, listings::search::forget, catalog::product, catalog::sizes, catalog::item_in_stock,
        catalog::product_features, catalog::last_purchased_size,
        offers::timer, offers::offer_messages, offers::featured,
        reviews::my_rating, reviews::save_rating, reviews::feedback_questions, reviews::save_feedback,
        reviews::web_reviews, reviews::save_review,
        recommendations::more_like_this, recommendations::recommendations, recommendations::by_ids, recommendations::reorder_products,
        shopper::add_product_request, wishlist::toggle_wishlist, shopper::event_data,
        wishlist::wishlist, wishlist::remove_wishlist_entry, events::webengage_cart,
        add::cart_dropdown, add::add_to_cart,
        view::view_cart_info, view::get_cart, lines::change_quantity, lines::remove_item,
        cart_offers::add_gift_wrap, cart_offers::remove_gift_wrap, view::check_cart_stock, lines::delete_oos_items,
        cart_offers::last_minute_deals, cart_offers::gift_sizes, cart_offers::save_free_gift_size, cart_offers::add_paid_gift, cart_offers::view_offers,
        dev::outbox,
    ),
    components(schemas(ErrorBody, shopper::EventData)),
    modifiers(&LayerAnswers)
)]
pub struct ApiDoc;

/// Answers that the layers in front of every handler give, added to each operation they can reach,
/// so the document tells the truth about them too: 400 for a query or body the parser refuses, 403 for
/// a state-changing call without its CSRF token, 413 and 415 for a body too large or of another type,
/// 431 for headers over the limit.
struct LayerAnswers;

impl Modify for LayerAnswers {
    fn modify(&self, doc: &mut utoipa::openapi::OpenApi) {
        for item in doc.paths.paths.values_mut() {
            let ops = [(&mut item.get, false), (&mut item.post, true), (&mut item.put, true), (&mut item.patch, true), (&mut item.delete, true)];
            for (op, changes_state) in ops {
                let Some(op) = op.as_mut() else { continue };
                let has_query = op.parameters.iter().flatten().any(|p| p.parameter_in == ParameterIn::Query);
                let has_body = op.request_body.is_some();
                let mut add = |status: &str, why: &str| {
                    op.responses.responses.entry(status.to_string()).or_insert_with(|| error_response(why));
                };
                if has_query || has_body {
                    add("400", "The query or body is not valid; the message says which field.");
                }
                if changes_state {
                    add("403", "The CSRF token is missing or does not match.");
                }
                if has_body {
                    add("413", "The body is larger than 64 KB.");
                    add("415", "The body is not of the documented content type.");
                }
                add("431", "The request's headers are larger than 16 KB.");
            }
        }
    }
}

fn error_response(description: &str) -> RefOr<utoipa::openapi::Response> {
    let content = ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build();
    RefOr::T(ResponseBuilder::new().description(description).content("application/json", content).build())
}

pub fn document() -> String {
    ApiDoc::openapi().to_pretty_json().expect("the OpenAPI document serialises") + "\n"
}

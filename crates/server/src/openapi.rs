//! The OpenAPI document, generated from the handlers. `drape openapi` prints it; `make test` checks that
//! docs/openapi.json is current, and the web app's TypeScript types are generated from that file.

use crate::error::ErrorBody;
use crate::features::{account, cart, catalog, dev, ops};
use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(
    info(title = "Drape", description = "The Drape storefront API. Human summary: docs/api.md."),
    paths(
        ops::healthz,
        account::send_otp, account::login, account::me, account::logout,
        catalog::menu, catalog::listing, catalog::product, catalog::sizes, catalog::item_in_stock,
        cart::cart_dropdown,
        dev::outbox,
    ),
    components(schemas(ErrorBody))
)]
pub struct ApiDoc;

pub fn document() -> String {
    ApiDoc::openapi().to_pretty_json().expect("the OpenAPI document serialises") + "\n"
}

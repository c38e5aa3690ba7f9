//! What servers compare against to know the catalog moved: the catalog's version (listings and
//! search, see searches.rs) and the pages' version with the products each change touched (the kept
//! product, sizes and stock answers), and the shoppers' version with the shoppers each change
//! touched (their kept sessions, wishlists and received sizes). All are bumped by triggers in the
//! same transaction as the change (migrations 0013, 0016 and 0018), so a version read after a
//! commit always covers it.

use crate::{Result, Store};

/// The versions, read together in one statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Versions {
    pub catalog: i64,
    pub pages: i64,
    pub shoppers: i64,
}

/// Product id 0 in `page_changes`: every product's pages (a category changed).
pub const EVERY_PRODUCT: i64 = 0;

impl Store {
    pub async fn versions(&self) -> Result<Versions> {
        let (catalog, pages, shoppers): (i64, i64, i64) = sqlx::query_as(
            "SELECT (SELECT version FROM catalog_version WHERE id = 1), (SELECT version FROM page_version WHERE id = 1), \
             (SELECT version FROM shopper_version WHERE id = 1)",
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(Versions { catalog, pages, shoppers })
    }

    /// The products whose pages changed after version `since` (EVERY_PRODUCT among them when a
    /// change touched them all). A product changed twice is listed once, at its latest change.
    pub async fn pages_changed_since(&self, since: i64) -> Result<Vec<i64>> {
        Ok(sqlx::query_scalar("SELECT product_id FROM page_changes WHERE version > $1").bind(since).fetch_all(&self.pool).await?)
    }

    /// The shoppers whose session, wishlist or received sizes changed after version `since`.
    pub async fn shoppers_changed_since(&self, since: i64) -> Result<Vec<i64>> {
        Ok(sqlx::query_scalar("SELECT user_id FROM shopper_changes WHERE version > $1").bind(since).fetch_all(&self.pool).await?)
    }
}

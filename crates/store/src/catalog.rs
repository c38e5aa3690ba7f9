//! Categories, products, sizes, gallery, features, labels, colour variants and rating counts.

use crate::db::{fetch_for_ids, placeholders};
use crate::{flag, Result, Store, StoreError};
use sqlx::FromRow;

#[derive(Debug, Clone, FromRow)]
pub struct Category {
    pub id: i64,
    pub name: String,
    pub slug: String,
    pub parent_id: Option<i64>,
    pub position: i64,
}

impl drape_domain::categories::Node for Category {
    fn id(&self) -> i64 {
        self.id
    }
    fn parent_id(&self) -> Option<i64> {
        self.parent_id
    }
}

/// A product row as stored. Flags are 0/1; use the accessor methods.
#[derive(Debug, Clone, FromRow)]
pub struct Product {
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub translated_name: String,
    pub sku: String,
    pub parent_sku: String,
    pub color_name: String,
    pub rgbcode: String,
    pub category_id: i64,
    pub price: i64,
    pub old_price: i64,
    pub offer_text: String,
    pub offer_key: String,
    pub is_generic_offer_party_msg: i64,
    pub combo: i64,
    pub multicombo: i64,
    pub is_freesize: i64,
    pub active: i64,
    pub max_cart_items: i64,
    pub star_rating_admin: i64,
    pub nonreturnable: i64,
    pub channel_type: i64,
    pub speed: f64,
    pub beginner: i64,
    pub preorder: i64,
    pub newarrivals: i64,
    pub is_cotton_comforty: i64,
    pub has_cotton_label: i64,
    pub sold_count: i64,
    pub designer_note: String,
    pub page_extension_mob: String,
    pub manufactured_by: String,
    pub manufactured_by_label: String,
    pub marketed_by: String,
    pub marketed_by_label: String,
    pub country_of_origin: String,
    pub size_chart_in: String,
    pub size_chart_cm: String,
    pub fittest_code_in_fitguide: String,
    pub fittest_size_in_all_size: String,
    pub meta_title: String,
    pub created_at: i64,
    /// Stock summed per part (0 ordinary, 1 and 2 the combo groups), computed by the query.
    pub stock_part0: i64,
    pub stock_part1: i64,
    pub stock_part2: i64,
}

impl Product {
    pub fn is_combo(&self) -> bool {
        flag(self.combo)
    }
    pub fn is_active(&self) -> bool {
        flag(self.active)
    }
    /// Sold out: inactive, or nothing left to buy (for a combo, either part has nothing left).
    pub fn is_soldout(&self) -> bool {
        let left = if self.is_combo() { self.stock_part1.min(self.stock_part2) } else { self.stock_part0 };
        !self.is_active() || left <= 0
    }
}

#[derive(Debug, Clone, FromRow)]
pub struct GalleryItem {
    pub kind: String,
    pub img_m: String,
    pub img_l: String,
    pub thumbnail_url: String,
    pub embed: String,
}

#[derive(Debug, Clone, FromRow)]
pub struct Size {
    pub id: i64,
    pub product_id: i64,
    pub part: i64,
    pub part_label: String,
    pub position: i64,
    pub label: String,
    pub value: String,
    pub sku: String,
    pub stock: i64,
    pub is_auto_select_size: i64,
    pub fit_size_msg: String,
}

/// A product's size by its group (0 ordinary, 1 and 2 a combo's bra and panty groups) and value: how
/// a shopper's choice ("34B", or "34B" + "M") is found among the product's sizes.
pub fn find_size<'a>(sizes: &'a [Size], part: i64, value: &str) -> Option<&'a Size> {
    sizes.iter().find(|s| s.part == part && s.value == value)
}

#[derive(Debug, Clone, FromRow)]
pub struct Feature {
    pub name: String,
    pub description: String,
    pub icon_small: String,
    pub slug: String,
    pub category_name: String,
}

#[derive(Debug, Clone, FromRow)]
pub struct ProductLabel {
    pub label: String,
    pub address: String,
}

/// Counts of ratings per star, index 0 = 5 stars … index 4 = 1 star.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RatingCounts {
    pub public: [i64; 5],
    pub all: [i64; 5],
    pub reviews: i64,
}

/// The product columns plus per-part stock totals. SUM is cast because PostgreSQL sums BIGINT to NUMERIC.
const PRODUCT_SELECT: &str = "SELECT p.*, \
    CAST(COALESCE((SELECT SUM(s.stock) FROM sizes s WHERE s.product_id = p.id AND s.part = 0), 0) AS BIGINT) AS stock_part0, \
    CAST(COALESCE((SELECT SUM(s.stock) FROM sizes s WHERE s.product_id = p.id AND s.part = 1), 0) AS BIGINT) AS stock_part1, \
    CAST(COALESCE((SELECT SUM(s.stock) FROM sizes s WHERE s.product_id = p.id AND s.part = 2), 0) AS BIGINT) AS stock_part2 \
    FROM products p";

#[derive(Debug, Clone, FromRow)]
pub struct Timer {
    pub id: i64,
    pub product_id: Option<i64>,
    pub text: String,
    pub hexcode: String,
    pub text_hexcode: String,
    pub starts_at: i64,
    pub ends_at: i64,
}

#[derive(Debug, Clone, FromRow)]
pub struct ProductOffer {
    pub offer_key: String,
    pub offertype: i64,
    pub msg: String,
    pub count: i64,
    pub qty: i64,
    pub url: String,
    pub message: String,
    pub starts_at: i64,
    pub ends_at: i64,
}

/// One page of a listing.
#[derive(Debug, Clone)]
pub struct ProductPage {
    pub products: Vec<Product>,
    pub total: i64,
}

impl Store {
    pub async fn categories(&self) -> Result<Vec<Category>> {
        Ok(sqlx::query_as("SELECT id, name, slug, parent_id, position FROM categories ORDER BY position, id").fetch_all(&self.pool).await?)
    }

    pub async fn product_by_slug(&self, slug: &str) -> Result<Product> {
        sqlx::query_as(&format!("{PRODUCT_SELECT} WHERE p.slug = $1")).bind(slug).fetch_optional(&self.pool).await?.ok_or(StoreError::NotFound)
    }

    pub async fn product_by_id(&self, id: i64) -> Result<Product> {
        sqlx::query_as(&format!("{PRODUCT_SELECT} WHERE p.id = $1")).bind(id).fetch_optional(&self.pool).await?.ok_or(StoreError::NotFound)
    }

    pub async fn product_by_sku(&self, sku: &str) -> Result<Product> {
        sqlx::query_as(&format!("{PRODUCT_SELECT} WHERE p.sku = $1")).bind(sku).fetch_optional(&self.pool).await?.ok_or(StoreError::NotFound)
    }

    /// The colour variants of a style: every product sharing the parent sku, this one included.
    pub async fn colour_variants(&self, parent_sku: &str) -> Result<Vec<Product>> {
        Ok(sqlx::query_as(&format!("{PRODUCT_SELECT} WHERE p.parent_sku = $1 ORDER BY p.id")).bind(parent_sku).fetch_all(&self.pool).await?)
    }

    /// Active products, newest first, optionally only those in any of `category_ids`.
    pub async fn list_products(&self, category_ids: Option<&[i64]>, limit: i64, offset: i64) -> Result<ProductPage> {
        let (filter, ids) = match category_ids {
            Some(ids) if !ids.is_empty() => (
                format!(" AND p.id IN (SELECT pc.product_id FROM product_categories pc WHERE pc.category_id IN ({}))", placeholders(1, ids.len())),
                ids.to_vec(),
            ),
            Some(_) => return Ok(ProductPage { products: vec![], total: 0 }),
            None => (String::new(), vec![]),
        };
        let n = ids.len();
        let count_sql = format!("SELECT COUNT(*) FROM products p WHERE p.active = 1{filter}");
        let mut count = sqlx::query_scalar::<_, i64>(&count_sql);
        for id in &ids {
            count = count.bind(*id);
        }
        let total = count.fetch_one(&self.pool).await?;
        let list_sql = format!("{PRODUCT_SELECT} WHERE p.active = 1{filter} ORDER BY p.newarrivals DESC, p.id LIMIT ${} OFFSET ${}", n + 1, n + 2);
        let mut list = sqlx::query_as::<_, Product>(&list_sql);
        for id in &ids {
            list = list.bind(*id);
        }
        let products = list.bind(limit).bind(offset).fetch_all(&self.pool).await?;
        Ok(ProductPage { products, total })
    }

    /// The categories a product is filed under (without their parents).
    pub async fn product_category_ids(&self, product_id: i64) -> Result<Vec<i64>> {
        Ok(sqlx::query_scalar("SELECT category_id FROM product_categories WHERE product_id = $1 ORDER BY category_id")
            .bind(product_id)
            .fetch_all(&self.pool)
            .await?)
    }

    pub async fn gallery(&self, product_id: i64) -> Result<Vec<GalleryItem>> {
        Ok(sqlx::query_as("SELECT kind, img_m, img_l, thumbnail_url, embed FROM gallery_items WHERE product_id = $1 ORDER BY position")
            .bind(product_id)
            .fetch_all(&self.pool)
            .await?)
    }

    pub async fn sizes(&self, product_id: i64) -> Result<Vec<Size>> {
        Ok(sqlx::query_as(
            "SELECT id, product_id, part, part_label, position, label, value, sku, stock, is_auto_select_size, fit_size_msg \
             FROM sizes WHERE product_id = $1 ORDER BY part, position",
        )
        .bind(product_id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// The sizes of several products at once (a cart's), in one query.
    pub async fn sizes_of_products(&self, product_ids: &[i64]) -> Result<Vec<Size>> {
        fetch_for_ids(&self.pool, product_ids, |ids| {
            format!(
                "SELECT id, product_id, part, part_label, position, label, value, sku, stock, is_auto_select_size, fit_size_msg \
                 FROM sizes WHERE product_id IN ({ids}) ORDER BY product_id, part, position"
            )
        })
        .await
    }

    /// (product, category) filings of several products at once (without the categories' parents).
    pub async fn category_ids_of_products(&self, product_ids: &[i64]) -> Result<Vec<(i64, i64)>> {
        fetch_for_ids(&self.pool, product_ids, |ids| {
            format!("SELECT product_id, category_id FROM product_categories WHERE product_id IN ({ids}) ORDER BY product_id, category_id")
        })
        .await
    }

    pub async fn features(&self, product_id: i64) -> Result<Vec<Feature>> {
        Ok(sqlx::query_as("SELECT name, description, icon_small, slug, category_name FROM product_features WHERE product_id = $1 ORDER BY id")
            .bind(product_id)
            .fetch_all(&self.pool)
            .await?)
    }

    pub async fn product_labels(&self, product_id: i64) -> Result<Vec<ProductLabel>> {
        Ok(sqlx::query_as("SELECT label, address FROM product_labels WHERE product_id = $1 ORDER BY id").bind(product_id).fetch_all(&self.pool).await?)
    }

    pub async fn rating_counts(&self, product_id: i64) -> Result<RatingCounts> {
        let rows: Vec<(i64, i64, i64)> = sqlx::query_as("SELECT stars, is_public, COUNT(*) FROM ratings WHERE product_id = $1 GROUP BY stars, is_public")
            .bind(product_id)
            .fetch_all(&self.pool)
            .await?;
        let mut counts = RatingCounts::default();
        for (stars, is_public, n) in rows {
            if !(1..=5).contains(&stars) {
                continue;
            }
            let i = (5 - stars) as usize;
            counts.all[i] += n;
            if flag(is_public) {
                counts.public[i] += n;
            }
        }
        counts.reviews = sqlx::query_scalar("SELECT COUNT(*) FROM reviews WHERE product_id = $1").bind(product_id).fetch_one(&self.pool).await?;
        Ok(counts)
    }

    /// Active products per category id (a product filed under a sub-category is also under its parent).
    pub async fn category_product_counts(&self) -> Result<std::collections::HashMap<i64, i64>> {
        let rows: Vec<(i64, i64)> = sqlx::query_as(
            "SELECT pc.category_id, COUNT(*) FROM product_categories pc JOIN products p ON p.id = pc.product_id \
             WHERE p.active = 1 GROUP BY pc.category_id",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().collect())
    }

    /// (count, sum of stars) of the ratings shoppers see, for many products at once (listing cards).
    pub async fn public_rating_totals(&self, product_ids: &[i64]) -> Result<std::collections::HashMap<i64, (i64, i64)>> {
        let rows: Vec<(i64, i64, i64)> = fetch_for_ids(&self.pool, product_ids, |ids| {
            format!("SELECT product_id, COUNT(*), CAST(SUM(stars) AS BIGINT) FROM ratings WHERE is_public = 1 AND product_id IN ({ids}) GROUP BY product_id")
        })
        .await?;
        Ok(rows.into_iter().map(|(id, n, sum)| (id, (n, sum))).collect())
    }

    /// Sets one size's stock by its sku (operators, `drape admin stock`).
    pub async fn set_size_stock(&self, size_sku: &str, stock: i64) -> Result<()> {
        let done = self.write(|db| sqlx::query("UPDATE sizes SET stock = $1 WHERE sku = $2").bind(stock).bind(size_sku).execute(db)).await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    /// Replaces a product's rich copy (operators' catalog edits). Stored as given; sanitised when served.
    pub async fn update_product_copy(&self, product_id: i64, designer_note: &str, page_extension_mob: &str) -> Result<()> {
        let done = self
            .write(|db| {
                sqlx::query("UPDATE products SET designer_note = $1, page_extension_mob = $2 WHERE id = $3")
                    .bind(designer_note)
                    .bind(page_extension_mob)
                    .bind(product_id)
                    .execute(db)
            })
            .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    pub async fn add_timer(&self, product_id: Option<i64>, text: &str, starts_at_ms: i64, ends_at_ms: i64) -> Result<i64> {
        Ok(self
            .write(|db| {
                sqlx::query_scalar("INSERT INTO timers (product_id, text, starts_at, ends_at) VALUES ($1, $2, $3, $4) RETURNING id")
                    .bind(product_id)
                    .bind(text)
                    .bind(starts_at_ms)
                    .bind(ends_at_ms)
                    .fetch_one(db)
            })
            .await?)
    }

    /// Active products of other styles in the given categories, nearest in price first.
    pub async fn similar_products(&self, product: &Product, category_ids: &[i64], limit: i64, offset: i64) -> Result<Vec<Product>> {
        if category_ids.is_empty() {
            return Ok(vec![]);
        }
        let sql = format!(
            "{PRODUCT_SELECT} WHERE p.active = 1 AND p.parent_sku <> $1 \
             AND p.id IN (SELECT pc.product_id FROM product_categories pc WHERE pc.category_id IN ({})) \
             ORDER BY CASE WHEN p.color_name = $2 THEN 0 ELSE 1 END, ABS(p.price - $3), p.id LIMIT ${} OFFSET ${}",
            placeholders(4, category_ids.len()),
            category_ids.len() + 4,
            category_ids.len() + 5
        );
        let mut q = sqlx::query_as::<_, Product>(&sql).bind(&product.parent_sku).bind(&product.color_name).bind(product.price);
        for id in category_ids {
            q = q.bind(*id);
        }
        Ok(q.bind(limit).bind(offset).fetch_all(&self.pool).await?)
    }

    /// Products by id, in the order asked, skipping unknown ids.
    pub async fn products_by_ids(&self, ids: &[i64]) -> Result<Vec<Product>> {
        let found: Vec<Product> = fetch_for_ids(&self.pool, ids, |marks| format!("{PRODUCT_SELECT} WHERE p.id IN ({marks})")).await?;
        Ok(ids.iter().filter_map(|id| found.iter().find(|p| p.id == *id).cloned()).collect())
    }

    /// Active products of the given colour in any of the categories (match-the-set).
    pub async fn products_in_colour(&self, colour: &str, category_ids: &[i64], limit: i64) -> Result<Vec<Product>> {
        if category_ids.is_empty() {
            return Ok(vec![]);
        }
        let sql = format!(
            "{PRODUCT_SELECT} WHERE p.active = 1 AND p.color_name = $1 \
             AND p.id IN (SELECT pc.product_id FROM product_categories pc WHERE pc.category_id IN ({})) ORDER BY p.sold_count DESC, p.id LIMIT ${}",
            placeholders(2, category_ids.len()),
            category_ids.len() + 2
        );
        let mut q = sqlx::query_as::<_, Product>(&sql).bind(colour);
        for id in category_ids {
            q = q.bind(*id);
        }
        Ok(q.bind(limit).fetch_all(&self.pool).await?)
    }

    pub async fn product_count(&self) -> Result<i64> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM products").fetch_one(&self.pool).await?)
    }
}

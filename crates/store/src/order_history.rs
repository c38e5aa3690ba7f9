//! A shopper's orders as the history screen lists them: newest first, filtered by status and time,
//! a page at a time, with the lines of the page's orders in one query.

use crate::db::{millis, placeholders};
use crate::payments::{OrderRow, ORDER_COLUMNS};
use crate::{Result, Store};
use chrono::{DateTime, Utc};
use drape_domain::orders::OrderStatus;
use sqlx::FromRow;

#[derive(Debug, Clone)]
pub struct HistoryQuery {
    /// The shopper's orders; None for every shopper's (operators).
    pub user_id: Option<i64>,
    /// Only the order with this reference (operators' search).
    pub order_ref: Option<String>,
    /// Only these statuses; None for every order.
    pub statuses: Option<Vec<OrderStatus>>,
    /// Placed in [from, to); None for any time.
    pub placed: Option<(DateTime<Utc>, DateTime<Utc>)>,
    /// 1-based.
    pub page: i64,
    pub per_page: i64,
}

#[derive(Debug, Clone)]
pub struct HistoryPage {
    pub orders: Vec<OrderRow>,
    /// Orders matching the filters, on every page.
    pub matching: i64,
    /// The shopper's orders in all and when the first was placed, read with the page (None when the
    /// page is empty: ask `order_span`).
    pub span: Option<(i64, Option<i64>)>,
    /// Orders of the page that owe or owed a refund (only those need their refunds read).
    pub with_refunds: Vec<i64>,
}

#[derive(FromRow)]
struct Counted {
    #[sqlx(flatten)]
    order: OrderRow,
    matching: i64,
    all_orders: i64,
    first_at: Option<i64>,
    has_refunds: i64,
}

/// A line of an order with what became of its pieces and the product's return facts.
#[derive(Debug, Clone, FromRow, PartialEq, Eq)]
pub struct LineRow {
    pub id: i64,
    pub order_id: i64,
    pub product_id: i64,
    pub slug: String,
    pub product_sku: String,
    pub category_id: i64,
    pub nonreturnable: i64,
    pub sku: String,
    pub name: String,
    pub size_value: String,
    pub combo1: String,
    pub combo2: String,
    pub quantity: i64,
    pub cancelled_qty: i64,
    pub returned_qty: i64,
    pub exchanged_qty: i64,
    pub price: i64,
    pub mrp: i64,
    pub paid: i64,
    pub gst_rate: i64,
    pub gst: i64,
}

const LINE_COLUMNS: &str = "i.id, i.order_id, i.product_id, p.slug, p.sku AS product_sku, p.category_id, p.nonreturnable, i.sku, \
     CASE WHEN i.name = '' THEN p.name ELSE i.name END AS name, i.size_value, i.combo1, i.combo2, i.quantity, i.cancelled_qty, i.returned_qty, \
     i.exchanged_qty, i.price, i.mrp, i.paid, i.gst_rate, i.gst";

impl Store {
    pub async fn order_history(&self, q: &HistoryQuery) -> Result<HistoryPage> {
        // $1 and $4 are always bound; the text names only the filters in use, so each shape of query
        // gets its own plan (an `$1 IS NULL OR user_id = $1` would keep PostgreSQL off the index).
        let mut filter = String::from(if q.user_id.is_some() { "user_id = $1" } else { "$1 IS NULL" });
        filter += if q.order_ref.is_some() { " AND order_ref = $4" } else { " AND $4 IS NULL" };
        let statuses: Vec<&'static str> = q.statuses.iter().flatten().map(|s| s.name()).collect();
        if q.statuses.is_some() {
            // An empty set matches nothing rather than everything.
            filter += &if statuses.is_empty() { " AND 1 = 0".to_string() } else { format!(" AND status IN ({})", placeholders(5, statuses.len())) };
        }
        filter += " AND created_at >= $2 AND created_at < $3";
        let (from, to) = q.placed.map(|(f, t)| (millis(f), millis(t))).unwrap_or((i64::MIN, i64::MAX));
        // One query for the page and the number matching (a window count); a page past the end has
        // no row to carry it, and is counted on its own.
        let n = statuses.len();
        let page_sql = format!(
            "SELECT {ORDER_COLUMNS}, COUNT(*) OVER () AS matching, \
               (SELECT COUNT(*) FROM orders a WHERE a.user_id = $1) AS all_orders, (SELECT MIN(a.created_at) FROM orders a WHERE a.user_id = $1) AS first_at, \
               CASE WHEN EXISTS (SELECT 1 FROM refund_requests r WHERE r.order_id = orders.id) THEN 1 ELSE 0 END AS has_refunds \
             FROM orders WHERE {filter} ORDER BY created_at DESC, id DESC LIMIT ${} OFFSET ${}",
            5 + n,
            6 + n
        );
        let mut rows = sqlx::query_as::<_, Counted>(&page_sql).bind(q.user_id).bind(from).bind(to).bind(q.order_ref.clone());
        for s in &statuses {
            rows = rows.bind(*s);
        }
        let offset = (q.page.max(1) - 1).saturating_mul(q.per_page);
        let counted = rows.bind(q.per_page).bind(offset).fetch_all(&self.pool).await?;
        let matching = match counted.first() {
            Some(c) => c.matching,
            None => {
                let count_sql = format!("SELECT COUNT(*) FROM orders WHERE {filter}");
                let mut count = sqlx::query_scalar(&count_sql).bind(q.user_id).bind(from).bind(to).bind(q.order_ref.clone());
                for s in &statuses {
                    count = count.bind(*s);
                }
                count.fetch_one(&self.pool).await?
            }
        };
        let span = counted.first().map(|c| (c.all_orders, c.first_at));
        let with_refunds = counted.iter().filter(|c| c.has_refunds == 1).map(|c| c.order.id).collect();
        let orders = counted.into_iter().map(|c| c.order).collect();
        Ok(HistoryPage { orders, matching, span, with_refunds })
    }

    /// How many orders the shopper has, and when the first was placed.
    pub async fn order_span(&self, user_id: i64) -> Result<(i64, Option<i64>)> {
        Ok(sqlx::query_as("SELECT COUNT(*), MIN(created_at) FROM orders WHERE user_id = $1").bind(user_id).fetch_one(&self.pool).await?)
    }

    /// The lines of these orders, in each order's own sequence.
    pub async fn lines_of(&self, order_ids: &[i64]) -> Result<Vec<LineRow>> {
        if order_ids.is_empty() {
            return Ok(Vec::new());
        }
        let sql = format!(
            "SELECT {LINE_COLUMNS} FROM order_items i JOIN products p ON p.id = i.product_id WHERE i.order_id IN ({}) ORDER BY i.order_id, i.id",
            placeholders(1, order_ids.len())
        );
        let mut q = sqlx::query_as(&sql);
        for id in order_ids {
            q = q.bind(*id);
        }
        Ok(q.fetch_all(&self.pool).await?)
    }

    /// Every category's own return settings (spec 001 §9; `drape admin returns` sets them).
    pub async fn category_returns(&self) -> Result<Vec<drape_domain::returns::CategoryReturns>> {
        type Row = (i64, Option<i64>, Option<i64>, Option<String>);
        let rows: Vec<Row> = sqlx::query_as("SELECT id, parent_id, return_days, return_rule FROM categories ORDER BY id").fetch_all(&self.pool).await?;
        Ok(rows
            .into_iter()
            .map(|(id, parent_id, days, rule)| drape_domain::returns::CategoryReturns {
                id,
                parent_id,
                days,
                rule: rule.as_deref().and_then(drape_domain::returns::ReturnRule::parse),
            })
            .collect())
    }

    /// Sets a category's return settings (None: inherit); false for an unknown category.
    pub async fn set_category_returns(&self, slug: &str, days: Option<i64>, rule: Option<drape_domain::returns::ReturnRule>) -> Result<bool> {
        let done = self
            .write(|db| {
                sqlx::query("UPDATE categories SET return_days = $2, return_rule = $3 WHERE slug = $1")
                    .bind(slug)
                    .bind(days)
                    .bind(rule.map(|r| r.value()))
                    .execute(db)
            })
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Refunds these orders owe and what of them was paid: (order id, route, amount, paid).
    pub async fn refund_states(&self, order_ids: &[i64]) -> Result<Vec<(i64, String, i64, i64)>> {
        if order_ids.is_empty() {
            return Ok(Vec::new());
        }
        let sql = format!(
            "SELECT r.order_id, r.route, r.amount, CASE WHEN EXISTS (SELECT 1 FROM refunds f WHERE f.idempotency_key = r.idempotency_key) THEN 1 ELSE 0 END \
             FROM refund_requests r WHERE r.order_id IN ({}) ORDER BY r.id",
            placeholders(1, order_ids.len())
        );
        let mut q = sqlx::query_as(&sql);
        for id in order_ids {
            q = q.bind(*id);
        }
        Ok(q.fetch_all(&self.pool).await?)
    }

    /// Refunds the order owes and what of them was paid: (route, amount, paid).
    pub async fn refund_state(&self, order_id: i64) -> Result<Vec<(String, i64, i64)>> {
        Ok(sqlx::query_as(
            "SELECT r.route, r.amount, CASE WHEN EXISTS (SELECT 1 FROM refunds f WHERE f.idempotency_key = r.idempotency_key) THEN 1 ELSE 0 END \
             FROM refund_requests r WHERE r.order_id = $1 ORDER BY r.id",
        )
        .bind(order_id)
        .fetch_all(&self.pool)
        .await?)
    }
}

//! Orders, as far as the product page needs them: who bought and received what (rating and review
//! eligibility, last-purchased sizes, re-order). The full order lifecycle comes with its own issue.

use crate::db::millis;
use crate::order_status::{record_status, SYSTEM};
use crate::{Result, Store, StoreError};
use chrono::{DateTime, Utc};
use drape_domain::orders::OrderStatus;
use sqlx::FromRow;

pub const DELIVERED: &str = drape_domain::orders::OrderStatus::Delivered.name();

#[derive(Debug, Clone)]
pub struct NewOrderItem {
    pub product_id: i64,
    pub size_value: String,
    pub combo1: String,
    pub combo2: String,
    pub quantity: i64,
    pub price: i64,
}

#[derive(Debug, Clone, FromRow, PartialEq, Eq)]
pub struct OrderRef {
    pub order_ref: String,
    pub status: String,
}

/// A size bought in a delivered order, newest first, with the product's categories resolved by the caller.
#[derive(Debug, Clone, FromRow)]
pub struct BoughtSize {
    pub product_id: i64,
    pub size_value: String,
    pub combo1: String,
    pub combo2: String,
    pub created_at: i64,
}

impl Store {
    /// Places an order record (seed, admin, and later checkout). Returns its reference, `DRP0000042`.
    pub async fn create_order(&self, user_id: i64, status: &str, items: &[NewOrderItem], now: DateTime<Utc>) -> Result<String> {
        let mut tx = self.begin_write().await?;
        let total: i64 = items.iter().map(|i| i.price * i.quantity).sum();
        // Its public id stays the random token the reference is first written as.
        let placeholder = crate::testing_free_token();
        let id: i64 =
            sqlx::query_scalar("INSERT INTO orders (order_ref, public_id, user_id, status, total, to_pay, created_at, updated_at) VALUES ($1, $1, $2, $3, $4, $4, $5, $5) RETURNING id")
                .bind(&placeholder)
                .bind(user_id)
                .bind(status)
                .bind(total)
                .bind(millis(now))
                .fetch_one(&mut **tx)
                .await?;
        let order_ref = crate::checkout::order_ref(id);
        sqlx::query(crate::checkout::SET_ORDER_REF).bind(&order_ref).bind(id).execute(&mut **tx).await?;
        let placed = OrderStatus::parse(status).ok_or_else(|| StoreError::Conflict(format!("unknown order status {status:?}")))?;
        record_status(&mut tx, id, "", placed, SYSTEM, "", now).await?;
        if placed.is_delivered() {
            sqlx::query("UPDATE orders SET delivered_at = created_at WHERE id = $1").bind(id).execute(&mut **tx).await?;
        }
        for it in items {
            sqlx::query("INSERT INTO order_items (order_id, product_id, size_value, combo1, combo2, quantity, price) VALUES ($1, $2, $3, $4, $5, $6, $7)")
                .bind(id)
                .bind(it.product_id)
                .bind(&it.size_value)
                .bind(&it.combo1)
                .bind(&it.combo2)
                .bind(it.quantity)
                .bind(it.price)
                .execute(&mut **tx)
                .await?;
        }
        tx.commit().await?;
        Ok(order_ref)
    }

    /// Puts an order in a status whatever it was in (demo data and tests set up a history with it;
    /// operators move orders with `move_order`, which keeps to the order's life). The event is
    /// written as for any other change.
    pub async fn set_order_status(&self, order_ref: &str, status: OrderStatus, now: DateTime<Utc>) -> Result<()> {
        let mut tx = self.begin_write().await?;
        let from: Option<(i64, String)> =
            sqlx::query_as("SELECT id, status FROM orders WHERE order_ref = $1").bind(order_ref).fetch_optional(&mut **tx).await?;
        let (id, from) = from.ok_or(StoreError::NotFound)?;
        sqlx::query("UPDATE orders SET status = $1, updated_at = $2, delivered_at = CASE WHEN $1 = 'Delivered' THEN $2 ELSE delivered_at END WHERE id = $3")
            .bind(status.name())
            .bind(millis(now))
            .bind(id)
            .execute(&mut **tx)
            .await?;
        record_status(&mut tx, id, &from, status, SYSTEM, "set directly", now).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The shopper's newest order containing the product, Delivered ones first.
    pub async fn order_with_product(&self, user_id: i64, product_id: i64) -> Result<Option<OrderRef>> {
        Ok(sqlx::query_as(
            "SELECT o.order_ref, o.status FROM orders o WHERE o.user_id = $1 \
             AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.product_id = $2) \
             ORDER BY CASE WHEN o.status = 'Delivered' THEN 0 ELSE 1 END, o.created_at DESC, o.id DESC LIMIT 1",
        )
        .bind(user_id)
        .bind(product_id)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Is `order_ref` the shopper's Delivered order containing the product?
    pub async fn is_delivered_purchase(&self, user_id: i64, product_id: i64, order_ref: &str) -> Result<bool> {
        let n: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM orders o JOIN order_items i ON i.order_id = o.id \
             WHERE o.user_id = $1 AND i.product_id = $2 AND o.order_ref = $3 AND o.status = 'Delivered'",
        )
        .bind(user_id)
        .bind(product_id)
        .bind(order_ref)
        .fetch_one(&self.pool)
        .await?;
        Ok(n > 0)
    }

    /// Sizes from the shopper's Delivered orders, newest first.
    pub async fn delivered_sizes(&self, user_id: i64) -> Result<Vec<BoughtSize>> {
        Ok(sqlx::query_as(
            "SELECT i.product_id, i.size_value, i.combo1, i.combo2, o.created_at FROM order_items i JOIN orders o ON o.id = i.order_id \
             WHERE o.user_id = $1 AND o.status = 'Delivered' ORDER BY o.created_at DESC, i.id DESC",
        )
        .bind(user_id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Products the shopper has received, most recent first, each once.
    pub async fn delivered_product_ids(&self, user_id: i64, limit: i64) -> Result<Vec<i64>> {
        let rows: Vec<(i64, i64)> = sqlx::query_as(
            "SELECT i.product_id, MAX(o.created_at) AS last FROM order_items i JOIN orders o ON o.id = i.order_id \
             WHERE o.user_id = $1 AND o.status = 'Delivered' GROUP BY i.product_id ORDER BY last DESC, i.product_id LIMIT $2",
        )
        .bind(user_id)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| r.0).collect())
    }

    /// Products bought in the same orders as this one, by how often.
    pub async fn bought_together(&self, product_id: i64, limit: i64) -> Result<Vec<i64>> {
        let rows: Vec<(i64, i64)> = sqlx::query_as(
            "SELECT other.product_id, COUNT(*) AS n FROM order_items mine JOIN order_items other \
             ON other.order_id = mine.order_id AND other.product_id <> mine.product_id \
             JOIN products p ON p.id = other.product_id AND p.active = 1 \
             WHERE mine.product_id = $1 GROUP BY other.product_id ORDER BY n DESC, other.product_id LIMIT $2",
        )
        .bind(product_id)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| r.0).collect())
    }
}

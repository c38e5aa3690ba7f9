//! What a shopper may learn about stock (spec 001 §4, §6, §9).

/// The per-size urgency label: '{n} left' for 1 to 5, 'Few left' for 6 to 10, otherwise none.
pub fn urgency_label(stock: i64) -> Option<String> {
    match stock {
        1..=5 => Some(format!("{stock} left")),
        6..=10 => Some("Few left".to_string()),
        _ => None,
    }
}

/// How many a shopper may put in the cart: the stock, capped by the product's max_cart_items.
/// Raw stock beyond that is never sent to shoppers.
pub fn purchasable_quantity(stock: i64, max_cart_items: i64) -> i64 {
    stock.max(0).min(max_cart_items.max(0))
}

/// A combo (bra part + panty part) can be bought only as far as both parts are in stock.
pub fn combo_stock(first: i64, second: i64) -> i64 {
    first.min(second).max(0)
}

/// Privileged users see the raw stock suffixed 'WS'.
pub fn warehouse_stock_label(stock: i64) -> String {
    format!("{stock} WS")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urgency_thresholds() {
        assert_eq!(urgency_label(0), None);
        assert_eq!(urgency_label(1).as_deref(), Some("1 left"));
        assert_eq!(urgency_label(5).as_deref(), Some("5 left"));
        assert_eq!(urgency_label(6).as_deref(), Some("Few left"));
        assert_eq!(urgency_label(10).as_deref(), Some("Few left"));
        assert_eq!(urgency_label(11), None);
        assert_eq!(urgency_label(-3), None);
    }

    #[test]
    fn purchasable_is_capped_and_never_negative() {
        assert_eq!(purchasable_quantity(23, 5), 5);
        assert_eq!(purchasable_quantity(3, 5), 3);
        assert_eq!(purchasable_quantity(-1, 5), 0);
        assert_eq!(combo_stock(4, 2), 2);
        assert_eq!(combo_stock(0, 9), 0);
        assert_eq!(warehouse_stock_label(23), "23 WS");
    }
}

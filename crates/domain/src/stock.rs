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

/// Why pieces cannot be added to the cart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AddRefusal {
    OutOfStock,
    OnlyLeft(i64),
    AtMost(i64),
    BadQuantity,
}

impl AddRefusal {
    pub fn message(&self) -> String {
        match self {
            AddRefusal::OutOfStock => "Product Out of stock".to_string(),
            AddRefusal::OnlyLeft(n) => format!("Only {n} left in this size"),
            AddRefusal::AtMost(n) => format!("You can add at most {n} of this product"),
            AddRefusal::BadQuantity => "Please choose a quantity of 1 or more".to_string(),
        }
    }
}

/// May `requested` more pieces join the `already` in the cart, with `stock` left and the product's cap?
pub fn may_add(stock: i64, max_cart_items: i64, already: i64, requested: i64) -> Result<(), AddRefusal> {
    if requested < 1 {
        return Err(AddRefusal::BadQuantity);
    }
    if stock <= 0 {
        return Err(AddRefusal::OutOfStock);
    }
    let total = already.saturating_add(requested);
    if total > max_cart_items {
        return Err(AddRefusal::AtMost(max_cart_items));
    }
    if total > stock {
        return Err(AddRefusal::OnlyLeft(stock));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adding_to_cart_respects_stock_and_cap() {
        assert_eq!(may_add(10, 5, 0, 5), Ok(()));
        assert_eq!(may_add(10, 5, 3, 3), Err(AddRefusal::AtMost(5)));
        assert_eq!(may_add(2, 5, 1, 2), Err(AddRefusal::OnlyLeft(2)));
        assert_eq!(may_add(0, 5, 0, 1), Err(AddRefusal::OutOfStock));
        assert_eq!(may_add(9, 5, 0, 0), Err(AddRefusal::BadQuantity));
        assert_eq!(may_add(9, 5, 0, i64::MAX), Err(AddRefusal::AtMost(5)));
        assert_eq!(AddRefusal::OnlyLeft(2).message(), "Only 2 left in this size");
    }

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

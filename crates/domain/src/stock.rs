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

/// What a shopper may buy of a size right now: nothing of an inactive product, else the purchasable
/// quantity.
pub fn sellable(active: bool, stock: i64, max_cart_items: i64) -> i64 {
    if active {
        purchasable_quantity(stock, max_cart_items)
    } else {
        0
    }
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
    /// `left` in stock, `in_cart` of them already in the cart.
    OnlyLeft {
        left: i64,
        in_cart: i64,
    },
    /// The product's cap, `in_cart` already in the cart.
    AtMost {
        max: i64,
        in_cart: i64,
    },
    BadQuantity,
}

impl AddRefusal {
    pub fn message(&self) -> String {
        match self {
            AddRefusal::OutOfStock => "Product Out of stock".to_string(),
            AddRefusal::OnlyLeft { left, in_cart: 0 } => format!("Only {left} left in this size"),
            AddRefusal::OnlyLeft { left, in_cart } => format!("Only {left} left in this size, and {in_cart} already in your cart"),
            AddRefusal::AtMost { max, in_cart: 0 } => format!("You can add at most {max} of this product"),
            AddRefusal::AtMost { max, in_cart } => format!("You can buy at most {max} of this product, and {in_cart} already in your cart"),
            AddRefusal::BadQuantity => "Please choose a quantity of 1 or more".to_string(),
        }
    }
}

/// What the cart already holds that a new piece competes with: pieces of the same size (they share its
/// stock) and pieces of the same product in any size (they share the product's cap, spec 001 §9).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct InCart {
    pub of_size: i64,
    pub of_product: i64,
}

/// May `requested` more pieces join what the cart holds, with `stock` left in the size and the
/// product's `max_cart_items` cap over all its sizes?
pub fn may_add(stock: i64, max_cart_items: i64, in_cart: InCart, requested: i64) -> Result<(), AddRefusal> {
    if requested < 1 {
        return Err(AddRefusal::BadQuantity);
    }
    // A product capped at 0 cannot be bought at all: to a shopper that is out of stock.
    if stock <= 0 || max_cart_items <= 0 {
        return Err(AddRefusal::OutOfStock);
    }
    let (of_size, of_product) = (in_cart.of_size.max(0), in_cart.of_product.max(0));
    if of_product.saturating_add(requested) > max_cart_items {
        return Err(AddRefusal::AtMost { max: max_cart_items, in_cart: of_product });
    }
    if of_size.saturating_add(requested) > stock {
        return Err(AddRefusal::OnlyLeft { left: stock, in_cart: of_size });
    }
    Ok(())
}

/// How many more of a size can still go in the cart: its stock and the product's cap, less what the
/// cart holds of each.
pub fn room_left(stock: i64, max_cart_items: i64, in_cart: InCart) -> i64 {
    (stock - in_cart.of_size).min(max_cart_items - in_cart.of_product).max(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn held(of_size: i64, of_product: i64) -> InCart {
        InCart { of_size, of_product }
    }

    #[test]
    fn adding_to_cart_respects_stock_and_cap() {
        assert_eq!(may_add(10, 5, held(0, 0), 5), Ok(()));
        assert_eq!(may_add(10, 5, held(3, 3), 3), Err(AddRefusal::AtMost { max: 5, in_cart: 3 }));
        assert_eq!(may_add(2, 5, held(1, 1), 2), Err(AddRefusal::OnlyLeft { left: 2, in_cart: 1 }));
        assert_eq!(may_add(0, 5, held(0, 0), 1), Err(AddRefusal::OutOfStock));
        assert_eq!(may_add(9, 0, held(0, 0), 1), Err(AddRefusal::OutOfStock), "capped at 0 is not for sale");
        assert_eq!(may_add(9, 5, held(0, 0), 0), Err(AddRefusal::BadQuantity));
        assert_eq!(may_add(9, 5, held(0, 0), i64::MAX), Err(AddRefusal::AtMost { max: 5, in_cart: 0 }));
        assert_eq!(AddRefusal::OnlyLeft { left: 2, in_cart: 0 }.message(), "Only 2 left in this size");
        assert_eq!(AddRefusal::OnlyLeft { left: 2, in_cart: 1 }.message(), "Only 2 left in this size, and 1 already in your cart");
        assert_eq!(AddRefusal::AtMost { max: 5, in_cart: 3 }.message(), "You can buy at most 5 of this product, and 3 already in your cart");
    }

    #[test]
    fn the_cap_is_the_products_across_its_sizes() {
        // 5 of one size already in the cart: another size of the same product is refused (spec 001 §9
        // caps the product), though that size has stock.
        assert_eq!(may_add(10, 5, held(0, 5), 1), Err(AddRefusal::AtMost { max: 5, in_cart: 5 }));
        assert_eq!(may_add(10, 5, held(0, 4), 1), Ok(()));
        assert_eq!(room_left(10, 5, held(1, 4)), 1);
        assert_eq!(room_left(2, 5, held(2, 2)), 0, "the size's stock is used up");
        assert_eq!(room_left(10, 5, held(0, 7)), 0, "never negative");
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

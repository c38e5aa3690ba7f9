//! Order statuses with the spec's names, and the label each shows to shoppers (spec 000 §4).

/// Every status an order can be in, named exactly as the spec names them (and as they are stored).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OrderStatus {
    Batched,
    Hold,
    Verified,
    DeliveredReturned,
    SalesReturned,
    OrderReverse,
    UndeliveredReturned,
    PaymentFailed,
    PendingConfirmation,
    PendingPayment,
    Picked,
    Shipped,
    Delivered,
    ParentOrder,
    Cancelled,
    Cancel,
    LostOrder,
    RtoInitiated,
}

/// The label groups of spec 000 §4 (the spec gives each group its own display colour; the orders
/// screens choose them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StatusLabel {
    OrderReceived,
    OrderReturned,
    PaymentFailed,
    PendingConfirmation,
    PendingPayment,
    OrderPacked,
    OrderShipped,
    OrderDelivered,
    OrderCancelled,
    LostOrder,
    ReturnInitiated,
}

impl OrderStatus {
    pub const ALL: [OrderStatus; 18] = [
        OrderStatus::Batched,
        OrderStatus::Hold,
        OrderStatus::Verified,
        OrderStatus::DeliveredReturned,
        OrderStatus::SalesReturned,
        OrderStatus::OrderReverse,
        OrderStatus::UndeliveredReturned,
        OrderStatus::PaymentFailed,
        OrderStatus::PendingConfirmation,
        OrderStatus::PendingPayment,
        OrderStatus::Picked,
        OrderStatus::Shipped,
        OrderStatus::Delivered,
        OrderStatus::ParentOrder,
        OrderStatus::Cancelled,
        OrderStatus::Cancel,
        OrderStatus::LostOrder,
        OrderStatus::RtoInitiated,
    ];

    /// The spec's name, as stored.
    pub const fn name(self) -> &'static str {
        match self {
            OrderStatus::Batched => "Batched",
            OrderStatus::Hold => "Hold",
            OrderStatus::Verified => "Verified",
            OrderStatus::DeliveredReturned => "Delivered Returned",
            OrderStatus::SalesReturned => "Sales Returned",
            OrderStatus::OrderReverse => "Order Reverse",
            OrderStatus::UndeliveredReturned => "Undelivered Returned",
            OrderStatus::PaymentFailed => "Payment Failed",
            OrderStatus::PendingConfirmation => "Pending confirmation",
            OrderStatus::PendingPayment => "Pending Payment",
            OrderStatus::Picked => "Picked",
            OrderStatus::Shipped => "Shipped",
            OrderStatus::Delivered => "Delivered",
            OrderStatus::ParentOrder => "Parent Order",
            OrderStatus::Cancelled => "Cancelled",
            OrderStatus::Cancel => "Cancel",
            OrderStatus::LostOrder => "Lost Order",
            OrderStatus::RtoInitiated => "RTO Initiated",
        }
    }

    /// A stored or typed name back to the status (exact, as the spec spells it).
    pub fn parse(name: &str) -> Option<OrderStatus> {
        OrderStatus::ALL.into_iter().find(|s| s.name() == name)
    }

    pub fn label(self) -> StatusLabel {
        use OrderStatus::*;
        match self {
            Batched | Hold | Verified => StatusLabel::OrderReceived,
            DeliveredReturned | SalesReturned | OrderReverse | UndeliveredReturned => StatusLabel::OrderReturned,
            PaymentFailed => StatusLabel::PaymentFailed,
            PendingConfirmation => StatusLabel::PendingConfirmation,
            PendingPayment => StatusLabel::PendingPayment,
            Picked => StatusLabel::OrderPacked,
            Shipped => StatusLabel::OrderShipped,
            Delivered | ParentOrder => StatusLabel::OrderDelivered,
            Cancelled | Cancel => StatusLabel::OrderCancelled,
            LostOrder => StatusLabel::LostOrder,
            RtoInitiated => StatusLabel::ReturnInitiated,
        }
    }
}

impl std::fmt::Display for OrderStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl StatusLabel {
    /// The words a shopper reads.
    pub fn text(self) -> &'static str {
        match self {
            StatusLabel::OrderReceived => "Order Received",
            StatusLabel::OrderReturned => "Order Returned",
            StatusLabel::PaymentFailed => "Payment Failed",
            StatusLabel::PendingConfirmation => "Pending Confirmation",
            StatusLabel::PendingPayment => "Pending Payment",
            StatusLabel::OrderPacked => "Order Packed",
            StatusLabel::OrderShipped => "Order Shipped",
            StatusLabel::OrderDelivered => "Order Delivered",
            StatusLabel::OrderCancelled => "Order Cancelled",
            StatusLabel::LostOrder => "Lost Order",
            StatusLabel::ReturnInitiated => "Return Initiated",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_labels_follow_the_spec_table() {
        for s in OrderStatus::ALL {
            assert_eq!(OrderStatus::parse(s.name()), Some(s));
        }
        assert_eq!(OrderStatus::parse("delivered"), None, "names are exact");
        assert_eq!(OrderStatus::parse("Pending confirmation").map(|s| s.label().text()), Some("Pending Confirmation"));
        let label = |n: &str| OrderStatus::parse(n).unwrap().label().text();
        assert_eq!(label("Hold"), "Order Received");
        assert_eq!(label("Undelivered Returned"), "Order Returned");
        assert_eq!(label("Picked"), "Order Packed");
        assert_eq!(label("Parent Order"), "Order Delivered");
        assert_eq!(label("Cancel"), "Order Cancelled");
        assert_eq!(label("RTO Initiated"), "Return Initiated");
        let groups: std::collections::HashSet<_> = OrderStatus::ALL.iter().map(|s| s.label()).collect();
        assert_eq!(groups.len(), 11, "eleven label groups");
    }
}

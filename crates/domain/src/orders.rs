//! Order statuses with the spec's names, the label and colour each shows to shoppers, the moves an
//! order may make, and the order history's filters (spec 000 §4).

use chrono::{DateTime, Datelike, Duration, Months, TimeZone, Utc};

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

impl StatusLabel {
    /// The label group's display colour (spec 000 §4: each group has its own). The server sends it
    /// with every order, so the app never keeps a second copy of this table.
    pub fn colour(self) -> &'static str {
        match self {
            StatusLabel::OrderReceived => "#1d4ed8",
            StatusLabel::OrderReturned => "#6d4c41",
            StatusLabel::PaymentFailed => "#b91c1c",
            StatusLabel::PendingConfirmation => "#a21caf",
            StatusLabel::PendingPayment => "#b45309",
            StatusLabel::OrderPacked => "#6d28d9",
            StatusLabel::OrderShipped => "#0f766e",
            StatusLabel::OrderDelivered => "#15803d",
            StatusLabel::OrderCancelled => "#57534e",
            StatusLabel::LostOrder => "#374151",
            StatusLabel::ReturnInitiated => "#c2410c",
        }
    }
}

impl OrderStatus {
    /// Not shipped yet, so the shopper may still cancel it.
    pub fn can_be_cancelled(self) -> bool {
        use OrderStatus::*;
        matches!(self, PendingConfirmation | PendingPayment | Verified | Batched | Hold | Picked)
    }

    /// The moves an order may make from this status. Cancelling is one of them while the order has
    /// not shipped; returns of delivered pieces are per item and do not move the order until every
    /// piece is back (then Sales Returned).
    pub fn next(self) -> &'static [OrderStatus] {
        use OrderStatus::*;
        match self {
            PendingPayment => &[Verified, PaymentFailed, Cancelled],
            PendingConfirmation => &[Verified, Cancelled],
            Verified => &[Batched, Hold, Picked, Cancelled],
            Batched => &[Hold, Picked, Cancelled],
            Hold => &[Verified, Batched, Picked, Cancelled],
            Picked => &[Shipped, Cancelled],
            Shipped => &[Delivered, RtoInitiated, LostOrder],
            RtoInitiated => &[UndeliveredReturned, Delivered],
            Delivered => &[SalesReturned],
            ParentOrder => &[SalesReturned],
            DeliveredReturned | SalesReturned | OrderReverse | UndeliveredReturned | PaymentFailed | Cancelled | Cancel | LostOrder => &[],
        }
    }

    pub fn can_move_to(self, to: OrderStatus) -> bool {
        self.next().contains(&to)
    }

    /// Still on its way to an end: not delivered, not ended (cancelled, failed, returned, lost). A shopper
    /// with such an order cannot delete the account yet.
    pub fn is_open(self) -> bool {
        !self.next().is_empty() && !self.is_delivered()
    }

    /// Delivered to the shopper (returns and ratings start here).
    pub fn is_delivered(self) -> bool {
        matches!(self, OrderStatus::Delivered | OrderStatus::ParentOrder)
    }
}

/// The order-history status filter (spec 000 §4, label: value).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HistoryFilter {
    All,
    Delivered,
    Cancelled,
    SalesReturned,
    OpenOrder,
    PendingPayment,
    PaymentFailed,
    PendingConfirmation,
}

impl HistoryFilter {
    pub const ALL: [HistoryFilter; 8] = [
        HistoryFilter::All,
        HistoryFilter::Delivered,
        HistoryFilter::Cancelled,
        HistoryFilter::SalesReturned,
        HistoryFilter::OpenOrder,
        HistoryFilter::PendingPayment,
        HistoryFilter::PaymentFailed,
        HistoryFilter::PendingConfirmation,
    ];

    pub const fn label(self) -> &'static str {
        match self {
            HistoryFilter::All => "All",
            HistoryFilter::Delivered => "Delivered",
            HistoryFilter::Cancelled => "Cancelled",
            HistoryFilter::SalesReturned => "Sales Returned",
            HistoryFilter::OpenOrder => "Open Order",
            HistoryFilter::PendingPayment => "Pending Payment",
            HistoryFilter::PaymentFailed => "Payment Failed",
            HistoryFilter::PendingConfirmation => "Pending Confirmation",
        }
    }

    /// The value the list is asked with, as the spec writes it.
    pub const fn value(self) -> &'static str {
        match self {
            HistoryFilter::All => "",
            HistoryFilter::Delivered => "Delivered",
            HistoryFilter::Cancelled => "Cancelled",
            HistoryFilter::SalesReturned => "SalesReturned",
            HistoryFilter::OpenOrder => "OpenOrder",
            HistoryFilter::PendingPayment => "PendingPayment",
            HistoryFilter::PaymentFailed => "Payment Failed",
            HistoryFilter::PendingConfirmation => "Pending confirmation",
        }
    }

    pub fn parse(value: &str) -> Option<HistoryFilter> {
        HistoryFilter::ALL.into_iter().find(|f| f.value() == value)
    }

    /// The statuses the filter shows; None shows every order.
    pub fn statuses(self) -> Option<Vec<OrderStatus>> {
        use OrderStatus::*;
        let want = |l: StatusLabel| OrderStatus::ALL.into_iter().filter(|s| s.label() == l).collect::<Vec<_>>();
        match self {
            HistoryFilter::All => None,
            HistoryFilter::Delivered => Some(want(StatusLabel::OrderDelivered)),
            HistoryFilter::Cancelled => Some(want(StatusLabel::OrderCancelled)),
            HistoryFilter::SalesReturned => Some(want(StatusLabel::OrderReturned)),
            // Everything on its way to the shopper: received, packed, shipped, or coming back undelivered.
            HistoryFilter::OpenOrder => Some(vec![Batched, Hold, Verified, Picked, Shipped, RtoInitiated]),
            HistoryFilter::PendingPayment => Some(vec![PendingPayment]),
            HistoryFilter::PaymentFailed => Some(vec![PaymentFailed]),
            HistoryFilter::PendingConfirmation => Some(vec![PendingConfirmation]),
        }
    }
}

/// The order-history time filter: all, the last 30 days, the last 6 months, or one calendar year
/// (India time).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimePeriod {
    All,
    Last30Days,
    Last6Months,
    Year(i32),
}

impl TimePeriod {
    /// `all` (or empty), `last_30_days`, `last_6_months` or a year such as `2025`.
    pub fn parse(value: &str) -> Option<TimePeriod> {
        match value {
            "" | "all" => Some(TimePeriod::All),
            "last_30_days" => Some(TimePeriod::Last30Days),
            "last_6_months" => Some(TimePeriod::Last6Months),
            y if y.len() == 4 && y.bytes().all(|b| b.is_ascii_digit()) => y.parse().ok().filter(|y| (2000..=2100).contains(y)).map(TimePeriod::Year),
            _ => None,
        }
    }

    pub fn value(self) -> String {
        match self {
            TimePeriod::All => "all".into(),
            TimePeriod::Last30Days => "last_30_days".into(),
            TimePeriod::Last6Months => "last_6_months".into(),
            TimePeriod::Year(y) => y.to_string(),
        }
    }

    pub fn label(self) -> String {
        match self {
            TimePeriod::All => "All".into(),
            TimePeriod::Last30Days => "Last 30 days".into(),
            TimePeriod::Last6Months => "Last 6 months".into(),
            TimePeriod::Year(y) => y.to_string(),
        }
    }

    /// The instants [from, to) the period covers at `now`; None for All.
    pub fn range(self, now: DateTime<Utc>) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
        let ist = crate::delivery::ist();
        match self {
            TimePeriod::All => None,
            TimePeriod::Last30Days => Some((now - Duration::days(30), now + Duration::days(1))),
            TimePeriod::Last6Months => {
                let from = now.with_timezone(&ist).checked_sub_months(Months::new(6)).map(|d| d.with_timezone(&Utc)).unwrap_or(now);
                Some((from, now + Duration::days(1)))
            }
            TimePeriod::Year(y) => {
                let start = |y: i32| ist.with_ymd_and_hms(y, 1, 1, 0, 0, 0).single().map(|d| d.with_timezone(&Utc));
                Some((start(y)?, start(y + 1)?))
            }
        }
    }

    /// The choices offered: All, the last 30 days, the last 6 months, then this year and each past
    /// year back to the year of the shopper's first order.
    pub fn choices(now: DateTime<Utc>, first_order: Option<DateTime<Utc>>) -> Vec<TimePeriod> {
        let ist = crate::delivery::ist();
        let this_year = now.with_timezone(&ist).year();
        let first_year = first_order.map(|t| t.with_timezone(&ist).year()).unwrap_or(this_year).min(this_year);
        let mut out = vec![TimePeriod::All, TimePeriod::Last30Days, TimePeriod::Last6Months];
        out.extend((first_year..=this_year).rev().map(TimePeriod::Year));
        out
    }
}

/// Pieces of an order line still with the shopper and open to a return or an exchange: ordered less
/// cancelled and returned. An exchanged piece leaves this line and is carried by the exchange order's
/// line instead, so across the two orders it nets out (spec 000 §4).
pub fn remaining(ordered: i64, cancelled: i64, returned: i64, exchanged: i64) -> i64 {
    (ordered - cancelled - returned - exchanged).max(0)
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

    #[test]
    fn every_label_group_has_its_own_colour() {
        let colours: std::collections::HashSet<_> = OrderStatus::ALL.iter().map(|s| s.label().colour()).collect();
        assert_eq!(colours.len(), 11);
    }

    #[test]
    fn only_unshipped_orders_can_be_cancelled_and_moves_follow_the_table() {
        use OrderStatus::*;
        for s in OrderStatus::ALL {
            assert_eq!(s.can_be_cancelled(), s.can_move_to(Cancelled), "{s}");
        }
        assert!(Picked.can_be_cancelled());
        assert!(!Shipped.can_be_cancelled());
        assert!(!Delivered.can_be_cancelled());
        assert!(Shipped.is_open() && PendingPayment.is_open() && RtoInitiated.is_open());
        assert!(!Delivered.is_open() && !Cancelled.is_open() && !LostOrder.is_open() && !SalesReturned.is_open());
        assert!(Shipped.can_move_to(Delivered));
        assert!(!Verified.can_move_to(Delivered), "an order ships before it is delivered");
        assert!(Cancelled.next().is_empty());
    }

    #[test]
    fn filters_parse_the_spec_values_and_cover_their_statuses() {
        assert_eq!(HistoryFilter::parse(""), Some(HistoryFilter::All));
        assert_eq!(HistoryFilter::parse("SalesReturned"), Some(HistoryFilter::SalesReturned));
        assert_eq!(HistoryFilter::parse("Pending confirmation"), Some(HistoryFilter::PendingConfirmation));
        assert_eq!(HistoryFilter::parse("Payment Failed"), Some(HistoryFilter::PaymentFailed));
        assert_eq!(HistoryFilter::parse("PaymentFailed"), None);
        let delivered = HistoryFilter::Delivered.statuses().unwrap();
        assert!(delivered.contains(&OrderStatus::ParentOrder));
        let returned = HistoryFilter::SalesReturned.statuses().unwrap();
        assert_eq!(returned.len(), 4);
        assert!(HistoryFilter::OpenOrder.statuses().unwrap().contains(&OrderStatus::Shipped));
        assert_eq!(HistoryFilter::All.statuses(), None);
    }

    #[test]
    fn time_periods_cover_india_calendar_years() {
        let now = Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap();
        assert_eq!(TimePeriod::parse("2025"), Some(TimePeriod::Year(2025)));
        assert_eq!(TimePeriod::parse("25"), None);
        assert_eq!(TimePeriod::parse("last_week"), None);
        let (from, to) = TimePeriod::Year(2025).range(now).unwrap();
        assert_eq!(from, Utc.with_ymd_and_hms(2024, 12, 31, 18, 30, 0).unwrap(), "midnight of 1 January in India");
        assert_eq!(to, Utc.with_ymd_and_hms(2025, 12, 31, 18, 30, 0).unwrap());
        let (from, _) = TimePeriod::Last6Months.range(now).unwrap();
        assert_eq!(from.date_naive().to_string(), "2026-05-22");
        let first = Utc.with_ymd_and_hms(2024, 3, 1, 0, 0, 0).unwrap();
        let values: Vec<String> = TimePeriod::choices(now, Some(first)).into_iter().map(TimePeriod::value).collect();
        assert_eq!(values, ["all", "last_30_days", "last_6_months", "2026", "2025", "2024"]);
    }

    #[test]
    fn remaining_pieces_leave_out_cancelled_returned_and_exchanged() {
        assert_eq!(remaining(3, 0, 1, 1), 1);
        assert_eq!(remaining(2, 2, 0, 0), 0);
        assert_eq!(remaining(1, 0, 1, 1), 0, "never below zero");
    }
}

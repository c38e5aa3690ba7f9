//! The wallet (`app_wallet`, `walletAmount` of spec 000 §3): a ledger of credits and debits per
//! shopper, never a mutable balance. Kinds say why money moved; the balance is the sum.

/// Why an entry moved money.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    /// An operator's credit (goodwill, a bank refund paid into the wallet).
    Credit,
    /// Money spent on an order.
    OrderPayment,
    /// Money back from a cancelled, failed or returned order.
    Refund,
}

impl EntryKind {
    pub const ALL: [EntryKind; 3] = [EntryKind::Credit, EntryKind::OrderPayment, EntryKind::Refund];

    /// As stored.
    pub const fn code(self) -> &'static str {
        match self {
            EntryKind::Credit => "credit",
            EntryKind::OrderPayment => "order_payment",
            EntryKind::Refund => "refund",
        }
    }

    pub fn parse(code: &str) -> Option<EntryKind> {
        EntryKind::ALL.into_iter().find(|k| k.code() == code)
    }

    /// What the shopper reads in the ledger.
    pub fn label(self) -> &'static str {
        match self {
            EntryKind::Credit => "Added by Drape",
            EntryKind::OrderPayment => "Paid for an order",
            EntryKind::Refund => "Refund",
        }
    }

    /// Whether entries of this kind add money (credits, refunds) or take it (payments).
    pub fn adds(self) -> bool {
        !matches!(self, EntryKind::OrderPayment)
    }
}

/// Most an operator may credit in one entry, in paise (₹50,000): a typo of three zeros is refused.
pub const MAX_CREDIT: i64 = 5_000_000;

/// The signed amount of an entry: positive for kinds that add money, negative for payments. None
/// for an amount that is not positive.
pub fn signed_amount(kind: EntryKind, paise: i64) -> Option<i64> {
    (paise > 0).then(|| if kind.adds() { paise } else { -paise })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_sign_their_amounts_and_round_trip() {
        assert_eq!(signed_amount(EntryKind::Credit, 50_000), Some(50_000));
        assert_eq!(signed_amount(EntryKind::Refund, 100), Some(100));
        assert_eq!(signed_amount(EntryKind::OrderPayment, 30_000), Some(-30_000));
        assert_eq!(signed_amount(EntryKind::Credit, 0), None);
        assert_eq!(signed_amount(EntryKind::Credit, -5), None);
        for k in EntryKind::ALL {
            assert_eq!(EntryKind::parse(k.code()), Some(k));
        }
        assert_eq!(EntryKind::parse("bonus"), None);
    }
}

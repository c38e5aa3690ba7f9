//! Where a shopper's money goes back to (spec 000 §9 refund source keys) and how a cancelled order's
//! money is split between the wallet and the original payment.

/// How the order was paid, as the refund screens name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefundSource {
    /// Paid from the wallet alone.
    Wallet,
    /// Paid online alone.
    Prepaid,
    /// Cash on delivery alone.
    Cod,
    /// Cash on delivery with part paid from the wallet.
    CodMix,
    /// Online with part paid from the wallet.
    PrepaidMix,
}

impl RefundSource {
    pub fn of(cash_on_delivery: bool, wallet_used: i64, to_pay: i64) -> RefundSource {
        match (cash_on_delivery, wallet_used > 0, to_pay > 0) {
            (_, true, false) => RefundSource::Wallet,
            (true, true, true) => RefundSource::CodMix,
            (true, false, _) => RefundSource::Cod,
            (false, true, true) => RefundSource::PrepaidMix,
            (false, false, _) => RefundSource::Prepaid,
        }
    }

    pub const fn key(self) -> &'static str {
        match self {
            RefundSource::Wallet => "wallet",
            RefundSource::Prepaid => "prepaid",
            RefundSource::Cod => "cod",
            RefundSource::CodMix => "cod_mix",
            RefundSource::PrepaidMix => "prepaid_mix",
        }
    }
}

/// Where the shopper asks the online part of a refund to go (`refundType`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefundRoute {
    /// Into the Drape wallet at once.
    Wallet,
    /// Back to the card, UPI or bank it came from, through the provider (days, not minutes).
    Source,
}

impl RefundRoute {
    pub fn parse(value: &str) -> Option<RefundRoute> {
        match value {
            "wallet" => Some(RefundRoute::Wallet),
            "source" => Some(RefundRoute::Source),
            _ => None,
        }
    }

    pub const fn value(self) -> &'static str {
        match self {
            RefundRoute::Wallet => "wallet",
            RefundRoute::Source => "source",
        }
    }
}

/// A shopper's bank account number as staff see it until a transfer to it is due: its last four
/// digits ('••••6789'). Nobody needs the whole number before then, and a page that shows it is one
/// more place it can be read from.
pub fn account_tail(number: &str) -> String {
    let digits: Vec<char> = number.trim().chars().collect();
    let tail: String = digits[digits.len().saturating_sub(4)..].iter().collect();
    format!("••••{tail}")
}

/// What a cancellation gives back, in paise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CancelRefund {
    /// Into the wallet now: what the wallet paid, and the online money when the shopper chose the wallet.
    pub to_wallet: i64,
    /// Back through the payment provider.
    pub to_source: i64,
}

impl CancelRefund {
    pub fn total(&self) -> i64 {
        self.to_wallet + self.to_source
    }
}

/// Splits a cancelled order's money: the wallet's part always goes back to the wallet; money paid
/// online goes where the shopper chose. Nothing was collected yet for cash on delivery, so only the
/// wallet's part comes back. `already_refunded` (paise, earlier refunds of this order) comes off the
/// online part first, so the sum of refunds never exceeds what was paid.
pub fn cancel_refund(wallet_used: i64, paid_online: i64, already_refunded: i64, route: RefundRoute) -> CancelRefund {
    let online = (paid_online - already_refunded).max(0);
    let wallet_back = (wallet_used - (already_refunded - paid_online).max(0)).max(0);
    match route {
        RefundRoute::Wallet => CancelRefund { to_wallet: wallet_back + online, to_source: 0 },
        RefundRoute::Source => CancelRefund { to_wallet: wallet_back, to_source: online },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_account_number_shows_only_its_last_four_digits() {
        assert_eq!(account_tail("50100123456789"), "••••6789");
        assert_eq!(account_tail(" 123 "), "••••123");
        assert_eq!(account_tail(""), "••••");
    }

    #[test]
    fn source_keys_follow_how_the_order_was_paid() {
        assert_eq!(RefundSource::of(false, 0, 1000).key(), "prepaid");
        assert_eq!(RefundSource::of(false, 500, 0).key(), "wallet");
        assert_eq!(RefundSource::of(true, 500, 0).key(), "wallet", "a COD order the wallet paid in full has nothing to collect");
        assert_eq!(RefundSource::of(true, 0, 1000).key(), "cod");
        assert_eq!(RefundSource::of(true, 200, 800).key(), "cod_mix");
        assert_eq!(RefundSource::of(false, 200, 800).key(), "prepaid_mix");
    }

    #[test]
    fn a_cancellation_gives_back_what_was_paid_once() {
        assert_eq!(cancel_refund(200, 800, 0, RefundRoute::Wallet), CancelRefund { to_wallet: 1000, to_source: 0 });
        assert_eq!(cancel_refund(200, 800, 0, RefundRoute::Source), CancelRefund { to_wallet: 200, to_source: 800 });
        assert_eq!(cancel_refund(0, 0, 0, RefundRoute::Source).total(), 0, "cash on delivery: nothing collected yet");
        assert_eq!(cancel_refund(200, 800, 300, RefundRoute::Source), CancelRefund { to_wallet: 200, to_source: 500 });
        assert_eq!(cancel_refund(200, 800, 900, RefundRoute::Source), CancelRefund { to_wallet: 100, to_source: 0 });
        assert_eq!(cancel_refund(200, 800, 5000, RefundRoute::Wallet).total(), 0);
        assert_eq!(RefundRoute::parse("wallet"), Some(RefundRoute::Wallet));
        assert_eq!(RefundRoute::parse("bank"), None);
    }
}

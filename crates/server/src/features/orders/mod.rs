//! Orders after the purchase (issue 12; spec 000 §2 my orders, §3 Order / Order list response /
//! Cancel payload, §4 statuses and filters, §7 order calls): the history and one order with its
//! timeline, cancelling, and re-ordering.

pub mod cancel;
pub mod history;
pub mod invoice;
pub mod notify;
pub mod operator;
pub mod reorder;
pub mod returns;
pub mod views;

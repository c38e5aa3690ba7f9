//! `drape admin order`: change an order's status.

use anyhow::Context;
use drape_domain::clock::Clock;
use drape_domain::orders::OrderStatus;
use drape_store::Store;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long = "ref")]
    pub order_ref: String,
    #[arg(long)]
    pub status: String,
}

/// An order and the status (spec 000 §4) to give it.
#[derive(Debug, PartialEq)]
pub struct StatusChange {
    pub order_ref: String,
    pub status: OrderStatus,
}

pub fn check(args: &Args) -> anyhow::Result<StatusChange> {
    let names = || OrderStatus::ALL.map(OrderStatus::name).join(", ");
    let status = OrderStatus::parse(&args.status).with_context(|| format!("unknown status {:?}; one of: {}", args.status, names()))?;
    Ok(StatusChange { order_ref: args.order_ref.clone(), status })
}

pub async fn run(change: StatusChange, store: &Store, clock: &dyn Clock) -> anyhow::Result<()> {
    let StatusChange { order_ref, status } = change;
    store.set_order_status(&order_ref, status.name(), clock.now()).await.with_context(|| format!("no order {order_ref}"))?;
    println!("{order_ref}: {status}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::{parse, refusal};

    #[test]
    fn an_unknown_status_is_refused_with_the_list() {
        let message = refusal(check(&parse(&["--ref", "DRP0000042", "--status", "delivered"])));
        assert_eq!(
            message,
            "unknown status \"delivered\"; one of: Batched, Hold, Verified, Delivered Returned, Sales Returned, Order Reverse, Undelivered Returned, \
             Payment Failed, Pending confirmation, Pending Payment, Picked, Shipped, Delivered, Parent Order, Cancelled, Cancel, Lost Order, RTO Initiated"
        );
        assert!(refusal(check(&parse(&["--ref", "DRP0000042", "--status", "Delivered "]))).starts_with("unknown status \"Delivered \";"));
    }

    #[test]
    fn every_status_of_the_spec_is_taken_as_written() {
        for status in OrderStatus::ALL {
            assert_eq!(check(&parse(&["--ref", "DRP0000042", "--status", status.name()])).unwrap(), StatusChange { order_ref: "DRP0000042".into(), status });
        }
    }
}

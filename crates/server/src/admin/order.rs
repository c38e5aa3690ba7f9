//! `drape admin order`: move an order along its life (spec 000 §4 statuses; the moves
//! OrderStatus::next allows), ship it with its courier and tracking number, cancel it with its money
//! given back, or print its timeline.

use crate::features::orders::operator::{order_step, OrderStep};
use anyhow::{bail, Context};
use drape_domain::clock::Clock;
use drape_domain::orders::OrderStatus;
use drape_store::Store;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long = "ref")]
    pub order_ref: String,
    /// The status to move the order to, as the spec writes it (Picked, Shipped, Delivered, Cancelled, …).
    #[arg(long)]
    pub status: Option<String>,
    /// Why, for the order's timeline (a cancellation needs one).
    #[arg(long, default_value = "")]
    pub note: String,
    /// Shipping: the courier and its tracking number.
    #[arg(long)]
    pub courier: Option<String>,
    #[arg(long)]
    pub tracking: Option<String>,
    /// Print the order's timeline instead of changing it.
    #[arg(long)]
    pub timeline: bool,
    /// The operator's mobile, kept on the timeline.
    #[arg(long = "by", default_value = "cli")]
    pub by: String,
}

#[derive(Debug, PartialEq)]
pub enum Task {
    Timeline { order_ref: String },
    Move { order_ref: String, status: OrderStatus, note: String, by: String },
    Ship { order_ref: String, courier: String, tracking: String, by: String },
    Cancel { order_ref: String, note: String, by: String },
}

pub fn check(args: &Args) -> anyhow::Result<Task> {
    let order_ref = args.order_ref.trim().to_string();
    if args.timeline {
        return Ok(Task::Timeline { order_ref });
    }
    let Some(name) = &args.status else { bail!("say --status (the status to move the order to) or --timeline") };
    let names = || OrderStatus::ALL.map(OrderStatus::name).join(", ");
    let status = OrderStatus::parse(name).with_context(|| format!("unknown status {name:?}; one of: {}", names()))?;
    let note = args.note.trim().to_string();
    let by = args.by.trim().to_string();
    match status {
        OrderStatus::Shipped => {
            let courier = args.courier.as_deref().map(str::trim).filter(|c| !c.is_empty()).context("shipping needs --courier and --tracking")?;
            let tracking = args.tracking.as_deref().map(str::trim).filter(|c| !c.is_empty()).context("shipping needs --courier and --tracking")?;
            Ok(Task::Ship { order_ref, courier: courier.into(), tracking: tracking.into(), by })
        }
        OrderStatus::Cancelled | OrderStatus::Cancel => {
            if note.is_empty() {
                bail!("a cancellation needs --note with the reason the shopper will read");
            }
            Ok(Task::Cancel { order_ref, note, by })
        }
        _ => Ok(Task::Move { order_ref, status, note, by }),
    }
}

pub async fn run(task: Task, store: &Store, clock: &dyn Clock) -> anyhow::Result<()> {
    let now = clock.now();
    let id_of = |r: String| async move { store.order_id_by_ref(&r).await?.with_context(|| format!("no order {r}")) };
    let (order_ref, step, by) = match task {
        Task::Timeline { order_ref } => {
            let id = id_of(order_ref.clone()).await?;
            for e in store.order_events(id).await? {
                println!("{}  {:<22} {:<16} {}", e.at().format("%Y-%m-%d %H:%M"), e.to_status, e.actor, e.note);
            }
            return Ok(());
        }
        Task::Move { order_ref, status, note, by } => (order_ref, OrderStep::Move { to: status, note }, by),
        Task::Ship { order_ref, courier, tracking, by } => (order_ref, OrderStep::Ship { courier, tracking }, by),
        // The shop cancelled it: money paid online goes back where it came from.
        Task::Cancel { order_ref, note, by } => (order_ref, OrderStep::Cancel { note }, by),
    };
    let id = id_of(order_ref).await?;
    match order_step(store, id, step, &by, now).await? {
        Ok(done) => {
            println!("{}", done.text);
            if !done.owed.is_empty() {
                println!("  the running server makes the provider refunds within a minute");
            }
            Ok(())
        }
        Err(why) => bail!("{why}"),
    }
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
    fn shipping_needs_its_courier_and_cancelling_its_reason() {
        assert_eq!(refusal(check(&parse(&["--ref", "DRP1", "--status", "Shipped", "--courier", "Delhivery"]))), "shipping needs --courier and --tracking");
        assert_eq!(
            check(&parse(&["--ref", "DRP1", "--status", "Shipped", "--courier", "Delhivery", "--tracking", "DL9"])).unwrap(),
            Task::Ship { order_ref: "DRP1".into(), courier: "Delhivery".into(), tracking: "DL9".into(), by: "cli".into() }
        );
        assert!(refusal(check(&parse(&["--ref", "DRP1", "--status", "Cancelled"]))).starts_with("a cancellation needs --note"));
        assert_eq!(refusal(check(&parse(&["--ref", "DRP1"]))), "say --status (the status to move the order to) or --timeline");
        assert_eq!(check(&parse(&["--ref", "DRP1", "--timeline"])).unwrap(), Task::Timeline { order_ref: "DRP1".into() });
    }

    #[test]
    fn every_status_of_the_spec_is_taken_as_written() {
        for status in OrderStatus::ALL.into_iter().filter(|s| !matches!(s, OrderStatus::Shipped | OrderStatus::Cancelled | OrderStatus::Cancel)) {
            assert_eq!(
                check(&parse(&["--ref", "DRP0000042", "--status", status.name()])).unwrap(),
                Task::Move { order_ref: "DRP0000042".into(), status, note: String::new(), by: "cli".into() }
            );
        }
    }
}

//! `drape admin return`: the operator's steps for a return or exchange request — list the queue,
//! book the pickup, mark it collected, receive the pieces (sellable or not), approve or decline, and
//! record the bank transfer of a cash-on-delivery refund.

use crate::features::orders::operator::{return_step, ReturnAction};
use anyhow::{bail, Context};
use drape_domain::clock::Clock;
use drape_domain::money::format_inr;
use drape_domain::returns::ReturnStatus;
use drape_store::Store;

#[derive(clap::Args)]
pub struct Args {
    /// The request's id (as the shopper's order page and `--list` show it).
    #[arg(long)]
    pub id: Option<String>,
    /// List requests in a status (requested, pickup_scheduled, picked_up, received, approved, declined, refunded).
    #[arg(long)]
    pub list: Option<String>,
    /// Book the courier's pickup on a date (YYYY-MM-DD), with --courier.
    #[arg(long)]
    pub pickup: Option<String>,
    #[arg(long)]
    pub courier: Option<String>,
    /// The courier collected the pieces.
    #[arg(long)]
    pub picked: bool,
    /// The pieces reached the warehouse: sellable (back on sale) or damaged (kept off sale).
    #[arg(long)]
    pub receive: Option<String>,
    #[arg(long)]
    pub approve: bool,
    /// Decline with the reason the shopper reads.
    #[arg(long)]
    pub decline: Option<String>,
    /// The bank transfer's reference (UTR) that paid a cash-on-delivery refund.
    #[arg(long = "bank-reference")]
    pub bank_reference: Option<String>,
    #[arg(long = "by", default_value = "cli")]
    pub by: String,
}

#[derive(Debug, PartialEq)]
pub enum Task {
    List(ReturnStatus),
    Pickup { id: String, date: chrono::NaiveDate, courier: String },
    Picked { id: String },
    Receive { id: String, sellable: bool },
    Approve { id: String },
    Decline { id: String, reason: String },
    BankReference { id: String, reference: String },
}

pub fn check(a: &Args) -> anyhow::Result<(Task, String)> {
    let by = a.by.trim().to_string();
    if let Some(status) = &a.list {
        let s = ReturnStatus::parse(status.trim())
            .with_context(|| format!("unknown status {status:?}; one of: {}", ReturnStatus::ALL.map(|s| s.name()).join(", ")))?;
        return Ok((Task::List(s), by));
    }
    let id = a.id.as_deref().map(str::trim).filter(|s| !s.is_empty()).context("say --id (the request) or --list STATUS")?.to_string();
    let steps = [a.pickup.is_some(), a.picked, a.receive.is_some(), a.approve, a.decline.is_some(), a.bank_reference.is_some()].iter().filter(|b| **b).count();
    if steps != 1 {
        bail!("say one step: --pickup DATE --courier NAME, --picked, --receive sellable|damaged, --approve, --decline REASON or --bank-reference UTR");
    }
    let task = if let Some(date) = &a.pickup {
        let date = chrono::NaiveDate::parse_from_str(date.trim(), "%Y-%m-%d").with_context(|| format!("{date:?} is not a date like 2026-11-24"))?;
        let courier = a.courier.as_deref().map(str::trim).filter(|c| !c.is_empty()).context("a pickup needs --courier")?.to_string();
        Task::Pickup { id, date, courier }
    } else if a.picked {
        Task::Picked { id }
    } else if let Some(condition) = &a.receive {
        match condition.trim() {
            "sellable" => Task::Receive { id, sellable: true },
            "damaged" => Task::Receive { id, sellable: false },
            other => bail!("--receive takes sellable or damaged, not {other:?}"),
        }
    } else if a.approve {
        Task::Approve { id }
    } else if let Some(reason) = &a.decline {
        let reason = reason.trim();
        if reason.chars().count() < 5 {
            bail!("a decline needs the reason the shopper will read");
        }
        Task::Decline { id, reason: reason.to_string() }
    } else {
        let reference = a.bank_reference.as_deref().unwrap_or_default().trim();
        if reference.len() < 6 {
            bail!("a bank reference (UTR) has at least 6 characters");
        }
        Task::BankReference { id, reference: reference.to_string() }
    };
    Ok((task, by))
}

pub async fn run((task, by): (Task, String), store: &Store, clock: &dyn Clock) -> anyhow::Result<()> {
    let now = clock.now();
    let id_of = |public: String| async move { store.return_by_public_id(&public).await?.map(|r| r.id).with_context(|| format!("no return {public}")) };
    let (id, action) = match task {
        Task::List(status) => {
            for r in store.returns_in(status, 200).await? {
                let order = store.order_by_id(r.order_id).await?.map(|o| o.order_ref).unwrap_or_default();
                println!("{}  order {order}  refund {} to {}  {}", r.public_id, format_inr(r.refund_amount), r.refund_route, r.reason);
            }
            return Ok(());
        }
        Task::Pickup { id, date, courier } => (id, ReturnAction::Pickup { date, courier }),
        Task::Picked { id } => (id, ReturnAction::Picked),
        Task::Receive { id, sellable } => (id, ReturnAction::Receive { sellable }),
        Task::Approve { id } => (id, ReturnAction::Approve),
        Task::Decline { id, reason } => (id, ReturnAction::Decline { reason }),
        Task::BankReference { id, reference } => (id, ReturnAction::BankReference { reference }),
    };
    match return_step(store, id_of(id).await?, action, &by, now).await? {
        Ok(done) => {
            println!("{}", done.text);
            if !done.owed.is_empty() {
                println!("  the running server makes the provider refund within a minute");
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
    fn each_step_takes_what_it_needs() {
        assert_eq!(
            refusal(check(&parse(&["--id", "r1"]))),
            "say one step: --pickup DATE --courier NAME, --picked, --receive sellable|damaged, --approve, --decline REASON or --bank-reference UTR"
        );
        assert_eq!(refusal(check(&parse(&["--id", "r1", "--pickup", "2026-11-24"]))), "a pickup needs --courier");
        assert_eq!(refusal(check(&parse(&["--id", "r1", "--receive", "fine"]))), "--receive takes sellable or damaged, not \"fine\"");
        assert_eq!(check(&parse(&["--id", "r1", "--receive", "damaged"])).unwrap().0, Task::Receive { id: "r1".into(), sellable: false });
        assert!(refusal(check(&parse(&["--list", "done"]))).starts_with("unknown status \"done\""));
        assert_eq!(refusal(check(&parse(&["--id", "r1", "--approve", "--picked"]))).split(':').next(), Some("say one step"));
    }
}

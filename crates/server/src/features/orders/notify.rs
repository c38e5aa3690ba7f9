//! What the shopper is told when an operator moves their order or their return (outbox: SMS, and
//! e-mail when they gave one). The CLI and the operator page both send through here.

use drape_domain::orders::OrderStatus;
use drape_domain::returns::ReturnStatus;
use drape_store::account::NotificationKind;
use drape_store::Store;

/// The message for an order reaching `status`; None for moves the shopper is not told about.
pub fn order_text(order_ref: &str, status: OrderStatus, courier: &str, tracking: &str, note: &str) -> Option<String> {
    Some(match status {
        OrderStatus::Verified => format!("Your Drape order {order_ref} is confirmed."),
        OrderStatus::Picked => format!("Your Drape order {order_ref} is packed and will ship soon."),
        OrderStatus::Shipped => format!("Your Drape order {order_ref} has shipped with {courier}. Tracking number: {tracking}."),
        OrderStatus::Delivered => format!("Your Drape order {order_ref} is delivered. Not the right fit? You can return or exchange it from My orders."),
        OrderStatus::RtoInitiated => format!("We could not deliver your Drape order {order_ref}; it is on its way back to us. We will contact you."),
        OrderStatus::UndeliveredReturned => format!("Your undelivered Drape order {order_ref} is back with us. Any amount you paid will be refunded."),
        OrderStatus::LostOrder => format!("We are sorry: your Drape order {order_ref} was lost in transit. We will refund you in full."),
        OrderStatus::Cancelled | OrderStatus::Cancel => {
            let why = if note.is_empty() { String::new() } else { format!(" Reason: {note}.") };
            format!("Your Drape order {order_ref} has been cancelled.{why} Any amount you paid is on its way back.")
        }
        _ => return None,
    })
}

pub fn return_text(order_ref: &str, status: ReturnStatus, note: &str) -> Option<String> {
    Some(match status {
        ReturnStatus::PickupScheduled => format!("Pickup for your return from Drape order {order_ref} is booked: {note}."),
        ReturnStatus::PickedUp => format!("We have collected the items you are returning from Drape order {order_ref}."),
        ReturnStatus::Received => format!("Your returned items from Drape order {order_ref} reached our warehouse. We will check them within 2 days."),
        ReturnStatus::Approved => format!("Your return from Drape order {order_ref} is approved."),
        ReturnStatus::Refunded => format!("The refund for your return from Drape order {order_ref} is done."),
        ReturnStatus::Declined => format!("We could not accept your return from Drape order {order_ref}: {note}. The items will be sent back to you."),
        ReturnStatus::Requested => return None,
    })
}

/// Queues the message to the order's shopper and puts it on their notifications page (linking to
/// the order; unless they turned order updates off); failures are logged, never fatal to the step.
pub async fn tell(store: &Store, user_id: i64, text: &str, link: &str, now: chrono::DateTime<chrono::Utc>) {
    if let Err(e) = store.notify(user_id, NotificationKind::Order, "Order update", text, link, now).await {
        tracing::warn!(error = %e, "an order notification was not written");
    }
    let user = match store.user_by_id(user_id).await {
        Ok(u) => u,
        Err(e) => {
            tracing::warn!(error = %e, "the shopper to tell was not found");
            return;
        }
    };
    if let Err(e) = store.enqueue_message("sms", &user.mobile, text, now).await {
        tracing::warn!(error = %e, "an order message was not queued");
    }
    if let Some(email) = user.email.as_deref().filter(|e| !e.is_empty()) {
        if let Err(e) = store.enqueue_message("email", email, text, now).await {
            tracing::warn!(error = %e, "an order e-mail was not queued");
        }
    }
}

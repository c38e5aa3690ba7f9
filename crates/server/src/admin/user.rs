//! `drape admin user`: create a user or change their roles.

use anyhow::Context;
use drape_domain::clock::Clock;
use drape_domain::validation::Mobile;
use drape_store::Store;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long)]
    pub mobile: String,
    #[arg(long)]
    pub email: Option<String>,
    #[arg(long, default_value = "")]
    pub name: String,
    /// Grant (true) or remove (false) superuser.
    #[arg(long, default_value_t = false, action = clap::ArgAction::Set, num_args = 0..=1, default_missing_value = "true")]
    pub superuser: bool,
    /// Grant (true) or remove (false) the 'unused stock' permission.
    #[arg(long, default_value_t = false, action = clap::ArgAction::Set, num_args = 0..=1, default_missing_value = "true")]
    pub unused_stock: bool,
    /// Mark (true) or clear (false) `is_blacklist_user`: no cash on delivery for this shopper.
    #[arg(long, default_value_t = false, action = clap::ArgAction::Set, num_args = 0..=1, default_missing_value = "true")]
    pub blacklist: bool,
}

/// A user and the roles they are to have.
#[derive(Debug, PartialEq)]
pub struct Roles {
    pub mobile: Mobile,
    pub email: Option<String>,
    pub name: String,
    pub superuser: bool,
    pub unused_stock: bool,
    pub blacklist: bool,
}

pub fn check(args: &Args) -> anyhow::Result<Roles> {
    let mobile = Mobile::parse(&args.mobile).context("mobile must be 10 digits starting 6-9")?;
    Ok(Roles {
        mobile,
        email: args.email.clone(),
        name: args.name.clone(),
        superuser: args.superuser,
        unused_stock: args.unused_stock,
        blacklist: args.blacklist,
    })
}

pub async fn run(roles: Roles, store: &Store, clock: &dyn Clock) -> anyhow::Result<()> {
    let u = store.upsert_user(roles.mobile.as_str(), roles.email.as_deref(), &roles.name, roles.superuser, roles.unused_stock, clock.now()).await?;
    store.set_blacklisted(u.id, roles.blacklist).await?;
    println!("user {} ({}): superuser={} unused_stock={} blacklist={}", u.id, u.mobile, u.is_superuser, u.can_see_unused_stock, roles.blacklist);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::{parse, refusal};

    #[test]
    fn a_mobile_that_is_not_ten_digits_from_6_to_9_is_refused() {
        for bad in ["12345", "5812345678", "98123456789", "+919812345678", "98123 4567", ""] {
            assert_eq!(refusal(check(&parse(&["--mobile", bad]))), "mobile must be 10 digits starting 6-9", "{bad:?}");
        }
    }

    #[test]
    fn roles_are_granted_by_flags_and_removed_by_their_absence() {
        let roles = check(&parse(&["--mobile", "9812345678", "--email", "asha@example.com", "--name", "Asha", "--superuser"])).unwrap();
        assert_eq!(roles.mobile.as_str(), "9812345678");
        assert_eq!((roles.email.as_deref(), roles.name.as_str()), (Some("asha@example.com"), "Asha"));
        assert_eq!((roles.superuser, roles.unused_stock), (true, false));
        let roles = check(&parse(&["--mobile", "6000000000", "--unused-stock"])).unwrap();
        assert_eq!((roles.email, roles.name.as_str(), roles.superuser, roles.unused_stock), (None, "", false, true));
    }

    #[test]
    fn a_role_can_also_be_said_true_or_false_as_the_readme_writes_it() {
        assert!(check(&parse(&["--mobile", "9812345678", "--superuser", "true"])).unwrap().superuser);
        assert!(!check(&parse(&["--mobile", "9812345678", "--superuser", "false"])).unwrap().superuser);
        assert!(check(&parse(&["--mobile", "9812345678", "--unused-stock", "true"])).unwrap().unused_stock);
    }
}

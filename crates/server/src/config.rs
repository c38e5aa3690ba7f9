//! Configuration from environment variables (names fixed: operators and scripts rely on them).

use drape_domain::checkout::{CheckoutSettings, PaymentWindow};
use ipnet::IpNet;
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
    /// `DRAPE_SECURE_COOKIES=1` marks cookies Secure (behind HTTPS) and sends HSTS.
    pub secure_cookies: bool,
    /// `DRAPE_TRUSTED_PROXIES`: addresses or CIDRs (comma-separated) of the load balancers in front.
    /// Only a request from one of them has its `X-Forwarded-For` read; empty = read it from no one.
    pub trusted_proxies: Vec<IpNet>,
    /// `DRAPE_DEV_OUTBOX=1` serves /dev/outbox in demo mode even when listening beyond loopback.
    pub dev_outbox_anywhere: bool,
    /// Payments: the provider's keys and addresses, or the built-in sandbox.
    pub payments: PaymentConfig,
    /// `DRAPE_COD_FEE_PAISE`, `DRAPE_COD_MAX_PAISE`: cash on delivery's fee and ceiling.
    pub checkout: CheckoutSettings,
    /// `DRAPE_BUY_NOW_LOGIN_PROMPT=1`: a guest's Buy Now asks them to log in first, once per session
    /// (spec 001 §4's buy-now login widget flag; off by default).
    pub buy_now_login_prompt: bool,
    /// `DRAPE_IMAGE_QUALITY` (1 to 100, default 80): the quality the app asks product images at.
    pub image_quality: u32,
    /// `DRAPE_PAYMENT_HOLD_HOURS`, `DRAPE_PAYMENT_RETRY_MINUTES`: how long a prepaid order holds its
    /// stock, and how long an attempt without an outcome blocks a new one.
    pub payment_window: PaymentWindow,
    /// `DRAPE_SELLER_NAME`, `DRAPE_SELLER_ADDRESS`, `DRAPE_SELLER_GSTIN`, `DRAPE_SELLER_STATE`: who the tax
    /// invoices name as the seller. Demo mode has a demo seller; elsewhere invoices wait for a GSTIN.
    pub seller: Option<drape_domain::invoice::Seller>,
    /// `DRAPE_SUPPORT_EMAIL`, `DRAPE_SUPPORT_PHONE`, `DRAPE_SUPPORT_HOURS`: how shoppers reach the shop
    /// (the Contact page); contact-form messages are e-mailed to the support address.
    pub support: Support,
}

#[derive(Clone, Debug, Default)]
pub struct Support {
    pub email: String,
    pub phone: String,
    pub hours: String,
}

/// The demo shop's support desk (addresses that reach no one: messages show at /dev/outbox).
pub fn demo_support() -> Support {
    Support { email: "care@drape.example".into(), phone: "+91 80 4000 1234".into(), hours: "Mon–Sat, 10 am – 7 pm".into() }
}

/// The demo shop's seller (its GSTIN is of the right shape, not a registered one).
pub fn demo_seller() -> drape_domain::invoice::Seller {
    drape_domain::invoice::Seller {
        name: "Drape Retail Private Limited (demo)".into(),
        address: "4th Floor, 12 Residency Road, Bengaluru, Karnataka 560025".into(),
        gstin: "29AAACD1234F1Z5".into(),
        state: "Karnataka".into(),
    }
}

/// Razorpay's keys and addresses (the default provider, `paymentSDK` RAZORPAY).
#[derive(Clone)]
pub struct PaymentConfig {
    /// `DRAPE_PAYMENTS=sandbox` mounts the built-in sandbox gateway and points the adapter at it.
    /// On by default in demo mode, never otherwise.
    pub sandbox: bool,
    /// `RAZORPAY_KEY_ID`, `RAZORPAY_KEY_SECRET`, `RAZORPAY_WEBHOOK_SECRET`.
    pub key_id: String,
    pub key_secret: String,
    pub webhook_secret: String,
    /// `RAZORPAY_API_BASE` (default https://api.razorpay.com); the sandbox's own address when sandboxed.
    pub api_base: String,
    /// `RAZORPAY_CHECKOUT_JS` (default https://checkout.razorpay.com/v1/checkout.js).
    pub checkout_js: String,
    /// `DRAPE_PAYMENT_PROVIDER`: razorpay (default, `paymentSDK` RAZORPAY) or payu.
    pub provider: Provider,
    /// `PAYU_KEY`, `PAYU_SALT`.
    pub payu_key: String,
    pub payu_salt: String,
    /// `PAYU_PAYMENT_URL` (default https://secure.payu.in/_payment): where the browser posts the hosted form.
    pub payu_payment_url: String,
    /// `PAYU_INFO_URL` (default https://info.payu.in/merchant/postservice.php?form=2): verify and refund.
    pub payu_info_url: String,
    /// `DRAPE_PUBLIC_URL` (default http://{DRAPE_LISTEN}): the shop's address as shoppers' browsers
    /// reach it, for the provider's return address.
    pub public_url: String,
}

/// Which provider new payments go to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Provider {
    Razorpay,
    PayU,
}

impl Provider {
    /// As stored on attempts and events.
    pub fn code(self) -> &'static str {
        match self {
            Provider::Razorpay => "razorpay",
            Provider::PayU => "payu",
        }
    }
}

impl std::fmt::Debug for PaymentConfig {
    // Secrets never reach a log line.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PaymentConfig")
            .field("sandbox", &self.sandbox)
            .field("provider", &self.provider)
            .field("key_id", &self.key_id)
            .field("api_base", &self.api_base)
            .field("payu_key", &self.payu_key)
            .finish()
    }
}

impl PaymentConfig {
    /// The sandbox served by this process at `listen`, with secrets made up for this run.
    pub fn sandbox(listen: SocketAddr) -> Self {
        let host = if listen.ip().is_unspecified() { std::net::SocketAddr::new([127, 0, 0, 1].into(), listen.port()) } else { listen };
        PaymentConfig {
            sandbox: true,
            key_id: "rzp_test_drapesandbox".into(),
            key_secret: random_secret(),
            webhook_secret: random_secret(),
            api_base: format!("http://{host}/sandbox/razorpay"),
            checkout_js: "/sandbox/razorpay/v1/checkout.js".into(),
            provider: Provider::Razorpay,
            payu_key: "payu_test_drapesandbox".into(),
            payu_salt: random_secret(),
            payu_payment_url: "/sandbox/payu/_payment".into(),
            payu_info_url: format!("http://{host}/sandbox/payu/merchant/postservice.php?form=2"),
            public_url: format!("http://{host}"),
        }
    }
}

fn random_secret() -> String {
    use rand::RngCore;
    let mut b = [0u8; 24];
    rand::thread_rng().fill_bytes(&mut b);
    hex::encode(b)
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
        let listen: SocketAddr = listen.parse().map_err(|e| anyhow::anyhow!("DRAPE_LISTEN must be address:port, like 127.0.0.1:8080 ({listen}: {e})"))?;
        let demo = var("DRAPE_DEMO").is_some_and(|v| truthy(&v));
        let number = |k: &str, default: i64| -> anyhow::Result<i64> {
            match var(k) {
                Some(v) => v.trim().parse::<i64>().ok().filter(|n| *n >= 0).ok_or_else(|| anyhow::anyhow!("{k} must be a whole number, 0 or more ({v})")),
                None => Ok(default),
            }
        };
        let mut payments = match var("DRAPE_PAYMENTS").as_deref().map(str::trim) {
            Some("sandbox") => PaymentConfig::sandbox(listen),
            None if demo => PaymentConfig::sandbox(listen),
            Some(other) if other != "razorpay" => anyhow::bail!("DRAPE_PAYMENTS is sandbox or razorpay, not {other:?}"),
            _ => PaymentConfig {
                sandbox: false,
                key_id: var("RAZORPAY_KEY_ID").unwrap_or_default(),
                key_secret: var("RAZORPAY_KEY_SECRET").unwrap_or_default(),
                webhook_secret: var("RAZORPAY_WEBHOOK_SECRET").unwrap_or_default(),
                api_base: var("RAZORPAY_API_BASE").unwrap_or_else(|| "https://api.razorpay.com".into()),
                checkout_js: var("RAZORPAY_CHECKOUT_JS").unwrap_or_else(|| "https://checkout.razorpay.com/v1/checkout.js".into()),
                provider: Provider::Razorpay,
                payu_key: var("PAYU_KEY").unwrap_or_default(),
                payu_salt: var("PAYU_SALT").unwrap_or_default(),
                payu_payment_url: var("PAYU_PAYMENT_URL").unwrap_or_else(|| "https://secure.payu.in/_payment".into()),
                payu_info_url: var("PAYU_INFO_URL").unwrap_or_else(|| "https://info.payu.in/merchant/postservice.php?form=2".into()),
                public_url: format!("http://{listen}"),
            },
        };
        payments.provider = match var("DRAPE_PAYMENT_PROVIDER").as_deref().map(str::trim) {
            None | Some("razorpay") => Provider::Razorpay,
            Some("payu") => Provider::PayU,
            Some(other) => anyhow::bail!("DRAPE_PAYMENT_PROVIDER is razorpay or payu, not {other:?}"),
        };
        if let Some(url) = var("DRAPE_PUBLIC_URL") {
            payments.public_url = url.trim_end_matches('/').to_string();
        }
        let defaults = (CheckoutSettings::default(), PaymentWindow::default());
        let seller = match var("DRAPE_SELLER_GSTIN") {
            Some(gstin) => {
                let gstin = gstin.trim().to_ascii_uppercase();
                anyhow::ensure!(drape_domain::invoice::is_gstin(&gstin), "DRAPE_SELLER_GSTIN is not a GSTIN ({gstin})");
                let need = |k: &str| var(k).map(|v| v.trim().to_string()).ok_or_else(|| anyhow::anyhow!("{k} is needed with DRAPE_SELLER_GSTIN"));
                Some(drape_domain::invoice::Seller {
                    name: need("DRAPE_SELLER_NAME")?,
                    address: need("DRAPE_SELLER_ADDRESS")?,
                    state: need("DRAPE_SELLER_STATE")?,
                    gstin,
                })
            }
            None if demo => Some(demo_seller()),
            None => None,
        };
        let fallback = if demo { demo_support() } else { Support { hours: "Mon–Sat, 10 am – 7 pm".into(), ..Support::default() } };
        let support = Support {
            email: var("DRAPE_SUPPORT_EMAIL").map(|v| v.trim().to_string()).unwrap_or(fallback.email),
            phone: var("DRAPE_SUPPORT_PHONE").map(|v| v.trim().to_string()).unwrap_or(fallback.phone),
            hours: var("DRAPE_SUPPORT_HOURS").map(|v| v.trim().to_string()).unwrap_or(fallback.hours),
        };
        Ok(Config {
            support,
            seller,
            buy_now_login_prompt: var("DRAPE_BUY_NOW_LOGIN_PROMPT").is_some_and(|v| truthy(&v)),
            image_quality: match number("DRAPE_IMAGE_QUALITY", 80)? {
                q @ 1..=100 => q as u32,
                q => anyhow::bail!("DRAPE_IMAGE_QUALITY is 1 to 100, not {q}"),
            },
            payments,
            checkout: CheckoutSettings {
                cod_fee: number("DRAPE_COD_FEE_PAISE", defaults.0.cod_fee)?,
                cod_max: number("DRAPE_COD_MAX_PAISE", defaults.0.cod_max)?,
            },
            payment_window: PaymentWindow {
                hold_hours: number("DRAPE_PAYMENT_HOLD_HOURS", defaults.1.hold_hours)?.max(1),
                retry_after_minutes: number("DRAPE_PAYMENT_RETRY_MINUTES", defaults.1.retry_after_minutes)?,
            },
            listen,
            database_url: var("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_string()),
            demo,
            web_dir: var("DRAPE_WEB_DIR").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("web/dist")),
            reference_dir: var("DRAPE_REFERENCE_DIR").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("reference/node_modules")),
            secure_cookies: var("DRAPE_SECURE_COOKIES").is_some_and(|v| truthy(&v)),
            trusted_proxies: parse_proxies(&var("DRAPE_TRUSTED_PROXIES").unwrap_or_default())?,
            dev_outbox_anywhere: var("DRAPE_DEV_OUTBOX").is_some_and(|v| truthy(&v)),
        })
    }

    /// /dev/outbox lists every login code, so it is served only in demo mode, and only on a loopback
    /// address unless the operator says otherwise.
    pub fn serves_dev_outbox(&self) -> bool {
        self.demo && (self.listen.ip().is_loopback() || self.dev_outbox_anywhere)
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
            trusted_proxies: vec![],
            dev_outbox_anywhere: false,
            buy_now_login_prompt: false,
            image_quality: 80,
            payments: PaymentConfig::sandbox("127.0.0.1:0".parse().expect("addr")),
            checkout: CheckoutSettings::default(),
            payment_window: PaymentWindow::default(),
            seller: Some(demo_seller()),
            support: demo_support(),
        }
    }
}

/// `10.0.0.0/8, 192.168.1.7` → networks (a bare address is a network of one).
pub fn parse_proxies(raw: &str) -> anyhow::Result<Vec<IpNet>> {
    raw.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<IpNet>()
                .or_else(|_| s.parse::<std::net::IpAddr>().map(IpNet::from))
                .map_err(|_| anyhow::anyhow!("DRAPE_TRUSTED_PROXIES: {s:?} is not an address or CIDR (like 10.0.0.0/8)"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proxies_are_addresses_or_networks() {
        let p = parse_proxies(" 10.0.0.0/8, 192.168.1.7 ,::1").unwrap();
        assert_eq!(p.len(), 3);
        assert!(p[0].contains(&"10.2.3.4".parse::<std::net::IpAddr>().unwrap()));
        assert!(p[1].contains(&"192.168.1.7".parse::<std::net::IpAddr>().unwrap()));
        assert!(!p[1].contains(&"192.168.1.8".parse::<std::net::IpAddr>().unwrap()));
        assert!(parse_proxies("").unwrap().is_empty());
        assert!(parse_proxies("10.0.0.0/33").is_err());
        assert!(parse_proxies("example.com").is_err());
    }

    #[test]
    fn the_outbox_stays_on_loopback_unless_asked() {
        let mut c = Config::for_tests("sqlite://x");
        assert!(c.serves_dev_outbox());
        c.listen = "0.0.0.0:8080".parse().unwrap();
        assert!(!c.serves_dev_outbox());
        c.dev_outbox_anywhere = true;
        assert!(c.serves_dev_outbox());
        c.demo = false;
        assert!(!c.serves_dev_outbox());
    }
}

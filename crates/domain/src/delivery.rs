//! Where and how fast the shop delivers (checkout, returns): serviceability per pincode as couriers
//! publish it, the demo's believable table, and the estimated delivery date.

use crate::validation::Pincode;
use chrono::{DateTime, Datelike, NaiveDate, Utc, Weekday};

/// What a courier offers at one pincode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Service {
    /// Prepaid orders are delivered.
    pub prepaid: bool,
    /// Cash on delivery is accepted.
    pub cod: bool,
    /// Reverse pickup (returns and exchanges) is possible.
    pub pickup: bool,
    /// Days in transit from the warehouse.
    pub days: i64,
}

impl Service {
    pub fn delivers(&self) -> bool {
        self.prepaid || self.cod
    }
}

/// The demo warehouse (Bhiwandi, near Mumbai): transit days grow with the distance from it.
pub const DEMO_WAREHOUSE_PINCODE: &str = "421302";

/// A believable courier table for the demo, the same on every run: a few pincodes not served, some
/// without cash on delivery or reverse pickup, transit days by how far the pincode's postal region is
/// from the warehouse's (the first digits of an Indian pincode name the region, the sorting district).
pub fn demo_service(pincode: &Pincode) -> Service {
    let p = pincode.as_str();
    // FNV-1a: a fixed spread over the pincodes, so each case shows up somewhere in the demo.
    let h = p.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3));
    let w = DEMO_WAREHOUSE_PINCODE;
    let days = if p[..3] == w[..3] {
        1
    } else if p[..2] == w[..2] {
        2
    } else if p[..1] == w[..1] {
        3
    } else if p.starts_with("78") || p.starts_with("79") || p.starts_with("74") {
        // The north-east, Sikkim and the Andamans: the longest routes.
        7
    } else {
        4 + (h % 3) as i64
    };
    let served = h % 37 != 0;
    Service { prepaid: served, cod: served && h % 9 != 0, pickup: served && h % 7 != 0, days }
}

/// India Standard Time, UTC+5:30: the shop's dates and times are India's.
pub fn ist() -> chrono::FixedOffset {
    chrono::FixedOffset::east_opt(330 * 60).expect("IST offset")
}

/// When an order placed at `now` (India time) should arrive: `days` in transit after the day it
/// leaves, Sundays not counted (couriers do not deliver on them).
pub fn estimated_delivery(now: DateTime<Utc>, days: i64) -> NaiveDate {
    let mut date = now.with_timezone(&ist()).date_naive();
    let mut left = days.max(1);
    while left > 0 {
        date = date.succ_opt().unwrap_or(date);
        if date.weekday() != Weekday::Sun {
            left -= 1;
        }
    }
    date
}

/// A row of a courier's serviceability file: `pincode,prepaid,cod,pickup,days`, flags as Y/N, 1/0 or
/// true/false. A first line that names the columns is skipped.
pub fn parse_service_line(line: &str) -> Result<Option<(Pincode, Service)>, String> {
    let cells: Vec<&str> = line.split(',').map(str::trim).collect();
    if line.trim().is_empty() || cells.first().is_some_and(|c| c.eq_ignore_ascii_case("pincode")) {
        return Ok(None);
    }
    if cells.len() != 5 {
        return Err(format!("expected pincode,prepaid,cod,pickup,days but found {} columns", cells.len()));
    }
    let pincode = Pincode::parse(cells[0]).ok_or_else(|| format!("{:?} is not a pincode", cells[0]))?;
    let flag = |name: &str, v: &str| match v.to_ascii_lowercase().as_str() {
        "y" | "yes" | "1" | "true" => Ok(true),
        "n" | "no" | "0" | "false" => Ok(false),
        _ => Err(format!("{name} must be Y or N, not {v:?}")),
    };
    let days: i64 = cells[4].parse().ok().filter(|d| (0..=60).contains(d)).ok_or_else(|| format!("days must be 0 to 60, not {:?}", cells[4]))?;
    Ok(Some((pincode, Service { prepaid: flag("prepaid", cells[1])?, cod: flag("cod", cells[2])?, pickup: flag("pickup", cells[3])?, days })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn pin(s: &str) -> Pincode {
        Pincode::parse(s).unwrap()
    }

    #[test]
    fn the_demo_table_has_every_case_and_is_stable() {
        let pins: Vec<Pincode> = (110_001..=110_400).chain(400_001..=400_400).chain(781_001..=781_200).map(|n| pin(&n.to_string())).collect();
        let table: Vec<Service> = pins.iter().map(demo_service).collect();
        assert!(table.iter().any(|s| !s.delivers()), "some pincodes are not served");
        assert!(table.iter().any(|s| s.delivers() && !s.cod), "some have no cash on delivery");
        assert!(table.iter().any(|s| s.delivers() && !s.pickup), "some have no reverse pickup");
        assert!(table.iter().filter(|s| s.delivers() && s.cod && s.pickup).count() > pins.len() / 2, "most have everything");
        assert_eq!(demo_service(&pin("421302")).days, 1, "the warehouse's own district");
        assert_eq!(demo_service(&pin("400050")).days, 3, "the same region");
        assert_eq!(demo_service(&pin("781001")).days, 7, "the north-east");
        assert_eq!(demo_service(&pin("560001")), demo_service(&pin("560001")));
        assert!(table.iter().all(|s| !s.cod || s.prepaid), "cash on delivery only where the courier goes");
    }

    #[test]
    fn delivery_dates_skip_sundays_in_india_time() {
        // Friday 2026-11-20 20:00 UTC is Saturday 01:30 in India.
        let fri_night = Utc.with_ymd_and_hms(2026, 11, 20, 20, 0, 0).unwrap();
        assert_eq!(estimated_delivery(fri_night, 1), NaiveDate::from_ymd_opt(2026, 11, 23).unwrap(), "Saturday + 1, Sunday skipped");
        let monday = Utc.with_ymd_and_hms(2026, 11, 23, 6, 0, 0).unwrap();
        assert_eq!(estimated_delivery(monday, 3), NaiveDate::from_ymd_opt(2026, 11, 26).unwrap());
        assert_eq!(estimated_delivery(monday, 6), NaiveDate::from_ymd_opt(2026, 11, 30).unwrap(), "one Sunday in between");
    }

    #[test]
    fn courier_files_are_read_line_by_line() {
        assert_eq!(parse_service_line("pincode,prepaid,cod,pickup,days").unwrap(), None);
        assert_eq!(parse_service_line("").unwrap(), None);
        let (p, s) = parse_service_line("560001, Y, n, 1, 4").unwrap().unwrap();
        assert_eq!((p.as_str(), s), ("560001", Service { prepaid: true, cod: false, pickup: true, days: 4 }));
        assert!(parse_service_line("56000,Y,Y,Y,4").unwrap_err().contains("not a pincode"));
        assert!(parse_service_line("560001,maybe,Y,Y,4").unwrap_err().contains("prepaid must be Y or N"));
        assert!(parse_service_line("560001,Y,Y,Y,-1").unwrap_err().contains("days"));
        assert!(parse_service_line("560001,Y,Y").unwrap_err().contains("3 columns"));
    }
}

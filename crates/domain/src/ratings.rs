//! Rating summaries: the average and the per-star shares shown in 'Product Rating'.

/// Counts per star, index 0 = 5 stars … index 4 = 1 star.
pub type StarCounts = [i64; 5];

pub fn total(counts: &StarCounts) -> i64 {
    counts.iter().sum()
}

/// The average star value to one decimal, 0.0 when there are no ratings.
pub fn average(counts: &StarCounts) -> f64 {
    let n = total(counts);
    if n <= 0 {
        return 0.0;
    }
    let sum: i64 = counts.iter().enumerate().map(|(i, c)| (5 - i as i64) * c).sum();
    (sum as f64 / n as f64 * 10.0).round() / 10.0
}

/// Whole percentages per star (5…1) that add up to exactly 100 when there are ratings
/// (largest remainder first), all zero when there are none.
pub fn percentages(counts: &StarCounts) -> [i64; 5] {
    let n = total(counts);
    let mut out = [0i64; 5];
    if n <= 0 {
        return out;
    }
    let mut rema: Vec<(i64, usize)> = Vec::with_capacity(5);
    for (i, c) in counts.iter().enumerate() {
        out[i] = c * 100 / n;
        rema.push(((c * 100) % n, i));
    }
    let short = 100 - out.iter().sum::<i64>();
    // Ties go to the higher star, so the display is stable.
    rema.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for (_, i) in rema.into_iter().take(short as usize) {
        out[i] += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn examples() {
        assert_eq!(average(&[0; 5]), 0.0);
        assert_eq!(percentages(&[0; 5]), [0; 5]);
        assert_eq!(average(&[1, 1, 0, 0, 0]), 4.5);
        assert_eq!(percentages(&[1, 1, 1, 0, 0]), [34, 33, 33, 0, 0]);
        assert_eq!(percentages(&[3, 0, 0, 0, 1]), [75, 0, 0, 0, 25]);
    }

    proptest! {
        #[test]
        fn shares_add_to_100_and_follow_counts(counts in prop::array::uniform5(0i64..10_000)) {
            let p = percentages(&counts);
            if total(&counts) == 0 {
                prop_assert_eq!(p, [0; 5]);
            } else {
                prop_assert_eq!(p.iter().sum::<i64>(), 100);
                for i in 0..5 {
                    for j in 0..5 {
                        if counts[i] > counts[j] { prop_assert!(p[i] >= p[j]); }
                    }
                    if counts[i] == 0 { prop_assert_eq!(p[i], 0); }
                }
            }
            let a = average(&counts);
            prop_assert!(a == 0.0 || (1.0..=5.0).contains(&a));
        }
    }
}

//! A listing: the products of a category or a search, narrowed by the shopper's filters, counted per
//! filter value, sorted and cut into pages (spec 000 §9: size, colour and style comma-joined, `sort`
//! or `price`). Pure: the server keeps the catalog's listing facts in memory and asks this module.
//!
//! Each filter's counts apply every *other* chosen filter: with Black chosen, Nude still shows how
//! many Nude products the other filters leave, so a shopper can widen as well as narrow.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;

pub const PAGE_SIZE: usize = 24;
/// A page number past this is refused (nobody pages that far; it bounds the URL space).
pub const MAX_PAGE: usize = 10_000;
/// Discount filter steps: "10% and above" … "50% and above".
pub const DISCOUNT_STEPS: [i64; 5] = [10, 20, 30, 40, 50];
/// More filter values than this in one URL are refused: no listing has that many.
pub const MAX_VALUES_PER_FILTER: usize = 40;

/// What a listing needs to know about one product.
#[derive(Debug, Clone)]
pub struct Item {
    pub id: i64,
    /// Paise.
    pub price: i64,
    pub old_price: i64,
    /// Milliseconds; newer first in 'newest'.
    pub created_at: i64,
    pub sold_count: i64,
    /// Average stars shoppers see (0 without ratings) and how many.
    pub rating: f64,
    pub rating_count: i64,
    pub colour: String,
    /// (size value, in stock) in the size chart's order.
    pub sizes: Vec<(String, bool)>,
    pub styles: Vec<&'static str>,
}

impl Item {
    pub fn in_stock(&self) -> bool {
        self.sizes.iter().any(|s| s.1)
    }
    pub fn discount(&self) -> i64 {
        discount_percent(self.price, self.old_price)
    }
}

/// Whole percent off the old price, rounded down (the tag shows the same number).
pub fn discount_percent(price: i64, old_price: i64) -> i64 {
    if old_price <= price || old_price <= 0 {
        0
    } else {
        (old_price - price) * 100 / old_price
    }
}

/// Styles read from a product's name: the words shoppers filter lingerie by.
const STYLES: [(&str, &[&str]); 17] = [
    ("Padded", &["padded", "moulded"]),
    ("Non-Padded", &["non-padded"]),
    ("Push-Up", &["push-up"]),
    ("Wirefree", &["wirefree"]),
    ("Strapless", &["strapless", "multiway"]),
    ("Plunge", &["plunge"]),
    ("Minimiser", &["minimiser"]),
    ("Lace", &["lace", "lace-trim", "lace-waist"]),
    ("Seamless", &["seamless"]),
    ("Cotton", &["cotton"]),
    ("Satin", &["satin"]),
    ("Modal", &["modal"]),
    ("Printed", &["printed"]),
    ("High-Rise", &["high-rise"]),
    ("Low-Rise", &["low-rise"]),
    ("Racerback", &["racerback"]),
    ("Longline", &["longline"]),
];

/// The styles a product's name names, in the filter's order.
pub fn styles_of(name: &str) -> Vec<&'static str> {
    let lower = name.to_lowercase();
    let words: Vec<&str> = lower.split(|c: char| c.is_whitespace() || c == '&' || c == ',').filter(|w| !w.is_empty()).collect();
    STYLES.iter().filter(|(_, keys)| words.iter().any(|w| keys.contains(w))).map(|(label, _)| *label).collect()
}

/// Every style the filter knows, in its order.
pub fn all_styles() -> impl Iterator<Item = &'static str> {
    STYLES.iter().map(|s| s.0)
}

/// Where a size sits in a size filter: bra sizes by band then cup, then letter sizes small to large.
pub fn size_order(value: &str) -> (u8, u32, String) {
    const LETTERS: [&str; 8] = ["XS", "S", "M", "L", "XL", "XXL", "XXXL", "Free"];
    if let Some(i) = LETTERS.iter().position(|l| *l == value) {
        return (1, i as u32, String::new());
    }
    let band: String = value.chars().take_while(char::is_ascii_digit).collect();
    match band.parse::<u32>() {
        Ok(b) => (0, b, value[band.len()..].to_string()),
        Err(_) => (2, 0, value.to_string()),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    Relevance,
    Popularity,
    Newest,
    PriceLowToHigh,
    PriceHighToLow,
    Discount,
    Rating,
}

impl Sort {
    pub const ALL: [Sort; 7] = [Sort::Relevance, Sort::Popularity, Sort::Newest, Sort::PriceLowToHigh, Sort::PriceHighToLow, Sort::Discount, Sort::Rating];

    pub fn parse(s: &str) -> Option<Sort> {
        Sort::ALL.into_iter().find(|x| x.value() == s)
    }
    pub fn value(self) -> &'static str {
        match self {
            Sort::Relevance => "relevance",
            Sort::Popularity => "popularity",
            Sort::Newest => "newest",
            Sort::PriceLowToHigh => "price_asc",
            Sort::PriceHighToLow => "price_desc",
            Sort::Discount => "discount",
            Sort::Rating => "rating",
        }
    }
    pub fn label(self) -> &'static str {
        match self {
            Sort::Relevance => "Relevance",
            Sort::Popularity => "Popularity",
            Sort::Newest => "Newest first",
            Sort::PriceLowToHigh => "Price: low to high",
            Sort::PriceHighToLow => "Price: high to low",
            Sort::Discount => "Discount",
            Sort::Rating => "Customer rating",
        }
    }
    /// The sorts a listing offers: relevance only for a search, first.
    pub fn offered(searching: bool) -> Vec<Sort> {
        Sort::ALL.into_iter().filter(|s| searching || *s != Sort::Relevance).collect()
    }
}

/// The shopper's filters, as read from the URL.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Filter {
    pub sizes: BTreeSet<String>,
    pub colours: BTreeSet<String>,
    pub styles: BTreeSet<String>,
    /// Whole rupees, either end open.
    pub price_min: Option<i64>,
    pub price_max: Option<i64>,
    /// Minimum percent off.
    pub discount: Option<i64>,
    pub in_stock: bool,
}

/// Comma-joined values (spec 000 §9), blanks dropped, each trimmed.
pub fn split_values(v: &str) -> Result<BTreeSet<String>, &'static str> {
    let set: BTreeSet<String> = v.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect();
    if set.len() > MAX_VALUES_PER_FILTER {
        return Err("Too many values in one filter.");
    }
    if set.iter().any(|s| s.chars().count() > 40) {
        return Err("A filter value is too long.");
    }
    Ok(set)
}

/// `500-1000`, `-800` or `1000-` in rupees.
pub fn parse_price(v: &str) -> Result<(Option<i64>, Option<i64>), &'static str> {
    const MSG: &str = "Price must be a range in rupees, like 500-1000.";
    let (lo, hi) = v.split_once('-').ok_or(MSG)?;
    let read = |s: &str| -> Result<Option<i64>, &'static str> {
        let s = s.trim();
        if s.is_empty() {
            return Ok(None);
        }
        if s.len() > 7 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(MSG);
        }
        s.parse().map(Some).map_err(|_| MSG)
    };
    let (lo, hi) = (read(lo)?, read(hi)?);
    if let (Some(a), Some(b)) = (lo, hi) {
        if a > b {
            return Err("The lowest price must not be above the highest.");
        }
    }
    Ok((lo, hi))
}

pub fn parse_discount(v: &str) -> Result<i64, &'static str> {
    v.trim().parse::<i64>().ok().filter(|d| DISCOUNT_STEPS.contains(d)).ok_or("Discount must be one of 10, 20, 30, 40 or 50.")
}

#[derive(Debug, Clone, PartialEq)]
pub struct FacetCount {
    pub value: String,
    pub count: usize,
    pub selected: bool,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Facets {
    pub sizes: Vec<FacetCount>,
    pub colours: Vec<FacetCount>,
    pub styles: Vec<FacetCount>,
    pub discounts: Vec<FacetCount>,
    /// Whole rupees over the products the other filters leave; 0 when none.
    pub price_min: i64,
    pub price_max: i64,
    pub in_stock: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The page's product ids in order.
    pub ids: Vec<i64>,
    pub total: usize,
    pub facets: Facets,
}

const SIZE: usize = 0;
const COLOUR: usize = 1;
const STYLE: usize = 2;
const PRICE: usize = 3;
const DISCOUNT: usize = 4;
const STOCK: usize = 5;

/// No colour (an id no colour has).
const NO_COLOUR: u16 = u16::MAX;

/// What filtering and counting read of one product, with its sizes, colour and styles numbered.
#[derive(Debug, Clone)]
struct Facts {
    /// Its (size id, in stock) in `Catalog::sizes`, from `sizes_at` on.
    sizes_at: u32,
    sizes_len: u16,
    colour: u16,
    /// Bit k: the k-th of STYLES.
    styles: u32,
    rupees: i64,
    discount: i64,
}

/// What sorting reads of one product: an `Item` without its words, which `Facts` hold numbered.
/// Keeping the items whole held every product's colour and size names as strings for the
/// catalog's life, about 20 MB on 50,000 products (docs/operations.md, session 28).
#[derive(Debug, Clone)]
struct Row {
    id: i64,
    price: i64,
    created_at: i64,
    sold_count: i64,
    rating: f64,
    rating_count: i64,
}

/// Every product a listing can show, as the listing reads them: sizes, colours and styles are
/// numbered once here, so filtering and counting a large catalog compares small numbers, not
/// strings, and a count is a slot in an array rather than a search.
/// What stock decides (which sizes are in stock, and so which products) is kept apart from the
/// rest, which is shared: a restocked catalog copies only that (session 30: copying the whole
/// catalog of 50,000 products took 40-140 ms, most of it the new memory's page faults).
#[derive(Debug, Clone, Default)]
pub struct Catalog {
    rows: Arc<[Row]>,
    facts: Arc<[Facts]>,
    /// Every product's size ids, one after another.
    size_ids: Arc<[u16]>,
    size_names: Arc<[String]>,
    colour_names: Arc<[String]>,
    /// Whether each of `size_ids` is in stock.
    stocked: Vec<bool>,
    /// Whether each product has a size in stock.
    in_stock: Vec<bool>,
}

impl Catalog {
    /// The catalog of these items, in this order. Each item is taken apart as it comes: its words
    /// are numbered and its strings dropped, so a caller that makes items one at a time never
    /// holds them all.
    pub fn new(items: impl IntoIterator<Item = Item>) -> Catalog {
        let mut size_numbers: HashMap<String, u16> = Default::default();
        let mut colour_ids: HashMap<String, u16> = Default::default();
        let (mut size_names, mut colour_names) = (Vec::new(), Vec::new());
        let (mut size_ids, mut stocked) = (Vec::new(), Vec::new());
        let items = items.into_iter();
        let mut in_stock = Vec::with_capacity(items.size_hint().0);
        let mut facts = Vec::with_capacity(items.size_hint().0);
        let mut rows = Vec::with_capacity(items.size_hint().0);
        let number = |ids: &mut HashMap<String, u16>, names: &mut Vec<String>, v: &str| -> u16 {
            *ids.entry(v.to_string()).or_insert_with(|| {
                names.push(v.to_string());
                // A shop has a few dozen sizes and colours; more than u16 can number would be a bug upstream.
                u16::try_from(names.len() - 1).unwrap_or(NO_COLOUR - 1)
            })
        };
        for item in items {
            let sizes_at = size_ids.len() as u32;
            for (v, is_stocked) in &item.sizes {
                size_ids.push(number(&mut size_numbers, &mut size_names, v));
                stocked.push(*is_stocked);
            }
            in_stock.push(item.in_stock());
            let colour = if item.colour.is_empty() { NO_COLOUR } else { number(&mut colour_ids, &mut colour_names, &item.colour) };
            let styles = item.styles.iter().filter_map(|s| STYLES.iter().position(|(label, _)| label == s)).fold(0u32, |bits, k| bits | 1 << k);
            facts.push(Facts {
                sizes_at,
                sizes_len: item.sizes.len().min(u16::MAX as usize) as u16,
                colour,
                styles,
                rupees: item.price / 100,
                discount: item.discount(),
            });
            rows.push(Row {
                id: item.id,
                price: item.price,
                created_at: item.created_at,
                sold_count: item.sold_count,
                rating: item.rating,
                rating_count: item.rating_count,
            });
        }
        Catalog {
            rows: rows.into(),
            facts: facts.into(),
            size_ids: size_ids.into(),
            size_names: size_names.into(),
            colour_names: colour_names.into(),
            stocked,
            in_stock,
        }
    }

    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The id of the product at place `i` (in the order `new` was given).
    pub fn id(&self, i: usize) -> i64 {
        self.rows[i].id
    }

    pub fn sold_count(&self, i: usize) -> i64 {
        self.rows[i].sold_count
    }

    /// Its colour's name ("" without one).
    pub fn colour(&self, i: usize) -> &str {
        self.colour_names.get(self.facts[i].colour as usize).map_or("", String::as_str)
    }

    /// The names of all its sizes, in stock or not, in the size chart's order.
    pub fn sizes(&self, i: usize) -> impl Iterator<Item = &str> {
        self.sizes_of(i).map(|(s, _)| self.size_names[s as usize].as_str())
    }

    /// The names of its sizes in stock, in the size chart's order.
    pub fn sizes_in_stock(&self, i: usize) -> impl Iterator<Item = &str> {
        self.sizes_of(i).filter(|s| s.1).map(|(s, _)| self.size_names[s as usize].as_str())
    }

    /// Its (size id, in stock), in the size chart's order.
    fn sizes_of(&self, i: usize) -> impl Iterator<Item = (u16, bool)> + '_ {
        let r = self.size_range(i);
        self.size_ids[r.clone()].iter().copied().zip(self.stocked[r].iter().copied())
    }

    fn size_range(&self, i: usize) -> std::ops::Range<usize> {
        let f = &self.facts[i];
        f.sizes_at as usize..f.sizes_at as usize + f.sizes_len as usize
    }

    /// This catalog with some products' sizes in or out of stock: (place, its sizes as an `Item`
    /// has them). Only whether each size is in stock may differ; None when a product's sizes are
    /// not the same sizes in the same order (then the catalog must be made anew).
    pub fn restocked(&self, changed: &[(usize, Vec<(String, bool)>)]) -> Option<Catalog> {
        let mut next = self.clone();
        for (i, sizes) in changed {
            if *i >= self.facts.len() {
                return None;
            }
            let range = self.size_range(*i);
            if sizes.len() != range.len() {
                return None;
            }
            for ((id, slot), (value, stocked)) in self.size_ids[range.clone()].iter().zip(&mut next.stocked[range]).zip(sizes) {
                if self.size_names[*id as usize] != *value {
                    return None;
                }
                *slot = *stocked;
            }
            next.in_stock[*i] = sizes.iter().any(|s| s.1);
        }
        Some(next)
    }
}

/// A filter in the catalog's numbers. A chosen value no product has matches nothing.
struct Chosen {
    /// Per size id: chosen? None: no size filter.
    sizes: Option<Vec<bool>>,
    colours: Option<Vec<bool>>,
    styles: Option<u32>,
    price_min: Option<i64>,
    price_max: Option<i64>,
    discount: Option<i64>,
    in_stock: bool,
}

impl Chosen {
    fn of(catalog: &Catalog, f: &Filter) -> Chosen {
        let flags = |chosen: &BTreeSet<String>, names: &[String]| (!chosen.is_empty()).then(|| names.iter().map(|n| chosen.contains(n)).collect());
        let styles = (!f.styles.is_empty())
            .then(|| STYLES.iter().enumerate().filter(|(_, (label, _))| f.styles.contains(*label)).fold(0u32, |bits, (k, _)| bits | 1 << k));
        Chosen {
            sizes: flags(&f.sizes, &catalog.size_names),
            colours: flags(&f.colours, &catalog.colour_names),
            styles,
            price_min: f.price_min,
            price_max: f.price_max,
            discount: f.discount,
            in_stock: f.in_stock,
        }
    }

    /// Which filters product `i` fails, as bits.
    fn failures(&self, catalog: &Catalog, i: usize) -> u8 {
        let x = &catalog.facts[i];
        let checks = [
            self.sizes.as_ref().is_none_or(|chosen| catalog.sizes_of(i).any(|(s, stocked)| chosen[s as usize] && (stocked || !self.in_stock))),
            self.colours.as_ref().is_none_or(|chosen| chosen.get(x.colour as usize).copied().unwrap_or(false)),
            self.styles.is_none_or(|bits| x.styles & bits != 0),
            self.price_min.is_none_or(|m| x.rupees >= m) && self.price_max.is_none_or(|m| x.rupees <= m),
            self.discount.is_none_or(|d| x.discount >= d),
            !self.in_stock || catalog.in_stock[i],
        ];
        checks.iter().enumerate().filter(|(_, ok)| !**ok).fold(0u8, |bits, (i, _)| bits | (1 << i))
    }
}

/// Where a product goes: in stock, the sort's key, pieces sold (each larger first), then id.
type Place = (Reverse<bool>, Reverse<i64>, Reverse<i64>, i64);

/// The place of each product in a sort, worked out once per product (not in every comparison):
/// products a shopper can buy first in every order, then the sort's own key (larger first), then
/// best sellers, then id. Relevance counts in twentieths of the best match: scores that close are a
/// tie, which popularity decides (the same style in another colour scores the same).
fn sort_keys(catalog: &Catalog, shown: &[usize], relevance: Option<&[f32]>, sort: Sort) -> Vec<(Place, usize)> {
    let best = relevance.map_or(0.0, |r| shown.iter().map(|&i| r[i]).fold(0.0f32, f32::max));
    let bucket = |i: usize| relevance.map_or(0, |r| if best > 0.0 { (r[i] / best * 20.0).round() as i64 } else { 0 });
    shown
        .iter()
        .map(|&i| {
            let (x, facts) = (&catalog.rows[i], &catalog.facts[i]);
            let first: i64 = match sort {
                Sort::Relevance => bucket(i),
                Sort::Popularity => 0,
                Sort::Newest => x.created_at,
                Sort::PriceLowToHigh => -x.price,
                Sort::PriceHighToLow => x.price,
                Sort::Discount => facts.discount,
                // hundredths of a star, then how many rated it
                Sort::Rating => (x.rating * 100.0).round() as i64 * 1_000_000 + x.rating_count.min(999_999),
            };
            ((Reverse(catalog.in_stock[i]), Reverse(first), Reverse(x.sold_count), x.id), i)
        })
        .collect()
}

/// The first `n` of `candidates` in the order of `sort`, in order: only those are sorted, the
/// rest are only set apart from them.
fn first_places(catalog: &Catalog, candidates: &[usize], relevance: Option<&[f32]>, sort: Sort, n: usize) -> Vec<usize> {
    let mut keyed = sort_keys(catalog, candidates, relevance, sort);
    if n == 0 || keyed.is_empty() {
        return vec![];
    }
    if keyed.len() > n {
        keyed.select_nth_unstable(n - 1);
        keyed.truncate(n);
    }
    keyed.sort_unstable();
    keyed.into_iter().map(|(_, i)| i).collect()
}

/// The first `n` of `candidates` in the order of `sort`, without counting filters (search
/// suggestions): the same order as `run`'s first page.
pub fn first(catalog: &Catalog, candidates: &[usize], relevance: Option<&[f32]>, sort: Sort, n: usize) -> Vec<i64> {
    first_places(catalog, candidates, relevance, sort, n).into_iter().map(|i| catalog.rows[i].id).collect()
}

/// Filters, counts, sorts and pages the catalog's `candidates` (places in it). `relevance` (a
/// search) gives each candidate's score by place; only those are listed, and 'relevance' sorts by it.
pub fn run(catalog: &Catalog, candidates: &[usize], relevance: Option<&[f32]>, filter: &Filter, sort: Sort, page: usize) -> Outcome {
    let chosen = Chosen::of(catalog, filter);
    let mut sizes = vec![0usize; catalog.size_names.len()];
    let mut colours = vec![0usize; catalog.colour_names.len()];
    let mut styles = [0usize; STYLES.len()];
    let mut discounts = [0usize; DISCOUNT_STEPS.len()];
    let (mut price_min, mut price_max) = (i64::MAX, 0i64);
    let mut in_stock = 0usize;
    let mut shown: Vec<usize> = Vec::new();
    for &i in candidates {
        let x = &catalog.facts[i];
        let fails = chosen.failures(catalog, i);
        // An item counts towards a filter's values when every other filter lets it through.
        let others_pass = |dim: usize| fails & !(1 << dim) == 0;
        if fails == 0 {
            shown.push(i);
        }
        if others_pass(SIZE) {
            for (s, stocked) in catalog.sizes_of(i) {
                if stocked || !filter.in_stock {
                    sizes[s as usize] += 1;
                }
            }
        }
        if others_pass(COLOUR) && x.colour != NO_COLOUR {
            colours[x.colour as usize] += 1;
        }
        if others_pass(STYLE) {
            for (k, n) in styles.iter_mut().enumerate() {
                *n += (x.styles >> k & 1) as usize;
            }
        }
        if others_pass(PRICE) {
            price_min = price_min.min(x.rupees);
            price_max = price_max.max(x.rupees);
        }
        if others_pass(DISCOUNT) {
            for (n, step) in DISCOUNT_STEPS.iter().enumerate() {
                if x.discount >= *step {
                    discounts[n] += 1;
                }
            }
        }
        if others_pass(STOCK) && catalog.in_stock[i] {
            in_stock += 1;
        }
    }
    let total = shown.len();
    // Only the pages up to this one are put in order.
    let end = page.max(1).saturating_mul(PAGE_SIZE).min(total);
    let ranked = first_places(catalog, &shown, relevance, sort, end);
    let ids = ranked.iter().skip((page.max(1) - 1) * PAGE_SIZE).take(PAGE_SIZE).map(|&i| catalog.rows[i].id).collect();
    let counted = |counts: &[usize], names: &[String]| -> BTreeMap<String, usize> {
        counts.iter().zip(names).filter(|(n, _)| **n > 0).map(|(n, name)| (name.clone(), *n)).collect()
    };
    let facet = |counts: BTreeMap<String, usize>, chosen: &BTreeSet<String>| -> Vec<FacetCount> {
        let mut out: Vec<FacetCount> = counts.into_iter().map(|(v, count)| FacetCount { selected: chosen.contains(&v), value: v, count }).collect();
        // A chosen value stays on the list (at 0) so the shopper can take it off.
        for c in chosen {
            if !out.iter().any(|f| &f.value == c) {
                out.push(FacetCount { value: c.clone(), count: 0, selected: true });
            }
        }
        out
    };
    let style_counts: BTreeMap<String, usize> = STYLES.iter().zip(styles).filter(|(_, n)| *n > 0).map(|((label, _), n)| (label.to_string(), n)).collect();
    let mut size_facet = facet(counted(&sizes, &catalog.size_names), &filter.sizes);
    size_facet.sort_by_key(|f| size_order(&f.value));
    let mut style_facet = facet(style_counts, &filter.styles);
    style_facet.sort_by_key(|f| all_styles().position(|s| s == f.value).unwrap_or(usize::MAX));
    Outcome {
        ids,
        total,
        facets: Facets {
            sizes: size_facet,
            colours: facet(counted(&colours, &catalog.colour_names), &filter.colours),
            styles: style_facet,
            discounts: DISCOUNT_STEPS
                .iter()
                .zip(discounts)
                .map(|(step, count)| FacetCount { value: step.to_string(), count, selected: filter.discount == Some(*step) })
                .collect(),
            price_min: if price_max == 0 && price_min == i64::MAX { 0 } else { price_min },
            price_max,
            in_stock,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(id: i64, price: i64, old: i64, colour: &str, sizes: &[(&str, bool)], name: &str, sold: i64) -> Item {
        Item {
            id,
            price: price * 100,
            old_price: old * 100,
            created_at: id,
            sold_count: sold,
            rating: (id % 5) as f64,
            rating_count: id,
            colour: colour.into(),
            sizes: sizes.iter().map(|(v, s)| (v.to_string(), *s)).collect(),
            styles: styles_of(name),
        }
    }

    fn shop() -> Catalog {
        Catalog::new(vec![
            item(1, 799, 999, "Black", &[("32B", true), ("34C", true)], "Everyday Padded T-Shirt Bra", 50),
            item(2, 799, 999, "Nude", &[("32B", false), ("34C", true)], "Everyday Padded T-Shirt Bra", 80),
            item(3, 1299, 2599, "Black", &[("34C", false)], "Lace Push-Up Bra", 10),
            item(4, 299, 299, "Black", &[("M", true)], "Cotton Hipster Panty", 200),
            item(5, 549, 799, "Wine", &[("32B", true)], "Cotton Non-Padded Bra", 5),
        ])
    }

    fn all(items: &Catalog) -> Vec<usize> {
        (0..items.len()).collect()
    }

    fn count(facets: &[FacetCount], v: &str) -> usize {
        facets.iter().find(|f| f.value == v).map_or(0, |f| f.count)
    }

    /// A catalog restocked in place lists, filters, counts and sorts exactly as one made anew from
    /// the same items (the shelf restocks rather than rebuilds when only stock crossed zero).
    #[test]
    fn a_restocked_catalog_lists_as_one_made_anew() {
        let before = shop();
        // 1 sells out of 32B and 34C; 3's 34C comes back.
        let changed = vec![(0, vec![("32B".to_string(), false), ("34C".to_string(), false)]), (2, vec![("34C".to_string(), true)])];
        let restocked = before.restocked(&changed).expect("the same sizes");
        let anew = Catalog::new(vec![
            item(1, 799, 999, "Black", &[("32B", false), ("34C", false)], "Everyday Padded T-Shirt Bra", 50),
            item(2, 799, 999, "Nude", &[("32B", false), ("34C", true)], "Everyday Padded T-Shirt Bra", 80),
            item(3, 1299, 2599, "Black", &[("34C", true)], "Lace Push-Up Bra", 10),
            item(4, 299, 299, "Black", &[("M", true)], "Cotton Hipster Panty", 200),
            item(5, 549, 799, "Wine", &[("32B", true)], "Cotton Non-Padded Bra", 5),
        ]);
        let filters = [
            Filter::default(),
            Filter { in_stock: true, ..Filter::default() },
            Filter { sizes: ["34C".to_string()].into(), in_stock: true, ..Filter::default() },
            Filter { colours: ["Black".to_string()].into(), ..Filter::default() },
        ];
        for f in &filters {
            for sort in Sort::ALL {
                let (got, want) = (run(&restocked, &all(&restocked), None, f, sort, 1), run(&anew, &all(&anew), None, f, sort, 1));
                assert_eq!(got, want, "{f:?} {sort:?}");
            }
        }
        assert_eq!(run(&restocked, &all(&restocked), None, &Filter::default(), Sort::Popularity, 1).ids, vec![4, 2, 3, 5, 1], "sold out goes last");
        assert_eq!(restocked.sizes_in_stock(2).collect::<Vec<_>>(), ["34C"]);
        assert_eq!(run(&before, &all(&before), None, &Filter::default(), Sort::Popularity, 1).ids, vec![4, 2, 1, 5, 3], "the old catalog is left as it was");
        // Not the same sizes: no restock, the catalog must be made anew.
        assert!(before.restocked(&[(2, vec![("36C".to_string(), true)])]).is_none());
        assert!(before.restocked(&[(2, vec![("34C".to_string(), true), ("36C".to_string(), true)])]).is_none());
        assert!(before.restocked(&[(9, vec![])]).is_none(), "no such place");
    }

    #[test]
    fn styles_come_from_the_name() {
        assert_eq!(styles_of("Everyday Padded T-Shirt Bra"), vec!["Padded"]);
        assert_eq!(styles_of("Cotton Non-Padded Bra"), vec!["Non-Padded", "Cotton"]);
        assert_eq!(styles_of("Lace Push-Up Bra"), vec!["Push-Up", "Lace"]);
        assert_eq!(styles_of("Multiway Strapless Bra"), vec!["Strapless"]);
    }

    #[test]
    fn popularity_is_the_default_order_and_sold_out_goes_last() {
        let items = shop();
        let out = run(&items, &all(&items), None, &Filter::default(), Sort::Popularity, 1);
        // 3 has no size in stock: after every product a shopper can buy.
        assert_eq!(out.ids, vec![4, 2, 1, 5, 3]);
        assert_eq!(out.total, 5);
    }

    #[test]
    fn each_filters_counts_apply_the_other_filters() {
        let items = shop();
        let f = Filter { colours: ["Black".to_string()].into(), sizes: ["34C".to_string()].into(), ..Filter::default() };
        let out = run(&items, &all(&items), None, &f, Sort::Popularity, 1);
        assert_eq!(out.ids, vec![1, 3]);
        // Colours under size 34C: Black 2 (1 and 3), Nude 1; Wine has no 34C.
        assert_eq!(count(&out.facets.colours, "Black"), 2);
        assert_eq!(count(&out.facets.colours, "Nude"), 1);
        assert_eq!(count(&out.facets.colours, "Wine"), 0);
        // Sizes under Black: 32B once (1), 34C twice (1, 3), M once (4).
        assert_eq!(count(&out.facets.sizes, "34C"), 2);
        assert_eq!(count(&out.facets.sizes, "M"), 1);
        assert!(out.facets.sizes.iter().find(|s| s.value == "34C").unwrap().selected);
        // In stock: of the two shown, only 1 has a size in stock.
        assert_eq!(out.facets.in_stock, 1);
    }

    #[test]
    fn in_stock_narrows_sizes_to_those_in_stock() {
        let items = shop();
        let f = Filter { sizes: ["32B".to_string()].into(), in_stock: true, ..Filter::default() };
        let out = run(&items, &all(&items), None, &f, Sort::Popularity, 1);
        assert_eq!(out.ids, vec![1, 5], "2 has 32B but it is sold out");
    }

    #[test]
    fn price_discount_and_style_filters() {
        let items = shop();
        let f = Filter { price_min: Some(500), price_max: Some(900), ..Filter::default() };
        assert_eq!(run(&items, &all(&items), None, &f, Sort::PriceLowToHigh, 1).ids, vec![5, 2, 1]);
        let f = Filter { discount: Some(50), ..Filter::default() };
        let out = run(&items, &all(&items), None, &f, Sort::Popularity, 1);
        assert_eq!(out.ids, vec![3]);
        assert_eq!(out.facets.discounts[0].count, 4, "10% and above: all but the hipster");
        let f = Filter { styles: ["Cotton".to_string()].into(), ..Filter::default() };
        let out = run(&items, &all(&items), None, &f, Sort::Popularity, 1);
        assert_eq!(out.ids, vec![4, 5]);
        assert_eq!((out.facets.price_min, out.facets.price_max), (299, 549), "the range of what the other filters leave");
    }

    #[test]
    fn sorts() {
        let items = shop();
        let ids = |s| run(&items, &all(&items), None, &Filter::default(), s, 1).ids;
        assert_eq!(ids(Sort::PriceHighToLow), vec![2, 1, 5, 4, 3], "sold out last in every order");
        assert_eq!(ids(Sort::Newest), vec![5, 4, 2, 1, 3]);
        assert_eq!(ids(Sort::Discount), vec![5, 2, 1, 4, 3]);
    }

    #[test]
    fn relevance_ties_go_to_the_best_seller() {
        let items = shop();
        let scores = [2.0, 2.05, 9.0, 0.5, 1.0];
        let out = run(&items, &[0, 1, 2, 4], Some(&scores), &Filter::default(), Sort::Relevance, 1);
        assert_eq!(out.ids, vec![2, 1, 5, 3], "2 and 1 tie within a twentieth: 2 sold more; 3 is sold out");
    }

    #[test]
    fn the_first_few_come_in_the_same_order_as_the_first_page() {
        let items = shop();
        let scores = [2.0, 2.05, 9.0, 0.5, 1.0];
        for sort in [Sort::Relevance, Sort::Popularity, Sort::Newest, Sort::PriceLowToHigh, Sort::PriceHighToLow, Sort::Discount, Sort::Rating] {
            let page = run(&items, &[0, 1, 2, 3, 4], Some(&scores), &Filter::default(), sort, 1).ids;
            for n in 0..=items.len() + 1 {
                let want: Vec<i64> = page.iter().copied().take(n).collect();
                assert_eq!(first(&items, &[0, 1, 2, 3, 4], Some(&scores), sort, n), want, "{sort:?} first {n}");
            }
        }
    }

    #[test]
    fn pages_past_the_end_are_empty_and_chosen_values_stay_listed() {
        let items = shop();
        let f = Filter { colours: ["Purple".to_string()].into(), ..Filter::default() };
        let out = run(&items, &all(&items), None, &f, Sort::Popularity, 1);
        assert_eq!(out.total, 0);
        assert!(out.facets.colours.iter().any(|c| c.value == "Purple" && c.selected && c.count == 0));
        assert_eq!((out.facets.price_min, out.facets.price_max), (0, 0));
        assert!(run(&items, &all(&items), None, &Filter::default(), Sort::Popularity, 9).ids.is_empty());
    }

    #[test]
    fn later_pages_continue_the_order_of_the_first() {
        // 60 products (two and a half pages), prices and sales out of step, every fourth sold out.
        let items = Catalog::new((1..=60).map(|id| {
            let sizes: &[(&str, bool)] = if id % 4 == 0 { &[("32B", false)] } else { &[("32B", true)] };
            item(id, 100 + (id * 37) % 500, 999, "Black", sizes, "Lace Bra", (id * 53) % 70)
        }));
        for sort in [Sort::Popularity, Sort::PriceLowToHigh, Sort::Newest, Sort::Discount, Sort::Rating] {
            let pages: Vec<i64> = (1..=3).flat_map(|p| run(&items, &all(&items), None, &Filter::default(), sort, p).ids).collect();
            let every = first(&items, &all(&items), None, sort, 60);
            assert_eq!(pages, every, "{sort:?}: pages 1-3 are the whole order cut in 24s");
            let place = |id: i64| every.iter().position(|x| *x == id).unwrap();
            assert!(every.iter().filter(|id| *id % 4 == 0).all(|id| place(*id) >= 45), "{sort:?}: the 15 sold out last");
        }
        let by_price: Vec<i64> = first(&items, &all(&items), None, Sort::PriceLowToHigh, 45).iter().map(|id| items.rows[*id as usize - 1].price).collect();
        assert!(by_price.windows(2).all(|w| w[0] <= w[1]), "in stock, cheapest first");
    }

    #[test]
    fn a_value_no_product_has_matches_nothing() {
        let items = shop();
        let f = Filter { sizes: ["99Z".to_string()].into(), ..Filter::default() };
        assert_eq!(run(&items, &all(&items), None, &f, Sort::Popularity, 1).total, 0);
        let f = Filter { styles: ["Sequinned".to_string()].into(), ..Filter::default() };
        assert_eq!(run(&items, &all(&items), None, &f, Sort::Popularity, 1).total, 0);
        let f = Filter { colours: ["Black".to_string(), "Purple".to_string()].into(), ..Filter::default() };
        assert_eq!(run(&items, &all(&items), None, &f, Sort::Popularity, 1).ids, vec![4, 1, 3], "a known value still counts");
    }

    #[test]
    fn url_values_are_read_strictly() {
        assert_eq!(parse_price("500-1000"), Ok((Some(500), Some(1000))));
        assert_eq!(parse_price("-800"), Ok((None, Some(800))));
        assert_eq!(parse_price("1000-"), Ok((Some(1000), None)));
        assert!(parse_price("1000").is_err());
        assert!(parse_price("900-100").is_err());
        assert!(parse_price("abc-1").is_err());
        assert_eq!(parse_discount("30"), Ok(30));
        assert!(parse_discount("35").is_err());
        assert_eq!(split_values("32B, 34C,,").unwrap().len(), 2);
        assert!(split_values(&(0..50).map(|i| i.to_string()).collect::<Vec<_>>().join(",")).is_err());
        assert_eq!(Sort::parse("price_asc"), Some(Sort::PriceLowToHigh));
        assert_eq!(Sort::parse("cheapest"), None);
        assert!(size_order("32B") < size_order("34A"));
        assert!(size_order("34C") < size_order("S"));
        assert!(size_order("S") < size_order("XL"));
    }
}

//! The shelf: what listings and search read, kept in memory and rebuilt when the catalog's version
//! (bumped by database triggers in the same transaction as a change) moves. Every request compares
//! the version, one indexed read, so no process ever lists a stale catalog, and several server
//! processes on one PostgreSQL each learn of a change on their next request. Popularity (pieces
//! sold) changes with every order without moving the version: the shelf is rebuilt at least every
//! few minutes for it.

use super::listing::{Listed, ListedFrom};
use crate::error::{ApiError, ApiResult};
use crate::features::catalog::{card_of, CardFacts, ProductCard};
use crate::kept::Answer;
use crate::AppState;
use drape_domain::listing::{styles_of, Catalog, Item};
use drape_search::{Doc, SearchIndex};
use drape_store::catalog::Category;
use drape_store::changes::Versions;
use drape_store::searches::{CatalogFacts, ListedProduct, ListedSize, StockCrossings};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

/// How old a shelf may grow before popularity is read again.
const MAX_AGE: Duration = Duration::from_secs(300);
/// Answers kept per shelf, and about how many bytes they may hold, per kind (listings, suggestions);
/// past either it starts again (a shelf lives at most MAX_AGE anyway). Without the bytes, 4,096
/// pages of a 50,000-product catalog's listings held about 86 MB (a crawl of one category's sorts
/// and pages, docs/operations.md, session 26); the bench's listing and filtered rows keep about 23 MB.
/// Suggestions get half as much (session 27): a suggestion is a few KB and shoppers type the same
/// few thousand prefixes, and the catalog's crawl with 4,112 prefixes after it read 305 MB with
/// the same 32 MB as listings and 40 MB of product answers (docs/operations.md).
const MAX_ANSWERS: usize = 4096;
const LISTINGS_BYTES: usize = 32 * 1024 * 1024;
const SUGGESTIONS_BYTES: usize = 16 * 1024 * 1024;

/// Answers worked out from one shelf, by what was asked. They are exactly as fresh as the shelf:
/// a catalog change moves the version, which builds a new shelf with no answers.
pub struct Answers<T> {
    kept: Mutex<Kept<T>>,
    most_bytes: usize,
}

struct Kept<T> {
    answers: HashMap<String, (Arc<T>, usize)>,
    bytes: usize,
}

impl<T> Answers<T> {
    fn new(most_bytes: usize) -> Self {
        Answers { kept: Mutex::new(Kept { answers: HashMap::new(), bytes: 0 }), most_bytes }
    }

    pub fn get(&self, asked: &str) -> Option<Arc<T>> {
        self.kept.lock().unwrap_or_else(|e| e.into_inner()).answers.get(asked).map(|(a, _)| a.clone())
    }

    /// Keeps `answer` under `asked`, counted as `bytes` (what it holds; for an answer already kept
    /// under another key, only what the new key holds). When this keep starts the map again, that
    /// answer stays held under the new key alone, counted by the key: one answer per start at most.
    pub fn keep(&self, asked: String, answer: Arc<T>, bytes: usize) {
        let bytes = bytes + asked.len();
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        if kept.answers.len() >= MAX_ANSWERS || kept.bytes + bytes > self.most_bytes {
            kept.answers.clear();
            kept.bytes = 0;
        }
        if let Some((_, replaced)) = kept.answers.insert(asked, (answer, bytes)) {
            kept.bytes -= replaced;
        }
        kept.bytes += bytes;
    }

    /// The answers `still` says a successor shelf would answer the same, kept for it (shared, not
    /// copied), as counted here.
    fn carried(&self, still: impl Fn(&T) -> bool) -> Answers<T> {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        let answers: HashMap<String, (Arc<T>, usize)> = kept.answers.iter().filter(|(_, (a, _))| still(a)).map(|(k, v)| (k.clone(), v.clone())).collect();
        let bytes = answers.values().map(|(_, b)| b).sum();
        Answers { kept: Mutex::new(Kept { answers, bytes }), most_bytes: self.most_bytes }
    }

    /// About how many bytes the kept answers hold, as counted.
    #[cfg(test)]
    fn bytes(&self) -> usize {
        self.kept.lock().unwrap_or_else(|e| e.into_inner()).bytes
    }
}

pub struct Shelf {
    pub version: i64,
    /// The version of sizes crossing zero it shows (migration 0019).
    stock_version: i64,
    built: Instant,
    pub catalog: Catalog,
    /// Product id → its place in `catalog` (u32::MAX: not on the shelf). Ids are the database's
    /// row numbers, so an array indexed by them is small and faster than hashing.
    place: Arc<Vec<u32>>,
    /// Every place in `catalog`, and a category's places (its sub-categories' included), in order
    /// (ascending: a place is found in them by halving).
    every: Arc<Vec<usize>>,
    by_category: Arc<HashMap<i64, Vec<usize>>>,
    /// Colour name → its swatch (#rrggbb).
    pub swatches: Arc<HashMap<String, String>>,
    pub categories: Arc<Vec<Category>>,
    /// Built beside the shelf once the shelf is up: listings answer without waiting for it (on
    /// 50,000 products it takes longer than the rest of the shelf), searches wait for it. It holds
    /// no stock (a search asks the catalog which sizes are in stock), so the shelves restocked
    /// from this one share it.
    index: Arc<tokio::sync::OnceCell<SearchIndex>>,
    /// What the index is built from beside the shelf, by place (about 7 MB on 50,000 products;
    /// shared with the restocked shelves, any of which may be the one to build the shared index).
    words: Arc<Vec<Words>>,
    /// Each listed product's card, as fresh as the shelf (the versions move with everything a card
    /// shows but its rating, which the shelf's age bounds), as built; shared with the shelves
    /// restocked from this one, which keep the cards whose sold-out mark changed beside it.
    cards: Arc<HashMap<i64, Arc<ProductCard>>>,
    restocked_cards: HashMap<i64, Arc<ProductCard>>,
    /// Listing pages (without the shopper's hearts) and search suggestions already worked out.
    pub listings: Answers<Listed>,
    pub suggestions: Answers<Answer>,
}

/// What the search index needs of a product beyond what the shelf keeps (by place): its skus and
/// its categories with their parents. The rest of each product's words are borrowed from the
/// shelf as it is indexed.
struct Words {
    skus: [String; 2],
    category_ids: Vec<i64>,
}

/// A shelf whose search index is built: what a search reads.
pub struct Searchable<'a> {
    pub shelf: &'a Shelf,
    pub index: &'a SearchIndex,
}

impl Searchable<'_> {
    /// The products matching a search's words: their places on the shelf, and the score of every
    /// place (0 for those that did not match).
    pub fn matching(&self, words: &str) -> (Vec<usize>, Vec<f32>) {
        let hits = self.index.search(words, &|id, size| self.shelf.has_in_stock(id, size));
        let mut scores = vec![0f32; self.shelf.catalog.len()];
        let mut places = Vec::with_capacity(hits.len());
        for h in &hits {
            if let Some(i) = self.shelf.place_of(h.id) {
                scores[i] = h.score;
                places.push(i);
            }
        }
        (places, scores)
    }

    /// For a search that found nothing: the nearest search that finds something.
    pub fn did_you_mean(&self, words: &str) -> Option<String> {
        self.index.did_you_mean(words, &|id, size| self.shelf.has_in_stock(id, size))
    }
}

/// A product's sizes as listings read them (`Item::sizes`): each size value once, in the chart's
/// order, in stock when any of it is left, and a combo's only while both of its parts have a size
/// left (a piece needs both).
fn item_sizes(own: &[ListedSize], combo: bool) -> Vec<(String, bool)> {
    let parts_left = |part: i64| own.iter().any(|s| s.part == part && s.in_stock == 1);
    let combo_ok = parts_left(1) && parts_left(2);
    own.iter().map(|s| (s.value.clone(), s.in_stock == 1 && (s.part == 0 || (combo && combo_ok)))).fold(Vec::new(), |mut acc, (v, ok)| {
        match acc.iter_mut().find(|(x, _)| *x == v) {
            Some(existing) => existing.1 |= ok,
            None => acc.push((v, ok)),
        }
        acc
    })
}

impl Shelf {
    /// This shelf with the sizes that crossed zero since it was made (read by
    /// `Store::stock_crossed_since`): the same products, cards, sort keys and search index, with
    /// those products' sizes in or out of stock and their cards sold out or not. None when a
    /// product's sizes are no longer the sizes on the shelf (then it is built anew). It keeps this
    /// shelf's category pages whose category holds none of those products (a page shows, counts and
    /// orders its category's products alone), and none of its searches or suggestions (a search
    /// may match a size in stock anywhere, and one that finds nothing shows best sellers).
    fn restocked(&self, crossings: StockCrossings) -> Option<Shelf> {
        let mut changed: Vec<(usize, Vec<(String, bool)>)> = Vec::new();
        let mut restocked_cards = self.restocked_cards.clone();
        for run in crossings.sizes.chunk_by(|a, b| a.0.product_id == b.0.product_id) {
            let (id, combo) = (run[0].0.product_id, run[0].1 == 1);
            // Not on the shelf (not on sale): nothing of it is listed.
            let Some(place) = self.place_of(id) else { continue };
            let own: Vec<ListedSize> = run.iter().map(|(s, _)| s.clone()).collect();
            let sizes = item_sizes(&own, combo);
            let soldout = !sizes.iter().any(|s| s.1);
            if let Some(card) = self.card(id).filter(|c| c.is_soldout != soldout) {
                restocked_cards.insert(id, Arc::new(ProductCard { is_soldout: soldout, ..card.clone() }));
            }
            changed.push((place, sizes));
        }
        let crossed: Vec<usize> = changed.iter().map(|(place, _)| *place).collect();
        let unchanged = |from: ListedFrom| match from {
            ListedFrom::Category(c) => {
                let shown = self.in_category(c);
                !crossed.iter().any(|p| shown.binary_search(p).is_ok())
            }
            ListedFrom::Search => false,
        };
        Some(Shelf {
            version: self.version,
            stock_version: crossings.version,
            // Popularity is as old as this shelf's: the next full build is due when this one's was.
            built: self.built,
            catalog: self.catalog.restocked(&changed)?,
            place: self.place.clone(),
            every: self.every.clone(),
            by_category: self.by_category.clone(),
            swatches: self.swatches.clone(),
            categories: self.categories.clone(),
            index: self.index.clone(),
            words: self.words.clone(),
            cards: self.cards.clone(),
            restocked_cards,
            listings: self.listings.carried(|l| unchanged(l.from)),
            suggestions: Answers::new(SUGGESTIONS_BYTES),
        })
    }

    fn build(facts: CatalogFacts, categories: Vec<Category>) -> anyhow::Result<Shelf> {
        let CatalogFacts { version, stock_version, products, filings: filed, sizes: mut listed_sizes, ratings } = facts;
        let mut filings: HashMap<i64, Vec<i64>> = HashMap::new();
        for (product, category) in &filed {
            filings.entry(*product).or_default().push(*category);
        }
        drop(filed);
        // A product's sizes are one run of the list ordered by product, found by halving. The store
        // reads them in that order (READ_SIZES); a stable sort keeps each product's chart order if
        // another reader ever does not.
        if !listed_sizes.is_sorted_by_key(|s| s.product_id) {
            listed_sizes.sort_by_key(|s| s.product_id);
        }
        let sizes_of = |id: i64| {
            let from = listed_sizes.partition_point(|s| s.product_id < id);
            &listed_sizes[from..from + listed_sizes[from..].partition_point(|s| s.product_id == id)]
        };
        let mut words = Vec::with_capacity(products.len());
        let mut swatches = HashMap::new();
        let mut cards = HashMap::with_capacity(products.len());
        // Each product's row is taken apart as it goes, and its item is numbered into the catalog
        // as it is made: its strings move into the card and the index's words instead of being
        // copied beside the whole catalog read (docs/operations.md, session 28).
        let item_of = |p: ListedProduct| {
            // Its categories and all their parents, the product's own category first.
            let mut category_ids: Vec<i64> = Vec::new();
            for c in std::iter::once(p.category_id).chain(filings.get(&p.id).into_iter().flatten().copied()) {
                for node in drape_domain::categories::chain(&categories, c) {
                    if !category_ids.contains(&node.id) {
                        category_ids.push(node.id);
                    }
                }
            }
            let item_sizes = item_sizes(sizes_of(p.id), p.combo == 1);
            let (n, sum) = ratings.get(&p.id).copied().unwrap_or((0, 0));
            if !p.color_name.is_empty() {
                swatches.entry(p.color_name.clone()).or_insert_with(|| p.rgbcode.clone());
            }
            let item = Item {
                id: p.id,
                price: p.price,
                old_price: p.old_price,
                created_at: p.created_at,
                sold_count: p.sold_count,
                rating: if n > 0 { sum as f64 / n as f64 } else { 0.0 },
                rating_count: n,
                colour: p.color_name.clone(),
                sizes: item_sizes,
                styles: styles_of(&p.name),
            };
            let facts_of_card = CardFacts {
                id: p.id,
                name: &p.name,
                slug: &p.slug,
                sku: &p.sku,
                colour: &p.color_name,
                rgb: &p.rgbcode,
                price: p.price,
                old_price: p.old_price,
            };
            cards.insert(p.id, Arc::new(card_of(facts_of_card, !item.in_stock(), ratings.get(&p.id))));
            words.push(Words { skus: [p.sku, p.parent_sku], category_ids });
            item
        };
        let catalog = Catalog::new(products.into_iter().map(item_of));
        drop(listed_sizes);
        let mut place = vec![u32::MAX; (0..catalog.len()).map(|i| catalog.id(i).max(0) as usize + 1).max().unwrap_or(0)];
        let mut by_category: HashMap<i64, Vec<usize>> = HashMap::new();
        for (i, w) in words.iter().enumerate() {
            place[catalog.id(i).max(0) as usize] = i as u32;
            for c in &w.category_ids {
                by_category.entry(*c).or_default().push(i);
            }
        }
        Ok(Shelf {
            version,
            stock_version,
            built: Instant::now(),
            every: Arc::new((0..catalog.len()).collect()),
            catalog,
            by_category: Arc::new(by_category),
            place: Arc::new(place),
            swatches: Arc::new(swatches),
            categories: Arc::new(categories),
            index: Arc::default(),
            words: Arc::new(words),
            cards: Arc::new(cards),
            restocked_cards: HashMap::new(),
            listings: Answers::new(LISTINGS_BYTES),
            suggestions: Answers::new(SUGGESTIONS_BYTES),
        })
    }

    /// The index's view of every product, in the shelf's order, borrowed from the shelf and the
    /// words kept beside it for the index (`words[i]` is place `i`'s).
    fn docs<'a>(&'a self, words: &'a [Words]) -> impl Iterator<Item = Doc<'a>> + 'a {
        let name_of: HashMap<i64, &str> = self.categories.iter().map(|c| (c.id, c.name.as_str())).collect();
        words.iter().enumerate().map(move |(i, words)| {
            let id = self.catalog.id(i);
            Doc {
                id,
                name: self.card(id).map_or("", |c| c.name.as_str()),
                categories: words.category_ids.iter().rev().filter_map(|c| name_of.get(c).copied()).collect(),
                colour: self.catalog.colour(i),
                sizes: self.catalog.sizes(i).collect(),
                skus: [&words.skus[0], &words.skus[1]],
                popularity: self.catalog.sold_count(i),
            }
        })
    }

    /// The cards of these products, in this order (products not on the shelf are left out).
    pub fn cards(&self, ids: &[i64]) -> Vec<ProductCard> {
        ids.iter().filter_map(|id| self.card(*id).cloned()).collect()
    }

    /// Is `size` (as a search's size word names it) one of the product's sizes in stock?
    fn has_in_stock(&self, id: i64, size: &str) -> bool {
        self.place_of(id).is_some_and(|i| self.catalog.sizes_in_stock(i).any(|v| drape_search::is_size(v, size)))
    }

    /// A product's place on the shelf; None when it is not on it.
    fn place_of(&self, id: i64) -> Option<usize> {
        usize::try_from(id).ok().and_then(|id| self.place.get(id)).filter(|p| **p != u32::MAX).map(|&p| p as usize)
    }

    /// A listed product's card as this shelf shows it.
    fn card(&self, id: i64) -> Option<&ProductCard> {
        self.restocked_cards.get(&id).or_else(|| self.cards.get(&id)).map(|c| &**c)
    }

    /// This shelf with its search index, waiting for the index while it is being built (the
    /// first to ask builds it, on a blocking thread; the others wait for that build).
    pub async fn searchable(self: &Arc<Self>) -> ApiResult<Searchable<'_>> {
        let index = self
            .index
            .get_or_try_init(|| async {
                let began = Instant::now();
                let shelf = self.clone();
                let built = tokio::task::spawn_blocking(move || {
                    let categories: Vec<(i64, String)> = shelf.categories.iter().map(|c| (c.id, c.name.clone())).collect();
                    SearchIndex::build(shelf.docs(&shelf.words), &categories)
                })
                .await;
                let index = match built {
                    Ok(Ok(index)) => index,
                    Ok(Err(e)) => return Err(internal(&e.to_string())),
                    Err(e) => return Err(internal(&e.to_string())),
                };
                tracing::info!(version = self.version, index_ms = began.elapsed().as_millis() as u64, "search index built");
                Ok(index)
            })
            .await?;
        Ok(Searchable { shelf: self, index })
    }

    /// Places of the products in a category (its sub-categories included), or of all.
    pub fn in_category(&self, category: Option<i64>) -> &[usize] {
        match category {
            None => &self.every,
            Some(c) => self.by_category.get(&c).map(Vec::as_slice).unwrap_or_default(),
        }
    }
}

/// The current shelf, shared by every request of this process.
#[derive(Default)]
pub struct Shelves {
    current: RwLock<Option<Arc<Shelf>>>,
    /// One rebuild at a time; the others wait for it and use its shelf.
    rebuilding: tokio::sync::Mutex<()>,
}

impl Shelves {
    fn fresh(&self, versions: Versions) -> Option<Arc<Shelf>> {
        let guard = self.current.read().unwrap_or_else(|e| e.into_inner());
        guard.as_ref().filter(|s| s.version == versions.catalog && s.stock_version == versions.stock && s.built.elapsed() < MAX_AGE).cloned()
    }
}

/// The shelf at the catalog's current versions: restocked first when only sizes crossed zero since
/// it was made, rebuilt when anything else it shows moved (or popularity is due).
pub async fn current(state: &AppState) -> ApiResult<Arc<Shelf>> {
    let versions = crate::kept::versions(state).await?;
    if let Some(shelf) = state.shelves.fresh(versions) {
        return Ok(shelf);
    }
    let _one = state.shelves.rebuilding.lock().await;
    let versions = state.store.versions().await?;
    if let Some(shelf) = state.shelves.fresh(versions) {
        return Ok(shelf);
    }
    // The old shelf is let go before the new one is made: no request will take it again (its
    // versions or its age are past, so every request now waits for this one), and holding it
    // meanwhile put two shelves, their search indexes and their kept answers in memory at once.
    // On 50,000 products a crawl with the catalog changed every 20 s peaked at 429 MB with it held,
    // 278 MB without changes (docs/operations.md, session 28). Requests already holding it finish
    // with it, and it goes with the last of them.
    let old = state.shelves.current.write().unwrap_or_else(|e| e.into_inner()).take();
    // Only sizes crossed zero since the shelf was made (a size sold out, or back): it is made again
    // from itself with those products' sizes read again, instead of reading and building every
    // product (half a second on 50,000 products, while every listing request waits;
    // docs/operations.md, session 30).
    if let Some(old) = old.filter(|s| s.version == versions.catalog && s.built.elapsed() < MAX_AGE) {
        let began = Instant::now();
        let crossings = match state.store.stock_crossed_since(old.stock_version).await {
            Ok(crossings) => crossings,
            Err(e) => {
                // Put back for the next request to restock, rather than leave it to build every
                // product anew. No request serves it meanwhile: its stock version is past.
                *state.shelves.current.write().unwrap_or_else(|e| e.into_inner()) = Some(old);
                return Err(e.into());
            }
        };
        let read = began.elapsed();
        let products = crossings.sizes.chunk_by(|a, b| a.0.product_id == b.0.product_id).count();
        let restocked = tokio::task::spawn_blocking(move || (old.restocked(crossings), old)).await;
        match restocked {
            Ok((None, old)) => {
                // A product's sizes changed (built anew below): the old shelf goes off this thread,
                // as it does after a restock, beside the build rather than before it.
                tokio::task::spawn_blocking(move || drop(old));
            }
            Ok((Some(shelf), old)) => {
                let shelf = Arc::new(shelf);
                tracing::info!(
                    version = shelf.version,
                    stock_version = shelf.stock_version,
                    products,
                    read_ms = read.as_millis() as u64,
                    restock_ms = (began.elapsed() - read).as_millis() as u64,
                    "shelf restocked"
                );
                let shelf = installed(state, shelf);
                drop(_one);
                // The old shelf goes once the new one is in place and no request waits any more: with
                // its index and kept answers, letting it go took longer than making its successor.
                tokio::task::spawn_blocking(move || drop(old));
                return Ok(shelf);
            }
            // The restock panicked: the old shelf went with it; built anew below.
            Err(_) => {}
        }
    }
    let began = Instant::now();
    let facts = state.store.catalog_facts().await?;
    let categories = state.store.categories().await?;
    let read = began.elapsed();
    let built = tokio::task::spawn_blocking(move || Shelf::build(facts, categories)).await;
    let shelf = match built {
        Ok(Ok(shelf)) => Arc::new(shelf),
        Ok(Err(e)) => return Err(internal(&e.to_string())),
        Err(e) => return Err(internal(&e.to_string())),
    };
    tracing::info!(version = shelf.version, read_ms = read.as_millis() as u64, built_ms = (began.elapsed() - read).as_millis() as u64, "shelf built");
    Ok(installed(state, shelf))
}

/// Makes `shelf` the current one, and starts building its search index.
fn installed(state: &AppState, shelf: Arc<Shelf>) -> Arc<Shelf> {
    *state.shelves.current.write().unwrap_or_else(|e| e.into_inner()) = Some(shelf.clone());
    // Its search index is built now, whoever asks first: a task of its own is never cancelled
    // half-way, as a shopper's request can be.
    let indexing = shelf.clone();
    tokio::spawn(async move { indexing.searchable().await.map(|_| ()) });
    shelf
}

fn internal(cause: &str) -> ApiError {
    tracing::error!(error = cause, "building the shelf failed");
    ApiError::internal()
}

#[cfg(test)]
mod tests {
    use super::*;
    use drape_store::searches::ListedSize;

    fn product(id: i64, name: &str, category_id: i64, combo: i64) -> ListedProduct {
        ListedProduct {
            id,
            slug: format!("p-{id}"),
            name: name.into(),
            sku: format!("SKU{id}"),
            parent_sku: format!("STYLE{id}"),
            color_name: "Black".into(),
            rgbcode: "#000000".into(),
            category_id,
            price: 49_900,
            old_price: 99_900,
            sold_count: id * 10,
            created_at: 0,
            combo,
        }
    }

    fn size(product_id: i64, part: i64, value: &str, in_stock: i64) -> ListedSize {
        ListedSize { product_id, part, value: value.into(), in_stock }
    }

    /// The index's words are borrowed from the built shelf (session 28), so they must be what the
    /// facts said: categories with their parents and filings, every size, both skus; and a search
    /// asks the shelf which sizes a shopper can buy.
    #[test]
    fn the_index_reads_each_product_as_the_facts_had_it() {
        let category = |id, name: &str, parent_id| Category { id, name: name.into(), slug: name.to_lowercase(), parent_id, position: id };
        let categories = vec![category(1, "Bras", None), category(2, "T-Shirt Bras", Some(1)), category(3, "Sale", None)];
        let facts = CatalogFacts {
            version: 7,
            stock_version: 3,
            // ids out of step with places, and a product with no sizes at all
            products: vec![
                product(4, "Everyday T-Shirt Bra", 2, 0),
                product(9, "Bra and Panty Set", 1, 1),
                product(12, "Satin Slip", 3, 0),
                product(15, "Gift Card", 3, 0),
            ],
            filings: vec![(4, 3)],
            // not in the store's order: the shelf must still find each product's
            sizes: vec![size(12, 0, "Free", 1), size(9, 1, "34B", 1), size(4, 0, "34B", 1), size(9, 2, "M", 0), size(4, 0, "36C", 0), size(4, 0, "38D", 1)],
            ratings: HashMap::new(),
        };
        let shelf = Arc::new(Shelf::build(facts, categories).unwrap());
        let words = shelf.words.clone();
        let docs: Vec<Doc> = shelf.docs(&words).collect();
        assert_eq!(docs.iter().map(|d| d.id).collect::<Vec<_>>(), [4, 9, 12, 15]);
        assert_eq!(docs[0].name, "Everyday T-Shirt Bra");
        let mut named = docs[0].categories.clone();
        named.sort();
        assert_eq!(named, ["Bras", "Sale", "T-Shirt Bras"], "its own category with its parent, and its filing");
        assert_eq!(docs[0].sizes, ["34B", "36C", "38D"], "the chart's order kept");
        assert!(shelf.has_in_stock(4, "34B") && shelf.has_in_stock(4, "38D"));
        assert!(!shelf.has_in_stock(4, "36C"), "36C is sold out");
        assert_eq!(docs[0].skus, ["SKU4", "STYLE4"]);
        assert_eq!((docs[0].colour, docs[0].popularity), ("Black", 40));
        assert_eq!(docs[1].sizes, ["34B", "M"]);
        assert!(!shelf.has_in_stock(9, "34B"), "a combo whose panty part is sold out has no size to buy");
        assert_eq!(docs[2].sizes, ["Free"]);
        assert!(shelf.has_in_stock(12, "Free"));
        assert!(docs[3].sizes.is_empty());
        assert!(!shelf.has_in_stock(99, "34B"), "not on the shelf");
        assert_eq!(shelf.place[9], 1);
        assert_eq!(shelf.in_category(Some(1)), [0, 1], "a parent lists its children's products");
        assert_eq!(shelf.in_category(Some(3)), [0, 2, 3], "a filing lists the product too");
    }

    #[test]
    fn past_the_bytes_it_starts_again_with_the_newest() {
        let answers = Answers::<u32>::new(LISTINGS_BYTES);
        let big = LISTINGS_BYTES / 4;
        for i in 0..4 {
            answers.keep(format!("page {i}"), Arc::new(i), big);
        }
        // four quarters and their keys are past the budget: the fourth started again
        assert!(answers.get("page 0").is_none());
        assert_eq!(answers.get("page 3").as_deref(), Some(&3));
        assert!(answers.bytes() <= LISTINGS_BYTES);
        assert_eq!(answers.bytes(), big + "page 3".len());
    }

    #[test]
    fn a_key_kept_again_is_counted_once() {
        let answers = Answers::<u32>::new(LISTINGS_BYTES);
        answers.keep("?page=1".into(), Arc::new(1), 1000);
        answers.keep("?page=1".into(), Arc::new(2), 1000);
        assert_eq!(answers.bytes(), 1000 + "?page=1".len());
        assert_eq!(answers.get("?page=1").as_deref(), Some(&2));
    }

    #[test]
    fn past_the_count_it_starts_again() {
        let answers = Answers::<usize>::new(SUGGESTIONS_BYTES);
        for i in 0..=MAX_ANSWERS {
            answers.keep(i.to_string(), Arc::new(i), 1);
        }
        assert!(answers.get("0").is_none());
        assert_eq!(answers.get(&MAX_ANSWERS.to_string()).as_deref(), Some(&MAX_ANSWERS));
    }

    /// A shelf restocked with the sizes that crossed zero shows what one built from the same facts
    /// shows: listings, cards, the index's words. The shelf it came from is left as it was.
    #[test]
    fn a_restocked_shelf_shows_what_a_shelf_built_anew_shows() {
        let category = |id, name: &str, parent_id| Category { id, name: name.into(), slug: name.to_lowercase(), parent_id, position: id };
        let categories = || vec![category(1, "Bras", None), category(2, "Sets", None)];
        let facts = |sizes: Vec<ListedSize>, stock_version| CatalogFacts {
            version: 7,
            stock_version,
            products: vec![product(4, "Everyday T-Shirt Bra", 1, 0), product(9, "Bra and Panty Set", 2, 1), product(12, "Lace Bra", 1, 0)],
            filings: vec![],
            sizes,
            ratings: HashMap::new(),
        };
        let before = vec![size(4, 0, "34B", 1), size(4, 0, "36C", 0), size(9, 1, "34B", 1), size(9, 2, "M", 1), size(12, 0, "34B", 0)];
        // 4 sells out of 34B (sold out), 9's panty part sells out (the combo with it), 12's 34B is back.
        let after = vec![size(4, 0, "34B", 0), size(4, 0, "36C", 0), size(9, 1, "34B", 1), size(9, 2, "M", 0), size(12, 0, "34B", 1)];
        let old = Shelf::build(facts(before, 3), categories()).unwrap();
        let crossed = |ids: &[i64]| StockCrossings {
            version: 5,
            sizes: after.iter().filter(|s| ids.contains(&s.product_id)).map(|s| (s.clone(), if s.product_id == 9 { 1 } else { 0 })).collect(),
        };
        let restocked = old.restocked(crossed(&[4, 9, 12])).expect("the same sizes");
        let anew = Shelf::build(facts(after.clone(), 5), categories()).unwrap();
        assert_eq!((restocked.version, restocked.stock_version), (7, 5));
        let listing = |s: &Shelf, f: &drape_domain::listing::Filter| {
            drape_domain::listing::run(&s.catalog, s.in_category(None), None, f, drape_domain::listing::Sort::Popularity, 1)
        };
        for f in [drape_domain::listing::Filter::default(), drape_domain::listing::Filter { in_stock: true, ..Default::default() }] {
            assert_eq!(listing(&restocked, &f), listing(&anew, &f), "{f:?}");
        }
        let soldout = |s: &Shelf| s.cards(&[4, 9, 12]).iter().map(|c| c.is_soldout).collect::<Vec<_>>();
        assert_eq!(soldout(&restocked), [true, true, false]);
        assert_eq!(soldout(&anew), soldout(&restocked));
        assert_eq!(soldout(&old), [false, false, true], "the old shelf is left as it was");
        let in_stock = |s: &Shelf| [4, 9, 12].map(|id| ["34B", "36C", "M"].map(|size| s.has_in_stock(id, size)));
        assert_eq!(in_stock(&restocked), in_stock(&anew));
        assert_eq!(in_stock(&restocked), [[false; 3], [false; 3], [true, false, false]]);
        let words = |s: &Shelf| s.docs(&s.words).map(|d| d.sizes.join(",")).collect::<Vec<_>>();
        assert_eq!(words(&restocked), words(&anew), "the index, which holds no stock, reads the same");
        assert!(Arc::ptr_eq(&restocked.index, &old.index), "and is shared, not built again");
        // Category pages are carried to the restocked shelf when none of their products crossed.
        let (bras, sets, all) = (Some(1), Some(2), None);
        for c in [bras, sets, all] {
            old.listings.keep(format!("{c:?}"), super::super::listing::first_page_of(&old, c), 1);
        }
        let mut search = super::super::listing::first_page_of(&old, sets);
        Arc::get_mut(&mut search).unwrap().from = ListedFrom::Search;
        old.listings.keep("a search".into(), search, 1);
        let only_12 = old.restocked(crossed(&[12])).unwrap();
        let carried = |s: &Shelf| ["Some(1)", "Some(2)", "None", "a search"].map(|k| s.listings.get(k).is_some());
        assert_eq!(carried(&only_12), [false, true, false, false], "Bras holds 12, as do all products; searches are worked out again");
        assert!(Arc::ptr_eq(&only_12.listings.get("Some(2)").unwrap(), &old.listings.get("Some(2)").unwrap()), "shared, not copied");
        let sets_anew = super::super::listing::first_page_of(&only_12, sets);
        assert_eq!(only_12.listings.get("Some(2)").unwrap().answer.body, sets_anew.answer.body);
        assert_eq!(carried(&restocked), [false; 4], "made before the pages were kept");
        // A product whose sizes are not the shelf's any more: built anew instead.
        let renamed = StockCrossings { version: 6, sizes: vec![(size(12, 0, "36B", 1), 0)] };
        assert!(old.restocked(renamed).is_none());
        // A product not on the shelf (not on sale) changes nothing.
        let elsewhere = StockCrossings { version: 6, sizes: vec![(size(99, 0, "34B", 1), 0)] };
        assert_eq!(listing(&old.restocked(elsewhere).unwrap(), &Default::default()), listing(&old, &Default::default()));
    }
}

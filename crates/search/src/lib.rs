//! Product search: an in-memory tantivy index of the catalog's words, rebuilt when the catalog
//! changes (the server compares the catalog's version). The index is the same whichever database
//! the shop runs on, so search behaves the same on SQLite and PostgreSQL.
//!
//! Each word of a query must match (in the product's name, its categories, its colour, one of its
//! sizes in stock or its sku), through its synonyms (drape_domain::search), a typo or two, or, for
//! the last word, as the start of a word. Names weigh more than categories; exact words more than
//! typos. The listing (drape_domain::listing) then orders equal scores by popularity.
//!
//! The index holds every size a product comes in, not only those in stock: a size selling out or
//! coming back does not change the index (it changes with every few orders, and rebuilding the
//! index for it took 0.5-0.9 s of a core on 50,000 products; docs/operations.md, session 31). The
//! caller says which sizes are in stock as it searches.

use drape_domain::search::{edit_distance, normalise, size_of, typos_allowed, within_typos, words, Word};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, OnceLock};
use tantivy::query::{BooleanQuery, BoostQuery, ConstScoreQuery, EnableScoring, FuzzyTermQuery, Occur, Query, TermQuery};
use tantivy::schema::{Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions, FAST};
use tantivy::tokenizer::{AsciiFoldingFilter, Language, LowerCaser, SimpleTokenizer, Stemmer, TextAnalyzer};
use tantivy::{Index, IndexReader, ReloadPolicy, TantivyDocument, Term};

/// What the index knows of one product, borrowed from what the caller holds: the index is built
/// from one product at a time, so the catalog's words are never copied whole beside it (on 50,000
/// products a copy of them all was about 30 MB while the index was built; docs/operations.md).
#[derive(Debug, Clone, Default)]
pub struct Doc<'a> {
    pub id: i64,
    pub name: &'a str,
    /// Its categories' names: its own and those it is filed in, each with its parents.
    pub categories: Vec<&'a str>,
    pub colour: &'a str,
    /// Every size it comes in ('36C', 'M'), in stock or not: a search asks which are in stock.
    pub sizes: Vec<&'a str>,
    /// Its sku and its style's (parent) sku.
    pub skus: [&'a str; 2],
    /// Pieces sold: orders completions.
    pub popularity: i64,
}

/// A product that matched, and how well.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hit {
    pub id: i64,
    pub score: f32,
}

#[derive(Clone, Copy)]
struct Fields {
    id: Field,
    name: Field,
    name_raw: Field,
    category: Field,
    category_raw: Field,
    /// The last word of the name and of each category name: what the product *is* ('bra', 'set').
    head: Field,
    colour: Field,
    size: Field,
    sku: Field,
}

const STEMMED: &str = "drape_stemmed";
const RAW: &str = "drape_raw";

pub struct SearchIndex {
    index: Index,
    reader: IndexReader,
    fields: Fields,
    stemmed: TextAnalyzer,
    raw: TextAnalyzer,
    /// Every word of names, categories and colours, with how many products carry it.
    vocabulary: HashMap<String, u32>,
    /// Every word (and its stem) of product and category names, numbered by place: what a typed
    /// word answers is worked out once per catalog word, not once per name that has it.
    name_words: Vec<(String, String)>,
    /// Product names and category names, lower case, with their words' numbers, best sellers first:
    /// query completions.
    phrases: Vec<(String, Vec<u32>)>,
    /// (id, its name's words' numbers) of every category.
    categories: Vec<(i64, Vec<u32>)>,
    docs: usize,
    /// Product id by document number (segments one after another).
    ids: Vec<i64>,
    /// What each typed word matched, kept for the index's life: shoppers' queries are new
    /// combinations of a much smaller set of words.
    matched: Mutex<Matched>,
}

/// Matches of one typed word: (document number, score), by document number.
type Matches = Arc<Vec<(u32, f32)>>;

/// Typed words' matches, by the word and whether it was typed last (then it also matches as a
/// word's start). Bounded by the matches held: when full it starts again.
///
/// Each is worked out once: the first request to need a word works it out and any other asking for
/// the same word meanwhile waits for that answer instead of doing the same work beside it. After the
/// catalog moves every word is new at once, and a burst of shoppers' queries shares a few words.
#[derive(Default)]
struct Matched {
    words: HashMap<TypedWord, Once<Matches>>,
    /// Which catalog name words answer each typed word (completions, categories).
    answering: HashMap<TypedWord, Once<Arc<Vec<bool>>>>,
    held: usize,
}

/// A typed word (as the query read it) and whether it was typed last.
type TypedWord = (String, bool);

/// An answer worked out by the first to need it, waited for by the others.
type Once<T> = Arc<OnceLock<T>>;

impl Matched {
    /// Makes room for `more` (counted as matches are).
    fn keep(&mut self, more: usize) {
        if self.held + more > MAX_MATCHES_HELD {
            *self = Matched::default();
        }
        self.held += more;
    }
}

/// What a size word adds to a match's score.
const SIZE_SCORE: f32 = 1.0;

/// Is `value` (a size as the catalog writes it: '36C', 'Free Size') the size a search's size word
/// names ('36C', 'Free')? As the index reads them: one of the value's words, whatever the case.
pub fn is_size(value: &str, size: &str) -> bool {
    value.split(|c: char| !c.is_alphanumeric()).any(|w| w.eq_ignore_ascii_case(size))
}

/// Matches kept at most (8 bytes each): room for every word of a busy day, small next to the shelf.
const MAX_MATCHES_HELD: usize = 2_000_000;

fn analyzers() -> (TextAnalyzer, TextAnalyzer) {
    let stemmed =
        TextAnalyzer::builder(SimpleTokenizer::default()).filter(LowerCaser).filter(AsciiFoldingFilter).filter(Stemmer::new(Language::English)).build();
    let raw = TextAnalyzer::builder(SimpleTokenizer::default()).filter(LowerCaser).filter(AsciiFoldingFilter).build();
    (stemmed, raw)
}

fn tokens(analyzer: &TextAnalyzer, text: &str) -> Vec<String> {
    let mut analyzer = analyzer.clone();
    let mut stream = analyzer.token_stream(text);
    let mut out = Vec::new();
    while let Some(t) = stream.next() {
        out.push(t.text.clone());
    }
    out
}

/// Catalog text as indexed: 'Non-Padded' is one word, so 'padded' does not find it.
fn index_text(text: &str) -> String {
    text.replace("Non-", "Non").replace("non-", "non")
}

fn boosted(q: Box<dyn Query>, boost: f32) -> Box<dyn Query> {
    Box::new(BoostQuery::new(q, boost))
}

impl SearchIndex {
    /// Indexes the products and the categories (id, name).
    pub fn build<'a>(docs: impl IntoIterator<Item = Doc<'a>>, categories: &[(i64, String)]) -> tantivy::Result<SearchIndex> {
        let mut schema = Schema::builder();
        let text = |tokenizer: &str, freqs: bool| {
            let record = if freqs { IndexRecordOption::WithFreqs } else { IndexRecordOption::Basic };
            TextOptions::default().set_indexing_options(TextFieldIndexing::default().set_tokenizer(tokenizer).set_index_option(record))
        };
        let fields = Fields {
            id: schema.add_i64_field("id", FAST),
            name: schema.add_text_field("name", text(STEMMED, true)),
            name_raw: schema.add_text_field("name_raw", text(RAW, false)),
            category: schema.add_text_field("category", text(STEMMED, true)),
            category_raw: schema.add_text_field("category_raw", text(RAW, false)),
            head: schema.add_text_field("head", text(STEMMED, false)),
            colour: schema.add_text_field("colour", text(RAW, false)),
            size: schema.add_text_field("size", text(RAW, false)),
            sku: schema.add_text_field("sku", text(RAW, false)),
        };
        let index = Index::create_in_ram(schema.build());
        let (stemmed, raw) = analyzers();
        index.tokenizers().register(STEMMED, stemmed.clone());
        index.tokenizers().register(RAW, raw.clone());
        // One thread and the smallest arena: the catalog is small next to what tantivy is built for.
        let mut writer = index.writer_with_num_threads::<TantivyDocument>(1, 15_000_000)?;
        let mut vocabulary: HashMap<String, u32> = HashMap::new();
        let mut phrases: BTreeMap<String, i64> = BTreeMap::new();
        let mut count = 0;
        for d in docs {
            count += 1;
            let name = index_text(d.name);
            let category_text = index_text(&d.categories.join(" "));
            let mut doc = TantivyDocument::default();
            doc.add_i64(fields.id, d.id);
            doc.add_text(fields.name, &name);
            doc.add_text(fields.name_raw, &name);
            for head in std::iter::once(d.name).chain(d.categories.iter().copied()).filter_map(|n| tokens(&raw, n).pop()) {
                doc.add_text(fields.head, &head);
            }
            doc.add_text(fields.category, &category_text);
            doc.add_text(fields.category_raw, &category_text);
            doc.add_text(fields.colour, d.colour);
            for s in &d.sizes {
                doc.add_text(fields.size, s);
            }
            for s in &d.skus {
                doc.add_text(fields.sku, s);
            }
            writer.add_document(doc)?;
            let mut seen: Vec<String> = tokens(&raw, &format!("{} {} {}", d.name, category_text, d.colour));
            seen.sort();
            seen.dedup();
            for w in seen {
                *vocabulary.entry(w).or_default() += 1;
            }
            *phrases.entry(normalise(d.name)).or_default() += d.popularity.max(0);
        }
        writer.commit()?;
        let reader = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into()?;
        let mut phrases: Vec<(String, i64)> = phrases.into_iter().collect();
        for (_, name) in categories {
            let p = normalise(name);
            if !phrases.iter().any(|(x, _)| *x == p) {
                phrases.push((p, i64::MAX / 4));
            }
        }
        phrases.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.len().cmp(&b.0.len())).then(a.0.cmp(&b.0)));
        let mut name_words: Vec<(String, String)> = Vec::new();
        let mut numbers: HashMap<String, u32> = HashMap::new();
        let mut numbered = |text: &str| -> Vec<u32> {
            tokens(&raw, text)
                .into_iter()
                .map(|w| {
                    *numbers.entry(w.clone()).or_insert_with(|| {
                        let stem = tokens(&stemmed, &w).pop().unwrap_or_else(|| w.clone());
                        name_words.push((w, stem));
                        (name_words.len() - 1) as u32
                    })
                })
                .collect()
        };
        let phrases = phrases.into_iter().map(|(p, _)| (numbered(&p), p)).map(|(w, p)| (p, w)).collect();
        let categories = categories.iter().map(|(id, name)| (*id, numbered(name))).collect();
        let searcher = reader.searcher();
        let mut ids = Vec::with_capacity(count);
        for segment in searcher.segment_readers() {
            let column = segment.fast_fields().i64("id")?;
            ids.extend((0..segment.max_doc()).map(|doc| column.first(doc).unwrap_or(0)));
        }
        Ok(SearchIndex { index, reader, fields, stemmed, raw, vocabulary, name_words, phrases, categories, docs: count, ids, matched: Mutex::default() })
    }

    pub fn len(&self) -> usize {
        self.docs
    }

    pub fn is_empty(&self) -> bool {
        self.docs == 0
    }

    /// The query for one word of what the shopper typed. `last` words also match as a word's start.
    fn word_query(&self, word: &Word, last: bool) -> Box<dyn Query> {
        let f = self.fields;
        let term = |field: Field, t: &str| Box::new(TermQuery::new(Term::from_field_text(field, t), IndexRecordOption::WithFreqs)) as Box<dyn Query>;
        let mut should: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        match word {
            Word::Size(size) => {
                // Every product a search returns has every word: a size's score, the same for all
                // of them, changes no order. (Scored by tantivy it ranked a product higher for
                // having fewer sizes, and in stock.)
                for t in tokens(&self.raw, size) {
                    should.push((Occur::Should, Box::new(ConstScoreQuery::new(term(f.size, &t), SIZE_SCORE))));
                }
            }
            Word::Text(alternatives) => {
                for (k, alt) in alternatives.iter().enumerate() {
                    // The shopper's own word weighs a little more than what it also means.
                    let weight = if k == 0 { 1.0 } else { 0.8 };
                    let stems = tokens(&self.stemmed, alt);
                    let raws = tokens(&self.raw, alt);
                    if stems.len() > 1 {
                        // 't-shirt': every part in the name.
                        let all: Vec<(Occur, Box<dyn Query>)> = stems.iter().map(|s| (Occur::Must, term(f.name, s))).collect();
                        should.push((Occur::Should, boosted(Box::new(BooleanQuery::new(all)), 2.0 * weight)));
                        continue;
                    }
                    for s in &stems {
                        // The word names what the product is: a bra for 'bra', not a set with one.
                        should.push((Occur::Should, boosted(term(f.head, s), 4.0 * weight)));
                        should.push((Occur::Should, boosted(term(f.name, s), 1.5 * weight)));
                        should.push((Occur::Should, boosted(term(f.category, s), 1.5 * weight)));
                    }
                    for r in &raws {
                        should.push((Occur::Should, boosted(term(f.colour, r), 1.5 * weight)));
                        should.push((Occur::Should, boosted(term(f.sku, r), 3.0)));
                        if k == 0 {
                            let typos = typos_allowed(r);
                            if typos > 0 {
                                for field in [f.name_raw, f.category_raw] {
                                    let fuzzy = FuzzyTermQuery::new(Term::from_field_text(field, r), typos, true);
                                    should.push((Occur::Should, boosted(Box::new(fuzzy), 0.6)));
                                }
                            }
                            if last && r.chars().count() >= 2 {
                                for field in [f.name_raw, f.category_raw, f.sku] {
                                    let prefix = FuzzyTermQuery::new_prefix(Term::from_field_text(field, r), 0, true);
                                    should.push((Occur::Should, boosted(Box::new(prefix), 0.5)));
                                }
                            }
                        }
                    }
                }
            }
        }
        Box::new(BooleanQuery::new(should))
    }

    /// Every product matching every word of `q`, by document number (callers rank them). Nothing
    /// for a query without words. A product's score is the sum of its words' scores, as a query
    /// that must match every word scores it; each word's matches are worked out once per index.
    /// A size word matches only products for which `in_stock(id, size)` says it is in stock.
    pub fn search(&self, q: &str, in_stock: &dyn Fn(i64, &str) -> bool) -> Vec<Hit> {
        let words = words(q);
        if words.is_empty() || self.docs == 0 {
            return vec![];
        }
        let sizes: Vec<&str> = words.iter().filter_map(|w| if let Word::Size(s) = w { Some(s.as_str()) } else { None }).collect();
        let n = words.len();
        let mut each: Vec<Matches> = words.iter().enumerate().map(|(i, w)| self.matches(w, i + 1 == n)).collect();
        // The fewest matches first: every later word can only take some away.
        each.sort_by_key(|m| m.len());
        let mut all: Vec<(u32, f32)> = each[0].to_vec();
        for more in &each[1..] {
            let mut at = 0;
            all.retain_mut(|(doc, score)| {
                at += more[at..].partition_point(|(d, _)| d < doc);
                match more.get(at) {
                    Some((d, s)) if d == doc => {
                        *score += s;
                        true
                    }
                    _ => false,
                }
            });
        }
        all.into_iter().map(|(doc, score)| Hit { id: self.ids[doc as usize], score }).filter(|h| sizes.iter().all(|size| in_stock(h.id, size))).collect()
    }

    /// The documents one typed word matches, with their scores.
    fn matches(&self, word: &Word, last: bool) -> Matches {
        let key = (format!("{word:?}"), last);
        let once = self.matched.lock().unwrap_or_else(|e| e.into_inner()).words.entry(key).or_default().clone();
        once.get_or_init(|| self.work_out_matches(word, last)).clone()
    }

    fn work_out_matches(&self, word: &Word, last: bool) -> Matches {
        let searcher = self.reader.searcher();
        let mut found = Vec::new();
        if let Ok(weight) = self.word_query(word, last).weight(EnableScoring::enabled_from_searcher(&searcher)) {
            let mut base = 0u32;
            for segment in searcher.segment_readers() {
                // A word that cannot be read matches nothing, like a word no product has.
                let _ = weight.for_each(segment, &mut |doc, score| found.push((base + doc, score)));
                base += segment.max_doc();
            }
        }
        self.matched.lock().unwrap_or_else(|e| e.into_inner()).keep(found.len());
        Arc::new(found)
    }

    /// The catalog word nearest to `word` (fewest typos, then most products), if any is near enough.
    fn nearest_word(&self, word: &str, most_typos: usize) -> Option<&str> {
        if self.vocabulary.contains_key(word) {
            return Some(self.vocabulary.get_key_value(word)?.0);
        }
        let length = word.chars().count();
        self.vocabulary
            .iter()
            .filter(|(w, _)| w.chars().count().abs_diff(length) <= most_typos)
            .map(|(w, n)| (edit_distance(word, w), *n, w))
            .filter(|(d, _, _)| *d <= most_typos)
            .min_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)).then(a.2.cmp(b.2)))
            .map(|(_, _, w)| w.as_str())
    }

    /// The query as the catalog spells it, when a word was misspelt ('strapless brs' → 'strapless
    /// bra'); None when every word is a catalog word, a synonym or a size.
    pub fn corrected(&self, q: &str) -> Option<String> {
        let mut changed = false;
        let mut out = Vec::new();
        for w in normalise(q).split(' ').filter(|w| !w.is_empty()) {
            let known = self.vocabulary.contains_key(w) || !matches!(words(w).first(), Some(Word::Text(a)) if a.len() == 1);
            match self.nearest_word(w, 2).filter(|_| !known) {
                Some(better) if better != w => {
                    changed = true;
                    out.push(better.to_string());
                }
                _ => out.push(w.to_string()),
            }
        }
        changed.then(|| out.join(" "))
    }

    /// For a query that found nothing: the nearest query that finds something: its words respelt,
    /// then with a word left out (the last first), else None.
    pub fn did_you_mean(&self, q: &str, in_stock: &dyn Fn(i64, &str) -> bool) -> Option<String> {
        let spelt: Vec<String> = normalise(q)
            .split(' ')
            .filter(|w| !w.is_empty())
            .map(|w| {
                // Sizes and known words stay; a misspelt word takes the nearest catalog word.
                let keep = self.vocabulary.contains_key(w) || size_of(w, false).is_some();
                let reach = (typos_allowed(w) as usize + 1).min(3);
                if keep {
                    w.to_string()
                } else {
                    self.nearest_word(w, reach).unwrap_or(w).to_string()
                }
            })
            .collect();
        let whole = spelt.join(" ");
        if whole != normalise(q) && !self.search(&whole, in_stock).is_empty() {
            return Some(whole);
        }
        for skip in (0..spelt.len()).rev() {
            let fewer: Vec<&str> = spelt.iter().enumerate().filter(|(i, _)| *i != skip).map(|(_, w)| w.as_str()).collect();
            let fewer = fewer.join(" ");
            if !fewer.is_empty() && !self.search(&fewer, in_stock).is_empty() {
                return Some(fewer);
            }
        }
        None
    }

    /// For each typed word (sizes left out), which catalog name words answer it: the last typed
    /// word may be the start of a word; the shopper's own spelling may have typos. Empty when no
    /// word was typed. Worked out once per typed word and index.
    fn answered(&self, q: &str) -> Vec<Arc<Vec<bool>>> {
        let typed: Vec<Vec<String>> = words(q)
            .into_iter()
            .filter_map(|w| match w {
                Word::Text(alternatives) => Some(alternatives),
                Word::Size(_) => None,
            })
            .collect();
        let n = typed.len();
        typed.iter().enumerate().map(|(i, alternatives)| self.answering(alternatives, i + 1 == n)).collect()
    }

    /// Which catalog name words answer one typed word (its alternatives, the shopper's own first).
    fn answering(&self, alternatives: &[String], last: bool) -> Arc<Vec<bool>> {
        let key = (format!("{alternatives:?}"), last);
        let once = self.matched.lock().unwrap_or_else(|e| e.into_inner()).answering.entry(key).or_default().clone();
        once.get_or_init(|| self.work_out_answering(alternatives, last)).clone()
    }

    fn work_out_answering(&self, alternatives: &[String], last: bool) -> Arc<Vec<bool>> {
        let alts: Vec<(&str, String)> = alternatives.iter().map(|a| (a.as_str(), tokens(&self.stemmed, a).pop().unwrap_or_else(|| a.clone()))).collect();
        let yes: Vec<bool> = self
            .name_words
            .iter()
            .map(|(word, stem)| {
                alts.iter().enumerate().any(|(k, (a, a_stem))| {
                    word == a
                        || stem == a_stem
                        || (last && k == 0 && word.starts_with(a))
                        || (k == 0 && typos_allowed(a) > 0 && within_typos(a, word, typos_allowed(a) as usize))
                })
            })
            .collect();
        self.matched.lock().unwrap_or_else(|e| e.into_inner()).keep(yes.len() / 8);
        Arc::new(yes)
    }

    /// Does a name (its words' numbers) answer every typed word?
    fn fits(answered: &[Arc<Vec<bool>>], name: &[u32]) -> bool {
        answered.iter().all(|yes| name.iter().any(|&w| yes[w as usize]))
    }

    /// Up to `n` completions of what is being typed: product and category names whose words answer
    /// every typed word, best sellers first.
    pub fn completions(&self, q: &str, n: usize) -> Vec<String> {
        self.suggest(q, 0, n).1
    }

    /// Categories (ids) whose names answer every typed word, in the order they were given.
    pub fn categories(&self, q: &str, n: usize) -> Vec<i64> {
        self.suggest(q, n, 0).0
    }

    /// Up to `categories` categories and `completions` completions for what is being typed, the
    /// typed words read once for both.
    pub fn suggest(&self, q: &str, categories: usize, completions: usize) -> (Vec<i64>, Vec<String>) {
        let answered = self.answered(q);
        if answered.is_empty() {
            return (vec![], vec![]);
        }
        let found = self.categories.iter().filter(|(_, name)| Self::fits(&answered, name)).map(|(id, _)| *id).take(categories).collect();
        let mut out: Vec<String> = Vec::new();
        for (phrase, name) in &self.phrases {
            if out.len() == completions {
                break;
            }
            if Self::fits(&answered, name) && !out.contains(phrase) {
                out.push(phrase.clone());
            }
        }
        (found, out)
    }

    #[doc(hidden)]
    pub fn tantivy(&self) -> &Index {
        &self.index
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A product's words, and its two skus held beside it for the doc to borrow.
    struct Product(i64, &'static str, &'static [&'static str], &'static str, &'static [&'static str], i64, [String; 2]);

    fn product(id: i64, name: &'static str, categories: &'static [&'static str], colour: &'static str, sizes: &'static [&'static str], sold: i64) -> Product {
        let skus = [format!("BR{}-{}", 1000 + id, &colour[..3].to_uppercase()), format!("BR{}", 1000 + id)];
        Product(id, name, categories, colour, sizes, sold, skus)
    }

    fn doc(p: &Product) -> Doc<'_> {
        Doc { id: p.0, name: p.1, categories: p.2.to_vec(), colour: p.3, sizes: p.4.to_vec(), skus: [&p.6[0], &p.6[1]], popularity: p.5 }
    }

    fn shop() -> SearchIndex {
        let docs = [
            product(1, "Multiway Strapless Bra", &["Bras", "Push-Up Bras"], "Black", &["34B", "36C"], 10),
            product(2, "Everyday Padded T-Shirt Bra", &["Bras", "T-Shirt Bras"], "Maroon", &["36C"], 90),
            product(3, "Cotton Hipster Panty", &["Panties", "Hipsters"], "Nude", &["M"], 50),
            product(4, "High-Rise Leggings", &["Activewear", "Leggings"], "Navy", &["M"], 5),
            product(5, "Cotton Pyjama Set", &["Nightwear", "Pyjama Sets"], "Wine", &["L"], 7),
            product(6, "Satin Slip", &["Nightwear", "Nighties & Slips"], "Wine", &["Free"], 3),
        ];
        let cats = vec![(1, "Bras".to_string()), (2, "Panties".to_string()), (4, "Nightwear".to_string()), (2532, "Leggings".to_string())];
        SearchIndex::build(docs.iter().map(doc), &cats).unwrap()
    }

    /// Every size of `shop`'s in stock.
    fn all_in(_: i64, _: &str) -> bool {
        true
    }

    fn ids(ix: &SearchIndex, q: &str) -> Vec<i64> {
        ix.search(q, &all_in).iter().map(|h| h.id).collect()
    }

    #[test]
    fn typos_plurals_and_synonyms_match() {
        let ix = shop();
        assert_eq!(ids(&ix, "strapless brs"), vec![1]);
        assert_eq!(ids(&ix, "leggins"), vec![4]);
        assert_eq!(ids(&ix, "hipstar"), vec![3]);
        assert_eq!(ids(&ix, "panties"), vec![3]);
        assert_eq!(ids(&ix, "nite suit"), vec![5]);
        assert!(ids(&ix, "nightie").contains(&6));
        assert_eq!(ids(&ix, "workout"), vec![4]);
    }

    #[test]
    fn colours_sizes_and_skus_match() {
        let ix = shop();
        assert_eq!(ids(&ix, "red 36c"), vec![2], "maroon is red; 36C in stock");
        assert_eq!(ids(&ix, "BR1003"), vec![3]);
        assert_eq!(ids(&ix, "br1003-nud"), vec![3]);
    }

    #[test]
    fn every_word_must_match_and_names_weigh_more() {
        let ix = shop();
        assert!(ids(&ix, "cotton bra").is_empty());
        let hits = ids(&ix, "bra");
        assert_eq!(hits.len(), 2);
        assert!(ids(&ix, "").is_empty());
        assert!(ids(&ix, "%%%").is_empty());
    }

    /// The index holds every size; the caller says which are in stock, at the moment it searches.
    #[test]
    fn a_size_matches_only_where_it_is_in_stock() {
        let ix = shop();
        let out_36c_of_1 = |id: i64, size: &str| !(id == 1 && size == "36C");
        let found = |q: &str, in_stock: &dyn Fn(i64, &str) -> bool| ix.search(q, in_stock).iter().map(|h| h.id).collect::<Vec<_>>();
        assert_eq!(found("36c", &all_in), [1, 2]);
        assert_eq!(found("36c", &out_36c_of_1), [2], "1's 36C is sold out");
        assert_eq!(found("34b", &out_36c_of_1), [1], "its other size still matches");
        assert!(found("strapless 36c", &out_36c_of_1).is_empty());
        assert_eq!(found("strapless", &out_36c_of_1), [1], "a product without the size still matches its words");
        assert_eq!(ix.did_you_mean("strapless 36c", &out_36c_of_1), Some("strapless".into()));
        // A size adds the same to every product it matches: the order of what else matched stays.
        let scores = |q: &str| ix.search(q, &all_in).iter().map(|h| (h.id, h.score)).collect::<Vec<_>>();
        // (The size first: a last word also matches as a word's start, which scores too.)
        let (bra, bra_36c) = (scores("bra"), scores("36c bra"));
        assert_eq!(bra.iter().map(|h| h.0).collect::<Vec<_>>(), bra_36c.iter().map(|h| h.0).collect::<Vec<_>>());
        for (a, b) in bra.iter().zip(&bra_36c) {
            assert!((b.1 - a.1 - SIZE_SCORE).abs() < 1e-4, "{a:?} {b:?}");
        }
        assert!(is_size("Free Size", "Free") && is_size("36c", "36C") && !is_size("36C", "36") && !is_size("XXL", "XL"));
    }

    #[test]
    fn a_miss_offers_the_nearest_query_that_finds_something() {
        let ix = shop();
        assert_eq!(ix.did_you_mean("strapless 40d", &all_in), Some("strapless".into()));
        assert_eq!(ix.did_you_mean("stripless brra", &all_in), Some("strapless bra".into()));
        assert_eq!(ix.did_you_mean("zzzzzzzz qqqqqq", &all_in), None);
        assert_eq!(ix.corrected("strapless brs"), Some("strapless bra".into()));
        assert_eq!(ix.corrected("panties"), None, "a synonym is not a typo");
    }

    /// The same query asked of tantivy whole: every word a Must clause.
    fn whole(ix: &SearchIndex, q: &str) -> Vec<(i64, f32)> {
        let ws = words(q);
        let n = ws.len();
        let query = BooleanQuery::new(ws.iter().enumerate().map(|(i, w)| (Occur::Must, ix.word_query(w, i + 1 == n))).collect());
        let searcher = ix.reader.searcher();
        let top = searcher.search(&query, &tantivy::collector::TopDocs::with_limit(100)).unwrap();
        let mut out: Vec<(i64, f32)> = top.into_iter().map(|(score, a)| (ix.ids[a.doc_id as usize], score)).collect();
        out.sort_by_key(|h| h.0);
        out
    }

    #[test]
    fn words_matched_apart_score_as_the_whole_query_does() {
        let ix = shop();
        for q in ["strapless brs", "cotton p", "red 36c", "bra", "nite suit", "cotton hipster panty", "br1003-nud", "wine", "cotton bra", "pyjama l"] {
            for _ in 0..2 {
                // asked twice: the second time from the kept matches
                let mut got: Vec<(i64, f32)> = ix.search(q, &all_in).into_iter().map(|h| (h.id, h.score)).collect();
                got.sort_by_key(|h| h.0);
                let want = whole(&ix, q);
                assert_eq!(got.iter().map(|h| h.0).collect::<Vec<_>>(), want.iter().map(|h| h.0).collect::<Vec<_>>(), "{q}");
                for (g, w) in got.iter().zip(&want) {
                    assert!((g.1 - w.1).abs() < 1e-4, "{q}: {} scored {} apart, {} whole", g.0, g.1, w.1);
                }
            }
        }
    }

    #[test]
    fn a_word_asked_by_many_at_once_is_worked_out_once() {
        let ix = shop();
        for word in ["cotton", "satin", "leggings"] {
            let before = ix.matched.lock().unwrap().held;
            let together = std::sync::Barrier::new(16);
            let found: Vec<Vec<i64>> = std::thread::scope(|s| {
                let asks: Vec<_> = (0..16)
                    .map(|_| {
                        s.spawn(|| {
                            together.wait();
                            let hits = ids(&ix, word);
                            ix.completions(word, 5);
                            hits
                        })
                    })
                    .collect();
                asks.into_iter().map(|a| a.join().unwrap()).collect()
            });
            assert!(!found[0].is_empty() && found.iter().all(|f| f == &found[0]), "{word}: {found:?}");
            // Counted once: the word's matches and its answers among the name words (an eighth of
            // them); each ask that worked them out again would have counted them again.
            let held = ix.matched.lock().unwrap().held - before;
            assert_eq!(held, found[0].len() + ix.name_words.len() / 8, "{word}");
        }
    }

    #[test]
    fn completions_and_categories_follow_the_typing() {
        let ix = shop();
        assert_eq!(ix.completions("cotton p", 5), vec!["cotton hipster panty", "cotton pyjama set"]);
        assert_eq!(ix.categories("bra", 5), vec![1]);
        assert_eq!(ix.categories("nightwer", 5), vec![4]);
        assert_eq!(ix.categories("pant", 5), vec![2]);
    }
}

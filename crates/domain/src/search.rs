//! What a shopper types into search, read the way a shop assistant would: case and punctuation do not
//! matter, Indian spellings and everyday words map to the catalog's words ('nightie', 'panties',
//! 'night suit', 'sari'), colour families find the shop's shades ('red' finds Maroon and Wine), and
//! sizes in the query ('36c', 'xl') are sizes, not words. The index (crates/search) does the matching
//! and the typo tolerance; this module only says what the words mean.

/// Longer queries are refused with a message: nobody types more, and it bounds the work per query.
pub const MAX_QUERY_CHARS: usize = 100;
/// Suggestions start from the second character (spec 000 §3: the search screen).
pub const MIN_SUGGEST_CHARS: usize = 2;
/// At most this many words of a query are used; the rest are ignored.
pub const MAX_QUERY_WORDS: usize = 8;

/// Lower case, letters and digits kept (any script), everything else a space, runs of spaces one.
/// `&` stays a separator; hyphens split words ('push-up' is 'push up').
pub fn normalise(q: &str) -> String {
    let mut out = String::with_capacity(q.len());
    for c in q.chars().flat_map(char::to_lowercase) {
        // Combining marks of Indian scripts are not alphanumeric but belong to their word.
        if c.is_alphanumeric() || (!c.is_ascii() && !c.is_whitespace() && !"“”‘’–—…•₹·".contains(c)) {
            out.push(c);
        } else if !out.ends_with(' ') && !out.is_empty() {
            out.push(' ');
        }
    }
    out.trim_end().to_string()
}

/// Words that carry no meaning in a shop of women's innerwear and apparel.
const STOP_WORDS: [&str; 12] = ["for", "women", "womens", "woman", "ladies", "lady", "with", "and", "the", "of", "in", "girls"];

/// Phrases rewritten before the words are read (after `normalise`): the catalog's words for them.
const PHRASES: [(&str, &str); 15] = [
    ("night suit", "pyjama set"),
    ("nite suit", "pyjama set"),
    ("night dress", "nightdress"),
    ("nite dress", "nightdress"),
    ("sleep wear", "nightwear"),
    ("night wear", "nightwear"),
    ("t shirt", "tshirt"),
    ("tee shirt", "tshirt"),
    ("push up", "pushup"),
    ("sports wear", "activewear"),
    ("active wear", "activewear"),
    ("gym wear", "activewear"),
    ("boy shorts", "boyshort"),
    ("boy short", "boyshort"),
    ("non padded", "nonpadded"),
];

/// Each word and the catalog words it also means (the word itself is always kept).
const SYNONYMS: [(&str, &[&str]); 40] = [
    ("panties", &["panty"]),
    ("panty", &["panties"]),
    ("panti", &["panty"]),
    ("chaddi", &["panty"]),
    ("knickers", &["panty", "brief"]),
    ("underwear", &["panty", "brief"]),
    ("undies", &["panty"]),
    ("briefs", &["brief"]),
    ("brassiere", &["bra"]),
    ("bras", &["bra"]),
    ("nightie", &["nighties", "nightdress", "nightwear"]),
    ("nighty", &["nighties", "nightdress", "nightwear"]),
    ("nighties", &["nightdress", "nightwear"]),
    ("nite", &["night"]),
    ("sleepwear", &["nightwear"]),
    ("loungewear", &["lounge", "nightwear"]),
    ("pajama", &["pyjama"]),
    ("pajamas", &["pyjama"]),
    ("pyjamas", &["pyjama"]),
    ("pj", &["pyjama"]),
    ("pjs", &["pyjama"]),
    ("workout", &["activewear", "sports", "yoga"]),
    ("gym", &["activewear", "sports"]),
    ("activewear", &["sports", "yoga", "leggings"]),
    ("tights", &["leggings"]),
    ("jeggings", &["leggings"]),
    ("tshirt", &["t-shirt"]),
    ("pushup", &["push-up"]),
    ("bralet", &["bralette"]),
    ("kurti", &["kurta"]),
    ("kurta", &["kurti"]),
    ("sari", &["saree"]),
    ("saree", &["sari"]),
    ("lingerie", &["bra", "panty", "set"]),
    ("innerwear", &["bra", "panty"]),
    ("combo", &["set"]),
    ("strapless", &["multiway"]),
    ("wireless", &["wirefree"]),
    ("nonwired", &["wirefree"]),
    ("grey", &["gray"]),
];

/// Colour families shoppers type, and the shop's shade names they cover.
const COLOUR_FAMILIES: [(&str, &[&str]); 16] = [
    ("red", &["maroon", "wine"]),
    ("pink", &["rose"]),
    ("blue", &["navy", "teal"]),
    ("white", &["ivory"]),
    ("cream", &["ivory"]),
    ("offwhite", &["ivory"]),
    ("skin", &["nude"]),
    ("beige", &["nude"]),
    ("purple", &["lilac", "wine"]),
    ("lavender", &["lilac"]),
    ("violet", &["lilac"]),
    ("green", &["olive", "teal"]),
    ("orange", &["coral"]),
    ("peach", &["coral"]),
    ("gray", &["grey"]),
    ("burgundy", &["wine", "maroon"]),
];

/// One word of a query and everything it may match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Word {
    /// A size as the catalog writes it ('36C', 'XL'): matches products that have it in stock.
    Size(String),
    /// A word and its alternatives (synonyms, colour shades), the word first.
    Text(Vec<String>),
}

/// A bra size ('36c', '34dd') or a letter size ('xl'; a lone 's', 'm' or 'l' only next to other words).
pub fn size_of(word: &str, alone: bool) -> Option<String> {
    let bytes = word.as_bytes();
    if bytes.len() >= 3 && bytes.len() <= 4 && bytes[..2].iter().all(u8::is_ascii_digit) && bytes[2..].iter().all(|b| (b'a'..=b'h').contains(b)) {
        let band: u32 = word[..2].parse().ok()?;
        if (28..=46).contains(&band) && band.is_multiple_of(2) {
            return Some(word.to_ascii_uppercase());
        }
    }
    match word {
        "xs" | "xl" | "xxl" | "xxxl" | "2xl" | "3xl" => Some(word.to_ascii_uppercase().replace("2XL", "XXL").replace("3XL", "XXXL")),
        "s" | "m" | "l" if !alone => Some(word.to_ascii_uppercase()),
        "free" | "freesize" => Some("Free".to_string()),
        _ => None,
    }
}

/// The words of a query with what each may match, stop words and duplicates dropped.
pub fn words(q: &str) -> Vec<Word> {
    let mut text = normalise(q);
    for (phrase, meant) in PHRASES {
        if text == phrase || text.starts_with(&format!("{phrase} ")) || text.ends_with(&format!(" {phrase}")) || text.contains(&format!(" {phrase} ")) {
            text = format!(" {text} ").replace(&format!(" {phrase} "), &format!(" {meant} ")).trim().to_string();
        }
    }
    let raw: Vec<&str> = text.split(' ').filter(|w| !w.is_empty()).collect();
    let alone = raw.len() == 1;
    let mut out: Vec<Word> = Vec::new();
    for w in raw.into_iter().take(MAX_QUERY_WORDS) {
        if STOP_WORDS.contains(&w) && !alone {
            continue;
        }
        let word = match size_of(w, alone) {
            Some(size) => Word::Size(size),
            None => {
                let mut alts = vec![w.to_string()];
                for (key, more) in SYNONYMS.iter().chain(COLOUR_FAMILIES.iter()) {
                    if *key == w {
                        alts.extend(more.iter().map(|m| m.to_string()));
                    }
                }
                Word::Text(alts)
            }
        };
        if !out.contains(&word) {
            out.push(word);
        }
    }
    out
}

/// Which of the words are worth recording as a search: at least one letter or digit.
pub fn is_meaningful(q: &str) -> bool {
    !normalise(q).is_empty()
}

/// Damerau–Levenshtein (optimal string alignment) distance in characters: for choosing the nearest
/// catalog word to offer in 'did you mean'.
pub fn edit_distance(a: &str, b: &str) -> usize {
    // Words are short: three rows on the stack instead of a table on the heap (suggestions compare
    // a typed word with every catalog word).
    const MAX: usize = 48;
    let (mut x, mut y) = (['\0'; MAX], ['\0'; MAX]);
    let (mut n, mut m) = (0, 0);
    for c in a.chars() {
        if n == MAX {
            return edit_distance_long(a, b);
        }
        x[n] = c;
        n += 1;
    }
    for c in b.chars() {
        if m == MAX {
            return edit_distance_long(a, b);
        }
        y[m] = c;
        m += 1;
    }
    let (mut before, mut prev, mut cur) = ([0usize; MAX + 1], [0usize; MAX + 1], [0usize; MAX + 1]);
    for (j, cell) in prev.iter_mut().enumerate().take(m + 1) {
        *cell = j;
    }
    for i in 1..=n {
        cur[0] = i;
        for j in 1..=m {
            let cost = usize::from(x[i - 1] != y[j - 1]);
            let mut v = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1] {
                v = v.min(before[j - 2] + 1);
            }
            cur[j] = v;
        }
        before = prev;
        prev = cur;
    }
    prev[m]
}

/// The same for words too long for the stack rows.
fn edit_distance_long(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

/// Whether `a` is at most `most` typos from `b` (lengths further apart than that never are).
pub fn within_typos(a: &str, b: &str, most: usize) -> bool {
    a.chars().count().abs_diff(b.chars().count()) <= most && edit_distance(a, b) <= most
}

/// How many typos a word of this length may have and still match: none for short words (they would
/// match everything), one from 3 letters, two from 8.
pub fn typos_allowed(word: &str) -> u8 {
    match word.chars().count() {
        0..=2 => 0,
        3..=7 => 1,
        _ => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(alts: &[&str]) -> Word {
        Word::Text(alts.iter().map(|s| s.to_string()).collect())
    }

    #[test]
    fn normalising_drops_case_and_punctuation() {
        assert_eq!(normalise("  Push-Up   BRA!! "), "push up bra");
        assert_eq!(normalise("Bra & Panty"), "bra panty");
        assert_eq!(normalise("%%%"), "");
        assert_eq!(normalise("“ब्रा”"), "ब्रा");
    }

    #[test]
    fn sizes_in_the_query_are_sizes() {
        assert_eq!(words("red 36c"), vec![text(&["red", "maroon", "wine"]), Word::Size("36C".into())]);
        assert_eq!(size_of("34dd", true), Some("34DD".into()));
        assert_eq!(size_of("35c", true), None);
        assert_eq!(size_of("m", true), None, "a lone 'm' is a typing start, not a size");
        assert_eq!(size_of("m", false), Some("M".into()));
        assert_eq!(size_of("2xl", true), Some("XXL".into()));
    }

    #[test]
    fn indian_words_and_spellings_mean_the_catalog_words() {
        assert_eq!(words("nite suit"), vec![text(&["pyjama"]), text(&["set"])]);
        assert_eq!(words("night suit for women"), vec![text(&["pyjama"]), text(&["set"])]);
        assert!(matches!(&words("nightie")[0], Word::Text(a) if a.contains(&"nightwear".to_string())));
        assert!(matches!(&words("kurti")[0], Word::Text(a) if a.contains(&"kurta".to_string())));
        assert!(matches!(&words("sari")[0], Word::Text(a) if a.contains(&"saree".to_string())));
        assert!(matches!(&words("panties")[0], Word::Text(a) if a.contains(&"panty".to_string())));
        assert!(matches!(&words("workout")[0], Word::Text(a) if a.contains(&"activewear".to_string())));
        assert_eq!(words("t shirt bra"), vec![text(&["tshirt", "t-shirt"]), text(&["bra"])]);
    }

    #[test]
    fn stop_words_and_repeats_go_but_a_lone_word_stays() {
        assert_eq!(words("bra for women bra"), vec![text(&["bra"])]);
        assert_eq!(words("women"), vec![text(&["women"])]);
    }

    #[test]
    fn edit_distance_counts_a_swap_as_one() {
        assert_eq!(edit_distance("brs", "bra"), 1);
        assert_eq!(edit_distance("leggins", "leggings"), 1);
        assert_eq!(edit_distance("hipstar", "hipster"), 1);
        assert_eq!(edit_distance("bar", "bra"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        // the stack rows and the long form agree, on either side of their length
        for (a, b) in [("kitten", "sitting"), ("nightie", "nighty"), ("ब्रा", "ब्र"), ("", "")] {
            assert_eq!(edit_distance(a, b), edit_distance_long(a, b), "{a} {b}");
        }
        let long = "a".repeat(60);
        assert_eq!(edit_distance(&long, &"a".repeat(58)), 2);
        assert_eq!(edit_distance(&"ab".repeat(20), &"ba".repeat(20)), edit_distance_long(&"ab".repeat(20), &"ba".repeat(20)));
        assert!(within_typos("leggins", "leggings", 1));
        assert!(!within_typos("bra", "brassiere", 2));
    }

    #[test]
    fn short_words_allow_no_typo() {
        assert_eq!(typos_allowed("xl"), 0);
        assert_eq!(typos_allowed("brs"), 1);
        assert_eq!(typos_allowed("strapless"), 2);
    }
}

//! Kept answers: the rendered bytes of the product, sizes and stock answers as an anonymous visitor
//! gets them, kept in memory and dropped exactly when what they show changes.
//!
//! Database triggers bump the pages' version and record, per product, the version of its latest
//! change, in the same transaction as the change (migration 0016). Each request reads the version
//! (`versions`: one read shared by the requests in flight, begun after the request arrived, so a
//! change committed before it arrived is always seen); when it moved, the products changed since
//! are read and their answers dropped before any is served. Every server process on one database
//! does the same, so none serves a stale answer, whichever process (or operator command) changed it.
//!
//! An answer is kept only if it was rendered at the version the kept answers are current at: one
//! rendered from reads that began before a newer change was synced is served once and never kept.

use crate::error::ApiResult;
use crate::AppState;
use axum::body::Bytes;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use drape_store::changes::{Versions, EVERY_PRODUCT};
use std::any::Any;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};
use std::time::Instant;

pub mod drawn;
pub mod offers;
pub mod shoppers;

/// The most bytes of answers kept. Past it, arbitrary answers are dropped until a tenth is free
/// (a catalog of 50,000 products does not fit whole; the pages asked often are asked again soon).
/// `make bench` crawls the 50,000-product catalog (every product page and size list, then a
/// category's every listing page): at 64 MB, with answers weighed at about half of what they hold,
/// the process ended at 344 MB (peak 350) against issue 14's 300 MB; at 40 MB with `weight`'s
/// fuller count, 277 MB; at 32 MB, 250 MB, and 296 MB with 4,112 search suggestions asked after
/// it (the search index built then and the suggestions kept; docs/operations.md, session 27).
const MOST_BYTES: usize = 32 * 1024 * 1024;

/// What keeping any answer holds besides its bytes: its map entries, the shared cell of its
/// compressed forms, its tag's allocation. Measured as a whole (2026-11-28): a product page's
/// three answers grew the process by about 18 KB while the bytes counted came to about 10 KB.
const KEEPING_COST: usize = 512;

/// One rendered answer: the JSON bytes, their tag (crate::revalidation), their compressed forms,
/// and optionally the facts it was rendered from, for viewers whose answer differs in a field or two
/// (a logged-in shopper).
#[derive(Clone)]
pub struct Answer {
    pub content_type: HeaderValue,
    pub body: Bytes,
    pub tag: HeaderValue,
    /// Shared by every copy of the answer: the kept one compresses once for all who ask after.
    packed: Arc<Packed>,
    pub facts: Option<Arc<dyn Any + Send + Sync>>,
    /// About how many bytes the facts hold, counted against the budget with the body.
    facts_bytes: usize,
}

impl Answer {
    /// The body is kept at its length: a writer's buffer grows by doubling (serde_json's from 128
    /// bytes), so a 2.9 KB product answer sat in 4 KB and a 1.1 KB sizes answer in 2 KB, which the
    /// budget never saw.
    fn new(content_type: HeaderValue, body: Vec<u8>) -> Answer {
        let body = Bytes::from(body.into_boxed_slice());
        Answer { content_type, tag: tag_of(&body), packed: Arc::new(Packed::new(body.clone())), body, facts: None, facts_bytes: 0 }
    }

    pub fn json<T: serde::Serialize>(value: &T) -> ApiResult<Answer> {
        let body = serde_json::to_vec(value).map_err(|e| {
            tracing::error!(error = %e, "an answer could not be written as JSON");
            crate::error::ApiError::internal()
        })?;
        Ok(Answer::new(HeaderValue::from_static("application/json"), body))
    }

    pub fn text(text: String) -> Answer {
        Answer::new(HeaderValue::from_static("text/plain; charset=utf-8"), text.into_bytes())
    }

    /// Keeps `facts` with the answer; `bytes` is about what they hold (their strings and lists).
    pub fn with_facts<T: Any + Send + Sync>(mut self, facts: Arc<T>, bytes: usize) -> Answer {
        self.facts = Some(facts);
        self.facts_bytes = bytes;
        self
    }

    /// About what keeping it holds: the body, its compressed forms (made when first asked for) and
    /// its facts. Brotli and gzip together measured 74-79% of a product answer, 58% of a sizes
    /// answer and 28% of a listing page (2026-11-28): counted as four fifths of the body, the most
    /// common answer's share rounded up, so the budget is not overrun by the answers kept most.
    pub fn kept_bytes(&self) -> usize {
        self.body.len() + self.body.len() * 4 / 5 + self.facts_bytes
    }

    /// What keeping it under `key` costs against the budget: the key is held twice (the answers'
    /// map and its product's list).
    fn weight(&self, key: &str) -> usize {
        self.kept_bytes() + 2 * key.len() + KEEPING_COST
    }

    pub fn facts<T: Any + Send + Sync>(&self) -> Option<Arc<T>> {
        self.facts.clone()?.downcast::<T>().ok()
    }

    /// This JSON object answer with its last fields, from `first` on, written from `own` instead (a
    /// struct with those fields in the same order): a shopper's answer from the kept one without
    /// writing the rest again. None when the body does not end with those fields (then write it
    /// whole). A key found with its quotes unescaped cannot be inside a string value, and the last
    /// such key is the top-level one, since the object's own fields come after any nested object.
    pub fn with_own_fields<T: serde::Serialize>(&self, first: &str, own: &T) -> Option<Answer> {
        let own = serde_json::to_vec(own).ok()?;
        let key = format!(",\"{first}\":");
        let cut = self.body.windows(key.len()).rposition(|w| w == key.as_bytes())?;
        if own.first() != Some(&b'{') || !own.ends_with(b"}") || !own[1..].starts_with(&key.as_bytes()[1..]) {
            return None;
        }
        let mut body = Vec::with_capacity(cut + own.len());
        body.extend_from_slice(&self.body[..=cut]);
        body.extend_from_slice(&own[1..]);
        Some(Answer::new(self.content_type.clone(), body))
    }
}

impl IntoResponse for Answer {
    /// The plain bytes, with the compressed forms in the response's extensions for
    /// security::answers, which knows what the browser accepts (`encoded`).
    fn into_response(self) -> Response {
        let mut res = ([(header::CONTENT_TYPE, self.content_type), (header::ETAG, self.tag)], self.body).into_response();
        res.extensions_mut().insert(self.packed);
        res
    }
}

/// Brotli's quality for kept answers. A product answer (3.9 KB) at 5: 1,258 bytes in about 0.1 ms; at
/// 9: 1,253 bytes in 2.6 ms; at 11: 1,144 bytes in 4.5 ms (a listing: 14 ms), measured with the same
/// library's C build (docs/operations.md, session 19). Each order drops its product's answers, so
/// they are compressed again often: 5 costs the least for nearly the size.
const BROTLI_QUALITY: i32 = 5;

/// Brotli's window for a body of `len` bytes: the smallest power of two not under the body's
/// length (Brotli's window is 16 bytes short of it), and at least 2^17. The encoder's default
/// (2^22) makes it allocate and zero an 8 MB ring buffer for any body over 4 KB (every listing),
/// which the allocator then gives back: a first ask's compression took 1.3-2.4 ms for a 13.8 KB
/// listing, 0.3-0.5 ms with its own window, the same bytes give or take one. Under 2^17 quality 5
/// switches to a hasher with larger fixed tables (4 ms for a product answer).
fn brotli_window(len: usize) -> i32 {
    let bits = usize::BITS - len.saturating_sub(1).leading_zeros();
    (bits as i32).clamp(17, 22)
}

/// Brotli's quality for a response compressed for itself alone (a page's HTML, drawn for each
/// request). A product page's HTML (21 KB) at 3 with its own window: 4,398 bytes in 0.21 ms; at 4 with
/// Brotli's largest window (the compression layer's way) 4,189 bytes in 1.2 ms, which held that page
/// under 1,800 answers a second; at 5, 3,911 bytes in 0.72 ms (docs/operations.md, session 37).
const ONE_RESPONSE_BROTLI_QUALITY: i32 = 3;

/// An answer's bytes as Brotli and gzip, each made the first time a browser asks for it. Until then
/// (and if compressing failed or made nothing smaller) only the plain bytes exist.
pub struct Packed {
    body: Bytes,
    quality: i32,
    br: std::sync::OnceLock<Option<Bytes>>,
    gzip: std::sync::OnceLock<Option<Bytes>>,
}

/// Has `res`, whose body is `body`, compressed as the browser takes it (`encoded`) at a quality made
/// for one response, with Brotli's window fitted to it, instead of by the compression layer.
pub fn compressed_once(res: &mut Response, body: Bytes) {
    res.extensions_mut().insert(Arc::new(Packed { quality: ONE_RESPONSE_BROTLI_QUALITY, ..Packed::new(body) }));
}

impl Packed {
    fn new(body: Bytes) -> Packed {
        Packed { body, quality: BROTLI_QUALITY, br: Default::default(), gzip: Default::default() }
    }

    fn br(&self) -> Option<Bytes> {
        self.br
            .get_or_init(|| {
                let params = brotli::enc::BrotliEncoderParams { quality: self.quality, lgwin: brotli_window(self.body.len()), ..Default::default() };
                let mut out = Vec::with_capacity(self.body.len() / 3);
                brotli::BrotliCompress(&mut &self.body[..], &mut out, &params)
                    .ok()
                    .map(|_| Bytes::from(out.into_boxed_slice()))
                    .filter(|b| b.len() < self.body.len())
            })
            .clone()
    }

    fn gzip(&self) -> Option<Bytes> {
        self.gzip
            .get_or_init(|| {
                use std::io::Write;
                let mut encoder = flate2::write::GzEncoder::new(Vec::with_capacity(self.body.len() / 3), flate2::Compression::default());
                encoder
                    .write_all(&self.body)
                    .and_then(|_| encoder.finish())
                    .ok()
                    .map(|out| Bytes::from(out.into_boxed_slice()))
                    .filter(|b| b.len() < self.body.len())
            })
            .clone()
    }
}

/// Which encoding the browser takes, by its `Accept-Encoding` lines: Brotli, else gzip, else none.
/// A coding named with `q=0` is refused; `*` stands for the codings not named.
fn chosen(accepts: &[HeaderValue]) -> Option<&'static str> {
    // (coding, refused) for each item of every line.
    let items: Vec<(&str, bool)> = accepts
        .iter()
        .filter_map(|line| line.to_str().ok())
        .flat_map(|line| line.split(','))
        .map(|item| {
            let mut parts = item.split(';');
            let coding = parts.next().unwrap_or_default().trim();
            let refused = parts.any(|p| {
                let p = p.trim();
                p.get(..2).is_some_and(|q| q.eq_ignore_ascii_case("q=")) && p[2..].trim().parse::<f32>().is_ok_and(|q| q <= 0.0)
            });
            (coding, refused)
        })
        .collect();
    let taken = |name: &str| match items.iter().find(|(coding, _)| coding.eq_ignore_ascii_case(name)) {
        Some((_, refused)) => !refused,
        None => items.iter().any(|(coding, refused)| *coding == "*" && !refused),
    };
    ["br", "gzip"].into_iter().find(|name| taken(name))
}

/// Bodies shorter than this are sent plain (an item-in-stock count is a digit or two), as the
/// compression layer leaves them.
const FEWEST_BYTES_TO_COMPRESS: usize = 32;

/// A kept answer's response in the encoding the browser takes, compressed once per answer instead
/// of once per request (each answer as Brotli cost more than the rest of serving it: about 7,000
/// product answers a second instead of 50,000). Any other response is left as it is.
pub fn encoded(mut res: Response, accepts: &[HeaderValue]) -> Response {
    let Some(packed) = res.extensions_mut().remove::<Arc<Packed>>() else { return res };
    res.headers_mut().append(header::VARY, HeaderValue::from_static("accept-encoding"));
    if res.status() != axum::http::StatusCode::OK || packed.body.len() < FEWEST_BYTES_TO_COMPRESS {
        return res;
    }
    let Some((name, bytes)) = chosen(accepts).and_then(|name| Some((name, if name == "br" { packed.br()? } else { packed.gzip()? }))) else {
        return res;
    };
    let (mut parts, _) = res.into_parts();
    parts.headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(name));
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, axum::body::Body::from(bytes))
}

/// A weak tag from the bytes (SipHash with the standard library's fixed keys: the same bytes give
/// the same tag in every process of one build).
pub fn tag_of(bytes: &[u8]) -> HeaderValue {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut hasher);
    HeaderValue::from_str(&format!("W/\"{:016x}\"", hasher.finish())).expect("hex is a valid header value")
}

#[derive(Default)]
struct Pages {
    /// The pages' version the kept answers are current at (0: not read yet, nothing kept).
    synced: i64,
    answers: HashMap<String, (i64, Answer)>,
    by_product: HashMap<i64, Vec<String>>,
    bytes: usize,
}

impl Pages {
    /// Forgets what is kept under `key`, if anything.
    fn forget(&mut self, key: &str) {
        if let Some((product, a)) = self.answers.remove(key) {
            self.bytes -= a.weight(key);
            if let Some(keys) = self.by_product.get_mut(&product) {
                keys.retain(|k| k != key);
            }
        }
    }

    fn drop_product(&mut self, product: i64) {
        for key in self.by_product.remove(&product).unwrap_or_default() {
            self.forget(&key);
        }
    }

    fn clear(&mut self) {
        self.answers.clear();
        self.by_product.clear();
        self.bytes = 0;
    }

    fn make_room(&mut self, wanted: usize) {
        if self.bytes + wanted <= MOST_BYTES {
            return;
        }
        let goal = MOST_BYTES - MOST_BYTES / 10;
        let victims: Vec<String> = {
            let mut freed = 0;
            self.answers
                .iter()
                .take_while(|(k, (_, a))| {
                    let go_on = self.bytes + wanted - freed > goal;
                    freed += a.weight(k);
                    go_on
                })
                .map(|(k, _)| k.clone())
                .collect()
        };
        for key in victims {
            self.forget(&key);
        }
    }
}

/// This process's kept answers and its view of the catalog's versions.
#[derive(Default)]
pub struct Kept {
    pages: Mutex<Pages>,
    /// One sync with the database at a time; the others wait for it.
    syncing: tokio::sync::Mutex<()>,
    shoppers: Mutex<shoppers::Shoppers>,
    syncing_shoppers: tokio::sync::Mutex<()>,
    /// The last versions read and when that read began. One read at a time: the requests waiting
    /// meanwhile share the next one (see `versions`).
    reading: tokio::sync::Mutex<Option<(Versions, Instant)>>,
    /// The same, to look at without waiting in line: a request asking again (its page after its
    /// session) usually finds a read that began after it arrived.
    last_read: Mutex<Option<(Versions, Instant)>>,
    /// Answers being rendered, by key and the sync they are rendered at (`Current::get_or_render`).
    rendering: Mutex<HashMap<(String, i64), Rendering>>,
    /// Home and the category pages as a first visit gets them, drawn whole.
    pub drawn: drawn::Pages,
}

/// One answer being rendered, for all who wait for it.
type Rendering = Arc<tokio::sync::OnceCell<Answer>>;

/// A request's hold on a render's slot. Whoever is done first (answered, failed, or gone because the
/// shopper left) takes the slot away, so later misses (the answer was not kept, or was dropped since)
/// render again rather than reuse it, and no slot outlives its askers.
struct TakenAway<'a> {
    kept: &'a Kept,
    slot: (String, i64),
    once: Rendering,
}

impl Drop for TakenAway<'_> {
    fn drop(&mut self) {
        let mut rendering = self.kept.rendering.lock().unwrap_or_else(|e| e.into_inner());
        if rendering.get(&self.slot).is_some_and(|o| Arc::ptr_eq(o, &self.once)) {
            rendering.remove(&self.slot);
        }
    }
}

impl Kept {
    fn shoppers(&self) -> std::sync::MutexGuard<'_, shoppers::Shoppers> {
        self.shoppers.lock().unwrap_or_else(|e| e.into_inner())
    }
}

tokio::task_local! {
    /// When the GET request being answered arrived.
    static ARRIVED: Instant;
}

/// Runs a request (security::answers calls it), noting when a GET (or HEAD) request arrived, so every read of the versions it makes
/// (its session, its page, its shopper's facts) may share one read begun after that moment instead
/// of waiting for a newer one each time. Other methods write, and a read after their own write must
/// see it: each of their reads is as of the moment it is asked.
pub async fn arrival(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    if matches!(*req.method(), axum::http::Method::GET | axum::http::Method::HEAD) {
        ARRIVED.scope(Instant::now(), next.run(req)).await
    } else {
        next.run(req).await
    }
}

/// The catalog's versions as of a moment after the request arrived (a GET) or after this call began
/// (anything else, or outside a request), so a change committed before then is always seen. A read
/// that began after that moment answers for it too: with 64 requests in flight the database is asked
/// once or twice per read's time, not 64 times.
pub async fn versions(state: &AppState) -> ApiResult<Versions> {
    let asked = ARRIVED.try_with(|arrived| *arrived).unwrap_or_else(|_| Instant::now());
    let fresh = |last: Option<(Versions, Instant)>| last.filter(|(_, began)| *began >= asked).map(|(versions, _)| versions);
    if let Some(versions) = fresh(*state.kept.last_read.lock().unwrap_or_else(|e| e.into_inner())) {
        return Ok(versions);
    }
    let mut last = state.kept.reading.lock().await;
    if let Some(versions) = fresh(*last) {
        return Ok(versions);
    }
    let began = Instant::now();
    let versions = state.store.versions().await?;
    *last = Some((versions, began));
    *state.kept.last_read.lock().unwrap_or_else(|e| e.into_inner()) = *last;
    Ok(versions)
}

/// The kept answers as of now: what changed since they were last synced is dropped first.
pub struct Current<'a> {
    kept: &'a Kept,
    /// The version answers rendered from now on are current at (at least the one read for this
    /// request: their reads begin after it was committed).
    at: i64,
}

pub async fn current(state: &AppState) -> ApiResult<Current<'_>> {
    let wanted = versions(state).await?.pages;
    let kept = &*state.kept;
    let synced = kept.pages.lock().unwrap_or_else(|e| e.into_inner()).synced;
    if synced < wanted {
        let _one = kept.syncing.lock().await;
        let from = kept.pages.lock().unwrap_or_else(|e| e.into_inner()).synced;
        if from < wanted {
            // Nothing is kept before the first sync, so there is nothing to drop.
            let changed = if from == 0 { vec![] } else { state.store.pages_changed_since(from).await? };
            let mut pages = kept.pages.lock().unwrap_or_else(|e| e.into_inner());
            if changed.contains(&EVERY_PRODUCT) {
                pages.clear();
            } else {
                for product in changed {
                    pages.drop_product(product);
                }
            }
            pages.synced = wanted;
        }
    }
    let at = kept.pages.lock().unwrap_or_else(|e| e.into_inner()).synced;
    Ok(Current { kept, at })
}

impl Current<'_> {
    pub fn get(&self, key: &str) -> Option<Answer> {
        self.kept.pages.lock().unwrap_or_else(|e| e.into_inner()).answers.get(key).map(|(_, a)| a.clone())
    }

    /// Keeps an answer about `product` (in place of any kept under `key`), unless the kept answers
    /// moved on since this request began rendering it (then it may predate a change; it is served
    /// but not kept).
    pub fn keep(&self, key: String, product: i64, answer: &Answer) {
        let mut pages = self.kept.pages.lock().unwrap_or_else(|e| e.into_inner());
        if pages.synced != self.at {
            return;
        }
        pages.forget(&key);
        let size = answer.weight(&key);
        pages.make_room(size);
        pages.bytes += size;
        pages.by_product.entry(product).or_default().push(key.clone());
        pages.answers.insert(key, (product, answer.clone()));
    }

    /// The answer kept under `key`, else the one `render` makes (with the product it is about), kept.
    /// Those who miss it together share one render: a product's answer is dropped whenever its
    /// stock or price moves, and every request in flight then missed it at once and rendered it
    /// beside the others (docs/operations.md, session 29). Only those at the same sync share it:
    /// a request that saw a newer change renders its own. A render that fails is not shared;
    /// the next in line renders again.
    pub async fn get_or_render<F, R>(&self, key: String, render: R) -> ApiResult<Answer>
    where
        R: FnOnce() -> F,
        F: std::future::Future<Output = ApiResult<(i64, Answer)>>,
    {
        if let Some(answer) = self.get(&key) {
            return Ok(answer);
        }
        let slot = (key, self.at);
        let once = self.kept.rendering.lock().unwrap_or_else(|e| e.into_inner()).entry(slot.clone()).or_default().clone();
        let taken = TakenAway { kept: self.kept, slot, once };
        taken
            .once
            .get_or_try_init(|| async {
                let (product, answer) = render().await?;
                self.keep(taken.slot.0.clone(), product, &answer);
                Ok::<_, crate::error::ApiError>(answer)
            })
            .await
            .cloned()
    }

    /// Facts kept on their own under `key` (no answer is sent from them).
    pub fn facts<T: Any + Send + Sync>(&self, key: &str) -> Option<Arc<T>> {
        self.get(key)?.facts()
    }

    /// Keeps facts on their own, about `product`; `bytes` is about what they hold.
    pub fn keep_facts<T: Any + Send + Sync>(&self, key: String, product: i64, facts: Arc<T>, bytes: usize) {
        self.keep(key, product, &Answer::text(String::new()).with_facts(facts, bytes));
    }

    /// The facts kept under `key`, else those `read` returns (with the product they are about and
    /// about how many bytes they hold), kept. Those who miss them together share one read, as
    /// answers share a render: a product's facts sit under its page, its sizes and its stock count,
    /// and every request in flight for any of them missed them at once after each stock change.
    pub async fn facts_or_read<T, F, R>(&self, key: String, read: R) -> ApiResult<Arc<T>>
    where
        T: Any + Send + Sync,
        R: FnOnce() -> F,
        F: std::future::Future<Output = ApiResult<(i64, Arc<T>, usize)>>,
    {
        let kept = self
            .get_or_render(key, || async {
                let (product, facts, bytes) = read().await?;
                Ok((product, Answer::text(String::new()).with_facts(facts, bytes)))
            })
            .await?;
        kept.facts().ok_or_else(crate::error::ApiError::internal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_encoding_is_brotli_else_gzip_and_never_one_refused() {
        let chosen = |lines: &[&str]| chosen(&lines.iter().map(|l| HeaderValue::from_str(l).unwrap()).collect::<Vec<_>>());
        assert_eq!(chosen(&["gzip, deflate, br, zstd"]), Some("br"));
        assert_eq!(chosen(&["gzip"]), Some("gzip"));
        assert_eq!(chosen(&["GZIP;q=0.5, BR;q=0"]), Some("gzip"));
        assert_eq!(chosen(&["br ; Q=0.0, gzip;q=0"]), None);
        assert_eq!(chosen(&["*"]), Some("br"));
        assert_eq!(chosen(&["*;q=0"]), None);
        assert_eq!(chosen(&["br;q=0, *"]), Some("gzip"), "a coding named and refused stays refused");
        assert_eq!(chosen(&["identity"]), None);
        assert_eq!(chosen(&["deflate, zstd"]), None);
        assert_eq!(chosen(&["deflate", "gzip"]), Some("gzip"), "every line counts");
        assert_eq!(chosen(&[]), None);
    }

    #[test]
    fn a_brotli_window_holds_the_whole_body_and_never_goes_under_17_bits() {
        assert_eq!(brotli_window(0), 17);
        assert_eq!(brotli_window(13_805), 17);
        assert_eq!(brotli_window(1 << 17), 17);
        assert_eq!(brotli_window((1 << 17) + 1), 18);
        assert_eq!(brotli_window(300_000), 19);
        assert_eq!(brotli_window(usize::MAX), 22, "at most the encoder's default");
    }

    #[test]
    fn the_compressed_forms_give_back_the_body_at_every_size() {
        use std::io::Read;
        // JSON-like text from 100 bytes to past the 2^17 and 2^19 windows.
        for len in [100, 4_000, 13_805, 200_000, 600_000] {
            let mut body = String::new();
            let mut i = 0;
            while body.len() < len {
                body += &format!("{{\"id\":{},\"name\":\"item {}\"}},", i, i * 7919 % 1000);
                i += 1;
            }
            let packed = Packed::new(Bytes::from(body.clone()));
            let br = packed.br().expect("JSON this long compresses");
            let mut unpacked = Vec::new();
            brotli::Decompressor::new(&br[..], 4096).read_to_end(&mut unpacked).unwrap();
            assert_eq!(unpacked, body.as_bytes(), "brotli, {len} bytes");
            let gz = packed.gzip().expect("JSON this long compresses");
            let mut unpacked = Vec::new();
            flate2::read::GzDecoder::new(&gz[..]).read_to_end(&mut unpacked).unwrap();
            assert_eq!(unpacked, body.as_bytes(), "gzip, {len} bytes");
        }
    }

    fn answer(n: usize) -> Answer {
        Answer::text("x".repeat(n))
    }

    #[test]
    fn a_shoppers_own_fields_replace_the_last_fields_of_the_kept_answer() {
        #[derive(serde::Serialize)]
        struct Page<'a> {
            id: i64,
            text: &'a str,
            nested: serde_json::Value,
            mine: bool,
            fit: &'a str,
        }
        #[derive(serde::Serialize)]
        struct Own<'a> {
            mine: bool,
            fit: &'a str,
        }
        // The key also inside a string and a nested object: only the top-level one counts.
        let text = r#"a ,"mine": b"#;
        let kept = Answer::json(&Page { id: 1, text, nested: serde_json::json!({"mine": 1}), mine: false, fit: "" }).unwrap();
        let own = kept.with_own_fields("mine", &Own { mine: true, fit: "34B" }).unwrap();
        let whole = Answer::json(&Page { id: 1, text, nested: serde_json::json!({"mine": 1}), mine: true, fit: "34B" }).unwrap();
        assert_eq!(own.body, whole.body);
        assert_eq!(own.tag, whole.tag, "tagged as the same bytes are");
        assert!(kept.with_own_fields("absent", &Own { mine: true, fit: "" }).is_none(), "not the answer's last fields: none");
    }

    #[test]
    fn an_answer_rendered_before_the_last_sync_is_served_but_not_kept() {
        let kept = Kept::default();
        kept.pages.lock().unwrap().synced = 5;
        // Rendered from reads that began at version 4: a change at 5 may be missing from it.
        Current { kept: &kept, at: 4 }.keep("product/a".into(), 1, &answer(10));
        assert!(Current { kept: &kept, at: 5 }.get("product/a").is_none());
        Current { kept: &kept, at: 5 }.keep("product/a".into(), 1, &answer(10));
        assert!(Current { kept: &kept, at: 5 }.get("product/a").is_some());
    }

    #[test]
    fn a_product_change_drops_every_answer_about_it_and_only_those() {
        let kept = Kept::default();
        kept.pages.lock().unwrap().synced = 1;
        let now = Current { kept: &kept, at: 1 };
        for key in ["product/a", "sizes/a", "stock/1/34B"] {
            now.keep(key.into(), 1, &answer(10));
        }
        now.keep("product/b".into(), 2, &answer(10));
        kept.pages.lock().unwrap().drop_product(1);
        assert!(["product/a", "sizes/a", "stock/1/34B"].iter().all(|k| now.get(k).is_none()));
        assert!(now.get("product/b").is_some());
        assert_eq!(kept.pages.lock().unwrap().bytes, 10 + 10 * 4 / 5 + 2 * "product/b".len() + KEEPING_COST);
    }

    #[tokio::test]
    async fn those_who_miss_an_answer_together_share_one_render() {
        let kept = Kept::default();
        kept.pages.lock().unwrap().synced = 3;
        let renders = std::sync::atomic::AtomicUsize::new(0);
        let ask = || async {
            Current { kept: &kept, at: 3 }
                .get_or_render("product/a".into(), || async {
                    renders.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    // Long enough for every ask to arrive while it renders.
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                    Ok((1, answer(10)))
                })
                .await
        };
        let answers = futures_util::future::join_all((0..16).map(|_| ask())).await;
        assert!(answers.iter().all(|a| a.as_ref().is_ok_and(|a| a.body.len() == 10)));
        assert_eq!(renders.load(std::sync::atomic::Ordering::SeqCst), 1, "one render for the sixteen");
        assert!(Current { kept: &kept, at: 3 }.get("product/a").is_some(), "and kept");
        assert!(kept.rendering.lock().unwrap().is_empty(), "no render left behind");
        // Dropped (its product changed): the next ask renders again, at the new sync.
        kept.pages.lock().unwrap().drop_product(1);
        kept.pages.lock().unwrap().synced = 4;
        let again = Current { kept: &kept, at: 4 }.get_or_render("product/a".into(), || async { Ok((1, answer(12))) }).await.unwrap();
        assert_eq!(again.body.len(), 12);
    }

    #[tokio::test]
    async fn a_render_that_fails_is_not_shared() {
        let kept = Kept::default();
        kept.pages.lock().unwrap().synced = 1;
        let now = Current { kept: &kept, at: 1 };
        let failed = now.get_or_render("product/x".into(), || async { Err(crate::error::ApiError::internal()) }).await;
        assert!(failed.is_err());
        let then = now.get_or_render("product/x".into(), || async { Ok((9, answer(10))) }).await;
        assert!(then.is_ok_and(|a| a.body.len() == 10));
    }

    #[tokio::test]
    async fn a_render_given_up_halfway_leaves_no_slot_behind() {
        let kept = Kept::default();
        kept.pages.lock().unwrap().synced = 1;
        let now = Current { kept: &kept, at: 1 };
        let slow = now.get_or_render("product/y".into(), || async {
            tokio::time::sleep(std::time::Duration::from_secs(5)).await;
            Ok((2, answer(10)))
        });
        // The shopper leaves: the request's future is dropped mid-render.
        assert!(tokio::time::timeout(std::time::Duration::from_millis(10), slow).await.is_err());
        assert!(kept.rendering.lock().unwrap().is_empty(), "no slot left for a render nobody waits for");
        let then = now.get_or_render("product/y".into(), || async { Ok((2, answer(11))) }).await;
        assert!(then.is_ok_and(|a| a.body.len() == 11));
    }

    #[tokio::test]
    async fn those_who_miss_facts_together_share_one_read() {
        let kept = Kept::default();
        kept.pages.lock().unwrap().synced = 2;
        let reads = std::sync::atomic::AtomicUsize::new(0);
        let ask = || async {
            Current { kept: &kept, at: 2 }
                .facts_or_read("facts/7".into(), || async {
                    reads.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                    Ok((7, Arc::new(vec![1u8, 2, 3]), 64))
                })
                .await
        };
        let facts = futures_util::future::join_all((0..16).map(|_| ask())).await;
        assert_eq!(reads.load(std::sync::atomic::Ordering::SeqCst), 1, "one read for the sixteen");
        let first = facts[0].as_ref().unwrap();
        assert!(facts.iter().all(|f| f.as_ref().is_ok_and(|f| Arc::ptr_eq(f, first))), "the very same facts for all");
        assert!(Current { kept: &kept, at: 2 }.facts::<Vec<u8>>("facts/7").is_some(), "and kept");
        // Asked as another type: an error, not a panic or a wrong answer.
        assert!(Current { kept: &kept, at: 2 }.facts_or_read::<String, _, _>("facts/7".into(), || async { unreachable!() }).await.is_err());
    }

    #[test]
    fn past_the_budget_room_is_made_and_the_new_answer_kept() {
        let kept = Kept::default();
        kept.pages.lock().unwrap().synced = 1;
        let now = Current { kept: &kept, at: 1 };
        let big = MOST_BYTES / 4;
        for i in 0..6 {
            now.keep(format!("product/{i}"), i, &answer(big));
        }
        let pages = kept.pages.lock().unwrap();
        assert!(pages.bytes <= MOST_BYTES, "{} kept", pages.bytes);
        assert!(pages.answers.contains_key("product/5"), "the newest is kept");
        assert_eq!(pages.bytes, pages.answers.iter().map(|(k, (_, a))| a.weight(k)).sum::<usize>());
    }
}

//! Home and a category's page as a first visit gets them (drawn whole, crates/server/src/drawn.rs),
//! kept while what they were drawn from is the same.
//!
//! Such a page is the same for every first visitor: it is drawn from index.html, the page's
//! answers (the first products, the menu, a guest's session, the design of the month) and a few
//! values (the footer's year, the image quality, the month). Drawn and compressed for each request,
//! home ran at 6,350 answers a second with Brotli, and at 4,200 once it carried its answers
//! (`drawn::answers`); kept, at 24,300 (docs/operations.md, session 38). Each request still reads
//! those inputs (each is kept itself, and dropped when what it shows changes) and compares them with
//! the ones the kept page was drawn from, byte for byte: equal, the kept page is sent, compressed
//! once for all who ask; different, the page is drawn again and kept in its place. So a kept page is
//! never older than its inputs, in any process, and needs no version of its own. One page per path,
//! and only paths the menu names are drawn: as many pages as the menu has categories, and home. A
//! product's page is not kept: it is drawn at the server's clock (its countdown).

use super::Packed;
use axum::body::Bytes;
use axum::response::Response;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// What a page is drawn from: index.html with the page's title, the answers it carries and draws
/// (each URL with its bytes), and the other values its markup shows.
#[derive(PartialEq, Eq)]
pub struct Inputs {
    pub html: String,
    pub answers: Vec<(String, Bytes)>,
    pub values: String,
}

/// A page as drawn from its inputs, with its compressed forms (made the first time each is asked).
pub struct Page {
    inputs: Inputs,
    body: Bytes,
    packed: Arc<Packed>,
}

impl Page {
    /// The page's bytes.
    pub fn body(&self) -> Bytes {
        self.body.clone()
    }

    /// Has `res` (the page's response) sent compressed from the forms shared by all who ask for the
    /// page (`kept::encoded` picks one).
    pub fn share_compressed(&self, res: &mut Response) {
        res.extensions_mut().insert(self.packed.clone());
    }
}

/// The pages kept, by path.
#[derive(Default)]
pub struct Pages(Mutex<HashMap<String, Arc<Page>>>);

impl Pages {
    /// The page kept for `path`, when it was drawn from exactly `inputs`.
    pub fn get(&self, path: &str, inputs: &Inputs) -> Option<Arc<Page>> {
        let pages = self.0.lock().unwrap_or_else(|e| e.into_inner());
        pages.get(path).filter(|p| p.inputs == *inputs).cloned()
    }

    /// Keeps `body`, drawn from `inputs`, as `path`'s page (in place of any other).
    pub fn keep(&self, path: &str, inputs: Inputs, body: String) -> Arc<Page> {
        let body = Bytes::from(body);
        let page = Arc::new(Page { inputs, packed: Arc::new(Packed::new(body.clone())), body });
        self.0.lock().unwrap_or_else(|e| e.into_inner()).insert(path.to_string(), page.clone());
        page
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inputs(listing: &'static [u8], year: &str) -> Inputs {
        Inputs { html: "<html>".into(), answers: vec![("/web/api/v1/products/?page=1".into(), Bytes::from_static(listing))], values: year.into() }
    }

    #[test]
    fn a_page_is_served_only_for_the_very_inputs_it_was_drawn_from() {
        let pages = Pages::default();
        assert!(pages.get("/", &inputs(b"[1]", "2026")).is_none());
        pages.keep("/", inputs(b"[1]", "2026"), "home one".into());
        assert_eq!(pages.get("/", &inputs(b"[1]", "2026")).unwrap().body, "home one");
        assert!(pages.get("/", &inputs(b"[2]", "2026")).is_none(), "another answer");
        assert!(pages.get("/", &inputs(b"[1]", "2027")).is_none(), "another value");
        assert!(pages.get("/bras/", &inputs(b"[1]", "2026")).is_none(), "another path");
        pages.keep("/", inputs(b"[2]", "2026"), "home two".into());
        assert!(pages.get("/", &inputs(b"[1]", "2026")).is_none(), "one page per path");
        assert_eq!(pages.get("/", &inputs(b"[2]", "2026")).unwrap().body, "home two");
    }
}

//! The answers a page drawn whole was drawn from, written into the page for the app's first requests
//! (web/src/shared/api/drawn-answers.ts).
//!
//! A page drawn whole is hydrated, and hydration must draw the very markup the server drew. The app
//! used to fetch what it draws first (the products, the menu, the session, the design of the month,
//! a product's timer, offers and sizes) before hydrating: a slow network held the page's buttons dead
//! for its round trips, an answer later than the app's wait made React throw the drawn page away and
//! draw it anew (CI's failure of 2026-12-07), and a change between the two reads did the same. Each
//! answer is now in the page, by the URL the app asks it at, and the app's first ask of that URL is
//! answered from it.

use crate::error::ApiResult;
use crate::security::Viewer;
use crate::AppState;
use axum::body::Bytes;
use axum::extract::State;

/// Each answer's URL (as the app writes it) and its JSON body, as its endpoint answers the visitor.
#[derive(Default)]
pub struct Answers(Vec<(String, Bytes)>);

impl Answers {
    /// An answer whose bytes are at hand (a kept answer's body).
    pub fn add(&mut self, url: String, body: Bytes) {
        self.0.push((url, body));
    }

    /// An answer as its handler writes it (axum's `Json` writes `serde_json::to_writer`'s bytes).
    pub fn add_json<T: serde::Serialize>(&mut self, url: String, value: &T) -> Option<()> {
        self.0.push((url, Bytes::from(serde_json::to_vec(value).ok()?)));
        Some(())
    }

    /// What every page drawn whole draws from: the visitor's session (its image quality, that it is
    /// a guest) and the menu (the header's categories, a category's chips).
    pub async fn add_shared(&mut self, state: &AppState, viewer: Viewer, menu: &crate::features::catalog::Menu) -> ApiResult<()> {
        let me = crate::features::account::me(State(state.clone()), viewer).await?.0;
        self.add_json("/api/v1/me/".into(), &me).ok_or_else(crate::error::ApiError::internal)?;
        self.add_json("/api/v2/main-menu-msite/".into(), menu).ok_or_else(crate::error::ApiError::internal)?;
        Ok(())
    }

    /// Each answer's URL and bytes.
    pub fn into_entries(self) -> Vec<(String, Bytes)> {
        self.0
    }

    pub fn script(&self) -> String {
        script(&self.0)
    }
}

/// The page's `<script type="application/json">` of `answers`: one object from URL to answer. JSON
/// has `<` only inside strings, where `\u003c` says the same, so nothing in it can end the script
/// (`</script>`) or open a comment in it (`<!--`).
pub fn script(answers: &[(String, Bytes)]) -> String {
    let mut out = String::with_capacity(64 + answers.iter().map(|(url, body)| url.len() + body.len() + 4).sum::<usize>());
    out.push_str(r#"<script type="application/json" id="drawn-answers">{"#);
    for (i, (url, body)) in answers.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&serde_json::Value::String(url.clone()).to_string().replace('<', "\\u003c"));
        out.push(':');
        out.push_str(&String::from_utf8_lossy(body).replace('<', "\\u003c"));
    }
    out.push_str("}</script>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_script_reads_back_as_the_answers_and_nothing_in_it_ends_it() {
        let mut answers = Answers::default();
        let name = r#"Bra </script><script>alert(1)</script> <!-- "quoted" \ & more"#;
        answers.add_json("/web/api/v1/product-mobile/x/".into(), &serde_json::json!({ "name": name, "n": 1 })).unwrap();
        answers.add("/api/v1/me/?a=<b>".into(), Bytes::from_static(br#"{"is_authenticated":false}"#));
        let script = answers.script();
        let text = script.strip_prefix(r#"<script type="application/json" id="drawn-answers">"#).unwrap().strip_suffix("</script>").unwrap();
        assert!(!text.contains('<'), "{text}");
        let read: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(read["/web/api/v1/product-mobile/x/"]["name"], name);
        assert_eq!(read["/api/v1/me/?a=<b>"], serde_json::json!({ "is_authenticated": false }));
        assert_eq!(Answers::default().script(), r#"<script type="application/json" id="drawn-answers">{}</script>"#);
    }
}

//! The search screen (spec 000 §3 search state, §7 the brand-prefixed search paths): suggestions as
//! the shopper types, popular searches, top products, and the shopper's recent searches.

use super::listing::{best_sellers, read_query, who};
use super::shelf;
use crate::error::ApiResult;
use crate::extract::Query;
use crate::features::catalog::ProductCard;
use crate::kept::Answer;
use crate::security::Viewer;
use crate::AppState;
use axum::extract::State;
use axum::Json;
use drape_domain::listing::{self, Sort};
use drape_domain::search::MIN_SUGGEST_CHARS;
use drape_store::searches::Searcher;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Popular searches are what shoppers searched in this many days.
const POPULAR_DAYS: i64 = 30;

#[derive(Deserialize, utoipa::IntoParams)]
pub struct SuggestQuery {
    /// What the shopper has typed so far.
    pub q: Option<String>,
}

#[derive(Serialize, Clone, utoipa::ToSchema)]
pub struct CategoryLink {
    pub id: i64,
    pub name: String,
    pub slug: String,
    pub url: String,
}

#[derive(Serialize, Clone, utoipa::ToSchema)]
pub struct SearchSuggestions {
    pub q: String,
    pub categories: Vec<CategoryLink>,
    /// The best matches, at most 6.
    pub products: Vec<ProductCard>,
    /// Product and category names that complete what is typed, at most 6.
    pub completions: Vec<String>,
    /// The words as the catalog spells them, when one was misspelt.
    #[schema(required = true)]
    pub corrected: Option<String>,
}

/// Suggestions from the second character typed: categories, products and completions.
#[utoipa::path(get, path = "/web/api/v1/drape-search/", tag = "search", params(SuggestQuery),
    responses((status = 200, body = SearchSuggestions), (status = 400, body = crate::error::ErrorBody)))]
pub async fn suggestions(State(state): State<AppState>, Query(q): Query<SuggestQuery>) -> ApiResult<Answer> {
    let words = read_query(q.q.as_deref().unwrap_or(""))?;
    let mut out = SearchSuggestions { q: words.clone(), categories: vec![], products: vec![], completions: vec![], corrected: None };
    if words.chars().count() < MIN_SUGGEST_CHARS {
        return Answer::json(&out);
    }
    let shelf = shelf::current(&state).await?;
    // Kept as written (JSON, its tag, its compressed forms made once), as listing pages are: a word
    // asked again is answered with the same bytes until the catalog moves.
    if let Some(known) = shelf.suggestions.get(&words) {
        return Ok((*known).clone());
    }
    let searchable = shelf.searchable().await?;
    let (candidates, scores) = searchable.matching(&words);
    let top = listing::first(&shelf.catalog, &candidates, Some(&scores), Sort::Relevance, 6);
    out.products = shelf.cards(&top);
    let (categories, completions) = searchable.index.suggest(&words, 4, 6);
    out.categories = categories
        .into_iter()
        .filter_map(|id| shelf.categories.iter().find(|c| c.id == id))
        .map(|c| CategoryLink { id: c.id, name: c.name.clone(), slug: c.slug.clone(), url: format!("/{}/", c.slug) })
        .collect();
    out.completions = completions;
    out.corrected = searchable.index.corrected(&words);
    let answer = Answer::json(&out)?;
    shelf.suggestions.keep(words, Arc::new(answer.clone()), answer.kept_bytes());
    Ok(answer)
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct PopularSearch {
    pub query: String,
    /// How many shoppers searched it (each counted once a day).
    pub count: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct PopularSearches {
    pub popular: Vec<PopularSearch>,
}

/// What shoppers searched most in the last 30 days and found something for.
#[utoipa::path(get, path = "/web/api/v1/drape-popular-search/", tag = "search", responses((status = 200, body = PopularSearches)))]
pub async fn popular(State(state): State<AppState>) -> ApiResult<Json<PopularSearches>> {
    let rows = state.store.popular_searches(state.now(), POPULAR_DAYS, 8).await?;
    Ok(Json(PopularSearches { popular: rows.into_iter().map(|(query, count)| PopularSearch { query, count }).collect() }))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct TopProducts {
    pub products: Vec<ProductCard>,
}

/// Best sellers in stock, for the search screen before typing.
#[utoipa::path(get, path = "/web/api/v1/drape-topproducts-search/", tag = "search", responses((status = 200, body = TopProducts)))]
pub async fn top_products(State(state): State<AppState>) -> ApiResult<Json<TopProducts>> {
    let shelf = shelf::current(&state).await?;
    Ok(Json(TopProducts { products: shelf.cards(&best_sellers(&shelf, 8)) }))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct RecentSearch {
    pub query: String,
    /// RFC 3339.
    pub searched_at: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct RecentSearches {
    pub recent: Vec<RecentSearch>,
}

async fn recent_of(state: &AppState, who: Option<Searcher<'_>>) -> ApiResult<RecentSearches> {
    let rows = match who {
        Some(who) => state.store.recent_searches(who).await?,
        None => vec![],
    };
    let at = |ms: i64| chrono::DateTime::from_timestamp_millis(ms).map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)).unwrap_or_default();
    Ok(RecentSearches { recent: rows.into_iter().map(|r| RecentSearch { searched_at: at(r.searched_at), query: r.query }).collect() })
}

/// The shopper's recent searches (this browser's for a guest), newest first.
#[utoipa::path(get, path = "/web/api/v1/recent-searches/", tag = "search", responses((status = 200, body = RecentSearches)))]
pub async fn recent(State(state): State<AppState>, viewer: Viewer) -> ApiResult<Json<RecentSearches>> {
    Ok(Json(recent_of(&state, who(&viewer)).await?))
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct ForgetQuery {
    /// The search to forget; without it, every recent search.
    pub q: Option<String>,
}

/// Forgets one recent search (or all); answers what is left.
#[utoipa::path(delete, path = "/web/api/v1/recent-searches/", tag = "search", params(ForgetQuery),
    responses((status = 200, body = RecentSearches), (status = 400, body = crate::error::ErrorBody)))]
pub async fn forget(State(state): State<AppState>, viewer: Viewer, Query(q): Query<ForgetQuery>) -> ApiResult<Json<RecentSearches>> {
    let words = q.q.as_deref().map(read_query).transpose()?;
    if let Some(who) = who(&viewer) {
        state.store.forget_searches(who, words.as_deref()).await?;
    }
    Ok(Json(recent_of(&state, who(&viewer)).await?))
}

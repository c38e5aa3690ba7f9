//! GET /web/api/v1/products/: a category's products or a search's matches, with the shopper's
//! filters, the count of every filter value, a sort and a page (spec 000 §9).

use super::shelf::{self, Searchable, Shelf};
use crate::error::{ApiError, ApiResult};
use crate::extract::Query;
use crate::features::catalog::ProductCard;
use crate::kept::Answer;
use crate::security::{self, Viewer};
use crate::AppState;
use axum::extract::{RawQuery, State};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::Json;
use drape_domain::listing::{self, Filter, Sort, MAX_PAGE, PAGE_SIZE};
use drape_domain::search::{is_meaningful, normalise, MAX_QUERY_CHARS};
use drape_store::searches::Searcher;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

#[derive(Deserialize, Default, utoipa::IntoParams)]
pub struct ListingQuery {
    /// A category id; its sub-categories are included.
    pub category: Option<i64>,
    /// Or the category's slug.
    pub category_slug: Option<String>,
    /// Search words: the listing is then the search's results.
    pub q: Option<String>,
    /// Sizes, comma-joined ('32B,34C').
    pub size: Option<String>,
    /// Colour names, comma-joined.
    pub color: Option<String>,
    /// Styles, comma-joined ('Lace,Padded').
    pub style: Option<String>,
    /// A price range in rupees ('500-1000', '-800', '1000-'), or, as the spec also allows, a sort by
    /// price ('asc' or 'desc').
    pub price: Option<String>,
    /// At least this percent off: 10, 20, 30, 40 or 50.
    pub discount: Option<String>,
    /// '1': only products with a size in stock.
    pub in_stock: Option<String>,
    /// popularity (default), newest, price_asc, price_desc, discount, rating; relevance (default for a search).
    pub sort: Option<String>,
    /// 1-based; 24 to a page.
    #[param(minimum = 1, maximum = 10000)]
    pub page: Option<i64>,
}

#[derive(Serialize, Clone, utoipa::ToSchema)]
pub struct FacetValue {
    pub value: String,
    pub label: String,
    pub count: i64,
    pub selected: bool,
    /// The swatch of a colour (#rrggbb); empty for other filters.
    pub rgb: String,
}

#[derive(Serialize, Clone, utoipa::ToSchema)]
pub struct PriceRange {
    pub min_rupees: i64,
    pub max_rupees: i64,
}

#[derive(Serialize, Clone, utoipa::ToSchema)]
pub struct InStockFacet {
    /// How many products would show with in_stock=1.
    pub count: i64,
    pub selected: bool,
}

/// Every filter's values with their counts; each filter's counts apply the other filters chosen.
#[derive(Serialize, Clone, utoipa::ToSchema)]
pub struct ListingFacets {
    pub size: Vec<FacetValue>,
    pub color: Vec<FacetValue>,
    pub style: Vec<FacetValue>,
    pub discount: Vec<FacetValue>,
    pub price: PriceRange,
    pub in_stock: InStockFacet,
}

#[derive(Serialize, Clone, utoipa::ToSchema)]
pub struct SortOption {
    pub value: String,
    pub label: String,
}

/// What the search found, for a listing with `q`.
#[derive(Serialize, Clone, utoipa::ToSchema)]
pub struct SearchInfo {
    pub q: String,
    /// False when no product matched the words (before any filter).
    pub matched: bool,
    /// The query as the catalog spells it, when a word was misspelt and matched through a typo.
    #[schema(required = true)]
    pub corrected: Option<String>,
    /// When nothing matched: the nearest query that finds something.
    #[schema(required = true)]
    pub did_you_mean: Option<String>,
    /// When nothing matched: best sellers, so the page is never empty.
    pub popular: Vec<ProductCard>,
}

#[derive(Serialize, Clone, utoipa::ToSchema)]
pub struct ProductList {
    pub products: Vec<ProductCard>,
    pub page: i64,
    pub num_pages: i64,
    pub total: i64,
    pub sort: String,
    pub sorts: Vec<SortOption>,
    pub facets: ListingFacets,
    /// Present for a search (`q`); null for a category listing.
    #[schema(required = true)]
    pub search: Option<SearchInfo>,
    // The shopper's own field comes last: their answer is the kept bytes up to it, then theirs.
    /// The products of this page the shopper keeps in the wishlist without a size (what the cards'
    /// hearts toggle); empty for guests.
    pub in_wishlist: Vec<i64>,
}

/// The listing's field that is the shopper's own.
#[derive(Serialize)]
struct OwnFields<'a> {
    in_wishlist: &'a [i64],
}

/// The shopper's filters and sort from the URL; a value that cannot be read is a 400 naming it.
fn read_filters(q: &ListingQuery, searching: bool) -> ApiResult<(Filter, Sort, usize)> {
    let values = |name: &str, v: &Option<String>| v.as_deref().map(listing::split_values).transpose().map_err(|m| ApiError::field(name, m));
    let mut filter = Filter {
        sizes: values("size", &q.size)?.unwrap_or_default(),
        colours: values("color", &q.color)?.unwrap_or_default(),
        styles: values("style", &q.style)?.unwrap_or_default(),
        ..Filter::default()
    };
    let mut sort = match q.sort.as_deref() {
        None | Some("") => None,
        Some(s) => Some(
            Sort::parse(s)
                .ok_or_else(|| ApiError::field("sort", "Sort must be one of popularity, newest, price_asc, price_desc, discount, rating or relevance."))?,
        ),
    };
    match q.price.as_deref().map(str::trim) {
        None | Some("") => {}
        Some("asc") | Some("low") => sort = sort.or(Some(Sort::PriceLowToHigh)),
        Some("desc") | Some("high") => sort = sort.or(Some(Sort::PriceHighToLow)),
        Some(range) => (filter.price_min, filter.price_max) = listing::parse_price(range).map_err(|m| ApiError::field("price", m))?,
    }
    if let Some(d) = q.discount.as_deref().filter(|d| !d.is_empty()) {
        filter.discount = Some(listing::parse_discount(d).map_err(|m| ApiError::field("discount", m))?);
    }
    filter.in_stock = match q.in_stock.as_deref() {
        None | Some("") | Some("0") | Some("false") => false,
        Some("1") | Some("true") => true,
        Some(_) => return Err(ApiError::field("in_stock", "in_stock must be 1 or 0.")),
    };
    let page = q.page.unwrap_or(1);
    if !(1..=MAX_PAGE as i64).contains(&page) {
        return Err(ApiError::field("page", "Page must be a number from 1."));
    }
    let sort = match sort {
        Some(Sort::Relevance) if !searching => Sort::Popularity,
        Some(s) => s,
        None if searching => Sort::Relevance,
        None => Sort::Popularity,
    };
    Ok((filter, sort, page as usize))
}

/// Best sellers a shopper can buy now.
pub fn best_sellers(shelf: &Shelf, n: usize) -> Vec<i64> {
    listing::run(&shelf.catalog, shelf.in_category(None), None, &Filter { in_stock: true, ..Filter::default() }, Sort::Popularity, 1)
        .ids
        .into_iter()
        .take(n)
        .collect()
}

/// A search's words as the shop reads them, or a 400 for a query too long to be one.
pub fn read_query(q: &str) -> ApiResult<String> {
    if q.chars().count() > MAX_QUERY_CHARS {
        return Err(ApiError::field("q", format!("Please search with at most {MAX_QUERY_CHARS} characters.")));
    }
    Ok(normalise(q))
}

/// Who is searching: the shopper, or the guest browser by its cookie; None for a browser without one.
pub fn who(viewer: &Viewer) -> Option<Searcher<'_>> {
    match (&viewer.user, &viewer.guest_token) {
        (Some(u), _) => Some(Searcher::Shopper(u.id)),
        (None, Some(t)) => Some(Searcher::Guest(t)),
        (None, None) => None,
    }
}

/// Who is searching, or a new guest cookie to set for a browser without one.
pub fn searcher<'a>(viewer: &'a Viewer, new_token: &'a mut Option<String>, now: chrono::DateTime<chrono::Utc>) -> Searcher<'a> {
    who(viewer).unwrap_or_else(|| Searcher::Guest(new_token.insert(drape_store::auth::new_guest_token(now))))
}

/// Products of a category or a search, filtered, counted, sorted and paged.
#[utoipa::path(get, path = "/web/api/v1/products/", tag = "catalog", params(ListingQuery),
    responses((status = 200, body = ProductList), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn listing(State(state): State<AppState>, viewer: Viewer, RawQuery(raw): RawQuery, Query(q): Query<ListingQuery>) -> ApiResult<Response> {
    // A page that is not a search (nothing to record) and was answered before under these very
    // query bytes is answered again without reading the filters anew.
    let as_sent = q.q.is_none().then(|| format!("?{}", raw.unwrap_or_default()));
    let shelf: Arc<Shelf> = shelf::current(&state).await?;
    let (listed, read) = listed(&shelf, as_sent, &q).await?;
    let list = &listed.list;
    let mut headers = HeaderMap::new();
    if let (Some((Some(words), filter, page)), Some(search)) = (&read, &list.search) {
        // The shopper searched (the first page, as typed): remember it for them and count it.
        if *page == 1 && *filter == Filter::default() && is_meaningful(words) {
            let mut new_token = None;
            let who = searcher(&viewer, &mut new_token, state.now());
            let counted_as = search.corrected.as_deref().unwrap_or(words);
            state.store.record_search(who, words, counted_as, list.total, state.now()).await?;
            if let Some(token) = &new_token {
                headers.append(header::SET_COOKIE, security::set_cookie(security::GUEST_CART_COOKIE, token, 30 * 86_400, true, state.config.secure_cookies));
            }
        }
    }
    answer(&state, &viewer, headers, &listed).await
}

/// How a listing's query was read: its search words, its filters and its page.
type Read = (Option<String>, Filter, usize);

/// The page a query asks for, as every guest sees it, with how the query was read (None when it was
/// answered before under these very query bytes, `as_sent`, which are given for a page that is no
/// search). The page is the same for every shopper until the catalog moves: worked out, and
/// written as JSON, once per shelf.
async fn listed(shelf: &Arc<Shelf>, as_sent: Option<String>, q: &ListingQuery) -> ApiResult<(Arc<Listed>, Option<Read>)> {
    if let Some(listed) = as_sent.as_deref().and_then(|k| shelf.listings.get(k)) {
        return Ok((listed, None));
    }
    let words = q.q.as_deref().map(read_query).transpose()?.filter(|w| !w.is_empty());
    let (filter, sort, page) = read_filters(q, words.is_some())?;
    let category = match (q.category, q.category_slug.as_deref()) {
        (Some(id), _) => Some(shelf.categories.iter().find(|c| c.id == id).ok_or_else(|| ApiError::not_found("We couldn't find that category."))?.id),
        (None, Some(slug)) if !slug.is_empty() => {
            Some(shelf.categories.iter().find(|c| c.slug == slug).ok_or_else(|| ApiError::not_found("We couldn't find that category."))?.id)
        }
        _ => None,
    };
    let asked = format!("{category:?}|{words:?}|{filter:?}|{sort:?}|{page}");
    let listed = match shelf.listings.get(&asked) {
        Some(known) => known,
        None => {
            let search = match words.as_deref() {
                Some(words) => Some((words, shelf.searchable().await?)),
                None => None,
            };
            let list = list_page(shelf, category, search, &filter, sort, page);
            let from = if words.is_some() { ListedFrom::Search } else { ListedFrom::Category(category) };
            let listed = Arc::new(Listed { answer: Answer::json(&list)?, list, from });
            shelf.listings.keep(asked, listed.clone(), listed.kept_bytes());
            listed
        }
    };
    if let Some(as_sent) = as_sent {
        // the same page under the query's own bytes: only the key is new
        shelf.listings.keep(as_sent, listed.clone(), 0);
    }
    Ok((listed, Some((words, filter, page))))
}

/// The first page of a category's products (`category_slug`), or of all products, as a guest gets it
/// from `/web/api/v1/products/?category_slug={slug}` (`?page=1` for all), which the app asks for
/// first: what that page's HTML shows before the app runs (crate::web). None for no such category.
pub async fn first_page(state: &AppState, category_slug: Option<&str>) -> ApiResult<Option<Arc<Listed>>> {
    let shelf = shelf::current(state).await?;
    let (as_sent, q) = match category_slug {
        Some(slug) => (format!("?category_slug={slug}"), ListingQuery { category_slug: Some(slug.to_string()), ..ListingQuery::default() }),
        None => ("?page=1".to_string(), ListingQuery { page: Some(1), ..ListingQuery::default() }),
    };
    match listed(&shelf, Some(as_sent), &q).await {
        Ok((listed, _)) => Ok(Some(listed)),
        Err(e) if e.status == axum::http::StatusCode::NOT_FOUND => Ok(None),
        Err(e) => Err(e),
    }
}

/// The page as every guest sees it, or, for a shopper, with their hearts.
async fn answer(state: &AppState, viewer: &Viewer, headers: HeaderMap, listed: &Listed) -> ApiResult<Response> {
    let Some(u) = &viewer.user else { return Ok((headers, listed.answer.clone()).into_response()) };
    let shopper = crate::kept::shoppers::facts(state, u.id).await?;
    let in_wishlist: Vec<i64> = listed.list.products.iter().map(|p| p.id).filter(|&id| shopper.hearted(id)).collect();
    if let Some(mine) = listed.answer.with_own_fields("in_wishlist", &OwnFields { in_wishlist: &in_wishlist }) {
        return Ok((headers, mine).into_response());
    }
    let mut out = listed.list.clone();
    out.in_wishlist = in_wishlist;
    Ok((headers, Json(out)).into_response())
}

/// A listing page as every guest sees it, and its JSON.
pub struct Listed {
    pub list: ProductList,
    pub answer: Answer,
    /// The products it was worked out from.
    pub from: ListedFrom,
}

/// What a listing page was worked out from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ListedFrom {
    /// A category's products (None: every product), and nothing else: its products, counts and
    /// cards change only when one of them does.
    Category(Option<i64>),
    /// A search, which may also show best sellers from anywhere.
    Search,
}

impl Listed {
    /// About what keeping it holds: the answer, and the page as a struct, which holds about what
    /// its JSON does.
    fn kept_bytes(&self) -> usize {
        self.answer.kept_bytes() + self.answer.body.len()
    }
}

/// The first page of a category (None: every product) by popularity, unfiltered, as `listed` keeps it.
#[cfg(test)]
pub(super) fn first_page_of(shelf: &Shelf, category: Option<i64>) -> Arc<Listed> {
    let list = list_page(shelf, category, None, &Filter::default(), Sort::Popularity, 1);
    Arc::new(Listed { answer: Answer::json(&list).unwrap(), list, from: ListedFrom::Category(category) })
}

/// One page of a category or a search as every shopper sees it (`in_wishlist` left empty).
fn list_page(shelf: &Shelf, category: Option<i64>, search_for: Option<(&str, Searchable)>, filter: &Filter, sort: Sort, page: usize) -> ProductList {
    let in_category = shelf.in_category(category);
    let mut candidates = None;
    let mut relevance = None;
    let mut search = None;
    let searched = search_for.is_some();
    if let Some((words, searchable)) = search_for {
        let (mut matched, scores) = searchable.matching(words);
        if category.is_some() {
            matched.retain(|i| in_category.binary_search(i).is_ok());
        }
        let candidates = candidates.insert(matched);
        relevance = Some(scores);
        let matched = !candidates.is_empty();
        let (did_you_mean, popular) = if matched { (None, vec![]) } else { (searchable.did_you_mean(words), shelf.cards(&best_sellers(shelf, 8))) };
        let corrected = if matched { searchable.index.corrected(words) } else { None };
        search = Some(SearchInfo { q: words.to_string(), matched, corrected, did_you_mean, popular });
    }
    let out = listing::run(&shelf.catalog, candidates.as_deref().unwrap_or(in_category), relevance.as_deref(), filter, sort, page);
    let facet = |values: Vec<listing::FacetCount>, swatch: bool| -> Vec<FacetValue> {
        values
            .into_iter()
            .map(|f| FacetValue {
                label: f.value.clone(),
                rgb: if swatch { shelf.swatches.get(&f.value).cloned().unwrap_or_default() } else { String::new() },
                value: f.value,
                count: f.count as i64,
                selected: f.selected,
            })
            .collect()
    };
    let mut discounts = facet(out.facets.discounts, false);
    for d in &mut discounts {
        d.label = format!("{}% and above", d.value);
    }
    let total = out.total as i64;
    ProductList {
        products: shelf.cards(&out.ids),
        page: page as i64,
        num_pages: ((total + PAGE_SIZE as i64 - 1) / PAGE_SIZE as i64).max(1),
        total,
        sort: sort.value().to_string(),
        sorts: Sort::offered(searched).into_iter().map(|s| SortOption { value: s.value().into(), label: s.label().into() }).collect(),
        facets: ListingFacets {
            size: facet(out.facets.sizes, false),
            color: facet(out.facets.colours, true),
            style: facet(out.facets.styles, false),
            discount: discounts,
            price: PriceRange { min_rupees: out.facets.price_min, max_rupees: out.facets.price_max },
            in_stock: InStockFacet { count: out.facets.in_stock as i64, selected: filter.in_stock },
        },
        search,
        in_wishlist: vec![],
    }
}

//! Ratings, feedback and reviews (spec 001 §4, §5, §7). Only a shopper with a Delivered order of the
//! product may rate or review it; the server enforces this, the page only mirrors it.

use crate::error::{ApiError, ApiResult};
use crate::extract::{path_id, Form, Json, Query};
use crate::features::catalog::find_product;
use crate::limits;
use crate::security::Viewer;
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use drape_domain::limits::REVIEWS_PER_SHOPPER;
use drape_domain::validation::review;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub const REVIEWS_PER_PAGE: i64 = 5;

fn not_eligible() -> ApiError {
    ApiError::new(StatusCode::FORBIDDEN, "not_eligible", "Only customers who have bought this product can review.")
}

fn parse_id(raw: &str, what: &str) -> ApiResult<i64> {
    path_id(raw).ok_or_else(|| ApiError::field(what, format!("{what} must be a number.")))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[allow(non_snake_case)]
pub struct MyRatingQuery {
    pub productId: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct MyRating {
    /// Always sent: null when there is none.
    #[schema(required = true)]
    pub orderid: Option<String>,
    pub my_rating: i64,
    pub orderstatus: String,
    pub ordered_by_user: bool,
}

/// The visitor's rating of a product and the order it refers to.
#[utoipa::path(get, path = "/get-my-rating/", tag = "reviews", params(MyRatingQuery),
    responses((status = 200, body = MyRating), (status = 400, body = crate::error::ErrorBody)))]
pub async fn my_rating(State(state): State<AppState>, viewer: Viewer, Query(q): Query<MyRatingQuery>) -> ApiResult<axum::Json<MyRating>> {
    let product_id = parse_id(&q.productId, "productId")?;
    let empty = MyRating { orderid: None, my_rating: 0, orderstatus: String::new(), ordered_by_user: false };
    let Some(user) = &viewer.user else { return Ok(axum::Json(empty)) };
    let Some(order) = state.store.order_with_product(user.id, product_id).await? else { return Ok(axum::Json(empty)) };
    let stars = state.store.my_rating(user.id, product_id, &order.order_ref).await?.unwrap_or(0);
    Ok(axum::Json(MyRating { orderid: Some(order.order_ref), my_rating: stars, orderstatus: order.status, ordered_by_user: true }))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[allow(non_snake_case)]
pub struct RatingForm {
    pub rating: String,
    pub pId: String,
    pub orderid: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct RatingSaved {
    pub responseid: i64,
}

/// Saves the shopper's stars for a delivered order's product; a second rating of that order updates it.
#[utoipa::path(post, path = "/rating/save/", tag = "reviews", request_body(content = RatingForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = RatingSaved), (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn save_rating(State(state): State<AppState>, viewer: Viewer, Form(f): Form<RatingForm>) -> ApiResult<axum::Json<RatingSaved>> {
    let user = viewer.require_user()?;
    let stars: i64 = f.rating.trim().parse().ok().filter(|s| (1..=5).contains(s)).ok_or_else(|| ApiError::field("rating", "Please choose 1 to 5 stars."))?;
    let product_id = parse_id(&f.pId, "pId")?;
    let order_ref = f.orderid.trim();
    if order_ref.is_empty() || order_ref.len() > 40 || !state.store.is_delivered_purchase(user.id, product_id, order_ref).await? {
        return Err(not_eligible());
    }
    let id = state.store.save_rating(product_id, user.id, order_ref, stars, state.now()).await?;
    Ok(axum::Json(RatingSaved { responseid: id }))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct FeedbackOption {
    pub value: String,
    pub label: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct FeedbackQuestion {
    pub text: String,
    pub slug: String,
    pub question_type: String,
    pub total_rating_count: i64,
    pub options: Vec<FeedbackOption>,
    /// Option values the form emphasises (the fit question: 1 and 5).
    pub emphasis: Vec<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct FeedbackQuestions {
    pub f_questions_secondary: Vec<FeedbackQuestion>,
    pub comment: String,
}

/// (slug, question, option labels 1…5, emphasised values)
const QUESTIONS: [(&str, &str, [&str; 5], &[&str]); 3] = [
    ("fit", "How was the fit?", ["Too tight", "Slightly tight", "Just right", "Slightly loose", "Too loose"], &["1", "5"]),
    ("comfort", "How comfortable was it?", ["Very uncomfortable", "Uncomfortable", "Okay", "Comfortable", "Very comfortable"], &[]),
    ("quality", "How was the fabric and finish?", ["Very poor", "Poor", "Average", "Good", "Excellent"], &[]),
];

fn question_slug_known(slug: &str) -> bool {
    QUESTIONS.iter().any(|q| q.0 == slug)
}

/// The extra questions asked when a rating is below 4.
#[utoipa::path(get, path = "/web/api/v1/product/{slug}/feedback-questions/s/", tag = "reviews",
    params(("slug" = String, Path)), responses((status = 200, body = FeedbackQuestions), (status = 404, body = crate::error::ErrorBody)))]
pub async fn feedback_questions(State(state): State<AppState>, Path(slug): Path<String>) -> ApiResult<axum::Json<FeedbackQuestions>> {
    let p = find_product(&state, &slug).await?;
    let rated = drape_domain::ratings::total(&state.store.rating_counts(p.id).await?.public);
    Ok(axum::Json(FeedbackQuestions {
        f_questions_secondary: QUESTIONS
            .iter()
            .map(|(slug, text, labels, emphasis)| FeedbackQuestion {
                text: text.to_string(),
                slug: slug.to_string(),
                question_type: "radio".into(),
                total_rating_count: rated,
                options: labels.iter().enumerate().map(|(i, l)| FeedbackOption { value: (i + 1).to_string(), label: l.to_string() }).collect(),
                emphasis: emphasis.iter().map(|s| s.to_string()).collect(),
            })
            .collect(),
        comment: "Tell us more about the product".into(),
    }))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Status {
    pub status: String,
}

/// Saves the feedback form that follows a star rating. Radio answers arrive as fields named by question slug.
#[utoipa::path(post, path = "/save-product-feedback/", tag = "reviews",
    responses((status = 200, body = Status), (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody)))]
pub async fn save_feedback(State(state): State<AppState>, viewer: Viewer, Form(f): Form<BTreeMap<String, String>>) -> ApiResult<axum::Json<Status>> {
    let user = viewer.require_user()?;
    let rating_id = f.get("responseid").and_then(|v| v.trim().parse::<i64>().ok());
    let rating = match rating_id {
        Some(id) => state.store.rating_by_id(id).await?,
        None => None,
    };
    // A rating of someone else's is treated as no rating at all: nothing about it is revealed.
    let Some(rating) = rating.filter(|r| r.user_id == user.id) else {
        return Err(ApiError::field("responseid", "Please rate the product to write review"));
    };
    if let Some(pid) = f.get("productid").and_then(|v| v.trim().parse::<i64>().ok()) {
        if pid != rating.product_id {
            return Err(ApiError::field("productid", "This feedback is for a different product."));
        }
    }
    let text = f.get("review").map(|s| s.trim()).unwrap_or("");
    if text.is_empty() {
        return Err(ApiError::field("review", "Please enter review"));
    }
    if text.chars().count() > 1000 {
        return Err(ApiError::field("review", "Max 1000 characters allowed in feedback"));
    }
    let mut answers = BTreeMap::new();
    for (k, v) in &f {
        if question_slug_known(k) {
            let v = v.trim();
            if !matches!(v, "1" | "2" | "3" | "4" | "5") {
                return Err(ApiError::field(k, "Please choose one of the options."));
            }
            answers.insert(k.clone(), v.to_string());
        }
    }
    let device = f.get("device").map(|d| d.trim()).filter(|d| matches!(*d, "web" | "android" | "ios")).unwrap_or("web");
    let answers_json = serde_json::to_string(&answers).unwrap_or_else(|_| "{}".into());
    state.store.save_feedback(rating.id, user.id, text, &answers_json, device, state.now()).await?;
    Ok(axum::Json(Status { status: "success".into() }))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct ReviewIn {
    pub headline: String,
    pub comment: String,
    #[serde(default)]
    pub public_name: String,
    pub product: i64,
    #[serde(default)]
    pub star: Option<i64>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ReviewSaved {
    pub status: String,
    pub id: i64,
}

/// Saves a written review (the spec's review save; path from spec 000 §7). One review per shopper and
/// product: a second one edits the first.
#[utoipa::path(post, path = "/api/v1/reviews/", tag = "reviews", request_body = ReviewIn,
    responses((status = 200, body = ReviewSaved), (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody)))]
pub async fn save_review(State(state): State<AppState>, viewer: Viewer, Json(r): Json<ReviewIn>) -> ApiResult<axum::Json<ReviewSaved>> {
    let user = viewer.require_user()?;
    if let Some(message) = review::check(&r.headline, &r.comment, &r.public_name) {
        return Err(ApiError::bad_request(message));
    }
    let order = state.store.order_with_product(user.id, r.product).await?;
    let Some(order) = order.filter(|o| o.status == drape_store::orders::DELIVERED) else {
        return Err(not_eligible());
    };
    limits::take(&state, &REVIEWS_PER_SHOPPER, &user.id.to_string(), |_| "You have written many reviews today. Please try again tomorrow.".to_string()).await?;
    let stars = match r.star {
        Some(s) if (1..=5).contains(&s) => s,
        Some(_) => return Err(ApiError::field("star", "Please choose 1 to 5 stars.")),
        None => state
            .store
            .my_rating(user.id, r.product, &order.order_ref)
            .await?
            .ok_or_else(|| ApiError::field("star", "Please rate the product to write review"))?,
    };
    let id = state.store.save_review(r.product, user.id, r.headline.trim(), r.comment.trim(), r.public_name.trim(), stars, state.now()).await?;
    Ok(axum::Json(ReviewSaved { status: "success".into(), id }))
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct PageQuery {
    /// Page number, from 1.
    #[param(value_type = Option<i64>, minimum = 1, maximum = 100000)]
    pub page: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ReviewPage {
    /// Rows by position (docs/api.md): id, title, description, public name, product id, verified buyer,
    /// the name listed, date, two positions the spec leaves unnamed (always null), stars.
    #[allow(clippy::type_complexity)]
    pub object_list: Vec<(i64, String, String, String, i64, bool, String, String, Option<i64>, Option<i64>, i64)>,
    pub total_reviews: i64,
    pub num_pages: i64,
    pub number: i64,
    pub has_previous: bool,
    pub has_next: bool,
    /// Always sent: null when there is none.
    #[schema(required = true)]
    pub previous_page_number: Option<i64>,
    /// Always sent: null when there is none.
    #[schema(required = true)]
    pub next_page_number: Option<i64>,
}

/// One page of a product's reviews, five a page, newest first.
#[utoipa::path(get, path = "/web/api/v1/product/{slug}/web-reviews/s/", tag = "reviews",
    params(("slug" = String, Path), PageQuery), responses((status = 200, body = ReviewPage), (status = 404, body = crate::error::ErrorBody)))]
pub async fn web_reviews(State(state): State<AppState>, Path(slug): Path<String>, Query(q): Query<PageQuery>) -> ApiResult<axum::Json<ReviewPage>> {
    let p = find_product(&state, &slug).await?;
    let page = match q.page.as_deref().map(str::trim) {
        None | Some("") => 1,
        Some(v) => v.parse::<i64>().ok().filter(|n| (1..=100_000).contains(n)).ok_or_else(|| ApiError::field("page", "Page must be a number from 1."))?,
    };
    let (rows, total) = state.store.reviews_page(p.id, REVIEWS_PER_PAGE, (page - 1) * REVIEWS_PER_PAGE).await?;
    let num_pages = ((total + REVIEWS_PER_PAGE - 1) / REVIEWS_PER_PAGE).max(1);
    let object_list = rows
        .into_iter()
        .map(|r| {
            let date = chrono::DateTime::from_timestamp_millis(r.created_at).map(|d| d.format("%-d %b %Y").to_string()).unwrap_or_default();
            (r.id, r.headline, r.comment, r.public_name.clone(), r.product_id, r.verified != 0, review::display_name(&r.public_name), date, None, None, r.stars)
        })
        .collect();
    Ok(axum::Json(ReviewPage {
        object_list,
        total_reviews: total,
        num_pages,
        number: page,
        has_previous: page > 1,
        has_next: page < num_pages,
        previous_page_number: (page > 1).then(|| page - 1),
        next_page_number: (page < num_pages).then(|| page + 1),
    }))
}

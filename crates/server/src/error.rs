//! One error shape for every 4xx and 5xx: `{"error": code, "message": text, "fields": {…}}`.
//! 5xx answers never carry their cause; it is logged.

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use drape_store::StoreError;
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// A stable machine code, such as `not_found` or `csrf_failed`.
    pub error: String,
    /// A sentence the UI shows as it is.
    pub message: String,
    /// Per-field messages, when a form field is at fault.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub fields: BTreeMap<String, String>,
}

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub body: ErrorBody,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &str, message: impl Into<String>) -> Self {
        ApiError { status, body: ErrorBody { error: code.to_string(), message: message.into(), fields: BTreeMap::new() } }
    }
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }
    /// A form field at fault: the message is both the top-level one and the field's.
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        let mut e = Self::new(StatusCode::BAD_REQUEST, "invalid_field", message.clone());
        e.body.fields.insert(field.to_string(), message);
        e
    }
    /// Several form fields at fault at once: the top-level message asks to check the form, each field
    /// carries its own.
    pub fn fields<'a>(errors: impl IntoIterator<Item = (&'a str, String)>) -> Self {
        let mut e = Self::new(StatusCode::BAD_REQUEST, "invalid_field", "Please check the highlighted fields.");
        e.body.fields.extend(errors.into_iter().map(|(k, v)| (k.to_string(), v)));
        if e.body.fields.len() == 1 {
            e.body.message = e.body.fields.values().next().cloned().unwrap_or_default();
        }
        e
    }
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", message)
    }
    pub fn unauthorized() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "login_required", "Please log in to continue.")
    }
    pub fn too_many(message: impl Into<String>) -> Self {
        Self::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", message)
    }
    pub fn internal() -> Self {
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", "Something went wrong on our side. Please try again.")
    }

    /// The standard body for a status that some layer produced without one of ours.
    pub fn for_status(status: StatusCode) -> Self {
        let (code, message) = match status {
            StatusCode::BAD_REQUEST => ("bad_request", "The request could not be understood."),
            StatusCode::UNAUTHORIZED => ("login_required", "Please log in to continue."),
            StatusCode::FORBIDDEN => ("forbidden", "You are not allowed to do that."),
            StatusCode::NOT_FOUND => ("not_found", "We couldn't find that page."),
            StatusCode::METHOD_NOT_ALLOWED => ("method_not_allowed", "That action is not allowed here."),
            StatusCode::PAYLOAD_TOO_LARGE => ("too_large", "That request is too large."),
            StatusCode::UNSUPPORTED_MEDIA_TYPE => ("unsupported_media_type", "Please send JSON or a form."),
            StatusCode::UNPROCESSABLE_ENTITY => ("bad_request", "Some of the details sent are not valid."),
            StatusCode::TOO_MANY_REQUESTS => ("rate_limited", "Too many requests. Please wait a moment."),
            s if s.is_server_error() => ("internal", "Something went wrong on our side. Please try again."),
            _ => ("error", "The request could not be completed."),
        };
        Self::new(status, code, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if self.status.is_server_error() {
            tracing::error!(status = %self.status, code = %self.body.error, "server error");
        }
        let body = serde_json::to_vec(&self.body).unwrap_or_default();
        (self.status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NotFound => ApiError::not_found("We couldn't find what you were looking for."),
            other => {
                tracing::error!(error = %other, "store error");
                ApiError::internal()
            }
        }
    }
}

impl From<JsonRejection> for ApiError {
    fn from(r: JsonRejection) -> Self {
        match r {
            JsonRejection::MissingJsonContentType(_) => {
                Self::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type", "Please send JSON (Content-Type: application/json).")
            }
            JsonRejection::BytesRejection(_) => Self::new(StatusCode::PAYLOAD_TOO_LARGE, "too_large", "That request is too large."),
            other => Self::from_parse_error(&other.body_text(), "The details sent are not valid."),
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(r: QueryRejection) -> Self {
        Self::from_parse_error(&r.body_text(), "The address has a value that is not valid.")
    }
}

impl ApiError {
    /// A body, form or query the parser refused, told in the shop's words: the field at fault and
    /// what it should be, never the parser's own text (line and column numbers, Rust type names).
    pub fn from_parse_error(parser_text: &str, fallback: &str) -> Self {
        match describe_parse_error(parser_text) {
            Some((field, what)) => Self::field(&field, what),
            None => Self::bad_request(fallback),
        }
    }
}

/// ("quantity", "Please send a whole number.") from serde's "…: quantity: invalid type: string "x",
/// expected i64 at line 1 column 15", or from "missing field `product`".
fn describe_parse_error(text: &str) -> Option<(String, String)> {
    if let Some(rest) = text.split("missing field `").nth(1) {
        let field = rest.split('`').next()?.to_string();
        return Some((field, "This is required.".into()));
    }
    // After the extractor's own prefix ("Failed to deserialize …: "), serde writes "path: problem".
    let detail = text.split_once(": ").map_or(text, |(_, d)| d);
    let (path, problem) = detail.split_once(": ")?;
    let field = path.trim();
    if field.is_empty() || field.len() > 60 || !field.chars().all(|c| c.is_ascii_alphanumeric() || "_.[]".contains(c)) {
        return None;
    }
    // What was expected decides the words ("invalid type: integer `5`, expected a string" wants text).
    let expected = problem.split("expected ").nth(1).unwrap_or(problem);
    let what = if ["i64", "u64", "i32", "u32", "integer"].iter().any(|k| expected.contains(k)) || problem.contains("invalid digit") {
        "Please send a whole number."
    } else if expected.contains("bool") {
        "Please send true or false."
    } else if expected.contains("a string") {
        "Please send text."
    } else if expected.contains("a sequence") {
        "Please send a list."
    } else {
        "This value is not valid."
    };
    Some((field.to_string(), what.into()))
}

pub type ApiResult<T> = Result<T, ApiError>;

#[cfg(test)]
mod tests {
    use super::describe_parse_error;

    #[test]
    fn parser_errors_name_the_field_in_plain_words() {
        let d = |t: &str| describe_parse_error(t);
        assert_eq!(
            d("Failed to deserialize the JSON body into the target type: quantity: invalid type: string \"x\", expected i64 at line 1 column 15"),
            Some(("quantity".into(), "Please send a whole number.".into()))
        );
        assert_eq!(
            d("Failed to deserialize the JSON body into the target type: missing field `product` at line 1 column 2"),
            Some(("product".into(), "This is required.".into()))
        );
        assert_eq!(d("Failed to deserialize query string: page: invalid digit found in string"), Some(("page".into(), "Please send a whole number.".into())));
        assert_eq!(d("Failed to parse the request body as JSON: EOF while parsing a value at line 1 column 0"), None);
        assert_eq!(
            d("Failed to deserialize the JSON body into the target type: size: invalid type: integer `5`, expected a string at line 1 column 9"),
            Some(("size".into(), "Please send text.".into()))
        );
        assert_eq!(
            d("Failed to deserialize the JSON body into the target type: gift_wrap: invalid type: integer `1`, expected a boolean at line 1 column 14"),
            Some(("gift_wrap".into(), "Please send true or false.".into()))
        );
    }
}

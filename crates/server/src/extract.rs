//! Request extractors that answer bad input with the one error shape.

use crate::error::ApiError;
use crate::AppState;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use ipnet::IpNet;
use serde::de::DeserializeOwned;
use std::net::{IpAddr, SocketAddr};

/// `axum::Json`, with rejections in our error shape.
pub struct Json<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Json<T> {
    type Rejection = ApiError;
    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let axum::Json(v) = axum::Json::<T>::from_request(req, state).await?;
        Ok(Json(v))
    }
}

/// `axum::extract::Query`, with rejections in our error shape.
pub struct Query<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let axum::extract::Query(v) = axum::extract::Query::<T>::from_request_parts(parts, state).await?;
        Ok(Query(v))
    }
}

/// Who is asking, for rate limits: the peer address, or behind a trusted proxy the address it
/// forwarded for ("unknown" in in-process tests, which have no peer).
pub struct ClientAddr(pub String);

impl FromRequestParts<AppState> for ClientAddr {
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let peer = parts.extensions.get::<axum::extract::ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
        let forwarded = parts.headers.get_all("x-forwarded-for").iter().filter_map(|v| v.to_str().ok());
        let addr = peer.map(|p| client_address(p, forwarded, &state.config.trusted_proxies).to_string());
        Ok(ClientAddr(addr.unwrap_or_else(|| "unknown".to_string())))
    }
}

/// The client behind a request. `X-Forwarded-For` is believed only when the peer is a trusted proxy;
/// then the nearest address in it that is not itself a trusted proxy is the client (each proxy appends
/// the address it heard from, so anything further left could have been typed by the client).
pub fn client_address<'a>(peer: IpAddr, forwarded_for: impl Iterator<Item = &'a str>, trusted: &[IpNet]) -> IpAddr {
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|n| n.contains(ip));
    if !is_trusted(&peer) {
        return peer;
    }
    let hops: Vec<&str> = forwarded_for.flat_map(|v| v.split(',')).map(str::trim).collect();
    for hop in hops.iter().rev() {
        match hop.parse::<IpAddr>() {
            Ok(ip) if is_trusted(&ip) => continue,
            Ok(ip) => return ip,
            // A hop that is not an address: stop believing the header there.
            Err(_) => return peer,
        }
    }
    peer
}

/// An id from a path segment: a positive whole number, else None (the caller answers 404 in its own
/// words: a malformed id names nothing, like an unknown one).
pub fn path_id(raw: &str) -> Option<i64> {
    raw.trim().parse().ok().filter(|id: &i64| *id > 0)
}

/// `axum::Form`, with rejections in our error shape.
pub struct Form<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Form<T> {
    type Rejection = ApiError;
    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Form::<T>::from_request(req, state).await {
            Ok(axum::Form(v)) => Ok(Form(v)),
            Err(r) if r.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE => Err(ApiError::for_status(r.status())),
            Err(r) => Err(ApiError::from_parse_error(&r.body_text(), "The form is not valid.")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn forwarded_for_is_believed_only_from_trusted_proxies() {
        let lb = crate::config::parse_proxies("10.0.0.0/8").unwrap();
        // Direct traffic: the header is the client's own words.
        assert_eq!(client_address(ip("203.0.113.9"), ["1.2.3.4"].into_iter(), &lb), ip("203.0.113.9"));
        assert_eq!(client_address(ip("203.0.113.9"), ["1.2.3.4"].into_iter(), &[]), ip("203.0.113.9"));
        // Through the load balancer: the address it heard from.
        assert_eq!(client_address(ip("10.0.0.5"), ["49.36.1.2"].into_iter(), &lb), ip("49.36.1.2"));
        // A client that sends its own header gets it prepended, never believed.
        assert_eq!(client_address(ip("10.0.0.5"), ["6.6.6.6, 49.36.1.2"].into_iter(), &lb), ip("49.36.1.2"));
        // Two proxies of ours in a row, and the header split over two lines.
        assert_eq!(client_address(ip("10.0.0.5"), ["6.6.6.6, 49.36.1.2", "10.0.0.9"].into_iter(), &lb), ip("49.36.1.2"));
        // Nothing usable: the proxy itself.
        assert_eq!(client_address(ip("10.0.0.5"), std::iter::empty(), &lb), ip("10.0.0.5"));
        assert_eq!(client_address(ip("10.0.0.5"), ["junk"].into_iter(), &lb), ip("10.0.0.5"));
    }
}

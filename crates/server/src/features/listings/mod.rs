//! Category listings and search (issue 13): one in-memory picture of the catalog (`shelf`), the
//! listing with its filters, counts and sorts (`listing`), and the search screen's calls (`search`).

pub mod listing;
pub mod search;
pub mod shelf;

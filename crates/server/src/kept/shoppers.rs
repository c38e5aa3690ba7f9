//! Kept shoppers: a logged-in shopper's session, wishlist and received sizes, kept in memory so their
//! product and listing answers are the kept page plus a field or two, with no read of their own.
//!
//! The same way as the pages (see the module above): triggers bump the shoppers' version and record,
//! per shopper, the version of their latest change, in the same transaction (migration 0018). Each
//! request that needs a shopper reads the versions (the shared read), and when the shoppers' version
//! moved, what changed since is dropped before any of it is used: a logout, a blacklisting or a
//! wishlist change made through any process is seen by the next request in every process. A
//! session's end is compared with the clock on every use. A session is kept only once read, so a new
//! one needs no trigger; a token that finds no session is never kept.

use super::{versions, Kept};
use crate::error::ApiResult;
use crate::AppState;
use drape_store::auth::{hash_secret, User};
use drape_store::orders::BoughtSize;
use std::collections::HashMap;
use std::sync::Arc;

/// The most sessions, and the most shoppers' facts, kept. Past it, that map starts again empty (a
/// few hundred bytes each: 50,000 are about 20 MB).
const MOST: usize = 50_000;

/// What a shopper's answers read about them.
pub struct ShopperFacts {
    /// Products in their wishlist, each with whether one entry is without a size (the hearts on
    /// cards and listing pages toggle those).
    wishlist: Vec<(i64, bool)>,
    /// The lines of their delivered orders, newest first.
    pub received: Vec<BoughtSize>,
}

impl ShopperFacts {
    /// In the wishlist in any size (the product page's heart).
    pub fn in_wishlist(&self, product: i64) -> bool {
        self.wishlist.iter().any(|&(p, _)| p == product)
    }

    /// In the wishlist without a size (a card's heart).
    pub fn hearted(&self, product: i64) -> bool {
        self.wishlist.iter().any(|&(p, without_size)| p == product && without_size)
    }
}

#[derive(Default)]
pub(super) struct Shoppers {
    /// The shoppers' version what is kept is current at (0: not read yet, nothing kept).
    synced: i64,
    /// Token hash → the shopper and when the session ends (epoch millis).
    sessions: HashMap<String, (User, i64)>,
    /// Shopper → the token hashes of their kept sessions, so a change to one shopper drops theirs
    /// without walking every kept session.
    tokens: HashMap<i64, Vec<String>>,
    facts: HashMap<i64, Arc<ShopperFacts>>,
}

impl Shoppers {
    fn drop_shopper(&mut self, user_id: i64) {
        for hash in self.tokens.remove(&user_id).unwrap_or_default() {
            self.sessions.remove(&hash);
        }
        self.facts.remove(&user_id);
    }

    fn keep_session(&mut self, hash: String, user: User, ends: i64) {
        if self.sessions.len() >= MOST {
            self.sessions.clear();
            self.tokens.clear();
        }
        let user_id = user.id;
        if self.sessions.insert(hash.clone(), (user, ends)).is_none() {
            self.tokens.entry(user_id).or_default().push(hash);
        }
    }

    fn forget_all(&mut self) {
        self.sessions.clear();
        self.tokens.clear();
        self.facts.clear();
    }
}

/// The kept shoppers as of now: what changed since they were last synced is dropped first.
pub struct CurrentShoppers<'a> {
    kept: &'a Kept,
    at: i64,
}

pub async fn current(state: &AppState) -> ApiResult<CurrentShoppers<'_>> {
    let wanted = versions(state).await?.shoppers;
    let kept = &*state.kept;
    if kept.shoppers().synced < wanted {
        let _one = kept.syncing_shoppers.lock().await;
        let from = kept.shoppers().synced;
        if from < wanted {
            let changed = if from == 0 { vec![] } else { state.store.shoppers_changed_since(from).await? };
            let mut shoppers = kept.shoppers();
            if changed.len() > shoppers.facts.len() + shoppers.sessions.len() {
                shoppers.forget_all();
            } else {
                for user_id in changed {
                    shoppers.drop_shopper(user_id);
                }
            }
            shoppers.synced = wanted;
        }
    }
    let at = kept.shoppers().synced;
    Ok(CurrentShoppers { kept, at })
}

/// The shopper behind a session token, if the session is open now.
pub async fn session_user(state: &AppState, token: &str) -> ApiResult<Option<User>> {
    let now = state.now().timestamp_millis();
    let current = current(state).await?;
    let hash = hash_secret(token);
    if let Some((user, ends)) = current.kept.shoppers().sessions.get(&hash) {
        return Ok((*ends > now).then(|| user.clone()));
    }
    let Some((user, ends)) = state.store.session(token).await? else { return Ok(None) };
    current.keep(|s| s.keep_session(hash, user.clone(), ends));
    Ok((ends > now).then_some(user))
}

/// What the shopper's answers read about them.
pub async fn facts(state: &AppState, user_id: i64) -> ApiResult<Arc<ShopperFacts>> {
    let current = current(state).await?;
    if let Some(facts) = current.kept.shoppers().facts.get(&user_id) {
        return Ok(facts.clone());
    }
    let facts = Arc::new(ShopperFacts { wishlist: state.store.wishlist_of(user_id).await?, received: state.store.delivered_sizes(user_id).await? });
    current.keep(|s| {
        if s.facts.len() >= MOST {
            s.facts.clear();
        }
        s.facts.insert(user_id, facts.clone());
    });
    Ok(facts)
}

impl CurrentShoppers<'_> {
    /// Keeps what was read, unless the kept shoppers moved on since this request's reads began (then
    /// it may predate a change: it is used once and not kept).
    fn keep(&self, put: impl FnOnce(&mut Shoppers)) {
        let mut shoppers = self.kept.shoppers();
        if shoppers.synced == self.at {
            put(&mut shoppers);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(id: i64) -> User {
        User {
            id,
            mobile: format!("98765{id:05}"),
            email: None,
            name: String::new(),
            is_superuser: false,
            can_see_unused_stock: false,
            is_affiliate: false,
            is_blacklist_user: false,
        }
    }

    #[test]
    fn what_was_read_before_the_last_sync_is_used_but_not_kept() {
        let kept = Kept::default();
        kept.shoppers().synced = 5;
        CurrentShoppers { kept: &kept, at: 4 }.keep(|s| s.keep_session("a".into(), user(1), i64::MAX));
        assert!(kept.shoppers().sessions.is_empty());
        CurrentShoppers { kept: &kept, at: 5 }.keep(|s| s.keep_session("a".into(), user(1), i64::MAX));
        assert_eq!(kept.shoppers().sessions.len(), 1);
    }

    #[test]
    fn a_shopper_change_drops_their_sessions_and_facts_and_only_theirs() {
        let kept = Kept::default();
        let mut s = kept.shoppers();
        for (token, id) in [("a", 1), ("b", 1), ("c", 2), ("a", 1)] {
            s.keep_session(token.into(), user(id), i64::MAX);
        }
        for id in [1, 2] {
            s.facts.insert(id, Arc::new(ShopperFacts { wishlist: vec![(7, true)], received: vec![] }));
        }
        s.drop_shopper(1);
        assert_eq!(s.sessions.keys().collect::<Vec<_>>(), vec!["c"]);
        assert_eq!(s.facts.keys().collect::<Vec<_>>(), vec![&2]);
        assert_eq!(s.tokens.keys().collect::<Vec<_>>(), vec![&2], "the index forgets them too");
        s.drop_shopper(2);
        assert!(s.sessions.is_empty() && s.tokens.is_empty());
    }

    #[test]
    fn a_card_heart_is_an_entry_without_a_size() {
        let f = ShopperFacts { wishlist: vec![(1, false), (2, true)], received: vec![] };
        assert!(f.in_wishlist(1) && f.in_wishlist(2) && !f.in_wishlist(3));
        assert!(!f.hearted(1) && f.hearted(2));
    }
}

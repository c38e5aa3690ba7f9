//! Shoppers, login codes, sessions and the counted events behind rate limits.

use crate::db::millis;
use crate::{flag, Result, Store, StoreError};
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};
use sqlx::FromRow;

#[derive(Debug, Clone, FromRow)]
pub struct UserRow {
    pub id: i64,
    pub mobile: String,
    pub email: Option<String>,
    pub name: String,
    pub is_superuser: i64,
    pub can_see_unused_stock: i64,
    pub is_affiliate: i64,
    pub is_blacklist_user: i64,
}

/// A shopper as the rest of the system sees them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub id: i64,
    pub mobile: String,
    pub email: Option<String>,
    pub name: String,
    pub is_superuser: bool,
    pub can_see_unused_stock: bool,
    pub is_affiliate: bool,
    pub is_blacklist_user: bool,
}

impl User {
    /// Superusers and holders of the 'unused stock' permission see raw stock and all ratings (spec 001 §6).
    pub fn is_privileged(&self) -> bool {
        self.is_superuser || self.can_see_unused_stock
    }
}

impl From<UserRow> for User {
    fn from(r: UserRow) -> Self {
        User {
            id: r.id,
            mobile: r.mobile,
            email: r.email,
            name: r.name,
            is_superuser: flag(r.is_superuser),
            can_see_unused_stock: flag(r.can_see_unused_stock),
            is_affiliate: flag(r.is_affiliate),
            is_blacklist_user: flag(r.is_blacklist_user),
        }
    }
}

#[derive(Debug, Clone, FromRow)]
pub struct Otp {
    pub id: i64,
    pub code_hash: String,
    pub created_at: i64,
    pub expires_at: i64,
    pub guesses: i64,
    pub consumed_at: Option<i64>,
}

/// What became of a login guess.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Guess {
    /// The code matched and is now used.
    Right,
    /// Counted against the code.
    Wrong,
    /// No code could take a guess: none sent, used, expired, or out of guesses.
    NotJudged,
}

/// Tokens and codes are stored only as their SHA-256, so a copy of the database logs no one in.
pub fn hash_secret(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

/// 2026-01-01 00:00:00 UTC: new guest tokens and new cart ids count their millisecond from here.
const MILLIS_FROM: i64 = 1_767_225_600_000;

/// Milliseconds since 2026-01-01 (0 for a clock set before it).
pub(crate) fn millis_since_2026(now_millis: i64) -> i64 {
    (now_millis - MILLIS_FROM).max(0)
}

/// How many hex digits of a guest token are the millisecond it was made (enough until 2583).
const TOKEN_LEAD: usize = 11;

/// A new guest browser's token: the millisecond it was made (11 hex digits) and 32 random bytes (64
/// hex digits). The millisecond is there for `guest_key`; the random part is what cannot be guessed.
pub fn new_guest_token(now: DateTime<Utc>) -> String {
    let mut random = [0u8; 32];
    rand::RngCore::fill_bytes(&mut rand::thread_rng(), &mut random);
    format!("{:011x}{}", millis_since_2026(millis(now)), hex::encode(random))
}

/// Whether a cookie's value is a guest token: 75 hex digits (`new_guest_token`), or 64 if made before
/// guest keys had a lead. Anything else is no guest cart.
pub fn is_guest_token(token: &str) -> bool {
    (token.len() == TOKEN_LEAD + 64 || token.len() == 64) && token.bytes().all(|b| b.is_ascii_hexdigit())
}

/// What a guest's rows (cart, recent searches) are stored under: the SHA-256 of the token, so a copy
/// of the database finds no one's cart, led by the millisecond the token was made (its first 11
/// digits). New guests' rows then go side by side at the end of the guest_token_hash indexes rather
/// than each at a random place in them: on SQLite a batch of adds by new guests writes a page or two
/// of the index instead of one page per guest (docs/operations.md, session 20). Tokens of 64 digits,
/// made before this, are keyed by their hash alone, as they were, so their carts are still found.
pub fn guest_key(token: &str) -> String {
    match token.get(..TOKEN_LEAD) {
        Some(lead) if token.len() == TOKEN_LEAD + 64 && lead.bytes().all(|b| b.is_ascii_hexdigit()) => format!("{lead}{}", hash_secret(token)),
        _ => hash_secret(token),
    }
}

const USER_COLUMNS: &str = "id, mobile, email, name, is_superuser, can_see_unused_stock, is_affiliate, is_blacklist_user";

impl Store {
    pub async fn user_by_id(&self, id: i64) -> Result<User> {
        let row: Option<UserRow> = sqlx::query_as(&format!("SELECT {USER_COLUMNS} FROM users WHERE id = $1")).bind(id).fetch_optional(&self.pool).await?;
        row.map(User::from).ok_or(StoreError::NotFound)
    }

    pub async fn user_by_mobile(&self, mobile: &str) -> Result<Option<User>> {
        let row: Option<UserRow> =
            sqlx::query_as(&format!("SELECT {USER_COLUMNS} FROM users WHERE mobile = $1")).bind(mobile).fetch_optional(&self.pool).await?;
        Ok(row.map(User::from))
    }

    /// The shopper with this mobile number, created on first login.
    pub async fn user_for_mobile(&self, mobile: &str, now: DateTime<Utc>) -> Result<User> {
        self.write(|db| {
            sqlx::query("INSERT INTO users (mobile, created_at) VALUES ($1, $2) ON CONFLICT (mobile) DO NOTHING").bind(mobile).bind(millis(now)).execute(db)
        })
        .await?;
        self.user_by_mobile(mobile).await?.ok_or(StoreError::NotFound)
    }

    /// Creates or updates a user with the given flags (seed and `drape admin`).
    pub async fn upsert_user(
        &self,
        mobile: &str,
        email: Option<&str>,
        name: &str,
        is_superuser: bool,
        can_see_unused_stock: bool,
        now: DateTime<Utc>,
    ) -> Result<User> {
        self.write(|db| {
            sqlx::query(
                "INSERT INTO users (mobile, email, name, is_superuser, can_see_unused_stock, created_at) VALUES ($1, $2, $3, $4, $5, $6) \
             ON CONFLICT (mobile) DO UPDATE SET email = EXCLUDED.email, name = EXCLUDED.name, \
             is_superuser = EXCLUDED.is_superuser, can_see_unused_stock = EXCLUDED.can_see_unused_stock",
            )
            .bind(mobile)
            .bind(email)
            .bind(name)
            .bind(is_superuser as i64)
            .bind(can_see_unused_stock as i64)
            .bind(millis(now))
            .execute(db)
        })
        .await?;
        self.user_by_mobile(mobile).await?.ok_or(StoreError::NotFound)
    }

    /// Sets `is_blacklist_user` (no cash on delivery for this shopper).
    pub async fn set_blacklisted(&self, user_id: i64, blacklisted: bool) -> Result<()> {
        self.write(|db| sqlx::query("UPDATE users SET is_blacklist_user = $1 WHERE id = $2").bind(blacklisted as i64).bind(user_id).execute(db)).await?;
        Ok(())
    }

    /// Marks a visitor as registered through an affiliate (they see no per-size urgency, spec 001 §6).
    pub async fn set_affiliate(&self, user_id: i64, is_affiliate: bool) -> Result<()> {
        self.write(|db| sqlx::query("UPDATE users SET is_affiliate = $1 WHERE id = $2").bind(is_affiliate as i64).bind(user_id).execute(db)).await?;
        Ok(())
    }

    pub async fn insert_otp(&self, mobile: &str, code: &str, now: DateTime<Utc>, expires: DateTime<Utc>) -> Result<()> {
        self.write(|db| {
            sqlx::query("INSERT INTO otps (mobile, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)")
                .bind(mobile)
                .bind(hash_secret(&format!("{mobile}:{code}")))
                .bind(millis(now))
                .bind(millis(expires))
                .execute(db)
        })
        .await?;
        Ok(())
    }

    /// The newest code sent to this number, used or not.
    pub async fn latest_otp(&self, mobile: &str) -> Result<Option<Otp>> {
        Ok(sqlx::query_as("SELECT id, code_hash, created_at, expires_at, guesses, consumed_at FROM otps WHERE mobile = $1 ORDER BY id DESC LIMIT 1")
            .bind(mobile)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// Judges a guess against the newest code sent to `mobile` in one statement: a right guess uses the
    /// code, a wrong one counts against it, and nothing happens once the code is used, expired or has
    /// had its wrong guesses. Parallel guesses are judged one after the other, so a burst gets no more
    /// than `max_wrong` wrong guesses in before the code is burnt.
    pub async fn judge_guess(&self, mobile: &str, code: &str, max_wrong: i64, now: DateTime<Utc>) -> Result<Guess> {
        let hash = hash_secret(&format!("{mobile}:{code}"));
        let judged: Option<i64> = self
            .write(|db| {
                sqlx::query_scalar(
                    "UPDATE otps SET \
                guesses = guesses + CASE WHEN code_hash = $2 THEN 0 ELSE 1 END, \
                consumed_at = CASE WHEN code_hash = $2 THEN $3 ELSE consumed_at END \
             WHERE id = (SELECT MAX(id) FROM otps WHERE mobile = $1) \
               AND consumed_at IS NULL AND expires_at > $3 AND guesses < $4 \
             RETURNING CASE WHEN consumed_at IS NULL THEN 0 ELSE 1 END",
                )
                .bind(mobile)
                .bind(hash)
                .bind(millis(now))
                .bind(max_wrong)
                .fetch_optional(db)
            })
            .await?;
        Ok(match judged {
            Some(1) => Guess::Right,
            Some(_) => Guess::Wrong,
            None => Guess::NotJudged,
        })
    }

    /// Forgets rate-limit counters, expired codes and sessions older than `before`.
    pub async fn purge_expired(&self, before: DateTime<Utc>) -> Result<()> {
        let t = millis(before);
        for sql in ["DELETE FROM rate_limits WHERE window_start < $1", "DELETE FROM otps WHERE expires_at < $1", "DELETE FROM sessions WHERE expires_at < $1"] {
            self.write(|db| sqlx::query(sql).bind(t).execute(db)).await?;
        }
        Ok(())
    }

    pub async fn create_session(&self, token: &str, user_id: i64, now: DateTime<Utc>, expires: DateTime<Utc>) -> Result<()> {
        self.write(|db| {
            sqlx::query("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
                .bind(hash_secret(token))
                .bind(user_id)
                .bind(millis(now))
                .bind(millis(expires))
                .execute(db)
        })
        .await?;
        Ok(())
    }

    /// The shopper behind a session cookie, if the session exists and has not expired.
    pub async fn session_user(&self, token: &str, now: DateTime<Utc>) -> Result<Option<User>> {
        let row: Option<UserRow> = sqlx::query_as(
            "SELECT u.id, u.mobile, u.email, u.name, u.is_superuser, u.can_see_unused_stock, u.is_affiliate, u.is_blacklist_user \
             FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.expires_at > $2",
        )
        .bind(hash_secret(token))
        .bind(millis(now))
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(User::from))
    }

    /// The shopper behind a session token and when the session ends (epoch millis), however long
    /// ago that was: for keeping it (the caller compares the end with its clock on every use).
    pub async fn session(&self, token: &str) -> Result<Option<(User, i64)>> {
        #[derive(FromRow)]
        struct SessionRow {
            #[sqlx(flatten)]
            user: UserRow,
            expires_at: i64,
        }
        let row: Option<SessionRow> = sqlx::query_as(
            "SELECT u.id, u.mobile, u.email, u.name, u.is_superuser, u.can_see_unused_stock, u.is_affiliate, u.is_blacklist_user, s.expires_at \
             FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1",
        )
        .bind(hash_secret(token))
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| (User::from(r.user), r.expires_at)))
    }

    pub async fn delete_session(&self, token: &str) -> Result<()> {
        self.write(|db| sqlx::query("DELETE FROM sessions WHERE token_hash = $1").bind(hash_secret(token)).execute(db)).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    /// A new guest token leads with the millisecond it was made in; its key leads with the same digits
    /// and ends with the token's hash, so tokens made close together sit together and the key shows
    /// nothing of the random part. A token of 64 digits (made before keys had a lead) is keyed by its
    /// hash alone.
    #[test]
    fn a_guest_key_leads_with_its_tokens_millisecond_and_old_tokens_keep_their_key() {
        let now = Utc.with_ymd_and_hms(2026, 11, 27, 10, 0, 0).unwrap();
        let (a, b) = (new_guest_token(now), new_guest_token(now));
        assert_eq!((a.len(), a.get(..11)), (75, Some(format!("{:011x}", now.timestamp_millis() - 1_767_225_600_000).as_str())));
        assert!(a != b && a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_eq!(guest_key(&a), format!("{}{}", &a[..11], hash_secret(&a)));
        assert_eq!(guest_key(&a)[..11], guest_key(&b)[..11]);
        assert!(guest_key(&new_guest_token(now + chrono::Duration::milliseconds(1))) > guest_key(&b));
        let old = "c".repeat(64);
        assert_eq!(guest_key(&old), hash_secret(&old));
        let odd = format!("zzzzzzzzzzz{}", "c".repeat(64));
        assert_eq!(guest_key(&odd), hash_secret(&odd), "no lead that is not a time");
        assert!(is_guest_token(&a) && is_guest_token(&old) && !is_guest_token(&odd) && !is_guest_token(&a[1..]));
    }
}

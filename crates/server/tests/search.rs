//! Search and listings (issue 13): the relevance set, suggestions, the search screen's lists, the
//! listing's filters, counts and sorts, freshness after catalog changes, and bad input.

mod common;

use common::*;
use drape_domain::clock::Clock;
use serde_json::Value;
use std::collections::HashSet;

/// The relevance set's score must not fall below this (raise it when search gets better).
const RELEVANCE_FLOOR: f64 = 0.99;

fn names(list: &Value) -> Vec<String> {
    list["products"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap().to_string()).collect()
}

fn enc(q: &str) -> String {
    q.replace('%', "%25").replace(' ', "%20").replace('&', "%26").replace('#', "%23").replace('+', "%2B")
}

#[tokio::test]
async fn the_relevance_set_scores_at_least_its_floor() {
    let app = app().await;
    let mut b = Browser::new();
    let set = include_str!("relevance.txt");
    let bras: HashSet<i64> = {
        let list = b.get(&app, "/web/api/v1/products/?category=1&page=1").await.json();
        let total = list["total"].as_i64().unwrap();
        let mut ids = HashSet::new();
        for page in 1..=(total + 23) / 24 {
            for p in b.get(&app, &format!("/web/api/v1/products/?category=1&page={page}")).await.json()["products"].as_array().unwrap() {
                ids.insert(p["id"].as_i64().unwrap());
            }
        }
        ids
    };
    let (mut sum, mut n, mut misses) = (0.0, 0, Vec::new());
    for line in set.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        let (query, expected) = (parts[0], parts[1]);
        let colours: Option<Vec<&str>> = parts.iter().find_map(|p| p.strip_prefix("colour=")).map(|c| c.split(',').collect());
        let size = parts.iter().find_map(|p| p.strip_prefix("size="));
        let list = b.get(&app, &format!("/web/api/v1/products/?q={}", enc(query))).await.json();
        let products = list["products"].as_array().unwrap().clone();
        let score = if expected == "-" {
            f64::from(u8::from(products.is_empty() && list["search"]["matched"] == false))
        } else if products.is_empty() {
            0.0
        } else {
            let styles: Vec<&str> = expected.split(';').map(str::trim).collect();
            let first: Vec<&Value> = products.iter().take(5).collect();
            let ids: Vec<i64> = first.iter().map(|p| p["id"].as_i64().unwrap()).collect();
            let sizes = app.db.store.sizes_of_products(&ids).await.unwrap();
            let good = first
                .iter()
                .filter(|p| {
                    let id = p["id"].as_i64().unwrap();
                    let name = p["name"].as_str().unwrap();
                    let style_ok = match expected {
                        "*" => true,
                        "*bras" => bras.contains(&id) || name.ends_with(" Bra"),
                        _ => styles.contains(&name),
                    };
                    let colour_ok = colours.as_ref().is_none_or(|c| c.contains(&p["color_name"].as_str().unwrap()));
                    let size_ok = size.is_none_or(|v| sizes.iter().any(|s| s.product_id == id && s.value == v && s.stock > 0));
                    style_ok && colour_ok && size_ok
                })
                .count();
            good as f64 / first.len() as f64
        };
        if score < 1.0 {
            misses.push(format!("  {score:.2}  {query:<22} → {:?}", names(&list).iter().take(5).collect::<Vec<_>>()));
        }
        sum += score;
        n += 1;
    }
    let total = sum / n as f64;
    println!("search relevance: {total:.3} over {n} queries (floor {RELEVANCE_FLOOR})");
    for m in &misses {
        println!("{m}");
    }
    assert!(n >= 60, "the set has at least 60 queries");
    assert!(total >= RELEVANCE_FLOOR, "search relevance {total:.3} fell below {RELEVANCE_FLOOR}:\n{}", misses.join("\n"));
}

#[tokio::test]
async fn suggestions_start_at_the_second_character_with_categories_products_and_completions() {
    let app = app().await;
    let mut b = Browser::new();
    let one = b.get(&app, "/web/api/v1/drape-search/?q=b").await.json();
    assert!(one["products"].as_array().unwrap().is_empty() && one["categories"].as_array().unwrap().is_empty());
    let s = b.get(&app, "/web/api/v1/drape-search/?q=bral").await.json();
    assert!(names(&s).iter().all(|n| n.contains("Bralette")), "{s}");
    assert!(!names(&s).is_empty() && names(&s).len() <= 6);
    assert!(s["products"][0]["img"].as_str().unwrap().starts_with("/media/"));
    assert!(s["products"][0]["rounded_up_unit_price_ui"].as_str().unwrap().starts_with('₹'));
    assert!(s["completions"].as_array().unwrap().iter().any(|c| c.as_str().unwrap().contains("bralette")), "{s}");
    let cats = b.get(&app, "/web/api/v1/drape-search/?q=pant").await.json();
    assert_eq!(cats["categories"][0]["slug"], "panties", "{cats}");
    assert_eq!(cats["categories"][0]["url"], "/panties/");
    let typo = b.get(&app, "/web/api/v1/drape-search/?q=strapless%20brs").await.json();
    assert_eq!(typo["corrected"], "strapless bra");
    assert_eq!(names(&typo)[0], "Multiway Strapless Bra");
}

/// A suggestion asked again is the kept answer: the same bytes and tag, Brotli when the browser
/// takes it (compressed once, not per request), 304 while unchanged (issue 14).
#[tokio::test]
async fn suggestions_asked_again_are_the_kept_bytes_with_their_tag() {
    use axum::http::header::{CONTENT_ENCODING, ETAG};
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let app = app().await;
    let mut b = Browser::new();
    let path = "/web/api/v1/drape-search/?q=bral";
    let first = b.get(&app, path).await;
    assert_eq!(first.status, 200);
    let tag = first.headers[ETAG].clone();
    let again = b.get(&app, path).await;
    assert_eq!((again.text.as_str(), &again.headers[ETAG]), (first.text.as_str(), &tag));
    let req = b.get_request_with(path, &[("accept-encoding", "gzip, br")]);
    let packed = app.router.clone().oneshot(req).await.unwrap();
    assert_eq!(packed.headers()[CONTENT_ENCODING], "br");
    assert_eq!(packed.headers()[ETAG], tag);
    // Compressed before, not streamed through the compression layer.
    assert!(axum::body::HttpBody::size_hint(packed.body()).exact().is_some());
    assert!(packed.into_body().collect().await.unwrap().to_bytes().len() < first.text.len() / 2);
    let req = b.get_request_with(path, &[("if-none-match", tag.to_str().unwrap())]);
    assert_eq!(app.router.clone().oneshot(req).await.unwrap().status(), 304);
}

#[tokio::test]
async fn a_search_with_no_match_offers_the_nearest_query_and_best_sellers() {
    let app = app().await;
    let mut b = Browser::new();
    let miss = b.get(&app, "/web/api/v1/products/?q=stripless%20braa%2040h").await.json();
    assert_eq!(miss["search"]["matched"], false);
    assert_eq!(miss["total"], 0);
    assert_eq!(miss["search"]["did_you_mean"], "strapless bra", "{}", miss["search"]);
    assert!(miss["search"]["popular"].as_array().unwrap().len() >= 4, "never an empty page");
    let nothing = b.get(&app, "/web/api/v1/products/?q=zzqqxx").await.json();
    assert_eq!(nothing["search"]["did_you_mean"], Value::Null);
    assert!(!nothing["search"]["popular"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn recent_searches_are_kept_per_browser_merged_at_login_and_removable() {
    let app = app().await;
    let mut guest = Browser::new();
    assert!(guest.get(&app, "/web/api/v1/recent-searches/").await.json()["recent"].as_array().unwrap().is_empty());
    let first = guest.get(&app, "/web/api/v1/products/?q=sports%20bra").await;
    assert!(first.headers.get_all("set-cookie").iter().any(|c| c.to_str().unwrap().starts_with("guestcart=")), "a guest gets a browser cookie");
    guest.get(&app, "/web/api/v1/products/?q=Leggings").await;
    guest.get(&app, "/web/api/v1/products/?q=sports%20bra&page=2").await; // paging is not a new search
    let recent = guest.get(&app, "/web/api/v1/recent-searches/").await.json();
    let queries: Vec<&str> = recent["recent"].as_array().unwrap().iter().map(|r| r["query"].as_str().unwrap()).collect();
    assert_eq!(queries, vec!["leggings", "sports bra"]);

    // Another browser sees none of them.
    let mut other = Browser::new();
    other.get(&app, "/web/api/v1/products/?q=satin").await;
    let theirs = other.get(&app, "/web/api/v1/recent-searches/").await.json();
    assert_eq!(theirs["recent"].as_array().unwrap().len(), 1);

    // At login the browser's searches become the shopper's.
    guest.login(&app, "9876543210").await;
    let mine = guest.get(&app, "/web/api/v1/recent-searches/").await.json();
    assert_eq!(mine["recent"].as_array().unwrap().len(), 2, "{mine}");
    let left = guest.json(&app, "DELETE", "/web/api/v1/recent-searches/?q=leggings", Value::Null).await.json();
    assert_eq!(left["recent"].as_array().unwrap().len(), 1);
    assert_eq!(left["recent"][0]["query"], "sports bra");
    // Another shopper's searches stay theirs.
    let mut someone = Browser::new();
    someone.login(&app, "9123456789").await;
    assert!(someone.get(&app, "/web/api/v1/recent-searches/").await.json()["recent"].as_array().unwrap().is_empty());
    someone.json(&app, "DELETE", "/web/api/v1/recent-searches/", Value::Null).await;
    assert_eq!(guest.get(&app, "/web/api/v1/recent-searches/").await.json()["recent"].as_array().unwrap().len(), 1);
    // Clearing all.
    guest.json(&app, "DELETE", "/web/api/v1/recent-searches/", Value::Null).await;
    assert!(guest.get(&app, "/web/api/v1/recent-searches/").await.json()["recent"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn popular_searches_count_searchers_not_repeats_and_only_searches_that_found_something() {
    let app = app().await;
    for i in 0..3 {
        let mut b = Browser::new();
        b.get(&app, "/web/api/v1/products/?q=satin").await;
        if i == 0 {
            for _ in 0..5 {
                b.get(&app, "/web/api/v1/products/?q=bralette").await;
            }
        }
        b.get(&app, "/web/api/v1/products/?q=zzqqxx").await;
    }
    let mut b = Browser::new();
    let popular = b.get(&app, "/web/api/v1/drape-popular-search/").await.json();
    let list: Vec<(String, i64)> =
        popular["popular"].as_array().unwrap().iter().map(|p| (p["query"].as_str().unwrap().to_string(), p["count"].as_i64().unwrap())).collect();
    assert_eq!(list, vec![("satin".to_string(), 3), ("bralette".to_string(), 1)]);

    // A typo counts as the words it was corrected to; the searcher's recent list keeps what they typed.
    let mut typist = Browser::new();
    typist.get(&app, "/web/api/v1/products/?q=leggins").await;
    let popular = b.get(&app, "/web/api/v1/drape-popular-search/").await.json();
    let queries: Vec<&str> = popular["popular"].as_array().unwrap().iter().map(|p| p["query"].as_str().unwrap()).collect();
    assert!(queries.contains(&"leggings") && !queries.contains(&"leggins"), "{popular}");
    assert_eq!(typist.get(&app, "/web/api/v1/recent-searches/").await.json()["recent"][0]["query"], "leggins");
    let top = b.get(&app, "/web/api/v1/drape-topproducts-search/").await.json();
    let products = top["products"].as_array().unwrap();
    assert!(!products.is_empty() && products.len() <= 8);
    assert!(products.iter().all(|p| p["is_soldout"] == false));
}

#[tokio::test]
async fn listing_filters_count_each_value_under_the_other_filters() {
    let app = app().await;
    let mut b = Browser::new();
    let all = b.get(&app, "/web/api/v1/products/?category_slug=bras").await.json();
    assert_eq!(all["sort"], "popularity");
    assert!(all["sorts"].as_array().unwrap().iter().all(|s| s["value"] != "relevance"));
    let black_count = all["facets"]["color"].as_array().unwrap().iter().find(|c| c["value"] == "Black").unwrap()["count"].as_i64().unwrap();
    assert!(all["facets"]["color"].as_array().unwrap().iter().all(|c| c["rgb"].as_str().unwrap().starts_with('#')));
    let black = b.get(&app, "/web/api/v1/products/?category_slug=bras&color=Black").await.json();
    assert_eq!(black["total"].as_i64().unwrap(), black_count);
    assert!(black["products"].as_array().unwrap().iter().all(|p| p["color_name"] == "Black"));
    // Colour counts do not shrink for choosing a colour; size counts do.
    assert_eq!(
        black["facets"]["color"],
        all["facets"]["color"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                let mut c = c.clone();
                c["selected"] = Value::Bool(c["value"] == "Black");
                c
            })
            .collect::<Value>()
    );
    let size_34b = |l: &Value| l["facets"]["size"].as_array().unwrap().iter().find(|s| s["value"] == "34B").map_or(0, |s| s["count"].as_i64().unwrap());
    assert!(size_34b(&black) < size_34b(&all));
    // Two filters, a sort: every product matches both, prices ascend.
    let two = b.get(&app, "/web/api/v1/products/?category_slug=bras&color=Black,Nude&style=Lace&sort=price_asc").await.json();
    let products = two["products"].as_array().unwrap();
    assert!(!products.is_empty());
    assert!(products.iter().all(|p| ["Black", "Nude"].contains(&p["color_name"].as_str().unwrap()) && p["name"].as_str().unwrap().contains("Lace")));
    let prices: Vec<i64> = products.iter().map(|p| p["rounded_up_unit_price"].as_i64().unwrap()).collect();
    assert!(prices.windows(2).all(|w| w[0] <= w[1]), "{prices:?}");
    // Price range in rupees, discount, in stock.
    let cheap = b.get(&app, "/web/api/v1/products/?price=-500&in_stock=1").await.json();
    assert!(cheap["products"].as_array().unwrap().iter().all(|p| p["rounded_up_unit_price"].as_i64().unwrap() <= 50_000 && p["is_soldout"] == false));
    assert!(cheap["facets"]["price"]["max_rupees"].as_i64().unwrap() > 500, "the range shows what the other filters leave");
    let off = b.get(&app, "/web/api/v1/products/?discount=30").await.json();
    for p in off["products"].as_array().unwrap() {
        let (price, old) = (p["rounded_up_unit_price"].as_i64().unwrap(), p["old_price"].as_i64().unwrap());
        assert!((old - price) * 100 / old >= 30);
    }
    // The spec's price sort.
    let desc = b.get(&app, "/web/api/v1/products/?category=2&price=desc").await.json();
    assert_eq!(desc["sort"], "price_desc");
    // Newest: the newest product first.
    assert_eq!(b.get(&app, "/web/api/v1/products/?sort=newest").await.json()["sort"], "newest");
    // An unknown value filters to nothing and stays listed as chosen; a page past the end is empty.
    let none = b.get(&app, "/web/api/v1/products/?color=Chartreuse").await.json();
    assert_eq!(none["total"], 0);
    assert!(none["facets"]["color"].as_array().unwrap().iter().any(|c| c["value"] == "Chartreuse" && c["selected"] == true));
    let past = b.get(&app, "/web/api/v1/products/?page=999").await.json();
    assert!(past["products"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn a_catalog_change_shows_in_the_next_listing_and_search() {
    let app = app().await;
    let mut b = Browser::new();
    let before = b.get(&app, "/web/api/v1/products/?q=bridal").await.json();
    let first = before["products"][0].clone();
    let id = first["id"].as_i64().unwrap();
    let store = &app.db.store;
    // A price change (as `drape admin` would) re-sorts and re-filters at once.
    sqlx::query("UPDATE products SET price = 10000, name = 'Bridal Lace Set Deluxe' WHERE id = $1").bind(id).execute(app.db.any_pool()).await.unwrap();
    let cheap = b.get(&app, "/web/api/v1/products/?q=deluxe&price=-100").await.json();
    assert_eq!(cheap["total"], 1, "{cheap}");
    assert_eq!(cheap["products"][0]["id"], id);
    // Suggestions are kept as written once asked: the next change must still show in them.
    assert_eq!(b.get(&app, "/web/api/v1/drape-search/?q=deluxe").await.json()["products"][0]["is_soldout"], false);
    // Selling out: the in-stock filter and the size facet follow.
    let sizes = store.sizes(id).await.unwrap();
    for s in &sizes {
        store.set_size_stock(&s.sku, 0).await.unwrap();
    }
    let stocked = b.get(&app, "/web/api/v1/products/?q=deluxe&in_stock=1").await.json();
    assert_eq!(stocked["total"], 0);
    let card = &b.get(&app, "/web/api/v1/products/?q=deluxe").await.json()["products"][0];
    assert_eq!(card["is_soldout"], true, "the card says sold out: {card}");
    assert_eq!(b.get(&app, "/web/api/v1/drape-search/?q=deluxe").await.json()["products"][0]["is_soldout"], true);
    // Deactivated: gone from search.
    sqlx::query("UPDATE products SET active = 0 WHERE id = $1").bind(id).execute(app.db.any_pool()).await.unwrap();
    assert_eq!(b.get(&app, "/web/api/v1/products/?q=deluxe").await.json()["total"], 0);
    let gone = b.get(&app, "/web/api/v1/drape-search/?q=deluxe").await.json();
    assert!(gone["products"].as_array().unwrap().iter().all(|p| p["id"] != id), "{gone}");
    let _ = app.clock.now();
}

#[tokio::test]
async fn bad_search_and_listing_input_gets_a_clear_answer() {
    let app = app().await;
    let mut b = Browser::new();
    for q in ["", "a", "%25%25%25", "%F0%9F%98%80", "';DROP%20TABLE%20products;--", "%3Cscript%3E"] {
        let r = b.get(&app, &format!("/web/api/v1/drape-search/?q={q}")).await;
        assert_eq!(r.status, 200, "{q}: {}", r.text);
        let r = b.get(&app, &format!("/web/api/v1/products/?q={q}")).await;
        assert_eq!(r.status, 200, "{q}: {}", r.text);
    }
    let long = "a".repeat(101);
    b.get(&app, &format!("/web/api/v1/drape-search/?q={long}")).await.assert_error(400);
    b.get(&app, &format!("/web/api/v1/products/?q={long}")).await.assert_error(400);
    assert!(b.get(&app, "/web/api/v1/products/?sort=cheapest").await.assert_error(400)["fields"]["sort"].as_str().is_some());
    b.get(&app, "/web/api/v1/products/?price=abc").await.assert_error(400);
    b.get(&app, "/web/api/v1/products/?price=900-100").await.assert_error(400);
    b.get(&app, "/web/api/v1/products/?discount=35").await.assert_error(400);
    b.get(&app, "/web/api/v1/products/?in_stock=maybe").await.assert_error(400);
    b.get(&app, "/web/api/v1/products/?page=0").await.assert_error(400);
    b.get(&app, "/web/api/v1/products/?category_slug=no-such-thing").await.assert_error(404);
    let many: Vec<String> = (0..50).map(|i| format!("S{i}")).collect();
    b.get(&app, &format!("/web/api/v1/products/?size={}", many.join(","))).await.assert_error(400);
    b.json(&app, "DELETE", &format!("/web/api/v1/recent-searches/?q={long}"), Value::Null).await.assert_error(400);
}

#[tokio::test]
async fn two_server_processes_on_one_database_both_see_a_catalog_change() {
    let app = app().await;
    // A second server on the same database: its own in-memory shelf, the same catalog version.
    let other_state = drape_server::AppState::new(app.db.store.clone(), app.clock.clone(), drape_server::config::Config::for_tests("sqlite://unused"));
    let other = TestApp {
        router: drape_server::routes::router(other_state.clone()),
        db: drape_store::testing::TestDb::sqlite().await,
        clock: app.clock.clone(),
        state: other_state,
    };
    let mut b = Browser::new();
    let q = "/web/api/v1/products/?q=capri&sort=price_asc";
    let before = b.get(&app, q).await.json();
    assert_eq!(b.get(&other, q).await.json()["total"], before["total"], "both built their shelves");
    let id = before["products"][0]["id"].as_i64().unwrap();
    sqlx::query("UPDATE products SET name = 'Capri Leggings Renamed', price = 100 WHERE id = $1").bind(id).execute(app.db.any_pool()).await.unwrap();
    for server in [&app, &other] {
        let after = b.get(server, "/web/api/v1/products/?q=renamed").await.json();
        assert_eq!(after["total"], 1, "{after}");
        assert_eq!(after["products"][0]["rounded_up_unit_price"], 100);
    }
}

#[tokio::test]
async fn a_listing_tells_the_shopper_which_of_its_products_are_in_their_wishlist() {
    let app = app().await;
    let mut guest = Browser::new();
    let page = guest.get(&app, "/web/api/v1/products/?category_slug=bras").await.json();
    assert_eq!(page["in_wishlist"], serde_json::json!([]), "a guest keeps no wishlist");
    let second = page["products"][1]["id"].as_i64().unwrap();
    let mut shopper = Browser::new();
    shopper.login(&app, "9876543210").await;
    let entry = serde_json::json!([{"product": second, "child_product": null, "first_combo_size": null, "second_combo_size": null, "multi_combo_size": null}]);
    assert_eq!(shopper.post(&app, "/api/v3/wishlist/", entry).await.json()["in_wishlist"], true);
    let mine = shopper.get(&app, "/web/api/v1/products/?category_slug=bras").await.json();
    assert_eq!(mine["in_wishlist"], serde_json::json!([second]));
    // Another shopper's hearts are their own.
    let mut other = Browser::new();
    other.login(&app, "9123456789").await;
    assert_eq!(other.get(&app, "/web/api/v1/products/?category_slug=bras").await.json()["in_wishlist"], serde_json::json!([]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_burst_every_request_sent_after_a_change_sees_it() {
    // Requests in flight share the catalog version's reads; none sent after a change may be
    // answered from a read that began before it.
    let app = app().await;
    let b = Browser::new();
    let q = "/web/api/v1/products/?q=capri&sort=price_asc";
    let id = b.clone().get(&app, q).await.json()["products"][0]["id"].as_i64().unwrap();
    for round in 0..5 {
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let busy: Vec<_> = (0..16)
            .map(|_| {
                let (router, stop, req) = (app.router.clone(), stop.clone(), b.clone());
                tokio::spawn(async move {
                    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                        let _ = tower::ServiceExt::oneshot(router.clone(), req.get_request(q)).await;
                    }
                })
            })
            .collect();
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        sqlx::query("UPDATE products SET name = $1 WHERE id = $2")
            .bind(format!("Capri Leggings Burst{round}"))
            .bind(id)
            .execute(app.db.any_pool())
            .await
            .unwrap();
        let answers = burst(&app, (0..32).map(|_| b.get_request(&format!("/web/api/v1/products/?q=burst{round}"))).collect()).await;
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        for t in busy {
            t.await.unwrap();
        }
        for a in &answers {
            assert_eq!(a.status, 200);
            let list: Value = serde_json::from_str(&a.text).unwrap();
            assert_eq!(list["total"], 1, "round {round}: a request sent after the change missed it");
        }
    }
}

//! The address book, pincode lookup and serviceability (spec 000 §3, §5, §7, §8).

mod common;

use common::*;
use drape_domain::addresses::MAX_ADDRESSES;
use drape_domain::delivery::Service;
use drape_domain::validation::Pincode;
use serde_json::{json, Value};

async fn shop() -> TestApp {
    let app = app().await;
    app.db.add_pincodes(&[("400050", "Mumbai", "Maharashtra"), ("560001", "Bangalore", "Karnataka"), ("781001", "Kamrup", "Assam")]).await;
    let s = |prepaid, cod, pickup, days| Service { prepaid, cod, pickup, days };
    let rows = vec![
        (Pincode::parse("400050").unwrap(), s(true, true, true, 3)),
        (Pincode::parse("560001").unwrap(), s(true, false, false, 4)),
        (Pincode::parse("781001").unwrap(), s(false, false, false, 7)),
    ];
    app.db.store.import_serviceability(&rows).await.unwrap();
    app
}

fn riya(pin: &str) -> Value {
    json!({"addressee": "Riya Sharma", "street1": "Flat 4B, Sunrise Apartments", "street2": "Hill Road", "address_type": "Home",
           "state": "Maharashtra", "city": "Mumbai", "postal_code": pin, "phone": "9876543210", "alt_phone": "", "is_default_shipping": false})
}

fn ids(book: &Value) -> Vec<(i64, bool)> {
    book["addresses"].as_array().unwrap().iter().map(|a| (a["id"].as_i64().unwrap(), a["is_default_shipping"].as_bool().unwrap())).collect()
}

#[tokio::test]
async fn a_shopper_keeps_addresses_with_one_default() {
    let app = shop().await;
    let mut b = Browser::new();
    Browser::new().get(&app, "/api/v1/address-book/").await.assert_error(401);
    b.login(&app, "9123460001").await;
    assert_eq!(b.get(&app, "/api/v1/address-book/").await.json()["addresses"], json!([]));

    let first = b.post(&app, "/api/v1/address-book/", riya("400050")).await;
    assert_eq!(first.status, 200, "{}", first.text);
    let book = first.json();
    let a1 = &book["addresses"][0];
    assert_eq!((a1["is_default_shipping"].as_bool(), a1["addressee"].as_str()), (Some(true), Some("Riya Sharma")), "the first address is the default");
    assert_eq!(a1["pickup_available_data"]["reverse_pickup_available"], true);
    assert_eq!(book["room_left"], MAX_ADDRESSES - 1);
    let id1 = a1["id"].as_i64().unwrap();

    let office = json!({"addressee": "Riya Sharma", "street1": "MG Road 12", "address_type": "Work", "state": "Karnataka", "city": "Bangalore",
                        "postal_code": "560001", "phone": "09876543210"});
    let book = b.post(&app, "/api/v1/address-book/", office.clone()).await.json();
    let id2 = book["addresses"].as_array().unwrap().iter().find(|a| a["postal_code"] == "560001").unwrap()["id"].as_i64().unwrap();
    assert_eq!(ids(&book), vec![(id1, true), (id2, false)], "the default stays first");
    assert_eq!(book["addresses"][1]["pickup_available_data"]["reverse_pickup_available"], false);
    assert_eq!(book["addresses"][1]["phone"], "09876543210");

    // Choosing another default moves it.
    let mut office_default = office.clone();
    office_default["is_default_shipping"] = json!(true);
    let book = b.json(&app, "PUT", &format!("/api/v1/address-book/{id2}/"), office_default).await.json();
    assert_eq!(ids(&book), vec![(id2, true), (id1, false)]);
    // A POST with an id edits (spec 000 §7: optional id).
    let mut edit = riya("400050");
    edit["id"] = json!(id1);
    edit["street2"] = json!("Bandra West");
    let book = b.post(&app, "/api/v1/address-book/", edit).await.json();
    assert_eq!(book["addresses"].as_array().unwrap().len(), 2);
    assert_eq!(book["addresses"][1]["street2"], "Bandra West");
    // The free text for 'other' is the type; 'Pickup' fills the pickup slot.
    let mut pickup = riya("400050");
    pickup["address_type"] = json!("Pickup");
    let book = b.post(&app, "/api/v1/address-book/", pickup).await.json();
    assert!(book["addresses"].as_array().unwrap().iter().any(|a| a["is_pickup"] == true));

    // Deleting the default makes the newest left the default.
    let book = b.json(&app, "DELETE", &format!("/api/v1/address-book/{id2}/"), json!({})).await.json();
    assert_eq!(book["addresses"].as_array().unwrap().iter().filter(|a| a["is_default_shipping"] == true).count(), 1);
    assert!(!ids(&book).iter().any(|(id, _)| *id == id2));
}

#[tokio::test]
async fn another_shoppers_address_is_not_found() {
    let app = shop().await;
    let mut a = Browser::new();
    a.login(&app, "9123460002").await;
    let id = a.post(&app, "/api/v1/address-book/", riya("400050")).await.json()["addresses"][0]["id"].as_i64().unwrap();
    let mut other = Browser::new();
    other.login(&app, "9123460003").await;
    other.json(&app, "PUT", &format!("/api/v1/address-book/{id}/"), riya("560001")).await.assert_error(404);
    other.json(&app, "DELETE", &format!("/api/v1/address-book/{id}/"), json!({})).await.assert_error(404);
    let mut sneaky = riya("560001");
    sneaky["id"] = json!(id);
    other.post(&app, "/api/v1/address-book/", sneaky).await.assert_error(404);
    assert_eq!(other.get(&app, "/api/v1/address-book/").await.json()["addresses"], json!([]));
    let mine = a.get(&app, "/api/v1/address-book/").await.json();
    assert_eq!(mine["addresses"][0]["postal_code"], "400050", "nothing changed");
    for bad in ["0", "-1", "abc", "99999999999999999999"] {
        a.json(&app, "DELETE", &format!("/api/v1/address-book/{bad}/"), json!({})).await.assert_error(404);
    }
}

#[tokio::test]
async fn bad_addresses_say_what_is_wrong_under_each_field_and_change_nothing() {
    let app = shop().await;
    let mut b = Browser::new();
    b.login(&app, "9123460004").await;
    let bad = json!({"addressee": "", "street1": "", "state": "", "city": "", "postal_code": "0123", "phone": "12345", "alt_phone": "99"});
    let e = b.post(&app, "/api/v1/address-book/", bad).await.assert_error(400);
    for field in ["addressee", "street1", "state", "city", "postal_code", "phone", "alt_phone"] {
        assert!(e["fields"][field].as_str().is_some_and(|m| !m.is_empty()), "{field}: {e}");
    }
    assert_eq!(e["fields"]["postal_code"], "Please enter a valid 6 digit pincode");
    let unknown = b.post(&app, "/api/v1/address-book/", riya("999999")).await.assert_error(400);
    assert_eq!(unknown["fields"]["postal_code"], "We don't know this pincode. Please check it.");
    b.post(&app, "/api/v1/address-book/", json!({"addressee": 5})).await.assert_error(400);
    assert_eq!(b.get(&app, "/api/v1/address-book/").await.json()["addresses"], json!([]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_burst_of_adds_never_passes_the_books_size() {
    let app = shop().await;
    let mut b = Browser::new();
    b.login(&app, "9123460005").await;
    let requests = (0..MAX_ADDRESSES + 8).map(|_| b.json_request("POST", "/api/v1/address-book/", &riya("400050"))).collect();
    let answers = burst(&app, requests).await;
    assert_eq!(count_status(&answers, 200) as i64, MAX_ADDRESSES, "{}", answers.iter().find(|a| a.status != 200).map(|a| a.text.as_str()).unwrap_or(""));
    assert!(answers.iter().filter(|a| a.status == 400).all(|a| a.text.contains("address book is full")));
    let book = b.get(&app, "/api/v1/address-book/").await.json();
    assert_eq!(book["addresses"].as_array().unwrap().len() as i64, MAX_ADDRESSES);
    assert_eq!(book["addresses"].as_array().unwrap().iter().filter(|a| a["is_default_shipping"] == true).count(), 1, "one default, whatever raced");
}

#[tokio::test]
async fn a_pincode_names_its_city_and_state() {
    let app = shop().await;
    let mut b = Browser::new();
    b.get(&app, "/healthz").await;
    let token = b.cookies["csrftoken"].clone();
    let form = |value: &str| {
        axum::http::Request::post("/pin_state_city/")
            .header("content-type", "application/x-www-form-urlencoded")
            .header("cookie", format!("csrftoken={token}"))
            .body(axum::body::Body::from(format!("value={value}&csrfmiddlewaretoken={token}")))
            .unwrap()
    };
    let ok = b.send(&app, form("560001")).await;
    assert_eq!(ok.json(), json!({"pincode": "560001", "city": "Bangalore", "state": "Karnataka"}));
    b.send(&app, form("5600")).await.assert_error(400);
    b.send(&app, form("999999")).await.assert_error(404);
}

#[tokio::test]
async fn serviceability_says_where_when_and_how_to_pay() {
    let app = shop().await; // the clock: Sunday 2026-11-22, 15:30 in India
    let mut b = Browser::new();
    let mumbai = b.get(&app, "/check_pincode/?&pincode=400050").await.json();
    assert_eq!((mumbai["deliverable"].as_bool(), mumbai["cod_available"].as_bool()), (Some(true), Some(true)));
    assert_eq!(mumbai["estimated_delivery_date"], "2026-11-25", "3 days from Sunday: Wednesday");
    assert_eq!(mumbai["message"], "Delivery by Wed, 25 Nov. Cash on delivery available.");
    assert_eq!(mumbai["pickup_available_data"]["reverse_pickup_available"], true);
    let blr = b.get(&app, "/check_pincode/?pincode=560001").await.json();
    assert_eq!((blr["deliverable"].as_bool(), blr["cod_available"].as_bool()), (Some(true), Some(false)));
    assert!(blr["message"].as_str().unwrap().contains("Cash on delivery is not available"));
    assert_eq!(blr["pickup_available_data"]["reverse_pickup_available"], false);
    let far = b.get(&app, "/check_pincode/?pincode=781001").await.json();
    assert_eq!((far["deliverable"].as_bool(), far["estimated_delivery_date"].is_null()), (Some(false), true));
    assert_eq!(far["message"], "Sorry, we do not deliver to this pincode yet.");
    b.get(&app, "/check_pincode/?pincode=12").await.assert_error(400);
    b.get(&app, "/check_pincode/").await.assert_error(400);
    b.get(&app, "/check_pincode/?pincode=999999").await.assert_error(404);
}

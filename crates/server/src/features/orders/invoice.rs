//! The tax invoice of a delivered order (issue 12): a page the browser prints
//! (`/api/v1/orders/{id}/invoice/`) and a PDF download (`…/invoice.pdf`), both from one
//! `drape_domain::invoice::Invoice`. The page is HTML made with maud (escaped by construction); the
//! PDF is written with pdf-writer using the standard Helvetica and Courier fonts, so nothing is
//! embedded and any reader shows it.

use crate::error::{ApiError, ApiResult};
use crate::features::checkout::pay::{from_millis, own_order};
use crate::security::Viewer;
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use drape_domain::delivery::ist;
use drape_domain::invoice::{hsn_for, invoice, Invoice, PaidLine, Seller};
use drape_domain::money::format_amount;
use drape_domain::orders::OrderStatus;
use drape_store::payments::OrderRow;

/// Everything both forms of the invoice print.
struct Sheet {
    seller: Seller,
    invoice: Invoice,
    order_ref: String,
    date: String,
    buyer: Vec<String>,
    place_of_supply: String,
    payment: String,
}

async fn sheet(state: &AppState, viewer: &Viewer, order_id: &str) -> ApiResult<Sheet> {
    let order: OrderRow = own_order(state, viewer, order_id).await?;
    let status = OrderStatus::parse(&order.status);
    let delivered = status.is_some_and(|s| s.is_delivered()) || order.delivered_at.is_some();
    if !delivered {
        return Err(ApiError::new(StatusCode::CONFLICT, "no_invoice_yet", "The invoice is ready once the order is delivered."));
    }
    let seller = state.config.seller.clone().ok_or_else(|| {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "seller_not_configured", "Invoices are not available yet. Please contact us for yours.")
    })?;
    let categories = state.store.categories().await?;
    let lines = state.store.lines_of(&[order.id]).await?;
    let paid: Vec<PaidLine> = lines
        .iter()
        .map(|l| {
            let chain: Vec<&str> = drape_domain::categories::chain(&categories, l.category_id).into_iter().map(|c| c.slug.as_str()).collect();
            PaidLine {
                name: l.name.clone(),
                size: if l.combo1.is_empty() { l.size_value.clone() } else { format!("{} / {}", l.combo1, l.combo2) },
                hsn: hsn_for(&chain).into(),
                quantity: l.quantity,
                paid: l.paid,
                gst_rate: l.gst_rate,
                gst: l.gst,
            }
        })
        .collect();
    let breakup: serde_json::Value = serde_json::from_str(&order.breakup).unwrap_or_default();
    let charge = |k: &str| breakup[k].as_i64().unwrap_or(0);
    let charges = charge("shipping") + charge("gift_wrap") + charge("cod_fee");
    let address: serde_json::Value = serde_json::from_str(&order.address).unwrap_or_default();
    let field = |k: &str| address[k].as_str().unwrap_or_default().trim().to_string();
    let buyer_state = field("state");
    let buyer =
        [field("addressee"), field("street1"), field("street2"), format!("{}, {} {}", field("city"), buyer_state, field("postal_code")), field("phone")]
            .into_iter()
            .filter(|s| !s.trim().is_empty() && s.trim() != ",")
            .collect();
    let date = order.delivered_at.map(from_millis).unwrap_or_else(|| from_millis(order.created_at));
    Ok(Sheet {
        invoice: invoice(&order.order_ref, &seller, &buyer_state, &paid, charges),
        seller,
        order_ref: order.order_ref.clone(),
        date: date.with_timezone(&ist()).format("%-d %b %Y").to_string(),
        buyer,
        place_of_supply: buyer_state,
        payment: crate::features::orders::history::payment_mode_ui(&order),
    })
}

/// The invoice as a page to print.
#[utoipa::path(get, path = "/api/v1/orders/{order_id}/invoice/", tag = "orders", params(("order_id" = String, Path)),
    responses((status = 200, description = "the tax invoice as an HTML page", content_type = "text/html"), (status = 401, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody), (status = 503, body = crate::error::ErrorBody)))]
pub async fn invoice_page(State(state): State<AppState>, viewer: Viewer, Path(order_id): Path<String>) -> ApiResult<Response> {
    let s = sheet(&state, &viewer, &order_id).await?;
    let inv = &s.invoice;
    let page = maud::html! {
        (maud::DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { "Tax invoice " (inv.number) }
                link rel="stylesheet" href="/ops/assets/pages.css";
            }
            body.invoice {
                header.invoice__head {
                    div {
                        h1 { "Tax invoice" }
                        p.invoice__seller { strong { (s.seller.name) } br; (s.seller.address) br; "GSTIN " (s.seller.gstin) }
                    }
                    dl.invoice__facts {
                        dt { "Invoice" } dd { (inv.number) }
                        dt { "Date" } dd { (s.date) }
                        dt { "Order" } dd { (s.order_ref) }
                        dt { "Place of supply" } dd { (s.place_of_supply) }
                        dt { "Payment" } dd { (s.payment) }
                    }
                }
                section.invoice__buyer {
                    h2 { "Billed and shipped to" }
                    p { @for (i, line) in s.buyer.iter().enumerate() { @if i > 0 { br; } (line) } }
                }
                div.invoice__scroll { table.invoice__lines {
                    thead { tr {
                        th { "Item" } th { "HSN" } th.num { "Qty" } th.num { "Taxable (₹)" } th.num { "GST" }
                        @if inv.intra_state { th.num { "CGST (₹)" } th.num { "SGST (₹)" } } @else { th.num { "IGST (₹)" } }
                        th.num { "Total (₹)" }
                    } }
                    tbody {
                        @for l in &inv.lines {
                            tr {
                                td { (l.name) @if !l.size.is_empty() { " · " (l.size) } }
                                td { (l.hsn) } td.num { (l.quantity) } td.num { (format_amount(l.taxable)) } td.num { (l.gst_rate) "%" }
                                @if inv.intra_state { td.num { (format_amount(l.cgst)) } td.num { (format_amount(l.sgst)) } } @else { td.num { (format_amount(l.igst)) } }
                                td.num { (format_amount(l.total)) }
                            }
                        }
                        @if inv.charges > 0 {
                            tr {
                                td { "Delivery, gift wrap and COD charges" } td { "9968" } td.num { "1" } td.num { (format_amount(inv.charges_taxable)) }
                                td.num { (drape_domain::invoice::SERVICE_GST_RATE) "%" }
                                @if inv.intra_state { td.num { (format_amount(inv.charges_gst / 2)) } td.num { (format_amount(inv.charges_gst - inv.charges_gst / 2)) } }
                                @else { td.num { (format_amount(inv.charges_gst)) } }
                                td.num { (format_amount(inv.charges)) }
                            }
                        }
                    }
                }
                }
                dl.invoice__totals {
                    dt { "Taxable value" } dd { "₹" (format_amount(inv.taxable)) }
                    dt { "GST" } dd { "₹" (format_amount(inv.gst)) }
                    dt.invoice__grand { "Invoice total" } dd.invoice__grand { "₹" (format_amount(inv.total)) }
                }
                p.invoice__note { "Prices include GST. This is a computer-generated invoice and needs no signature." }
                p.invoice__actions.no-print {
                    a href={ "/order/detail/" (order_id.trim()) } { "← Back to your order" } " · "
                    a href={ "/api/v1/orders/" (order_id.trim()) "/invoice.pdf" } { "Download PDF" } " · Use your browser's Print to print or save this page."
                }
            }
        }
    };
    Ok(([(header::CONTENT_TYPE, "text/html; charset=utf-8"), (header::CACHE_CONTROL, "private, no-store")], page.into_string()).into_response())
}

/// The invoice as a PDF download.
#[utoipa::path(get, path = "/api/v1/orders/{order_id}/invoice.pdf", tag = "orders", params(("order_id" = String, Path)),
    responses((status = 200, description = "the tax invoice as a PDF", content_type = "application/pdf"), (status = 401, body = crate::error::ErrorBody),
        (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody), (status = 503, body = crate::error::ErrorBody)))]
pub async fn invoice_pdf(State(state): State<AppState>, viewer: Viewer, Path(order_id): Path<String>) -> ApiResult<Response> {
    let s = sheet(&state, &viewer, &order_id).await?;
    let bytes = pdf(&s);
    let disposition = format!("attachment; filename=\"{}.pdf\"", s.invoice.number);
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
            (header::CACHE_CONTROL, "private, no-store".to_string()),
        ],
        bytes,
    )
        .into_response())
}

/// PDF text in the standard fonts' encoding: printable ASCII only (₹ is written Rs.).
fn ascii(s: &str) -> Vec<u8> {
    s.replace('₹', "Rs. ").replace('·', "-").chars().map(|c| if (' '..='~').contains(&c) { c as u8 } else { b'?' }).collect()
}

fn pdf(s: &Sheet) -> Vec<u8> {
    use pdf_writer::{Content, Name, Pdf, Rect, Ref, Str};
    const REGULAR: Name = Name(b"F1");
    const BOLD: Name = Name(b"F2");
    const MONO: Name = Name(b"F3");
    let (catalog, tree, page_id, f1, f2, f3, content_id) = (Ref::new(1), Ref::new(2), Ref::new(3), Ref::new(4), Ref::new(5), Ref::new(6), Ref::new(7));
    let mut doc = Pdf::new();
    doc.catalog(catalog).pages(tree);
    doc.pages(tree).kids([page_id]).count(1);
    {
        let mut page = doc.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, 595.0, 842.0));
        page.parent(tree);
        page.contents(content_id);
        let mut resources = page.resources();
        let mut fonts = resources.fonts();
        fonts.pair(REGULAR, f1);
        fonts.pair(BOLD, f2);
        fonts.pair(MONO, f3);
    }
    doc.type1_font(f1).base_font(Name(b"Helvetica"));
    doc.type1_font(f2).base_font(Name(b"Helvetica-Bold"));
    doc.type1_font(f3).base_font(Name(b"Courier"));

    let mut c = Content::new();
    let text = |c: &mut Content, font: Name, size: f32, x: f32, y: f32, t: &str| {
        c.begin_text();
        c.set_font(font, size);
        c.next_line(x, y);
        c.show(Str(&ascii(t)));
        c.end_text();
    };
    // Courier is 0.6 em a character: right-aligned numbers end at `right`.
    let number = |c: &mut Content, size: f32, right: f32, y: f32, t: &str| {
        let width = t.chars().count() as f32 * 0.6 * size;
        text(c, MONO, size, right - width, y, t);
    };
    let rule = |c: &mut Content, y: f32| {
        c.set_line_width(0.5);
        c.move_to(40.0, y);
        c.line_to(555.0, y);
        c.stroke();
    };
    let inv = &s.invoice;
    text(&mut c, BOLD, 18.0, 40.0, 790.0, "TAX INVOICE");
    text(&mut c, BOLD, 10.0, 40.0, 765.0, &s.seller.name);
    text(&mut c, REGULAR, 9.0, 40.0, 752.0, &s.seller.address);
    text(&mut c, REGULAR, 9.0, 40.0, 740.0, &format!("GSTIN {}", s.seller.gstin));
    let facts = [
        ("Invoice", inv.number.as_str()),
        ("Date", s.date.as_str()),
        ("Order", s.order_ref.as_str()),
        ("Place of supply", s.place_of_supply.as_str()),
        ("Payment", s.payment.as_str()),
    ];
    for (i, (k, v)) in facts.iter().enumerate() {
        let y = 790.0 - i as f32 * 12.0;
        text(&mut c, REGULAR, 9.0, 370.0, y, k);
        text(&mut c, BOLD, 9.0, 450.0, y, v);
    }
    text(&mut c, BOLD, 10.0, 40.0, 712.0, "Billed and shipped to");
    for (i, line) in s.buyer.iter().enumerate() {
        text(&mut c, REGULAR, 9.0, 40.0, 699.0 - i as f32 * 12.0, line);
    }
    let mut y = 625.0;
    rule(&mut c, y + 14.0);
    let tax_heads: &[&str] = if inv.intra_state { &["CGST", "SGST"] } else { &["IGST"] };
    text(&mut c, BOLD, 8.0, 40.0, y, "Item");
    text(&mut c, BOLD, 8.0, 228.0, y, "HSN");
    for (h, right) in [("Qty", 290.0), ("Taxable", 350.0), ("GST", 385.0)] {
        number(&mut c, 8.0, right, y, h);
    }
    for (i, h) in tax_heads.iter().enumerate() {
        number(&mut c, 8.0, 445.0 + i as f32 * 55.0, y, h);
    }
    number(&mut c, 8.0, 555.0, y, "Total");
    rule(&mut c, y - 5.0);
    y -= 18.0;
    let row = |c: &mut Content, y: f32, name: &str, hsn: &str, qty: i64, taxable: i64, rate: i64, taxes: &[i64], total: i64| {
        let name: String = name.chars().take(40).collect();
        text(c, REGULAR, 8.0, 40.0, y, &name);
        text(c, REGULAR, 8.0, 228.0, y, hsn);
        number(c, 8.0, 290.0, y, &qty.to_string());
        number(c, 8.0, 350.0, y, &format_amount(taxable));
        number(c, 8.0, 385.0, y, &format!("{rate}%"));
        for (i, t) in taxes.iter().enumerate() {
            number(c, 8.0, 445.0 + i as f32 * 55.0, y, &format_amount(*t));
        }
        number(c, 8.0, 555.0, y, &format_amount(total));
    };
    for l in &inv.lines {
        let name = if l.size.is_empty() { l.name.clone() } else { format!("{} - {}", l.name, l.size) };
        let taxes = if inv.intra_state { vec![l.cgst, l.sgst] } else { vec![l.igst] };
        row(&mut c, y, &name, &l.hsn, l.quantity, l.taxable, l.gst_rate, &taxes, l.total);
        y -= 15.0;
    }
    if inv.charges > 0 {
        let taxes = if inv.intra_state { vec![inv.charges_gst / 2, inv.charges_gst - inv.charges_gst / 2] } else { vec![inv.charges_gst] };
        row(&mut c, y, "Delivery, gift wrap and COD charges", "9968", 1, inv.charges_taxable, drape_domain::invoice::SERVICE_GST_RATE, &taxes, inv.charges);
        y -= 15.0;
    }
    rule(&mut c, y + 8.0);
    y -= 8.0;
    for (label, amount, font) in [("Taxable value", inv.taxable, REGULAR), ("GST", inv.gst, REGULAR), ("Invoice total (Rs.)", inv.total, BOLD)] {
        text(&mut c, font, 9.0, 380.0, y, label);
        number(&mut c, 9.0, 555.0, y, &format_amount(amount));
        y -= 14.0;
    }
    text(&mut c, REGULAR, 8.0, 40.0, y - 20.0, "Prices include GST. This is a computer-generated invoice and needs no signature.");
    doc.stream(content_id, &c.finish());
    doc.finish()
}

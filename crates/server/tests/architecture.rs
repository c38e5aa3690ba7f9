//! The server's modules import one way: no two feature areas (`features/<area>`), and no two modules
//! inside an area folder (`features/cart/<module>`), import each other, directly or through others.
//! Read from the source, so a new import that closes a circle fails here.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Module name → the sibling modules it refers to (`crate::features::x` for areas, `super::x` inside
/// an area folder; `super::` items of the folder's own mod.rs are not edges).
fn graph(dir: &Path, sibling_ref: &dyn Fn(&str) -> Vec<String>) -> BTreeMap<String, BTreeSet<String>> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        if name != "mod" {
            names.push((name, path));
        }
    }
    let known: BTreeSet<String> = names.iter().map(|n| n.0.clone()).collect();
    let mut g = BTreeMap::new();
    for (name, path) in &names {
        let mut text = String::new();
        if path.is_dir() {
            for f in std::fs::read_dir(path).unwrap() {
                text.push_str(&std::fs::read_to_string(f.unwrap().path()).unwrap());
            }
        } else {
            text = std::fs::read_to_string(path).unwrap();
        }
        let refs: BTreeSet<String> = sibling_ref(&text).into_iter().filter(|r| known.contains(r) && r != name).collect();
        g.insert(name.clone(), refs);
    }
    g
}

/// Names following `prefix` in `text`: `prefix` then an identifier, or `prefix{a, b::c}` groups.
fn names_after(text: &str, prefix: &str) -> Vec<String> {
    let ident = |s: &str| s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>();
    let mut out = Vec::new();
    for (i, _) in text.match_indices(prefix) {
        let rest = &text[i + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let inner = &group[..group.find('}').unwrap_or(0)];
            out.extend(inner.split(',').map(|p| ident(p.trim())).filter(|s| !s.is_empty()));
        } else {
            out.push(ident(rest));
        }
    }
    out
}

fn find_cycle(g: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(n: &str, g: &BTreeMap<String, BTreeSet<String>>, path: &mut Vec<String>, done: &mut BTreeSet<String>) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == n) {
            let mut cycle = path[at..].to_vec();
            cycle.push(n.to_string());
            return Some(cycle);
        }
        if done.contains(n) {
            return None;
        }
        path.push(n.to_string());
        for next in g.get(n).into_iter().flatten() {
            if let Some(c) = visit(next, g, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(n.to_string());
        None
    }
    let mut done = BTreeSet::new();
    g.keys().find_map(|n| visit(n, g, &mut Vec::new(), &mut done))
}

fn src(rel: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(rel)
}

#[test]
fn feature_areas_import_one_way() {
    let g = graph(&src("features"), &|t| names_after(t, "crate::features::"));
    assert!(g.contains_key("cart") && g["wishlist"].contains("catalog"), "the graph was read: {g:?}");
    assert_eq!(find_cycle(&g), None, "feature areas import each other in a circle");
}

#[test]
fn cart_modules_import_one_way() {
    let g = graph(&src("features/cart"), &|t| names_after(t, "super::"));
    assert!(g["view"].contains("priced") && g["lines"].contains("codes"), "the graph was read: {g:?}");
    assert_eq!(find_cycle(&g), None, "cart modules import each other in a circle");
}

#[test]
fn the_cycle_finder_finds_cycles() {
    let g: BTreeMap<String, BTreeSet<String>> = [("a", vec!["b"]), ("b", vec!["c"]), ("c", vec!["a"]), ("d", vec![])]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.into_iter().map(String::from).collect()))
        .collect();
    assert_eq!(find_cycle(&g), Some(vec!["a".into(), "b".into(), "c".into(), "a".into()]));
    assert_eq!(names_after("use super::{codes::apply, views::*};\nuse super::priced::x;", "super::"), vec!["codes", "views", "priced"]);
}

//! The category tree: a category's chain up to its top, everything below it, its top category.
//! Anything with an id and a parent (the store's rows) is a node.

pub trait Node {
    fn id(&self) -> i64;
    fn parent_id(&self) -> Option<i64>;
}

/// The category and its ancestors, top first. A loop in the data ends the walk.
pub fn chain<N: Node>(nodes: &[N], id: i64) -> Vec<&N> {
    let mut out: Vec<&N> = Vec::new();
    let mut cur = nodes.iter().find(|c| c.id() == id);
    while let Some(c) = cur {
        if out.iter().any(|o| o.id() == c.id()) {
            break;
        }
        out.push(c);
        cur = c.parent_id().and_then(|p| nodes.iter().find(|x| x.id() == p));
    }
    out.reverse();
    out
}

/// The category and everything below it, breadth first.
pub fn descendants<N: Node>(nodes: &[N], id: i64) -> Vec<i64> {
    let mut out = vec![id];
    let mut i = 0;
    while i < out.len() {
        let cur = out[i];
        out.extend(nodes.iter().filter(|c| c.parent_id() == Some(cur) && !out.contains(&c.id())).map(|c| c.id()).collect::<Vec<_>>());
        i += 1;
    }
    out
}

/// The top-level category above `id` (itself when it is one, or when it is unknown).
pub fn top<N: Node>(nodes: &[N], id: i64) -> i64 {
    chain(nodes, id).first().map(|c| c.id()).unwrap_or(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct C(i64, Option<i64>);
    impl Node for C {
        fn id(&self) -> i64 {
            self.0
        }
        fn parent_id(&self) -> Option<i64> {
            self.1
        }
    }

    #[test]
    fn chains_descendants_and_tops() {
        let tree = [C(1, None), C(101, Some(1)), C(1011, Some(101)), C(2, None), C(201, Some(2))];
        assert_eq!(chain(&tree, 1011).iter().map(|c| c.0).collect::<Vec<_>>(), vec![1, 101, 1011]);
        assert_eq!(descendants(&tree, 1), vec![1, 101, 1011]);
        assert_eq!(descendants(&tree, 201), vec![201]);
        assert_eq!(top(&tree, 1011), 1);
        assert_eq!(top(&tree, 2), 2);
        assert_eq!(top(&tree, 999), 999, "unknown: itself");
    }

    #[test]
    fn loops_in_the_data_end_the_walk() {
        let looped = [C(1, Some(2)), C(2, Some(1))];
        assert_eq!(chain(&looped, 1).len(), 2);
        assert_eq!(descendants(&looped, 1), vec![1, 2]);
    }
}

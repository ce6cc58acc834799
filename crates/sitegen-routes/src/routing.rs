//! The redirect rules and the client's redirect map a warm builder keeps while what
//! they are made of is the same.

use sitegen_content::Content;
use sitegen_hosts::Redirects;
use sitegen_sitefiles::redirects::{client_map, rules};
use sitegen_workers::Key;

use crate::PlannedRoute;

/// The redirect rules and the client's redirect map ([`client_map`], as text) of a
/// build, with the key of what they were made of: at 10,000 products each build would
/// make tens of thousands of rules and count them against the hosts' limits again,
/// while an edit of a product's text changes none of them.
pub struct Routing {
    key: Key,
    pub rules: Redirects,
    pub client_map: String,
}

impl Routing {
    /// The rules and map of `content`, whose every page `routes` plans: `last`'s when
    /// made of the same (a warm builder's last build).
    pub fn of(content: &Content, routes: &[PlannedRoute], last: Option<Routing>) -> Self {
        let key = routing_key(content, routes);
        match last {
            Some(last) if last.key == key => last,
            _ => Self {
                key,
                rules: rules(content, routes.iter().map(|route| route.path.as_str())),
                client_map: client_map(content).to_string(),
            },
        }
    }
}

/// The key of what [`rules`] and [`client_map`] are made of: the content's aliases, its
/// categories (their listings), and every page with, for a product's, the product's
/// id (the product pages are the products' routes, in the content's order).
fn routing_key(content: &Content, routes: &[PlannedRoute]) -> Key {
    let mut made_of = Vec::with_capacity(routes.len() * 64);
    let mut part = |bytes: &[u8]| {
        made_of.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
        made_of.extend_from_slice(bytes);
    };
    for (alias, target) in content.alias_redirects() {
        part(alias.as_bytes());
        part(target.as_bytes());
    }
    part(b"categories");
    for category in &content.categories {
        part(category.id().as_bytes());
    }
    part(b"pages");
    for route in routes {
        part(route.path.as_bytes());
        let product = route.product.map(|index| content.products[index].id());
        part(&product.map_or([0; 5], |id| {
            let [a, b, c, d] = id.to_le_bytes();
            [1, a, b, c, d]
        }));
    }
    Key::of(&[&made_of])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::load_valid_content;

    #[test]
    fn the_routing_of_the_same_routes_is_the_last_and_a_new_slug_makes_it_again() {
        let content = load_valid_content();
        let planned = crate::plan(&content);
        let routing = Routing::of(&content, &planned, None);
        assert_eq!(routing.client_map, client_map(&content).to_string());
        let mut described = content.clone();
        described.products[0].description = content.products[1].description.clone();
        let marked = Routing {
            client_map: "marked".to_string(),
            ..routing
        };
        let kept = Routing::of(&described, &crate::plan(&described), Some(marked));
        assert_eq!(kept.client_map, "marked", "a description is in no redirect");
        let mut renamed = content.clone();
        renamed.products[0].title = content
            .products
            .iter()
            .map(|product| product.title.clone())
            .find(|title| *title != content.products[0].title)
            .expect("another title");
        let replanned = crate::plan(&renamed);
        let made = Routing::of(&renamed, &replanned, Some(kept));
        assert_eq!(made.client_map, client_map(&renamed).to_string());
        assert_eq!(
            made.rules,
            rules(&renamed, replanned.iter().map(|route| route.path.as_str()))
        );
    }
}

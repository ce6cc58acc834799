//! Paged listings: which items each page of a listing holds and where each page
//! lives. Page 1 is the listing itself (`/products`, `/products/category/{id}`);
//! page N > 1 is `{listing}/page/N`, as Hugo, Zola and Astro paginate.

use std::num::NonZeroUsize;
use std::ops::Range;

/// One page of a listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListingPage {
    /// 1-based.
    pub number: usize,
    /// How many pages the listing has (at least 1).
    pub of: usize,
    /// The indices of the items this page shows, in listing order.
    pub items: Range<usize>,
}

impl ListingPage {
    /// The decoded path of this page of the listing at `first` (its page 1).
    pub fn path(&self, first: &str) -> String {
        page_path(first, self.number)
    }
}

/// The pages of a listing of `count` items, `page_size` a page. An empty listing has
/// one page, with no items, which shows the listing's empty message.
pub fn pages(count: usize, page_size: NonZeroUsize) -> Vec<ListingPage> {
    let size = page_size.get();
    let of = count.div_ceil(size).max(1);
    (0..of)
        .map(|index| ListingPage {
            number: index + 1,
            of,
            items: index * size..((index + 1) * size).min(count),
        })
        .collect()
}

/// The decoded path of page `number` (1-based) of the listing at `first`: `first`
/// itself for page 1, `{first}/page/{number}` after it.
pub fn page_path(first: &str, number: usize) -> String {
    if number <= 1 {
        first.to_string()
    } else {
        format!("{}/page/{number}", first.trim_end_matches('/'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(n: usize) -> NonZeroUsize {
        NonZeroUsize::new(n).unwrap()
    }

    fn ranges(count: usize, page_size: usize) -> Vec<Range<usize>> {
        pages(count, size(page_size))
            .into_iter()
            .map(|page| page.items)
            .collect()
    }

    #[test]
    fn a_listing_that_fills_its_pages_exactly_has_no_empty_last_page() {
        assert_eq!(ranges(250, 250), vec![0..250]);
        assert_eq!(ranges(500, 250), vec![0..250, 250..500]);
    }

    #[test]
    fn one_item_past_a_full_page_makes_a_page_of_one() {
        assert_eq!(ranges(251, 250), vec![0..250, 250..251]);
        assert_eq!(ranges(249, 250), vec![0..249]);
    }

    #[test]
    fn an_empty_listing_has_one_empty_page() {
        let planned = pages(0, size(24));
        assert_eq!(
            planned,
            vec![ListingPage {
                number: 1,
                of: 1,
                items: 0..0
            }]
        );
        assert_eq!(
            planned[0].path("/products/category/empty"),
            "/products/category/empty"
        );
    }

    #[test]
    fn a_page_size_of_one_gives_each_item_its_page() {
        let planned = pages(3, size(1));
        assert_eq!(
            planned
                .iter()
                .map(|page| page.items.clone())
                .collect::<Vec<_>>(),
            vec![0..1, 1..2, 2..3]
        );
        assert!(planned.iter().all(|page| page.of == 3));
        assert_eq!(
            planned.iter().map(|page| page.number).collect::<Vec<_>>(),
            vec![1, 2, 3]
        );
    }

    #[test]
    fn page_one_is_the_listing_itself_and_later_pages_sit_under_it() {
        assert_eq!(page_path("/products", 1), "/products");
        assert_eq!(page_path("/products", 2), "/products/page/2");
        assert_eq!(
            page_path("/products/category/dialysis", 40),
            "/products/category/dialysis/page/40"
        );
        let ten_thousand = pages(10_000, size(48));
        assert_eq!(ten_thousand.len(), 209);
        assert_eq!(
            ten_thousand.last().map(|page| page.items.clone()),
            Some(9_984..10_000)
        );
    }
}

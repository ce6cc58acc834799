//! What a link check learnt of the output it checked, kept by a builder of many builds
//! (`sitegen serve`) so that its next check of that folder looks again only at the
//! pages whose answer can differ: the pages that changed, and those with a link that
//! looks up a name of the output (a file, a `_redirects` source) that appeared or went.
//! Every other page's answer is the one it had: a page's check reads nothing but its
//! own markup, which names of the output exist, and the route table.

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::Arc;

use sitegen_content::Diagnostic;

use crate::html::{lookups, Lookup, OutputIndex};

/// Some of the URLs of a page (each once); a group may be shared by many pages (the
/// links of a frame that thousands of pages are written in), and is then kept once.
pub type UrlGroup = Arc<[String]>;

/// One page's check: its URLs, in groups, and its problems.
#[derive(Debug, Clone, Default)]
pub struct PageCheck {
    pub urls: Vec<UrlGroup>,
    pub problems: Vec<Diagnostic>,
}

/// A page as last checked: the numbers of its URLs, in groups, and its problems.
struct Checked {
    urls: Vec<Arc<[usize]>>,
    problems: Vec<Diagnostic>,
}

/// The pages of a checked output, each with its URLs and problems.
pub struct LinkGraph {
    /// The output the pages were checked against.
    index: OutputIndex,
    /// The numbers of the URLs whose check looks up each name of the output.
    looked_up_by: HashMap<Lookup, Vec<usize>>,
    /// The number of each URL seen.
    numbers: HashMap<String, usize>,
    pages: HashMap<String, Checked>,
}

impl LinkGraph {
    /// The graph of a whole check of the output `index`, whose every page is in
    /// `checked`, with the check's problems in the order of [`OutputIndex::pages`].
    pub fn new(index: OutputIndex, checked: Vec<(String, PageCheck)>) -> (Self, Vec<Diagnostic>) {
        let mut graph = Self {
            index: OutputIndex::default(),
            looked_up_by: HashMap::new(),
            numbers: HashMap::new(),
            pages: HashMap::new(),
        };
        let problems = graph.update(index, checked);
        (graph, problems)
    }

    /// The pages of the output `next` whose check may answer otherwise than in this
    /// graph, sorted as [`OutputIndex::pages`]: the `changed` ones (whose markup
    /// differs), the new ones, and those with a URL that looks up a name whose presence
    /// differs between the two outputs.
    pub fn pages_to_check<'i>(
        &self,
        next: &'i OutputIndex,
        changed: &HashSet<&str>,
    ) -> Vec<&'i str> {
        let moved: HashSet<usize> = self
            .index
            .changed_lookups(next)
            .iter()
            .filter_map(|name| self.looked_up_by.get(name))
            .flatten()
            .copied()
            .collect();
        next.pages_where(|page| {
            changed.contains(page)
                || self.pages.get(page).is_none_or(|checked| {
                    !moved.is_empty()
                        && checked
                            .urls
                            .iter()
                            .any(|group| group.iter().any(|number| moved.contains(number)))
                })
        })
    }

    /// Takes the check of the output `next` in which the pages `checked` were checked
    /// again (at least those [`LinkGraph::pages_to_check`] named) and every other page
    /// kept its answer; returns the problems of the whole output, in the order of
    /// [`OutputIndex::pages`]: what a whole check of `next` reports.
    pub fn update(
        &mut self,
        next: OutputIndex,
        checked: Vec<(String, PageCheck)>,
    ) -> Vec<Diagnostic> {
        // A group shared by many pages is numbered once (known by its address, which
        // stays its own while `checked` holds it).
        let mut numbered: HashMap<*const String, Arc<[usize]>> = HashMap::new();
        let numbers: Vec<Vec<Arc<[usize]>>> = checked
            .iter()
            .map(|(_, check)| {
                check
                    .urls
                    .iter()
                    .map(|group| {
                        numbered
                            .entry(group.as_ptr())
                            .or_insert_with(|| group.iter().map(|url| self.number(url)).collect())
                            .clone()
                    })
                    .collect()
            })
            .collect();
        for ((page, check), urls) in checked.into_iter().zip(numbers) {
            let problems = check.problems;
            self.pages.insert(page, Checked { urls, problems });
        }
        self.pages.retain(|page, _| next.files.contains(page));
        self.index = next;
        let mut with_problems: Vec<(&String, &Checked)> = self
            .pages
            .iter()
            .filter(|(_, checked)| !checked.problems.is_empty())
            .collect();
        with_problems.sort_unstable_by(|(a, _), (b, _)| Path::new(a).cmp(Path::new(b)));
        with_problems
            .into_iter()
            .flat_map(|(_, checked)| checked.problems.iter().cloned())
            .collect()
    }

    /// The number of `url`, given to it now if it has none.
    fn number(&mut self, url: &str) -> usize {
        if let Some(&number) = self.numbers.get(url) {
            return number;
        }
        let number = self.numbers.len();
        for name in lookups(url) {
            self.looked_up_by.entry(name).or_default().push(number);
        }
        self.numbers.insert(url.to_string(), number);
        number
    }
}

#[cfg(test)]
mod tests;

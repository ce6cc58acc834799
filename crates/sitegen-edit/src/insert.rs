//! Adding entries as text: after the last entry of their kind, so that the comments
//! and the tables of other kinds stay where the editor put them.

use toml_edit::{ArrayOfTables, DocumentMut, Item, Table};

/// `text` with `[[name]]` + each of `tables` after the last `[[name]]` entry (before
/// the next table header and the comments right above it, or at the end), and the
/// 1-based line of the first new header.
pub fn insert_entries(text: &str, name: &str, tables: &[Table]) -> (String, usize) {
    let mut rendered = DocumentMut::new();
    let mut array = ArrayOfTables::new();
    for table in tables {
        array.push(table.clone());
    }
    rendered.insert(name, Item::ArrayOfTables(array));
    let entries = format!("{}\n", rendered.to_string().trim_end());

    let header = format!("[[{name}]]");
    let starts: Vec<usize> = line_starts(text).collect();
    // The line at `start`, without its indentation.
    let line_at = |start: usize| text[start..].trim_start_matches([' ', '\t']);
    let last_own = starts
        .iter()
        .rposition(|&start| line_at(start).starts_with(&header));
    let next_other = last_own.and_then(|own| {
        let mut next = (own + 1..starts.len()).find(|&k| {
            line_at(starts[k]).starts_with('[') && !line_at(starts[k]).starts_with(&header)
        })?;
        // Comments right above the next header belong to it.
        while next > own + 1 && line_at(starts[next - 1]).starts_with(['#', '\n', '\r']) {
            next -= 1;
        }
        Some(starts[next])
    });
    let (before, after) = match next_other {
        Some(at) => text.split_at(at),
        None => (text, ""),
    };
    let before = before.trim_end_matches(['\n', '\r', ' ', '\t']);
    let separator = if before.is_empty() { "" } else { "\n\n" };
    let line = before.lines().count() + if before.is_empty() { 1 } else { 2 };
    let tail = if after.is_empty() {
        String::new()
    } else {
        format!("\n{}", after.trim_start_matches(['\n', '\r']))
    };
    (format!("{before}{separator}{entries}{tail}"), line)
}

fn line_starts(text: &str) -> impl Iterator<Item = usize> + '_ {
    std::iter::once(0).chain(
        text.match_indices('\n')
            .map(|(i, _)| i + 1)
            .filter(move |&i| i < text.len()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use toml_edit::value;

    fn table(id: i64) -> Table {
        let mut table = Table::new();
        table["id"] = value(id);
        table
    }

    #[test]
    fn an_entry_goes_after_the_last_of_its_kind_and_keeps_the_rest() {
        let text =
            "# top comment\n[[certificate]]\nid = \"a\" # why\n\n[[registration]]\nid = \"r\"\n";
        let (updated, line) = insert_entries(text, "certificate", &[table(1)]);
        assert_eq!(
            updated,
            "# top comment\n[[certificate]]\nid = \"a\" # why\n\n[[certificate]]\nid = 1\n\n[[registration]]\nid = \"r\"\n"
        );
        assert_eq!(updated.lines().nth(line - 1), Some("[[certificate]]"));
        assert_eq!(line, 5);
    }

    #[test]
    fn the_comment_over_the_next_kind_stays_with_it() {
        let text = "[[certificate]]\nid = \"a\"\n\n# Railway\n[[registration]]\n";
        let (updated, _) = insert_entries(text, "certificate", &[table(1)]);
        assert_eq!(
            updated,
            "[[certificate]]\nid = \"a\"\n\n[[certificate]]\nid = 1\n\n# Railway\n[[registration]]\n"
        );
    }

    #[test]
    fn entries_of_the_last_kind_are_appended_in_order() {
        let (updated, line) = insert_entries("[[product]]\nid = 1\n\n\n", "product", &[table(2)]);
        assert_eq!(updated, "[[product]]\nid = 1\n\n[[product]]\nid = 2\n");
        assert_eq!(line, 4);
        let (updated, line) = insert_entries("", "product", &[table(1), table(2)]);
        assert_eq!(
            (updated.as_str(), line),
            ("[[product]]\nid = 1\n\n[[product]]\nid = 2\n", 1)
        );
    }
}

//! Every sentence a publish shows an editor, in one place: the list of what will be
//! published, the proposed commit message and the conflicts.

use std::fmt;

use serde_json::Value as Json;

use crate::{EntryChange, EntryName, FileChange, Listed, ValueConflict, What};

/// What editors call the entries of an array of tables: `product` is "Product".
pub fn entry_kind(array: &str) -> String {
    match array {
        "item" => "Menu item".to_string(),
        "group" => "Search word group".to_string(),
        "one_way" => "One-way search word".to_string(),
        other => capitalized(&other.replace('_', " ")),
    }
}

/// What editors call a content file: "Site settings" for `site.toml`, else the title
/// the table of content files gives it.
pub fn file_label(relative: &str) -> String {
    match sitegen_content::files::content_file(relative) {
        Some(file) if file.path == sitegen_content::files::SITE.path => "Site settings".to_string(),
        Some(file) => file.title.to_string(),
        None => relative.to_string(),
    }
}

/// A field's key in words: `short_description` is "short description", `phones`
/// "phone numbers".
pub fn field_words(key: &str) -> String {
    match key {
        "phones" => "phone numbers".to_string(),
        "top_bar_phones" => "top bar phone numbers".to_string(),
        "emails" => "e-mail addresses".to_string(),
        other => {
            let mut words = String::new();
            for (n, c) in other.chars().enumerate() {
                match c {
                    '_' | '-' => words.push(' '),
                    c if c.is_uppercase() && n > 0 => {
                        words.push(' ');
                        words.extend(c.to_lowercase());
                    }
                    c => words.push(c),
                }
            }
            words
        }
    }
}

fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

impl fmt::Display for EntryName {
    /// `Product 17 · Hemodialysis Machine`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", entry_kind(&self.array), self.id)?;
        match &self.title {
            Some(title) => write!(f, " · {title}"),
            None => Ok(()),
        }
    }
}

fn fields(keys: &[String]) -> String {
    let mut words: Vec<String> = Vec::new();
    for key in keys {
        let key = key.rsplit('.').next().unwrap_or(key);
        let word = field_words(key);
        if !words.contains(&word) {
            words.push(word);
        }
    }
    words.join(", ")
}

impl fmt::Display for Listed {
    /// One line of the list: "Product 17 · Hemodialysis Machine: description, model",
    /// "Product 312 added", "Site settings: phone numbers",
    /// "media/products/ro-unit.jpg added".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.what {
            What::Entry(EntryChange::Changed(entry, keys)) => {
                write!(f, "{entry}: {}", fields(keys))
            }
            What::Entry(EntryChange::Added(entry)) => {
                write!(f, "{} {} added", entry_kind(&entry.array), entry.id)
            }
            What::Entry(EntryChange::Removed(entry)) => write!(f, "{entry} removed"),
            What::Settings(keys) => write!(f, "{}: {}", file_label(&self.path), fields(keys)),
            What::File(change) => {
                let done = match change {
                    FileChange::Added => "added",
                    FileChange::Changed => "changed",
                    FileChange::Removed => "removed",
                    FileChange::Layout => "comments or layout",
                };
                match change {
                    FileChange::Layout => write!(f, "{}: {done}", file_label(&self.path)),
                    _ => write!(f, "{} {done}", self.path),
                }
            }
        }
    }
}

/// The commit message proposed from the list: its first line says how much, the
/// body lists every change.
pub fn proposed_message(changes: &[Listed]) -> String {
    let subject = match changes {
        [only] => format!("content: {only}"),
        _ => format!("content: {} changes", changes.len()),
    };
    let mut message = subject;
    if changes.len() > 1 {
        message.push('\n');
        for change in changes {
            message.push_str(&format!("\n- {change}"));
        }
    }
    message.push('\n');
    message
}

fn value_words(value: &Json) -> String {
    match value {
        Json::Null => "(removed)".to_string(),
        Json::String(text) => format!("{text:?}"),
        other => other.to_string(),
    }
}

impl fmt::Display for ValueConflict {
    /// "Product 17 · Hemodialysis Machine: model: yours "HD-2", theirs "HD-3"".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.entry, &self.field) {
            (Some(entry), Some(field)) => write!(f, "{entry}: {}", field_words(field))?,
            (Some(entry), None) => write!(f, "{entry}")?,
            (None, Some(field)) => write!(
                f,
                "{}: {}",
                file_label(&self.path),
                fields(std::slice::from_ref(field))
            )?,
            (None, None) => write!(f, "{}", self.path)?,
        }
        write!(
            f,
            " — yours: {}; a colleague's: {}",
            value_words(&self.ours),
            value_words(&self.theirs)
        )
    }
}

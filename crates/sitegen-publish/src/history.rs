//! An entry's history, from `git log` on its file: only the commits whose version of
//! the file changed that entry's values (compared as the publish compares them), and
//! the author the clone's commits get.

use std::path::Path;

use serde_json::Value as Json;
use sitegen_content::files::ContentFile;
use toml_edit::DocumentMut;

use crate::git::Git;
use crate::values::Values;
use crate::PublishError;

/// One version of an entry (or of a whole file), as a commit made it.
#[derive(Debug, Clone, PartialEq)]
pub struct Version {
    /// The commit, in full.
    pub commit: String,
    /// Its author's name.
    pub author: String,
    /// Its author's e-mail address.
    pub email: String,
    /// When it was authored, in ISO 8601 (`2026-12-06T09:12:40+00:00`).
    pub date: String,
    /// The first line of its message.
    pub subject: String,
    /// The entry's values (the whole file's, when no entry was asked) after this
    /// commit; `null` when the commit removed it.
    pub value: Json,
}

/// The versions of entry `id` of `relative` (a content file, relative to the content
/// folder), newest first; of the whole file when `id` is `None`. A file that git does
/// not know, or a content folder in no repository, has no history yet.
pub fn history(
    content_dir: &Path,
    relative: &str,
    id: Option<&str>,
) -> Result<Vec<Version>, PublishError> {
    let (git, prefix) = match Git::discover(content_dir, false) {
        Ok(found) => found,
        Err(PublishError::NoRepository { .. }) => return Ok(Vec::new()),
        Err(error) => return Err(error),
    };
    let path = format!("{prefix}{relative}");
    let log = git.run(
        [
            "log",
            "--no-renames",
            "--format=%H%x1f%an%x1f%ae%x1f%aI%x1f%s%x1e",
            "--",
            &path,
        ],
        None,
    )?;
    if !log.ok {
        // No commit yet.
        return Ok(Vec::new());
    }
    let commits: Vec<Vec<String>> = String::from_utf8_lossy(&log.stdout)
        .split('\x1e')
        .map(str::trim)
        .filter(|record| !record.is_empty())
        .map(|record| record.split('\x1f').map(str::to_string).collect())
        .filter(|fields: &Vec<String>| fields.len() == 5)
        .collect();
    let file = sitegen_content::files::content_file(relative);
    let value_of = |text: &Option<String>| -> Json {
        let Some(text) = text else { return Json::Null };
        match (id, file) {
            (Some(id), Some(file)) => entry_value(text, file, id),
            _ => text
                .parse::<DocumentMut>()
                .map(|document| sitegen_edit::json::table_json(document.as_table()))
                .unwrap_or(Json::Null),
        }
    };
    // A few versions at a time: at 10,000 products each is megabytes.
    let mut values: Vec<Json> = Vec::with_capacity(commits.len());
    for some in commits.chunks(16) {
        let wanted: String = some
            .iter()
            .map(|fields| format!("{}:{path}\n", fields[0]))
            .collect();
        let blobs = git.ok(["cat-file", "--batch"], Some(wanted.as_bytes()))?;
        values.extend(batch_texts(&blobs.stdout).iter().map(value_of));
    }
    let mut versions = Vec::new();
    for (n, fields) in commits.into_iter().enumerate() {
        let value = values.get(n).cloned().unwrap_or(Json::Null);
        let older = values.get(n + 1).unwrap_or(&Json::Null);
        if &value == older {
            continue;
        }
        let mut fields = fields.into_iter();
        let mut next = || fields.next().unwrap_or_default();
        versions.push(Version {
            commit: next(),
            author: next(),
            email: next(),
            date: next(),
            subject: next(),
            value,
        });
    }
    Ok(versions)
}

/// The values of entry `id` in `text`, `null` when it has none. The entry's own
/// `[[array]]` table is read alone when it can be found by its `id = …` line (at
/// 10,000 products, parsing the whole file for each version is what takes the time);
/// the whole file is read when it cannot, or when that table alone does not read as it.
pub(crate) fn entry_value(text: &str, file: &ContentFile, id: &str) -> Json {
    let whole = || {
        Values::parse(text, file)
            .and_then(|values| values.entry_json(id))
            .unwrap_or(Json::Null)
    };
    match entry_text(text, file, id) {
        Some(Some(alone)) => Values::parse(alone, file)
            .and_then(|values| values.entry_json(id))
            .unwrap_or_else(whole),
        Some(None) => Json::Null,
        None => whole(),
    }
}

/// The text of the `[[array]]` table of `file` whose `id = …` line names `id`, up to the
/// next table that is not one of its own (`[[array.specifications]]`): `Some(None)`
/// when every such table has an `id` line and none names it, `None` when that cannot be
/// told (no `[[array]]` table, or one whose id is not on a line of its own).
fn entry_text<'a>(text: &'a str, file: &ContentFile, id: &str) -> Option<Option<&'a str>> {
    let mut starts = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let header = line.trim();
        if header.starts_with('[') {
            starts.push((offset, header));
        }
        offset += line.len();
    }
    let mut found_any = false;
    for array in file.tables {
        let own = format!("[[{array}]]");
        let inside = [format!("[[{array}."), format!("[{array}.")];
        for (n, (start, header)) in starts.iter().enumerate() {
            if *header != own {
                continue;
            }
            found_any = true;
            let end = starts[n + 1..]
                .iter()
                .find(|(_, next)| {
                    !inside
                        .iter()
                        .any(|prefix| next.starts_with(prefix.as_str()))
                })
                .map_or(text.len(), |(end, _)| *end);
            let table = &text[*start..end];
            // Its own keys come before any table of its own.
            let written = table
                .lines()
                .skip(1)
                .take_while(|line| !line.trim().starts_with('['))
                .find_map(line_id);
            match written {
                Some(written) if written == id => return Some(Some(table)),
                Some(_) => {}
                None => return None,
            }
        }
    }
    found_any.then_some(None)
}

/// The id a line such as `id = 17` or `id = "dialysis-setup" # …` sets, read as TOML.
fn line_id(line: &str) -> Option<String> {
    let (key, _) = line.split_once('=')?;
    if key.trim() != "id" {
        return None;
    }
    let document: DocumentMut = line.parse().ok()?;
    let value = document.get("id")?.as_value()?;
    value
        .as_integer()
        .map(|number| number.to_string())
        .or_else(|| value.as_str().map(str::to_string))
}

/// The texts of a `git cat-file --batch` answer, in the order asked (`None`: missing).
fn batch_texts(mut answer: &[u8]) -> Vec<Option<String>> {
    let mut texts = Vec::new();
    while !answer.is_empty() {
        let Some(end) = answer.iter().position(|byte| *byte == b'\n') else {
            break;
        };
        let header = String::from_utf8_lossy(&answer[..end]).into_owned();
        answer = &answer[end + 1..];
        let size = header
            .rsplit(' ')
            .next()
            .and_then(|size| size.parse::<usize>().ok());
        match size {
            Some(size) if header.split(' ').nth(1) == Some("blob") && answer.len() >= size => {
                texts.push(String::from_utf8(answer[..size].to_vec()).ok());
                // The content, then a newline.
                answer = &answer[(size + 1).min(answer.len())..];
            }
            _ => texts.push(None),
        }
    }
    texts
}

/// Who the commits of a publish are by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Author {
    /// `Ada Lovelace`.
    pub name: String,
    /// `ada@example.com`.
    pub email: String,
}

/// The author git gives this clone's commits (its configuration, or the
/// `GIT_AUTHOR_*` variables), `None` when either is missing.
pub fn author(content_dir: &Path) -> Result<Option<Author>, PublishError> {
    let (git, _) = Git::discover(content_dir, false)?;
    let get = |key: &str, variable: &str| -> Result<Option<String>, PublishError> {
        if let Some(value) = std::env::var_os(variable).filter(|value| !value.is_empty()) {
            return Ok(Some(value.to_string_lossy().into_owned()));
        }
        let output = git.run(["config", "--get", key], None)?;
        Ok(Some(output.text().trim().to_string()).filter(|text| output.ok && !text.is_empty()))
    };
    Ok(get("user.name", "GIT_AUTHOR_NAME")?
        .zip(get("user.email", "GIT_AUTHOR_EMAIL")?)
        .map(|(name, email)| Author { name, email }))
}

/// Keeps `author` in the clone's own configuration (`git config --local`), for every
/// later publish. A value is text to git even when it starts with `-`: `git config`
/// reads no option after the key.
pub fn set_author(content_dir: &Path, author: &Author) -> Result<(), PublishError> {
    for (what, value) in [("name", &author.name), ("e-mail address", &author.email)] {
        if value.trim().is_empty() || value.contains(['\n', '\r', '\0']) {
            return Err(PublishError::BadAuthor(format!(
                "the author's {what} must be one line of text"
            )));
        }
    }
    if !author.email.contains('@') {
        return Err(PublishError::BadAuthor(
            "the author's e-mail address needs an @".to_string(),
        ));
    }
    let (git, _) = Git::discover(content_dir, false)?;
    git.ok(["config", "--local", "user.name", author.name.trim()], None)?;
    git.ok(
        ["config", "--local", "user.email", author.email.trim()],
        None,
    )?;
    Ok(())
}

//! The policy pages, their placeholders filled.

use serde::Serialize;
use sitegen_content::model::PolicyKind;
use sitegen_content::{fill_placeholders, Content, Prose};
use ts_rs::TS;

/// A legal page, placeholders filled.
#[derive(Debug, Serialize, TS)]
pub struct Policy<'a> {
    title: String,
    updated: Option<&'a str>,
    intro: Vec<String>,
    sections: Vec<PolicySection>,
}

/// A section of a legal page.
#[derive(Debug, Serialize, TS)]
struct PolicySection {
    heading: String,
    paragraphs: Vec<String>,
    bullets: Vec<String>,
}

/// A legal page: `{ title, updated, intro, sections: [{ heading, paragraphs, bullets }] }`
/// with `{support_email}`, `{company}` and `{address}` filled.
pub fn policy(c: &Content, kind: PolicyKind) -> Policy<'_> {
    let policy = c.policies.get(kind);
    let fill = |text: &str| fill_placeholders(text, &c.site);
    let fill_all = |texts: &Option<Vec<sitegen_content::Located<Prose>>>| -> Vec<String> {
        texts.iter().flatten().map(|t| fill(&t.value)).collect()
    };
    Policy {
        title: fill(&policy.title),
        updated: policy.updated.as_ref().map(|u| u.as_str()),
        intro: fill_all(&policy.intro),
        sections: policy
            .section
            .iter()
            .flatten()
            .map(|section| PolicySection {
                heading: fill(&section.heading),
                paragraphs: fill_all(&section.paragraphs),
                bullets: fill_all(&section.bullets),
            })
            .collect(),
    }
}

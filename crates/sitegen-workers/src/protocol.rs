//! The prerender worker's protocol, declared once: the messages [`crate::prerender`]
//! writes and the reply it reads. `sitegen gen` writes their TypeScript types
//! ([`TYPESCRIPT_FILE`]), which the worker's side (`web/scripts/prerender.mjs`,
//! `web/src/entry-server.tsx`, `web/src/app/frame-cache.ts`) reads and returns, so
//! neither side can change the protocol alone (docs/data-contract.md §5).

use serde::{Deserialize, Serialize};
use ts_rs::{TypeVisitor, TS};

/// Where the protocol's TypeScript types are committed, relative to the repository root.
pub const TYPESCRIPT_FILE: &str = "web/src/app/prerender-protocol.gen.ts";

/// Visits the protocol's types for their TypeScript declarations.
pub fn visit_types(visitor: &mut impl TypeVisitor) {
    visitor.visit::<Message>();
    visitor.visit::<Reply>();
    // Flattened into `RenderedPage`, and what the worker's frame cache returns.
    visitor.visit::<PageMarkup>();
}

/// A message to a worker, one JSON line: the layout of the pages that follow (once per
/// worker, and again when it changes; no reply), or a URL to render with its route
/// data. Both carry JSON the build already holds serialised, so sitegen writes the
/// lines around it (`Message::layout_line`, `Message::render_line`) rather than from
/// this type, which describes them.
#[derive(Debug, Deserialize, TS)]
#[serde(untagged)]
pub enum Message {
    Render {
        url: String,
        /// The route's `RouteData` (docs/data-contract.md §3).
        #[ts(type = "unknown")]
        route: serde_json::Value,
    },
    Layout {
        /// The layout every page shares (docs/data-contract.md §2).
        #[ts(type = "unknown")]
        layout: serde_json::Value,
    },
}

impl Message {
    /// The line that sends `layout_json`, the layout's JSON.
    pub fn layout_line(layout_json: &str) -> String {
        format!("{{\"layout\":{layout_json}}}")
    }

    /// The line that asks for `url` rendered from `route_json`, its route's JSON.
    pub fn render_line(url: &str, route_json: &str) -> Result<String, serde_json::Error> {
        let url_json = serde_json::to_string(url)?;
        Ok(format!("{{\"url\":{url_json},\"route\":{route_json}}}"))
    }
}

/// A worker's answer to one render request: a page, or the message of its failure.
#[derive(Debug, PartialEq, Eq, Serialize, TS)]
#[serde(untagged)]
pub enum Reply {
    Page(RenderedPage),
    Failed { error: String },
}

/// A rendered page: its markup, the Vite manifest keys of the screen modules it
/// rendered, and its HTTP status.
#[derive(Debug, PartialEq, Eq, Serialize, TS)]
pub struct RenderedPage {
    #[serde(flatten)]
    pub markup: PageMarkup,
    pub modules: Vec<String>,
    pub status: u16,
}

/// A page's markup: whole, or the screen's (after the resources it hoists) in frame
/// `frame`, whose markup comes along the first time (`frameMarkup`); the page is
/// `hoisted + before + screen + after`.
#[derive(Debug, PartialEq, Eq, Serialize, TS)]
#[serde(untagged)]
pub enum PageMarkup {
    Whole {
        html: String,
    },
    Framed {
        frame: u32,
        #[serde(rename = "frameMarkup", skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        frame_markup: Option<FrameMarkup>,
        hoisted: String,
        screen: String,
    },
}

/// A frame's markup: what comes before and after the screen's.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, TS)]
pub struct FrameMarkup {
    pub before: String,
    pub after: String,
}

fn ok_status() -> u16 {
    200
}

/// A reply line's fields, read in one pass (an untagged enum would buffer the whole
/// page to try each shape), then checked to be a [`Reply`]. Lenient where the worker
/// may leave a field out: no modules, status 200.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ReplyFields {
    html: Option<String>,
    frame: Option<u32>,
    frame_markup: Option<FrameMarkup>,
    hoisted: Option<String>,
    screen: Option<String>,
    #[serde(default)]
    modules: Vec<String>,
    #[serde(default = "ok_status")]
    status: u16,
    error: Option<String>,
}

impl Reply {
    /// The reply a worker's line holds, or why it holds none.
    pub fn parse(line: &str) -> Result<Reply, String> {
        let fields =
            serde_json::from_str::<ReplyFields>(line).map_err(|error| error.to_string())?;
        if let Some(error) = fields.error {
            return Ok(Reply::Failed { error });
        }
        let markup = match fields {
            ReplyFields {
                html: Some(html), ..
            } => PageMarkup::Whole { html },
            ReplyFields {
                frame: Some(frame),
                frame_markup,
                hoisted: Some(hoisted),
                screen: Some(screen),
                ..
            } => PageMarkup::Framed {
                frame,
                frame_markup,
                hoisted,
                screen,
            },
            _ => return Err("neither a page nor an error".to_string()),
        };
        Ok(Reply::Page(RenderedPage {
            markup,
            modules: fields.modules,
            status: fields.status,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines written around serialised JSON are the messages the TypeScript types
    /// describe.
    #[test]
    fn each_message_line_reads_back_as_its_message() {
        let layout = Message::layout_line(r#"{"site":{"name":"A"}}"#);
        assert!(matches!(
            serde_json::from_str(&layout).unwrap(),
            Message::Layout { layout } if layout["site"]["name"] == "A"
        ));
        let render = Message::render_line("/a \"b\"", r#"{"page":{}}"#).unwrap();
        assert!(matches!(
            serde_json::from_str(&render).unwrap(),
            Message::Render { url, route } if url == "/a \"b\"" && route["page"].is_object()
        ));
    }

    fn page(markup: PageMarkup) -> Reply {
        Reply::Page(RenderedPage {
            markup,
            modules: vec!["src/pages/A.tsx".to_string()],
            status: 404,
        })
    }

    /// What the worker writes of each reply (serde's form of it, as the generated
    /// TypeScript types describe) is read back as that reply.
    #[test]
    fn every_reply_shape_reads_back_as_itself() {
        let frame_markup = FrameMarkup {
            before: "<main>".to_string(),
            after: "</main>".to_string(),
        };
        for reply in [
            page(PageMarkup::Whole {
                html: "<p>a\"b</p>".to_string(),
            }),
            page(PageMarkup::Framed {
                frame: 3,
                frame_markup: Some(frame_markup),
                hoisted: "<link>".to_string(),
                screen: "<h1>A</h1>".to_string(),
            }),
            page(PageMarkup::Framed {
                frame: 3,
                frame_markup: None,
                hoisted: String::new(),
                screen: "<h1>B</h1>".to_string(),
            }),
            Reply::Failed {
                error: "boom".to_string(),
            },
        ] {
            let line = serde_json::to_string(&reply).unwrap();
            assert_eq!(Reply::parse(&line), Ok(reply), "{line}");
        }
    }

    #[test]
    fn the_wire_names_are_the_protocols() {
        let line = serde_json::to_string(&page(PageMarkup::Framed {
            frame: 3,
            frame_markup: Some(FrameMarkup {
                before: "b".to_string(),
                after: "a".to_string(),
            }),
            hoisted: "h".to_string(),
            screen: "s".to_string(),
        }))
        .unwrap();
        assert_eq!(
            line,
            r#"{"frame":3,"frameMarkup":{"before":"b","after":"a"},"hoisted":"h","screen":"s","modules":["src/pages/A.tsx"],"status":404}"#
        );
    }
}

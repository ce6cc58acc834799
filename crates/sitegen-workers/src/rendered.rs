//! What a worker's reply line makes: the page the app rendered, whole or as its screen
//! in a frame that the pages of one navigation state share (docs/data-contract.md §5).

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

use crate::entry::Key;
pub use crate::protocol::FrameMarkup;
use crate::protocol::{PageMarkup, Reply};

/// What the app rendered for one URL.
#[derive(Debug)]
pub struct Rendered {
    pub markup: Markup,
    pub modules: Vec<String>,
    pub status: u16,
}

/// A page's markup: whole, or its screen (after the resources it hoists) in a frame,
/// which the pages of one navigation state share (docs/data-contract.md §5).
#[derive(Debug)]
pub enum Markup {
    Whole(String),
    Framed {
        frame: Arc<Frame>,
        hoisted: String,
        screen: String,
    },
}

impl Markup {
    /// The page's HTML: `hoisted + before + screen + after` for a framed page.
    pub fn html(&self) -> Cow<'_, str> {
        match self {
            Markup::Whole(html) => Cow::Borrowed(html),
            Markup::Framed {
                frame,
                hoisted,
                screen,
            } => Cow::Owned(
                [
                    hoisted.as_str(),
                    &frame.markup.before,
                    screen,
                    &frame.markup.after,
                ]
                .concat(),
            ),
        }
    }
}

/// A frame: its markup and the key it has in the build cache (a hash of the markup).
#[derive(Debug, PartialEq, Eq)]
pub struct Frame {
    pub key: Key,
    pub markup: FrameMarkup,
}

impl Frame {
    pub fn new(markup: FrameMarkup) -> Self {
        Self {
            key: Key::of(&[markup.before.as_bytes(), markup.after.as_bytes()]),
            markup,
        }
    }
}

/// The page in a worker's reply line, or the message of its failure. `frames` holds
/// the frames that worker sent so far, by its ids; a frame's first page adds it.
pub(crate) fn rendered_of(
    reply: &str,
    frames: &mut HashMap<u32, Arc<Frame>>,
) -> Result<Rendered, String> {
    let unreadable = |why: &str| format!("unreadable reply ({why}): {}", reply.trim());
    let page = match Reply::parse(reply).map_err(|why| unreadable(&why))? {
        Reply::Page(page) => page,
        Reply::Failed { error } => return Err(error),
    };
    let markup = match page.markup {
        PageMarkup::Whole { html } => Markup::Whole(html),
        PageMarkup::Framed {
            frame: id,
            frame_markup,
            hoisted,
            screen,
        } => {
            if let Some(markup) = frame_markup {
                frames.insert(id, Arc::new(Frame::new(markup)));
            }
            let frame = frames
                .get(&id)
                .ok_or_else(|| unreadable(&format!("frame {id} was never sent")))?;
            Markup::Framed {
                frame: frame.clone(),
                hoisted,
                screen,
            }
        }
    };
    Ok(Rendered {
        markup,
        modules: page.modules,
        status: page.status,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_is_a_whole_page_or_the_error_it_names() {
        let mut frames = HashMap::new();
        let line = "{\"html\":\"<p>a\\\"b</p>\",\"modules\":[\"src/A.tsx\"],\"status\":404}\n";
        let rendered = rendered_of(line, &mut frames).unwrap();
        assert_eq!(
            (rendered.markup.html(), rendered.modules, rendered.status),
            ("<p>a\"b</p>".into(), vec!["src/A.tsx".to_string()], 404)
        );
        let defaults = rendered_of("{\"html\":\"x\"}", &mut frames).unwrap();
        assert_eq!((defaults.modules.len(), defaults.status), (0, 200));
        assert_eq!(
            rendered_of("{\"error\":\"boom\"}", &mut frames).unwrap_err(),
            "boom"
        );
        for unreadable in [
            "{\"status\":200}",
            "<html>",
            "{\"frame\":1,\"screen\":\"s\"}",
        ] {
            let message = rendered_of(unreadable, &mut frames).unwrap_err();
            assert!(message.starts_with("unreadable reply"), "{message}");
        }
    }

    #[test]
    fn a_framed_page_is_its_screen_in_the_frame_its_worker_sent_once() {
        let mut frames = HashMap::new();
        let first = r#"{"frame":7,"frameMarkup":{"before":"<nav></nav><main>","after":"</main><footer></footer>"},"hoisted":"<link rel=\"preload\">","screen":"<h1>A</h1>"}"#;
        let second = r#"{"frame":7,"hoisted":"","screen":"<h1>B</h1>"}"#;
        let a = rendered_of(first, &mut frames).unwrap();
        let b = rendered_of(second, &mut frames).unwrap();
        assert_eq!(
            a.markup.html(),
            "<link rel=\"preload\"><nav></nav><main><h1>A</h1></main><footer></footer>"
        );
        assert_eq!(
            b.markup.html(),
            "<nav></nav><main><h1>B</h1></main><footer></footer>"
        );
        // One frame, shared, whose key is its markup's.
        let (Markup::Framed { frame: fa, .. }, Markup::Framed { frame: fb, .. }) =
            (&a.markup, &b.markup)
        else {
            panic!("both framed");
        };
        assert!(Arc::ptr_eq(fa, fb));
        assert_eq!(
            fa.key,
            Key::of(&[b"<nav></nav><main>", b"</main><footer></footer>"])
        );
        // A frame the worker never sent (or sent for an earlier layout) is an error.
        frames.clear();
        let message = rendered_of(second, &mut frames).unwrap_err();
        assert!(message.contains("frame 7 was never sent"), "{message}");
    }
}

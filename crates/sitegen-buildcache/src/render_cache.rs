//! How the build cache ([`crate::cache`]) keeps renders: a page's entry holds its
//! markup, with its frame's key in place of a framed page's frame, and each frame is an
//! entry of its own under that key. The pages of one navigation state (10,000 product
//! pages, say) keep their frame once, not once each, and a build reads it once.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

use crate::cache::{BuildCache, Key};
use sitegen_workers::rendered::{Frame, FrameMarkup, Markup, Rendered};

/// A render as the cache keeps it: `html` for a whole page; `frame`, `hoisted` and
/// `screen` for a framed one.
#[derive(Serialize, Deserialize)]
struct Entry<'a> {
    #[serde(borrow, default, skip_serializing_if = "Option::is_none")]
    html: Option<Cow<'a, str>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    frame: Option<Cow<'a, Key>>,
    #[serde(borrow, default, skip_serializing_if = "Option::is_none")]
    hoisted: Option<Cow<'a, str>>,
    #[serde(borrow, default, skip_serializing_if = "Option::is_none")]
    screen: Option<Cow<'a, str>>,
    modules: Cow<'a, [String]>,
    status: u16,
}

/// The renders of one build in the build cache, with the frames it read or stored.
pub struct RenderCache<'a> {
    cache: &'a BuildCache,
    /// Each frame is read or stored once a build.
    frames: Mutex<HashMap<Key, Arc<Frame>>>,
}

impl<'a> RenderCache<'a> {
    pub fn new(cache: &'a BuildCache) -> Self {
        Self {
            cache,
            frames: Mutex::default(),
        }
    }

    /// The render under `key`, if the cache holds it and its frame.
    pub fn get(&self, key: &Key) -> Option<Rendered> {
        let bytes = self.cache.get(key)?;
        let entry: Entry = serde_json::from_slice(&bytes).ok()?;
        let markup = match entry {
            Entry {
                html: Some(html), ..
            } => Markup::Whole(html.into_owned()),
            Entry {
                frame: Some(frame),
                hoisted: Some(hoisted),
                screen: Some(screen),
                ..
            } => Markup::Framed {
                frame: self.frame(&frame)?,
                hoisted: hoisted.into_owned(),
                screen: screen.into_owned(),
            },
            _ => return None,
        };
        Some(Rendered {
            markup,
            modules: entry.modules.into_owned(),
            status: entry.status,
        })
    }

    /// Stores the render under `key`, and its frame unless this build did already.
    pub fn put(&self, key: &Key, rendered: &Rendered) {
        let entry = match &rendered.markup {
            Markup::Whole(html) => Entry {
                html: Some(Cow::Borrowed(html)),
                frame: None,
                hoisted: None,
                screen: None,
                modules: Cow::Borrowed(&rendered.modules),
                status: rendered.status,
            },
            Markup::Framed {
                frame,
                hoisted,
                screen,
            } => {
                self.store_frame(frame);
                Entry {
                    html: None,
                    frame: Some(Cow::Borrowed(&frame.key)),
                    hoisted: Some(Cow::Borrowed(hoisted)),
                    screen: Some(Cow::Borrowed(screen)),
                    modules: Cow::Borrowed(&rendered.modules),
                    status: rendered.status,
                }
            }
        };
        if let Ok(bytes) = serde_json::to_vec(&entry) {
            self.cache.put(key, &bytes);
        }
    }

    /// Counts the render under `key` as used without reading it, with its frame when
    /// the caller holds the render.
    pub fn keep(&self, key: &Key, rendered: Option<&Rendered>) {
        self.cache.keep(key);
        if let Some(Markup::Framed { frame, .. }) = rendered.map(|rendered| &rendered.markup) {
            self.cache.keep(&frame.key);
        }
    }

    fn frame(&self, key: &Key) -> Option<Arc<Frame>> {
        let mut frames = self.frames.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(frame) = frames.get(key) {
            return Some(frame.clone());
        }
        let markup: FrameMarkup = serde_json::from_slice(&self.cache.get(key)?).ok()?;
        let frame = Arc::new(Frame::new(markup));
        // An entry whose bytes do not give its key is not that frame.
        if frame.key != *key {
            return None;
        }
        frames.insert(key.clone(), frame.clone());
        Some(frame)
    }

    fn store_frame(&self, frame: &Arc<Frame>) {
        let mut frames = self.frames.lock().unwrap_or_else(|p| p.into_inner());
        if frames.contains_key(&frame.key) {
            return;
        }
        if let Ok(bytes) = serde_json::to_vec(&frame.markup) {
            self.cache.put(&frame.key, &bytes);
        }
        frames.insert(frame.key.clone(), frame.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn framed(frame: &Arc<Frame>, screen: &str) -> Rendered {
        Rendered {
            markup: Markup::Framed {
                frame: frame.clone(),
                hoisted: "<link>".into(),
                screen: screen.into(),
            },
            modules: vec!["src/pages/A.tsx".into()],
            status: 200,
        }
    }

    fn frame() -> Arc<Frame> {
        Arc::new(Frame::new(FrameMarkup {
            before: "<nav>\"menu\"</nav><main>".into(),
            after: "</main>".into(),
        }))
    }

    #[test]
    fn renders_whole_and_framed_are_read_back_as_they_were_put() {
        let dir = tempfile::tempdir().unwrap();
        let (whole_key, a_key, b_key) = (Key::of(&[b"w"]), Key::of(&[b"a"]), Key::of(&[b"b"]));
        let frame = frame();
        {
            let cache = BuildCache::new(dir.path(), true);
            let renders = RenderCache::new(&cache);
            let whole = Rendered {
                markup: Markup::Whole("<p>whole</p>".into()),
                modules: Vec::new(),
                status: 404,
            };
            renders.put(&whole_key, &whole);
            renders.put(&a_key, &framed(&frame, "<h1>A</h1>"));
            renders.put(&b_key, &framed(&frame, "<h1>B</h1>"));
            drop(renders);
            assert_eq!(cache.used(), 4, "three renders and their one frame");
            cache.finish();
        }
        // The next build.
        let cache = BuildCache::new(dir.path(), true);
        let renders = RenderCache::new(&cache);
        let whole = renders.get(&whole_key).unwrap();
        assert_eq!(
            (whole.markup.html(), whole.status),
            ("<p>whole</p>".into(), 404)
        );
        let a = renders.get(&a_key).unwrap();
        let b = renders.get(&b_key).unwrap();
        assert_eq!(
            a.markup.html(),
            "<link><nav>\"menu\"</nav><main><h1>A</h1></main>"
        );
        assert_eq!(
            (b.modules, b.status),
            (vec!["src/pages/A.tsx".to_string()], 200)
        );
        // The frame is kept once and read once.
        let (Markup::Framed { frame: fa, .. }, Markup::Framed { frame: fb, .. }) =
            (&a.markup, &b.markup)
        else {
            panic!("framed");
        };
        assert!(Arc::ptr_eq(fa, fb));
    }

    #[test]
    fn a_render_whose_frame_is_gone_or_altered_is_a_miss() {
        let frame = frame();
        let key = Key::of(&[b"a"]);
        // The cache's bytes for the render, which name its frame.
        let entry = {
            let dir = tempfile::tempdir().unwrap();
            let cache = BuildCache::new(dir.path(), true);
            RenderCache::new(&cache).put(&key, &framed(&frame, "<h1>A</h1>"));
            cache.finish();
            BuildCache::new(dir.path(), true).get(&key).unwrap()
        };
        for frame_bytes in [Some(&br#"{"before":"<nav>","after":"</main>"}"#[..]), None] {
            let dir = tempfile::tempdir().unwrap();
            let cache = BuildCache::new(dir.path(), true);
            cache.put(&key, &entry);
            if let Some(bytes) = frame_bytes {
                cache.put(&frame.key, bytes);
            }
            cache.finish();
            let cache = BuildCache::new(dir.path(), true);
            assert!(RenderCache::new(&cache).get(&key).is_none());
        }
    }
}

//! How far a build's long stages are, for whoever shows it (the command line draws a
//! bar on a terminal and prints a line every few seconds elsewhere).

/// A stage whose items are counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Routes prerendered (404.html included).
    Prerender,
    /// Pages whose links were checked.
    LinkCheck,
    /// Text files precompressed.
    Compress,
}

impl Stage {
    /// The past participle of the stage's work: "rendered 1200/10250 routes".
    pub fn done(self) -> &'static str {
        match self {
            Stage::Prerender => "rendered",
            Stage::LinkCheck => "checked",
            Stage::Compress => "compressed",
        }
    }

    /// What the stage counts, in the plural.
    pub fn items(self) -> &'static str {
        match self {
            Stage::Prerender => "routes",
            Stage::LinkCheck => "pages",
            Stage::Compress => "files",
        }
    }
}

/// Receives a build's progress. Called from the build's worker threads.
pub trait Progress: Sync {
    /// A slow step without a count starts (`building the web app (vite)…`).
    fn step(&self, what: &str);
    /// `stage` starts, with `total` items to do.
    fn begin(&self, stage: Stage, total: usize);
    /// One more item of the current stage is done.
    fn advance(&self);
    /// The current stage is over (also when it failed).
    fn end(&self);
    /// `total` more images (WebP variants, share files) are being made, in the
    /// background of the current stage; none are left once [`Progress::images_end`].
    fn images_begin(&self, _total: usize) {}
    /// One more image is done (made, copied from the cache, or left out).
    fn image_done(&self) {}
    /// The image work begun is over (also when it failed).
    fn images_end(&self) {}
}

/// Runs `run`, which makes `total` images counted by [`Progress::image_done`], between
/// [`Progress::images_begin`] and [`Progress::images_end`].
pub fn images<T>(progress: &dyn Progress, total: usize, run: impl FnOnce() -> T) -> T {
    if total == 0 {
        return run();
    }
    progress.images_begin(total);
    let result = run();
    progress.images_end();
    result
}

/// Shows nothing (library callers, tests).
pub struct Silent;

impl Progress for Silent {
    fn step(&self, _: &str) {}
    fn begin(&self, _: Stage, _: usize) {}
    fn advance(&self) {}
    fn end(&self) {}
}

/// Runs `stage` of `total` items between [`Progress::begin`] and [`Progress::end`].
pub fn stage<T>(progress: &dyn Progress, stage: Stage, total: usize, run: impl FnOnce() -> T) -> T {
    progress.begin(stage, total);
    let result = run();
    progress.end();
    result
}

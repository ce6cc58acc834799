//! How far a build's long stages are, for whoever shows it (the command line draws a
//! bar on a terminal and prints a line every few seconds elsewhere).
//!
//! The threads that do the work only tell a [`Tally`]; one relay thread passes what
//! they tell, in order, to the [`Progress`] that shows it ([`relayed`]), as cargo's
//! job queue does with its workers' messages. So the crates below the build never
//! call the display, and the display is called from one thread.

use std::sync::mpsc;

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

/// Shows nothing (library callers, tests).
pub struct Silent;

impl Progress for Silent {
    fn step(&self, _: &str) {}
    fn begin(&self, _: Stage, _: usize) {}
    fn advance(&self) {}
    fn end(&self) {}
}

/// What the build's threads tell of their work, each call a message to the relay of
/// [`relayed`]; silent outside of it (a library caller's or a test's work).
pub struct Tally(Option<mpsc::Sender<Told>>);

/// One call on a [`Tally`], for [`Progress`].
enum Told {
    Step(String),
    Begin(Stage, usize),
    Advance,
    End,
    ImagesBegin(usize),
    ImageDone,
    ImagesEnd,
}

impl Tally {
    /// A tally that tells nobody.
    pub fn silent() -> Self {
        Self(None)
    }

    fn tell(&self, told: Told) {
        if let Some(relay) = &self.0 {
            // The relay outlives every tally of its work ([`relayed`]).
            let _ = relay.send(told);
        }
    }

    /// See [`Progress::step`].
    pub fn step(&self, what: &str) {
        self.tell(Told::Step(what.to_string()));
    }

    /// One more item of the current stage is done ([`Progress::advance`]).
    pub fn advance(&self) {
        self.tell(Told::Advance);
    }

    /// One more image is done ([`Progress::image_done`]).
    pub fn image_done(&self) {
        self.tell(Told::ImageDone);
    }

    /// Runs `run`, `stage` of `total` items, between [`Progress::begin`] and
    /// [`Progress::end`].
    pub fn stage<T>(&self, stage: Stage, total: usize, run: impl FnOnce() -> T) -> T {
        self.tell(Told::Begin(stage, total));
        let result = run();
        self.tell(Told::End);
        result
    }

    /// Runs `run`, which makes `total` images counted by [`Tally::image_done`], between
    /// [`Progress::images_begin`] and [`Progress::images_end`].
    pub fn images<T>(&self, total: usize, run: impl FnOnce() -> T) -> T {
        if total == 0 {
            return run();
        }
        self.tell(Told::ImagesBegin(total));
        let result = run();
        self.tell(Told::ImagesEnd);
        result
    }
}

/// Runs `work` with a tally whose every call `progress` gets, in the order told, on a
/// thread of its own; returns once `progress` has got them all.
pub fn relayed<T>(progress: &dyn Progress, work: impl FnOnce(&Tally) -> T) -> T {
    let (relay, told) = mpsc::channel();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            for told in told {
                show(progress, told);
            }
        });
        // Dropped at the end of the work, which ends the relay.
        let tally = Tally(Some(relay));
        work(&tally)
    })
}

fn show(progress: &dyn Progress, told: Told) {
    match told {
        Told::Step(what) => progress.step(&what),
        Told::Begin(stage, total) => progress.begin(stage, total),
        Told::Advance => progress.advance(),
        Told::End => progress.end(),
        Told::ImagesBegin(total) => progress.images_begin(total),
        Told::ImageDone => progress.image_done(),
        Told::ImagesEnd => progress.images_end(),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;

    /// Every call it gets, as text.
    #[derive(Default)]
    struct Recorded(Mutex<Vec<String>>);

    impl Recorded {
        fn note(&self, call: String) {
            self.0.lock().unwrap().push(call);
        }
    }

    impl Progress for Recorded {
        fn step(&self, what: &str) {
            self.note(format!("step {what}"));
        }
        fn begin(&self, stage: Stage, total: usize) {
            self.note(format!("begin {} {total}", stage.items()));
        }
        fn advance(&self) {
            self.note("advance".into());
        }
        fn end(&self) {
            self.note("end".into());
        }
        fn images_begin(&self, total: usize) {
            self.note(format!("images {total}"));
        }
        fn image_done(&self) {
            self.note("image".into());
        }
        fn images_end(&self) {
            self.note("images end".into());
        }
    }

    #[test]
    fn the_relay_shows_every_call_of_the_work_in_order_before_it_returns() {
        let recorded = Recorded::default();
        let answer = relayed(&recorded, |tally| {
            tally.step("vite");
            tally.images(2, || {
                tally.image_done();
                tally.stage(Stage::Prerender, 3, || {
                    std::thread::scope(|scope| {
                        for _ in 0..3 {
                            scope.spawn(|| tally.advance());
                        }
                    });
                });
                tally.image_done();
            });
            tally.images(0, || ());
            42
        });
        assert_eq!(answer, 42);
        let calls = recorded.0.into_inner().unwrap();
        assert_eq!(
            calls,
            [
                "step vite",
                "images 2",
                "image",
                "begin routes 3",
                "advance",
                "advance",
                "advance",
                "end",
                "image",
                "images end",
            ]
        );
    }

    /// A library caller's or a test's work: no relay, and the work runs as it would.
    #[test]
    fn a_silent_tally_still_runs_the_work_and_answers_what_it_answers() {
        let tally = Tally::silent();
        let answer = tally.stage(Stage::Compress, 1, || {
            tally.advance();
            7
        });
        assert_eq!(answer, 7);
    }
}

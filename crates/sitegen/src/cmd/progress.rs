//! How far a build is, on stderr: a bar with the count, elapsed time and ETA on a
//! terminal (indicatif); a plain line every few seconds when piped or in CI, where a
//! bar would fill the log with redraws; nothing with `--quiet`. The images made in the
//! background of a stage (WebP variants, share files) get a second bar, with their
//! rate, on a terminal only: piped output stays as it was.

use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use sitegen_render::progress::{Progress, Stage};

/// Milliseconds between two plain progress lines (tests shorten it).
pub const INTERVAL_ENV: &str = "SITEGEN_PROGRESS_INTERVAL_MS";
const DEFAULT_INTERVAL: Duration = Duration::from_secs(5);

/// How progress is shown in this run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Display {
    Bar,
    /// A line at most every this often.
    Lines(Duration),
    Nothing,
}

impl Display {
    /// A bar on an interactive terminal, lines elsewhere (CI sets `CI`), nothing when quiet.
    pub fn for_this_run(quiet: bool) -> Self {
        let ci = std::env::var_os("CI").is_some_and(|value| !value.is_empty());
        let dumb = std::env::var("TERM").is_ok_and(|term| term == "dumb");
        if quiet {
            Display::Nothing
        } else if std::io::stderr().is_terminal() && !ci && !dumb {
            Display::Bar
        } else {
            Display::Lines(interval(std::env::var(INTERVAL_ENV).ok().as_deref()))
        }
    }
}

fn interval(millis: Option<&str>) -> Duration {
    millis
        .and_then(|text| text.trim().parse().ok())
        .map_or(DEFAULT_INTERVAL, Duration::from_millis)
}

/// The progress of one build, as [`Display`] says.
pub struct Reporter {
    display: Display,
    state: Mutex<State>,
    /// Where the bars are drawn, one above the other ([`Display::Bar`] only).
    bars: Option<MultiProgress>,
    /// The images' bar while images are being made.
    images: Mutex<Option<ProgressBar>>,
}

struct State {
    stage: Option<Stage>,
    total: usize,
    done: usize,
    started: Instant,
    last_line: Option<Instant>,
    bar: Option<ProgressBar>,
}

impl Reporter {
    pub fn new(display: Display) -> Self {
        Self {
            display,
            state: Mutex::new(State {
                stage: None,
                total: 0,
                done: 0,
                started: Instant::now(),
                last_line: None,
                bar: None,
            }),
            bars: (display == Display::Bar)
                .then(|| MultiProgress::with_draw_target(ProgressDrawTarget::stderr())),
            images: Mutex::new(None),
        }
    }

    fn images(&self) -> std::sync::MutexGuard<'_, Option<ProgressBar>> {
        self.images
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// The images' bar: `made [====>   ] 120/900 images · 3.2/s · ETA 4m`.
const IMAGES_TEMPLATE: &str = "{prefix:>10} [{bar:32}] {pos}/{len} images · {per_sec} · ETA {eta}";

/// `rendered 1200/10250 routes (12 s)`.
pub fn plain_line(stage: Stage, done: usize, total: usize, elapsed: Duration) -> String {
    format!(
        "{} {done}/{total} {} ({} s)",
        stage.done(),
        stage.items(),
        elapsed.as_secs()
    )
}

impl Progress for Reporter {
    fn step(&self, what: &str) {
        if self.display != Display::Nothing {
            eprintln!("{what}");
        }
    }

    fn begin(&self, stage: Stage, total: usize) {
        let mut state = self.state();
        *state = State {
            stage: Some(stage),
            total,
            done: 0,
            started: Instant::now(),
            last_line: None,
            bar: None,
        };
        if let Some(bars) = &self.bars {
            let bar = bars.add(ProgressBar::new(total as u64));
            let template = format!(
                "{{prefix:>10}} [{{bar:32}}] {{pos}}/{{len}} {} · {{elapsed}} · ETA {{eta}}",
                stage.items()
            );
            if let Ok(style) = ProgressStyle::with_template(&template) {
                bar.set_style(style.progress_chars("=> "));
            }
            bar.set_prefix(stage.done());
            state.bar = Some(bar);
        }
    }

    fn advance(&self) {
        let mut state = self.state();
        state.done += 1;
        match self.display {
            Display::Bar => {
                if let Some(bar) = &state.bar {
                    bar.inc(1);
                }
            }
            Display::Lines(every) => {
                let since = state.last_line.unwrap_or(state.started);
                if since.elapsed() >= every {
                    if let Some(stage) = state.stage {
                        eprintln!(
                            "{}",
                            plain_line(stage, state.done, state.total, state.started.elapsed())
                        );
                    }
                    state.last_line = Some(Instant::now());
                }
            }
            Display::Nothing => {}
        }
    }

    fn end(&self) {
        let mut state = self.state();
        if let Some(bar) = state.bar.take() {
            // The summary lists every stage's time: the bar need not stay.
            bar.finish_and_clear();
        }
        // A stage that printed lines says when it is complete.
        if let (Some(stage), Some(_)) = (state.stage, state.last_line) {
            if state.done == state.total {
                eprintln!(
                    "{}",
                    plain_line(stage, state.done, state.total, state.started.elapsed())
                );
            }
        }
        state.stage = None;
    }

    fn images_begin(&self, total: usize) {
        let Some(bars) = &self.bars else {
            return;
        };
        let mut images = self.images();
        if let Some(bar) = images.as_ref() {
            bar.inc_length(total as u64);
            return;
        }
        let bar = bars.add(ProgressBar::new(total as u64));
        if let Ok(style) = ProgressStyle::with_template(IMAGES_TEMPLATE) {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_prefix("made");
        *images = Some(bar);
    }

    fn image_done(&self) {
        if let Some(bar) = self.images().as_ref() {
            bar.inc(1);
        }
    }

    fn images_end(&self) {
        if let Some(bar) = self.images().take() {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_lines_say_how_many_of_how_many_and_since_when() {
        assert_eq!(
            plain_line(Stage::Prerender, 1200, 10250, Duration::from_millis(12_400)),
            "rendered 1200/10250 routes (12 s)"
        );
        assert_eq!(
            plain_line(Stage::Compress, 3, 9, Duration::ZERO),
            "compressed 3/9 files (0 s)"
        );
    }

    #[test]
    fn the_interval_is_a_number_of_milliseconds_or_five_seconds() {
        assert_eq!(interval(Some("250")), Duration::from_millis(250));
        assert_eq!(interval(Some("0")), Duration::ZERO);
        assert_eq!(interval(None), DEFAULT_INTERVAL);
        assert_eq!(interval(Some("soon")), DEFAULT_INTERVAL);
    }

    #[test]
    fn images_get_a_bar_with_their_rate_and_time_left_only_on_a_terminal() {
        for display in [Display::Lines(Duration::ZERO), Display::Nothing] {
            let reporter = Reporter::new(display);
            reporter.images_begin(3);
            reporter.image_done();
            assert!(reporter.images().is_none(), "{display:?}");
            reporter.images_end();
        }
        // Hidden, so that the test draws nothing.
        let reporter = Reporter {
            bars: Some(MultiProgress::with_draw_target(ProgressDrawTarget::hidden())),
            ..Reporter::new(Display::Bar)
        };
        reporter.images_begin(3);
        reporter.image_done();
        reporter.images_begin(2);
        let bar = reporter.images().clone().expect("a bar");
        assert_eq!((bar.position(), bar.length()), (1, Some(5)));
        reporter.images_end();
        assert!(reporter.images().is_none());
        assert!(ProgressStyle::with_template(IMAGES_TEMPLATE).is_ok());
        assert!(IMAGES_TEMPLATE.contains("{per_sec}") && IMAGES_TEMPLATE.contains("{eta}"));
    }

    #[test]
    fn quiet_shows_nothing() {
        assert_eq!(Display::for_this_run(true), Display::Nothing);
    }
}

//! How far a build is, on stderr: a bar with the count, elapsed time and ETA on a
//! terminal (indicatif); a plain line every few seconds when piped or in CI, where a
//! bar would fill the log with redraws; nothing with `--quiet`.

use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
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
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

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
        if self.display == Display::Bar {
            let bar =
                ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
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
    fn quiet_shows_nothing() {
        assert_eq!(Display::for_this_run(true), Display::Nothing);
    }
}

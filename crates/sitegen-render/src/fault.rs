//! Fault injection for the crash-safety tests (they run the real binary).
//!
//! `SITEGEN_FAULT=POINT:SIGNAL[,…]` makes a build raise SIGNAL (`KILL`, `INT` or `TERM`)
//! on itself when it reaches POINT: a stage name (`content`, `web app`, `media`, `data`,
//! `rendering` (each route), `prerender`, `write`, `link check`, `compress`) or a step of the commit
//! (`between-renames`, `committed`, `removing-old-site`; `updating`, half-way through
//! the moves of an update in place). A bare word is a switch:
//! `no-exchange` makes the commit take the path of systems without an atomic swap;
//! `stop-worker` stops (SIGSTOP) every prerender worker as it starts, as a hung one.
//! Unset, it costs one environment lookup per process.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

/// The environment variable read.
pub const ENV: &str = "SITEGEN_FAULT";

fn settings() -> &'static [(String, Option<i32>)] {
    static SETTINGS: OnceLock<Vec<(String, Option<i32>)>> = OnceLock::new();
    SETTINGS.get_or_init(|| {
        let Ok(text) = std::env::var(ENV) else {
            return Vec::new();
        };
        text.split(',')
            .map(|item| match item.rsplit_once(':') {
                Some((point, signal)) => (point.to_string(), signal_number(signal)),
                None => (item.to_string(), None),
            })
            .collect()
    })
}

fn signal_number(name: &str) -> Option<i32> {
    match name {
        "KILL" => Some(libc::SIGKILL),
        "INT" => Some(libc::SIGINT),
        "TERM" => Some(libc::SIGTERM),
        _ => None,
    }
}

/// Raises the signal configured for `point`, the first time any thread reaches it (as
/// one Ctrl-C would). After `INT` or `TERM` the build goes on as it would after a real
/// one: to its next interruption check.
pub fn point(name: &str) {
    static FIRED: AtomicBool = AtomicBool::new(false);
    for (point, signal) in settings() {
        if let (true, Some(signal)) = (point == name, signal) {
            if FIRED.swap(true, Ordering::SeqCst) {
                return;
            }
            // SAFETY: raise has no memory effects; the handlers it runs are async-signal-safe.
            unsafe {
                libc::raise(*signal);
            }
        }
    }
}

/// Whether the switch `name` is set.
pub fn forced(name: &str) -> bool {
    settings()
        .iter()
        .any(|(point, signal)| point == name && signal.is_none())
}

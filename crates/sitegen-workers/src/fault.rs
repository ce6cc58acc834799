//! Fault injection for the crash-safety tests (they run the real binary).
//!
//! Only in builds with the `fault-injection` feature, which the `sitegen` crate's tests
//! turn on (a dev-dependency feature): a release build holds none of it, and its
//! [`point`] and [`forced`] compile to nothing.
//!
//! `SITEGEN_FAULT=POINT:SIGNAL[,…]` makes a build raise SIGNAL (`KILL`, `INT`, `TERM` or `STOP`)
//! on itself when it reaches POINT: a stage name (`content`, `web app`, `media`, `data`,
//! `rendering` (each route), `prerender`, `write`, `link check`, `compress`) or a step of the commit
//! (`between-renames`, `committed`, `removing-old-site`; `updating`, half-way through
//! the moves of an update in place), or `import-write`, where an import is about to write. A bare word is a switch:
//! `no-exchange` makes the commit take the path of systems without an atomic swap;
//! `stop-worker` stops (SIGSTOP) every prerender worker as it starts, as a hung one;
//! `kill-worker` kills (SIGKILL) every prerender worker as it starts, as a route that
//! crashes every worker it is sent to would; `kill-first-worker` kills the first one only,
//! as if it had died while idle.
//! An unknown point, switch or signal is refused by [`install_from_env`].

/// The points a signal can be raised at.
const POINTS: &[&str] = &[
    "content",
    "web app",
    "media",
    "data",
    "rendering",
    "prerender",
    "write",
    "link check",
    "compress",
    "between-renames",
    "committed",
    "removing-old-site",
    "updating",
    "import-write",
];

/// The switches that change a build's path instead of raising a signal.
const SWITCHES: &[&str] = &[
    "no-exchange",
    "stop-worker",
    "kill-worker",
    "kill-first-worker",
];

/// A fault setting that names no known point, switch or signal.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("unknown fault {item:?} in SITEGEN_FAULT: expected POINT:KILL|INT|TERM with a POINT of {points}, or a switch of {switches}", points = POINTS.join(", "), switches = SWITCHES.join(", "))]
pub struct UnknownFault {
    pub item: String,
}

#[cfg(feature = "fault-injection")]
mod enabled {
    use super::{UnknownFault, POINTS, SWITCHES};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::OnceLock;

    /// A point with its signal, or a switch (no signal).
    pub(super) type Setting = (String, Option<i32>);

    static SETTINGS: OnceLock<Vec<Setting>> = OnceLock::new();

    pub(super) fn parse(text: &str) -> Result<Vec<Setting>, UnknownFault> {
        text.split(',')
            .filter(|item| !item.is_empty())
            .map(|item| {
                let unknown = || UnknownFault {
                    item: item.to_string(),
                };
                match item.rsplit_once(':') {
                    Some((point, signal)) if POINTS.contains(&point) => Ok((
                        point.to_string(),
                        Some(signal_number(signal).ok_or_else(unknown)?),
                    )),
                    None if SWITCHES.contains(&item) => Ok((item.to_string(), None)),
                    _ => Err(unknown()),
                }
            })
            .collect()
    }

    pub(super) fn install(text: &str) -> Result<(), UnknownFault> {
        let settings = parse(text)?;
        let _ = SETTINGS.set(settings);
        Ok(())
    }

    fn signal_number(name: &str) -> Option<i32> {
        match name {
            "KILL" => Some(crate::os::SIGKILL),
            "INT" => Some(crate::os::SIGINT),
            "TERM" => Some(crate::os::SIGTERM),
            // Stops the process until a test sends SIGCONT (a file changed meanwhile).
            #[cfg(unix)]
            "STOP" => Some(crate::os::SIGSTOP),
            _ => None,
        }
    }

    fn settings() -> &'static [Setting] {
        SETTINGS.get().map_or(&[], Vec::as_slice)
    }

    pub(super) fn point(name: &str) {
        static FIRED: AtomicBool = AtomicBool::new(false);
        for (point, signal) in settings() {
            if let (true, Some(signal)) = (point == name, signal) {
                if FIRED.swap(true, Ordering::SeqCst) {
                    return;
                }
                raise(*signal);
            }
        }
    }

    /// Sends `signal` to this process. The fallback runs the stop handlers for SIGINT
    /// and SIGTERM, and aborts for SIGKILL.
    fn raise(signal: i32) {
        #[cfg(all(unix, not(feature = "portable")))]
        // SAFETY: raise has no memory effects; the handlers it runs are async-signal-safe.
        unsafe {
            libc::raise(signal);
        }
        #[cfg(not(all(unix, not(feature = "portable"))))]
        match signal {
            crate::os::SIGKILL => std::process::abort(),
            _ => crate::interrupt::received_signal(signal),
        }
    }

    pub(super) fn forced(name: &str) -> bool {
        settings()
            .iter()
            .any(|(point, signal)| point == name && signal.is_none())
    }
}

/// Reads `SITEGEN_FAULT` once, at the start of the process, and refuses an unknown
/// setting. Without the `fault-injection` feature it reads nothing.
pub fn install_from_env() -> Result<(), UnknownFault> {
    #[cfg(feature = "fault-injection")]
    if let Ok(text) = std::env::var("SITEGEN_FAULT") {
        return enabled::install(&text);
    }
    Ok(())
}

/// Raises the signal configured for `point`, the first time any thread reaches it (as
/// one Ctrl-C would). After `INT` or `TERM` the build goes on as it would after a real
/// one: to its next interruption check.
#[inline(always)]
pub fn point(name: &str) {
    #[cfg(feature = "fault-injection")]
    enabled::point(name);
    #[cfg(not(feature = "fault-injection"))]
    let _ = name;
}

/// Whether the switch `name` is set.
#[inline(always)]
pub fn forced(name: &str) -> bool {
    #[cfg(feature = "fault-injection")]
    return enabled::forced(name);
    #[cfg(not(feature = "fault-injection"))]
    {
        let _ = name;
        false
    }
}

/// Whether the prerender worker starting now is to be killed at once: every one with
/// `kill-worker`, the first one of the process with `kill-first-worker`.
#[inline(always)]
pub fn kill_starting_worker() -> bool {
    #[cfg(feature = "fault-injection")]
    {
        use std::sync::atomic::{AtomicBool, Ordering};
        static FIRST_KILLED: AtomicBool = AtomicBool::new(false);
        forced("kill-worker")
            || (forced("kill-first-worker") && !FIRST_KILLED.swap(true, Ordering::SeqCst))
    }
    #[cfg(not(feature = "fault-injection"))]
    false
}

#[cfg(all(test, feature = "fault-injection"))]
mod tests {
    use super::enabled::parse;
    use super::UnknownFault;

    #[test]
    fn points_with_signals_and_switches_are_read() {
        let settings = parse("rendering:KILL,no-exchange,link check:INT").unwrap();
        assert_eq!(settings.len(), 3);
        assert_eq!(
            settings[0],
            ("rendering".to_string(), Some(crate::os::SIGKILL))
        );
        assert_eq!(settings[1], ("no-exchange".to_string(), None));
        assert_eq!(
            settings[2],
            ("link check".to_string(), Some(crate::os::SIGINT))
        );
    }

    #[test]
    fn an_unknown_point_switch_or_signal_is_refused() {
        for bad in [
            "renderin:KILL",
            "rendering:HUP",
            "no-exchang",
            "stop-worker:KILL",
        ] {
            assert_eq!(
                parse(bad),
                Err(UnknownFault {
                    item: bad.to_string()
                }),
                "{bad}"
            );
        }
    }
}

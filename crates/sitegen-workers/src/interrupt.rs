//! Ctrl-C and SIGTERM during a build: no new work is handed out, the Node workers are
//! stopped, the staging folder is removed, the output folder stays as it was, and the
//! command exits 130 (or 143). A second signal ends the process at once; the next build
//! removes what it left.

use std::sync::atomic::{AtomicI32, Ordering};

/// The signal received, or 0.
static RECEIVED: AtomicI32 = AtomicI32::new(0);

/// Installs the handlers of SIGINT and SIGTERM (the command line does, once).
pub fn install() -> std::io::Result<()> {
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        // SAFETY: the handler only touches an atomic and calls _exit, both
        // async-signal-safe.
        unsafe {
            signal_hook::low_level::register(signal, move || {
                if RECEIVED.swap(signal, Ordering::SeqCst) != 0 {
                    signal_hook::low_level::exit(exit_code(signal));
                }
            })?;
        }
    }
    Ok(())
}

/// The signal received since the start, if any.
pub fn received() -> Option<i32> {
    match RECEIVED.load(Ordering::SeqCst) {
        0 => None,
        signal => Some(signal),
    }
}

/// The exit status of a process stopped by `signal`, as shells report it (130 for SIGINT).
pub fn exit_code(signal: i32) -> i32 {
    128 + signal
}

/// SIGINT or SIGTERM came; whatever was running stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("interrupted")]
pub struct Interrupted {
    pub signal: i32,
}

/// Fails with [`Interrupted`] once a signal came.
pub fn check() -> Result<(), Interrupted> {
    match received() {
        Some(signal) => Err(Interrupted { signal }),
        None => Ok(()),
    }
}

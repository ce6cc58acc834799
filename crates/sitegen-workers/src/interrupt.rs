//! Ctrl-C and SIGTERM during a build: no new work is handed out, the Node workers are
//! stopped, the staging folder is removed, the output folder stays as it was, and the
//! command exits 130 (or 143). A second signal ends the process at once; the next build
//! removes what it left.

use std::sync::atomic::{AtomicI32, Ordering};

/// The signal received, or 0.
static RECEIVED: AtomicI32 = AtomicI32::new(0);

/// Installs the handlers of SIGINT and SIGTERM (the command line does, once).
pub fn install() -> std::io::Result<()> {
    crate::os::on_stop_signals(received_signal)
}

/// Notes `signal` as received; the second signal ends the process at once. Runs inside
/// a signal handler: it only touches an atomic, or exits.
pub(crate) fn received_signal(signal: i32) {
    if RECEIVED.swap(signal, Ordering::SeqCst) != 0 {
        crate::os::exit_at_once(exit_code(signal));
    }
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

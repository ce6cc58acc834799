//! Every call of this crate that differs between operating systems, each with a
//! portable fallback: the rest of the crate compiles the same everywhere.
//!
//! The native calls are Unix's (most of them Linux's). The fallbacks are what macOS
//! and Windows get where they lack a call; the `portable` feature makes a Linux build
//! use every one of them, so that their tests run here.

use std::io;
use std::process::{Child, Command, ExitStatus};

/// Whether the native calls are in use: Unix, without the `portable` feature.
const NATIVE_UNIX: bool = cfg!(all(unix, not(feature = "portable")));

/// SIGINT's number, which Unix systems and Windows' C runtime share.
pub const SIGINT: i32 = 2;
/// SIGTERM's number, which Unix systems and Windows' C runtime share.
pub const SIGTERM: i32 = 15;
/// SIGKILL's number on Unix systems (Windows has no such signal).
pub const SIGKILL: i32 = 9;
/// SIGSTOP, which pauses a process (its number differs between Unix systems).
#[cfg(unix)]
pub const SIGSTOP: i32 = libc::SIGSTOP;

/// Whether [`process_is_alive`] can tell: where it cannot, it answers true, and what a
/// process may still be using is kept (a leftover costs disk, never data).
pub const KNOWS_PROCESS_LIVENESS: bool = NATIVE_UNIX;

/// Whether the process `pid` is running (true where the system cannot tell, see
/// [`KNOWS_PROCESS_LIVENESS`]).
pub fn process_is_alive(pid: u32) -> bool {
    #[cfg(all(unix, not(feature = "portable")))]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else {
            return false;
        };
        // Signal 0 checks for existence only. EPERM means it exists but is not ours.
        // SAFETY: kill with signal 0 sends nothing and has no memory effects.
        let sent = unsafe { libc::kill(pid, 0) } == 0;
        sent || io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
    }
    #[cfg(not(all(unix, not(feature = "portable"))))]
    {
        let _ = pid;
        true
    }
}

/// Calls `on_signal` with the signal's number on Ctrl-C and on a request to terminate.
/// On Unix it runs inside the signal handler, so it may only touch atomics and call
/// [`exit_at_once`]. The fallback (a thread of the `ctrlc` crate: Ctrl-C, Ctrl-Break and
/// a closed console on Windows) cannot tell the signals apart and reports [`SIGINT`].
pub fn on_stop_signals(on_signal: fn(i32)) -> io::Result<()> {
    #[cfg(all(unix, not(feature = "portable")))]
    for signal in [SIGINT, SIGTERM] {
        // SAFETY: the callers' handlers only touch atomics and call _exit, both
        // async-signal-safe.
        unsafe {
            signal_hook::low_level::register(signal, move || on_signal(signal))?;
        }
    }
    #[cfg(not(all(unix, not(feature = "portable"))))]
    ctrlc::set_handler(move || on_signal(SIGINT)).map_err(io::Error::other)?;
    Ok(())
}

/// Ends the process with `code` without running anything else (safe in a signal handler).
pub fn exit_at_once(code: i32) -> ! {
    #[cfg(all(unix, not(feature = "portable")))]
    signal_hook::low_level::exit(code);
    #[cfg(not(all(unix, not(feature = "portable"))))]
    std::process::exit(code)
}

/// Pauses the process `pid` (SIGSTOP), as a hung one, for the crash tests; false where
/// the system cannot.
pub fn pause(pid: u32) -> bool {
    #[cfg(all(unix, not(feature = "portable")))]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else {
            return false;
        };
        // SAFETY: kill has no memory effects.
        unsafe { libc::kill(pid, libc::SIGSTOP) == 0 }
    }
    #[cfg(not(all(unix, not(feature = "portable"))))]
    {
        let _ = pid;
        false
    }
}

/// How a process ended, for a message: `exited with code 3`, `was killed by signal 9
/// (SIGKILL)`. Only Unix tells the signal that ended a process.
pub fn how_it_ended(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return match signal_name(signal) {
                Some(name) => format!("was killed by signal {signal} ({name})"),
                None => format!("was killed by signal {signal}"),
            };
        }
    }
    match status.code() {
        Some(code) => format!("exited with code {code}"),
        None => format!("ended ({status})"),
    }
}

/// The name of the signals that end a process, whose numbers differ between Unix systems.
#[cfg(unix)]
fn signal_name(signal: i32) -> Option<&'static str> {
    const NAMES: &[(i32, &str)] = &[
        (libc::SIGHUP, "SIGHUP"),
        (libc::SIGINT, "SIGINT"),
        (libc::SIGQUIT, "SIGQUIT"),
        (libc::SIGILL, "SIGILL"),
        (libc::SIGTRAP, "SIGTRAP"),
        (libc::SIGABRT, "SIGABRT"),
        (libc::SIGBUS, "SIGBUS"),
        (libc::SIGFPE, "SIGFPE"),
        (libc::SIGKILL, "SIGKILL"),
        (libc::SIGUSR1, "SIGUSR1"),
        (libc::SIGSEGV, "SIGSEGV"),
        (libc::SIGUSR2, "SIGUSR2"),
        (libc::SIGPIPE, "SIGPIPE"),
        (libc::SIGALRM, "SIGALRM"),
        (libc::SIGTERM, "SIGTERM"),
        (libc::SIGXCPU, "SIGXCPU"),
        (libc::SIGXFSZ, "SIGXFSZ"),
    ];
    NAMES
        .iter()
        .find(|(number, _)| *number == signal)
        .map(|(_, name)| *name)
}

/// Starts `command` as a child that dies with sitegen, however sitegen ends (even
/// SIGKILL, which runs no destructor): the kernel's parent-death signal, on Linux.
/// Elsewhere the child is only started; a prerender worker then ends when its input
/// closes, which the system does when sitegen ends.
pub fn spawn_tied(command: Command) -> io::Result<Child> {
    #[cfg(all(target_os = "linux", not(feature = "portable")))]
    return tied_linux::spawn(command);
    #[cfg(not(all(target_os = "linux", not(feature = "portable"))))]
    {
        let mut command = command;
        command.spawn()
    }
}

#[cfg(all(target_os = "linux", not(feature = "portable")))]
mod tied_linux {
    use std::io;
    use std::os::unix::process::CommandExt;
    use std::process::{Child, Command};
    use std::sync::mpsc::{self, Sender};
    use std::sync::{Mutex, OnceLock};

    pub fn spawn(mut command: Command) -> io::Result<Child> {
        type Request = (Command, Sender<io::Result<Child>>);
        // The kernel's parent-death signal fires when the *thread* that forked the
        // child ends, and the prerender's threads end with each build: children are
        // forked by one thread that lives as long as the process.
        static SPAWNER: OnceLock<Mutex<Sender<Request>>> = OnceLock::new();

        let parent = std::process::id() as libc::pid_t;
        // SAFETY: prctl and getppid are async-signal-safe and touch no memory of ours.
        unsafe {
            command.pre_exec(move || {
                if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                    return Err(io::Error::last_os_error());
                }
                // sitegen died before the line above: nobody is left to signal us.
                if libc::getppid() != parent {
                    return Err(io::Error::other("sitegen exited"));
                }
                Ok(())
            });
        }
        let spawner = SPAWNER.get_or_init(|| {
            let (sender, receiver) = mpsc::channel::<Request>();
            std::thread::Builder::new()
                .name("sitegen-spawner".into())
                .spawn(move || {
                    for (mut command, reply) in receiver {
                        let _ = reply.send(command.spawn());
                    }
                })
                .expect("the spawner thread starts");
            Mutex::new(sender)
        });
        let (reply, answer) = mpsc::channel();
        spawner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .send((command, reply))
            .map_err(|_| io::Error::other("the spawner thread is gone"))?;
        answer
            .recv()
            .map_err(|_| io::Error::other("the spawner thread is gone"))?
    }
}

/// Lowers the calling thread's CPU priority (and that of the threads it starts, which
/// inherit it), on Linux, where the nice value is per thread. Elsewhere nothing changes:
/// the work then takes its fair share of the cores.
pub fn lower_thread_priority() {
    #[cfg(all(target_os = "linux", not(feature = "portable")))]
    // SAFETY: setpriority only changes the calling thread's nice value; a failure
    // leaves it as it was.
    unsafe {
        libc::setpriority(
            libc::PRIO_PROCESS,
            libc::gettid() as libc::id_t,
            BACKGROUND_NICE,
        );
    }
}

/// The nice value of [`lower_thread_priority`]: about a tenth of a worker's share of a
/// core while both want it.
#[cfg(all(target_os = "linux", not(feature = "portable")))]
const BACKGROUND_NICE: libc::c_int = 10;

/// Turns transparent huge pages off for this process and the children it starts (the
/// setting is inherited), on Linux. mimalloc asks for them, and the kernel zeroes all
/// 2 MB of one when it is first touched: a fifth of the CPU of a 10,000-product update
/// with nothing to render, and a twentieth of a cold build's, for a third more peak
/// memory. Other systems have no such pages to turn off.
pub fn turn_off_huge_pages() {
    #[cfg(all(target_os = "linux", not(feature = "portable")))]
    // SAFETY: this prctl only sets a flag of the process; a kernel that refuses it
    // leaves the process as it was.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_is_alive() {
        assert!(process_is_alive(std::process::id()));
    }

    #[test]
    fn a_process_that_ended_is_not_alive_where_the_system_can_tell() {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .arg("--list")
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let pid = child.id();
        child.wait().unwrap();
        assert_eq!(process_is_alive(pid), !KNOWS_PROCESS_LIVENESS);
    }

    #[test]
    fn a_tied_child_runs_and_reports_its_exit() {
        let mut command = Command::new(std::env::current_exe().unwrap());
        command.arg("--list").stdout(std::process::Stdio::null());
        let status = spawn_tied(command).unwrap().wait().unwrap();
        assert!(status.success());
    }

    #[test]
    fn an_exit_is_told_by_its_code_or_its_signal() {
        let ended = |script: &str| {
            let status = Command::new("sh").args(["-c", script]).status().unwrap();
            how_it_ended(status)
        };
        assert_eq!(ended("exit 3"), "exited with code 3");
        #[cfg(unix)]
        {
            assert_eq!(ended("kill -KILL $$"), "was killed by signal 9 (SIGKILL)");
            assert_eq!(ended("kill -INT $$"), "was killed by signal 2 (SIGINT)");
        }
    }

    #[test]
    fn work_at_lower_priority_still_runs() {
        let result = std::thread::spawn(|| {
            lower_thread_priority();
            1 + 1
        })
        .join()
        .unwrap();
        assert_eq!(result, 2);
    }
}

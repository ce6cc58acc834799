//! Where the file system puts the output's folders, when that matters.
//!
//! ext4 puts a folder's subfolders and files in the block group of the folder above.
//! Without a journal, it then skips, one by one, each inode of that group deleted in
//! the last minutes (an output folder just replaced, a cache cleared): a folder there
//! took 150 µs to 1.5 ms to make instead of 40 µs, and the cold build of 10,000
//! products twice as long. Marked as a top folder (`FS_TOPDIR_FL`, `chattr +T`), a
//! folder's subfolders are spread over the groups instead, away from the crowded one;
//! but each then costs a scan of every group (125 µs on a 250 GB disk), which made the
//! same build 20 % slower on a quiet file system. So the staging folder times the
//! folders it makes, and asks for the spread only once they come slowly.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How many folders are timed for each decision: enough that a thread descheduled in
/// the middle of one does not decide it.
const WINDOW: u32 = 256;

/// The mean time to make a folder past which the file system is taken as slow: ext4
/// scanning recently deleted inodes took 150 µs and more, a quiet one 40 µs.
const SLOW_FOLDER: Duration = Duration::from_micros(150);

#[derive(Default)]
pub(crate) struct FolderSpread {
    /// The folders whose subfolders are spread once it is slow: the staging folder and
    /// the ones made directly in it.
    tops: Mutex<Vec<PathBuf>>,
    spreading: AtomicBool,
    window: Mutex<Window>,
}

/// The folders made and the time taken since the last decision.
#[derive(Default)]
struct Window {
    folders: u32,
    taken: Duration,
}

impl Window {
    /// Adds one folder's time; at the end of a window, says whether it was slow.
    fn add(&mut self, taken: Duration) -> Option<bool> {
        self.folders += 1;
        self.taken += taken;
        if self.folders < WINDOW {
            return None;
        }
        let slow = self.taken / self.folders > SLOW_FOLDER;
        *self = Window::default();
        Some(slow)
    }
}

impl FolderSpread {
    /// Notes a folder whose subfolders are to be spread if the file system is slow: at
    /// once when it already was found so.
    pub(crate) fn top(&self, folder: &Path) {
        self.tops
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(folder.to_path_buf());
        if self.spreading.load(Ordering::Relaxed) {
            crate::os::spread_subfolders(folder);
        }
    }

    /// Makes a folder with `make`, timing it; the first slow window turns the spread on
    /// for the rest of the build.
    pub(crate) fn time<T>(&self, make: impl FnOnce() -> T) -> T {
        if self.spreading.load(Ordering::Relaxed) {
            return make();
        }
        let started = Instant::now();
        let made = make();
        let slow = self
            .window
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .add(started.elapsed());
        if slow == Some(true) && !self.spreading.swap(true, Ordering::Relaxed) {
            for folder in self.tops.lock().unwrap_or_else(|p| p.into_inner()).iter() {
                crate::os::spread_subfolders(folder);
            }
        }
        made
    }

    #[cfg(test)]
    pub(crate) fn is_spreading(&self) -> bool {
        self.spreading.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn window_of(taken: Duration) -> Vec<Option<bool>> {
        let mut window = Window::default();
        (0..WINDOW * 2).map(|_| window.add(taken)).collect()
    }

    #[test]
    fn a_window_decides_once_it_is_full_and_starts_again() {
        let decisions = window_of(Duration::from_micros(40));
        let decided: Vec<usize> = (0..decisions.len())
            .filter(|&at| decisions[at].is_some())
            .collect();
        assert_eq!(decided, [WINDOW as usize - 1, WINDOW as usize * 2 - 1]);
    }

    #[test]
    fn folders_made_in_40_us_are_quick_and_in_200_us_slow() {
        assert_eq!(
            window_of(Duration::from_micros(40))[WINDOW as usize - 1],
            Some(false)
        );
        assert_eq!(
            window_of(Duration::from_micros(200))[WINDOW as usize - 1],
            Some(true)
        );
    }

    #[test]
    fn one_slow_folder_in_a_window_of_quick_ones_is_not_a_slow_file_system() {
        let mut window = Window::default();
        let mut last = None;
        for at in 0..WINDOW {
            let taken = if at == 0 {
                Duration::from_millis(20)
            } else {
                Duration::from_micros(40)
            };
            last = window.add(taken);
        }
        assert_eq!(last, Some(false));
    }

    fn spread_after(taken: Duration) -> FolderSpread {
        let spread = FolderSpread::default();
        for _ in 0..WINDOW {
            spread.time(|| std::thread::sleep(taken));
        }
        spread
    }

    #[test]
    fn the_spread_starts_with_the_first_slow_window() {
        assert!(!FolderSpread::default().is_spreading());
        assert!(!spread_after(Duration::ZERO).is_spreading());
        assert!(spread_after(SLOW_FOLDER * 2).is_spreading());
    }

    #[test]
    fn the_top_folders_spread_their_subfolders_only_once_folders_come_slowly() {
        let root = tempfile::tempdir().unwrap();
        let folder = |name: &str| {
            let folder = root.path().join(name);
            std::fs::create_dir(&folder).unwrap();
            folder
        };
        let spreads = |folder: &Path| crate::os::spreads_subfolders(folder);
        let probe = folder("probe");
        crate::os::spread_subfolders(&probe);
        if !spreads(&probe) {
            eprintln!("this file system has no FS_TOPDIR_FL: nothing to check");
            return;
        }
        let quick = spread_after(Duration::ZERO);
        let (noted_quick, noted_before, noted_after) =
            (folder("quick"), folder("before"), folder("after"));
        quick.top(&noted_quick);
        assert!(
            !spreads(&noted_quick),
            "a quick file system is left as it is"
        );

        let slow = FolderSpread::default();
        slow.top(&noted_before);
        assert!(!spreads(&noted_before));
        for _ in 0..WINDOW {
            slow.time(|| std::thread::sleep(SLOW_FOLDER * 2));
        }
        assert!(
            spreads(&noted_before),
            "the tops noted before are spread at once"
        );
        slow.top(&noted_after);
        assert!(spreads(&noted_after), "and those noted after as they come");
    }
}

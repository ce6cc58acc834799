//! Every call of this crate that differs between operating systems, each with a
//! portable fallback (whether a process is alive is `sitegen_workers::os`'s).
//!
//! The native calls are Linux's or Unix's. The fallbacks use the standard library
//! alone, as on systems without the native call; the `portable` feature makes a Linux
//! build use every one of them, so that their tests run here.

use std::fs::File;
use std::io;
use std::path::Path;

/// The program that runs npm: Windows installs it as a batch file, which a process is
/// started from only by its full name (the standard library adds `.exe` alone).
pub const NPM: &str = if cfg!(windows) { "npm.cmd" } else { "npm" };

/// Swaps the folders `a` and `b` in one step (`renameat2` with `RENAME_EXCHANGE`, on
/// Linux); `Ok(false)` where the system or its file system cannot, and the caller
/// takes two renames instead.
pub fn exchange(a: &Path, b: &Path) -> io::Result<bool> {
    #[cfg(all(target_os = "linux", not(feature = "portable")))]
    {
        use rustix::fs::{renameat_with, RenameFlags, CWD};
        if sitegen_workers::fault::forced("no-exchange") {
            return Ok(false);
        }
        match renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE) {
            Ok(()) => Ok(true),
            // Old kernels and file systems without the flag.
            Err(
                rustix::io::Errno::NOSYS | rustix::io::Errno::INVAL | rustix::io::Errno::NOTSUP,
            ) => Ok(false),
            Err(error) => Err(error.into()),
        }
    }
    #[cfg(not(all(target_os = "linux", not(feature = "portable"))))]
    {
        let _ = (a, b);
        Ok(false)
    }
}

/// A file read at given offsets by several threads at once: Unix reads at an offset
/// without moving a shared cursor (`pread`); the fallback moves the cursor under a lock.
#[derive(Debug)]
pub struct PositionedFile {
    #[cfg(all(unix, not(feature = "portable")))]
    file: File,
    #[cfg(not(all(unix, not(feature = "portable"))))]
    file: std::sync::Mutex<File>,
}

impl PositionedFile {
    pub fn new(file: File) -> Self {
        Self {
            #[cfg(all(unix, not(feature = "portable")))]
            file,
            #[cfg(not(all(unix, not(feature = "portable"))))]
            file: std::sync::Mutex::new(file),
        }
    }

    /// Fills `bytes` from `offset` on; fails if the file ends first.
    pub fn read_exact_at(&self, bytes: &mut [u8], offset: u64) -> io::Result<()> {
        #[cfg(all(unix, not(feature = "portable")))]
        {
            use std::os::unix::fs::FileExt;
            self.file.read_exact_at(bytes, offset)
        }
        #[cfg(not(all(unix, not(feature = "portable"))))]
        {
            use std::io::{Read, Seek, SeekFrom};
            let mut file = self
                .file
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            file.seek(SeekFrom::Start(offset))?;
            file.read_exact(bytes)
        }
    }

    /// The file's length in bytes.
    // A length read from the file system, which may fail: no `is_empty` beside it.
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> io::Result<u64> {
        #[cfg(all(unix, not(feature = "portable")))]
        let file = &self.file;
        #[cfg(not(all(unix, not(feature = "portable"))))]
        let file = self
            .file
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        Ok(file.metadata()?.len())
    }
}

/// Which folder `path` names, as two numbers that change when another folder takes
/// its name: device and inode on Unix. The fallback takes the folder's creation time,
/// which a rename keeps and a new folder does not share (`None` where the file system
/// does not record it).
pub fn folder_identity(path: &Path) -> Option<(u64, u64)> {
    let metadata = std::fs::metadata(path).ok()?;
    #[cfg(all(unix, not(feature = "portable")))]
    {
        use std::os::unix::fs::MetadataExt;
        Some((metadata.dev(), metadata.ino()))
    }
    #[cfg(not(all(unix, not(feature = "portable"))))]
    {
        let created = metadata
            .created()
            .ok()?
            .duration_since(std::time::UNIX_EPOCH)
            .ok()?;
        Some((created.as_secs(), u64::from(created.subsec_nanos())))
    }
}

/// Asks the file system to spread the subfolders of `folder` over its block groups, as
/// it does for those of its root (ext4's `FS_TOPDIR_FL`, `chattr +T`). Only a hint:
/// where it is not supported (another file system, another system), nothing changes.
pub fn spread_subfolders(folder: &Path) {
    #[cfg(all(target_os = "linux", not(feature = "portable")))]
    if let Ok(handle) = File::open(folder) {
        use rustix::fs::{ioctl_getflags, ioctl_setflags, IFlags};
        let _ = ioctl_getflags(&handle)
            .and_then(|flags| ioctl_setflags(&handle, flags | IFlags::TOPDIR));
    }
    #[cfg(not(all(target_os = "linux", not(feature = "portable"))))]
    let _ = folder;
}

/// Whether `folder` spreads its subfolders (see [`spread_subfolders`]); false where the
/// system cannot tell.
#[cfg(test)]
pub fn spreads_subfolders(folder: &Path) -> bool {
    #[cfg(all(target_os = "linux", not(feature = "portable")))]
    {
        use rustix::fs::{ioctl_getflags, IFlags};
        File::open(folder).is_ok_and(|handle| {
            ioctl_getflags(&handle).is_ok_and(|flags| flags.contains(IFlags::TOPDIR))
        })
    }
    #[cfg(not(all(target_os = "linux", not(feature = "portable"))))]
    {
        let _ = folder;
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn two_folders_are_exchanged_or_the_caller_is_told_to_rename() {
        let root = tempfile::tempdir().unwrap();
        let (a, b) = (root.path().join("a"), root.path().join("b"));
        fs::create_dir(&a).unwrap();
        fs::create_dir(&b).unwrap();
        fs::write(a.join("from"), "a").unwrap();
        fs::write(b.join("from"), "b").unwrap();
        let exchanged = exchange(&a, &b).unwrap();
        let expected = if exchanged { ("b", "a") } else { ("a", "b") };
        let read = |folder: &Path| fs::read_to_string(folder.join("from")).unwrap();
        assert_eq!((read(&a).as_str(), read(&b).as_str()), expected);
        if cfg!(feature = "portable") {
            assert!(!exchanged);
        }
    }

    #[test]
    fn positioned_reads_from_several_threads_read_each_their_own_range() {
        let root = tempfile::tempdir().unwrap();
        let path = root.path().join("pack");
        let text: Vec<u8> = (0..=255u8).cycle().take(64 * 1024).collect();
        fs::write(&path, &text).unwrap();
        let file = PositionedFile::new(File::open(&path).unwrap());
        assert_eq!(file.len().unwrap(), text.len() as u64);
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let (file, text) = (&file, &text);
                scope.spawn(move || {
                    for round in 0..200u64 {
                        let offset = (thread * 997 + round * 131) % 60_000;
                        let mut bytes = [0; 300];
                        file.read_exact_at(&mut bytes, offset).unwrap();
                        assert_eq!(&bytes[..], &text[offset as usize..offset as usize + 300]);
                    }
                });
            }
        });
        let mut past_the_end = [0; 10];
        assert!(file
            .read_exact_at(&mut past_the_end, text.len() as u64 - 5)
            .is_err());
    }

    #[test]
    fn a_renamed_folder_keeps_its_identity_and_a_new_one_under_its_name_has_another() {
        let root = tempfile::tempdir().unwrap();
        let (first, moved) = (root.path().join("first"), root.path().join("moved"));
        fs::create_dir(&first).unwrap();
        let Some(identity) = folder_identity(&first) else {
            eprintln!("this file system records no folder identity: nothing to check");
            return;
        };
        fs::rename(&first, &moved).unwrap();
        assert_eq!(folder_identity(&moved), Some(identity));
        // A creation time has a coarse clock on some file systems.
        std::thread::sleep(std::time::Duration::from_millis(20));
        fs::create_dir(&first).unwrap();
        assert_ne!(folder_identity(&first), Some(identity));
        assert_eq!(folder_identity(&root.path().join("missing")), None);
    }
}

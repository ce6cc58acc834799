//! How the caches name and write their entries: by a content hash ([`Key`], which also
//! names the frames pages share) and atomically ([`write_atomically`]).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use sha2::{Digest, Sha256};

/// The name of an entry: the hex SHA-256 of its inputs.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Key(String);

impl Key {
    /// The key of `parts`, each length-prefixed so that no two lists of parts collide
    /// by concatenation (`["ab", "c"]` and `["a", "bc"]`).
    pub fn of(parts: &[&[u8]]) -> Self {
        let mut hasher = Sha256::new();
        for part in parts {
            hasher.update((part.len() as u64).to_le_bytes());
            hasher.update(part);
        }
        Self(format!("{:x}", hasher.finalize()))
    }

    /// A key read back from where it was stored as [`Key::as_str`].
    pub fn from_stored(hex: String) -> Self {
        Self(hex)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Writes `path` under a temporary name unique to this write and renames it, so a
/// reader (another thread or build) never sees half of a cache entry, and an
/// interrupted build leaves no truncated entry that a later build would trust.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let mut name = path.as_os_str().to_os_string();
    name.push(format!(
        ".tmp-{}-{}",
        std::process::id(),
        WRITES.fetch_add(1, Ordering::Relaxed)
    ));
    let temporary = PathBuf::from(name);
    let written = fs::File::create(&temporary).and_then(|mut file| file.write_all(bytes));
    match written.and_then(|()| fs::rename(&temporary, path)) {
        Ok(()) => Ok(()),
        Err(error) => {
            let _ = fs::remove_file(&temporary);
            Err(error)
        }
    }
}

//! The content hash that names the build cache's entries and the frames pages share.

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

//! Files only the operator may read: demo passwords and the first-admin setup link are put
//! there instead of into the log.

use std::{io::Write, path::Path};

use anyhow::Context;

/// Writes `text` to `path` (replacing it), readable and writable by the owner only.
///
/// # Errors
/// An unwritable data folder.
pub fn write(path: &Path, text: &str) -> anyhow::Result<()> {
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder)?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path).with_context(|| format!("writing {}", path.display()))?;
    file.write_all(text.as_bytes()).with_context(|| format!("writing {}", path.display()))
}

//! The one error type for every file format and notation.

use crate::record::MoveError;

/// Why a file or notation could not be read (or written).
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    /// The text is not in the expected format.
    #[error("{format}: {message}")]
    Syntax {
        format: &'static str,
        message: String,
    },
    /// The file is well-formed but names a move the rules do not allow.
    #[error("{format}: move {number} ({pos}) is impossible: {reason}")]
    IllegalMove {
        format: &'static str,
        /// 1-based move number.
        number: usize,
        pos: String,
        reason: MoveError,
    },
    /// A save file from a newer (or unknown) version of the program.
    #[error("save file version {found} is not supported (this program reads version {supported})")]
    Version { found: u32, supported: u32 },
    #[error("could not {action} {path}: {source}")]
    Io {
        action: &'static str,
        path: String,
        #[source]
        source: std::io::Error,
    },
}

impl FormatError {
    pub(crate) fn syntax(format: &'static str, message: impl Into<String>) -> FormatError {
        FormatError::Syntax {
            format,
            message: message.into(),
        }
    }
}

//! The process's limit on open files, which bounds the connections it can
//! hold: raised to its hard limit at start-up, and the default cap on
//! connections derived from it.

use rlimit::Resource;
use tracing::{info, warn};

/// The share of the file limit that connections may take; the rest is for
/// the database, the engines and the listening socket.
const CONNECTIONS_SHARE_PERCENT: u64 = 80;
/// The cap when the limit cannot be read, or is unlimited.
const FALLBACK_CONNECTIONS: usize = 10_000;

/// Raises the soft limit on open files to the hard limit, saying what it was
/// and what it is now.
pub(crate) fn raise_to_hard_limit() {
    let Ok((soft, hard)) = rlimit::getrlimit(Resource::NOFILE) else {
        warn!("cannot read the limit on open files");
        return;
    };
    if soft >= hard {
        info!(
            soft,
            hard, "the limit on open files is already at its hard limit"
        );
        return;
    }
    match rlimit::increase_nofile_limit(hard) {
        Ok(raised) => info!(
            from = soft,
            to = raised,
            hard,
            "raised the limit on open files"
        ),
        Err(error) => warn!(soft, hard, %error, "cannot raise the limit on open files"),
    }
}

/// The default cap on open connections: 80% of the soft file limit.
pub(crate) fn default_max_connections() -> usize {
    match rlimit::getrlimit(Resource::NOFILE) {
        Ok((soft, _)) if soft != rlimit::INFINITY => {
            usize::try_from(soft.saturating_mul(CONNECTIONS_SHARE_PERCENT) / 100)
                .unwrap_or(FALLBACK_CONNECTIONS)
                .max(1)
        }
        _ => FALLBACK_CONNECTIONS,
    }
}

//! What the `tilec` and `tilerun` command lines share at start-up.

use std::process::ExitCode;

pub mod flags;

/// Parses the command line: `--help` and `--version` print and exit 0; a bad flag is one
/// `TOOL: error: ...` message and exit status 1, like every other input error (clap's
/// own would be 2, the status of an internal error). Also makes a closed pipe
/// (`tilec ... | head`) end the process quietly, as it does a C tool's, instead of a
/// failed `print!` panicking.
pub fn parse_args<C: clap::Parser>(tool: &str) -> Result<C, ExitCode> {
    // SAFETY: setting a signal's disposition to its default, before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    match C::try_parse() {
        Ok(c) => Ok(c),
        Err(e) if matches!(e.kind(), clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion) => {
            e.exit()
        }
        Err(e) => {
            let text = e.render().to_string();
            eprint!("{tool}: error: {}", text.strip_prefix("error: ").unwrap_or(&text));
            Err(ExitCode::from(1))
        }
    }
}

//! Writing to stdout like other Unix tools: when the reader has gone away (`dicetray odds ... | head -c 10`),
//! the program stops quietly with status 0 instead of panicking as `println!` does on a closed pipe.

use std::io::{ErrorKind, Write};

/// Write `text` and a newline to stdout; on a closed pipe exit at once (status 0, nothing on stderr); any other
/// write error is reported on stderr and exits with status 1.
pub fn line(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let written = stdout.write_all(text.as_bytes()).and_then(|()| stdout.write_all(b"\n"));
    if let Err(e) = written.and_then(|()| stdout.flush()) {
        if e.kind() == ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: writing the output: {e}");
        std::process::exit(1);
    }
}

/// `println!` through [`line`].
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::out::line(&format!($($arg)*))
    };
}
pub(crate) use say;

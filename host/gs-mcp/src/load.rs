//! `gs-mcp image load`'s doits and progress: the file-in (gs-image)
//! applies class definitions and methods itself and hands every other doit
//! here, where gs-interp's [`FileInDoits`] runs it in the load's session,
//! at its place in the files, as Topaz would; and it reports how far it
//! has got, which is drawn on a terminal.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

use gs_image::Session;
use gs_image::filein::{DoitRunner, Expected, LoadProgress};
use gs_interp::FileInDoits;

/// Runs a file-in's doits as Topaz does ([`FileInDoits`]) and shows the
/// load's progress when standard error is a terminal.
pub struct InterpreterDoits {
    doits: FileInDoits,
    progress: Option<ProgressLine<std::io::Stderr>>,
}

impl InterpreterDoits {
    /// A runner that shows progress on standard error if that is a
    /// terminal, and is quiet otherwise.
    pub fn new() -> InterpreterDoits {
        let stderr = std::io::stderr();
        InterpreterDoits {
            doits: FileInDoits::new(),
            progress: stderr.is_terminal().then(|| ProgressLine::new(stderr)),
        }
    }

    /// Clears the progress line, before the report is printed.
    pub fn finish(&mut self) {
        if let Some(line) = &mut self.progress {
            line.clear();
        }
    }
}

/// A load's progress on one line of a terminal, redrawn at most every
/// [`ProgressLine::EVERY`].
pub struct ProgressLine<W: Write> {
    out: W,
    drawn: Option<Instant>,
}

impl<W: Write> ProgressLine<W> {
    /// The least time between two redraws.
    pub const EVERY: Duration = Duration::from_millis(100);

    /// A line drawn on `out`.
    pub fn new(out: W) -> ProgressLine<W> {
        ProgressLine { out, drawn: None }
    }

    /// Redraws the line for `progress`, unless it was drawn very recently.
    pub fn show(&mut self, progress: &LoadProgress) {
        if self.drawn.is_some_and(|t| t.elapsed() < Self::EVERY) {
            return;
        }
        self.drawn = Some(Instant::now());
        // Progress is a courtesy: a terminal that went away stops no load.
        let _ = write!(self.out, "\r\x1b[K{}", progress_text(progress));
        let _ = self.out.flush();
    }

    /// Erases the line, if it was drawn.
    pub fn clear(&mut self) {
        if self.drawn.take().is_some() {
            let _ = write!(self.out, "\r\x1b[K");
            let _ = self.out.flush();
        }
    }
}

/// The words of a progress line.
pub fn progress_text(p: &LoadProgress) -> String {
    let failures = match p.failures {
        0 => String::new(),
        1 => ", 1 failure".to_string(),
        n => format!(", {n} failures"),
    };
    if p.methods == 0 {
        format!("reading files: {}/{}{failures}", p.files_read, p.files)
    } else {
        format!(
            "{} files: {}/{} methods{failures}",
            p.files, p.methods_done, p.methods
        )
    }
}

impl DoitRunner for InterpreterDoits {
    fn run(
        &mut self,
        session: &mut Session,
        source: &str,
        expected: Option<&Expected>,
    ) -> Result<(), String> {
        self.doits.run(session, source, expected)
    }

    fn progress(&mut self, progress: &LoadProgress) {
        if let Some(line) = &mut self.progress {
            line.show(progress);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_says_files_then_methods_and_failures_and_is_erased_at_the_end() {
        let reading = LoadProgress {
            files_read: 3,
            files: 40,
            ..LoadProgress::default()
        };
        assert_eq!(progress_text(&reading), "reading files: 3/40");
        let compiling = LoadProgress {
            files_read: 40,
            files: 40,
            methods_done: 1250,
            methods: 20000,
            failures: 2,
        };
        assert_eq!(
            progress_text(&compiling),
            "40 files: 1250/20000 methods, 2 failures"
        );
        let mut line = ProgressLine::new(Vec::new());
        line.show(&reading);
        // Redrawn at most every 100 ms: this one is skipped.
        line.show(&compiling);
        line.clear();
        assert_eq!(
            String::from_utf8(line.out).unwrap(),
            "\r\x1b[Kreading files: 3/40\r\x1b[K"
        );
    }
}

//! The `log` host functions, recorded for the test to read.

use super::{Progress, State};
use crate::types::LogLevel;

/// The `log` host functions, as the mock records them.
impl State {
    pub(crate) fn log(&mut self, level: LogLevel, message: &str) {
        self.logs.push((level, message.to_string()));
    }

    pub(crate) fn progress(&mut self, progress: f64, total: Option<f64>, message: Option<&str>) {
        self.progress.push(Progress {
            progress,
            total,
            message: message.map(str::to_string),
        });
    }
}

//! The message trace: one line per message on stderr, so a call that went
//! wrong can be read back. Bodies are escaped (a newline becomes `\n`) so
//! one message stays one line, and capped with `...(+N more)`; headers are
//! never written, so a bearer token cannot leak into a log.

use crate::Trace;

/// Writes trace lines when the trace is on.
#[derive(Debug, Clone, Copy)]
pub struct Tracer {
    settings: Trace,
}

impl Tracer {
    /// A tracer with `settings`.
    pub fn new(settings: Trace) -> Tracer {
        Tracer { settings }
    }

    /// True if the trace is on.
    pub fn enabled(&self) -> bool {
        self.settings.enabled
    }

    /// Traces a message received (`-->`) or sent (`<--`).
    pub fn line(&self, arrow: &str, what: &str, session: Option<&str>, body: &[u8]) {
        if self.settings.enabled {
            eprintln!(
                "{}",
                format_line(arrow, what, session, body, self.settings.limit)
            );
        }
    }
}

/// One trace line: direction, what (verb and path, or status), session id,
/// body size and the escaped, capped body.
pub fn format_line(
    arrow: &str,
    what: &str,
    session: Option<&str>,
    body: &[u8],
    limit: Option<usize>,
) -> String {
    let text = String::from_utf8_lossy(body);
    let chars = text.chars().count();
    let mut line = format!(
        "{arrow} {what} session {} {chars} chars: ",
        session.unwrap_or("-")
    );
    let shown = limit.unwrap_or(usize::MAX);
    for c in text.chars().take(shown) {
        match c {
            '\n' => line.push_str("\\n"),
            '\r' => line.push_str("\\r"),
            '\t' => line.push_str("\\t"),
            c if c.is_control() => line.push_str(&format!("\\u{{{:04x}}}", c as u32)),
            c => line.push(c),
        }
    }
    if chars > shown {
        line.push_str(&format!("...(+{} more)", chars - shown));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_message_is_one_escaped_capped_line() {
        assert_eq!(
            format_line("-->", "POST /mcp", None, b"{\"a\":\n\t1}", Some(4096)),
            "--> POST /mcp session - 9 chars: {\"a\":\\n\\t1}"
        );
        assert_eq!(
            format_line("-->", "POST /mcp", Some("AB"), b"abcdefgh", Some(3)),
            "--> POST /mcp session AB 8 chars: abc...(+5 more)"
        );
        assert_eq!(
            format_line("<--", "200", Some("AB"), b"x\x07", None),
            "<-- 200 session AB 2 chars: x\\u{0007}"
        );
    }
}

//! The clock and waiting primitives of `kernel/10-magnitude.gs` and
//! `kernel/70-time.gs` (PRIMITIVES.md, 110–111): the host's wall clock, and
//! `Delay>>wait`'s sleep, which watches the break flag so that a client's
//! cancellation or a request deadline still stops a waiting call.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crate::heap::Value;
use crate::interp::{R, Run, Unwind};

/// The longest a sleeping call goes without looking at its break flag.
const BREAK_POLL: Duration = Duration::from_millis(5);

impl Run<'_> {
    /// Runs clock primitive `n` (110–111).
    pub(crate) fn time_primitive(
        &mut self,
        n: u32,
        rcv: Value,
        args: &[Value],
    ) -> R<Option<Value>> {
        match n {
            110 => {
                let ms = SystemTime::now()
                    .duration_since(UNIX_EPOCH)
                    .map(|d| d.as_millis() as i64)
                    .unwrap_or(0);
                Ok(Some(Value::Int(ms)))
            }
            111 => match args.first() {
                Some(&Value::Int(ms)) if ms >= 0 => {
                    self.sleep(Duration::from_millis(ms as u64))?;
                    Ok(Some(rcv))
                }
                _ => Ok(None),
            },
            _ => Err(self.fatal(format!(
                "primitive {n} is not implemented by this interpreter"
            ))),
        }
    }

    /// Sleeps for `length`, waking at least every [`BREAK_POLL`] to end
    /// the call with a break if its flag was set meanwhile.
    fn sleep(&mut self, length: Duration) -> R<()> {
        let until = Instant::now() + length;
        loop {
            if self.brk.load(Ordering::Relaxed) {
                return Err(Unwind::new(Unwind::BREAK, 0));
            }
            let now = Instant::now();
            if now >= until {
                return Ok(());
            }
            std::thread::sleep((until - now).min(BREAK_POLL));
        }
    }
}

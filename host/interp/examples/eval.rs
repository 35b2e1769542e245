//! Evaluates each line of standard input in one fresh image and session
//! and prints its printString (or error): a quick way to try the
//! interpreter, e.g. `echo '3/4' | cargo run -p gs-interp --example eval`.

use std::io::BufRead;

use gs_interp::{BreakHandle, Interpreter, Limits};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let image = gs_image::Image::open(dir.path().join("eval.image"))?;
    let mut session = image.session();
    let mut interp = Interpreter::new();
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let start = std::time::Instant::now();
        let result = interp.execute(&mut session, &line, &Limits::default(), &BreakHandle::new());
        let took = start.elapsed();
        match result {
            Ok(out) => {
                print!("{}", out.transcript);
                println!("{line}  ==> {}   [{took:?}]", out.print_string);
            }
            Err(e) => println!("{line}  ==> ERROR {e}   [{took:?}]"),
        }
    }
    Ok(())
}

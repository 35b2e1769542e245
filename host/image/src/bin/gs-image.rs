//! `gs-image`: the embedded image from the command line.
//!
//! A way to try the image crate alone: file Topaz `.gs` code into an image
//! file, list its classes, print sources, file classes out, and ask the
//! implementors / senders / source-search queries the MCP tools use.
//! Errors print `gs-image: …` and exit with status 2 (bad use or an image
//! that cannot be opened) or 1 (a load that had failures, a name not found).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use gs_image::{Image, Session, Side, filein};

/// Work with a gs-mcp embedded image file.
#[derive(Parser)]
#[command(name = "gs-image", version, about)]
struct Cli {
    /// The image file (created, with the kernel class library, when absent).
    #[arg(long, value_name = "PATH")]
    image: PathBuf,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// File in .gs files and directories (searched for *.gs) as one load and
    /// commit what loaded; lists each failure as file:line: message.
    Load {
        /// Files or directories to file in.
        #[arg(required = true, value_name = "FILE_OR_DIR")]
        paths: Vec<PathBuf>,
        /// Refuse methods on kernel classes (by default an operator's load
        /// may add extension methods to kernel classes, as GemStone
        /// projects do; kernel classes themselves are never redefined).
        #[arg(long)]
        no_kernel_extensions: bool,
    },
    /// List class names, of one dictionary or of the whole image.
    Classes {
        /// Only the classes bound in this symbol dictionary.
        #[arg(long, value_name = "D")]
        dictionary: Option<String>,
    },
    /// Print a method's source, or a class's definition when no selector is
    /// given.
    Source {
        /// The class name.
        class: String,
        /// The selector, e.g. `at:put:`.
        selector: Option<String>,
        /// The class side (`Foo class>>bar`).
        #[arg(long)]
        meta: bool,
    },
    /// Print a class (or with --dictionary, every class of a dictionary) as
    /// a Topaz file-out.
    Fileout {
        /// The class name.
        #[arg(required_unless_present = "dictionary")]
        class: Option<String>,
        /// File out a whole symbol dictionary instead.
        #[arg(long, value_name = "D", conflicts_with = "class")]
        dictionary: Option<String>,
    },
    /// Methods that send a selector.
    Senders {
        /// The selector.
        selector: String,
    },
    /// Methods that implement a selector.
    Implementors {
        /// The selector.
        selector: String,
    },
    /// Methods that reference a global, class, class variable or pool name.
    References {
        /// The name.
        name: String,
    },
    /// Methods whose source contains a text (case-sensitive).
    Search {
        /// The text to look for.
        text: String,
    },
}

/// A failure with the exit status it deserves.
struct Failed {
    message: String,
    status: u8,
}

impl From<gs_image::ImageError> for Failed {
    fn from(e: gs_image::ImageError) -> Self {
        let status = if e.kind() == "not-found" { 1 } else { 2 };
        Failed {
            message: e.to_string(),
            status,
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failed) => {
            eprintln!("gs-image: {}", failed.message);
            ExitCode::from(failed.status)
        }
    }
}

fn run(cli: Cli) -> Result<(), Failed> {
    let image = Image::open(&cli.image).map_err(|e| Failed {
        message: match e {
            // The library's words are for a program holding two handles;
            // at the command line the other holder is another process.
            gs_image::ImageError::InUse(_) => format!(
                "cannot open image {}: another process has it open (a running `gs-mcp serve`, \
                 or another gs-image); stop it first, then run this again",
                cli.image.display()
            ),
            e => format!("cannot open image {}: {e}", cli.image.display()),
        },
        status: 2,
    })?;
    let mut session = image.session();
    match cli.command {
        Command::Load {
            paths,
            no_kernel_extensions,
        } => load(
            &mut session,
            &paths,
            filein::FileInOptions {
                allow_kernel_extensions: !no_kernel_extensions,
            },
        ),
        Command::Classes { dictionary } => {
            let names = match dictionary {
                Some(d) => session.classes_in(&d)?,
                None => session.all_classes(),
            };
            print_lines(names);
            Ok(())
        }
        Command::Source {
            class,
            selector,
            meta,
        } => {
            match selector {
                Some(selector) => {
                    println!(
                        "{}",
                        session.method_source(&class, Side::from_meta(meta), &selector)?
                    );
                }
                None => {
                    let record = session.class(&class)?;
                    print!(
                        "{}",
                        gs_image::classdef::definition_source(&record.definition)
                    );
                }
            }
            Ok(())
        }
        Command::Fileout { class, dictionary } => {
            let text = match (class, dictionary) {
                (_, Some(d)) => filein::file_out_dictionary(&session, &d)?,
                (Some(c), None) => filein::file_out_class(&session, &c)?,
                (None, None) => {
                    return Err(Failed {
                        message: "fileout needs a class name or --dictionary NAME".into(),
                        status: 2,
                    });
                }
            };
            print!("{text}");
            Ok(())
        }
        Command::Senders { selector } => {
            print_lines(session.senders(&selector));
            Ok(())
        }
        Command::Implementors { selector } => {
            print_lines(session.implementors(&selector));
            Ok(())
        }
        Command::References { name } => {
            print_lines(session.references(&name));
            Ok(())
        }
        Command::Search { text } => {
            print_lines(session.search_source(&text, None)?);
            Ok(())
        }
    }
}

fn print_lines<T: std::fmt::Display>(items: Vec<T>) {
    for item in items {
        println!("{item}");
    }
}

fn load(
    session: &mut Session,
    paths: &[PathBuf],
    options: filein::FileInOptions,
) -> Result<(), Failed> {
    let report = filein::file_in_paths_with(session, paths, options)?;
    session.commit().map_err(|e| Failed {
        message: format!("the load could not be committed: {e}"),
        status: 2,
    })?;
    for failure in &report.failures {
        println!("{failure}");
    }
    for deferred in &report.deferred {
        println!("{}", deferred.at);
    }
    println!("loaded and committed {report}");
    if report.is_clean() {
        Ok(())
    } else {
        Err(Failed {
            message: format!(
                "{} failure(s) while loading; everything else was committed",
                report.failures.len()
            ),
            status: 1,
        })
    }
}

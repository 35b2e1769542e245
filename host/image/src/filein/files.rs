//! Loads named by paths: the `.gs` files under a directory, `input` lines
//! followed to the files they name, and each file's bytes decoded to text.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use gs_topaz::CommandKind;

use super::load::{Inputs, file_in_sources_following};
use super::{DoitRunner, Failure, FileInOptions, FileInReport, Source};
use crate::error::{ImageError, Result};
use crate::session::Session;

/// Files in a `.gs` file, or every `.gs` file under a directory (searched
/// recursively, in path order), as one load: class definitions from all the
/// files are ordered by superclass before any method compiles.
///
/// Errors only when a path cannot be read at all; a file that is not text
/// is reported as a failure of that file.
pub fn file_in_path(session: &mut Session, path: &Path) -> Result<FileInReport> {
    file_in_paths(session, &[path.to_path_buf()])
}

/// Files in several files and directories as one load (see
/// [`file_in_path`]).
///
/// An `input other.gs` line in a file brings `other.gs` into the same load
/// (once, however many files name it), read at that line as Topaz reads
/// it, so a doit after the line sees what `other.gs` defines; its path is
/// looked up relative to the current directory, then to the including
/// file's directory and each directory above it, so a project's `load.gs`
/// can be loaded on its own.
pub fn file_in_paths(session: &mut Session, paths: &[PathBuf]) -> Result<FileInReport> {
    file_in_paths_with(session, paths, FileInOptions::default())
}

/// [`file_in_paths`] with explicit [`FileInOptions`] (e.g. to allow
/// extension methods on kernel classes).
pub fn file_in_paths_with(
    session: &mut Session,
    paths: &[PathBuf],
    options: FileInOptions,
) -> Result<FileInReport> {
    file_in_paths_inner(session, paths, options, None)
}

/// [`file_in_paths_with`], running every doit it cannot apply itself with
/// `runner`, at its place in file order, as Topaz does. A failing doit is
/// reported by file and line, and the load goes on.
pub fn file_in_paths_running(
    session: &mut Session,
    paths: &[PathBuf],
    options: FileInOptions,
    runner: &mut dyn DoitRunner,
) -> Result<FileInReport> {
    file_in_paths_inner(session, paths, options, Some(runner))
}

fn file_in_paths_inner(
    session: &mut Session,
    paths: &[PathBuf],
    options: FileInOptions,
    runner: Option<&mut dyn DoitRunner>,
) -> Result<FileInReport> {
    let mut pending = Vec::new();
    let mut visited = HashSet::new();
    let mut notes = Vec::new();
    for path in paths {
        collect_gs_files(path, &mut visited, &mut pending, &mut notes)?;
    }
    // Each file's source index, by canonical path, so a file named twice
    // (or by a link) loads once.
    let mut seen: HashMap<PathBuf, Option<usize>> = HashMap::new();
    let canonical =
        |file: &Path| std::fs::canonicalize(file).unwrap_or_else(|_| file.to_path_buf());
    // The `input` lines found: the including source, the line, the file.
    let mut input_lines: Vec<(usize, usize, PathBuf)> = Vec::new();
    let mut sources = Vec::new();
    let mut failures = Vec::new();
    let mut next = 0;
    while next < pending.len() {
        let file: PathBuf = pending[next].clone();
        next += 1;
        let key = canonical(&file);
        if seen.contains_key(&key) {
            continue;
        }
        // Until it has been read there is no source to include.
        seen.insert(key.clone(), None);
        let name = file.display().to_string();
        let bytes = std::fs::read(&file).map_err(|e| {
            ImageError::InvalidArgument(format!("cannot read {name}: {e}; check the path"))
        })?;
        let text = match decode(&bytes) {
            Ok(text) => text,
            Err(message) => {
                failures.push(Failure {
                    file: name,
                    line: 1,
                    message,
                });
                continue;
            }
        };
        // Reading a file is a tenth of a large load; only read it twice
        // when it may hold an `input` line.
        let inputs = if may_have_input(&text) {
            gs_topaz::read(&text).commands
        } else {
            Vec::new()
        };
        for command in inputs {
            if let CommandKind::Input(input) = command.kind {
                let expanded = match expand_variables(&input, |name| std::env::var(name).ok()) {
                    Ok(expanded) => expanded,
                    Err(variable) => {
                        failures.push(Failure {
                            file: name.clone(),
                            line: command.line,
                            message: format!(
                                "`input {input}`: environment variable {variable} is not set; \
                                 set it, or pass the files to load instead"
                            ),
                        });
                        continue;
                    }
                };
                let shown = match expanded == input {
                    true => format!("`input {input}`"),
                    false => format!("`input {input}` ({expanded})"),
                };
                match resolve_input(&file, &expanded) {
                    Input::Found(found) => {
                        input_lines.push((sources.len(), command.line, canonical(&found)));
                        pending.push(found);
                    }
                    Input::NotRegular(special) => failures.push(Failure {
                        file: name.clone(),
                        line: command.line,
                        message: format!("{shown}: {} is {NOT_REGULAR_FILE}", special.display()),
                    }),
                    Input::Missing => failures.push(Failure {
                        file: name.clone(),
                        line: command.line,
                        message: format!(
                            "{shown}: no such file relative to the current directory or to \
                             {}; pass the files to load instead",
                            file.parent()
                                .filter(|dir| !dir.as_os_str().is_empty())
                                .unwrap_or(Path::new("."))
                                .display()
                        ),
                    }),
                }
            }
        }
        seen.insert(key, Some(sources.len()));
        sources.push(Source { name, text });
    }
    let inputs: Inputs = input_lines
        .into_iter()
        .filter_map(|(including, line, found)| {
            seen.get(&found)
                .copied()
                .flatten()
                .map(|included| ((including, line), included))
        })
        .collect();
    let mut report = file_in_sources_following(session, &sources, Some(&inputs), options, runner);
    for failure in failures {
        if !report.files.contains(&failure.file) {
            report.files.push(failure.file.clone());
        }
        report.failures.push(failure);
    }
    report.skipped.extend(notes);
    Ok(report)
}

/// `input` with its environment variables (`$NAME`, `${NAME}`) replaced by
/// their values from `lookup`, as Topaz expands them in file names
/// (`input $GS_HOME/shared/topaz/x.gs`); a `$` not followed by a name is
/// kept. The name of the first variable `lookup` has no value for, if any.
fn expand_variables(
    input: &str,
    lookup: impl Fn(&str) -> Option<String>,
) -> Result<String, String> {
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut out = String::with_capacity(input.len());
    let mut rest = input;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let (name, tail) = match after.strip_prefix('{').and_then(|b| b.split_once('}')) {
            Some((name, tail)) => (name, tail),
            None => {
                let end = after.find(|c: char| !is_name(c)).unwrap_or(after.len());
                (&after[..end], &after[end..])
            }
        };
        if name.is_empty()
            || !name.chars().all(is_name)
            || name.starts_with(|c: char| c.is_ascii_digit())
        {
            out.push('$');
            rest = after;
            continue;
        }
        out.push_str(&lookup(name).ok_or_else(|| name.to_string())?);
        rest = tail;
    }
    out.push_str(rest);
    Ok(out)
}

/// True unless no line of `text` starts with `input` (any case): a cheap
/// superset of the lines the Topaz reader takes for `input` commands.
fn may_have_input(text: &str) -> bool {
    text.split(['\n', '\r']).any(|line| {
        line.trim_start()
            .get(..5)
            .is_some_and(|word| word.eq_ignore_ascii_case("input"))
    })
}

/// Why a FIFO, socket or device standing where a `.gs` file should is not
/// loaded, and what to do about it.
const NOT_REGULAR_FILE: &str =
    "not a regular file (a FIFO, socket or device); replace it with the .gs file it stands for";

/// What an `input` line names, as [`resolve_input`] finds it.
enum Input {
    /// A regular file (or a link to one), to load.
    Found(PathBuf),
    /// No regular file, but this FIFO, socket or device: reading it would
    /// block the load or read garbage, so it is reported, never opened.
    NotRegular(PathBuf),
    /// Nothing by that name.
    Missing,
}

/// Where an `input` line's file is: relative to the current directory,
/// then to the including file's directory and each one above it. The
/// first regular file wins; only file metadata is read, so a FIFO or
/// device on the way is not opened.
fn resolve_input(including: &Path, input: &str) -> Input {
    let input = Path::new(input);
    let candidates: Vec<PathBuf> = if input.is_absolute() {
        vec![input.to_path_buf()]
    } else {
        std::iter::once(input.to_path_buf())
            .chain(
                including
                    .parent()
                    .into_iter()
                    .flat_map(Path::ancestors)
                    .map(|dir| dir.join(input)),
            )
            .collect()
    };
    let mut special = None;
    for candidate in candidates {
        match std::fs::metadata(&candidate) {
            Ok(meta) if meta.is_file() => return Input::Found(candidate),
            Ok(meta) if !meta.is_dir() && special.is_none() => special = Some(candidate),
            _ => {}
        }
    }
    special.map_or(Input::Missing, Input::NotRegular)
}

/// Files in every `.gs` file under `dir` (recursively) as one load.
pub fn file_in_directory(session: &mut Session, dir: &Path) -> Result<FileInReport> {
    if !dir.is_dir() {
        return Err(ImageError::InvalidArgument(format!(
            "{} is not a directory; pass a directory of .gs files",
            dir.display()
        )));
    }
    file_in_path(session, dir)
}

/// Adds `path` (a file) or the `.gs` files under it (a directory, walked
/// in path order) to `out`.
///
/// A directory reached again through a symlink (`up -> ..`) is not walked
/// again: `visited` holds the canonical directories walked so far, since
/// without it two links to an ancestor make the walk grow without end. Only
/// regular files (or links to them) are loaded: reading a FIFO, socket or
/// device named `*.gs` would block the load or read garbage, so one found
/// in a directory is left out with a note in `notes`, and one named
/// directly is refused.
fn collect_gs_files(
    path: &Path,
    visited: &mut HashSet<PathBuf>,
    out: &mut Vec<PathBuf>,
    notes: &mut Vec<Failure>,
) -> Result<()> {
    let meta = std::fs::metadata(path).map_err(|e| {
        ImageError::InvalidArgument(format!(
            "cannot read {}: {e}; check the path",
            path.display()
        ))
    })?;
    if meta.is_file() {
        out.push(path.to_path_buf());
        return Ok(());
    }
    if !meta.is_dir() {
        return Err(ImageError::InvalidArgument(format!(
            "{} is not a regular file or a directory (a FIFO, socket or device); pass .gs \
             files or directories of them",
            path.display()
        )));
    }
    let canonical = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    if !visited.insert(canonical) {
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
        .map_err(|e| ImageError::InvalidArgument(format!("cannot list {}: {e}", path.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for entry in entries {
        let is_gs = entry.extension().is_some_and(|e| e == "gs");
        let meta = match std::fs::metadata(&entry) {
            Ok(meta) => meta,
            Err(e) => {
                // A dangling link: nothing to load, but a `.gs` one is worth a word.
                if is_gs {
                    notes.push(Failure {
                        file: entry.display().to_string(),
                        line: 1,
                        message: format!("not loaded: {e}; fix or remove the link"),
                    });
                }
                continue;
            }
        };
        if meta.is_dir() {
            collect_gs_files(&entry, visited, out, notes)?;
        } else if is_gs {
            if meta.is_file() {
                out.push(entry);
            } else {
                notes.push(Failure {
                    file: entry.display().to_string(),
                    line: 1,
                    message: format!("not loaded: {NOT_REGULAR_FILE}"),
                });
            }
        }
    }
    Ok(())
}

/// The text of a file: UTF-8, or Latin-1 for older file-outs; binary data
/// is refused.
fn decode(bytes: &[u8]) -> std::result::Result<String, String> {
    let binary = |b: &u8| *b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c);
    if let Some(pos) = bytes.iter().position(binary) {
        return Err(format!(
            "not a text file (control byte 0x{:02x} at offset {pos}); file in Topaz .gs text only",
            bytes[pos]
        ));
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text.trim_start_matches('\u{feff}').to_string()),
        Err(_) => Ok(bytes.iter().map(|&b| b as char).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_with_an_input_command_is_read_for_it() {
        for text in [
            "input a.gs\n",
            "! header\r\n  INPUT b.gs\r\n",
            "doit\n3\n%\n\tInput c.gs",
        ] {
            let has_input = gs_topaz::read(text)
                .commands
                .iter()
                .any(|c| matches!(c.kind, CommandKind::Input(_)));
            assert!(has_input, "{text:?}");
            assert!(may_have_input(text), "{text:?}");
        }
        assert!(!may_have_input("method: A\nfoo\n\t^self in put\n%\n"));
    }

    #[test]
    fn input_names_expand_environment_variables_as_topaz_does() {
        let lookup = |name: &str| match name {
            "GS_HOME" => Some("/opt/gs".to_string()),
            "dir_2" => Some("up".to_string()),
            _ => None,
        };
        let expand = |s: &str| expand_variables(s, lookup);
        assert_eq!(
            expand("$GS_HOME/shared/x.gs").unwrap(),
            "/opt/gs/shared/x.gs"
        );
        assert_eq!(expand("${dir_2}load.gs").unwrap(), "upload.gs");
        assert_eq!(expand("a/$dir_2/$GS_HOME").unwrap(), "a/up//opt/gs");
        // A `$` not followed by a name is kept.
        assert_eq!(expand("cost$/x$.gs").unwrap(), "cost$/x$.gs");
        assert_eq!(expand("$1.gs").unwrap(), "$1.gs");
        assert_eq!(expand("plain.gs").unwrap(), "plain.gs");
        assert_eq!(expand("$upgradeDir/x.gs").unwrap_err(), "upgradeDir");
        assert_eq!(expand("${NOPE}/x.gs").unwrap_err(), "NOPE");
    }

    #[test]
    fn decode_accepts_utf8_latin1_and_refuses_binary() {
        assert_eq!(decode("caf\u{e9}\r\n".as_bytes()).unwrap(), "caf\u{e9}\r\n");
        assert_eq!(decode(b"\xef\xbb\xbfdoit\n").unwrap(), "doit\n");
        // An older file-out in Latin-1: é is one byte.
        assert_eq!(decode(b"! caf\xe9\n").unwrap(), "! caf\u{e9}\n");
        let err = decode(b"\x7fELF\x02\x01\x01\x00").unwrap_err();
        assert_eq!(
            err,
            "not a text file (control byte 0x02 at offset 4); file in Topaz .gs text only"
        );
    }
}

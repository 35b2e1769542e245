//! Loading `libgcits` at run time and resolving the functions this crate
//! calls.

use std::ffi::{CStr, c_char};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use libloading::os::unix::{Library as Dl, RTLD_GLOBAL, RTLD_LOCAL, RTLD_NOW};

use crate::Error;
use crate::ffi::{self, sig};

/// The functions resolved from the library, in the order they are looked
/// up (the first one missing is the one an error names).
pub(crate) struct Fns {
    pub version: sig::Version,
    pub login: sig::Login,
    pub logout: sig::Logout,
    pub nb_execute: sig::NbExecute,
    pub nb_poll: sig::NbPoll,
    pub socket: sig::Socket,
    pub nb_result: sig::NbResult,
    pub break_: sig::Break,
    pub fetch_size: sig::FetchSize,
    pub fetch_bytes: sig::FetchBytes,
    pub clear_stack: sig::ClearStack,
    pub release_objs: sig::ReleaseObjs,
    pub execute_fetch_bytes: sig::ExecuteFetchBytes,
}

/// The names of the functions this crate resolves, in lookup order.
pub const SYMBOLS: [&str; 13] = [
    "GciTsVersion",
    "GciTsLogin",
    "GciTsLogout",
    "GciTsNbExecute",
    "GciTsNbPoll",
    "GciTsSocket",
    "GciTsNbResult",
    "GciTsBreak",
    "GciTsFetchSize",
    "GciTsFetchBytes",
    "GciTsClearStack",
    "GciTsReleaseObjs",
    "GciTsExecuteFetchBytes",
];

/// What the loaded library is shared as between sessions.
pub(crate) struct Inner {
    pub fns: Fns,
    path: PathBuf,
    version: String,
    // Kept open for as long as any session may call into `gcits`; dropped
    // after it (field order), since gcits needs netldi's symbols.
    _gcits: Dl,
    _netldi: Option<Dl>,
}

/// GemStone's thread-safe client library, loaded once per process and
/// shared by every session (`Send + Sync`; clone it freely).
#[derive(Clone)]
pub struct Library {
    pub(crate) inner: Arc<Inner>,
}

impl std::fmt::Debug for Library {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Library")
            .field("path", &self.inner.path)
            .field("version", &self.inner.version)
            .finish()
    }
}

/// The library file of GemStone `version` in installation `gemstone`:
/// `$GEMSTONE/lib/libgcits-<version>-64.so`.
pub fn library_path(gemstone: &Path, version: &str) -> PathBuf {
    gemstone
        .join("lib")
        .join(format!("libgcits-{version}-64.so"))
}

/// The one `libgcits-<version>-64.so` in `gemstone`/lib, for an
/// installation whose version the caller does not know. More than one, or
/// none, is an error naming what was found.
pub fn find_library(gemstone: &Path) -> Result<PathBuf, Error> {
    let dir = gemstone.join("lib");
    let entries = std::fs::read_dir(&dir).map_err(|e| Error::NoLibrary {
        reason: format!(
            "cannot read {}: {e}; set GEMSTONE to the GemStone/S 64 installation directory",
            dir.display()
        ),
    })?;
    let mut found: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| version_of_file(p).is_some())
        .collect();
    found.sort();
    match found.len() {
        1 => Ok(found.remove(0)),
        0 => Err(Error::NoLibrary {
            reason: format!(
                "{} holds no libgcits-<version>-64.so; set GEMSTONE to a GemStone/S 64 installation",
                dir.display()
            ),
        }),
        _ => Err(Error::NoLibrary {
            reason: format!(
                "{} holds several client libraries ({}); name the version to use",
                dir.display(),
                names(&found)
            ),
        }),
    }
}

fn names(paths: &[PathBuf]) -> String {
    let names: Vec<String> = paths
        .iter()
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    names.join(", ")
}

/// The `<version>` of a `libgcits-<version>-64.so` file name.
fn version_of_file(path: &Path) -> Option<&str> {
    let name = path.file_name()?.to_str()?;
    name.strip_prefix("libgcits-")?.strip_suffix("-64.so")
}

/// `libnetldi-<version>-64.so` beside a `libgcits-<version>-64.so`.
fn netldi_beside(gcits: &Path) -> Option<PathBuf> {
    let version = version_of_file(gcits)?;
    Some(gcits.with_file_name(format!("libnetldi-{version}-64.so")))
}

fn open(path: &Path, flags: std::ffi::c_int) -> Result<Dl, Error> {
    // SAFETY: loading a library runs its initialisers. GemStone's client
    // libraries are C/C++ libraries meant to be loaded into a client
    // process; that is the trust this whole crate rests on, and the caller
    // chose the file.
    unsafe { Dl::open(Some(path), flags) }.map_err(|e| Error::Load {
        path: path.to_path_buf(),
        reason: e.to_string(),
    })
}

/// The function `name` of `lib`, as the function-pointer type `T`.
///
/// # Safety
///
/// `T` must be the function's C signature as its header declares it.
unsafe fn resolve<T: Copy>(lib: &Dl, name: &'static str, path: &Path) -> Result<T, Error> {
    let missing = || Error::MissingSymbol {
        symbol: name,
        path: path.to_path_buf(),
    };
    let mut cname = name.as_bytes().to_vec();
    cname.push(0);
    // SAFETY: the caller guarantees `T` is the symbol's signature; the
    // pointer is copied out while `lib` is open, and `Inner` keeps `lib`
    // open for as long as the copy can be called.
    unsafe { lib.get::<T>(&cname) }
        .map(|s| *s)
        .map_err(|_| missing())
}

impl Fns {
    fn resolve(lib: &Dl, path: &Path) -> Result<Fns, Error> {
        let s = SYMBOLS;
        // SAFETY: each type in `sig` is the signature gcits.hf (3.7.5)
        // declares for the symbol of the same name.
        unsafe {
            Ok(Fns {
                version: resolve(lib, s[0], path)?,
                login: resolve(lib, s[1], path)?,
                logout: resolve(lib, s[2], path)?,
                nb_execute: resolve(lib, s[3], path)?,
                nb_poll: resolve(lib, s[4], path)?,
                socket: resolve(lib, s[5], path)?,
                nb_result: resolve(lib, s[6], path)?,
                break_: resolve(lib, s[7], path)?,
                fetch_size: resolve(lib, s[8], path)?,
                fetch_bytes: resolve(lib, s[9], path)?,
                clear_stack: resolve(lib, s[10], path)?,
                release_objs: resolve(lib, s[11], path)?,
                execute_fetch_bytes: resolve(lib, s[12], path)?,
            })
        }
    }

    /// `GciTsVersion`: the product number and the version text.
    fn version(&self) -> (u32, String) {
        let mut buf = [0 as c_char; ffi::VERSION_BUF_SIZE * 2];
        // SAFETY: the buffer is writable for its whole length, which is
        // passed, and at least the 128 bytes gcits.hf asks for.
        let product = unsafe { (self.version)(buf.as_mut_ptr(), buf.len()) };
        let last = buf.len() - 1;
        buf[last] = 0; // the answer is NUL-terminated; make sure of it
        // SAFETY: `buf` holds a NUL (just written) within its length.
        let text = unsafe { CStr::from_ptr(buf.as_ptr()) };
        (product, text.to_string_lossy().trim().to_string())
    }
}

impl Library {
    /// Loads the library at `path`. On Linux, a `libnetldi-<version>-64.so`
    /// beside a `libgcits-<version>-64.so` is loaded first with its symbols
    /// global, as libgcits needs; a file of another name is loaded alone.
    pub fn open(path: impl AsRef<Path>) -> Result<Library, Error> {
        let path = path.as_ref();
        if !path.exists() {
            return Err(Error::Load {
                path: path.to_path_buf(),
                reason: "no such file".to_string(),
            });
        }
        let netldi = match netldi_beside(path) {
            Some(netldi) if cfg!(target_os = "linux") => {
                Some(open(&netldi, RTLD_NOW | RTLD_GLOBAL)?)
            }
            _ => None,
        };
        let gcits = open(path, RTLD_NOW | RTLD_LOCAL)?;
        let fns = Fns::resolve(&gcits, path)?;
        let (product, version) = fns.version();
        if product != ffi::PRODUCT_GEMSTONE_S_64 {
            return Err(Error::NotGemStone64 {
                path: path.to_path_buf(),
                product,
            });
        }
        let inner = Inner {
            fns,
            path: path.to_path_buf(),
            version,
            _gcits: gcits,
            _netldi: netldi,
        };
        Ok(Library {
            inner: Arc::new(inner),
        })
    }

    /// Loads GemStone `version`'s library from installation `gemstone`
    /// (see [`library_path`]).
    pub fn open_installation(gemstone: &Path, version: &str) -> Result<Library, Error> {
        Library::open(library_path(gemstone, version))
    }

    /// Loads the library of the installation `$GEMSTONE` names: of
    /// `version` if given, else the only one there (see [`find_library`]).
    pub fn from_env(version: Option<&str>) -> Result<Library, Error> {
        let Some(gemstone) = std::env::var_os("GEMSTONE") else {
            return Err(Error::NoLibrary {
                reason: "GEMSTONE is not set; set it to the GemStone/S 64 installation directory \
                         (the one holding lib/libgcits-<version>-64.so)"
                    .to_string(),
            });
        };
        let gemstone = PathBuf::from(gemstone);
        match version {
            Some(v) => Library::open_installation(&gemstone, v),
            None => Library::open(find_library(&gemstone)?),
        }
    }

    /// The file it was loaded from.
    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    /// The library's version text, as `GciTsVersion` answers it
    /// (`major.minor…`, e.g. `3.7.5 build …`).
    pub fn version(&self) -> &str {
        &self.inner.version
    }

    /// Whether the version is one whose headers this crate was checked
    /// against (GemStone/S 64 3.7.x).
    pub fn is_checked_version(&self) -> bool {
        self.inner.version.starts_with("3.7.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_follow_the_installation_layout() {
        let p = library_path(Path::new("/opt/gs"), "3.7.5");
        assert_eq!(p, Path::new("/opt/gs/lib/libgcits-3.7.5-64.so"));
        assert_eq!(version_of_file(&p), Some("3.7.5"));
        assert_eq!(
            netldi_beside(&p).unwrap(),
            Path::new("/opt/gs/lib/libnetldi-3.7.5-64.so")
        );
        assert_eq!(netldi_beside(Path::new("/lib/libc.so.6")), None);
    }

    #[test]
    fn find_library_picks_the_only_one_and_names_the_choices() {
        let dir = std::env::temp_dir().join(format!("gs-gci-find-{}", std::process::id()));
        let lib = dir.join("lib");
        std::fs::create_dir_all(&lib).unwrap();
        let err = find_library(&dir).unwrap_err().to_string();
        assert!(err.contains("holds no libgcits"), "{err}");
        std::fs::write(lib.join("libgcits-3.7.5-64.so"), b"").unwrap();
        std::fs::write(lib.join("libnetldi-3.7.5-64.so"), b"").unwrap();
        assert_eq!(
            find_library(&dir).unwrap(),
            lib.join("libgcits-3.7.5-64.so")
        );
        std::fs::write(lib.join("libgcits-3.7.4.1-64.so"), b"").unwrap();
        let err = find_library(&dir).unwrap_err().to_string();
        assert!(
            err.contains("libgcits-3.7.4.1-64.so, libgcits-3.7.5-64.so"),
            "{err}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

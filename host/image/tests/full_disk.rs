//! A full disk during a commit: the commit fails, nothing of it is
//! committed, the session keeps its changes, and once the disk has room
//! commits go on — the same session's and everyone else's — without
//! reopening the image. (redb refuses every transaction of a database
//! after an I/O error; the store opens the file again.)

use std::io::{Error, ErrorKind};
use std::sync::{Arc, Mutex};

use gs_image::{ClassDefinition, Image, OpenOptions, RecompilePolicy, Side};

/// Storage in memory whose writes fail, as on a full disk, while `full`.
#[derive(Debug, Default)]
struct Disk {
    bytes: Vec<u8>,
    full: bool,
}

#[derive(Debug, Clone, Default)]
struct SmallDisk(Arc<Mutex<Disk>>);

impl SmallDisk {
    fn fill(&self, full: bool) {
        self.0.lock().unwrap().full = full;
    }
}

fn no_space() -> Error {
    Error::new(ErrorKind::StorageFull, "No space left on device")
}

impl redb::StorageBackend for SmallDisk {
    fn len(&self) -> Result<u64, Error> {
        Ok(self.0.lock().unwrap().bytes.len() as u64)
    }

    fn read(&self, offset: u64, out: &mut [u8]) -> Result<(), Error> {
        let disk = self.0.lock().unwrap();
        let start = offset as usize;
        let end = start + out.len();
        if end > disk.bytes.len() {
            return Err(Error::from(ErrorKind::UnexpectedEof));
        }
        out.copy_from_slice(&disk.bytes[start..end]);
        Ok(())
    }

    fn set_len(&self, len: u64) -> Result<(), Error> {
        let mut disk = self.0.lock().unwrap();
        if disk.full && len as usize > disk.bytes.len() {
            return Err(no_space());
        }
        disk.bytes.resize(len as usize, 0);
        Ok(())
    }

    fn sync_data(&self) -> Result<(), Error> {
        Ok(())
    }

    fn write(&self, offset: u64, data: &[u8]) -> Result<(), Error> {
        let mut disk = self.0.lock().unwrap();
        if disk.full {
            return Err(no_space());
        }
        let start = offset as usize;
        let end = start + data.len();
        if end > disk.bytes.len() {
            disk.bytes.resize(end, 0);
        }
        disk.bytes[start..end].copy_from_slice(data);
        Ok(())
    }
}

fn options() -> OpenOptions {
    OpenOptions {
        install_kernel: false,
        ..OpenOptions::default()
    }
}

fn selectors(image: &Image) -> Vec<String> {
    image
        .session()
        .selectors("Root", Side::Instance)
        .unwrap()
        .into_iter()
        .collect()
}

#[test]
fn a_commit_on_a_full_disk_fails_and_commits_go_on_once_it_has_room() {
    let disk = SmallDisk::default();
    let image = Image::open_backend(disk.clone(), "small disk", options()).unwrap();
    let mut s = image.session();
    s.define_class(
        ClassDefinition {
            name: "Root".into(),
            dictionary: "UserGlobals".into(),
            ..Default::default()
        },
        RecompilePolicy::Refuse,
    )
    .unwrap();
    s.commit().unwrap();

    s.compile_method("Root", Side::Instance, "gen", "a ^1")
        .unwrap();
    disk.fill(true);
    let e = s.commit().unwrap_err().to_string();
    assert!(e.contains("No space left on device"), "{e}");
    assert!(e.contains("nothing was committed"), "{e}");
    assert!(
        e.contains("; free space on the disk that holds the image"),
        "{e}"
    );
    assert!(selectors(&image).is_empty(), "a failed commit is not seen");
    // Still full: the next try fails the same way, and commits nothing.
    assert!(s.commit().is_err());

    disk.fill(false);
    s.commit()
        .expect("the session's changes commit once the disk has room");
    assert_eq!(selectors(&image), ["a"]);
    let mut other = image.session();
    other
        .compile_method("Root", Side::Instance, "gen", "b ^2")
        .unwrap();
    other.commit().expect("other sessions commit too");
    drop((s, other, image));

    let reopened = Image::open_backend(disk, "small disk", options()).unwrap();
    assert_eq!(selectors(&reopened), ["a", "b"]);
}

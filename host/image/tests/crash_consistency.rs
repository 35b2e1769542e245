//! Crash consistency through redb's storage-backend trait.
//!
//! The backend keeps two copies of the file: what has been written, and
//! what a completed sync has made durable. From the Nth sync on, syncs
//! fail (the disk went away), so the commit in flight is never
//! acknowledged. The "crashed" file is then the durable copy, reopened as
//! a new image: it must hold exactly the last acknowledged commit, for
//! every N.

use std::collections::BTreeMap;
use std::io::{Error, ErrorKind};
use std::sync::{Arc, Mutex};

use gs_image::{
    ClassDefinition, DictionaryEntry, Image, ObjectBody, ObjectValue, OpenOptions, RecompilePolicy,
    Session, Side, StoredObject,
};

#[derive(Debug, Default)]
struct Disk {
    live: Vec<u8>,
    durable: Vec<u8>,
    syncs: u64,
    /// Syncs numbered this or higher fail.
    fail_from: u64,
}

#[derive(Debug, Clone)]
struct FailingBackend(Arc<Mutex<Disk>>);

impl FailingBackend {
    fn new(contents: Vec<u8>, fail_from: u64) -> Self {
        FailingBackend(Arc::new(Mutex::new(Disk {
            live: contents.clone(),
            durable: contents,
            syncs: 0,
            fail_from,
        })))
    }

    fn durable(&self) -> Vec<u8> {
        self.0.lock().unwrap().durable.clone()
    }

    fn syncs(&self) -> u64 {
        self.0.lock().unwrap().syncs
    }
}

impl redb::StorageBackend for FailingBackend {
    fn len(&self) -> Result<u64, Error> {
        Ok(self.0.lock().unwrap().live.len() as u64)
    }

    fn read(&self, offset: u64, out: &mut [u8]) -> Result<(), Error> {
        let disk = self.0.lock().unwrap();
        let start = offset as usize;
        let end = start + out.len();
        if end > disk.live.len() {
            return Err(Error::from(ErrorKind::UnexpectedEof));
        }
        out.copy_from_slice(&disk.live[start..end]);
        Ok(())
    }

    fn set_len(&self, len: u64) -> Result<(), Error> {
        self.0.lock().unwrap().live.resize(len as usize, 0);
        Ok(())
    }

    fn sync_data(&self) -> Result<(), Error> {
        let mut disk = self.0.lock().unwrap();
        disk.syncs += 1;
        if disk.syncs >= disk.fail_from {
            return Err(Error::other("simulated power loss"));
        }
        disk.durable = disk.live.clone();
        Ok(())
    }

    fn write(&self, offset: u64, data: &[u8]) -> Result<(), Error> {
        let mut disk = self.0.lock().unwrap();
        let start = offset as usize;
        let end = start + data.len();
        if end > disk.live.len() {
            disk.live.resize(end, 0);
        }
        disk.live[start..end].copy_from_slice(data);
        Ok(())
    }
}

fn options() -> OpenOptions {
    OpenOptions {
        install_kernel: false,
        ..OpenOptions::default()
    }
}

/// What a user can see: every method source of `Account`, by selector,
/// and the persistent objects of the list bound to `Ledger` (each
/// account's balance, following the `next` links), or `None` when the
/// class does not exist.
type Model = Option<(BTreeMap<String, String>, Vec<ObjectValue>)>;

fn observe(s: &Session) -> Model {
    let selectors = s.selectors("Account", Side::Instance).ok()?;
    let methods = selectors
        .into_iter()
        .map(|sel| {
            let src = s.method_source("Account", Side::Instance, &sel).unwrap();
            (sel, src)
        })
        .collect();
    let mut ledger = Vec::new();
    let mut at = match s.entry("UserGlobals", "Ledger") {
        Some(DictionaryEntry::Object(v)) => v,
        _ => ObjectValue::Nil,
    };
    while let ObjectValue::Object(id) = at {
        let o = s.object(id).expect("a linked object exists");
        ledger.push(o.named[0].clone());
        at = o.named[1].clone();
    }
    Some((methods, ledger))
}

/// Pushes an account with `balance` on the front of the ledger list.
fn push_account(s: &mut Session, balance: i64) {
    let next = match s.entry("UserGlobals", "Ledger") {
        Some(DictionaryEntry::Object(v)) => v,
        _ => ObjectValue::Nil,
    };
    let id = s.new_object_id();
    let object = StoredObject {
        class: s.class_id("Account").unwrap(),
        invariant: false,
        names: vec!["balance".into(), "next".into()],
        named: vec![ObjectValue::Integer(balance), next],
        body: ObjectBody::None,
    };
    s.store_object(id, object).unwrap();
    s.bind(
        "UserGlobals",
        "Ledger",
        DictionaryEntry::Object(ObjectValue::Object(id)),
    )
    .unwrap();
}

fn define(s: &mut Session, name: &str, superclass: Option<&str>, inst_vars: &[&str]) {
    s.define_class(
        ClassDefinition {
            name: name.into(),
            superclass: superclass.map(Into::into),
            inst_vars: inst_vars.iter().map(|v| v.to_string()).collect(),
            dictionary: "UserGlobals".into(),
            ..Default::default()
        },
        RecompilePolicy::Refuse,
    )
    .unwrap();
}

/// Runs a fixed workload until a commit fails; answers the model after
/// the last acknowledged commit (None: `Account` was never committed).
fn workload(image: &Image) -> Model {
    let mut s = image.session();
    define(&mut s, "Root", None, &["balance"]);
    define(&mut s, "Account", Some("Root"), &["next"]);
    if s.commit().is_err() {
        return None;
    }
    let mut model: Model = Some((BTreeMap::new(), Vec::new()));
    for i in 0..30 {
        let selector = format!("m{}", i % 7);
        let source = format!("{selector}\n\t^balance + {i}");
        s.compile_method("Account", Side::Instance, "gen", &source)
            .unwrap();
        if i % 5 == 4 {
            s.remove_method("Account", Side::Instance, "m0").ok();
        }
        if i % 3 == 0 {
            push_account(&mut s, i);
        }
        let next = observe(&s);
        if s.commit().is_err() {
            return model;
        }
        model = next;
    }
    model
}

#[test]
fn the_reopened_file_holds_exactly_the_last_acknowledged_commit() {
    // Count the syncs of a run that never fails, then crash at each one.
    let probe = FailingBackend::new(Vec::new(), u64::MAX);
    {
        let image = Image::open_backend(probe.clone(), "probe", options()).unwrap();
        assert_eq!(
            workload(&image).map(|(methods, ledger)| (methods.len(), ledger.len())),
            Some((6, 10))
        );
    }
    let total = probe.syncs();
    assert!(total > 30, "expected a sync per commit, saw {total}");

    for fail_from in 1..=total {
        let backend = FailingBackend::new(Vec::new(), fail_from);
        let expected = match Image::open_backend(backend.clone(), "crashing", options()) {
            // The creating commit itself failed: nothing was acknowledged.
            Err(_) => None,
            Ok(image) => workload(&image),
        };
        let survivor = FailingBackend::new(backend.durable(), u64::MAX);
        match Image::open_backend(survivor, "after crash", options()) {
            Ok(reopened) => assert_eq!(
                observe(&reopened.session()),
                expected,
                "crash at sync {fail_from}: state differs from the last acknowledged commit"
            ),
            // Only storage whose creation was never acknowledged may be
            // unreadable (redb writes its magic number last); on a real
            // file system `Image::open` never exposes such a file.
            Err(e) => assert!(
                expected.is_none(),
                "crash at sync {fail_from}: reopen failed: {e}"
            ),
        }
    }
}

//! A reference model of one client's session view, and a harness that
//! checks the built-in tools against it.
//!
//! A sequence of [`Op`]s — Smalltalk run through `execute_code` (globals
//! and class bindings added, changed and removed, classes defined and
//! redefined, methods compiled and removed, objects stored under globals
//! and changed in place), the mutation tools, `commit`, `abort`, a second
//! session's `refresh`, and a restart of the server on the same image
//! file — is applied both to a real image (through the built-in toolset's
//! call entry, as the broker calls it) and to a [`World`], a plain value
//! saying what the session should see. After every step the session's
//! tools must answer what the model says; after a commit a second session
//! must see exactly the committed state; after an abort the session is
//! back at the last commit; after a restart the committed state is all
//! there.
//!
//! Shared by `tests/session_view.rs` (a few hundred seeded sequences with
//! shrinking, and the shrunk sequences of bugs found, as named tests) and
//! `benches/session_view_soak.rs` (many more steps).

#![allow(dead_code)]

#[path = "../support/call_now.rs"]
mod call_now;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use call_now::call_now;
use gs_builtin::BuiltinToolset;
use gs_embedded::EmbeddedSession;
use gs_toolset::{CallContext, ImageSession, ServerIdentity, Toolset, ToolsetSession};
use proptest::prelude::*;
use serde_json::{Value, json};

/// The application classes a sequence defines (all subclasses of Object,
/// bound in UserGlobals under their own names).
pub const CLASSES: [&str; 2] = ["Cat", "Dog"];
/// The globals a sequence binds in UserGlobals (values, or aliases of
/// classes).
pub const GLOBALS: [&str; 3] = ["G0", "G1", "G2"];
/// The instance variables a class definition picks from.
pub const IVARS: [&str; 2] = ["a", "b"];
/// The methods a sequence compiles: selector and source. `m1` needs the
/// instance variable `a`; `m2` declares a temporary `b`, so it does not
/// compile in a class with an instance variable `b`; `m3` needs the global
/// `G0` at the time it is compiled.
pub const METHODS: [(&str, &str); 4] = [
    ("m0", "m0\n\t^ 1"),
    ("m1", "m1\n\t^ a"),
    ("m2", "m2\n\t| b |\n\tb := 2.\n\t^ b"),
    ("m3", "m3\n\t^ G0"),
];

/// A value stored under a global.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Val {
    /// A SmallInteger.
    Int(i64),
    /// A String.
    Str(String),
    /// An OrderedCollection of SmallIntegers.
    List(Vec<i64>),
    /// An application class, by model identity (an alias).
    Class(u32),
    /// The kernel class Object (an alias of a kernel class).
    Object,
}

/// A value a Smalltalk step stores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NewVal {
    /// `n`.
    Int(i64),
    /// `'s'`.
    Str(&'static str),
    /// `OrderedCollection new add: …; yourself`.
    List(Vec<i64>),
    /// The class named `CLASSES[i]` (a compile error when it is unbound).
    Class(usize),
    /// `Object`.
    Object,
}

/// One step of a sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    /// `UserGlobals at: #G put: value` (Smalltalk).
    Put(usize, NewVal),
    /// `UserGlobals removeKey: #G ifAbsent: []` (Smalltalk).
    RemoveGlobal(usize),
    /// `(UserGlobals at: #G) add: n` when it is a collection (Smalltalk):
    /// a stored object changed in place.
    Append(usize, i64),
    /// `UserGlobals removeKey: #Cat ifAbsent: []` (Smalltalk): the
    /// class's own binding removed; the class lives on under its aliases.
    Unbind(usize),
    /// `Object subclass: 'Cat' instVarNames: #(…) …` (Smalltalk): define
    /// or redefine; methods that no longer compile are removed.
    Define(usize, Vec<usize>),
    /// `Cat compile: '…' classified: 'model'` (Smalltalk).
    Compile(usize, usize),
    /// `Cat removeSelector: #m` (Smalltalk).
    RemoveSelector(usize, usize),
    /// The `compile_class_definition` tool (commits).
    ToolDefine(usize, Vec<usize>),
    /// The `compile_method` tool (commits).
    ToolCompile(usize, usize),
    /// The `delete_method` tool (commits).
    ToolDeleteMethod(usize, usize),
    /// The `delete_class` tool (commits).
    ToolDeleteClass(usize),
    /// The `commit` tool.
    Commit,
    /// The `abort` tool.
    Abort,
    /// The second session's `refresh` tool.
    RefreshOther,
    /// Drop every session and the image, and open the file again.
    Restart,
}

/// An application class as the model knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Class {
    name: String,
    ivars: Vec<String>,
    methods: BTreeMap<String, String>,
    /// Whether UserGlobals binds it under its own name.
    bound: bool,
}

/// What a session should see: the globals and classes of UserGlobals.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct World {
    globals: BTreeMap<String, Val>,
    /// Every class that exists, by model identity.
    classes: BTreeMap<u32, Class>,
    next_id: u32,
}

impl World {
    /// The class UserGlobals binds under its own name `name`.
    fn bound_class(&self, name: &str) -> Option<u32> {
        self.classes
            .iter()
            .find(|(_, c)| c.bound && c.name == name)
            .map(|(id, _)| *id)
    }

    /// True when `name` is a global a method may refer to.
    fn resolves(&self, name: &str) -> bool {
        self.globals.contains_key(name) || self.bound_class(name).is_some()
    }

    /// Whether method `m` compiles in a class with instance variables
    /// `ivars`, as GemStone's compiler decides.
    fn compiles(&self, m: usize, ivars: &[String]) -> bool {
        let has = |v: &str| ivars.iter().any(|i| i == v);
        match m {
            0 => true,
            1 => has("a"),
            2 => !has("b"),
            _ => self.resolves("G0"),
        }
    }

    /// Defines or redefines class `c` with `ivars`; methods that no longer
    /// compile are removed. A name UserGlobals binds to a value refuses
    /// the definition.
    fn define(&mut self, c: usize, ivars: &[usize]) -> Result<(), &'static str> {
        let name = CLASSES[c];
        let ivars: Vec<String> = ivars.iter().map(|&i| IVARS[i].to_string()).collect();
        match self.bound_class(name) {
            Some(id) => {
                let mut class = self.classes[&id].clone();
                if class.ivars != ivars {
                    class.ivars = ivars;
                    let keep: BTreeMap<String, String> = class
                        .methods
                        .iter()
                        .filter(|(sel, _)| {
                            let m = METHODS.iter().position(|(s, _)| s == sel).unwrap();
                            self.compiles(m, &class.ivars)
                        })
                        .map(|(s, src)| (s.clone(), src.clone()))
                        .collect();
                    class.methods = keep;
                }
                self.classes.insert(id, class);
            }
            None => {
                let id = self.next_id;
                self.next_id += 1;
                self.classes.insert(
                    id,
                    Class {
                        name: name.to_string(),
                        ivars,
                        methods: BTreeMap::new(),
                        bound: true,
                    },
                );
            }
        }
        Ok(())
    }

    /// Compiles method `m` into class `c`: `Err(kind)` when it cannot be.
    fn compile(&mut self, c: usize, m: usize) -> Result<(), &'static str> {
        let id = self.bound_class(CLASSES[c]).ok_or("notFound")?;
        if !self.compiles(m, &self.classes[&id].ivars) {
            return Err("compileError");
        }
        let (sel, src) = METHODS[m];
        self.classes
            .get_mut(&id)
            .unwrap()
            .methods
            .insert(sel.into(), src.into());
        Ok(())
    }

    /// What a session holding this world should answer.
    fn expected(&self) -> Seen {
        let mut entries = BTreeMap::new();
        let mut classes = BTreeMap::new();
        let class_seen = |c: &Class| ClassSeen {
            name: c.name.clone(),
            ivars: c.ivars.clone(),
            selectors: Some(c.methods.keys().cloned().collect()),
        };
        for (name, v) in &self.globals {
            let (entry, class) = match v {
                Val::Int(i) => (format!("global {i}"), None),
                Val::Str(s) => (format!("global '{}'", s.replace('\'', "''")), None),
                Val::List(items) => (format!("global {}", list_print(items)), None),
                Val::Class(id) => {
                    let c = &self.classes[id];
                    (format!("class {}", c.name), Some(class_seen(c)))
                }
                Val::Object => ("class Object".to_string(), Some(object_seen())),
            };
            entries.insert(name.clone(), entry);
            classes.insert(name.clone(), class);
        }
        for name in CLASSES {
            let class = self.bound_class(name).map(|id| &self.classes[&id]);
            if class.is_some() {
                entries.insert(name.to_string(), format!("class {name}"));
            }
            classes.insert(name.to_string(), class.map(class_seen));
        }
        for name in GLOBALS {
            classes.entry(name.to_string()).or_insert(None);
        }
        Seen { entries, classes }
    }
}

fn object_seen() -> ClassSeen {
    ClassSeen {
        name: "Object".into(),
        ivars: Vec::new(),
        selectors: None,
    }
}

/// How the kernel prints an OrderedCollection of SmallIntegers.
fn list_print(items: &[i64]) -> String {
    let inner: Vec<String> = items.iter().map(i64::to_string).collect();
    format!("anOrderedCollection( {})", inner.join(", "))
}

/// A class as the tools describe it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassSeen {
    name: String,
    ivars: Vec<String>,
    /// Instance selectors (`None` for a kernel class: not compared).
    selectors: Option<Vec<String>>,
}

/// What a session's tools answer about the model's names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seen {
    /// UserGlobals' entries among the model's names: `class <own name>`
    /// or `global <printString>`.
    entries: BTreeMap<String, String>,
    /// `describe_class` of each model name: `None` when it is not found.
    classes: BTreeMap<String, Option<ClassSeen>>,
}

/// One client: its image session and its built-in toolset session.
struct Client {
    session: Arc<EmbeddedSession>,
    tools: Box<dyn ToolsetSession>,
    ctx: CallContext,
}

/// A tool's answer: the structured content, or the error's kind and
/// message.
type Answer = Result<Value, (String, String)>;

impl Client {
    fn open(image: &gs_image::Image, toolset: &BuiltinToolset) -> Client {
        let session = Arc::new(EmbeddedSession::new(image.session()));
        let ctx = CallContext::new(
            Arc::clone(&session) as Arc<dyn ImageSession>,
            false,
            Arc::new(ServerIdentity {
                name: "gs-mcp".into(),
                version: "0.0.0-model".into(),
                title: None,
            }),
        );
        Client {
            session,
            tools: toolset.open_session(),
            ctx,
        }
    }

    fn call(&mut self, tool: &str, args: Value) -> Answer {
        match call_now(&mut *self.tools, tool, &args, &self.ctx) {
            Ok(out) => Ok(out.structured.unwrap_or(Value::Null)),
            Err(e) => Err((e.kind.as_str().to_string(), e.message)),
        }
    }

    /// `execute_code`: the printString of the result, or the error.
    fn run(&mut self, code: &str) -> Answer {
        self.call("execute_code", json!({ "code": code }))
            .map(|s| s["result"].clone())
    }

    /// What this client's tools answer about the model's names.
    fn observe(&mut self) -> Result<Seen, String> {
        let listing = self
            .call(
                "list_dictionary_entries",
                json!({"dictionaryName": "UserGlobals"}),
            )
            .map_err(|e| format!("list_dictionary_entries failed: {e:?}"))?;
        let mut entries = BTreeMap::new();
        let ours = |n: &str| CLASSES.contains(&n) || GLOBALS.contains(&n);
        for e in listing["entries"].as_array().into_iter().flatten() {
            let name = e["name"].as_str().unwrap_or_default().to_string();
            if !ours(&name) {
                continue;
            }
            let shown = if e["kind"] == "class" {
                format!("class {}", e["className"].as_str().unwrap_or("?"))
            } else {
                let printed = self
                    .run(&format!("UserGlobals at: #{name}"))
                    .map_err(|e| format!("reading {name} failed: {e:?}"))?;
                format!("global {}", printed.as_str().unwrap_or("?"))
            };
            entries.insert(name, shown);
        }
        let mut classes = BTreeMap::new();
        for name in CLASSES.iter().chain(&GLOBALS) {
            let seen = match self.call("describe_class", json!({"className": name})) {
                Ok(d) => {
                    let strings = |v: &Value| -> Vec<String> {
                        v.as_array()
                            .into_iter()
                            .flatten()
                            .filter_map(|s| s.as_str().map(String::from))
                            .collect()
                    };
                    Some(ClassSeen {
                        name: d["name"].as_str().unwrap_or_default().to_string(),
                        ivars: strings(&d["instanceVariables"]),
                        selectors: (d["kernel"] != true).then(|| strings(&d["instanceSelectors"])),
                    })
                }
                Err((kind, _)) if kind == "notFound" => None,
                Err(e) => return Err(format!("describe_class {name} failed: {e:?}")),
            };
            classes.insert(name.to_string(), seen);
        }
        Ok(Seen { entries, classes })
    }

    fn uncommitted(&mut self) -> Result<bool, String> {
        self.call("status", json!({}))
            .map(|s| s["uncommittedChanges"] == true)
            .map_err(|e| format!("status failed: {e:?}"))
    }
}

/// The image file every sequence starts from: a fresh image (kernel
/// filed in, commit 1), made once per process and copied per sequence.
fn template() -> &'static Path {
    static TEMPLATE: OnceLock<(tempfile::TempDir, PathBuf)> = OnceLock::new();
    // A static never drops: its directory (a whole image) goes when the
    // test process exits, or every run would leave one behind.
    extern "C" fn remove_template() {
        if let Some((dir, _)) = TEMPLATE.get() {
            let _ = std::fs::remove_dir_all(dir.path());
        }
    }
    let (_, path) = TEMPLATE.get_or_init(|| {
        // SAFETY: registers a function that only removes a directory.
        unsafe { libc::atexit(remove_template) };
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("template.gsimage");
        drop(gs_image::Image::open(&path).unwrap());
        (dir, path)
    });
    path
}

/// A server on its own copy of the template image: the client under test
/// (A) and a second client that only reads (B).
pub struct Harness {
    dir: tempfile::TempDir,
    image: Option<gs_image::Image>,
    toolset: BuiltinToolset,
    a: Option<Client>,
    b: Option<Client>,
    /// What A should see.
    working: World,
    /// What the last commit holds.
    committed: World,
    /// The steps so far, for failure messages.
    log: Vec<String>,
}

impl Harness {
    /// A fresh server on a fresh image.
    pub fn new() -> Harness {
        let dir = tempfile::tempdir().unwrap();
        std::fs::copy(template(), dir.path().join("app.gsimage")).unwrap();
        let mut h = Harness {
            dir,
            image: None,
            toolset: BuiltinToolset::new(),
            a: None,
            b: None,
            working: World::default(),
            committed: World::default(),
            log: Vec::new(),
        };
        h.open();
        h
    }

    fn open(&mut self) {
        let image = gs_image::Image::open(self.dir.path().join("app.gsimage")).unwrap();
        self.a = Some(Client::open(&image, &self.toolset));
        self.b = Some(Client::open(&image, &self.toolset));
        self.image = Some(image);
    }

    fn a(&mut self) -> &mut Client {
        self.a.as_mut().unwrap()
    }

    fn b(&mut self) -> &mut Client {
        self.b.as_mut().unwrap()
    }

    fn fail(&self, what: String) -> String {
        format!("{what}\nsteps:\n  {}", self.log.join("\n  "))
    }

    /// Applies `op` to the server and the model, then checks the server
    /// against the model.
    pub fn step(&mut self, op: &Op) -> Result<(), String> {
        self.log.push(format!("{op:?}"));
        let before = self.working.clone();
        self.apply(op)?;
        self.check_a()?;
        if self.working != before && self.working != self.committed {
            // A change is never lost from sight: status tells of it.
            if !self.a().uncommitted()? {
                return Err(self.fail(format!(
                    "after {op:?} status says there are no uncommitted changes"
                )));
            }
        }
        Ok(())
    }

    /// Runs a whole sequence from a fresh server.
    pub fn run(ops: &[Op]) -> Result<(), String> {
        let mut h = Harness::new();
        for op in ops {
            h.step(op)?;
        }
        // Whatever was committed survives a restart.
        h.step(&Op::Restart)
    }

    fn check_a(&mut self) -> Result<(), String> {
        let want = self.working.expected();
        let seen = self.a().observe().map_err(|e| self.fail(e))?;
        if seen != want {
            return Err(self.fail(format!(
                "session A sees\n  {seen:?}\nbut the model says\n  {want:?}"
            )));
        }
        Ok(())
    }

    fn check_b(&mut self) -> Result<(), String> {
        let want = self.committed.expected();
        let seen = self.b().observe().map_err(|e| self.fail(e))?;
        if seen != want {
            return Err(self.fail(format!(
                "session B sees\n  {seen:?}\nbut the last commit holds\n  {want:?}"
            )));
        }
        Ok(())
    }

    /// Expects a Smalltalk step to succeed exactly when the model says.
    fn smalltalk(&mut self, code: &str, ok: bool) -> Result<(), String> {
        match (self.a().run(code), ok) {
            (Ok(_), true) => Ok(()),
            (Err((kind, _)), false) if kind == "compileError" || kind == "other" => Ok(()),
            (got, _) => Err(self.fail(format!(
                "execute_code {code:?} answered {got:?}; the model expected {}",
                if ok { "success" } else { "an error" }
            ))),
        }
    }

    /// Expects a mutation tool to succeed (and commit) or fail with `kind`.
    fn tool(&mut self, tool: &str, args: Value, want: Result<(), &str>) -> Result<(), String> {
        let got = self.a().call(tool, args.clone());
        match (&got, want) {
            (Ok(_), Ok(())) => {
                self.committed = self.working.clone();
                self.check_b_after_refresh()
            }
            (Err((kind, _)), Err(k)) if kind == k => Ok(()),
            _ => Err(self.fail(format!(
                "{tool} {args} answered {got:?}; the model expected {want:?}"
            ))),
        }
    }

    fn check_b_after_refresh(&mut self) -> Result<(), String> {
        self.b()
            .call("refresh", json!({}))
            .map_err(|e| format!("refresh of B failed: {e:?}"))?;
        self.check_b()
    }

    fn apply(&mut self, op: &Op) -> Result<(), String> {
        match op {
            Op::Put(g, v) => {
                let name = GLOBALS[*g];
                let (code, val) = match v {
                    NewVal::Int(i) => (i.to_string(), Some(Val::Int(*i))),
                    NewVal::Str(s) => (
                        format!("'{}'", s.replace('\'', "''")),
                        Some(Val::Str(s.to_string())),
                    ),
                    NewVal::List(items) => {
                        let adds: String = items.iter().map(|i| format!(" add: {i};")).collect();
                        (
                            format!("(OrderedCollection new{adds} yourself)"),
                            Some(Val::List(items.clone())),
                        )
                    }
                    NewVal::Class(c) => (
                        CLASSES[*c].to_string(),
                        self.working.bound_class(CLASSES[*c]).map(Val::Class),
                    ),
                    NewVal::Object => ("Object".to_string(), Some(Val::Object)),
                };
                let ok = val.is_some();
                if let Some(val) = val {
                    self.working.globals.insert(name.into(), val);
                }
                self.smalltalk(&format!("UserGlobals at: #{name} put: {code}. true"), ok)
            }
            Op::RemoveGlobal(g) => {
                let name = GLOBALS[*g];
                self.working.globals.remove(name);
                self.smalltalk(
                    &format!("UserGlobals removeKey: #{name} ifAbsent: [nil]. true"),
                    true,
                )
            }
            Op::Append(g, n) => {
                let name = GLOBALS[*g];
                if let Some(Val::List(items)) = self.working.globals.get_mut(name) {
                    items.push(*n);
                }
                self.smalltalk(
                    &format!(
                        "| v | v := UserGlobals at: #{name} ifAbsent: [nil].\n\
                         (v isKindOf: OrderedCollection) ifTrue: [v add: {n}].\ntrue"
                    ),
                    true,
                )
            }
            Op::Unbind(c) => {
                let name = CLASSES[*c];
                if let Some(id) = self.working.bound_class(name) {
                    self.working.classes.get_mut(&id).unwrap().bound = false;
                }
                self.smalltalk(
                    &format!("UserGlobals removeKey: #{name} ifAbsent: [nil]. true"),
                    true,
                )
            }
            Op::Define(c, ivars) => {
                let ok = self.working.define(*c, ivars).is_ok();
                let code = definition(*c, ivars);
                self.smalltalk(&format!("{code}. true"), ok)
            }
            Op::Compile(c, m) => {
                let ok = self.working.compile(*c, *m).is_ok();
                let (_, src) = METHODS[*m];
                let quoted = src.replace('\'', "''");
                self.smalltalk(
                    &format!(
                        "{} compile: '{quoted}' classified: 'model'. true",
                        CLASSES[*c]
                    ),
                    ok,
                )
            }
            Op::RemoveSelector(c, m) => {
                let (sel, _) = METHODS[*m];
                let ok = match self.working.bound_class(CLASSES[*c]) {
                    Some(id) => self
                        .working
                        .classes
                        .get_mut(&id)
                        .unwrap()
                        .methods
                        .remove(sel)
                        .is_some(),
                    None => false,
                };
                self.smalltalk(&format!("{} removeSelector: #{sel}. true", CLASSES[*c]), ok)
            }
            Op::ToolDefine(c, ivars) => {
                let want = self.working.define(*c, ivars);
                self.tool(
                    "compile_class_definition",
                    json!({ "source": definition(*c, ivars) }),
                    want,
                )
            }
            Op::ToolCompile(c, m) => {
                let want = self.working.compile(*c, *m);
                let (_, src) = METHODS[*m];
                self.tool(
                    "compile_method",
                    json!({"className": CLASSES[*c], "source": src}),
                    want,
                )
            }
            Op::ToolDeleteMethod(c, m) => {
                let (sel, _) = METHODS[*m];
                let want = match self.working.bound_class(CLASSES[*c]) {
                    Some(id) => {
                        let methods = &mut self.working.classes.get_mut(&id).unwrap().methods;
                        methods.remove(sel).map(|_| ()).ok_or("notFound")
                    }
                    None => Err("notFound"),
                };
                self.tool(
                    "delete_method",
                    json!({"className": CLASSES[*c], "selector": sel}),
                    want,
                )
            }
            Op::ToolDeleteClass(c) => {
                let want = match self.working.bound_class(CLASSES[*c]) {
                    Some(id) => {
                        // The class goes, and every name bound to it.
                        self.working.classes.remove(&id);
                        self.working.globals.retain(|_, v| *v != Val::Class(id));
                        Ok(())
                    }
                    None => Err("notFound"),
                };
                self.tool("delete_class", json!({ "className": CLASSES[*c] }), want)
            }
            Op::Commit => {
                let pending = self.working != self.committed;
                let answer = self
                    .a()
                    .call("commit", json!({}))
                    .map_err(|e| format!("commit failed: {e:?}"))?;
                if pending && answer["committed"] != true {
                    return Err(self.fail(format!(
                        "commit answered {answer} although the session changed things"
                    )));
                }
                self.committed = self.working.clone();
                if self.a().uncommitted()? {
                    return Err(self.fail("status tells of changes right after a commit".into()));
                }
                self.check_b_after_refresh()
            }
            Op::Abort => {
                self.a()
                    .call("abort", json!({}))
                    .map_err(|e| format!("abort failed: {e:?}"))?;
                self.working = self.committed.clone();
                Ok(())
            }
            Op::RefreshOther => self.check_b_after_refresh(),
            Op::Restart => {
                self.a = None;
                self.b = None;
                self.image = None;
                self.open();
                self.working = self.committed.clone();
                self.check_b()
            }
        }
    }
}

impl Default for Harness {
    fn default() -> Self {
        Harness::new()
    }
}

/// The class-definition message for class `c` with instance variables
/// `ivars`.
fn definition(c: usize, ivars: &[usize]) -> String {
    let names: Vec<&str> = ivars.iter().map(|&i| IVARS[i]).collect();
    format!(
        "Object subclass: '{}' instVarNames: #({}) classVars: #() classInstVars: #() \
         poolDictionaries: #() inDictionary: UserGlobals",
        CLASSES[c],
        names.join(" ")
    )
}

fn ivar_set() -> impl Strategy<Value = Vec<usize>> {
    prop_oneof![Just(vec![]), Just(vec![0]), Just(vec![1]), Just(vec![0, 1]),]
}

fn new_val() -> impl Strategy<Value = NewVal> {
    prop_oneof![
        (0i64..4).prop_map(NewVal::Int),
        prop_oneof![Just("abc"), Just("it's")].prop_map(NewVal::Str),
        proptest::collection::vec(0i64..9, 0..3).prop_map(NewVal::List),
        (0..CLASSES.len()).prop_map(NewVal::Class),
        Just(NewVal::Object),
    ]
}

/// One random step, Smalltalk steps the most frequent.
pub fn op() -> impl Strategy<Value = Op> {
    let c = 0..CLASSES.len();
    let g = 0..GLOBALS.len();
    let m = 0..METHODS.len();
    prop_oneof![
        4 => (g.clone(), new_val()).prop_map(|(g, v)| Op::Put(g, v)),
        2 => g.clone().prop_map(Op::RemoveGlobal),
        2 => (g, 0i64..9).prop_map(|(g, n)| Op::Append(g, n)),
        1 => c.clone().prop_map(Op::Unbind),
        3 => (c.clone(), ivar_set()).prop_map(|(c, v)| Op::Define(c, v)),
        3 => (c.clone(), m.clone()).prop_map(|(c, m)| Op::Compile(c, m)),
        1 => (c.clone(), m.clone()).prop_map(|(c, m)| Op::RemoveSelector(c, m)),
        1 => (c.clone(), ivar_set()).prop_map(|(c, v)| Op::ToolDefine(c, v)),
        1 => (c.clone(), m.clone()).prop_map(|(c, m)| Op::ToolCompile(c, m)),
        1 => (c.clone(), m).prop_map(|(c, m)| Op::ToolDeleteMethod(c, m)),
        1 => c.prop_map(Op::ToolDeleteClass),
        2 => Just(Op::Commit),
        1 => Just(Op::Abort),
        1 => Just(Op::RefreshOther),
        1 => Just(Op::Restart),
    ]
}

/// A sequence of up to `max` steps.
pub fn ops(max: usize) -> impl Strategy<Value = Vec<Op>> {
    proptest::collection::vec(op(), 1..=max)
}

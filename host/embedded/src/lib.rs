//! [`ImageSession`] over the embedded image: one [`gs_image::Session`] per
//! client, behind a mutex (the broker runs one call per session at a time,
//! so the lock is never contended; it only makes the session shareable).
//!
//! Running Smalltalk needs the interpreter, which lives in its own crate;
//! the server plugs it in with [`EmbeddedSession::with_executor`] so this
//! crate does not depend on it. Without one, `execute` answers an `other`
//! error saying so.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use gs_image::{ImageError, RecompilePolicy, RemoveClassPolicy, Session, Side};

use crate::{
    ClassDefinition, ClassInfo, ErrorKind, ImageSession, MethodRef, MethodRefs, ToolError,
};

/// Runs a doit in a session and answers its result's print string.
pub type Executor = Arc<dyn Fn(&mut Session, &str) -> Result<String, ToolError> + Send + Sync>;

/// The category a method compiled without one goes to.
const DEFAULT_CATEGORY: &str = "as yet unclassified";

/// One client's session on the embedded image.
pub struct EmbeddedSession {
    session: Mutex<Session>,
    executor: Option<Executor>,
}

impl std::fmt::Debug for EmbeddedSession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EmbeddedSession")
            .field("session", &*self.lock())
            .field("executor", &self.executor.is_some())
            .finish()
    }
}

impl EmbeddedSession {
    /// Wraps `session`; `execute` is unavailable until an executor is set.
    pub fn new(session: Session) -> EmbeddedSession {
        EmbeddedSession {
            session: Mutex::new(session),
            executor: None,
        }
    }

    /// Sets the interpreter that runs `execute`.
    pub fn with_executor(mut self, executor: Executor) -> EmbeddedSession {
        self.executor = Some(executor);
        self
    }

    /// Direct access to the session, for what [`ImageSession`] does not
    /// cover (commit, abort, refresh, file-in …).
    pub fn lock(&self) -> MutexGuard<'_, Session> {
        // A panic while holding the lock cannot leave the session half
        // changed in a way later calls could observe: every gs-image
        // mutation is applied whole or not at all.
        self.session.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// An image error as the toolset contract classifies it.
pub fn tool_error(e: ImageError) -> ToolError {
    let kind = match &e {
        ImageError::NotFound(_) => ErrorKind::NotFound,
        ImageError::Refused(_) => ErrorKind::Refused,
        ImageError::CompileError(_) => ErrorKind::CompileError,
        ImageError::InvalidArgument(_) => ErrorKind::InvalidParams,
        ImageError::Conflict(_) | ImageError::Store(_) => ErrorKind::Other,
    };
    ToolError::new(kind, e.to_string())
}

fn capped(refs: Vec<gs_image::MethodRef>, limit: usize) -> MethodRefs {
    let truncated = refs.len() > limit;
    MethodRefs {
        refs: refs
            .into_iter()
            .take(limit)
            .map(|r| MethodRef {
                class_name: r.class_name,
                meta: r.side.is_meta(),
                selector: r.selector,
            })
            .collect(),
        truncated,
    }
}

fn contains_ignoring_ascii_case(haystack: &str, needle: &str) -> bool {
    let needle = needle.as_bytes();
    haystack
        .as_bytes()
        .windows(needle.len().max(1))
        .any(|w| w.eq_ignore_ascii_case(needle))
}

impl ImageSession for EmbeddedSession {
    fn dictionaries(&self) -> Result<Vec<String>, ToolError> {
        Ok(self.lock().symbol_list())
    }

    fn classes(&self, dictionary: &str) -> Result<Vec<String>, ToolError> {
        self.lock().classes_in(dictionary).map_err(tool_error)
    }

    fn describe_class(&self, class_name: &str) -> Result<ClassInfo, ToolError> {
        let record = self.lock().class(class_name).map_err(tool_error)?;
        let d = record.definition;
        Ok(ClassInfo {
            name: d.name,
            superclass: d.superclass,
            dictionary: d.dictionary,
            instance_variables: d.inst_vars,
            class_variables: d.class_vars,
            class_instance_variables: d.class_inst_vars,
            category: d.category,
            comment: record.comment,
            kernel: record.kernel,
        })
    }

    fn selectors(&self, class_name: &str, meta: bool) -> Result<Vec<String>, ToolError> {
        self.lock()
            .selectors(class_name, Side::from_meta(meta))
            .map_err(tool_error)
    }

    fn method_source(
        &self,
        class_name: &str,
        meta: bool,
        selector: &str,
    ) -> Result<String, ToolError> {
        self.lock()
            .method_source(class_name, Side::from_meta(meta), selector)
            .map_err(tool_error)
    }

    fn implementors(&self, selector: &str, limit: usize) -> Result<MethodRefs, ToolError> {
        Ok(capped(self.lock().implementors(selector), limit))
    }

    fn senders(&self, selector: &str, limit: usize) -> Result<MethodRefs, ToolError> {
        Ok(capped(self.lock().senders(selector), limit))
    }

    fn references_to(&self, name: &str, limit: usize) -> Result<MethodRefs, ToolError> {
        Ok(capped(self.lock().references(name), limit))
    }

    fn search_source(
        &self,
        text: &str,
        ignore_case: bool,
        limit: usize,
    ) -> Result<MethodRefs, ToolError> {
        let session = self.lock();
        if !ignore_case {
            return session
                .search_source(text, None)
                .map(|r| capped(r, limit))
                .map_err(tool_error);
        }
        if text.is_empty() {
            return Err(ToolError::invalid_params(
                "the search text is empty; pass the text to look for",
            ));
        }
        let mut hits = Vec::new();
        for class in session.all_classes() {
            for side in [Side::Instance, Side::Class] {
                for selector in session.selectors(&class, side).map_err(tool_error)? {
                    let source = session
                        .method_source(&class, side, &selector)
                        .map_err(tool_error)?;
                    if contains_ignoring_ascii_case(&source, text) {
                        hits.push(gs_image::MethodRef {
                            class_name: class.clone(),
                            side,
                            selector,
                        });
                    }
                }
            }
        }
        hits.sort();
        Ok(capped(hits, limit))
    }

    fn is_kernel_class(&self, class_name: &str) -> Result<bool, ToolError> {
        match self.lock().class(class_name) {
            Ok(record) => Ok(record.kernel),
            Err(ImageError::NotFound(_)) => Ok(false),
            Err(e) => Err(tool_error(e)),
        }
    }

    fn execute(&self, code: &str) -> Result<String, ToolError> {
        match &self.executor {
            Some(run) => run(&mut self.lock(), code),
            None => Err(ToolError::other(
                "this server runs the embedded image without a Smalltalk interpreter, so code \
                 cannot be executed; use a build of gs-mcp that includes the interpreter",
            )),
        }
    }

    fn compile_method(
        &self,
        class_name: &str,
        meta: bool,
        category: Option<&str>,
        source: &str,
    ) -> Result<String, ToolError> {
        self.lock()
            .compile_method(
                class_name,
                Side::from_meta(meta),
                category.unwrap_or(DEFAULT_CATEGORY),
                source,
            )
            .map(|r| r.selector)
            .map_err(tool_error)
    }

    fn define_class(&self, definition: &ClassDefinition) -> Result<(), ToolError> {
        let mut session = self.lock();
        // A redefinition keeps what this interface cannot express (pools,
        // options, indexed kind) from the class's current definition.
        let mut def = match session.class(&definition.name) {
            Ok(existing) if existing.definition.dictionary == definition.dictionary => {
                existing.definition
            }
            _ => gs_image::ClassDefinition::default(),
        };
        def.name = definition.name.clone();
        def.superclass = definition.superclass.clone();
        def.dictionary = definition.dictionary.clone();
        def.inst_vars = definition.instance_variables.clone();
        def.class_vars = definition.class_variables.clone();
        def.class_inst_vars = definition.class_instance_variables.clone();
        def.category = definition.category.clone();
        // A plug-in never silently loses methods: a redefinition that would
        // break some is refused instead.
        session
            .define_class(def, RecompilePolicy::Refuse)
            .map(|_| ())
            .map_err(tool_error)
    }

    fn delete_method(&self, class_name: &str, meta: bool, selector: &str) -> Result<(), ToolError> {
        self.lock()
            .remove_method(class_name, Side::from_meta(meta), selector)
            .map_err(tool_error)
    }

    fn delete_class(&self, class_name: &str) -> Result<(), ToolError> {
        self.lock()
            .remove_class(class_name, RemoveClassPolicy::RefuseIfSubclasses)
            .map(|_| ())
            .map_err(tool_error)
    }

    fn set_class_comment(&self, class_name: &str, comment: &str) -> Result<(), ToolError> {
        self.lock()
            .set_class_comment(class_name, comment)
            .map_err(tool_error)
    }

    fn user(&self) -> String {
        self.lock().user().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> (tempfile::TempDir, EmbeddedSession) {
        let dir = tempfile::tempdir().unwrap();
        let image = gs_image::Image::open(dir.path().join("t.image")).unwrap();
        let s = EmbeddedSession::new(image.session());
        (dir, s)
    }

    fn account(s: &EmbeddedSession) {
        s.define_class(&ClassDefinition {
            name: "Account".into(),
            superclass: Some("Object".into()),
            dictionary: "UserGlobals".into(),
            instance_variables: vec!["balance".into()],
            class_variables: vec![],
            class_instance_variables: vec![],
            category: Some("Bank".into()),
        })
        .unwrap();
    }

    #[test]
    fn defines_compiles_and_finds_methods() {
        let (_dir, s) = session();
        account(&s);
        let sel = s
            .compile_method(
                "Account",
                false,
                None,
                "deposit: amount\n\tbalance := balance + amount",
            )
            .unwrap();
        assert_eq!(sel, "deposit:");
        let info = s.describe_class("Account").unwrap();
        assert_eq!(info.instance_variables, ["balance"]);
        assert_eq!(info.dictionary, "UserGlobals");
        assert!(!info.kernel);
        let refs = s.implementors("deposit:", 10).unwrap();
        assert_eq!(refs.refs.len(), 1);
        assert_eq!(refs.refs[0].class_name, "Account");
        let hits = s.search_source("BALANCE +", true, 10).unwrap();
        assert_eq!(hits.refs.len(), 1);
        assert!(
            s.search_source("BALANCE +", false, 10)
                .unwrap()
                .refs
                .is_empty()
        );
        assert_eq!(
            s.selectors("Account", false).unwrap(),
            ["deposit:".to_string()]
        );
    }

    #[test]
    fn kernel_classes_are_known_and_errors_keep_their_kind() {
        let (_dir, s) = session();
        assert!(s.is_kernel_class("Object").unwrap());
        assert!(!s.is_kernel_class("NoSuchClass").unwrap());
        let e = s
            .compile_method("Object", false, None, "foo ^1")
            .unwrap_err();
        assert_eq!(e.kind, ErrorKind::Refused);
        let e = s.describe_class("NoSuchClass").unwrap_err();
        assert_eq!(e.kind, ErrorKind::NotFound);
        account(&s);
        let e = s
            .compile_method("Account", false, None, "foo ^ ^")
            .unwrap_err();
        assert_eq!(e.kind, ErrorKind::CompileError);
        let e = s.execute("3 + 4").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Other);
        assert!(e.message.contains("without a Smalltalk interpreter"));
    }

    #[test]
    fn query_answers_are_capped() {
        let (_dir, s) = session();
        account(&s);
        for sel in ["a", "b", "c"] {
            s.compile_method(
                "Account",
                false,
                None,
                &format!("{sel}\n\t^ self printString"),
            )
            .unwrap();
        }
        let r = s.senders("printString", 2).unwrap();
        assert_eq!(r.refs.len(), 2);
        assert!(r.truncated);
    }
}

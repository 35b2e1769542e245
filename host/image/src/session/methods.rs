//! Methods: compiling them into a class against the session's view,
//! removing and recategorising them, and reading them back with their
//! source.

use std::sync::Arc;

use crate::compile::{self, MethodScope};
use crate::error::{CompileError, ImageError, Result};
use crate::model::{ClassId, MethodRef, Side};
use crate::sources::SourceRef;
use crate::state::{Key, MethodKey, State, StoredMethod};

use super::Session;
use super::budget::{CHANGE_BYTES, NAME_BYTES};
use super::transaction::SHAPE_CHANGES;

impl Session {
    pub(crate) fn method_ref_in(&self, state: &State, key: MethodKey) -> MethodRef {
        let interner = self
            .image
            .interner()
            .read()
            .unwrap_or_else(|p| p.into_inner());
        MethodRef {
            class_name: state
                .classes
                .get(&key.class)
                .map(|r| r.definition.name.clone())
                .unwrap_or_else(|| format!("#{}", key.class.0)),
            side: key.side,
            selector: interner.resolve(key.selector).to_string(),
        }
    }

    pub(super) fn compile_in(
        &self,
        state: &State,
        class: ClassId,
        side: Side,
        source: &str,
    ) -> std::result::Result<compile::Compiled, Vec<CompileError>> {
        let scope = MethodScope::new(state, self.symbol_list_ref(), class, side)
            .allowing_primitives(self.kernel_install);
        compile::compile(source, &scope)
    }

    /// The text of a stored source.
    pub(crate) fn source_text(&self, source: SourceRef) -> String {
        self.image
            .sources()
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(source)
            .to_string()
    }

    pub(super) fn store_compiled(
        &self,
        compiled: &compile::Compiled,
        category: crate::state::Sym,
        source: SourceRef,
    ) -> StoredMethod {
        let mut interner = self
            .image
            .interner()
            .write()
            .unwrap_or_else(|p| p.into_inner());
        StoredMethod::new(
            category,
            source,
            compiled.sends.iter().map(String::as_str),
            compiled.references.iter().map(String::as_str),
            compiled.primitive.clone().map(String::into_boxed_str),
            &mut interner,
        )
    }

    fn method_key(&self, class: ClassId, side: Side, selector: &str) -> Option<MethodKey> {
        let interner = self
            .image
            .interner()
            .read()
            .unwrap_or_else(|p| p.into_inner());
        let key = MethodKey {
            class,
            side,
            selector: interner.get(selector)?,
        };
        self.state.methods.contains_key(&key).then_some(key)
    }

    fn no_method(&self, class: &str, side: Side, selector: &str) -> ImageError {
        let r = MethodRef {
            class_name: class.to_string(),
            side,
            selector: selector.to_string(),
        };
        ImageError::NotFound(format!(
            "no method {r}; list the class's selectors to find the right one"
        ))
    }

    /// Compiles `source` into class `class` (instance or class side) under
    /// `category`, replacing any method with the same selector.
    ///
    /// Checks what GemStone checks (syntax, undeclared variables,
    /// assignment to arguments, …) and on failure answers
    /// [`ImageError::CompileError`] with every error found, changing
    /// nothing. Refused for kernel classes.
    pub fn compile_method(
        &mut self,
        class: &str,
        side: Side,
        category: &str,
        source: &str,
    ) -> Result<MethodRef> {
        self.compile_method_guarded(class, side, category, source, false)
            .map(|(method, _)| method)
    }

    /// [`Session::compile_method`], except that with `kernel_extension` an
    /// operator's file-in may add or replace a method of a kernel class
    /// (never change the class itself). Also answers whether the class is
    /// a kernel class.
    pub(crate) fn compile_method_guarded(
        &mut self,
        class: &str,
        side: Side,
        category: &str,
        source: &str,
        kernel_extension: bool,
    ) -> Result<(MethodRef, bool)> {
        self.guard_read_only("compile a method")?;
        let id = self.class_id(class)?;
        let record = self.record(id)?.clone();
        if !kernel_extension {
            self.guard_kernel(&record)?;
        }
        compile::check_category(category)?;
        let compiled = self
            .compile_in(&self.state, id, side, source)
            .map_err(ImageError::CompileError)?;
        // Counted before the source enters the arena, which gives it back
        // only when the session commits or aborts: a refused method must
        // cost nothing.
        let bytes = CHANGE_BYTES + NAME_BYTES * (compiled.sends.len() + compiled.references.len());
        let kept = compiled.source.len() + category.len();
        let existing = self
            .with_interner(|i| i.get(&compiled.selector))
            .map(|selector| {
                Key::Method(MethodKey {
                    class: id,
                    side,
                    selector,
                })
            });
        match &existing {
            Some(key) => self.check_replace("compile a method", key, bytes, kept)?,
            None => self.check_budget("compile a method", bytes + kept)?,
        }
        let (category, selector) = {
            let mut interner = self
                .image
                .interner()
                .write()
                .unwrap_or_else(|p| p.into_inner());
            (
                interner.intern(category),
                interner.intern(&compiled.selector),
            )
        };
        let key = MethodKey {
            class: id,
            side,
            selector,
        };
        let source_ref = self
            .image
            .sources()
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .add(key, &compiled.source);
        self.private_sources.push(source_ref);
        let stored = self.store_compiled(&compiled, category, source_ref);
        self.state.put_method(key, Some(Arc::new(stored)));
        self.write(Key::Method(key));
        self.count_replace(Key::Method(key), bytes, kept);
        self.touch(Key::MethodsOf(id));
        for c in Session::chain(&self.state, id) {
            self.rely_on(Key::ClassShape(c), SHAPE_CHANGES);
        }
        Ok((
            MethodRef {
                class_name: record.definition.name.clone(),
                side,
                selector: compiled.selector,
            },
            record.kernel,
        ))
    }

    /// Removes one method. Refused for kernel classes.
    pub fn remove_method(&mut self, class: &str, side: Side, selector: &str) -> Result<()> {
        self.guard_read_only("remove a method")?;
        let id = self.class_id(class)?;
        let record = self.record(id)?.clone();
        self.guard_kernel(&record)?;
        let key = self
            .method_key(id, side, selector)
            .ok_or_else(|| self.no_method(class, side, selector))?;
        self.state.put_method(key, None);
        self.write(Key::Method(key));
        self.count_replace(Key::Method(key), 0, 0);
        self.touch(Key::MethodsOf(id));
        Ok(())
    }

    /// Moves one method to another category. Refused for kernel classes.
    pub fn set_method_category(
        &mut self,
        class: &str,
        side: Side,
        selector: &str,
        category: &str,
    ) -> Result<()> {
        self.guard_read_only("change a method's category")?;
        let id = self.class_id(class)?;
        let record = self.record(id)?.clone();
        self.guard_kernel(&record)?;
        compile::check_category(category)?;
        let key = self
            .method_key(id, side, selector)
            .ok_or_else(|| self.no_method(class, side, selector))?;
        // An interned name is kept for the image's life.
        self.check_budget("change a method's category", category.len())?;
        let mut method = self.state.methods[&key].as_ref().clone();
        method.category = self
            .image
            .interner()
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .intern(category);
        self.state.put_method(key, Some(Arc::new(method)));
        self.write(Key::Method(key));
        self.count_kept(category.len());
        Ok(())
    }

    /// One method of a class (`side` chooses the class or instance side).
    pub fn method(
        &self,
        class: &str,
        side: Side,
        selector: &str,
    ) -> Result<crate::model::MethodRecord> {
        let (key, stored) = self.stored_method(class, side, selector)?;
        let interner = self
            .image
            .interner()
            .read()
            .unwrap_or_else(|p| p.into_inner());
        let sources = self
            .image
            .sources()
            .read()
            .unwrap_or_else(|p| p.into_inner());
        Ok(stored.to_record(key, &interner, &sources))
    }

    /// The category of one method, without reading the rest of it.
    pub fn method_category(&self, class: &str, side: Side, selector: &str) -> Result<String> {
        let (_, stored) = self.stored_method(class, side, selector)?;
        Ok(self.with_interner(|i| i.resolve(stored.category).to_string()))
    }

    /// The source of one method.
    pub fn method_source(&self, class: &str, side: Side, selector: &str) -> Result<String> {
        let (_, stored) = self.stored_method(class, side, selector)?;
        Ok(self.source_text(stored.source))
    }

    /// One method's key and stored form, or the error naming what is
    /// missing (the class, or the method).
    fn stored_method(
        &self,
        class: &str,
        side: Side,
        selector: &str,
    ) -> Result<(MethodKey, &StoredMethod)> {
        let id = self.class_id(class)?;
        let key = self
            .method_key(id, side, selector)
            .ok_or_else(|| self.no_method(class, side, selector))?;
        Ok((key, &self.state.methods[&key]))
    }

    /// The selectors of one side of the class with identity `id`, sorted.
    /// By identity, not name, so that a class the symbol list reaches by
    /// another name, or a removed class kept for its instances
    /// ([`ClassRecord::removed`](crate::ClassRecord::removed)), finds its
    /// own methods: what the interpreter looks methods up in.
    pub fn selectors_of_class(&self, id: ClassId, side: Side) -> Vec<String> {
        let mut out: Vec<String> = self.with_interner(|i| {
            self.state
                .methods_of(id)
                .iter()
                .filter(|k| k.side == side)
                .map(|k| i.resolve(k.selector).to_string())
                .collect()
        });
        out.sort();
        out
    }

    /// The source of one method of the class with identity `id` (see
    /// [`Session::selectors_of_class`]), if it has that method.
    pub fn method_source_of_class(
        &self,
        id: ClassId,
        side: Side,
        selector: &str,
    ) -> Option<String> {
        let key = self.method_key(id, side, selector)?;
        Some(self.source_text(self.state.methods[&key].source))
    }
}

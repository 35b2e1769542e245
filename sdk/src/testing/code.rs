//! The `code` host functions, changing the mock image's classes.

use std::collections::BTreeMap;

use super::class::selector_of;
use super::state::failure;
use super::{MockClass, State};
use crate::types::{ClassDefinition, ClassInfo, MethodRef};
use crate::{Error, ErrorKind, Failure};

/// The `code` host functions, as the mock answers them.
impl State {
    pub(crate) fn compile_method(
        &mut self,
        class_name: &str,
        meta: bool,
        category: Option<&str>,
        source: &str,
    ) -> Result<String, Error> {
        self.compile_method_detailed(class_name, meta, category, source)
            .map(|m| m.selector)
            .map_err(Error::from)
    }

    pub(crate) fn compile_method_detailed(
        &mut self,
        class_name: &str,
        meta: bool,
        _category: Option<&str>,
        source: &str,
    ) -> Result<MethodRef, Failure> {
        self.require_change("code.compile-method", "image:write", false)
            .map_err(failure)?;
        let selector = selector_of(source);
        if selector.is_empty() {
            return Err(Failure {
                kind: ErrorKind::CompileError,
                message: "the source has no method pattern; start it with the selector".into(),
                details: None,
            });
        }
        let class = self
            .changeable(class_name, "compile a method into")
            .map_err(failure)?;
        class
            .methods
            .insert((meta, selector.clone()), source.to_string());
        Ok(MethodRef {
            class_name: class.info.name.clone(),
            meta,
            selector,
        })
    }

    pub(crate) fn define_class(&mut self, definition: &ClassDefinition) -> Result<(), Error> {
        self.define_class_detailed(definition).map_err(Error::from)
    }

    pub(crate) fn define_class_detailed(
        &mut self,
        definition: &ClassDefinition,
    ) -> Result<(), Failure> {
        self.require_change("code.define-class", "image:write", false)
            .map_err(failure)?;
        if let Some(superclass) = &definition.superclass {
            self.class(superclass).map_err(failure)?;
        }
        if !self.dictionaries.contains(&definition.dictionary) {
            return Err(failure(Error::not_found(format!(
                "no symbol dictionary named {} in the session's symbol list",
                definition.dictionary
            ))));
        }
        let methods = match self.classes.get(&definition.name) {
            Some(_) => self
                .changeable(&definition.name, "redefine")
                .map_err(failure)?
                .methods
                .clone(),
            None => BTreeMap::new(),
        };
        let strings = |v: &[String]| v.to_vec();
        let class = MockClass {
            info: ClassInfo {
                name: definition.name.clone(),
                superclass: definition.superclass.clone(),
                dictionary: definition.dictionary.clone(),
                instance_variables: strings(&definition.instance_variables),
                class_variables: strings(&definition.class_variables),
                class_instance_variables: strings(&definition.class_instance_variables),
                category: definition.category.clone(),
                comment: String::new(),
                kernel: false,
            },
            methods,
        };
        self.classes.insert(definition.name.clone(), class);
        Ok(())
    }

    pub(crate) fn delete_method(
        &mut self,
        class_name: &str,
        meta: bool,
        selector: &str,
    ) -> Result<(), Error> {
        self.require_change("code.delete-method", "image:write", false)?;
        let class = self.changeable(class_name, "remove a method from")?;
        class
            .methods
            .remove(&(meta, selector.to_string()))
            .map(|_| ())
            .ok_or_else(|| Error::not_found(format!("{class_name} has no method {selector}")))
    }

    pub(crate) fn delete_class(&mut self, class_name: &str) -> Result<(), Error> {
        self.require_change("code.delete-class", "image:write", false)?;
        self.changeable(class_name, "remove")?;
        self.classes.remove(class_name);
        Ok(())
    }

    pub(crate) fn set_class_comment(
        &mut self,
        class_name: &str,
        comment: &str,
    ) -> Result<(), Error> {
        self.require_change("code.set-class-comment", "image:write", false)?;
        self.changeable(class_name, "change the comment of")?
            .info
            .comment = comment.to_string();
        Ok(())
    }
}

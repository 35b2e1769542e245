//! Read-only, enforced beneath the image API: a read-only session's image
//! refuses every operation that changes the image or runs arbitrary code,
//! whichever toolset asks. Tools are also hidden from read-only sessions
//! by their declared flag, but that flag is the toolset's word; this is
//! the host's.

use std::sync::Arc;

use crate::image::{
    ClassCategories, ClassDefinition, ClassHierarchy, ClassInfo, ClassOverview, Committed,
    DefinitionReport, DefinitionSource, DictionaryEntry, Doit, FileOut, ImageSession, MethodPage,
    MethodRef, MethodSource, RecompilePolicy, SessionStatus, SourceSearch, TestProgress,
    TestReport,
};
use crate::{CancelToken, ToolError};

/// `image` as a read-only session sees it.
pub fn read_only_image(image: Arc<dyn ImageSession>) -> Arc<dyn ImageSession> {
    Arc::new(ReadOnlyImage(image))
}

/// An image session that refuses changes and arbitrary code. SUnit runs
/// stay allowed where the backend can run them read-only
/// ([`ImageSession::run_tests_read_only`]): they run the tests' code, but
/// nothing it does is committed or outlives the run.
struct ReadOnlyImage(Arc<dyn ImageSession>);

fn refuse<T>(operation: &str, runs_code: bool) -> Result<T, ToolError> {
    Err(ToolError::read_only(format!(
        "`{operation}` {} and this session is read-only; connect to a read-write server to do it",
        if runs_code {
            "runs arbitrary code"
        } else {
            "changes the image"
        }
    )))
}

impl ImageSession for ReadOnlyImage {
    fn dictionaries(&self) -> Result<Vec<String>, ToolError> {
        self.0.dictionaries()
    }
    fn classes(&self, dictionary: &str) -> Result<Vec<String>, ToolError> {
        self.0.classes(dictionary)
    }
    fn entries(&self, dictionary: &str) -> Result<Vec<DictionaryEntry>, ToolError> {
        self.0.entries(dictionary)
    }
    fn class_names(&self) -> Result<Vec<String>, ToolError> {
        self.0.class_names()
    }
    fn describe_class(&self, class_name: &str) -> Result<ClassInfo, ToolError> {
        self.0.describe_class(class_name)
    }
    fn selectors(&self, class_name: &str, meta: bool) -> Result<Vec<String>, ToolError> {
        self.0.selectors(class_name, meta)
    }
    fn class_overview(&self, class_name: &str) -> Result<ClassOverview, ToolError> {
        self.0.class_overview(class_name)
    }
    fn class_categories(&self, class_name: &str) -> Result<ClassCategories, ToolError> {
        self.0.class_categories(class_name)
    }
    fn categories(
        &self,
        class_name: &str,
        meta: bool,
    ) -> Result<Vec<(String, Vec<String>)>, ToolError> {
        self.0.categories(class_name, meta)
    }
    fn hierarchy(&self, class_name: &str) -> Result<ClassHierarchy, ToolError> {
        self.0.hierarchy(class_name)
    }
    fn definition_source(&self, class_name: &str) -> Result<DefinitionSource, ToolError> {
        self.0.definition_source(class_name)
    }
    fn file_out(&self, class_name: &str) -> Result<FileOut, ToolError> {
        self.0.file_out(class_name)
    }
    fn method(
        &self,
        class_name: &str,
        meta: bool,
        selector: &str,
    ) -> Result<MethodSource, ToolError> {
        self.0.method(class_name, meta, selector)
    }
    fn method_source(
        &self,
        class_name: &str,
        meta: bool,
        selector: &str,
    ) -> Result<String, ToolError> {
        self.0.method_source(class_name, meta, selector)
    }
    fn implementors(&self, selector: &str, limit: usize) -> Result<MethodPage, ToolError> {
        self.0.implementors(selector, limit)
    }
    fn senders(&self, selector: &str, limit: usize) -> Result<MethodPage, ToolError> {
        self.0.senders(selector, limit)
    }
    fn references_to(&self, name: &str, limit: usize) -> Result<MethodPage, ToolError> {
        self.0.references_to(name, limit)
    }
    fn search_source(
        &self,
        search: &SourceSearch<'_>,
        limit: usize,
    ) -> Result<MethodPage, ToolError> {
        self.0.search_source(search, limit)
    }
    fn is_kernel_class(&self, class_name: &str) -> Result<bool, ToolError> {
        self.0.is_kernel_class(class_name)
    }
    fn execute(&self, _: &str, _: &CancelToken) -> Result<Doit, ToolError> {
        refuse("execute", true)
    }
    fn execute_bounded(&self, _: &str, _: &CancelToken, _: usize) -> Result<Doit, ToolError> {
        refuse("execute", true)
    }
    fn test_classes(&self) -> Result<Vec<String>, ToolError> {
        self.0.test_classes()
    }
    fn abstract_test_classes(
        &self,
        cancel: &CancelToken,
    ) -> Result<crate::AbstractTestClasses, ToolError> {
        self.0.abstract_test_classes(cancel)
    }
    fn run_tests(
        &self,
        class_name: &str,
        selectors: Option<&[String]>,
        cancel: &CancelToken,
        progress: &mut (dyn FnMut(&TestProgress) + Send),
    ) -> Result<TestReport, ToolError> {
        // The backend's own read-only run: only it can keep the tests'
        // code from committing.
        self.0
            .run_tests_read_only(class_name, selectors, cancel, progress)
    }
    fn commit(&self) -> Result<Committed, ToolError> {
        refuse("commit", false)
    }
    fn abort(&self) -> Result<(), ToolError> {
        self.0.abort()
    }
    fn refresh(&self) -> Result<(), ToolError> {
        self.0.refresh()
    }
    fn status(&self) -> Result<SessionStatus, ToolError> {
        self.0.status()
    }
    fn compile_method(
        &self,
        _: &str,
        _: bool,
        _: Option<&str>,
        _: &str,
    ) -> Result<MethodRef, ToolError> {
        refuse("compile-method", false)
    }
    fn define_class(&self, _: &ClassDefinition) -> Result<(), ToolError> {
        refuse("define-class", false)
    }
    fn define_class_from_source(
        &self,
        _: &str,
        _: RecompilePolicy,
    ) -> Result<DefinitionReport, ToolError> {
        refuse("define-class", false)
    }
    fn add_dictionary(&self, _: &str) -> Result<(), ToolError> {
        refuse("add-dictionary", false)
    }
    fn remove_dictionary(&self, _: &str) -> Result<(), ToolError> {
        refuse("remove-dictionary", false)
    }
    fn delete_method(&self, _: &str, _: bool, _: &str) -> Result<(), ToolError> {
        refuse("delete-method", false)
    }
    fn delete_class(&self, _: &str) -> Result<(), ToolError> {
        refuse("delete-class", false)
    }
    fn set_class_comment(&self, _: &str, _: &str) -> Result<(), ToolError> {
        refuse("set-class-comment", false)
    }
    fn user(&self) -> String {
        self.0.user()
    }

    fn worker_stack_bytes(&self) -> usize {
        self.0.worker_stack_bytes()
    }

    fn needs_own_worker(&self) -> bool {
        self.0.needs_own_worker()
    }

    // `execute_waiting` is left at its default (`None`): a doit then goes
    // through `execute` above, which refuses it.

    fn is_lost(&self) -> bool {
        self.0.is_lost()
    }
}

//! The mutation family: changing code — `add_dictionary`,
//! `compile_class_definition`, `compile_method`, `delete_class`,
//! `delete_method`, `remove_dictionary` and `set_class_comment`. None is
//! read-only safe.
//!
//! Each tool applies its change and commits, as the reference server does,
//! so the change is durable and other sessions see it after their next
//! abort or refresh. A change that fails changes nothing. Every tool that
//! touches a class passes the kernel-class guard first.

use std::borrow::Cow;

use gs_toolset::{
    ClassInfo, Committed, ErrorKind, RecompilePolicy, ToolError, ToolResult, defined_class_name,
    defined_in_dictionary, pattern_selector, refuse_kernel_class,
};
use serde_json::{Value, json};

use crate::args::{Args, Param, ParamType};
use crate::hints::{method_elsewhere, selector_arg};
use crate::shape::{
    array_of, boolean, closed_object, count, method_label, method_ref, method_ref_schema, string,
    strings,
};
use crate::tool::{Call, Family, Handler, Tool, answer};

const CLASS: Param = Param::required("className", ParamType::String, "the class, e.g. Account");
const DICTIONARY: Param = Param::required(
    "dictionaryName",
    ParamType::String,
    "the symbol dictionary's name, e.g. AcmeApp",
);
const META: Param = Param::optional(
    "meta",
    ParamType::Boolean,
    "true for the class side (a class method); default false",
);
const FORCE: Param = Param::optional(
    "force",
    ParamType::Boolean,
    "true replaces the current method even if it changed since this session last read it; \
     default false (refused as `staleRead`, with the current source)",
);
const FORCE_DEFINITION: Param = Param::optional(
    "force",
    ParamType::Boolean,
    "true redefines the class even if its definition or comment changed since this session \
     last read it; default false (refused as `staleRead`, with the current definition)",
);
const FORCE_DELETE: Param = Param::optional(
    "force",
    ParamType::Boolean,
    "true deletes the method even if it changed since this session last read it; default \
     false (refused as `staleRead`, with the current source)",
);
const FORCE_COMMENT: Param = Param::optional(
    "force",
    ParamType::Boolean,
    "true replaces the comment even if the class changed since this session last read it; \
     default false (refused as `staleRead`, with the current definition and comment)",
);

pub(crate) fn family() -> Family {
    Family {
        name: "mutation",
        tools: vec![
            Tool {
                name: "add_dictionary",
                title: "Add a symbol dictionary",
                description: "Create a symbol dictionary, append it to the session's symbol \
                              list, and commit.",
                params: &[DICTIONARY],
                output_schema: change_schema,
                handler: Handler::Blocking(add_dictionary),
            },
            Tool {
                name: "compile_class_definition",
                title: "Define or redefine a class",
                description: "Evaluate a class-definition expression (e.g. `Object subclass: \
                              'Account' instVarNames: #(balance) classVars: #() classInstVars: \
                              #() poolDictionaries: #() inDictionary: UserGlobals options: \
                              #()`) and commit. The source must define exactly one class \
                              (`Name comment: '…'` and `Name category: '…'` for it may \
                              follow); other code is rejected (use execute_code). On a shape change \
                              the class's methods are recompiled onto the new shape and any \
                              that fail are reported (and removed); with recompileMethods \
                              false such a redefinition is refused instead. Refused when the \
                              shape changes and the class has subclasses, and (`staleRead`) \
                              when the class changed since this session last read its \
                              definition.",
                params: const {
                    &[
                        Param::required(
                            "source",
                            ParamType::String,
                            "the class-definition expression",
                        ),
                        Param::optional(
                            "recompileMethods",
                            ParamType::Boolean,
                            "on a shape change, recompile the methods and report failures \
                         (default true); false refuses a redefinition that would break a method",
                        ),
                        FORCE_DEFINITION,
                    ]
                },
                output_schema: class_definition_schema,
                handler: Handler::Blocking(compile_class_definition),
            },
            Tool {
                name: "compile_method",
                title: "Compile a method",
                description: "Compile a method into a class (instance side unless `meta`) and \
                              commit. A compile error lists every error with its line and \
                              column and changes nothing. Refused (`staleRead`, with the \
                              current source) when the method changed since this session last \
                              read it: apply the edit to the current source instead.",
                params: const {
                    &[
                        CLASS,
                        Param::required(
                            "source",
                            ParamType::String,
                            "the method source, starting with its pattern, e.g. `deposit: amount \
                         balance := balance + amount`",
                        ),
                        Param::optional(
                            "category",
                            ParamType::String,
                            "the method category; default: the category of the method it \
                         replaces, or 'as yet unclassified' for a new method",
                        ),
                        META,
                        FORCE,
                    ]
                },
                output_schema: compile_method_schema,
                handler: Handler::Blocking(compile_method),
            },
            Tool {
                name: "delete_class",
                title: "Delete a class",
                description: "Remove a class and its methods, and commit (destructive). \
                              Refused while the class has subclasses.",
                params: &[CLASS],
                output_schema: change_schema,
                handler: Handler::Blocking(delete_class),
            },
            Tool {
                name: "delete_method",
                title: "Delete a method",
                description: "Remove one method and commit (destructive). Refused \
                              (`staleRead`, with the current source) when the method changed \
                              since this session last read it.",
                params: const {
                    &[
                        CLASS,
                        Param::required(
                            "selector",
                            ParamType::String,
                            "the method's selector, e.g. deposit: (a leading # is ignored)",
                        ),
                        META,
                        FORCE_DELETE,
                    ]
                },
                output_schema: change_schema,
                handler: Handler::Blocking(delete_method),
            },
            Tool {
                name: "remove_dictionary",
                title: "Remove a symbol dictionary",
                description: "Remove a symbol dictionary from the image and every symbol list, \
                              and commit (destructive). Refused for the image's standard \
                              dictionaries and while classes live in it.",
                params: &[DICTIONARY],
                output_schema: change_schema,
                handler: Handler::Blocking(remove_dictionary),
            },
            Tool {
                name: "set_class_comment",
                title: "Set a class comment",
                description: "Replace a class's comment and commit. Refused (`staleRead`, \
                              with the current definition and comment) when the class changed \
                              since this session last read it.",
                params: const {
                    &[
                        CLASS,
                        Param::required("comment", ParamType::String, "the new comment"),
                        FORCE_COMMENT,
                    ]
                },
                output_schema: change_schema,
                handler: Handler::Blocking(set_class_comment),
            },
        ],
        read_only_safe: &[],
        tasks: &[],
    }
}

fn change_schema() -> Value {
    closed_object(json!({"message": string(), "commit": count(), "alsoCommitted": strings()}))
}

fn class_definition_schema() -> Value {
    closed_object(json!({
        "className": string(),
        "dictionary": string(),
        "change": {"type": "string", "enum": ["created", "unchanged", "updated", "reshaped"]},
        "recompiled": array_of(method_ref_schema()),
        "failed": array_of(closed_object(json!({
            "className": string(),
            "meta": boolean(),
            "selector": string(),
            "source": string(),
            "category": string(),
            "errors": strings()
        }))),
        "message": string(),
        "commit": count(),
        "alsoCommitted": strings()
    }))
}

fn compile_method_schema() -> Value {
    closed_object(json!({
        "className": string(),
        "meta": boolean(),
        "selector": string(),
        "category": string(),
        "message": string(),
        "commit": count(),
        "alsoCommitted": strings()
    }))
}

/// Commits what a tool just changed. On a failure the change stays in the
/// session (nothing is lost) and the error says how to go on: a conflict's
/// own message already does, naming what conflicted and the abort that
/// resolves it, so only other failures get the generic remedy.
fn commit(call: &Call<'_>, what: &str) -> Result<Committed, ToolError> {
    call.image().commit().map_err(|mut e| {
        let conflict = e
            .details
            .as_ref()
            .is_some_and(|d| d.contains_key("conflicts"));
        let remedy = if conflict {
            ""
        } else {
            ". Use `abort` to discard it (with any other uncommitted change), or `commit` to \
             try again"
        };
        e.message = format!(
            "{what} took effect in this session but was not committed (it stays in the \
             session, uncommitted): {}{remedy}",
            e.message
        );
        e
    })
}

/// What `alsoCommitted` holds when the backend cannot list the changes.
const UNLISTED: &str =
    "uncommitted changes made earlier in this session (this image cannot list them)";

/// Names of the session's uncommitted changes made before this call, which
/// the tool's commit will carry along (as the reference's does): empty when
/// there are none, [`UNLISTED`] alone when the backend cannot list them.
fn earlier_changes(call: &Call<'_>) -> Result<Vec<String>, ToolError> {
    if !call.image().status()?.uncommitted_changes {
        return Ok(Vec::new());
    }
    Ok(call
        .image()
        .uncommitted_changes()?
        .unwrap_or_else(|| vec![UNLISTED.into()]))
}

/// The most earlier changes a message names; `alsoCommitted` has them all.
const NAMED_CHANGES: usize = 10;

/// The sentence telling what else the commit carried, or nothing.
fn carried(earlier: &[String]) -> String {
    if earlier.is_empty() {
        return String::new();
    }
    if earlier == [UNLISTED] {
        return " The commit also carried the other uncommitted changes this session made \
                 before this call (e.g. with execute_code), now visible to every session."
            .into();
    }
    let mut names = earlier[..earlier.len().min(NAMED_CHANGES)].join("; ");
    if earlier.len() > NAMED_CHANGES {
        names.push_str(&format!("; and {} more", earlier.len() - NAMED_CHANGES));
    }
    format!(
        " The commit also carried {} other uncommitted change(s) this session made before \
         this call (e.g. with execute_code), now visible to every session: {names}.",
        earlier.len()
    )
}

/// The answer of a tool whose result is a message and a commit number.
fn committed(message: String, info: Committed, earlier: Vec<String>) -> ToolResult {
    let message = message + &carried(&earlier);
    answer(
        format!("{message} (commit {})", info.commit),
        json!({"message": message, "commit": info.commit, "alsoCommitted": earlier}),
    )
}

fn add_dictionary(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let name = args.string("dictionaryName")?;
    let earlier = earlier_changes(call)?;
    call.image().add_dictionary(name)?;
    let info = commit(call, &format!("adding dictionary {name}"))?;
    committed(
        format!("Added symbol dictionary {name} at the end of the symbol list."),
        info,
        earlier,
    )
}

fn remove_dictionary(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let name = args.string("dictionaryName")?;
    let earlier = earlier_changes(call)?;
    call.image().remove_dictionary(name)?;
    let info = commit(call, &format!("removing dictionary {name}"))?;
    committed(format!("Removed symbol dictionary {name}."), info, earlier)
}

fn compile_class_definition(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let source = args.string("source")?;
    let recompile = args.flag("recompileMethods", true);
    let existing = existing_class(call, source)?;
    refuse_a_second_class_of_that_name(existing.as_ref(), source)?;
    if !args.flag("force", false) {
        refuse_stale_class(call, source)?;
    }
    let source = &*keeping_category(source, existing.as_ref());
    let earlier = earlier_changes(call)?;
    // The backend applies the kernel-class guard once it knows the name.
    let policy = if recompile {
        RecompilePolicy::RemoveFailing
    } else {
        RecompilePolicy::Refuse
    };
    let report = call
        .image()
        .define_class_from_source(source, policy)
        .map_err(|mut e| {
            if e.details.as_ref().and_then(|d| d.get("reason")) == Some(&json!("wouldBreakMethods"))
            {
                e.message.push_str(
                    ". Here: call again without `recompileMethods: false` to remove them and \
                     get their source back in the answer",
                );
            }
            e
        })?;
    let (name, dictionary) = (&report.class_name, &report.dictionary);
    // The session now holds the class it defined: that is what it has seen.
    call.ledger().saw_class(&call.image().describe_class(name)?);
    call.ledger().clear_refused(&format!("class {name}"));
    let info = commit(call, &format!("defining class {name}"))?;
    let change = report.change.as_str();
    let recompiled: Vec<Value> = report
        .recompiled
        .iter()
        .map(|m| method_ref(&m.class_name, m.meta, &m.selector))
        .collect();
    let errors = |f: &gs_toolset::FailedMethod| -> Vec<String> {
        f.errors
            .iter()
            .map(|e| format!("line {}, column {}: {}", e.line, e.column, e.message))
            .collect()
    };
    let failed: Vec<Value> = report
        .failed
        .iter()
        .map(|f| {
            json!({
                "className": f.method.class_name,
                "meta": f.method.meta,
                "selector": f.method.selector,
                "source": f.source,
                "category": f.category,
                "errors": errors(f)
            })
        })
        .collect();
    let mut message = format!("Class {name} {change} in {dictionary}.");
    if !recompiled.is_empty() {
        message.push_str(&format!(" {} method(s) recompiled.", recompiled.len()));
    }
    if !report.failed.is_empty() {
        message.push_str(&format!(
            " {} method(s) no longer compile and were removed (their source is in the result; \
             fix and compile them again):",
            report.failed.len()
        ));
        for f in &report.failed {
            let m = &f.method;
            // A comma, not a colon: `Teller>>till::` would misread the
            // keyword selector.
            message.push_str(&format!(
                "\n  {}, {}",
                method_label(&m.class_name, m.meta, &m.selector),
                errors(f).join("; ")
            ));
        }
    }
    message.push_str(&carried(&earlier));
    answer(
        format!("{message} (commit {})", info.commit),
        json!({
            "className": name,
            "dictionary": dictionary,
            "change": change,
            "recompiled": recompiled,
            "failed": failed,
            "message": message,
            "commit": info.commit,
            "alsoCommitted": earlier
        }),
    )
}

fn compile_method(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let class_name = args.string("className")?;
    let source = args.string("source")?;
    let meta = args.flag("meta", false);
    let given = args.opt_string("category").filter(|c| !c.trim().is_empty());
    refuse_what_no_file_out_carries(source, given)?;
    refuse_kernel_class(call.ctx, class_name, "compile a method into")?;
    if !args.flag("force", false) {
        refuse_stale_method(call, class_name, meta, source)?;
    }
    let category = match given {
        Some(category) => category.to_string(),
        None => existing_category(call, class_name, meta, source)?,
    };
    let category = category.as_str();
    let earlier = earlier_changes(call)?;
    // The answer names the class by its own name, also when the call
    // reached it through an alias.
    let method = call
        .image()
        .compile_method(class_name, meta, Some(category), source)?;
    let (class_name, selector) = (method.class_name, method.selector);
    let label = method_label(&class_name, meta, &selector);
    // The session now holds what it wrote: that is what it has seen.
    call.ledger()
        .saw_method(&class_name, meta, &selector, source);
    call.ledger().clear_refused(&label);
    let info = commit(call, &format!("compiling {label}"))?;
    let message = format!("Compiled {label} in category '{category}'.") + &carried(&earlier);
    answer(
        format!("{message} (commit {})", info.commit),
        json!({
            "className": class_name,
            "meta": meta,
            "selector": selector,
            "category": category,
            "message": message,
            "commit": info.commit,
            "alsoCommitted": earlier
        }),
    )
}

/// Refuses a method that `export_class_source` could not write, or that
/// the file-in could not read back: a NUL in its source (such a file is
/// not text) or a line break in its category (Topaz reads a category from
/// one line). Checked here, so that every backend refuses alike.
fn refuse_what_no_file_out_carries(source: &str, category: Option<&str>) -> Result<(), ToolError> {
    if let Some(at) = source.find('\0') {
        let line = source[..at].matches('\n').count() + 1;
        return Err(ToolError::invalid_params(format!(
            "`source` contains a NUL character (code point 0) on line {line}, which no file-out \
             can carry; remove it, or write `Character value: 0` where the method needs one"
        )));
    }
    if let Some(category) = category.filter(|c| c.contains(['\n', '\r'])) {
        return Err(ToolError::invalid_params(format!(
            "`category` {category:?} contains a line break, which no file-out can carry (Topaz \
             reads a category from one line); give the category on one line"
        )));
    }
    Ok(())
}

/// The category of the method `source` would replace, so that compiling
/// it again without naming one keeps it there; the default category for a
/// new method (or a source whose pattern cannot be read: the compile
/// reports that).
fn existing_category(
    call: &Call<'_>,
    class_name: &str,
    meta: bool,
    source: &str,
) -> Result<String, ToolError> {
    let default = || Ok(gs_toolset::DEFAULT_CATEGORY.to_string());
    let Some(selector) = pattern_selector(source) else {
        return default();
    };
    match call.image().method(class_name, meta, &selector) {
        Ok(m) if !m.category.trim().is_empty() => Ok(m.category),
        Ok(_) => default(),
        Err(e) if e.kind == ErrorKind::NotFound => default(),
        Err(e) => Err(e),
    }
}

/// Refuses to compile `source` over a method this session was shown in
/// another form (someone changed it since), or to send again an edit
/// already refused that way. A method never shown, or absent, compiles.
fn refuse_stale_method(
    call: &Call<'_>,
    class_name: &str,
    meta: bool,
    source: &str,
) -> Result<(), ToolError> {
    let Some(selector) = pattern_selector(source) else {
        return Ok(());
    };
    if !call.ledger().knows_selector(meta, &selector) {
        return Ok(());
    }
    let current = match call.image().method(class_name, meta, &selector) {
        Ok(m) => m,
        // Nothing to overwrite; an unknown class is the compile's to report.
        Err(e) if e.kind == ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
    };
    let class_name = &current.class_name;
    let label = method_label(class_name, meta, &selector);
    let stale = call
        .ledger()
        .method_is_stale(class_name, meta, &selector, &current.source)
        || call.ledger().was_refused(&label, source);
    if !stale || current.source.trim_end() == source.trim_end() {
        return Ok(());
    }
    // The error shows the current source: an edit of it is what the agent
    // sends next, and that must go through; this same source must not.
    call.ledger()
        .saw_method(class_name, meta, &selector, &current.source);
    call.ledger().refuse(&label, source);
    let mut details = method_details(class_name, meta, &selector, &current.source);
    details.insert("category".into(), json!(current.category));
    Err(ToolError::stale_read(format!(
        "{label} has changed since this session last read it (another session committed a \
         change to it, code run in this session changed it, or an abort discarded this \
         session's own change to it); compiling this source would \
         overwrite that change unseen, so nothing was compiled. Its current source is below \
         (and in `currentSource`): apply your edit to it and compile the result. Pass \
         `force: true` only to replace it with your source as it stands.\n\n{}",
        current.source
    ))
    .with_details(details))
}

/// Refuses to delete a method this session was shown in another form:
/// someone changed it since, and deleting it would discard that change
/// unseen. A method never shown, or already gone, is the deletion's to
/// handle.
fn refuse_stale_deletion(
    call: &Call<'_>,
    class_name: &str,
    meta: bool,
    selector: &str,
) -> Result<(), ToolError> {
    let current = match call.image().method(class_name, meta, selector) {
        Ok(m) => m,
        Err(e) if e.kind == ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
    };
    let class_name = &current.class_name;
    if !call
        .ledger()
        .method_is_stale(class_name, meta, selector, &current.source)
    {
        return Ok(());
    }
    call.ledger()
        .saw_method(class_name, meta, selector, &current.source);
    let label = method_label(class_name, meta, selector);
    let details = method_details(class_name, meta, selector, &current.source);
    Err(ToolError::stale_read(format!(
        "{label} has changed since this session last read it, so deleting it would discard \
         that change unseen and nothing was deleted. Its current source is below (and in \
         `currentSource`): delete it again if it should still go, or pass `force: true`.\n\n{}",
        current.source
    ))
    .with_details(details))
}

/// The details of a `staleRead` about a method: which one, and its
/// current source.
fn method_details(
    class_name: &str,
    meta: bool,
    selector: &str,
    current_source: &str,
) -> serde_json::Map<String, Value> {
    let mut details = serde_json::Map::new();
    details.insert("className".into(), json!(class_name));
    details.insert("meta".into(), json!(meta));
    details.insert("selector".into(), json!(selector));
    details.insert("currentSource".into(), json!(current_source));
    details
}

/// What the image holds under the name a class-definition source defines,
/// if anything.
fn existing_class(call: &Call<'_>, source: &str) -> Result<Option<ClassInfo>, ToolError> {
    let Some(name) = defined_class_name(source) else {
        return Ok(None);
    };
    match call.image().describe_class(&name) {
        Ok(info) => Ok(Some(info)),
        Err(e) if e.kind == ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// `source`, followed by a statement giving the class its current category
/// when the source names none: a redefinition written without one must not
/// clear it, and GemStone's definition messages would.
fn keeping_category<'s>(source: &'s str, existing: Option<&ClassInfo>) -> Cow<'s, str> {
    let Some(ClassInfo {
        name,
        category: Some(category),
        ..
    }) = existing
    else {
        return Cow::Borrowed(source);
    };
    if source.contains("category:") || defined_class_name(source).as_ref() != Some(name) {
        return Cow::Borrowed(source);
    }
    Cow::Owned(format!(
        "{}.\n{name} category: '{}'",
        source.trim_end().trim_end_matches('.'),
        category.replace('\'', "''")
    ))
}

/// The dictionary a definition without `inDictionary:` puts its class in.
const DEFAULT_DICTIONARY: &str = "UserGlobals";

/// Refuses to define a class named like one that lives in another
/// dictionary. GemStone would make a second class of that name, but every
/// tool finds a class by name through the symbol list, so one of the two
/// could never be reached again.
fn refuse_a_second_class_of_that_name(
    existing: Option<&ClassInfo>,
    source: &str,
) -> Result<(), ToolError> {
    let (Some(name), Some(existing)) = (defined_class_name(source), existing) else {
        return Ok(());
    };
    let dictionary =
        defined_in_dictionary(source).unwrap_or_else(|| DEFAULT_DICTIONARY.to_string());
    // A name bound to another class (an alias) is not this class's home;
    // a kernel class is the kernel-class guard's to refuse, in its words.
    if existing.name != name || existing.dictionary == dictionary || existing.kernel {
        return Ok(());
    }
    let home = &existing.dictionary;
    let mut details = serde_json::Map::new();
    details.insert("reason".into(), json!("sameNameElsewhere"));
    details.insert("existingDictionary".into(), json!(home));
    Err(ToolError::refused(format!(
        "class {name} already exists in {home}; defining another {name} in {dictionary} would \
         make a second class of that name, and the tools, which find a class by its name \
         through the symbol list, could reach only one of them. To change {name}, redefine it \
         with `inDictionary: {home}`; to move it to {dictionary}, delete it (delete_class) and \
         define it there; for a new class, choose another name"
    ))
    .with_details(details))
}

/// Refuses a definition of a class this session was shown in another form
/// (someone changed it since), or an already refused one sent again.
fn refuse_stale_class(call: &Call<'_>, source: &str) -> Result<(), ToolError> {
    match defined_class_name(source) {
        Some(name) => refuse_stale_class_named(call, &name, source),
        None => Ok(()),
    }
}

/// Refuses `change` (a definition, or a comment) of class `name` when this
/// session was shown the class in another form, or the same change was
/// refused before.
fn refuse_stale_class_named(call: &Call<'_>, name: &str, change: &str) -> Result<(), ToolError> {
    if !call.ledger().knows_class(name) {
        return Ok(());
    }
    let current = match call.image().describe_class(name) {
        Ok(info) => info,
        Err(e) if e.kind == ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
    };
    let what = format!("class {}", current.name);
    if !call.ledger().class_is_stale(&current) && !call.ledger().was_refused(&what, change) {
        return Ok(());
    }
    let (_, definition) = crate::browsing::class_definition(call, &current.name)?;
    call.ledger().refuse(&what, change);
    let mut details = serde_json::Map::new();
    details.insert("className".into(), json!(current.name));
    details.insert("currentDefinition".into(), json!(definition));
    details.insert("currentComment".into(), json!(current.comment));
    Err(ToolError::stale_read(format!(
        "class {} has changed since this session last read it (its definition, category or \
         comment; another session committed the change, or code run in this session made \
         it), so this change would overwrite that one unseen and nothing was changed. \
         Its current definition is below (and in `currentDefinition`): apply your edit to it \
         and compile the result. Pass `force: true` only to apply your source as it \
         stands.\n\n{definition}",
        current.name
    ))
    .with_details(details))
}

fn delete_class(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let name = args.string("className")?;
    refuse_kernel_class(call.ctx, name, "delete")?;
    // Checked here so the remedy names this tool.
    let below = call.image().hierarchy(name)?.subclasses;
    if !below.is_empty() {
        return Err(ToolError::refused(format!(
            "{name} has subclasses ({}); delete them first with delete_class, subclasses \
             before their superclasses",
            below.join(", ")
        )));
    }
    let earlier = earlier_changes(call)?;
    call.image().delete_class(name)?;
    let info = commit(call, &format!("deleting class {name}"))?;
    committed(
        format!("Deleted class {name} and its methods."),
        info,
        earlier,
    )
}

fn delete_method(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let class_name = args.string("className")?;
    let selector = selector_arg(args, "delete_method")?;
    let meta = args.flag("meta", false);
    refuse_kernel_class(call.ctx, class_name, "delete a method of")?;
    if !args.flag("force", false) {
        refuse_stale_deletion(call, class_name, meta, selector)?;
    }
    let earlier = earlier_changes(call)?;
    call.image()
        .delete_method(class_name, meta, selector)
        .map_err(|e| match call.image().describe_class(class_name) {
            // An unknown class is refused as it is, without a hint about
            // the other side.
            Ok(_) => method_elsewhere(e, call.image(), class_name, meta, selector),
            Err(_) => e,
        })?;
    let label = method_label(class_name, meta, selector);
    let info = commit(call, &format!("deleting {label}"))?;
    committed(format!("Deleted {label}."), info, earlier)
}

fn set_class_comment(args: &Args<'_>, call: &Call<'_>) -> ToolResult {
    let name = args.string("className")?;
    // An empty comment is a legitimate value (clearing it).
    let comment = args.opt_string("comment").unwrap_or_default();
    refuse_kernel_class(call.ctx, name, "change the comment of")?;
    if !args.flag("force", false) {
        refuse_stale_class_named(call, name, comment)?;
    }
    let earlier = earlier_changes(call)?;
    call.image().set_class_comment(name, comment)?;
    // The session's own comment is what it last saw of the class: a
    // second comment after this one is no edit of a stale read.
    if call.ledger().knows_class(name) {
        call.ledger().saw_class(&call.image().describe_class(name)?);
    }
    let info = commit(call, &format!("setting the comment of {name}"))?;
    committed(format!("Set the comment of {name}."), info, earlier)
}

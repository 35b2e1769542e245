//! What the built-in toolset offers besides tools: the image's classes and
//! methods as resources, prompts for everyday Smalltalk work, and
//! completion of their arguments.
//!
//! - `gemstone://class/{className}`: the class's definition, comment and
//!   methods by side and category, as text; every class is listed, in
//!   pages of [`CLASSES_PAGE`].
//! - `gemstone://method/{className}/{side}/{selector}` (`side` is
//!   `instance` or `class`; a selector with `/` or `:` may be
//!   percent-encoded): the method's source, `text/x-smalltalk`.
//! - Prompts ([`prompts`]) embed the real class or method text from the
//!   caller's session, so a prompt about a class the image lacks fails.
//! - Completion: class names (by case-insensitive prefix, sorted), the
//!   selectors of the class in the context, the two sides, and dictionary
//!   names — by argument or template variable name, wherever they appear.
//!
//! Everything runs on the session's image worker through the caller's
//! own image session, so it sees that session's uncommitted changes.

use std::collections::BTreeMap;

use gs_toolset::{
    ClassCategories, Completion, CompletionRequest, Content, EmbeddedResource, ImageChange,
    ImageSession, PromptArgument, PromptInfo, PromptMessage, PromptResult, ResourceBody,
    ResourceInfo, ResourcePage, ResourceTemplate, Role, ToolError,
};

/// The template of a class's resource.
pub const CLASS_TEMPLATE: &str = "gemstone://class/{className}";

/// The template of a method's resource.
pub const METHOD_TEMPLATE: &str = "gemstone://method/{className}/{side}/{selector}";

/// Classes one `resources/list` page of the built-in toolset holds.
pub const CLASSES_PAGE: usize = 100;

/// Senders a `review_method` prompt quotes at most, so a prompt about a
/// much-sent selector stays readable.
const REVIEW_SENDERS: usize = 20;

/// The media type of a method's source.
const SMALLTALK_MIME: &str = "text/x-smalltalk";

/// The two resource templates.
pub fn templates() -> Vec<ResourceTemplate> {
    vec![
        ResourceTemplate {
            uri_template: CLASS_TEMPLATE.into(),
            name: "class".into(),
            title: Some("Smalltalk class".into()),
            description: Some(
                "A class as the caller's session sees it: its definition, comment, and its \
                 methods by side and category"
                    .into(),
            ),
            mime_type: Some("text/plain".into()),
        },
        ResourceTemplate {
            uri_template: METHOD_TEMPLATE.into(),
            name: "method".into(),
            title: Some("Smalltalk method".into()),
            description: Some(
                "One method's source; side is `instance` or `class`, and a selector holding \
                 `/` is percent-encoded (`%2F`)"
                    .into(),
            ),
            mime_type: Some(SMALLTALK_MIME.into()),
        },
    ]
}

fn argument(name: &str, description: &str, required: bool) -> PromptArgument {
    PromptArgument {
        name: name.into(),
        description: Some(description.into()),
        required,
    }
}

/// The prompts, in listing order.
pub fn prompts() -> Vec<PromptInfo> {
    let class = || {
        argument(
            "className",
            "The class's name, e.g. OrderedCollection",
            true,
        )
    };
    vec![
        PromptInfo {
            name: "explain_class".into(),
            title: Some("Explain a class".into()),
            description: Some(
                "Explain what a class is for and how its methods work together, from its \
                 definition, comment and source"
                    .into(),
            ),
            arguments: vec![class()],
        },
        PromptInfo {
            name: "write_sunit_tests".into(),
            title: Some("Write SUnit tests for a class".into()),
            description: Some(
                "Write an SUnit TestCase subclass covering a class's public behaviour".into(),
            ),
            arguments: vec![class()],
        },
        PromptInfo {
            name: "review_method".into(),
            title: Some("Review a method".into()),
            description: Some(
                "Review one method for correctness and style, against the methods that send \
                 its selector"
                    .into(),
            ),
            arguments: vec![
                class(),
                argument("selector", "The method's selector, e.g. add:", true),
                argument("side", "`instance` (the default) or `class`", false),
            ],
        },
        PromptInfo {
            name: "survey_dictionary".into(),
            title: Some("Survey a symbol dictionary".into()),
            description: Some(
                "Summarise the classes a symbol dictionary holds and how they relate".into(),
            ),
            arguments: vec![argument(
                "dictionaryName",
                "The symbol dictionary's name, e.g. UserGlobals",
                true,
            )],
        },
    ]
}

/// A URI component with the characters that would end it or be misread
/// percent-encoded.
fn encode(component: &str) -> String {
    let mut out = String::with_capacity(component.len());
    for b in component.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A class's resource URI.
pub fn class_uri(class_name: &str) -> String {
    format!("gemstone://class/{}", encode(class_name))
}

/// A method's resource URI.
pub fn method_uri(class_name: &str, meta: bool, selector: &str) -> String {
    format!(
        "gemstone://method/{}/{}/{}",
        encode(class_name),
        side_name(meta),
        encode(selector)
    )
}

/// The resources that show `change`: a class's own resource, and for a
/// method also its class's (which lists the methods).
pub fn changed_uris(change: &ImageChange) -> Vec<String> {
    match change {
        ImageChange::Class { name, .. } => vec![class_uri(name)],
        ImageChange::Method {
            class_name,
            meta,
            selector,
            ..
        } => vec![
            method_uri(class_name, *meta, selector),
            class_uri(class_name),
        ],
    }
}

fn side_name(meta: bool) -> &'static str {
    if meta { "class" } else { "instance" }
}

/// `instance` or `class` as the class-side flag; anything else is `None`.
fn parse_side(side: &str) -> Option<bool> {
    match side {
        "instance" => Some(false),
        "class" => Some(true),
        _ => None,
    }
}

/// One page of class resources from `cursor` (an offset this toolset
/// answered); a cursor it did not give is `invalidParams`.
pub fn list(image: &dyn ImageSession, cursor: Option<&str>) -> Result<ResourcePage, ToolError> {
    let names = image.class_names()?;
    let start = match cursor {
        None => 0,
        Some(c) => c
            .parse::<usize>()
            .ok()
            .filter(|&s| s <= names.len())
            .ok_or_else(|| ToolError::invalid_params("the cursor is not one this toolset gave"))?,
    };
    let end = (start + CLASSES_PAGE).min(names.len());
    let resources = names[start..end]
        .iter()
        .map(|name| ResourceInfo {
            uri: class_uri(name),
            name: name.clone(),
            title: None,
            description: Some(format!("The class {name}: definition, comment and methods")),
            mime_type: Some("text/plain".into()),
        })
        .collect();
    Ok(ResourcePage {
        resources,
        next_cursor: (end < names.len()).then(|| end.to_string()),
    })
}

/// The class's text: definition, comment, and its methods by side and
/// category. An unknown class is `notFound`.
fn class_text(image: &dyn ImageSession, class_name: &str) -> Result<String, ToolError> {
    let ClassCategories {
        info,
        instance,
        class,
    } = image.class_categories(class_name)?;
    let mut text = image.definition_source(class_name)?.source;
    text.push_str("\n\n\"Comment\"\n");
    text.push_str(if info.comment.is_empty() {
        "(no comment)"
    } else {
        &info.comment
    });
    text.push('\n');
    for (meta, categories) in [(false, instance), (true, class)] {
        text.push_str(&format!("\n\"{} side\"\n", side_name(meta)));
        if categories.is_empty() {
            text.push_str("(no methods)\n");
        }
        for (category, selectors) in categories {
            text.push_str(&format!("  {category}\n"));
            for selector in selectors {
                text.push_str(&format!("    {selector}\n"));
            }
        }
    }
    Ok(text)
}

/// The contents at `uri`, read through `image`: `notFound` if it names no
/// class or method there.
pub fn read(image: &dyn ImageSession, uri: &str) -> Result<Vec<EmbeddedResource>, ToolError> {
    let [class, method] = templates_pair();
    if let Some(values) = class.matches(uri) {
        let text = class_text(image, &values["className"])?;
        return Ok(vec![EmbeddedResource {
            uri: uri.to_string(),
            mime_type: Some("text/plain".into()),
            body: ResourceBody::Text(text),
        }]);
    }
    if let Some(values) = method.matches(uri) {
        let meta = parse_side(&values["side"]).ok_or_else(|| {
            ToolError::not_found(format!(
                "no resource `{uri}`: the side must be `instance` or `class`"
            ))
        })?;
        let source = image.method_source(&values["className"], meta, &values["selector"])?;
        return Ok(vec![EmbeddedResource {
            uri: uri.to_string(),
            mime_type: Some(SMALLTALK_MIME.into()),
            body: ResourceBody::Text(source),
        }]);
    }
    Err(ToolError::not_found(format!("no resource `{uri}`")))
}

/// Notes in `ledger` the method source a read of `uri` showed, so that an
/// edit of it is checked like one of `get_method_source`'s answer.
pub fn note_method_read(uri: &str, read: &[EmbeddedResource], ledger: &gs_toolset::ReadLedger) {
    let [_, method] = templates_pair();
    let (
        Some(values),
        Some(EmbeddedResource {
            body: ResourceBody::Text(source),
            ..
        }),
    ) = (method.matches(uri), read.first())
    else {
        return;
    };
    if let Some(meta) = parse_side(&values["side"]) {
        ledger.saw_method(&values["className"], meta, &values["selector"], source);
    }
}

fn templates_pair() -> [ResourceTemplate; 2] {
    let mut t = templates().into_iter();
    match (t.next(), t.next()) {
        (Some(class), Some(method)) => [class, method],
        _ => unreachable!("templates() answers two templates"),
    }
}

/// An argument the router checked is present (required), or empty.
fn arg<'a>(arguments: &'a BTreeMap<String, String>, name: &str) -> Result<&'a str, ToolError> {
    arguments
        .get(name)
        .map(String::as_str)
        .ok_or_else(|| ToolError::invalid_params(format!("the argument `{name}` is missing")))
}

/// The class text as an embedded resource of a prompt message.
fn class_block(image: &dyn ImageSession, class_name: &str) -> Result<Content, ToolError> {
    Ok(Content::Resource(EmbeddedResource {
        uri: class_uri(class_name),
        mime_type: Some("text/plain".into()),
        body: ResourceBody::Text(class_text(image, class_name)?),
    }))
}

fn user(content: Content) -> PromptMessage {
    PromptMessage {
        role: Role::User,
        content,
    }
}

/// The prompt `name` filled in from the image: `notFound` for an unknown
/// prompt, class, method or dictionary, `invalidParams` for a bad side.
pub fn prompt(
    image: &dyn ImageSession,
    name: &str,
    arguments: &BTreeMap<String, String>,
) -> Result<PromptResult, ToolError> {
    match name {
        "explain_class" => {
            let class = arg(arguments, "className")?;
            let block = class_block(image, class)?;
            Ok(PromptResult {
                description: Some(format!("Explain the class {class}")),
                messages: vec![
                    user(Content::text(format!(
                        "Explain the GemStone/S Smalltalk class {class}: what it is for, its \
                         state (instance, class and class-instance variables), and how its \
                         methods work together. Its definition, comment and methods follow; \
                         read any method's source as the resource \
                         gemstone://method/{class}/<instance|class>/<selector>."
                    ))),
                    user(block),
                ],
            })
        }
        "write_sunit_tests" => {
            let class = arg(arguments, "className")?;
            let block = class_block(image, class)?;
            Ok(PromptResult {
                description: Some(format!("Write SUnit tests for {class}")),
                messages: vec![
                    user(Content::text(format!(
                        "Write an SUnit test class, {class}Test (a subclass of TestCase), \
                         covering the public behaviour of the GemStone/S class {class}: one \
                         test method per behaviour, named test…, using assert:, deny: and \
                         should:raise:. Give each method in Topaz form so it can be compiled \
                         with compile_method, then run it with run_test_class. The class \
                         follows."
                    ))),
                    user(block),
                ],
            })
        }
        "review_method" => {
            let class = arg(arguments, "className")?;
            let selector = arg(arguments, "selector")?;
            let side = arguments.get("side").map_or("instance", String::as_str);
            let meta = parse_side(side).ok_or_else(|| {
                ToolError::invalid_params(format!(
                    "side must be `instance` or `class`, not `{side}`"
                ))
            })?;
            let source = image.method_source(class, meta, selector)?;
            let senders = image.senders(selector, REVIEW_SENDERS)?;
            let mut sent_by = String::new();
            for m in &senders.methods {
                let label = format!(
                    "{}{}>>{}",
                    m.class_name,
                    if m.meta { " class" } else { "" },
                    m.selector
                );
                sent_by.push_str(&format!("- {label}\n"));
            }
            if senders.methods.is_empty() {
                sent_by.push_str("(no method sends it)\n");
            } else if senders.truncated() {
                sent_by.push_str(&format!(
                    "… and {} more (find_senders lists them)\n",
                    senders.total - senders.methods.len()
                ));
            }
            let label = format!("{class}{}>>{selector}", if meta { " class" } else { "" });
            Ok(PromptResult {
                description: Some(format!("Review {label}")),
                messages: vec![
                    user(Content::text(format!(
                        "Review the GemStone/S Smalltalk method {label} for correctness, \
                         clarity and idiom. Check it against the methods that send \
                         #{selector} (read them as gemstone://method/… resources): does it \
                         do what they expect? Suggest a revised source if it needs one.\n\n\
                         Senders of #{selector}:\n{sent_by}"
                    ))),
                    user(Content::Resource(EmbeddedResource {
                        uri: method_uri(class, meta, selector),
                        mime_type: Some(SMALLTALK_MIME.into()),
                        body: ResourceBody::Text(source),
                    })),
                ],
            })
        }
        "survey_dictionary" => {
            let dictionary = arg(arguments, "dictionaryName")?;
            let entries = image.entries(dictionary)?;
            let mut listing = String::new();
            for entry in entries {
                if entry.class_name.as_ref() != Some(&entry.name) {
                    continue;
                }
                let info = image.describe_class(&entry.name)?;
                let comment = info.comment.lines().next().unwrap_or("").to_string();
                listing.push_str(&format!(
                    "- {} (superclass {}){}{}\n",
                    info.name,
                    info.superclass.as_deref().unwrap_or("nil"),
                    if comment.is_empty() { "" } else { ": " },
                    comment
                ));
            }
            if listing.is_empty() {
                listing.push_str("(no classes)\n");
            }
            Ok(PromptResult {
                description: Some(format!("Survey the dictionary {dictionary}")),
                messages: vec![user(Content::text(format!(
                    "Survey the GemStone/S symbol dictionary {dictionary}: group its classes by \
                     purpose, say how they relate (inheritance, collaboration) and which to \
                     read first. Read a class as the resource gemstone://class/<name>. Its \
                     classes, with their superclass and the first line of their comment:\n\
                     {listing}"
                )))],
            })
        }
        _ => Err(ToolError::not_found(format!("no prompt `{name}`"))),
    }
}

/// Completions of the argument or variable `request` names, by its name:
/// `className`, `selector` (of `context.className`, on `context.side`),
/// `side` and `dictionaryName`. Any other name completes to nothing.
pub fn complete(
    image: &dyn ImageSession,
    request: &CompletionRequest,
) -> Result<Completion, ToolError> {
    let prefix = request.value.to_lowercase();
    let starts = |candidate: &str| candidate.to_lowercase().starts_with(&prefix);
    let candidates: Vec<String> = match request.argument.as_str() {
        "className" => image.class_names()?,
        "selector" => {
            let Some(class) = request.context.get("className") else {
                return Ok(Completion::from_candidates(Vec::new()));
            };
            let meta = request
                .context
                .get("side")
                .and_then(|s| parse_side(s))
                .unwrap_or(false);
            match image.selectors(class, meta) {
                Ok(selectors) => selectors,
                // A class not chosen yet, or mistyped, has no selectors to
                // offer; that is no error of the completion.
                Err(e) if e.kind == gs_toolset::ErrorKind::NotFound => Vec::new(),
                Err(e) => return Err(e),
            }
        }
        "side" => vec!["class".into(), "instance".into()],
        "dictionaryName" => {
            let mut d = image.dictionaries()?;
            d.sort();
            d
        }
        _ => Vec::new(),
    };
    let mut matching: Vec<String> = candidates.into_iter().filter(|c| starts(c)).collect();
    matching.sort_by_key(|c| c.to_lowercase());
    Ok(Completion::from_candidates(matching))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_escape_what_a_template_would_misread() {
        assert_eq!(class_uri("Object"), "gemstone://class/Object");
        assert_eq!(
            method_uri("Number", false, "/"),
            "gemstone://method/Number/instance/%2F"
        );
        assert_eq!(
            method_uri("Dictionary", true, "at:put:"),
            "gemstone://method/Dictionary/class/at%3Aput%3A"
        );
        let [_, method] = templates_pair();
        let values = method
            .matches(&method_uri("Number", true, "//"))
            .expect("a method URI matches the method template");
        assert_eq!(values["selector"], "//");
        assert_eq!(values["side"], "class");
    }

    #[test]
    fn prompts_declare_their_required_arguments() {
        let prompts = prompts();
        let review = prompts.iter().find(|p| p.name == "review_method").unwrap();
        let required: Vec<_> = review
            .arguments
            .iter()
            .filter(|a| a.required)
            .map(|a| a.name.as_str())
            .collect();
        assert_eq!(required, ["className", "selector"]);
    }
}

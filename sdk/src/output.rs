//! What a tool answers: an [`Output`] of content blocks and optional
//! structured JSON, or an [`Error`] with a kind the client can branch on.

use serde::Serialize;
use serde_json::Value;

use crate::__private::bindings::gemstone::mcp::types as wit;

/// The class of a tool failure, reported to the client as
/// `structuredContent.error.kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// Missing, unknown or ill-typed arguments (`invalidParams`). The SDK
    /// raises it itself when arguments do not match the tool's schema.
    InvalidParams,
    /// A named thing does not exist (`notFound`).
    NotFound,
    /// Policy forbids it: a missing grant, a kernel class (`refused`).
    Refused,
    /// The session is read-only (`readOnly`).
    ReadOnly,
    /// Smalltalk source did not compile (`compileError`).
    CompileError,
    /// Anything else (`other`).
    Other,
}

/// A tool failure: its kind and a message for a human or a model. Say what
/// was wrong and what to do instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// The class of failure.
    pub kind: ErrorKind,
    /// What went wrong and how to fix it.
    pub message: String,
}

impl Error {
    /// An error of `kind`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
        }
    }

    /// Bad arguments.
    pub fn invalid_params(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::InvalidParams, message)
    }

    /// Something named does not exist.
    pub fn not_found(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::NotFound, message)
    }

    /// Policy forbids it.
    pub fn refused(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Refused, message)
    }

    /// The session is read-only.
    pub fn read_only(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::ReadOnly, message)
    }

    /// Source did not compile.
    pub fn compile_error(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::CompileError, message)
    }

    /// Anything else.
    pub fn other(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Other, message)
    }

    pub(crate) fn into_wit(self) -> wit::Error {
        let kind = match self.kind {
            ErrorKind::InvalidParams => wit::ErrorKind::InvalidParams,
            ErrorKind::NotFound => wit::ErrorKind::NotFound,
            ErrorKind::Refused => wit::ErrorKind::Refused,
            ErrorKind::ReadOnly => wit::ErrorKind::ReadOnly,
            ErrorKind::CompileError => wit::ErrorKind::CompileError,
            ErrorKind::Other => wit::ErrorKind::Other,
        };
        wit::Error {
            kind,
            message: self.message,
        }
    }
}

fn kind_from_wit(kind: wit::ErrorKind) -> ErrorKind {
    match kind {
        wit::ErrorKind::InvalidParams => ErrorKind::InvalidParams,
        wit::ErrorKind::NotFound => ErrorKind::NotFound,
        wit::ErrorKind::Refused => ErrorKind::Refused,
        wit::ErrorKind::ReadOnly => ErrorKind::ReadOnly,
        wit::ErrorKind::CompileError => ErrorKind::CompileError,
        wit::ErrorKind::Other => ErrorKind::Other,
    }
}

impl From<wit::Error> for Error {
    fn from(e: wit::Error) -> Error {
        Error::new(kind_from_wit(e.kind), e.message)
    }
}

/// A host function's failure with its machine-readable particulars, as
/// the functions added in `gemstone:mcp@0.1.1` answer it (the
/// `*_page` searches, [`execution::execute_detailed`](crate::execution::execute_detailed),
/// [`code::compile_method_detailed`](crate::code::compile_method_detailed),
/// [`code::define_class_detailed`](crate::code::define_class_detailed)).
///
/// `details` holds what the image reported: for
/// [`ErrorKind::CompileError`], `errors`, a list of `{line, column,
/// message}` in the source as given; for an exception Smalltalk code did
/// not handle, `exceptionClass` and `description`. Pass a failure on with
/// `?` (it converts into an [`Error`] of the same kind and message): the
/// host recognises it and the client receives the details too, in
/// `structuredContent.error`.
///
/// ```
/// use gs_mcp_sdk::{Error, ErrorKind, Failure};
/// use serde_json::json;
///
/// let failure = Failure {
///     kind: ErrorKind::Other,
///     message: "ZeroDivide: division by zero".into(),
///     details: Some(json!({"exceptionClass": "ZeroDivide"})),
/// };
/// assert_eq!(failure.detail("exceptionClass"), Some(&json!("ZeroDivide")));
/// let passed_on: Error = failure.into();
/// assert_eq!(passed_on.kind, ErrorKind::Other);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    /// The class of failure.
    pub kind: ErrorKind,
    /// What went wrong and how to fix it.
    pub message: String,
    /// The particulars, a JSON object, if the host reported any.
    pub details: Option<Value>,
}

impl Failure {
    /// One member of the details, e.g. `errors` or `exceptionClass`.
    pub fn detail(&self, name: &str) -> Option<&Value> {
        self.details.as_ref()?.get(name)
    }
}

impl From<wit::Failure> for Failure {
    fn from(f: wit::Failure) -> Failure {
        Failure {
            kind: kind_from_wit(f.kind),
            message: f.message,
            // The host sends one JSON object; anything else is dropped
            // rather than guessed at.
            details: f
                .details
                .and_then(|d| serde_json::from_str::<Value>(&d).ok())
                .filter(Value::is_object),
        }
    }
}

/// The failure's kind and message, which the host matches to give the
/// client its details.
impl From<Failure> for Error {
    fn from(f: Failure) -> Error {
        Error::new(f.kind, f.message)
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}: {}", self.kind, self.message)
    }
}

impl std::error::Error for Failure {}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}: {}", self.kind, self.message)
    }
}

impl std::error::Error for Error {}

/// One block of a result's content.
#[derive(Debug, Clone, PartialEq)]
pub enum Content {
    /// Text or Markdown.
    Text(String),
    /// An image (raw bytes; the host base64-encodes them).
    Image {
        /// The bytes.
        data: Vec<u8>,
        /// E.g. `image/png`.
        mime_type: String,
    },
    /// An audio clip.
    Audio {
        /// The bytes.
        data: Vec<u8>,
        /// E.g. `audio/wav`.
        mime_type: String,
    },
    /// An embedded text resource.
    TextResource {
        /// Its URI.
        uri: String,
        /// Its media type.
        mime_type: Option<String>,
        /// Its text.
        text: String,
    },
    /// An embedded binary resource.
    BlobResource {
        /// Its URI.
        uri: String,
        /// Its media type.
        mime_type: Option<String>,
        /// Its bytes.
        data: Vec<u8>,
    },
}

impl Content {
    pub(crate) fn into_wit(self) -> wit::Content {
        match self {
            Content::Text(t) => wit::Content::Text(t),
            Content::Image { data, mime_type } => {
                wit::Content::Image(wit::Binary { data, mime_type })
            }
            Content::Audio { data, mime_type } => {
                wit::Content::Audio(wit::Binary { data, mime_type })
            }
            Content::TextResource {
                uri,
                mime_type,
                text,
            } => wit::Content::Resource(wit::EmbeddedResource {
                uri,
                mime_type,
                body: wit::ResourceBody::Text(text),
            }),
            Content::BlobResource {
                uri,
                mime_type,
                data,
            } => wit::Content::Resource(wit::EmbeddedResource {
                uri,
                mime_type,
                body: wit::ResourceBody::Blob(data),
            }),
        }
    }
}

/// A successful tool result.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Output {
    /// Content blocks, in order.
    pub content: Vec<Content>,
    /// Structured content (required when the tool declares an output
    /// schema).
    pub structured: Option<Value>,
}

impl Output {
    /// A result with no content (the host shows an empty result).
    pub fn empty() -> Output {
        Output::default()
    }

    /// A result of one text block.
    pub fn text(text: impl Into<String>) -> Output {
        Output::empty().with_text(text)
    }

    /// A structured result from any serialisable value. The host adds a
    /// text rendering for clients that ignore structured content.
    pub fn json<T: Serialize>(value: &T) -> Result<Output, Error> {
        let value = serde_json::to_value(value)
            .map_err(|e| Error::other(format!("cannot serialise the result: {e}")))?;
        Ok(Output::empty().with_structured(value))
    }

    /// Adds a text block.
    pub fn with_text(mut self, text: impl Into<String>) -> Output {
        self.content.push(Content::Text(text.into()));
        self
    }

    /// Adds an image.
    pub fn with_image(mut self, data: Vec<u8>, mime_type: impl Into<String>) -> Output {
        self.content.push(Content::Image {
            data,
            mime_type: mime_type.into(),
        });
        self
    }

    /// Adds an audio clip.
    pub fn with_audio(mut self, data: Vec<u8>, mime_type: impl Into<String>) -> Output {
        self.content.push(Content::Audio {
            data,
            mime_type: mime_type.into(),
        });
        self
    }

    /// Adds an embedded text resource.
    pub fn with_text_resource(
        mut self,
        uri: impl Into<String>,
        mime_type: Option<&str>,
        text: impl Into<String>,
    ) -> Output {
        self.content.push(Content::TextResource {
            uri: uri.into(),
            mime_type: mime_type.map(str::to_string),
            text: text.into(),
        });
        self
    }

    /// Adds an embedded binary resource.
    pub fn with_blob_resource(
        mut self,
        uri: impl Into<String>,
        mime_type: Option<&str>,
        data: Vec<u8>,
    ) -> Output {
        self.content.push(Content::BlobResource {
            uri: uri.into(),
            mime_type: mime_type.map(str::to_string),
            data,
        });
        self
    }

    /// Sets the structured content.
    pub fn with_structured(mut self, value: Value) -> Output {
        self.structured = Some(value);
        self
    }

    /// All text blocks joined by newlines (handy in tests).
    pub fn text_content(&self) -> String {
        self.content
            .iter()
            .filter_map(|c| match c {
                Content::Text(t) => Some(t.as_str()),
                _ => None,
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    pub(crate) fn into_wit(self) -> wit::ToolOutput {
        let content = self.content.into_iter().map(Content::into_wit).collect();
        wit::ToolOutput {
            content,
            structured: self.structured.map(|v| v.to_string()),
        }
    }
}

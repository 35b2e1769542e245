//! What a tool call answers: content blocks, structured content, or a
//! classified error, and the MCP `CallToolResult` JSON they become.
//!
//! Tool failures are results, not protocol errors (MCP 2025-11-25): the
//! client sees `isError: true`, the message as text content, and
//! `structuredContent.error.kind`, so a model can read the message and a
//! program can branch on the kind.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value, json};

/// The class of a failed call, reported as `structuredContent.error.kind`.
///
/// The first seven kinds are the ones tools raise; the WIT `error-kind`
/// enum has the first six (a plug-in given a [`ErrorKind::StaleRead`] by
/// a host function sees `other`). The rest are raised by the WebAssembly
/// host when it stops a plug-in; the instance that failed that way is
/// dropped and the session's next call gets a fresh one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// Missing, unknown or ill-typed arguments (`invalidParams`).
    InvalidParams,
    /// A named thing does not exist (`notFound`).
    NotFound,
    /// Policy forbids it: a missing grant or a kernel class (`refused`).
    Refused,
    /// The session is read-only (`readOnly`).
    ReadOnly,
    /// Smalltalk source did not compile (`compileError`).
    CompileError,
    /// Anything else a tool reports (`other`).
    Other,
    /// The change would replace code this session was shown in another
    /// form: someone changed it since the session last read it
    /// (`staleRead`). The error carries the current source.
    StaleRead,
    /// The call ran past its deadline and was stopped (`deadline`).
    Deadline,
    /// The client cancelled the call and it was stopped (`cancelled`).
    Cancelled,
    /// The plug-in tried to hold more than the host allows it: memory past
    /// its cap (its own, or what the host holds for it), or more handles
    /// or open files than an instance may have (`outOfMemory`).
    OutOfMemory,
    /// The plug-in overflowed its call stack, e.g. by unbounded recursion
    /// (`stackOverflow`).
    StackOverflow,
    /// The plug-in panicked (`panic`).
    Panic,
    /// The plug-in trapped for another reason: `unreachable`, an
    /// out-of-bounds access, a division by zero … (`trap`).
    Trap,
    /// The plug-in's result exceeded the output cap (`outputTooLarge`).
    OutputTooLarge,
    /// The toolset could not serve the call at all, e.g. no instance could
    /// be created because the instance pool is full (`unavailable`).
    Unavailable,
}

impl ErrorKind {
    /// Every kind, in declaration order.
    pub const ALL: [ErrorKind; 15] = [
        ErrorKind::InvalidParams,
        ErrorKind::NotFound,
        ErrorKind::Refused,
        ErrorKind::ReadOnly,
        ErrorKind::CompileError,
        ErrorKind::Other,
        ErrorKind::StaleRead,
        ErrorKind::Deadline,
        ErrorKind::Cancelled,
        ErrorKind::OutOfMemory,
        ErrorKind::StackOverflow,
        ErrorKind::Panic,
        ErrorKind::Trap,
        ErrorKind::OutputTooLarge,
        ErrorKind::Unavailable,
    ];

    /// The kind as clients see it in `structuredContent.error.kind`.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::InvalidParams => "invalidParams",
            ErrorKind::NotFound => "notFound",
            ErrorKind::Refused => "refused",
            ErrorKind::ReadOnly => "readOnly",
            ErrorKind::CompileError => "compileError",
            ErrorKind::Other => "other",
            ErrorKind::StaleRead => "staleRead",
            ErrorKind::Deadline => "deadline",
            ErrorKind::Cancelled => "cancelled",
            ErrorKind::OutOfMemory => "outOfMemory",
            ErrorKind::StackOverflow => "stackOverflow",
            ErrorKind::Panic => "panic",
            ErrorKind::Trap => "trap",
            ErrorKind::OutputTooLarge => "outputTooLarge",
            ErrorKind::Unavailable => "unavailable",
        }
    }

    /// The kind named `name` (as [`ErrorKind::as_str`] spells it), if any.
    pub fn from_name(name: &str) -> Option<ErrorKind> {
        ErrorKind::ALL.into_iter().find(|k| k.as_str() == name)
    }

    /// True for the kinds the WebAssembly host raises when it stops a
    /// plug-in (after which that instance is gone).
    pub fn is_containment(self) -> bool {
        matches!(
            self,
            ErrorKind::Deadline
                | ErrorKind::Cancelled
                | ErrorKind::OutOfMemory
                | ErrorKind::StackOverflow
                | ErrorKind::Panic
                | ErrorKind::Trap
                | ErrorKind::OutputTooLarge
        )
    }
}

impl std::fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A failed call: its kind and a message for a human or a model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolError {
    /// The class of failure.
    pub kind: ErrorKind,
    /// What went wrong and, where possible, what to do about it.
    pub message: String,
    /// Machine-readable particulars, merged into
    /// `structuredContent.error` beside `kind` and `message` — e.g. the
    /// `errors` list (each with `line` and `column`) of a `compileError`.
    pub details: Option<Map<String, Value>>,
}

impl ToolError {
    /// An error of `kind` with `message`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> ToolError {
        ToolError {
            kind,
            message: message.into(),
            details: None,
        }
    }

    /// The same error carrying `details` (an object's members) in
    /// `structuredContent.error`.
    pub fn with_details(mut self, details: Map<String, Value>) -> ToolError {
        self.details = Some(details);
        self
    }

    /// An `invalidParams` error.
    pub fn invalid_params(message: impl Into<String>) -> ToolError {
        ToolError::new(ErrorKind::InvalidParams, message)
    }

    /// A `notFound` error.
    pub fn not_found(message: impl Into<String>) -> ToolError {
        ToolError::new(ErrorKind::NotFound, message)
    }

    /// A `refused` error.
    pub fn refused(message: impl Into<String>) -> ToolError {
        ToolError::new(ErrorKind::Refused, message)
    }

    /// A `readOnly` error.
    pub fn read_only(message: impl Into<String>) -> ToolError {
        ToolError::new(ErrorKind::ReadOnly, message)
    }

    /// A `compileError` error.
    pub fn compile_error(message: impl Into<String>) -> ToolError {
        ToolError::new(ErrorKind::CompileError, message)
    }

    /// A `staleRead` error.
    pub fn stale_read(message: impl Into<String>) -> ToolError {
        ToolError::new(ErrorKind::StaleRead, message)
    }

    /// An `other` error.
    pub fn other(message: impl Into<String>) -> ToolError {
        ToolError::new(ErrorKind::Other, message)
    }
}

impl std::fmt::Display for ToolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.kind, self.message)
    }
}

impl std::error::Error for ToolError {}

/// The body of an embedded resource.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResourceBody {
    /// UTF-8 text.
    Text(String),
    /// Raw bytes (base64-encoded in MCP JSON).
    Blob(Vec<u8>),
}

/// A resource embedded in a tool result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmbeddedResource {
    /// The resource's URI.
    pub uri: String,
    /// Its media type, if known.
    pub mime_type: Option<String>,
    /// Its contents.
    pub body: ResourceBody,
}

/// One block of unstructured tool-result content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Content {
    /// Plain text or Markdown.
    Text(String),
    /// An image: bytes and media type.
    Image {
        /// Raw bytes (base64-encoded in MCP JSON).
        data: Vec<u8>,
        /// E.g. `image/png`.
        mime_type: String,
    },
    /// An audio clip: bytes and media type.
    Audio {
        /// Raw bytes (base64-encoded in MCP JSON).
        data: Vec<u8>,
        /// E.g. `audio/wav`.
        mime_type: String,
    },
    /// An embedded resource.
    Resource(EmbeddedResource),
}

impl Content {
    /// A text block.
    pub fn text(text: impl Into<String>) -> Content {
        Content::Text(text.into())
    }

    /// The MCP JSON form of this block (`{"type": "text", …}` …), as its
    /// [`Serialize`] implementation writes it.
    pub fn to_json(&self) -> Value {
        to_value(self)
    }
}

/// Writes the MCP JSON form of a block straight to the serializer, so an
/// answer is written without building a `Value` tree first.
impl Serialize for Content {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Content::Text(text) => text_block(s, text),
            Content::Image { data, mime_type } => binary_block(s, "image", data, mime_type),
            Content::Audio { data, mime_type } => binary_block(s, "audio", data, mime_type),
            Content::Resource(r) => {
                let mut block = s.serialize_map(Some(2))?;
                block.serialize_entry("type", "resource")?;
                block.serialize_entry("resource", &ResourceJson(r))?;
                block.end()
            }
        }
    }
}

fn text_block<S: Serializer>(s: S, text: &str) -> Result<S::Ok, S::Error> {
    let mut block = s.serialize_map(Some(2))?;
    block.serialize_entry("type", "text")?;
    block.serialize_entry("text", text)?;
    block.end()
}

fn binary_block<S: Serializer>(
    s: S,
    kind: &str,
    data: &[u8],
    mime_type: &str,
) -> Result<S::Ok, S::Error> {
    let mut block = s.serialize_map(Some(3))?;
    block.serialize_entry("type", kind)?;
    block.serialize_entry("data", &BASE64.encode(data))?;
    block.serialize_entry("mimeType", mime_type)?;
    block.end()
}

/// An embedded resource's `resource` member.
struct ResourceJson<'a>(&'a EmbeddedResource);

impl Serialize for ResourceJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let r = self.0;
        let mut resource = s.serialize_map(None)?;
        resource.serialize_entry("uri", &r.uri)?;
        if let Some(m) = &r.mime_type {
            resource.serialize_entry("mimeType", m)?;
        }
        match &r.body {
            ResourceBody::Text(t) => resource.serialize_entry("text", t)?,
            ResourceBody::Blob(b) => resource.serialize_entry("blob", &BASE64.encode(b))?,
        }
        resource.end()
    }
}

/// A `Value` from a type whose [`Serialize`] implementation writes only
/// string-keyed maps, strings, numbers and booleans, which always succeeds.
fn to_value(v: &impl Serialize) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
}

/// A successful call's result.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ToolOutput {
    /// Content blocks, in order.
    pub content: Vec<Content>,
    /// Structured content (an object when the tool has an output schema).
    pub structured: Option<Value>,
}

impl ToolOutput {
    /// A result of one text block.
    pub fn text(text: impl Into<String>) -> ToolOutput {
        ToolOutput {
            content: vec![Content::text(text)],
            structured: None,
        }
    }

    /// A structured result; its text form is added when rendered to JSON.
    pub fn structured(value: Value) -> ToolOutput {
        ToolOutput {
            content: Vec::new(),
            structured: Some(value),
        }
    }
}

/// What a call answers: its output, or a classified error.
pub type ToolResult = Result<ToolOutput, ToolError>;

/// The MCP `CallToolResult` JSON object for a call's result, as
/// [`CallResultJson`] writes it.
pub fn call_result_json(result: &ToolResult) -> Value {
    to_value(&CallResultJson(result))
}

/// The bytes [`CallResultJson`] writes for `result`: what an output cap
/// must count, since it is what reaches the client (every item's JSON
/// framing, escapes, base64, and an error's message, which goes out twice).
pub fn wire_size(result: &ToolResult) -> usize {
    json_size(&CallResultJson(result))
}

/// The length of `value`'s JSON text, counted as it is written, without
/// keeping it.
pub fn json_size(value: &impl Serialize) -> usize {
    /// Counts what is written to it.
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0 += buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    // Writing to a counter cannot fail; a value that cannot serialise
    // counts what it wrote before failing.
    let _ = serde_json::to_writer(&mut count, value);
    count.0
}

/// A call's result in its MCP `CallToolResult` form, written straight to a
/// serializer (an answer's bytes are written without a `Value` tree).
///
/// A success lists its content; when it has structured content and no
/// content blocks, one text block holding the serialised JSON is added (MCP
/// asks servers to, for clients that ignore `structuredContent`). A failure
/// becomes `isError: true` with the message as text and
/// `structuredContent: {"error": {"kind": …, "message": …}}`.
#[derive(Debug, Clone, Copy)]
pub struct CallResultJson<'a>(pub &'a ToolResult);

impl Serialize for CallResultJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut obj = s.serialize_map(Some(3))?;
        match self.0 {
            Ok(output) => {
                match &output.structured {
                    Some(structured) if output.content.is_empty() => {
                        obj.serialize_entry("content", &[Content::Text(structured.to_string())])?;
                    }
                    _ => obj.serialize_entry("content", &output.content)?,
                }
                if let Some(structured) = &output.structured {
                    obj.serialize_entry("structuredContent", structured)?;
                }
                obj.serialize_entry("isError", &false)?;
            }
            Err(error) => {
                obj.serialize_entry("content", &[TextBlock(&error.message)])?;
                obj.serialize_entry("structuredContent", &ErrorEnvelope(error))?;
                obj.serialize_entry("isError", &true)?;
            }
        }
        obj.end()
    }
}

/// A text content block borrowing its text.
struct TextBlock<'a>(&'a str);

impl Serialize for TextBlock<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        text_block(s, self.0)
    }
}

/// A failed call's `structuredContent`: `{"error": {…details, kind, message}}`.
struct ErrorEnvelope<'a>(&'a ToolError);

impl Serialize for ErrorEnvelope<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut envelope = s.serialize_map(Some(1))?;
        envelope.serialize_entry("error", &ErrorDetail(self.0))?;
        envelope.end()
    }
}

/// The `error` object: the error's details, then `kind` and `message`,
/// which always win over details of the same name (a client branches on
/// them).
struct ErrorDetail<'a>(&'a ToolError);

impl Serialize for ErrorDetail<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let error = self.0;
        let mut detail = s.serialize_map(None)?;
        for (k, v) in error.details.iter().flatten() {
            if k != "kind" && k != "message" {
                detail.serialize_entry(k, v)?;
            }
        }
        detail.serialize_entry("kind", error.kind.as_str())?;
        detail.serialize_entry("message", &error.message)?;
        detail.end()
    }
}

/// The output schema `tools/list` advertises for a tool that declares
/// `declared`: the declared shape, or the error envelope every failed call
/// carries (`{"error": {"kind", "message", …}}`, see [`call_result_json`]).
///
/// MCP clients validate `structuredContent` against the advertised schema
/// whenever it is present — the official TypeScript SDK does so for error
/// results too — so advertising the declared shape alone would make every
/// tool error look like a schema violation and hide its message and kind.
pub fn advertised_output_schema(declared: &Value) -> Value {
    json!({
        "type": "object",
        "anyOf": [declared, error_envelope_schema()]
    })
}

/// The schema of a failed call's `structuredContent`.
pub fn error_envelope_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "error": {
                "type": "object",
                "properties": {
                    "kind": {"type": "string", "enum": ErrorKind::ALL.map(ErrorKind::as_str)},
                    "message": {"type": "string"}
                },
                "required": ["kind", "message"]
            }
        },
        "required": ["error"],
        "additionalProperties": false
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_details_sit_beside_kind_and_message_which_they_cannot_override() {
        let mut details = Map::new();
        details.insert("errors".into(), json!([{"line": 2, "column": 5}]));
        details.insert("kind".into(), json!("sneaky"));
        let r: ToolResult = Err(ToolError::compile_error("bad").with_details(details));
        let v = call_result_json(&r);
        assert_eq!(
            v["structuredContent"]["error"],
            json!({"kind": "compileError", "message": "bad", "errors": [{"line": 2, "column": 5}]})
        );
    }

    #[test]
    fn the_advertised_output_schema_admits_the_error_envelope() {
        let declared =
            json!({"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]});
        let advertised = advertised_output_schema(&declared);
        assert_eq!(advertised["type"], "object");
        assert_eq!(advertised["anyOf"][0], declared);
        let envelope = &advertised["anyOf"][1];
        assert_eq!(envelope["required"], json!(["error"]));
        assert_eq!(
            envelope["properties"]["error"]["properties"]["kind"]["enum"]
                .as_array()
                .unwrap()
                .len(),
            ErrorKind::ALL.len()
        );
    }

    #[test]
    fn error_result_carries_kind_and_message_as_mcp_expects() {
        let r: ToolResult = Err(ToolError::refused("Object is a kernel class"));
        assert_eq!(
            call_result_json(&r),
            json!({
                "content": [{"type": "text", "text": "Object is a kernel class"}],
                "structuredContent": {"error": {"kind": "refused", "message": "Object is a kernel class"}},
                "isError": true,
            })
        );
    }

    #[test]
    fn structured_only_result_gets_a_text_rendering() {
        let r: ToolResult = Ok(ToolOutput::structured(json!({"n": 3})));
        assert_eq!(
            call_result_json(&r),
            json!({
                "content": [{"type": "text", "text": "{\"n\":3}"}],
                "structuredContent": {"n": 3},
                "isError": false,
            })
        );
    }

    #[test]
    fn binary_content_is_base64_with_mime_type() {
        let image = Content::Image {
            data: vec![0xff, 0x00, 0x10],
            mime_type: "image/png".into(),
        };
        assert_eq!(
            image.to_json(),
            json!({"type": "image", "data": "/wAQ", "mimeType": "image/png"})
        );
        let res = Content::Resource(EmbeddedResource {
            uri: "acme://t".into(),
            mime_type: None,
            body: ResourceBody::Text("rows".into()),
        });
        assert_eq!(
            res.to_json(),
            json!({"type": "resource", "resource": {"uri": "acme://t", "text": "rows"}})
        );
    }

    #[test]
    fn kind_names_round_trip() {
        for kind in ErrorKind::ALL {
            assert_eq!(ErrorKind::from_name(kind.as_str()), Some(kind));
        }
        assert_eq!(ErrorKind::from_name("nope"), None);
    }
}

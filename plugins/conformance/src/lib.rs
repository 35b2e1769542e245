//! `conformance`: the fixture toolset the official MCP conformance suite
//! (`@modelcontextprotocol/conformance`, server scenarios) calls.
//!
//! Each suite scenario named `tools-call-*` calls one tool by a fixed name
//! and checks the shape of what comes back; this plug-in offers exactly
//! those tools, answering what each scenario expects. It touches no image
//! and needs no grant, so `scripts/clients.sh` can serve it from any image.
//!
//! The `resources-*`, `prompts-*` and `completion-complete` scenarios read
//! fixed resources and a template, get prompts and complete an argument
//! by fixed names too; the plug-in declares them through the SDK's
//! resources, templates and prompts (`gemstone:mcp@0.1.2`).
//! The `tools-call-sampling`, `tools-call-elicitation` and `elicitation-*`
//! scenarios call tools that ask the client through `gs_mcp_sdk::client`
//! (`gemstone:mcp@0.1.2`). What the suite still fails, and why, is in its
//! baselines, `tests/clients/conformance-baseline-<revision>.yml`.

use std::time::Duration;

use gs_mcp_sdk::{
    Content, Contents, Error, Output, Prompt, PromptMessage, PromptReply, Resource,
    ResourceTemplate, Schema, Tool, Toolset, Values, client, log,
};
use serde::Deserialize;
use serde_json::json;

/// The arguments of every tool here: none (the schema is closed).
#[derive(Deserialize)]
struct NoArgs {}

/// A 1×1 red PNG (RGB, 8 bits per channel, one zlib-compressed scanline),
/// the smallest image every client can decode.
const RED_PIXEL_PNG: [u8; 69] = [
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53,
    0xde, 0x00, 0x00, 0x00, 0x0c, 0x49, 0x44, 0x41, 0x54, 0x78, 0xda, 0x63, 0xf8, 0xcf, 0xc0, 0x00,
    0x00, 0x03, 0x01, 0x01, 0x00, 0xf7, 0x03, 0x41, 0x43, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e,
    0x44, 0xae, 0x42, 0x60, 0x82,
];

/// The pause between the notifications of the logging and progress tools:
/// the suite wants them spread over the call, not sent in one burst, to
/// prove a client receives notifications while the call is still running.
const STEP: Duration = Duration::from_millis(50);

/// A valid WAV file: 8 kHz mono 8-bit PCM, `samples` samples of silence
/// (unsigned 8-bit PCM is silent at 128).
fn silent_wav(samples: u32) -> Vec<u8> {
    const RATE: u32 = 8000;
    let mut wav = Vec::with_capacity(44 + samples as usize);
    wav.extend_from_slice(b"RIFF");
    wav.extend_from_slice(&(36 + samples).to_le_bytes());
    wav.extend_from_slice(b"WAVE");
    wav.extend_from_slice(b"fmt ");
    wav.extend_from_slice(&16u32.to_le_bytes()); // size of the PCM format block
    wav.extend_from_slice(&1u16.to_le_bytes()); // PCM
    wav.extend_from_slice(&1u16.to_le_bytes()); // channels
    wav.extend_from_slice(&RATE.to_le_bytes()); // sample rate
    wav.extend_from_slice(&RATE.to_le_bytes()); // byte rate (one byte per sample)
    wav.extend_from_slice(&1u16.to_le_bytes()); // block align
    wav.extend_from_slice(&8u16.to_le_bytes()); // bits per sample
    wav.extend_from_slice(b"data");
    wav.extend_from_slice(&samples.to_le_bytes());
    wav.resize(44 + samples as usize, 0x80);
    wav
}

/// The input schema of `json_schema_2020_12_tool`: JSON Schema 2020-12
/// keywords (`$schema`, `$defs` with an `$anchor`, `$ref`, `allOf` /
/// `anyOf`, `if` / `then` / `else`) that every layer from the SDK to
/// `tools/list` must pass on unchanged (SEP-1613, SEP-2106).
fn json_schema_2020_12() -> Schema {
    Schema::raw(json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "$defs": {
            "address": {
                "$anchor": "addressDef",
                "type": "object",
                "properties": {"street": {"type": "string"}, "city": {"type": "string"}}
            }
        },
        "properties": {
            "name": {"type": "string"},
            "address": {"$ref": "#/$defs/address"},
            "contactMethod": {"type": "string", "enum": ["phone", "email"]},
            "phone": {"type": "string"},
            "email": {"type": "string"}
        },
        "allOf": [{"anyOf": [{"required": ["phone"]}, {"required": ["email"]}]}],
        "if": {"properties": {"contactMethod": {"const": "phone"}}, "required": ["contactMethod"]},
        "then": {"required": ["phone"]},
        "else": {"required": ["email"]},
        "additionalProperties": false
    }))
}

/// Answers which of its arguments it was given.
fn json_schema_tool(
    arguments: serde_json::Map<String, serde_json::Value>,
) -> Result<Output, Error> {
    let given: Vec<&str> = arguments.keys().map(String::as_str).collect();
    Ok(Output::text(format!("Received: {}", given.join(", "))))
}

/// The arguments of `test_custom_headers`.
#[derive(Deserialize)]
struct Region {
    region: String,
}

/// Echoes its `region`, which a 2026-07-28 client mirrors into the
/// `Mcp-Param-Region` header (the schema marks it `x-mcp-header`); the
/// server checks the two agree before the call runs.
fn custom_headers(args: Region) -> Result<Output, Error> {
    Ok(Output::text(format!("Region: {}", args.region)))
}

/// The arguments of `test_sampling`.
#[derive(Deserialize)]
struct SamplingArgs {
    prompt: String,
}

/// Asks the client's model to answer `prompt`.
fn sampling(args: SamplingArgs) -> Result<Output, Error> {
    let answer = client::sample_text(&args.prompt, 100)?;
    Ok(Output::text(format!("LLM response: {answer}")))
}

/// Needs sampling: a client that did not declare it is refused before it
/// is asked.
fn missing_capability(_: NoArgs) -> Result<Output, Error> {
    let answer = client::sample_text("Say hello.", 10)?;
    Ok(Output::text(format!("LLM response: {answer}")))
}

/// The arguments of `test_elicitation`.
#[derive(Deserialize)]
struct ElicitationArgs {
    message: String,
}

/// The user's answer, as the elicitation scenarios expect it shown.
fn elicited(lead: &str, answer: &client::Elicited) -> Output {
    let action = match answer.action {
        client::Action::Accept => "accept",
        client::Action::Decline => "decline",
        client::Action::Cancel => "cancel",
    };
    Output::text(format!(
        "{lead}: action={action}, content={}",
        serde_json::Value::Object(answer.content.clone())
    ))
}

/// Asks the user for a user name and an e-mail address.
fn elicitation(args: ElicitationArgs) -> Result<Output, Error> {
    let form = Schema::object()
        .required("username", Schema::string().describe("User's response"))
        .required("email", Schema::string().describe("User's email address"));
    let answer = client::elicit(&args.message, form)?;
    Ok(elicited("User response", &answer))
}

/// Asks with a default for every primitive type (SEP-1034).
fn elicitation_defaults(_: NoArgs) -> Result<Output, Error> {
    let form = Schema::object()
        .required("name", Schema::string().with("default", json!("John Doe")))
        .required("age", Schema::integer().with("default", json!(30)))
        .required("score", Schema::number().with("default", json!(95.5)))
        .required(
            "status",
            Schema::one_of(&["active", "inactive", "pending"]).with("default", json!("active")),
        )
        .required("verified", Schema::boolean().with("default", json!(true)));
    let answer = client::elicit("Please review and update the form fields", form)?;
    Ok(elicited("Elicitation completed", &answer))
}

/// Asks with each of the five enum forms (SEP-1330).
fn elicitation_enums(_: NoArgs) -> Result<Output, Error> {
    let options = |values: &[(&str, &str)]| -> serde_json::Value {
        values
            .iter()
            .map(|(value, title)| json!({"const": value, "title": title}))
            .collect()
    };
    let form = Schema::raw(json!({
        "type": "object",
        "properties": {
            "untitledSingle": {"type": "string", "enum": ["option1", "option2", "option3"]},
            "titledSingle": {"type": "string", "oneOf": options(&[
                ("value1", "First Option"), ("value2", "Second Option"), ("value3", "Third Option"),
            ])},
            "legacyEnum": {"type": "string", "enum": ["opt1", "opt2", "opt3"],
                           "enumNames": ["Option One", "Option Two", "Option Three"]},
            "untitledMulti": {"type": "array",
                              "items": {"type": "string", "enum": ["option1", "option2", "option3"]}},
            "titledMulti": {"type": "array", "items": {"anyOf": options(&[
                ("value1", "First Choice"), ("value2", "Second Choice"), ("value3", "Third Choice"),
            ])}},
        },
    }));
    let answer = client::elicit("Choose from each kind of list", form)?;
    Ok(elicited("Elicitation completed", &answer))
}

fn simple_text(_: NoArgs) -> Result<Output, Error> {
    Ok(Output::text("This is a simple text response for testing."))
}

fn image_content(_: NoArgs) -> Result<Output, Error> {
    Ok(Output::empty().with_image(RED_PIXEL_PNG.to_vec(), "image/png"))
}

fn audio_content(_: NoArgs) -> Result<Output, Error> {
    // A tenth of a second.
    Ok(Output::empty().with_audio(silent_wav(800), "audio/wav"))
}

fn embedded_resource(_: NoArgs) -> Result<Output, Error> {
    Ok(Output::empty().with_text_resource(
        "test://embedded-resource",
        Some("text/plain"),
        "This is an embedded resource content.",
    ))
}

fn multiple_content_types(_: NoArgs) -> Result<Output, Error> {
    Ok(Output::text("Multiple content types test:")
        .with_image(RED_PIXEL_PNG.to_vec(), "image/png")
        .with_text_resource(
            "test://mixed-content-resource",
            Some("application/json"),
            r#"{"test":"data","value":123}"#,
        ))
}

fn error_handling(_: NoArgs) -> Result<Output, Error> {
    Err(Error::other(
        "This tool intentionally returns an error for testing",
    ))
}

fn tool_with_logging(_: NoArgs) -> Result<Output, Error> {
    log::info("Tool execution started");
    std::thread::sleep(STEP);
    log::info("Tool processing data");
    std::thread::sleep(STEP);
    log::info("Tool execution completed");
    Ok(Output::text("Tool with logging executed successfully"))
}

fn tool_with_progress(_: NoArgs) -> Result<Output, Error> {
    // The host forwards progress only when the request carried a
    // `progressToken`; without one this is the same work, silently.
    for (i, done) in [0.0, 50.0, 100.0].into_iter().enumerate() {
        if i > 0 {
            std::thread::sleep(STEP);
        }
        log::progress(done, Some(100.0), None);
    }
    Ok(Output::text("Tool with progress executed successfully"))
}

/// `resources-read-text`: fixed text with its media type.
fn static_text() -> Result<Vec<Contents>, Error> {
    Ok(vec![
        Contents::text(
            "test://static-text",
            "This is the content of the static text resource.",
        )
        .mime_type("text/plain"),
    ])
}

/// `resources-read-binary`: a PNG as a blob.
fn static_binary() -> Result<Vec<Contents>, Error> {
    Ok(vec![
        Contents::blob("test://static-binary", RED_PIXEL_PNG.to_vec()).mime_type("image/png"),
    ])
}

/// `resources-subscribe` / `-unsubscribe` subscribe to this URI; it exists
/// so that it can be read too.
fn watched() -> Result<Vec<Contents>, Error> {
    Ok(vec![
        Contents::text(
            "test://watched-resource",
            "A resource clients subscribe to.",
        )
        .mime_type("text/plain"),
    ])
}

/// `resources-templates-read`: the id substituted into JSON text.
fn template_data(uri: &str, values: &Values) -> Result<Vec<Contents>, Error> {
    let id = &values["id"];
    let text = serde_json::json!({
        "id": id,
        "templateTest": true,
        "data": format!("Data for ID: {id}"),
    })
    .to_string();
    Ok(vec![
        Contents::text(uri, text).mime_type("application/json"),
    ])
}

/// `prompts-get-with-args`: both arguments quoted into the text.
fn prompt_with_arguments(args: &Values) -> Result<PromptReply, Error> {
    Ok(PromptReply::user_text(format!(
        "Prompt with arguments: arg1='{}', arg2='{}'",
        args["arg1"], args["arg2"]
    )))
}

/// `prompts-get-embedded-resource`: the named resource embedded, then an
/// instruction.
fn prompt_with_embedded_resource(args: &Values) -> Result<PromptReply, Error> {
    Ok(PromptReply::new(vec![
        PromptMessage::user(Content::TextResource {
            uri: args["resourceUri"].clone(),
            mime_type: Some("text/plain".into()),
            text: "Embedded resource content for testing.".into(),
        }),
        PromptMessage::user(Content::Text(
            "Please process the embedded resource above.".into(),
        )),
    ]))
}

/// `prompts-get-with-image`: an image, then an instruction.
fn prompt_with_image(_: &Values) -> Result<PromptReply, Error> {
    Ok(PromptReply::new(vec![
        PromptMessage::user(Content::Image {
            data: RED_PIXEL_PNG.to_vec(),
            mime_type: "image/png".into(),
        }),
        PromptMessage::user(Content::Text("Please analyze the image above.".into())),
    ]))
}

/// `completion-complete` completes `arg1` of `test_prompt_with_arguments`:
/// the words of a fixed list that start with what was typed.
fn complete_arg1(value: &str, _: &Values) -> Vec<String> {
    ["paris", "park", "party", "test", "testing", "tested"]
        .into_iter()
        .filter(|w| w.starts_with(value))
        .map(String::from)
        .collect()
}

/// The resources, template and prompts of the suite's scenarios.
fn offers(toolset: Toolset) -> Toolset {
    toolset
        .resource(
            Resource::new("test://static-text", "static-text", static_text)
                .description("A fixed text resource (conformance fixture).")
                .mime_type("text/plain"),
        )
        .resource(
            Resource::new("test://static-binary", "static-binary", static_binary)
                .description("A fixed PNG image (conformance fixture).")
                .mime_type("image/png"),
        )
        .resource(
            Resource::new("test://watched-resource", "watched-resource", watched)
                .description("A resource to subscribe to (conformance fixture).")
                .mime_type("text/plain"),
        )
        .template(
            ResourceTemplate::new("test://template/{id}/data", "template-data", template_data)
                .description("JSON data for an id (conformance fixture).")
                .mime_type("application/json"),
        )
        .prompt(
            Prompt::new("test_simple_prompt", |_| {
                Ok(PromptReply::user_text(
                    "This is a simple prompt for testing.",
                ))
            })
            .description("A prompt without arguments (conformance fixture)."),
        )
        .prompt(
            Prompt::new("test_prompt_with_arguments", prompt_with_arguments)
                .description("A prompt with two arguments (conformance fixture).")
                .argument("arg1", "First test argument", true)
                .argument("arg2", "Second test argument", true)
                .complete("arg1", complete_arg1),
        )
        .prompt(
            Prompt::new(
                "test_prompt_with_embedded_resource",
                prompt_with_embedded_resource,
            )
            .description("A prompt embedding a resource (conformance fixture).")
            .argument("resourceUri", "URI of the resource to embed", true),
        )
        .prompt(
            Prompt::new("test_prompt_with_image", prompt_with_image)
                .description("A prompt with an image (conformance fixture)."),
        )
}

fn toolset() -> Toolset {
    let tool = |name: &str, description: &str, handler: fn(NoArgs) -> Result<Output, Error>| {
        Tool::new(name, description, handler)
            .input(Schema::object())
            .read_only_safe()
    };
    offers(Toolset::new("conformance", env!("CARGO_PKG_VERSION")))
        .tool(
            Tool::new(
                "json_schema_2020_12_tool",
                "Tool with JSON Schema 2020-12 features",
                json_schema_tool,
            )
            .input(json_schema_2020_12())
            .read_only_safe(),
        )
        .tool(
            Tool::new(
                "test_custom_headers",
                "A tool whose region argument is mirrored into an HTTP header (conformance \
                 fixture).",
                custom_headers,
            )
            .input(
                Schema::object().required(
                    "region",
                    Schema::string()
                        .describe("A region name")
                        .with("x-mcp-header", json!("Region")),
                ),
            )
            .read_only_safe(),
        )
        .tool(
            Tool::new(
                "test_sampling",
                "Asks the client's model to answer a prompt (conformance fixture).",
                sampling,
            )
            .input(Schema::object().required("prompt", Schema::string().describe("The prompt")))
            .read_only_safe(),
        )
        .tool(
            Tool::new(
                "test_elicitation",
                "Asks the user for a user name and an e-mail address (conformance fixture).",
                elicitation,
            )
            .input(Schema::object().required(
                "message",
                Schema::string().describe("The message to show the user"),
            ))
            .read_only_safe(),
        )
        .tool(tool(
            "test_elicitation_sep1034_defaults",
            "Asks the user with a default for every field (conformance fixture).",
            elicitation_defaults,
        ))
        .tool(tool(
            "test_elicitation_sep1330_enums",
            "Asks the user with each kind of enum (conformance fixture).",
            elicitation_enums,
        ))
        .tool(tool(
            "test_missing_capability",
            "Asks the client's model something, so it needs the client's sampling capability \
             (conformance fixture).",
            missing_capability,
        ))
        .tool(tool(
            "test_logging_tool",
            "Sends three info log lines 50 ms apart, then answers: the stateless scenario's \
             name for test_tool_with_logging (conformance fixture).",
            tool_with_logging,
        ))
        .tool(tool(
            "test_simple_text",
            "Answers one fixed text block (conformance fixture).",
            simple_text,
        ))
        .tool(tool(
            "test_image_content",
            "Answers a 1x1 red PNG image (conformance fixture).",
            image_content,
        ))
        .tool(tool(
            "test_audio_content",
            "Answers a short silent WAV clip (conformance fixture).",
            audio_content,
        ))
        .tool(tool(
            "test_embedded_resource",
            "Answers one embedded text resource (conformance fixture).",
            embedded_resource,
        ))
        .tool(tool(
            "test_multiple_content_types",
            "Answers a text, an image and an embedded JSON resource (conformance fixture).",
            multiple_content_types,
        ))
        .tool(tool(
            "test_error_handling",
            "Always fails with isError: true (conformance fixture).",
            error_handling,
        ))
        .tool(tool(
            "test_tool_with_logging",
            "Sends three info log lines 50 ms apart, then answers (conformance fixture).",
            tool_with_logging,
        ))
        .tool(tool(
            "test_tool_with_progress",
            "Reports progress 0, 50 and 100 of 100, 50 ms apart, then answers \
             (conformance fixture).",
            tool_with_progress,
        ))
}

gs_mcp_sdk::export_toolset!(toolset);

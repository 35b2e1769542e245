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
//! (`gemstone:mcp@0.1.2`). The `input-required-result-*` scenarios
//! (revision 2026-07-28, multi round-trip requests, SEP-2322) call tools
//! and get a prompt that ask under the keys the suite expects
//! (`client::elicit_keyed` and its siblings, `gemstone:mcp@0.1.4`): the
//! server answers a stateless request `input_required` with every request
//! its call made without an answer, and the tool runs again from the
//! start when the suite retries with the answers. What the suite still
//! fails, and why, is in its baselines,
//! `tests/clients/conformance-baseline-<revision>.yml`.

use std::time::Duration;

use gs_mcp_sdk::client::{self, Question};
use gs_mcp_sdk::{
    Content, Contents, Error, ErrorKind, Output, Prompt, PromptMessage, PromptReply, Resource,
    ResourceTemplate, Schema, TaskSupport, Tool, Toolset, Values, log,
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

/// `server-stateless` checks that a stateless call which elicits streams
/// no request of its own to the client: the server answers it
/// `input_required` (under the automatic key `elicitation`) instead. In a
/// session the user is asked as usual.
fn streaming_elicitation(_: NoArgs) -> Result<Output, Error> {
    let answer = client::elicit("Please provide your name", name_form())?;
    Ok(elicited("Elicitation completed", &answer))
}

/// A form of one required field, as the `input-required-result-*`
/// scenarios spell it (no `additionalProperties`).
fn one_field_form(field: &str, kind: &str) -> Schema {
    Schema::raw(json!({
        "type": "object",
        "properties": {field: {"type": kind}},
        "required": [field],
    }))
}

/// The form asking for a `name`.
fn name_form() -> Schema {
    one_field_form("name", "string")
}

/// The question under `user_name`.
fn user_name() -> Question {
    Question::elicit("user_name", "What is your name?", name_form())
}

/// Field `field` of an elicitation's answer, as text: a string as it is,
/// anything else as JSON; a placeholder saying what the user did when the
/// field is missing (a declined or cancelled form).
fn field(answer: &client::Elicited, field: &str) -> String {
    match answer.content.get(field) {
        Some(serde_json::Value::String(text)) => text.clone(),
        Some(other) => other.to_string(),
        None => format!("(no {field}: the user chose {:?})", answer.action),
    }
}

/// The roots' URIs, comma-separated.
fn root_uris(roots: &[client::Root]) -> String {
    if roots.is_empty() {
        return "(none)".to_string();
    }
    roots
        .iter()
        .map(|r| r.uri.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `input-required-result-basic-elicitation` (and the scenarios reusing
/// its tool): the user's name under `user_name`.
fn input_required_elicitation(_: NoArgs) -> Result<Output, Error> {
    let answer = user_name().ask()?.elicited()?;
    Ok(Output::text(format!("Hello, {}!", field(&answer, "name"))))
}

/// `input-required-result-basic-sampling`: the model's answer under
/// `capital_question`.
fn input_required_sampling(_: NoArgs) -> Result<Output, Error> {
    let answer =
        client::sample_text_keyed("capital_question", "What is the capital of France?", 100)?;
    Ok(Output::text(answer))
}

/// `input-required-result-basic-list-roots`: the client's roots under
/// `client_roots`.
fn input_required_list_roots(_: NoArgs) -> Result<Output, Error> {
    let roots = client::roots_keyed("client_roots")?;
    Ok(Output::text(format!("Client roots: {}", root_uris(&roots))))
}

/// `input-required-result-request-state` and `-tampered-state`: a
/// confirmation under `confirm`. The server checks the retried request's
/// `requestState` before the tool runs again, so reaching the answer means
/// the state was valid.
fn input_required_confirm(_: NoArgs) -> Result<Output, Error> {
    let answer =
        client::elicit_keyed("confirm", "Please confirm", one_field_form("ok", "boolean"))?;
    Ok(Output::text(format!(
        "state-ok: the request state was valid; confirmed: {}",
        field(&answer, "ok")
    )))
}

/// `input-required-result-multiple-input-requests`: a name, a greeting
/// and the roots, asked in one round.
fn input_required_multiple_inputs(_: NoArgs) -> Result<Output, Error> {
    let answers = client::ask_all([
        user_name(),
        Question::sample_text("greeting", "Generate a greeting", 50),
        Question::roots("client_roots"),
    ])?;
    let name = answers[0].elicited()?;
    let greeting = answers[1].text()?;
    let roots = answers[2].roots()?;
    Ok(Output::text(format!(
        "Name: {}; greeting: {greeting}; roots: {}",
        field(&name, "name"),
        root_uris(&roots)
    )))
}

/// `input-required-result-multi-round`: the second question is asked only
/// once the first is answered, so in a stateless request they come in two
/// rounds.
fn input_required_multi_round(_: NoArgs) -> Result<Output, Error> {
    let name = client::elicit_keyed("step1", "Step 1: What is your name?", name_form())?;
    let color = client::elicit_keyed(
        "step2",
        "Step 2: What is your favorite color?",
        one_field_form("color", "string"),
    )?;
    Ok(Output::text(format!(
        "{}'s favorite color is {}",
        field(&name, "name"),
        field(&color, "color")
    )))
}

/// `input-required-result-capability-check`: asks by elicitation and by
/// sampling in one round, and goes on without what the client cannot
/// answer (the server refuses a request the client declared no capability
/// for, so a stateless client is asked only what it can answer).
fn input_required_capabilities(_: NoArgs) -> Result<Output, Error> {
    let outcomes = client::ask_each([
        Question::elicit("user_input", "What is your name?", name_form()),
        Question::sample_text("capital_question", "What is the capital of France?", 100),
    ]);
    let mut got = Vec::new();
    let mut skipped = Vec::new();
    let mut first_failure = None;
    for (outcome, key) in outcomes.into_iter().zip(["user_input", "capital_question"]) {
        match outcome {
            Ok(answer) => got.push(answer),
            Err(f) if f.kind == ErrorKind::Refused => skipped.push(key),
            Err(f) => {
                first_failure.get_or_insert(f);
            }
        }
    }
    if let Some(failure) = first_failure {
        return Err(failure.into());
    }
    let mut lines = Vec::new();
    for answer in &got {
        let text = match answer.request {
            client::ClientRequest::Sampling => answer.text()?,
            _ => field(&answer.elicited()?, "name"),
        };
        lines.push(format!("{}: {text}", answer.key));
    }
    if !skipped.is_empty() {
        lines.push(format!(
            "skipped (capability not declared): {}",
            skipped.join(", ")
        ));
    }
    Ok(Output::text(lines.join("\n")))
}

/// `input-required-result-non-tool-request`: a prompt that asks the user
/// for its context under `user_context` (a prompt asks as a tool does).
fn input_required_prompt(_: &Values) -> Result<PromptReply, Error> {
    let answer = client::elicit_keyed(
        "user_context",
        "What context should the prompt use?",
        one_field_form("context", "string"),
    )?;
    Ok(PromptReply::user_text(format!(
        "Answer with this context in mind: {}",
        field(&answer, "context")
    )))
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

/// The arguments of `slow_compute`.
#[derive(Deserialize)]
struct Compute {
    seconds: f64,
    #[serde(default)]
    label: String,
}

/// Sleeps `seconds` in steps, stopping early, with an error, once the call
/// is cancelled (so a cancelled task settles `cancelled` at once).
fn sleep_unless_cancelled(seconds: f64) -> Result<(), Error> {
    let mut left = Duration::from_secs_f64(seconds.clamp(0.0, 600.0));
    while !left.is_zero() {
        if client::cancelled() {
            return Err(Error::other("the call was cancelled"));
        }
        let step = left.min(STEP);
        std::thread::sleep(step);
        left -= step;
    }
    Ok(())
}

/// `tasks-*` (SEP-2663): starts a task, then sleeps `seconds` and answers.
fn slow_compute(args: Compute) -> Result<Output, Error> {
    client::start_task(Some(&format!("computing {}", args.label)));
    sleep_unless_cancelled(args.seconds)?;
    Ok(Output::text(format!(
        "Computed {} after {} s",
        args.label, args.seconds
    )))
}

/// `tasks-lifecycle`, `tasks-required-task-error`: a task (required) whose
/// tool fails after about a second, so the task completes with
/// `isError: true`.
fn failing_job(_: NoArgs) -> Result<Output, Error> {
    client::start_task(Some("working, about to fail"));
    sleep_unless_cancelled(1.0)?;
    Err(Error::other(
        "failing_job always fails (conformance fixture)",
    ))
}

/// `tasks-lifecycle`: a task whose call ends in a JSON-RPC error, so the
/// task fails. After starting the task it asks the client for its roots,
/// which the suite's client does not declare: the server answers that
/// -32021 (missing client capability), and the task carries it.
fn protocol_error_job(_: NoArgs) -> Result<Output, Error> {
    client::start_task(Some("working, about to need the client's roots"));
    let roots = client::roots_keyed("roots_for_the_job")?;
    Ok(Output::text(format!(
        "The client declared roots after all: {}",
        root_uris(&roots)
    )))
}

/// The arguments of `confirm_delete`.
#[derive(Deserialize)]
struct Delete {
    filename: String,
}

/// `tasks-mrtr-input`, `tasks-dispatch-and-envelope`: a task that asks
/// the user to confirm, then says what it did (it deletes nothing).
fn confirm_delete(args: Delete) -> Result<Output, Error> {
    client::start_task(Some("waiting for the user's confirmation"));
    let answer = client::elicit_keyed(
        "confirm_delete",
        &format!("Delete {}?", args.filename),
        one_field_form("confirm", "boolean"),
    )?;
    let confirmed = answer.content.get("confirm") == Some(&json!(true));
    Ok(Output::text(if confirmed {
        format!(
            "Deleted {} (conformance fixture: nothing was deleted)",
            args.filename
        )
    } else {
        format!("Kept {}", args.filename)
    }))
}

/// `tasks-mrtr-input` (partial fulfilment): a task that asks two
/// questions at once.
fn multi_input(_: NoArgs) -> Result<Output, Error> {
    client::start_task(Some("waiting for two answers"));
    let answers = client::ask_all([
        Question::elicit("first", "First: your name?", name_form()),
        Question::elicit("second", "Second: your name again?", name_form()),
    ])?;
    let (first, second) = (answers[0].elicited()?, answers[1].elicited()?);
    Ok(Output::text(format!(
        "First: {}; second: {}",
        field(&first, "name"),
        field(&second, "name")
    )))
}

/// `tasks-mrtr-composition`: asks the user's name of the request itself
/// (`input_required`), then, with the answer, starts a task (required)
/// that greets them.
fn tool_with_task(_: NoArgs) -> Result<Output, Error> {
    let answer = user_name().ask()?.elicited()?;
    client::start_task(Some("greeting"));
    Ok(Output::text(format!("Hello, {}!", field(&answer, "name"))))
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
        .prompt(
            Prompt::new("test_input_required_result_prompt", input_required_prompt).description(
                "A prompt that asks the user for its context first (conformance fixture).",
            ),
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
        .tool(
            Tool::new(
                "slow_compute",
                "Starts a task, sleeps `seconds`, then answers (tasks conformance fixture).",
                slow_compute,
            )
            .input(
                Schema::object()
                    .required("seconds", Schema::number().describe("How long to work"))
                    .optional("label", Schema::string().describe("A label for the answer")),
            )
            .read_only_safe()
            .tasks(TaskSupport::Optional),
        )
        .tool(
            tool(
                "failing_job",
                "A task that fails after about a second (tasks conformance fixture).",
                failing_job,
            )
            .tasks(TaskSupport::Required),
        )
        .tool(
            tool(
                "protocol_error_job",
                "A task whose call ends in a JSON-RPC error (tasks conformance fixture).",
                protocol_error_job,
            )
            .tasks(TaskSupport::Optional),
        )
        .tool(
            Tool::new(
                "confirm_delete",
                "A task that asks the user to confirm deleting a file; deletes nothing (tasks \
                 conformance fixture).",
                confirm_delete,
            )
            .input(Schema::object().required("filename", Schema::string()))
            .read_only_safe()
            .tasks(TaskSupport::Optional),
        )
        .tool(
            tool(
                "multi_input",
                "A task that asks two questions at once (tasks conformance fixture).",
                multi_input,
            )
            .tasks(TaskSupport::Optional),
        )
        .tool(
            tool(
                "test_tool_with_task",
                "Asks the user's name, then greets them as a task (tasks conformance fixture).",
                tool_with_task,
            )
            .tasks(TaskSupport::Required),
        )
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
        .tool(tool(
            "test_streaming_elicitation",
            "Asks the user for a name, under the automatic key (conformance fixture).",
            streaming_elicitation,
        ))
        .tool(tool(
            "test_input_required_result_elicitation",
            "Asks the user's name under the key user_name and greets them (conformance \
             fixture).",
            input_required_elicitation,
        ))
        .tool(tool(
            "test_input_required_result_sampling",
            "Asks the client's model the capital of France under the key capital_question \
             (conformance fixture).",
            input_required_sampling,
        ))
        .tool(tool(
            "test_input_required_result_list_roots",
            "Lists the client's roots under the key client_roots (conformance fixture).",
            input_required_list_roots,
        ))
        .tool(tool(
            "test_input_required_result_request_state",
            "Asks for a confirmation under the key confirm; answering means the request state \
             was valid (conformance fixture).",
            input_required_confirm,
        ))
        .tool(tool(
            "test_input_required_result_multiple_inputs",
            "Asks a name (user_name), a greeting (greeting) and the roots (client_roots) in one \
             round (conformance fixture).",
            input_required_multiple_inputs,
        ))
        .tool(tool(
            "test_input_required_result_multi_round",
            "Asks a name (step1), then a favorite color (step2) in a second round \
             (conformance fixture).",
            input_required_multi_round,
        ))
        .tool(tool(
            "test_input_required_result_tampered_state",
            "Asks for a confirmation under the key confirm; a tampered request state is \
             refused before it runs again (conformance fixture).",
            input_required_confirm,
        ))
        .tool(tool(
            "test_input_required_result_capabilities",
            "Asks a name (user_input) and the model (capital_question) in one round, skipping \
             what the client declared no capability for (conformance fixture).",
            input_required_capabilities,
        ))
}

gs_mcp_sdk::export_toolset!(toolset);

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use gs_mcp_sdk::testing::MockHost;
    use serde_json::{Map, Value};

    fn accepted(content: Value) -> Value {
        json!({"action": "accept", "content": content})
    }

    fn sampled(text: &str) -> Value {
        json!({"role": "assistant", "content": {"type": "text", "text": text},
               "model": "test-model", "stopReason": "endTurn"})
    }

    fn test_roots() -> Value {
        json!({"roots": [{"uri": "file:///test/root", "name": "Test Root"}]})
    }

    fn form(field: &str, kind: &str) -> Value {
        json!({"type": "object", "properties": {field: {"type": kind}}, "required": [field]})
    }

    /// Calls `tool` in a stateless request that carries no answers it
    /// needs: the call fails, and the server would answer the requests it
    /// made by key.
    fn unanswered(host: &MockHost, tool: &str) -> Map<String, Value> {
        let e = host.call(&toolset(), tool, "{}").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Other, "{}", e.message);
        host.input_requests()
    }

    fn text(host: &MockHost, tool: &str) -> String {
        host.call(&toolset(), tool, "{}").unwrap().text_content()
    }

    fn keys(asked: &Map<String, Value>) -> Vec<&str> {
        asked.keys().map(String::as_str).collect()
    }

    #[test]
    fn task_fixtures_start_their_task_only_for_a_client_declaring_the_extension() {
        let args = r#"{"seconds": 0, "label": "now"}"#;
        let host = MockHost::new().declares_tasks();
        let out = host.call(&toolset(), "slow_compute", args).unwrap();
        assert_eq!(out.text_content(), "Computed now after 0 s");
        assert_eq!(host.task_started(), Some(Some("computing now".into())));
        let host = MockHost::new();
        host.call(&toolset(), "slow_compute", args).unwrap();
        assert_eq!(host.task_started(), None);
        let failed = MockHost::new().declares_tasks();
        let e = failed.call(&toolset(), "failing_job", "{}").unwrap_err();
        assert!(e.message.contains("always fails"), "{}", e.message);
        assert!(failed.task_started().is_some());
    }

    #[test]
    fn task_fixtures_ask_under_their_keys() {
        let host = MockHost::new().declares_tasks().stateless();
        let asked = host
            .call(&toolset(), "confirm_delete", r#"{"filename": "a.txt"}"#)
            .map(|_| Map::new())
            .unwrap_or_else(|_| host.input_requests());
        assert_eq!(keys(&asked), ["confirm_delete"]);
        assert_eq!(
            asked["confirm_delete"]["params"]["message"],
            "Delete a.txt?"
        );
        let host = host.input_response("confirm_delete", accepted(json!({"confirm": true})));
        let out = host
            .call(&toolset(), "confirm_delete", r#"{"filename": "a.txt"}"#)
            .unwrap();
        assert!(out.text_content().starts_with("Deleted a.txt"));

        let host = MockHost::new().declares_tasks().stateless();
        assert_eq!(keys(&unanswered(&host, "multi_input")), ["first", "second"]);

        // The name is asked before the task starts: unanswered, no task.
        let host = MockHost::new().declares_tasks().stateless();
        assert_eq!(
            keys(&unanswered(&host, "test_tool_with_task")),
            ["user_name"]
        );
        assert_eq!(host.task_started(), None);
        let host = host.input_response("user_name", accepted(json!({"name": "Alice"})));
        assert_eq!(text(&host, "test_tool_with_task"), "Hello, Alice!");
        assert!(host.task_started().is_some());
    }

    #[test]
    fn elicitation_asks_user_name_then_greets() {
        let host = MockHost::new().stateless();
        let asked = unanswered(&host, "test_input_required_result_elicitation");
        assert_eq!(
            Value::Object(asked),
            json!({"user_name": {"method": "elicitation/create", "params": {
                "message": "What is your name?", "requestedSchema": form("name", "string")}}})
        );
        let host = host.input_response("user_name", accepted(json!({"name": "Alice"})));
        assert_eq!(
            text(&host, "test_input_required_result_elicitation"),
            "Hello, Alice!"
        );
        // Extra answers are ignored; a missing one is asked again.
        let host = MockHost::new().input_response("wrong_key", accepted(json!({"data": "wrong"})));
        let asked = unanswered(&host, "test_input_required_result_elicitation");
        assert_eq!(keys(&asked), ["user_name"]);
    }

    #[test]
    fn sampling_and_roots_ask_under_their_keys() {
        let host = MockHost::new().stateless();
        let asked = unanswered(&host, "test_input_required_result_sampling");
        assert_eq!(
            Value::Object(asked),
            json!({"capital_question": {"method": "sampling/createMessage", "params": {
                "messages": [{"role": "user", "content": {"type": "text",
                              "text": "What is the capital of France?"}}],
                "maxTokens": 100}}})
        );
        let asked = unanswered(&host, "test_input_required_result_list_roots");
        assert_eq!(
            Value::Object(asked),
            json!({"client_roots": {"method": "roots/list", "params": {}}})
        );
        let host = host
            .input_response(
                "capital_question",
                sampled("The capital of France is Paris."),
            )
            .input_response("client_roots", test_roots());
        assert_eq!(
            text(&host, "test_input_required_result_sampling"),
            "The capital of France is Paris."
        );
        assert_eq!(
            text(&host, "test_input_required_result_list_roots"),
            "Client roots: file:///test/root"
        );
    }

    #[test]
    fn confirmations_answer_state_ok() {
        for tool in [
            "test_input_required_result_request_state",
            "test_input_required_result_tampered_state",
        ] {
            let host = MockHost::new().stateless();
            let asked = unanswered(&host, tool);
            assert_eq!(
                asked["confirm"]["params"],
                json!({"message": "Please confirm", "requestedSchema": form("ok", "boolean")})
            );
            let host = host.input_response("confirm", accepted(json!({"ok": true})));
            assert!(text(&host, tool).contains("state-ok"), "{tool}");
        }
    }

    #[test]
    fn multiple_inputs_come_in_one_round() {
        let tool = "test_input_required_result_multiple_inputs";
        let host = MockHost::new().stateless();
        let asked = unanswered(&host, tool);
        assert_eq!(keys(&asked), ["client_roots", "greeting", "user_name"]);
        assert_eq!(asked["user_name"]["method"], "elicitation/create");
        assert_eq!(
            asked["greeting"]["params"],
            json!({"messages": [{"role": "user", "content": {"type": "text",
                                 "text": "Generate a greeting"}}], "maxTokens": 50})
        );
        assert_eq!(asked["client_roots"]["method"], "roots/list");
        let host = host
            .input_response("user_name", accepted(json!({"name": "Alice"})))
            .input_response("greeting", sampled("Hello there!"))
            .input_response("client_roots", test_roots());
        assert_eq!(
            text(&host, tool),
            "Name: Alice; greeting: Hello there!; roots: file:///test/root"
        );
    }

    #[test]
    fn multi_round_asks_step2_after_step1() {
        let tool = "test_input_required_result_multi_round";
        let host = MockHost::new().stateless();
        let asked = unanswered(&host, tool);
        assert_eq!(keys(&asked), ["step1"]);
        assert_eq!(
            asked["step1"]["params"]["message"],
            "Step 1: What is your name?"
        );
        let host = host.input_response("step1", accepted(json!({"name": "Alice"})));
        let asked = unanswered(&host, tool);
        assert_eq!(keys(&asked), ["step2"]);
        assert_eq!(
            asked["step2"]["params"],
            json!({"message": "Step 2: What is your favorite color?",
                   "requestedSchema": form("color", "string")})
        );
        let host = host.input_response("step2", accepted(json!({"color": "blue"})));
        assert_eq!(text(&host, tool), "Alice's favorite color is blue");
    }

    #[test]
    fn capabilities_skips_what_the_client_cannot_answer() {
        let tool = "test_input_required_result_capabilities";
        let host = MockHost::new()
            .stateless()
            .client_capabilities(&["sampling"]);
        let asked = unanswered(&host, tool);
        assert_eq!(keys(&asked), ["capital_question"]);
        let host = host.input_response("capital_question", sampled("Paris"));
        assert_eq!(
            text(&host, tool),
            "capital_question: Paris\nskipped (capability not declared): user_input"
        );
        // With both capabilities, both in one round.
        let host = MockHost::new().stateless();
        let asked = unanswered(&host, tool);
        assert_eq!(keys(&asked), ["capital_question", "user_input"]);
        assert_eq!(
            asked["user_input"]["params"]["message"],
            "What is your name?"
        );
        // With neither, the tool still answers.
        let host = MockHost::new().client_capabilities(&[]);
        assert_eq!(
            text(&host, tool),
            "skipped (capability not declared): user_input, capital_question"
        );
    }

    #[test]
    fn the_prompt_asks_for_its_context() {
        let get = |host: &MockHost| {
            let _installed = host.install();
            toolset().get_prompt("test_input_required_result_prompt", &Values::new())
        };
        let host = MockHost::new().stateless();
        assert_eq!(get(&host).unwrap_err().kind, ErrorKind::Other);
        assert_eq!(
            Value::Object(host.input_requests()),
            json!({"user_context": {"method": "elicitation/create", "params": {
                "message": "What context should the prompt use?",
                "requestedSchema": form("context", "string")}}})
        );
        let host =
            host.input_response("user_context", accepted(json!({"context": "test context"})));
        let reply = get(&host).unwrap();
        assert_eq!(reply.messages.len(), 1);
        assert_eq!(reply.messages[0].role, gs_mcp_sdk::Role::User);
        match &reply.messages[0].content {
            Content::Text(text) => assert!(text.contains("test context"), "{text}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn in_a_session_the_client_is_asked_directly() {
        let host = MockHost::new().client(|method, _| match method {
            "elicitation/create" => Ok(accepted(json!({"name": "Ada", "color": "green"}))),
            "sampling/createMessage" => Ok(sampled("Hi!")),
            _ => Ok(test_roots()),
        });
        assert_eq!(
            text(&host, "test_input_required_result_multiple_inputs"),
            "Name: Ada; greeting: Hi!; roots: file:///test/root"
        );
        assert_eq!(host.asked_keys(), ["user_name", "greeting", "client_roots"]);
        assert_eq!(
            text(&host, "test_input_required_result_multi_round"),
            "Ada's favorite color is green"
        );
        assert!(
            text(&host, "test_streaming_elicitation")
                .starts_with("Elicitation completed: action=accept")
        );
        assert_eq!(host.asked_keys()[3..], ["step1", "step2", "elicitation"]);
    }

    #[test]
    fn streaming_elicitation_uses_the_automatic_key() {
        let host = MockHost::new().stateless();
        let asked = unanswered(&host, "test_streaming_elicitation");
        assert_eq!(keys(&asked), ["elicitation"]);
    }
}

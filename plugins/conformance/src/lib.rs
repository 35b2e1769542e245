//! `conformance`: the fixture toolset the official MCP conformance suite
//! (`@modelcontextprotocol/conformance`, server scenarios) calls.
//!
//! Each suite scenario named `tools-call-*` calls one tool by a fixed name
//! and checks the shape of what comes back; this plug-in offers exactly
//! those tools, answering what each scenario expects. It touches no image
//! and needs no grant, so `scripts/clients.sh` can serve it from any image.
//! The scenarios that need sampling or elicitation (server-to-client
//! requests the WIT contract does not offer yet) are not served here; the
//! suite's baseline, `tests/clients/conformance-baseline.yml`, says why.

use std::time::Duration;

use gs_mcp_sdk::{Error, Output, Schema, Tool, Toolset, log};
use serde::Deserialize;

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

fn toolset() -> Toolset {
    let tool = |name: &str, description: &str, handler: fn(NoArgs) -> Result<Output, Error>| {
        Tool::new(name, description, handler)
            .input(Schema::object())
            .read_only_safe()
    };
    Toolset::new("conformance", env!("CARGO_PKG_VERSION"))
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

//! The execution family: `execute_code`, which runs Smalltalk in the
//! client's own session. Not read-only safe: code can change anything.

use gs_toolset::{Doit, ToolError, ToolResult};
use serde_json::{Value, json};

use crate::args::{Args, Param, ParamType};
use crate::shape::{boolean, closed_object, string};
use crate::tool::{Family, Handler, Tool, answer, cap_text};

/// The most characters of Transcript output an answer carries.
const TRANSCRIPT_CAP: usize = 64 * 1024;

pub(crate) fn family() -> Family {
    Family {
        name: "execution",
        tools: vec![Tool {
            name: "execute_code",
            title: "Execute Smalltalk",
            description: "Evaluate Smalltalk statements (temporaries allowed) in this \
                          session and answer the printString of the last statement's value, \
                          with anything written to the Transcript. Changes are not committed: \
                          use `commit`. A compile error lists each error with its line and \
                          column; an unhandled exception gives its class, description and, \
                          where the image can tell, the method and line it was signalled at. \
                          To change code, use compile_method and compile_class_definition, \
                          which check stale reads and commit.",
            params: const {
                &[Param::required(
                    "code",
                    ParamType::String,
                    "Smalltalk statements, e.g. `| a | a := 3 + 4. a * 2`",
                )]
            },
            output_schema: schema,
            handler: Handler::Doit {
                code: execute_code,
                answer: execute_code_answer,
            },
        }],
        read_only_safe: &[],
        tasks: &[],
    }
}

fn schema() -> Value {
    closed_object(json!({
        "result": string(),
        "truncated": boolean(),
        "transcript": string()
    }))
}

fn execute_code(args: &Args<'_>) -> Result<String, ToolError> {
    Ok(args.string("code")?.to_string())
}

fn execute_code_answer(out: Doit) -> ToolResult {
    let (transcript, transcript_cut) = cap_text(out.transcript, TRANSCRIPT_CAP);
    let mut text = out.print_string.clone();
    if out.truncated {
        text.push_str(&format!(
            "\n… [result truncated after {} characters: the printString is longer; print a part \
             of the value, or its size, instead]",
            out.print_string.chars().count()
        ));
    }
    if !transcript.is_empty() {
        text.push_str("\n--- Transcript ---\n");
        text.push_str(&transcript);
    }
    answer(
        text,
        json!({
            "result": out.print_string,
            "truncated": out.truncated || transcript_cut,
            "transcript": transcript
        }),
    )
}

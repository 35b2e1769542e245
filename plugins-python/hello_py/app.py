"""`hello_py`: a gs-mcp toolset written in Python, built with componentize-py
against the same WIT world (`gemstone:mcp/toolset`) as the Rust plug-ins.

It proves the contract language-neutral: a pure tool that reads a setting
(`py_greet`), a look-up through the `image` host interface (`py_classes`)
and a doit through `execution` whose failures keep their details
(`py_evaluate`); `py_uncaught` shows what an exception left to escape
`call` costs. `docs/python-toolsets.md` explains it line by line;
`scripts/python-toolset.sh` builds it.

componentize-py finds the exports by name: one class per exported
interface, named as the interface (`Tools`, `Resources`, ...), in the
module given to `componentize` (this one, `app`).
"""

import json
from typing import Callable, List, NamedTuple

from componentize_py_types import Err
from wit_world import exports
from wit_world.imports import config, execution, image
from wit_world.imports.types import (
    Completion as CompletionAnswer,
    Content_Text,
    Error,
    ErrorKind,
    Failure,
    Setting,
    SettingType,
    ToolDescriptor,
    ToolOutput,
    ToolRequirement,
    ToolsetDescription,
)

# Closed schemas: the host checks every call's arguments against them
# (required, unknown, types, lengths, bounds) before `call` runs, so the
# tools below may index the arguments they require.
GREET_INPUT = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "minLength": 1, "maxLength": 100,
                 "description": "Who to greet"},
        "excited": {"type": "boolean", "description": "End with an exclamation mark"},
    },
    "required": ["name"],
    "additionalProperties": False,
}
GREET_OUTPUT = {
    "type": "object",
    "properties": {
        "greeting": {"type": "string"},
        "language": {"const": "python"},
    },
    "required": ["greeting", "language"],
    "additionalProperties": False,
}
CLASSES_INPUT = {
    "type": "object",
    "properties": {
        "dictionary": {"type": "string", "minLength": 1,
                       "description": "A symbol dictionary, e.g. UserGlobals"},
    },
    "required": ["dictionary"],
    "additionalProperties": False,
}
CLASSES_OUTPUT = {
    "type": "object",
    "properties": {
        "dictionary": {"type": "string"},
        "classes": {"type": "array", "items": {"type": "string"}},
        "count": {"type": "integer", "minimum": 0},
    },
    "required": ["dictionary", "classes", "count"],
    "additionalProperties": False,
}
EVALUATE_INPUT = {
    "type": "object",
    "properties": {
        "code": {"type": "string", "minLength": 1, "description": "Smalltalk statements"},
    },
    "required": ["code"],
    "additionalProperties": False,
}
EVALUATE_OUTPUT = {
    "type": "object",
    "properties": {
        "printString": {"type": "string"},
        "truncated": {"type": "boolean"},
        "transcript": {"type": "string"},
    },
    "required": ["printString", "truncated", "transcript"],
    "additionalProperties": False,
}


def answer(text, structured):
    """A result with one text block and structured content."""
    return ToolOutput(content=[Content_Text(text)], structured=json.dumps(structured))


def passed_on(failure: Failure) -> Err:
    """A host function's failure as this call's error, kind and message
    unchanged: the host recognises it and gives the client its details
    (compile-error positions, the exception class), as the Rust SDK's `?`
    does."""
    return Err(Error(kind=failure.kind, message=failure.message))


def greet(args):
    # The operator's `salutation`, or the declared default: never none.
    salutation = config.get("salutation")
    greeting = f"{salutation}, {args['name']}{'!' if args.get('excited') else '.'}"
    return answer(greeting, {"greeting": greeting, "language": "python"})


def classes(args):
    dictionary = args["dictionary"]
    # An unknown dictionary raises Err(Error(NOT_FOUND, ...)) here; the
    # same kind and message are the right answer for the call, so it
    # propagates unchanged.
    names = image.classes(dictionary)
    text = f"{len(names)} classes in {dictionary}" + (": " + ", ".join(names) if names else "")
    return answer(text, {"dictionary": dictionary, "classes": names, "count": len(names)})


def evaluate(args):
    try:
        doit = execution.execute_detailed(args["code"])
    except Err as e:
        raise passed_on(e.value)
    return answer(doit.print_string, {
        "printString": doit.print_string,
        "truncated": doit.truncated,
        "transcript": doit.transcript,
    })


class Tool(NamedTuple):
    """One tool: what `describe` and `tool_grants` say of it, and its
    handler, which takes the parsed arguments and answers a `ToolOutput`
    or raises `Err(Error(...))`."""
    handler: Callable[[dict], ToolOutput]
    title: str
    description: str
    input_schema: dict
    output_schema: dict
    read_only_safe: bool
    grants: List[str]


TOOLS = {
    "py_greet": Tool(
        greet, "Greet (Python)",
        "Greets someone with the operator's salutation; answers {greeting, language}.",
        GREET_INPUT, GREET_OUTPUT, read_only_safe=True, grants=[],
    ),
    "py_classes": Tool(
        classes, "Classes of a dictionary (Python)",
        "Lists the classes bound in one symbol dictionary of the image; "
        "answers {dictionary, classes, count}.",
        CLASSES_INPUT, CLASSES_OUTPUT, read_only_safe=True, grants=["image:read"],
    ),
    "py_evaluate": Tool(
        evaluate, "Evaluate Smalltalk (Python)",
        "Runs Smalltalk statements in the caller's session; answers "
        "{printString, truncated, transcript}.",
        EVALUATE_INPUT, EVALUATE_OUTPUT, read_only_safe=False, grants=["image:execute"],
    ),
}

# A demonstration, not a tool to copy: its exception escapes `call`.
UNCAUGHT = "py_uncaught"
UNCAUGHT_INPUT = {"type": "object", "properties": {}, "additionalProperties": False}


class Tools(exports.Tools):
    def describe(self) -> ToolsetDescription:
        return ToolsetDescription(
            name="hello_py",
            version="1.0.0",
            tools=[
                ToolDescriptor(
                    name=name,
                    title=tool.title,
                    description=tool.description,
                    input_schema=json.dumps(tool.input_schema),
                    output_schema=json.dumps(tool.output_schema),
                    read_only_safe=tool.read_only_safe,
                )
                for name, tool in TOOLS.items()
            ] + [
                ToolDescriptor(
                    name=UNCAUGHT,
                    title="Uncaught exception (Python)",
                    description="Raises a Python exception it does not catch, to show "
                    "what a bug costs: a `panic` error naming the exception, a fresh "
                    "instance, the traceback in the server's log.",
                    input_schema=json.dumps(UNCAUGHT_INPUT),
                    output_schema=None,
                    read_only_safe=True,
                ),
            ],
        )

    def call(self, tool: str, arguments: str) -> ToolOutput:
        if tool == UNCAUGHT:
            # On purpose, outside the `try` below: what a bug that escapes
            # `call` costs (docs/python-toolsets.md, Errors).
            raise ValueError("py_uncaught lets this escape on purpose")
        entry = TOOLS.get(tool)
        if entry is None:
            raise Err(Error(ErrorKind.NOT_FOUND, f"hello_py has no tool `{tool}`"))
        try:
            return entry.handler(json.loads(arguments))
        except Err:
            raise
        except Exception as e:
            # A bug of ours, answered as an `other` error naming it: an
            # exception left to escape is a `panic` whose message names no
            # Python line, and costs the session its instance.
            raise Err(Error(ErrorKind.OTHER, f"{tool} failed: {type(e).__name__}: {e}"))


class Requirements(exports.Requirements):
    def tool_grants(self) -> list:
        return [ToolRequirement(tool=name, grants=tool.grants)
                for name, tool in TOOLS.items() if tool.grants]


class Settings(exports.Settings):
    def declare(self) -> list:
        return [Setting(
            name="salutation",
            description="The word py_greet greets with.",
            type=SettingType.TEXT,
            required=False,
            default="Hello",
            secret=False,
        )]


# The world exports these too; this toolset offers none of them.
class Tasks(exports.Tasks):
    def task_support(self) -> list:
        return []


class OfferRequirements(exports.OfferRequirements):
    def offer_grants(self) -> list:
        return []


class Resources(exports.Resources):
    def fixed(self) -> list:
        return []

    def templates(self) -> list:
        return []

    def read(self, uri: str) -> list:
        raise Err(Failure(ErrorKind.NOT_FOUND, f"hello_py has no resource {uri}", None))


class Prompts(exports.Prompts):
    def all(self) -> list:
        return []

    def get(self, name: str, arguments) -> None:
        raise Err(Failure(ErrorKind.NOT_FOUND, f"hello_py has no prompt `{name}`", None))


class Completion(exports.Completion):
    def complete(self, request) -> CompletionAnswer:
        return CompletionAnswer(values=[], total=None, has_more=False)

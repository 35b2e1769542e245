"""The official Python MCP SDK, used as a user would, against gs-mcp.

Lists and calls tools, lists and reads resources, gets a prompt and
completes its argument, and answers a tool's elicitation (in the
stateless era through input_required and a retried request), over both
transports and both eras of the protocol; in the stateless era also keeps
an image session by handle and hears of its commit on a
subscriptions/listen stream. Asserts what a user of the SDK sees:

- Streamable HTTP, at the URL of tests/clients/mcp-http.json (with the port
  of the server scripts/clients.sh started):
  - as the SDK connects by default (mode "auto"): it finds revision
    2026-07-28 with `server/discover` and speaks it statelessly, so no
    response carries a session id;
  - in the session era (mode "legacy": initialize, 2025-11-25), and
    afterwards that the session was ended with DELETE: the server answered
    the DELETE 200 and now answers 404 to the old session id;
- stdio, launching exactly the command line of tests/clients/mcp-stdio.json
  (the configuration the README shows for Claude Code and the Inspector):
  as the SDK connects by default (it finds 2026-07-28 with
  `server/discover`, kept session and subscriptions/listen included), then
  in the session era.

Usage: client_test.py REPO_ROOT HTTP_PORT   (scripts/clients.sh runs it).
Exits non-zero with a message naming the failed expectation.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import httpx2
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import create_mcp_http_client, streamable_http_client
from mcp import types
from mcp.types import PromptReference

# Tools the test configuration (tests/clients/gs-mcp.toml) must offer.
EXPECTED_TOOLS = {
    "status",
    "list_dictionaries",
    "describe_class",
    "execute_code",
    "run_test_class",
    "acme_schema",
    "acme_selector_usage",
    "acme_query",
    "greet",
    "add",
    "fail",
    "test_simple_text",
    "test_image_content",
    "test_audio_content",
    "test_embedded_resource",
    "test_multiple_content_types",
    "test_error_handling",
    "test_tool_with_logging",
    "test_tool_with_progress",
}


class Failure(Exception):
    """An expectation a user would notice did not hold."""


def expect(condition: bool, what: str) -> None:
    if not condition:
        raise Failure(what)


def texts(result) -> list[str]:
    return [block.text for block in result.content if block.type == "text"]


async def exercise(client: Client, label: str) -> None:
    """The same conversation over either transport."""
    info = client.server_info
    expect(info is not None and info.name == "gs-mcp", f"{label}: serverInfo.name is {info!r}, expected gs-mcp")

    listed = await client.list_tools()
    names = {tool.name for tool in listed.tools}
    missing = EXPECTED_TOOLS - names
    expect(not missing, f"{label}: tools/list lacks {sorted(missing)}; it lists {sorted(names)}")

    greeting = await client.call_tool("greet", {"name": "Ada"})
    expect(not greeting.is_error, f"{label}: greet failed: {texts(greeting)}")
    expect(texts(greeting) == ["Hello, Ada!"], f"{label}: greet answered {texts(greeting)}")

    total = await client.call_tool("add", {"a": 2, "b": 40})
    expect(not total.is_error, f"{label}: add failed: {texts(total)}")
    expect(total.structured_content == {"sum": 42}, f"{label}: add answered {total.structured_content!r}")

    resource = await client.call_tool("test_embedded_resource", {})
    blocks = [b for b in resource.content if b.type == "resource"]
    expect(
        len(blocks) == 1 and str(blocks[0].resource.uri) == "test://embedded-resource",
        f"{label}: test_embedded_resource answered {resource.content!r}",
    )

    # A bad call is a result the model can read, not a protocol error.
    bad = await client.call_tool("greet", {"name": 42})
    expect(bad.is_error is True, f"{label}: greet with a number was not an error: {bad!r}")
    kind = (bad.structured_content or {}).get("error", {}).get("kind")
    expect(kind == "invalidParams", f"{label}: bad greet has error kind {kind!r}, expected invalidParams")
    expect(bool(texts(bad)) and "name" in texts(bad)[0], f"{label}: bad greet's message does not name the argument: {texts(bad)}")

    # A failing call on a tool that declares an output schema arrives with
    # its kind (the advertised schema admits the error envelope).
    missing = await client.call_tool("describe_class", {"className": "NoSuchClass"})
    expect(missing.is_error is True, f"{label}: describe_class of a missing class was not an error")
    kind = (missing.structured_content or {}).get("error", {}).get("kind")
    expect(kind == "notFound", f"{label}: describe_class NoSuchClass has error kind {kind!r}, expected notFound")

    # The vendor example reads the Acme application through host functions.
    order = await client.call_tool("acme_schema", {"className": "AcmeOrder"})
    expect(not order.is_error, f"{label}: acme_schema failed: {texts(order)}")
    variables = ((order.structured_content or {}).get("classes") or [{}])[0].get("instanceVariables")
    expect(
        variables == ["number", "customer", "lines", "status"],
        f"{label}: acme_schema AcmeOrder answered {order.structured_content!r}",
    )

    # Two tools of the built-in toolset (`builtin = true` in the config).
    status = await client.call_tool("status", {})
    expect(not status.is_error and status.content, f"{label}: status failed: {texts(status)}")
    dictionaries = await client.call_tool("list_dictionaries", {})
    expect(not dictionaries.is_error, f"{label}: list_dictionaries failed: {texts(dictionaries)}")
    expect(
        any("UserGlobals" in t for t in texts(dictionaries)),
        f"{label}: list_dictionaries does not name UserGlobals: {texts(dictionaries)}",
    )
    await offers(client, label)
    print(f"python {label}: {len(names)} tools listed, calls, resources and prompts answered as expected")


async def answer_elicitation(context, params: types.ElicitRequestParams) -> types.ElicitResult:
    """The user, as the client asks them: the same form every time."""
    return types.ElicitResult(action="accept", content={"username": "ada", "email": "ada@example.com"})


async def offers(client: Client, label: str) -> None:
    """Resources, prompts and completion: the conformance fixture's fixed
    resource and the built-in toolset's classes, prompts and completion."""
    listed = await client.list_resources()
    uris = [str(r.uri) for r in listed.resources]
    expect("test://static-text" in uris, f"{label}: resources/list lacks test://static-text: {uris[:10]}")
    templates = {t.uri_template for t in (await client.list_resource_templates()).resource_templates}
    expect(
        "gemstone://class/{className}" in templates,
        f"{label}: resources/templates/list lacks gemstone://class/{{className}}: {sorted(templates)}",
    )
    read = await client.read_resource("gemstone://method/Object/instance/printString")
    source = [c.text for c in read.contents if hasattr(c, "text")]
    expect(
        len(source) == 1 and source[0].startswith("printString"),
        f"{label}: the printString method resource reads {read.contents!r}",
    )
    prompt = await client.get_prompt("explain_class", {"className": "OrderedCollection"})
    embedded = [m.content.resource for m in prompt.messages if m.content.type == "resource"]
    expect(
        len(embedded) == 1 and str(embedded[0].uri) == "gemstone://class/OrderedCollection",
        f"{label}: explain_class OrderedCollection embeds {embedded!r}",
    )
    done = await client.complete(
        PromptReference(type="ref/prompt", name="explain_class"), {"name": "className", "value": "OrderedC"}
    )
    expect(
        "OrderedCollection" in done.completion.values,
        f"{label}: completing className from OrderedC offered {done.completion.values}",
    )
    # In a session the server asks on the call's stream; in a stateless
    # request it answers input_required, and the SDK asks the user and
    # retries with the answer.
    asked = await client.call_tool("test_elicitation", {"message": "Who are you?"})
    expect(
        not asked.is_error
        and texts(asked) == ['User response: action=accept, content={"email":"ada@example.com","username":"ada"}'],
        f"{label}: test_elicitation answered {asked.content!r}",
    )
    if label.endswith("(2026-07-28)"):
        await kept_session_and_listen(client, label)


async def kept_session_and_listen(client: Client, label: str) -> None:
    """A kept image session by handle, and a subscriptions/listen stream
    that hears of the method its commit changes."""
    opened = await client.call_tool("open_session", {})
    handle = (opened.structured_content or {}).get("session")
    expect(not opened.is_error and isinstance(handle, str), f"{label}: open_session answered {opened!r}")
    defined = await client.call_tool(
        "execute_code",
        {
            "code": "Object subclass: 'ListenProbe' instVarNames: #() classVars: #() classInstVars: #() "
            "poolDictionaries: #() inDictionary: UserGlobals options: #()",
            "session": handle,
        },
    )
    expect(not defined.is_error, f"{label}: defining a class in the kept session: {defined.content!r}")
    uri = "gemstone://method/ListenProbe/instance/probe"
    async with client.listen(resource_subscriptions=[uri]) as sub:
        honored = list(sub.honored.resource_subscriptions or [])
        expect(honored == [uri], f"{label}: listen honoured {honored}, not [{uri}]")
        compiled = await client.call_tool(
            "compile_method", {"className": "ListenProbe", "source": "probe ^42", "session": handle}
        )
        expect(not compiled.is_error, f"{label}: compile_method in the kept session: {compiled.content!r}")
        committed = await client.call_tool("commit", {"session": handle})
        expect(not committed.is_error, f"{label}: commit in the kept session: {committed.content!r}")
        event = await asyncio.wait_for(sub.__anext__(), 10)
        expect(getattr(event, "uri", None) == uri, f"{label}: the listen stream delivered {event!r}")
    closed = await client.call_tool("close_session", {"session": handle})
    expect(not closed.is_error, f"{label}: close_session answered {closed.content!r}")


def config_server(repo: Path, name: str) -> dict:
    """The `gs-mcp` entry of a tested client configuration file."""
    return json.loads((repo / "tests/clients" / name).read_text())["mcpServers"]["gs-mcp"]


def http_url(repo: Path, port: int) -> str:
    url = urlsplit(config_server(repo, "mcp-http.json")["url"])
    # The file names the default port; the test server listens on a free one.
    return urlunsplit(url._replace(netloc=f"{url.hostname}:{port}"))


def recording_client(seen: list[tuple[str, int, str | None, str | None]]) -> httpx2.AsyncClient:
    """An HTTP client noting each response's method, status, session id and
    the request's protocol version header."""

    async def record(response: httpx2.Response) -> None:
        seen.append(
            (
                response.request.method,
                response.status_code,
                response.headers.get("mcp-session-id"),
                response.request.headers.get("mcp-protocol-version"),
            )
        )

    http = create_mcp_http_client()
    http.event_hooks["response"].append(record)
    return http


async def over_http_stateless(repo: Path, port: int) -> None:
    url = http_url(repo, port)
    seen: list[tuple[str, int, str | None, str | None]] = []
    async with recording_client(seen) as http:
        async with Client(
            streamable_http_client(url, http_client=http), elicitation_callback=answer_elicitation
        ) as client:
            expect(
                client.protocol_version == "2026-07-28",
                f"http (2026-07-28): the SDK negotiated {client.protocol_version}, expected 2026-07-28",
            )
            await exercise(client, "http (2026-07-28)")
    sessions = [sid for _, _, sid, _ in seen if sid]
    expect(not sessions, f"http (2026-07-28): a stateless response carried Mcp-Session-Id: {seen}")
    versions = {version for _, _, _, version in seen}
    expect(versions == {"2026-07-28"}, f"http (2026-07-28): requests sent MCP-Protocol-Version {versions}")


async def over_http(repo: Path, port: int) -> None:
    url = http_url(repo, port)
    seen: list[tuple[str, int, str | None, str | None]] = []
    async with recording_client(seen) as http:
        async with Client(streamable_http_client(url, http_client=http), mode="legacy", elicitation_callback=answer_elicitation) as client:
            expect(
                client.protocol_version == "2025-11-25",
                f"http: the SDK negotiated {client.protocol_version}, expected 2025-11-25",
            )
            await exercise(client, "http")
        session = next((sid for _, _, sid, _ in seen if sid), None)
        expect(session is not None, f"http: no response carried Mcp-Session-Id: {seen}")
        deletes = [code for method, code, _, _ in seen if method == "DELETE"]
        expect(deletes == [200], f"http: closing the client sent DELETEs answered {deletes}, expected [200]")
        after = await http.post(
            url,
            headers={
                "Mcp-Session-Id": session,
                "Accept": "application/json, text/event-stream",
                "MCP-Protocol-Version": "2025-11-25",
            },
            json={"jsonrpc": "2.0", "id": 9, "method": "ping"},
        )
        expect(after.status_code == 404, f"http: the ended session answered {after.status_code}, expected 404")


async def over_stdio(repo: Path) -> None:
    entry = config_server(repo, "mcp-stdio.json")
    params = StdioServerParameters(command=entry["command"], args=entry["args"], cwd=str(repo))
    async with Client(params, elicitation_callback=answer_elicitation) as client:
        expect(
            client.protocol_version == "2026-07-28",
            f"stdio (2026-07-28): the SDK negotiated {client.protocol_version}, expected 2026-07-28",
        )
        await exercise(client, "stdio (2026-07-28)")
    async with Client(params, mode="legacy", elicitation_callback=answer_elicitation) as client:
        expect(
            client.protocol_version == "2025-11-25",
            f"stdio: the SDK negotiated {client.protocol_version}, expected 2025-11-25",
        )
        await exercise(client, "stdio")


async def main() -> int:
    repo, port = Path(sys.argv[1]), int(sys.argv[2])
    try:
        await over_http_stateless(repo, port)
        await over_http(repo, port)
        await over_stdio(repo)
    except Failure as failure:
        print(f"python client test FAILED: {failure}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))

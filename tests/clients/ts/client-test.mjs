// The official TypeScript MCP SDK, used as a user would, against gs-mcp.
//
// Runs initialize -> tools/list -> tools/call -> resources, prompts and
// completion -> a tool that elicits through the client -> session end over
// both transports and asserts what a user of the SDK sees:
// - Streamable HTTP, at the URL of tests/clients/mcp-http.json (with the
//   port of the server scripts/clients.sh started), ending the session with
//   DELETE (terminateSession) and checking the old session id is then 404;
// - stdio, launching exactly the command line of tests/clients/mcp-stdio.json
//   (the configuration the README shows for Claude Code and the Inspector).
//
// Usage: node client-test.mjs REPO_ROOT HTTP_PORT   (scripts/clients.sh runs it).

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Failure, configServer, exercise, expect } from './client-checks.mjs';

// A client that can be asked for input: it answers every elicitation with
// the same form, after checking it was asked what the tool asks.
function elicitingClient() {
  const client = new Client({ name: 'gs-mcp-client-test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    expect(request.params.message === 'Who are you?', `elicitation/create asked ${JSON.stringify(request.params)}`);
    return { action: 'accept', content: { username: 'ada', email: 'ada@example.com' } };
  });
  return client;
}

async function overHttp(repo, port) {
  const url = new URL(configServer(repo, 'mcp-http.json').url);
  // The file names the default port; the test server listens on a free one.
  url.port = String(port);
  const client = elicitingClient();
  const transport = new StreamableHTTPClientTransport(url);
  await client.connect(transport);
  await exercise(client, 'http');
  const session = transport.sessionId;
  expect(session, 'http: the server gave no Mcp-Session-Id');
  await transport.terminateSession();
  await client.close();
  const after = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'Mcp-Session-Id': session,
      'MCP-Protocol-Version': '2025-11-25',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping' }),
  });
  expect(after.status === 404, `http: the ended session answered ${after.status}, expected 404`);
}

async function overStdio(repo) {
  const entry = configServer(repo, 'mcp-stdio.json');
  const client = elicitingClient();
  const transport = new StdioClientTransport({
    command: entry.command,
    args: entry.args,
    cwd: repo,
    stderr: 'inherit',
  });
  await client.connect(transport);
  try {
    await exercise(client, 'stdio');
  } finally {
    await client.close();
  }
}

const [repo, port] = process.argv.slice(2);
try {
  await overHttp(repo, Number(port));
  await overStdio(repo);
} catch (e) {
  console.error(`typescript client test FAILED: ${e instanceof Failure ? e.message : e.stack} ${e.cause ?? ""}`);
  process.exit(1);
}

// The v2 TypeScript MCP SDK (@modelcontextprotocol/client), which speaks
// revision 2026-07-28 as well as the session revisions, used as a user
// would against gs-mcp, in both eras on both transports:
// - `versionNegotiation: { mode: 'auto' }`: the client probes with
//   server/discover and runs the stateless era (2026-07-28): every call
//   carries its own _meta, and the elicitation of test_elicitation comes
//   back as an input_required result that the SDK answers through the
//   same handler and retries;
// - `mode: 'legacy'`: initialize and a session (2025-11-25).
// Each runs the checks of client-checks.mjs (tools, resources, prompts,
// completion, elicitation) over Streamable HTTP (the URL of
// tests/clients/mcp-http.json, on the test server's port) and over stdio
// (the command line of tests/clients/mcp-stdio.json).
//
// Usage: node client-test-v2.mjs REPO_ROOT HTTP_PORT   (scripts/clients.sh runs it).

import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Failure, configServer, exercise, expect } from './client-checks.mjs';

const ERAS = [
  { mode: 'auto', era: 'modern', version: '2026-07-28' },
  { mode: 'legacy', era: 'legacy', version: '2025-11-25' },
];

// A client negotiating in `mode` that answers every elicitation with the
// same form, after checking it was asked what the tool asks.
function elicitingClient(mode) {
  const client = new Client(
    { name: 'gs-mcp-client-test-v2', version: '1.0.0' },
    { capabilities: { elicitation: {} }, versionNegotiation: { mode } },
  );
  client.setRequestHandler('elicitation/create', async (request) => {
    expect(request.params.message === 'Who are you?', `elicitation/create asked ${JSON.stringify(request.params)}`);
    return { action: 'accept', content: { username: 'ada', email: 'ada@example.com' } };
  });
  return client;
}

function expectEra(client, { era, version }, label) {
  expect(client.getProtocolEra() === era, `${label}: the client negotiated the ${client.getProtocolEra()} era`);
  expect(
    client.getNegotiatedProtocolVersion() === version,
    `${label}: the client negotiated ${client.getNegotiatedProtocolVersion()}, expected ${version}`,
  );
}

async function overHttp(repo, port, era) {
  const url = new URL(configServer(repo, 'mcp-http.json').url);
  url.port = String(port);
  const client = elicitingClient(era.mode);
  const transport = new StreamableHTTPClientTransport(url);
  const label = `v2 http ${era.era}`;
  await client.connect(transport);
  try {
    expectEra(client, era, label);
    // A stateless client holds no session; a legacy one does.
    expect(
      (transport.sessionId === undefined) === (era.era === 'modern'),
      `${label}: the transport's session id is ${transport.sessionId}`,
    );
    await exercise(client, label);
  } finally {
    await client.close();
  }
}

async function overStdio(repo, era) {
  const entry = configServer(repo, 'mcp-stdio.json');
  const client = elicitingClient(era.mode);
  const transport = new StdioClientTransport({
    command: entry.command,
    args: entry.args,
    cwd: repo,
    stderr: 'inherit',
  });
  const label = `v2 stdio ${era.era}`;
  await client.connect(transport);
  try {
    expectEra(client, era, label);
    await exercise(client, label);
  } finally {
    await client.close();
  }
}

const [repo, port] = process.argv.slice(2);
try {
  for (const era of ERAS) {
    await overHttp(repo, Number(port), era);
    await overStdio(repo, era);
  }
} catch (e) {
  console.error(`typescript v2 client test FAILED: ${e instanceof Failure ? e.message : e.stack} ${e.cause ?? ''}`);
  process.exit(1);
}

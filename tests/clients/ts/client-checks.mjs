// What the TypeScript SDK client tests check of gs-mcp, whichever SDK line
// and protocol era makes the calls: client-test.mjs (the v1 SDK,
// @modelcontextprotocol/sdk, sessions of revision 2025-11-25) and
// client-test-v2.mjs (the v2 SDK, @modelcontextprotocol/client, in both
// eras) pass their connected clients to `exercise`.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Tools the test configuration (tests/clients/gs-mcp.toml) must offer.
export const EXPECTED_TOOLS = [
  'status',
  'list_dictionaries',
  'describe_class',
  'execute_code',
  'run_test_class',
  'acme_schema',
  'acme_selector_usage',
  'acme_query',
  'greet',
  'add',
  'fail',
  'test_simple_text',
  'test_image_content',
  'test_audio_content',
  'test_embedded_resource',
  'test_multiple_content_types',
  'test_error_handling',
  'test_tool_with_logging',
  'test_tool_with_progress',
];

export class Failure extends Error {}

export function expect(condition, what) {
  if (!condition) throw new Failure(what);
}

export const texts = (result) => result.content.filter((b) => b.type === 'text').map((b) => b.text);

export function configServer(repo, file) {
  return JSON.parse(readFileSync(join(repo, 'tests/clients', file), 'utf8')).mcpServers['gs-mcp'];
}

export async function exercise(client, label) {
  const info = client.getServerVersion();
  expect(info?.name === 'gs-mcp', `${label}: serverInfo is ${JSON.stringify(info)}, expected name gs-mcp`);

  const { tools } = await client.listTools();
  const names = new Set(tools.map((t) => t.name));
  const missing = EXPECTED_TOOLS.filter((n) => !names.has(n));
  expect(missing.length === 0, `${label}: tools/list lacks ${missing}; it lists ${[...names]}`);

  const greeting = await client.callTool({ name: 'greet', arguments: { name: 'Ada' } });
  expect(!greeting.isError, `${label}: greet failed: ${texts(greeting)}`);
  expect(
    JSON.stringify(texts(greeting)) === '["Hello, Ada!"]',
    `${label}: greet answered ${JSON.stringify(greeting.content)}`,
  );

  const total = await client.callTool({ name: 'add', arguments: { a: 2, b: 40 } });
  expect(!total.isError, `${label}: add failed: ${texts(total)}`);
  expect(
    JSON.stringify(total.structuredContent) === '{"sum":42}',
    `${label}: add answered ${JSON.stringify(total.structuredContent)}`,
  );

  const image = await client.callTool({ name: 'test_image_content', arguments: {} });
  const png = image.content.find((b) => b.type === 'image');
  expect(
    png?.mimeType === 'image/png' && Buffer.from(png.data, 'base64').subarray(1, 4).toString() === 'PNG',
    `${label}: test_image_content answered ${JSON.stringify(image.content)}`,
  );

  // A bad call is a result the model can read, not a protocol error.
  const bad = await client.callTool({ name: 'greet', arguments: { name: 42 } });
  expect(bad.isError === true, `${label}: greet with a number was not an error: ${JSON.stringify(bad)}`);
  expect(
    bad.structuredContent?.error?.kind === 'invalidParams',
    `${label}: bad greet has structuredContent ${JSON.stringify(bad.structuredContent)}, expected error.kind invalidParams`,
  );
  expect(texts(bad)[0]?.includes('name'), `${label}: bad greet's message does not name the argument: ${texts(bad)}`);

  // A failing call on a tool that declares an output schema: this SDK
  // validates structuredContent against the advertised schema on errors
  // too, and gs-mcp advertises "declared shape or error envelope", so the
  // error arrives with its kind instead of as a schema violation.
  const unknownClass = await client.callTool({ name: 'describe_class', arguments: { className: 'NoSuchClass' } });
  expect(unknownClass.isError === true, `${label}: describe_class of a missing class was not an error`);
  expect(
    unknownClass.structuredContent?.error?.kind === 'notFound',
    `${label}: describe_class NoSuchClass has structuredContent ${JSON.stringify(unknownClass.structuredContent)}, expected error.kind notFound`,
  );

  // The vendor example reads the Acme application through host functions.
  const order = await client.callTool({ name: 'acme_schema', arguments: { className: 'AcmeOrder' } });
  expect(!order.isError, `${label}: acme_schema failed: ${texts(order)}`);
  expect(
    JSON.stringify(order.structuredContent?.classes?.[0]?.instanceVariables) ===
      JSON.stringify(['number', 'customer', 'lines', 'status']),
    `${label}: acme_schema AcmeOrder answered ${JSON.stringify(order.structuredContent)}`,
  );

  // Two tools of the built-in toolset (`builtin = true` in the config).
  const status = await client.callTool({ name: 'status', arguments: {} });
  expect(!status.isError && status.content.length > 0, `${label}: status failed: ${texts(status)}`);
  const dictionaries = await client.callTool({ name: 'list_dictionaries', arguments: {} });
  expect(!dictionaries.isError, `${label}: list_dictionaries failed: ${texts(dictionaries)}`);
  expect(
    texts(dictionaries).some((t) => t.includes('UserGlobals')),
    `${label}: list_dictionaries does not name UserGlobals: ${texts(dictionaries)}`,
  );
  await offers(client, label);
  console.log(
    `typescript ${label}: ${names.size} tools listed, calls, resources, prompts and elicitation answered as expected`,
  );
}

// Resources, prompts and completion of the built-in toolset and the
// conformance fixture, and a tool that asks the user through the client.
async function offers(client, label) {
  const { resources } = await client.listResources();
  expect(
    resources.some((r) => r.uri === 'test://static-text'),
    `${label}: resources/list lacks test://static-text`,
  );
  const method = await client.readResource({ uri: 'gemstone://method/Object/instance/printString' });
  expect(
    method.contents.length === 1 && method.contents[0].text.startsWith('printString'),
    `${label}: the printString method resource reads ${JSON.stringify(method.contents)}`,
  );
  const prompt = await client.getPrompt({ name: 'explain_class', arguments: { className: 'OrderedCollection' } });
  const embedded = prompt.messages.filter((m) => m.content.type === 'resource').map((m) => m.content.resource.uri);
  expect(
    JSON.stringify(embedded) === JSON.stringify(['gemstone://class/OrderedCollection']),
    `${label}: explain_class OrderedCollection embeds ${JSON.stringify(embedded)}`,
  );
  const done = await client.complete({
    ref: { type: 'ref/prompt', name: 'explain_class' },
    argument: { name: 'className', value: 'OrderedC' },
  });
  expect(
    done.completion.values.includes('OrderedCollection'),
    `${label}: completing className from OrderedC offered ${JSON.stringify(done.completion.values)}`,
  );
  const asked = await client.callTool({ name: 'test_elicitation', arguments: { message: 'Who are you?' } });
  expect(
    !asked.isError &&
      texts(asked)[0] === 'User response: action=accept, content={"email":"ada@example.com","username":"ada"}',
    `${label}: test_elicitation answered ${JSON.stringify(asked.content)}`,
  );
}

// The TypeScript SDK's OAuth client against gs-mcp with [auth], and a real
// identity provider (oauth2-mock-server, RS256 keys of its own) on
// loopback: discovery from the 401 challenge, through the protected-resource
// metadata and the issuer's metadata, to a token (authorization code with
// PKCE), then tools/list and a tool call with it.
//
// Usage: node auth-test.mjs GS_MCP_BINARY   (scripts/clients.sh runs it).

import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { OAuth2Server } from 'oauth2-mock-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';

const [binary] = process.argv.slice(2);
if (!binary) {
  console.error('usage: node auth-test.mjs GS_MCP_BINARY');
  process.exit(2);
}

function check(condition, what) {
  if (!condition) throw new Error(`auth-test: ${what}`);
  console.log(`ok: ${what}`);
}

/// An OAuth client as an editor would be: a pre-registered client id, the
/// tokens and PKCE verifier in memory, and a "browser" that is fetch.
class Provider {
  constructor() {
    this.saved = undefined;
    this.verifier = undefined;
    this.authorizationUrl = undefined;
  }
  get redirectUrl() { return 'http://127.0.0.1:1/callback'; }
  get clientMetadata() {
    return { client_name: 'gs-mcp auth test', redirect_uris: [this.redirectUrl],
             grant_types: ['authorization_code'], response_types: ['code'],
             token_endpoint_auth_method: 'none' };
  }
  clientInformation() { return { client_id: 'gs-mcp-auth-test' }; }
  tokens() { return this.saved; }
  saveTokens(t) { this.saved = t; }
  redirectToAuthorization(url) { this.authorizationUrl = url; }
  saveCodeVerifier(v) { this.verifier = v; }
  codeVerifier() { return this.verifier; }
}

const idp = new OAuth2Server();
await idp.issuer.keys.generate('RS256');
await idp.start(0, '127.0.0.1');
const issuer = idp.issuer.url;
const dir = mkdtempSync(join(tmpdir(), 'gs-mcp-auth-'));
let server;
try {
  // A free port for gs-mcp: the resource id must name it before it starts.
  const probe = await new Promise((resolve) => {
    import('node:net').then(({ createServer }) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address();
        s.close(() => resolve(port));
      });
    });
  });
  const resource = `http://127.0.0.1:${probe}/mcp`;
  let audienceSeen;
  // The provider grants what the client asked for at /authorize (the mock
  // remembers only the token request's scope): `granted` is set below.
  let granted;
  idp.service.on('beforeTokenSigning', (token) => {
    token.payload.scope = granted;
    token.payload.aud = resource;
    token.payload.sub = 'DataCurator';
    audienceSeen = token.payload.aud;
  });
  const config = join(dir, 'gs-mcp.toml');
  // The token names the image's own administrative user, which a server
  // refuses unless the configuration allows it by name.
  writeFileSync(config, `[auth]\nissuer = "${issuer}"\naudience = "${resource}"\n` +
    `allow_system_users = ["DataCurator"]\n` +
    `[http]\nmax_sessions = 10\nmax_sessions_per_caller = 2\n`);
  server = spawn(binary, ['serve', '--config', config, '--listen', `127.0.0.1:${probe}`,
    '--image', join(dir, 'image.gsimage')], { stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, HOME: dir, XDG_CACHE_HOME: join(dir, 'cache') } });
  await new Promise((resolve, reject) => {
    const lines = createInterface({ input: server.stderr });
    lines.on('line', (l) => { if (l.startsWith('gs-mcp: serving')) resolve(); else console.error(l); });
    server.on('exit', (code) => reject(new Error(`gs-mcp exited (${code}) before serving`)));
  });

  // 1. Without a token: the 401 challenge points at the metadata.
  const bare = await fetch(resource, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) });
  const challenge = bare.headers.get('www-authenticate') ?? '';
  check(bare.status === 401 && challenge.includes('resource_metadata='), 'an unauthenticated POST is 401 with resource_metadata');
  const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)[1];
  const metadata = await (await fetch(metadataUrl)).json();
  check(metadata.resource === resource && metadata.authorization_servers[0] === issuer,
        'the protected-resource metadata names the resource and the issuer');

  // 2. The SDK's OAuth flow: discovery, then authorization (the "browser"
  // follows the authorization URL and reads the code from the redirect).
  const provider = new Provider();
  let transport = new StreamableHTTPClientTransport(new URL(resource), { authProvider: provider });
  let client = new Client({ name: 'gs-mcp-auth-test', version: '1.0.0' });
  let refused;
  try { await client.connect(transport); } catch (e) { refused = e; }
  check(refused instanceof UnauthorizedError && provider.authorizationUrl,
        'the SDK met the challenge and asked for authorization');
  const scope = provider.authorizationUrl.searchParams.get('scope') ?? '';
  check(scope.includes('mcp:use') && scope.includes('mcp:write'),
        `the SDK requested the advertised scopes (${scope})`);
  granted = scope;
  const redirect = await fetch(provider.authorizationUrl, { redirect: 'manual' });
  const code = new URL(redirect.headers.get('location')).searchParams.get('code');
  check(Boolean(code), 'the identity provider answered an authorization code');
  await transport.finishAuth(code);
  check(Boolean(provider.tokens()?.access_token) && audienceSeen === resource,
        'the SDK exchanged the code for a token for this resource');

  // 3. With the token: a session, its tools, a call.
  transport = new StreamableHTTPClientTransport(new URL(resource), { authProvider: provider });
  client = new Client({ name: 'gs-mcp-auth-test', version: '1.0.0' });
  await client.connect(transport);
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name);
  check(names.includes('status') && names.includes('compile_method'),
        `tools/list with the token shows ${names.length} tools, read-write by scope`);
  const result = await client.callTool({ name: 'execute_code', arguments: { code: '3 + 4' } });
  check(!result.isError && JSON.stringify(result.content).includes('7'),
        'a tool call with the token ran in the image');
  await transport.terminateSession();
  await client.close();
  console.log('auth-test: all passed');
} finally {
  server?.kill();
  await idp.stop();
  rmSync(dir, { recursive: true, force: true });
}

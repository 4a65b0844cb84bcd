// A test MCP server written with the official SDK. Tools: `echo {text}` answers `echo: <text>`;
// `crash` makes the process exit mid-call (a server that dies); `big {bytes}` (with MCP_FIXTURE_BIG set) a large answer; one resource, `fixture://readme`. Run as a stdio server
// (`node mcp-fixture-server.mjs`), or import `fixtureServer()` to serve it over HTTP.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

export function fixtureServer() {
  const server = new McpServer({ name: 'fixture', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echo the given text back.', inputSchema: { text: z.string().describe('Text to echo.') } },
    async ({ text }) => ({ content: [{ type: 'text', text: `echo: ${text}` }] }),
  );
  server.registerTool('crash', { description: 'Exit the server process.' }, async () => {
    process.exit(3);
  });
  server.registerTool('hidden', { description: 'A tool the configuration disables.' }, async () => ({ content: [{ type: 'text', text: 'hidden' }] }));
  // Only when MCP_FIXTURE_BIG is set (the tests that list the fixture's tools see the same list):
  // `big {bytes}` answers with one text of that many bytes.
  if (process.env.MCP_FIXTURE_BIG) {
    server.registerTool(
      'big',
      { description: 'Answer with a text of the given size.', inputSchema: { bytes: z.number().int().describe('Size of the text in bytes.') } },
      async ({ bytes }) => ({ content: [{ type: 'text', text: 'ab'.repeat(Math.ceil(bytes / 2)).slice(0, bytes) }] }),
    );
  }
  server.registerResource('readme', 'fixture://readme', { description: 'The fixture readme.', mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'hello resource' }],
  }));
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await fixtureServer().connect(new StdioServerTransport());
}

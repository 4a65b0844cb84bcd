// A test MCP server written with the official SDK. Tools: `echo {text}` answers `echo: <text>`;
// `crash` makes the process exit mid-call (a server that dies); one resource, `fixture://readme`. Run as a stdio server
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
  server.registerResource('readme', 'fixture://readme', { description: 'The fixture readme.', mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'hello resource' }],
  }));
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await fixtureServer().connect(new StdioServerTransport());
}

// tool_search ranks deferred MCP tools as Codex does: BM25 (k1 1.2, b 0.75, average length fitted to
// the corpus) over each tool's search text, with the English tokenizer of Codex's engine (UAX #29
// words, stopwords-iso English, Snowball stemming) and its counting of token occurrences.
import { describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { bm25Rank, bm25Tokens } from '../../../src/mcp/bm25-ranking.js';
import type { McpToolEntry } from '../../../src/mcp/mcp-hub.js';
import { searchMcpTools, toolSearchText } from '../../../src/mcp/mcp-tool-search.js';

function entry(server: string, name: string, description: string, properties: Record<string, object> = {}): McpToolEntry {
  const tool: Tool = { name, description, inputSchema: { type: 'object', properties } };
  return { server, tool, qualifiedName: `mcp__${server}__${name}`, namespace: `mcp__${server}` };
}

describe('the tokenizer', () => {
  it('lowercases, folds accents, drops stop words and stems', () => {
    expect(bm25Tokens('The Running Connections of a Café')).toEqual(['run', 'connect', 'cafe']);
  });

  it('keeps what Unicode word boundaries keep whole', () => {
    expect(bm25Tokens('use mcp__echo__echo with 3.14, then calendar-events')).toEqual(['mcp__echo__echo', '3.14', 'calendar', 'event']);
  });
});

describe('the scores', () => {
  it('are Okapi BM25 with k1 1.2, b 0.75 and the fitted average length', () => {
    // Tokens: [space, station] and [bacon, avocado, sandwich]; average length 2.5; each token once.
    const hits = bm25Rank(['space station', 'bacon and avocado sandwich'], 'sandwich with bacon');
    const idf = Math.log(1 + (2 - 1 + 0.5) / (1 + 0.5));
    const weight = 2.2 / (1 + 1.2 * (1 - 0.75 + 0.75 * (3 / 2.5)));
    expect(hits).toHaveLength(1);
    expect(hits[0]?.index).toBe(1);
    expect(hits[0]?.score).toBeCloseTo(2 * idf * weight, 10);
  });

  it('counts every occurrence of a token in the corpus, and of a word in the query', () => {
    const corpus = ['alpha alpha alpha', 'beta', 'gamma'];
    const [hit] = bm25Rank(corpus, 'alpha');
    // n = 3 occurrences in a corpus of 3 documents.
    const idf = Math.log(1 + (3 - 3 + 0.5) / (3 + 0.5));
    const avgdl = 5 / 3;
    expect(hit?.score).toBeCloseTo(idf * ((3 * 2.2) / (3 + 1.2 * (1 - 0.75 + 0.75 * (3 / avgdl)))), 10);
    const once = bm25Rank(corpus, 'beta')[0]?.score ?? 0;
    expect(bm25Rank(corpus, 'beta beta')[0]?.score).toBeCloseTo(2 * once, 10);
  });

  it('leaves out documents that share no token with the query, and breaks ties by corpus order', () => {
    expect(bm25Rank(['red apple', 'green pear', 'red apple'], 'apple').map((h) => h.index)).toEqual([0, 2]);
    expect(bm25Rank(['red apple'], 'the of and')).toEqual([]);
  });
});

describe('tool_search over MCP tools', () => {
  const tools = [
    entry('calendar', 'list_events', 'List events on a calendar', { start: {}, end: {} }),
    entry('calendar', 'create_event', 'Create a calendar event', { title: {} }),
    entry('mail', 'send_message', 'Send an email message', { to: {}, body: {} }),
    entry('files', 'read_file', 'Read a file from disk', { path: {} }),
  ];

  it('indexes the names, server, description and sorted input properties', () => {
    expect(toolSearchText(tools[2] as McpToolEntry)).toBe('mcp__mail__send_message send_message send_message mail Send an email message body to');
  });

  it('ranks the best matches first and groups them by namespace', () => {
    const found = searchMcpTools(tools, 'send email', 8, (ns) => `Tools in ${ns}`);
    expect(found.map((ns) => [ns.name, ns.tools.map((t) => t['name'])])).toEqual([['mcp__mail', ['send_message']]]);
    const calendar = searchMcpTools(tools, 'create calendar event', 8, (ns) => ns);
    expect(calendar.map((ns) => ns.tools.map((t) => t['name']))).toEqual([['create_event', 'list_events']]);
  });

  it('returns at most `limit` tools', () => {
    expect(searchMcpTools(tools, 'calendar', 1, (ns) => ns).flatMap((ns) => ns.tools.map((t) => t['name']))).toEqual(['list_events']);
  });
});

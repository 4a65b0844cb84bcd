// The `<tools>` part (codex-0.169): the tool namespaces the model can load on demand, listed by name
// and description from the pack. Sent to threads whose multi-agent tools are deferred (version v1).
import type { DeferredNamespaces } from '../../protocol/pack-files.js';
import type { Pack } from '../pack/load-pack.js';

// MCP servers' namespaces (`mcp__<server>`) have no description: they are listed bare, sorted by
// name together with the pack's namespaces.
export function deferredToolsText(pack: Pack, mcpNamespaces: readonly string[] = []): string | undefined {
  const described = Object.entries(pack.json<DeferredNamespaces>('tools_message/deferred_namespaces.json')).map(([name, description]) => ({
    name,
    text: pack.render('tools_message/namespace_item.md', { name, description }),
  }));
  const bare = pack.has(BARE_ITEM) ? mcpNamespaces.map((name) => ({ name, text: pack.render(BARE_ITEM, { name }) })) : [];
  const namespaces = [...described, ...bare].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (namespaces.length === 0) return undefined;
  return pack.render('tools_message/wrapper.md', { namespaces: namespaces.map((n) => n.text).join('') });
}

const BARE_ITEM = 'tools_message/namespace_item_bare.md';

// Scenarios that an open issue will make pass, by `<profile>/<scenario>` → the issue. A listed
// scenario that differs is skipped with its issue named; one that passes fails the run, so the entry
// is removed the moment the behaviour lands. Every walk over the fixtures uses this one list.
export const KNOWN_PENDING: Readonly<Record<string, string>> = {
  'codex-0.98/tool_mcp_echo': 'issue 21 (MCP servers)',
  'codex-0.98/tool_sandbox_denied': 'issue 21 (bubblewrap sandbox)',
  'codex-0.169/tool_mcp_echo': 'issue 21 (MCP servers)',
  'codex-0.169/tool_mcp_echo_search': 'issue 21 (MCP tool_search)',
  'codex-0.169/tool_sandbox_denied': 'issue 21 (bubblewrap sandbox)',
};

export function knownPendingIssue(profile: string, scenario: string): string | undefined {
  return KNOWN_PENDING[`${profile}/${scenario}`];
}

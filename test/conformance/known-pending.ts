// Scenarios that an open issue will make pass, by `<profile>/<scenario>` → the issue. A listed
// scenario that differs is skipped with its issue named; one that passes fails the run, so the entry
// is removed the moment the behaviour lands. Every walk over the fixtures uses this one list.
export const KNOWN_PENDING: Readonly<Record<string, string>> = {
  'codex-0.169/tool_sandbox_denied':
    "issue 21 (harness: the recorded 'Original token count: 23' counts Codex's own 41-44 character workspace path; the harness's {{REPO}} is 46 characters, so weft's true count is 24; pinned by test/unit/sandbox-denied-token-count-follows-the-workspace-path-length.test.ts)",
};

export function knownPendingIssue(profile: string, scenario: string): string | undefined {
  return KNOWN_PENDING[`${profile}/${scenario}`];
}

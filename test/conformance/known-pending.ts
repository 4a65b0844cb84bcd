// Scenarios that an open issue will make pass, by `<profile>/<scenario>` → the issue. A listed
// scenario that differs is skipped with its issue named; one that passes fails the run, so the entry
// is removed the moment the behaviour lands. Every walk over the fixtures uses this one list.
export const KNOWN_PENDING: Readonly<Record<string, string>> = {
};

export function knownPendingIssue(profile: string, scenario: string): string | undefined {
  return KNOWN_PENDING[`${profile}/${scenario}`];
}

/**
 * Scenarios whose `exec --json` event stream (`<label>.stdout.jsonl`) still differs from Codex's, by
 * `<profile>/<scenario>`, with the difference. Every other scenario's exec stream must be equal, and a
 * listed one that becomes equal fails the run, so the entry is removed. (App-server transcripts are
 * still compared for information only.)
 */
export const EXEC_STREAMS_PENDING: Readonly<Record<string, string>> = {
  'codex-0.98/compaction_preturn': "the resumed turn's warning item after an automatic compaction: Codex's text is in no 0.98 pack, so weft prints its own",
  'codex-0.98/model_switch': "Codex's warning item on resuming with another model (no pack holds its text); weft prints none",
  'codex-0.169/model_switch': "Codex's warning item on resuming with another model (no pack holds its text); weft prints none",
  'codex-0.171/model_switch': "Codex's warning item on resuming with another model (no pack holds its text); weft prints none",
};

export function execStreamPending(profile: string, scenario: string): string | undefined {
  return EXEC_STREAMS_PENDING[`${profile}/${scenario}`];
}

/**
 * The app-server replays (test/unit/config/app-server-replays-codex-transcripts.test.ts) compare every
 * model request body with Codex's. They mask one text, on both sides, and nothing else: the base
 * instructions of Codex's fallback model entry (the recordings use `mock-model`, a slug no catalog
 * knows). Codex compiles that text into its binary, no Codex pack holds it, and weft may not copy it
 * from a recording; weft sends its own (templates/fallback_model/base_instructions.md).
 *
 * Bodies of a generation listed here still differ for the reason given (and must: the test fails
 * once they are equal, so the entry is removed). Their ids, roles and `client_metadata` are compared
 * in full all the same.
 */
export const APP_SERVER_BODIES_PENDING: Readonly<Record<string, string>> = {
  'codex-0.169':
    'issue 24: two texts no 0.169 pack holds: the `multi_agent_v1` namespace tool a model without tool_search is offered directly (weft runs no sub-agents), and `turn_aborted.md` (weft\'s own text stands in)',
};

export function appServerBodiesPending(profile: string): string | undefined {
  return APP_SERVER_BODIES_PENDING[profile];
}

/**
 * App-server replays whose request ids, roles or `client_metadata` still differ from Codex's, by
 * `<profile>/<scenario>`, with the reason; as above, a listed one that becomes equal fails the test.
 */
export const APP_SERVER_IDS_PENDING: Readonly<Record<string, string>> = {
};

export function appServerIdsPending(profile: string, scenario: string): string | undefined {
  return APP_SERVER_IDS_PENDING[`${profile}/${scenario}`];
}

// A tool's output payload cut to the model's truncation policy as Codex cuts function outputs when
// it records them (the policy scaled by 1.2 for serialization): a text is cut in the middle; of
// content parts, texts are kept whole while the budget lasts, the one that crosses it is cut in the
// middle to what is left, later texts are left out, and images stay. Used for MCP results, which
// no tool of weft's own has cut before (a 12 MB result went to the model whole).
import type { TruncationPolicy } from '../../protocol/model-catalog.js';
import type { FunctionCallOutputPayload } from '../../protocol/responses-items.js';
import { estimateTokens } from './token-estimate.js';
import { policyByteBudget, policyTokenBudget, scalePolicy, truncateText } from './truncate-output.js';

const SERIALIZATION_ALLOWANCE = 1.2;

export function truncateOutputPayload(output: FunctionCallOutputPayload, policy: TruncationPolicy): FunctionCallOutputPayload {
  const budget = scalePolicy(policy, SERIALIZATION_ALLOWANCE);
  if (typeof output === 'string') return truncateText(output, budget).text;
  let remaining = budget.mode === 'bytes' ? policyByteBudget(budget) : policyTokenBudget(budget);
  const out: Exclude<FunctionCallOutputPayload, string> = [];
  for (const part of output) {
    if (part.type !== 'input_text') {
      out.push(part);
      continue;
    }
    if (remaining === 0) continue;
    const cost = budget.mode === 'bytes' ? Buffer.byteLength(part.text, 'utf8') : estimateTokens(part.text);
    if (cost <= remaining) {
      out.push(part);
      remaining -= cost;
    } else {
      out.push({ ...part, text: truncateText(part.text, { mode: budget.mode, limit: remaining }).text });
      remaining = 0;
    }
  }
  return out;
}

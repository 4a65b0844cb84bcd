// `weft prompt --strategy budgeted`: the same first-turn request, rebuilt by budgeted assembly, with
// a report of each section's tokens against its budget. `weft prompt` makes no model call, so a
// history over its trigger is never summarized there: it shows the most-recent fallback.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { IoError, UsageError } from '../../errors.js';
import type { Pack } from '../../pack/load-pack.js';
import { assembleBudgeted } from './assemble-budgeted.js';
import { budgetSettings, parseBudgetFlag, SOURCE_KINDS, type BudgetFlags, type SourceKind } from './budget-settings.js';
import { loadBudgetTexts } from './budget-texts.js';
import type { ContextSource } from './context-sources.js';
import { sectionTable } from './section-table.js';
import { parseStage } from './stages.js';

export const PROMPT_STRATEGY_OPTIONS = {
  strategy: { type: 'string' },
  stage: { type: 'string' },
  budget: { type: 'string', multiple: true },
  source: { type: 'string', multiple: true },
} as const;

export const PROMPT_STRATEGY_HELP = `  --strategy NAME          default | budgeted (budgeted assembly; see docs/extensions-and-assembly.md)
  --stage STAGE            budgeted: planning | coding | review | testing | error_fixing (default coding)
  --budget SECTION=N       budgeted: token budget of system | stage | history | other, or summarize_at=SHARE (repeatable)
  --source KIND=FILE       budgeted: other context from FILE; KIND is ${SOURCE_KINDS.join(' | ')} (repeatable)`;

export interface PromptStrategyFlags {
  readonly strategy?: string | undefined;
  readonly stage?: string | undefined;
  readonly budget: readonly string[];
  readonly source: readonly string[];
}

export interface StrategyRequest {
  readonly instructions: string;
  readonly input: readonly ResponseItem[];
  /** Lines describing what the strategy did (empty for the default strategy). */
  readonly report: readonly string[];
}

export async function applyPromptStrategy(
  flags: PromptStrategyFlags,
  request: { pack: Pack; cwd: string; instructions: string; input: readonly ResponseItem[] },
): Promise<StrategyRequest> {
  const strategy = flags.strategy ?? 'default';
  if (strategy === 'default') {
    if (flags.stage !== undefined || flags.budget.length > 0 || flags.source.length > 0) {
      throw new UsageError('--stage, --budget and --source need --strategy budgeted');
    }
    return { instructions: request.instructions, input: request.input, report: [] };
  }
  if (strategy !== 'budgeted') throw new UsageError(`--strategy ${strategy}: expected default or budgeted`);
  const options = flags.budget.reduce<BudgetFlags>((acc, spec) => parseBudgetFlag(spec, acc), {});
  const assembly = await assembleBudgeted(
    {
      system: request.instructions,
      stage: parseStage(flags.stage ?? 'coding'),
      history: request.input,
      sources: await Promise.all(flags.source.map((spec) => readSource(spec, request.cwd))),
    },
    { texts: await loadBudgetTexts(request.pack), settings: budgetSettings(options, '--budget') },
  );
  return { instructions: assembly.instructions, input: assembly.input, report: sectionTable(assembly.sections) };
}

async function readSource(spec: string, cwd: string): Promise<ContextSource> {
  const at = spec.indexOf('=');
  const kind = spec.slice(0, at);
  const file = spec.slice(at + 1);
  if (at < 0 || !(SOURCE_KINDS as readonly string[]).includes(kind) || file === '') {
    throw new UsageError(`--source ${spec}: expected KIND=FILE with KIND one of ${SOURCE_KINDS.join(', ')}`);
  }
  const full = path.resolve(cwd, file);
  try {
    return { kind: kind as SourceKind, title: file, content: await readFile(full, 'utf8') };
  } catch (err) {
    throw new IoError(`--source ${spec}: ${full} cannot be read`, full, { cause: err });
  }
}

// The numbers of budgeted assembly: a token budget per section (system, stage prompt, history, other
// context), the share of the history budget at which the history is summarized, the smallest room
// worth filling with a cut-down source, and the priority of each kind of other context. Defaults are
// the design's; every one can be changed, and input from outside (flags, files) is validated here.
import { z } from 'zod';
import { UsageError } from '../../errors.js';
import { lazySchema } from '../../../protocol/lazy-schema.js';
import { definedOnly } from '../../defined-only.js';

export const SECTION_NAMES = ['system', 'stage', 'history', 'other'] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

export const SOURCE_KINDS = ['notes', 'build_logs', 'runtime_logs', 'source_files', 'test_results', 'decisions', 'library_docs'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** Log kinds that come first in the error-fixing stage. */
export const ERROR_LOG_KINDS: readonly SourceKind[] = ['build_logs', 'runtime_logs'];

export interface BudgetSettings {
  readonly budgets: Readonly<Record<SectionName, number>>;
  /** Summarize the history once it exceeds this share of its budget (0 < share ≤ 1). */
  readonly summarizeAt: number;
  /** A source that does not fit whole is cut to fit only if at least this many tokens remain. */
  readonly minPartialTokens: number;
  /** Higher first; ties keep the order the sources were given in. */
  readonly priorities: Readonly<Record<SourceKind, number>>;
}

export const DEFAULT_BUDGET_SETTINGS: BudgetSettings = {
  // system: weft's own base instructions (about 1,300 tokens, 1,600 with a personality) fit whole.
  budgets: { system: 4_000, stage: 1_500, history: 10_000, other: 15_000 },
  summarizeAt: 0.8,
  minPartialTokens: 200,
  priorities: { notes: 100, build_logs: 90, runtime_logs: 85, source_files: 80, test_results: 75, decisions: 50, library_docs: 40 },
};

const tokens = lazySchema(() => z.number().int().nonnegative());

export const BudgetOptions = lazySchema(() =>
  z.strictObject({
    budgets: z.strictObject(Object.fromEntries(SECTION_NAMES.map((s) => [s, tokens.optional()])) as Record<SectionName, z.ZodOptional<typeof tokens>>).optional(),
    summarizeAt: z.number().gt(0).lte(1).optional(),
    minPartialTokens: tokens.optional(),
    priorities: z.strictObject(Object.fromEntries(SOURCE_KINDS.map((k) => [k, z.number().optional()])) as Record<SourceKind, z.ZodOptional<z.ZodNumber>>).optional(),
  }),
);
export type BudgetOptions = z.infer<typeof BudgetOptions>;

/** Defaults with `options` laid over them. `where` names the origin of the options in errors. */
export function budgetSettings(options: unknown = {}, where = 'budget options'): BudgetSettings {
  const parsed = BudgetOptions.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue && issue.path.length > 0 ? ` \`${issue.path.join('.')}\`` : '';
    throw new UsageError(`${where}:${key} ${issue?.message ?? 'invalid'}`);
  }
  const o = parsed.data;
  const d = DEFAULT_BUDGET_SETTINGS;
  return {
    budgets: { ...d.budgets, ...definedOnly(o.budgets ?? {}) },
    summarizeAt: o.summarizeAt ?? d.summarizeAt,
    minPartialTokens: o.minPartialTokens ?? d.minPartialTokens,
    priorities: { ...d.priorities, ...definedOnly(o.priorities ?? {}) },
  };
}

export interface BudgetFlags {
  readonly budgets?: Readonly<Record<string, number>>;
  readonly summarizeAt?: number;
}

/** `--budget history=8000` (also `summarize_at=0.7`): one flag value laid over `into`; checked by budgetSettings. */
export function parseBudgetFlag(spec: string, into: BudgetFlags = {}): BudgetFlags {
  const match = /^([a-z_]+)=([0-9.]+)$/.exec(spec.trim());
  if (!match) throw new UsageError(`--budget ${spec}: expected SECTION=TOKENS (sections: ${SECTION_NAMES.join(', ')}) or summarize_at=SHARE`);
  const [, key, raw] = match as unknown as [string, string, string];
  const value = Number(raw);
  if (key === 'summarize_at') return { ...into, summarizeAt: value };
  if (!(SECTION_NAMES as readonly string[]).includes(key)) {
    throw new UsageError(`--budget ${spec}: unknown section \`${key}\` (sections: ${SECTION_NAMES.join(', ')})`);
  }
  return { ...into, budgets: { ...into.budgets, [key]: value } };
}

// Shapes of the JSON data files inside a template pack.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

export const NetworkAccessTexts = lazySchema(() => z.object({ enabled: z.string(), restricted: z.string() }));
export type NetworkAccessTexts = z.infer<typeof NetworkAccessTexts>;

export const WritableRootsTexts = lazySchema(() =>
  z.object({
    one: z.string(),
    many: z.string(),
    item: z.string(),
    separator: z.string(),
  }),
);
export type WritableRootsTexts = z.infer<typeof WritableRootsTexts>;

export const CollaborationModePreset = lazySchema(() =>
  z.object({
    name: z.string(),
    mode: z.string(),
    model: z.string().nullable(),
    reasoning_effort: z.string().nullable(),
    developer_instructions_file: z.string().optional(),
  }),
);
export type CollaborationModePreset = z.infer<typeof CollaborationModePreset>;
export const CollaborationModePresets = lazySchema(() => z.array(CollaborationModePreset));

/** One set of cuts applied to an instructions text (codex-0.169 `filters.json`). */
export const InstructionFilter = lazySchema(() =>
  z.looseObject({
    /** A line starting with one of these is removed with its newline. */
    drop_line_prefixes: z.array(z.string()).optional(),
    /** Headings whose section (heading line up to the next heading of the same or a higher level) is removed. */
    drop_sections: z.array(z.string()).optional(),
  }),
);
export type InstructionFilter = z.infer<typeof InstructionFilter>;

export const InstructionFilters = lazySchema(() =>
  z.looseObject({
    /** Keyed by tool name: applied when the turn offers no tool of that name. */
    when_tool_absent: z.record(z.string(), InstructionFilter).optional(),
    /** Keyed by personality: applied to the model instructions when the thread has it. */
    when_personality: z.record(z.string(), InstructionFilter).optional(),
  }),
);
export type InstructionFilters = z.infer<typeof InstructionFilters>;

/** `tools_message/deferred_namespaces.json`: namespace name → description. */
export const DeferredNamespaces = lazySchema(() => z.record(z.string(), z.string()));
export type DeferredNamespaces = z.infer<typeof DeferredNamespaces>;

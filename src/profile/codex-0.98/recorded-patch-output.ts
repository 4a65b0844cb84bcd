// A codex-0.98 quirk, behind the profile seam (ProfileThread.requestHistory): Codex 0.98 records an
// apply_patch result in its rollout as JSON (`{"output": …, "metadata": {"exit_code": …,
// "duration_seconds": …}}`) and sends the model the framed text instead. Reading such a rollout back
// (resume, the viewer), the recorded JSON is framed the same way before it is sent.
import { z } from 'zod';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import type { Pack } from '../../pack/load-pack.js';
import { APPLY_PATCH_TOOL_NAME } from '../../tools/apply-patch/apply-patch-tool.js';
import { lazySchema } from '../../../protocol/lazy-schema.js';

const RecordedOutput = lazySchema(() =>
  z.object({
    output: z.string(),
    metadata: z.object({ exit_code: z.number().int(), duration_seconds: z.number() }),
  }),
);

function recorded(text: string): z.infer<typeof RecordedOutput> | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    const parsed = RecordedOutput.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** `items` with every recorded apply_patch JSON result replaced by the pack's frame around it. */
export function framedPatchOutputs(items: readonly ResponseItem[], pack: Pack): ResponseItem[] {
  const patchCalls = new Set(items.flatMap((i) => (i.type === 'custom_tool_call' && i.name === APPLY_PATCH_TOOL_NAME ? [i.call_id] : [])));
  if (patchCalls.size === 0) return [...items];
  return items.map((item) => {
    if (item.type !== 'custom_tool_call_output' || !patchCalls.has(item.call_id) || typeof item.output !== 'string') return item;
    const json = recorded(item.output);
    if (!json) return item;
    const output = pack.render('tool_output/apply_patch.md', {
      exit_code: String(json.metadata.exit_code),
      wall_time_seconds: String(json.metadata.duration_seconds),
      output: json.output,
    });
    return { ...item, output };
  });
}

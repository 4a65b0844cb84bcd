// An MCP result as the model reads it is cut as Codex cuts a function output it records: the
// policy scaled by 1.2; a text cut in the middle with Codex's marker; of content parts, texts kept
// whole while the budget lasts, the one crossing it cut to what is left, later texts left out,
// images kept.
import { expect, test } from 'vitest';
import { truncateOutputPayload } from '../../../src/history/truncate-output-payload.js';

test('a text payload is cut in the middle to 1.2 times the policy', () => {
  const out = truncateOutputPayload('x'.repeat(100_000), { mode: 'tokens', limit: 1000 }) as string;
  expect(out).toMatch(/^x+…\d+ tokens truncated…x+$/);
  expect(out.replace(/….*…/, '').length).toBe(4800);
  expect(truncateOutputPayload('short', { mode: 'tokens', limit: 1000 })).toBe('short');
});

test('content parts: texts while the budget lasts, the crossing one cut, later texts dropped, images kept', () => {
  const image = { type: 'input_image' as const, image_url: 'data:image/png;base64,AAAA' };
  const out = truncateOutputPayload(
    [
      { type: 'input_text', text: 'Wall time: 0.1 seconds\nOutput:' },
      { type: 'input_text', text: 'y'.repeat(20_000) },
      image,
      { type: 'input_text', text: 'left out' },
    ],
    { mode: 'bytes', limit: 1000 },
  );
  expect(Array.isArray(out)).toBe(true);
  const parts = out as Array<{ type: string; text?: string }>;
  expect(parts.map((p) => p.type)).toEqual(['input_text', 'input_text', 'input_image']);
  expect(parts[0]?.text).toBe('Wall time: 0.1 seconds\nOutput:');
  expect(parts[1]?.text).toMatch(/^y+…\d+ chars truncated…y+$/);
  expect(Buffer.byteLength(parts[1]?.text?.replace(/….*…/, '') ?? '')).toBe(1200 - 'Wall time: 0.1 seconds\nOutput:'.length);
});

// The `view_image` tool: a local image file given to the model. The file's type is read from its
// first bytes (PNG, JPEG, GIF, WebP), not its name, and the bytes travel unchanged as a data URL.
// How the image reaches the model is the generation's (ToolOutputStyle.imageResult): 0.98 answers
// with a short text and records the image as a user message after the output; 0.169 answers with the
// image itself as the call's output.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { errorMessage } from '../errors.js';
import { parseToolArguments } from './tool-arguments.js';
import { CODEX_098_TOOL_OUTPUTS } from './tool-output-style.js';
import type { ToolCall, ToolContext, ToolHandler, ToolResult } from './tool-registry.js';
import { lazySchema } from '../../protocol/lazy-schema.js';

export const VIEW_IMAGE_TOOL_NAME = 'view_image';

const ViewImageArgs = lazySchema(() => z.object({ path: z.string().min(1) }));

const SIGNATURES: readonly { mime: string; test: (b: Buffer) => boolean }[] = [
  { mime: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { mime: 'image/jpeg', test: (b) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/gif', test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  { mime: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

/** The image MIME type of `bytes`, from their signature; undefined for anything else. */
export function sniffImageMime(bytes: Buffer): string | undefined {
  return SIGNATURES.find((s) => s.test(bytes))?.mime;
}

export const viewImage: ToolHandler = async (call: ToolCall, ctx: ToolContext): Promise<ToolResult> => {
  const args = parseToolArguments(call, ViewImageArgs, ctx);
  if (!args.ok) return { output: args.output, success: false };
  const file = path.resolve(ctx.cwd, args.value.path);
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (err) {
    return { output: ctx.texts.imageNotFound(file, errorMessage(err)), success: false };
  }
  const mime = sniffImageMime(bytes);
  if (mime === undefined) return { output: ctx.texts.imageUnsupported(file), success: false };
  const imageUrl = `data:${mime};base64,${bytes.toString('base64')}`;
  ctx.onImageViewed?.({ callId: call.callId, path: file });
  const style = ctx.style ?? CODEX_098_TOOL_OUTPUTS;
  if (style.imageResult === 'output_content') {
    return { output: [{ type: 'input_image', image_url: imageUrl, detail: 'original' }], success: true };
  }
  return {
    output: ctx.texts.imageAttached(),
    success: true,
    followUp: [{ type: 'message', role: 'user', content: [{ type: 'input_image', image_url: imageUrl }] }],
  };
};

// A turn's `input` list → the text and images of the user message weft records, and the same list
// as the notifications echo it (text items always carry `text_elements`).
import path from 'node:path';
import type { UserInput } from '../../protocol/app-server/common.js';
import { imageDataUrl } from '../exec-stream/image-data-url.js';

export function echoInput(input: readonly UserInput[]): UserInput[] {
  return input.map((i) => (i.type === 'text' ? { type: 'text', text: i.text, text_elements: i.text_elements ?? [] } : i));
}

/**
 * Text items are joined with a blank line; images keep their order. `skill` and `mention` items
 * only point at what the text already names (`$name`), so they add nothing to the message.
 */
export async function resolveInput(input: readonly UserInput[], cwd: string): Promise<{ text: string; images: string[] }> {
  const texts: string[] = [];
  const images: string[] = [];
  for (const item of input) {
    if (item.type === 'text') texts.push(item.text);
    else if (item.type === 'image') images.push(item.url);
    else if (item.type === 'localImage') images.push(await imageDataUrl(path.resolve(cwd, item.path)));
  }
  return { text: texts.join('\n\n'), images };
}

/** Input steered into a turn that had ended, as the input of a turn of its own. */
export function steeredInput(left: { readonly text: string; readonly images: readonly string[] }): UserInput[] {
  return [...left.images.map((url): UserInput => ({ type: 'image', url })), { type: 'text', text: left.text, text_elements: [] }];
}

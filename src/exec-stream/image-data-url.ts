// A local image file as the data URL an `input_image` part carries (`data:image/png;base64,…`).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { UsageError, errorMessage } from '../errors.js';

const MIME_BY_EXTENSION: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

export async function imageDataUrl(file: string): Promise<string> {
  const mime = MIME_BY_EXTENSION[path.extname(file).toLowerCase()];
  if (mime === undefined) {
    throw new UsageError(`image ${file}: unsupported type; use one of ${Object.keys(MIME_BY_EXTENSION).join(', ')}`);
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (err) {
    throw new UsageError(`image ${file} cannot be read: ${errorMessage(err)}`, { cause: err });
  }
  return `data:${mime};base64,${bytes.toString('base64')}`;
}

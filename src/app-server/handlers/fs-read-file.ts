// fs/readFile: a file's bytes, base64; a directory is refused as Codex refuses it.
import { readFile, stat } from 'node:fs/promises';
import type { z } from 'zod';
import type { FsPathParams0169 } from '../../../protocol/app-server/v0169/fs-params.js';
import { absolutePath, io } from '../fs-access.js';
import { rpcError } from '../rpc-errors.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

export async function fsReadFile(_ctx: ServerContext, params: z.infer<typeof FsPathParams0169>): Promise<HandlerResult> {
  const file = absolutePath(params.path);
  const info = await io(() => stat(file));
  if (!info.isFile()) throw rpcError.invalidRequest(`path \`${file}\` is not a file`);
  const data = await io(() => readFile(file));
  return { result: { dataBase64: data.toString('base64') } };
}

// fs/writeFile: writes the decoded bytes (the file is created or replaced; its folder must exist).
import { writeFile } from 'node:fs/promises';
import type { z } from 'zod';
import type { FsWriteFileParams0169 } from '../../../protocol/app-server/v0169/fs-params.js';
import { absolutePath, io } from '../fs-access.js';
import { rpcError } from '../rpc-errors.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export async function fsWriteFile(_ctx: ServerContext, params: z.infer<typeof FsWriteFileParams0169>): Promise<HandlerResult> {
  const file = absolutePath(params.path);
  if (!BASE64.test(params.dataBase64) || params.dataBase64.length % 4 === 1) throw rpcError.invalidRequest('Invalid request: dataBase64 is not valid base64');
  await io(() => writeFile(file, Buffer.from(params.dataBase64, 'base64')));
  return { result: {} };
}

// feedback/save and feedback/upload (0.169). save writes the report Codex would send as a ZIP at an
// absolute path that must not exist yet (created exclusively, owner-only): `report.json` (the event:
// id, title from the classification and thread, time, the reason as its exception, tags),
// `manifest.json` (the attachments), and with `includeLogs` the thread's rollout and the extra log
// files asked for. weft writes no trace log of its own, so there is none to attach. The answer names
// the thread (`no-active-thread-<uuid>` without one) and the prompt hash: SHA-256 of the thread's
// base instructions with whitespace runs made single spaces. upload never leaves the machine: weft
// sends feedback nowhere, and refuses the request saying so (Codex uploads it to its crash reporter).
import { createHash, randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, isAbsolute } from 'node:path';
import type { z } from 'zod';
import { RpcErrorCode } from '../../../protocol/app-server/jsonrpc.js';
import type { FeedbackSaveParams0169, FeedbackUploadParams0169 } from '../../../protocol/app-server/v0169/feedback-params.js';
import { errorMessage, isErrno } from '../../errors.js';
import { isThreadId, newThreadId } from '../../rollout/store/thread-id.js';
import { CodexCodedError, rpcError } from '../rpc-errors.js';
import { APP_SERVER_SOURCE, type ServerContext } from '../server-context.js';
import { readThreadFacts } from '../thread-view.js';
import { zipOf, type ZipEntry } from '../zip-writer.js';
import type { HandlerResult } from './handler.js';

type FeedbackParams = z.infer<typeof FeedbackUploadParams0169>;

/** "bad_result" → "Bad result", as the report's title shows a classification. */
const label = (classification: string): string => {
  const words = classification.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function promptHash(baseInstructions: string): string {
  return createHash('sha256').update(baseInstructions.split(/\s+/).filter((w) => w !== '').join(' ')).digest('hex');
}

async function threadRollout(ctx: ServerContext, threadId: string): Promise<string | undefined> {
  if (!isThreadId(threadId)) return undefined;
  const loaded = ctx.loaded.get(threadId.toLowerCase());
  if (loaded) return loaded.scratch === undefined ? loaded.thread.rolloutPath : undefined;
  return ctx.base.store.find(threadId.toLowerCase());
}

interface Report {
  readonly threadId: string;
  readonly promptHash: string | null;
  readonly entries: ZipEntry[];
}

async function report(ctx: ServerContext, params: FeedbackParams): Promise<Report> {
  const threadId = params.threadId ?? `no-active-thread-${newThreadId()}`;
  const rollout = await threadRollout(ctx, threadId);
  const facts = rollout === undefined ? undefined : await readThreadFacts(ctx.base.store, rollout).catch(() => undefined);
  const base = facts?.meta.base_instructions?.text;
  const title = `[${label(params.classification)}]: Codex session ${threadId}`;
  const event = {
    event_id: randomUUID().replace(/-/g, ''),
    message: title,
    timestamp: Date.now() / 1000,
    ...(params.reason ? { exception: { values: [{ type: title, value: params.reason }] } } : {}),
    tags: { ...params.tags, classification: params.classification, cli_version: ctx.generation.codexVersion, session_source: APP_SERVER_SOURCE, thread_id: threadId },
  };
  const attachments: { filename: string; contentType: string; data: Buffer }[] = [];
  if (params.includeLogs) {
    if (rollout !== undefined && facts) attachments.push({ filename: basename(rollout), contentType: 'text/plain', data: await readFile(rollout) });
    for (const file of params.extraLogFiles ?? []) {
      const data = await readFile(file).catch((err: unknown) => {
        ctx.log(`feedback: extra log file ${file} not attached: ${errorMessage(err)}`);
        return undefined;
      });
      if (data) attachments.push({ filename: basename(file), contentType: 'text/plain', data });
    }
  }
  const named = attachments.map((a, i) => ({ ...a, entry: `attachments/${String(i).padStart(4, '0')}/${a.filename}` }));
  const manifest = named.map(({ entry, filename, contentType }) => ({ entry, filename, contentType }));
  return {
    threadId,
    promptHash: base === undefined ? null : promptHash(base),
    entries: [
      { name: 'report.json', data: Buffer.from(JSON.stringify(event)) },
      ...named.map((a) => ({ name: a.entry, data: a.data })),
      { name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest)) },
    ],
  };
}

export async function feedbackSave(ctx: ServerContext, params: z.infer<typeof FeedbackSaveParams0169>): Promise<HandlerResult> {
  if (!isAbsolute(params.savePath)) throw rpcError.invalidRequest('feedback savePath must be an absolute host path');
  const r = await report(ctx, params);
  try {
    // Exclusive: an existing file (or a link planted at the path) is never written through.
    await writeFile(params.savePath, zipOf(r.entries), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    const why = isErrno(err, 'EEXIST') ? 'feedback save path already exists' : errorMessage(err);
    throw new CodexCodedError(`failed to save feedback: ${why}`, RpcErrorCode.internalError);
  }
  return { result: { savedPath: params.savePath, threadId: r.threadId, promptHash: r.promptHash } };
}

export function feedbackUpload(_ctx: ServerContext, _params: FeedbackParams): HandlerResult {
  // A refusal, not a failure: invalid request, where Codex's failed upload is an internal error.
  throw rpcError.invalidRequest('failed to upload feedback: weft sends feedback nowhere (nothing leaves this machine); write the report with feedback/save and share the file yourself');
}

// Params of the methods Codex 0.171 added or changed, over 0.169's (../v0169/params.ts).
// test/unit/app-server/app-server-0171-protocol.test.ts holds them against 0.171's JSON Schema.
import { z } from 'zod';
import { ThreadListParams0169 } from '../v0169/params.js';

export const ModelProviderDefaultSetParams0171 = z.object({ providerId: z.string() });

export const ThreadListParams0171 = ThreadListParams0169.extend({ includedThreadIds: z.array(z.string()).nullish() });

// request_user_input over the app-server: the questions go to the client as the server request
// `item/tool/requestUserInput` (Codex 0.169's ToolRequestUserInputParams), and its answer
// ({answers: {id: {answers}}}) goes back to the model. A client that declines, answers with another
// shape, or is gone before it answers leaves the question unanswered (the tool says so to the model).
// Where the generation reports thread status (0.169), the thread is `waitingOnUserInput` while the
// client is asked, and an answered request is announced as `serverRequest/resolved`, as Codex does.
import { z } from 'zod';
import type { UserAnswers, UserInputAsker } from '../tools/user-input/user-input-asker.js';
import type { RpcConnection } from './rpc-connection.js';
import { turnScope } from './turn-scope.js';

export const REQUEST_USER_INPUT_METHOD = 'item/tool/requestUserInput';

const AnswerSchema = z.object({ answers: z.record(z.string(), z.object({ answers: z.array(z.string()) })) });

export function clientUserInput(conn: RpcConnection, log: (message: string) => void): UserInputAsker {
  return async (req, signal): Promise<UserAnswers | undefined> => {
    const scope = turnScope.getStore();
    if (!scope) return undefined;
    const params = {
      threadId: scope.threadId,
      turnId: scope.turnId,
      itemId: req.callId,
      // The client offers a free-form answer beside the options (the tool's description tells the model so).
      questions: req.questions.map((q) => ({ id: q.id, header: q.header, question: q.question, isOther: true, isSecret: false, options: q.options ?? null })),
      isBlocking: true,
      // Deprecated in Codex's protocol (isBlocking says it) but still sent, always null.
      autoResolutionMs: null,
    };
    const notice = scope.threadNotice;
    const status = (activeFlags: string[]): void => notice?.('thread/status/changed', { threadId: scope.threadId, status: { type: 'active', activeFlags } });
    let requestId: number | undefined;
    status(['waitingOnUserInput']);
    try {
      const answer = await conn.request(REQUEST_USER_INPUT_METHOD, params, signal, (id) => (requestId = id));
      if (requestId !== undefined) notice?.('serverRequest/resolved', { threadId: scope.threadId, requestId });
      status([]);
      const parsed = AnswerSchema.safeParse(answer);
      if (parsed.success) return parsed.data.answers;
      log(`answer to ${REQUEST_USER_INPUT_METHOD} ${req.callId} is not {"answers": …}; taken as no answer`);
    } catch (err) {
      status([]);
      log(`${REQUEST_USER_INPUT_METHOD} ${req.callId} failed: ${(err as Error).message}; taken as no answer`);
    }
    return undefined;
  };
}

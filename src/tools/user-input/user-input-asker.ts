// The questions of request_user_input and who answers them: plain shapes shared by the tool, the
// tool context and the surfaces that ask (the app-server's client, a terminal).
import { z } from 'zod';
import { lazySchema } from '../../../protocol/lazy-schema.js';

const Option = lazySchema(() => z.object({ label: z.string(), description: z.string() }));
const Question = lazySchema(() => z.object({ id: z.string(), header: z.string(), question: z.string(), options: z.array(Option).optional() }));
export const RequestUserInputArgs = lazySchema(() => z.object({ questions: z.array(Question) }));
export type UserQuestion = z.infer<typeof Question>;

/** The answers by question id, as the client gives them. */
export type UserAnswers = Record<string, { answers: string[] }>;

/** Asks the user; undefined when the user declined or the asker went away. */
export type UserInputAsker = (request: { callId: string; questions: readonly UserQuestion[] }, signal: AbortSignal) => Promise<UserAnswers | undefined>;

// The `retained_context` line Codex 0.169 writes when the user answers request_user_input (the only
// kind of that line it writes): the questions that got a non-blank answer (each with the chosen
// options' labels and descriptions under it), the answers one a line, and the place the acceptance
// takes in the thread's input counter. Written before the call's output, which carries the same
// answers to the model. An answer too large to retain keeps its ids and loses its questions.
import { z } from 'zod';
import { RequestUserInputArgs, type UserQuestion } from '../../tools/user-input/user-input-asker.js';

/** The tool's output when the user answered: `{"answers": {id: {"answers": [...]}}}`. */
const AnsweredOutput = z.object({ answers: z.record(z.string(), z.object({ answers: z.array(z.string()) })) });

export interface VerifiedAnswer {
  readonly type: 'verified_answer';
  readonly turn_id: string;
  readonly call_id: string;
  readonly questions: readonly { question: string; answer: string }[];
  readonly acceptance_order: number;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The question as retained: its text, then one line per chosen option (`label: description`). */
function questionText(q: UserQuestion, answers: readonly string[]): string {
  const chosen = (q.options ?? []).filter((o) => answers.includes(o.label));
  return [q.question, ...chosen.map((o) => `${o.label}: ${o.description}`)].join('\n');
}

/**
 * The answered questions of a request_user_input call, from its arguments and its output; undefined
 * when the output is not an answer (declined, refused, nobody to ask).
 */
export function answeredQuestions(args: string, output: unknown): { question: string; answer: string }[] | undefined {
  if (typeof output !== 'string') return undefined;
  const asked = RequestUserInputArgs.safeParse(parseJson(args));
  const answered = AnsweredOutput.safeParse(parseJson(output));
  if (!asked.success || !answered.success) return undefined;
  const out: { question: string; answer: string }[] = [];
  for (const q of asked.data.questions) {
    const given = answered.data.answers[q.id]?.answers ?? [];
    const answers = given.filter((a) => a.trim() !== '');
    if (answers.length > 0) out.push({ question: questionText(q, given), answer: answers.join('\n') });
  }
  return out.length > 0 ? out : undefined;
}

/** The most a retained answer may take (its ids and questions as JSON), in bytes. */
const MAX_RECORD_BYTES = 16_384;

export function verifiedAnswer(callId: string, turnId: string | undefined, questions: readonly { question: string; answer: string }[], order: number): VerifiedAnswer {
  const turn = turnId ?? '';
  const fits = Buffer.byteLength(JSON.stringify({ turn_id: turn, call_id: callId, questions })) <= MAX_RECORD_BYTES;
  return { type: 'verified_answer', turn_id: turn, call_id: callId, questions: fits ? questions : [], acceptance_order: order };
}

// request_user_input on a terminal: each question is printed with its numbered options, and the line
// typed is the answer (an option's number picks its label; any other text is a free-form answer). The
// input closing before every question is answered counts as no answer. Questions of calls made at
// once are asked one call after the other.
import type { Readable, Writable } from 'node:stream';
import type { UserAnswers, UserInputAsker, UserQuestion } from './user-input-asker.js';
import { nodeReadline } from '../../node-builtins.js';

function answerOf(line: string, question: UserQuestion): string {
  const text = line.trim();
  const options = question.options ?? [];
  const n = Number(text);
  const picked = Number.isInteger(n) && n >= 1 && n <= options.length ? options[n - 1] : undefined;
  return picked !== undefined ? picked.label : text;
}

export function ttyUserInput(input: Readable, output: Writable): UserInputAsker {
  let queue: Promise<unknown> = Promise.resolve();
  const ask = (questions: readonly UserQuestion[], signal: AbortSignal): Promise<UserAnswers | undefined> =>
    new Promise((resolve) => {
      const rl = nodeReadline().createInterface({ input, output, terminal: false });
      const answers: UserAnswers = {};
      let settled = false;
      const finish = (result: UserAnswers | undefined): void => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        rl.close();
        resolve(result);
      };
      const onAbort = (): void => finish(undefined);
      signal.addEventListener('abort', onAbort, { once: true });
      rl.once('close', () => finish(undefined));
      const next = (i: number): void => {
        const q = questions[i];
        if (q === undefined) return finish(answers);
        const options = (q.options ?? []).map((o, k) => `  ${k + 1}. ${o.label} — ${o.description}\n`).join('');
        output.write(`\n[${q.header}] ${q.question}\n${options}`);
        rl.question('> ', (line) => {
          answers[q.id] = { answers: [answerOf(line, q)] };
          next(i + 1);
        });
      };
      next(0);
    });
  return (req, signal) => {
    const run = queue.then(() => ask(req.questions, signal));
    queue = run.catch(() => undefined);
    return run;
  };
}

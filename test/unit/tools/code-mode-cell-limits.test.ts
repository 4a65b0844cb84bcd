// The limits and edges of an exec cell, on a thread's CodeModeSession: a busy loop is yielded and
// then stopped by `wait` with `terminate`, a cell past its lifetime is stopped, a script that grows
// its heap past the limit fails instead of taking weft down, `exit()` ends a script successfully, a
// bad pragma and an unknown cell get answers the model can act on, an interrupted turn stops its cell.
import { describe, expect, it } from 'vitest';
import { CodeModeSession } from '../../../src/tools/code-mode/code-mode-session.js';
import type { CodeModeTexts } from '../../../src/tools/tool-texts.js';

const texts: CodeModeTexts = {
  header: (status, s) => `${status} [${s}s]\n`,
  completed: () => 'COMPLETED',
  failed: () => 'FAILED',
  terminated: () => 'TERMINATED',
  running: (id) => `RUNNING ${id}`,
  scriptError: (e) => `ERROR ${e}`,
  badSource: (d) => `BAD ${d}`,
  unknownCell: (id) => `UNKNOWN ${id}`,
};
const opts = { tools: [], runTool: async () => null, texts };
const invalid = (d: string): string => `INVALID ${d}`;

function textsOf(output: unknown): string[] {
  return (output as Array<{ text?: string }>).map((p) => p.text ?? '');
}

describe('exec cell limits', () => {
  it('yields a busy loop and stops it on wait with terminate', async () => {
    const session = new CodeModeSession();
    const first = await session.exec('c1', '// @exec: {"yield_time_ms": 100}\ntext("spin");\nwhile (true) {}', opts);
    expect(textsOf(first.output)).toEqual([expect.stringMatching(/^RUNNING 1 /), 'spin']);
    const stopped = await session.wait(JSON.stringify({ cell_id: '1', terminate: true }), texts, invalid);
    expect(textsOf(stopped.output)[0]).toMatch(/^TERMINATED /);
    const again = await session.wait(JSON.stringify({ cell_id: '1' }), texts, invalid);
    expect(again.success).toBe(false);
    expect(textsOf(again.output)).toEqual([expect.stringMatching(/^FAILED /), 'ERROR UNKNOWN 1']);
  }, 30_000);

  it('stops a cell that outlives its lifetime', async () => {
    const session = new CodeModeSession({ maxHeapMb: 64, maxLifetimeMs: 300 });
    const first = await session.exec('c1', '// @exec: {"yield_time_ms": 50}\nwhile (true) {}', opts);
    expect(textsOf(first.output)[0]).toMatch(/^RUNNING 1 /);
    const later = await session.wait(JSON.stringify({ cell_id: '1', yield_time_ms: 20_000 }), texts, invalid);
    expect(textsOf(later.output)[0]).toMatch(/^TERMINATED /);
    await session.closeAll();
  }, 30_000);

  it('fails a script that grows past the heap limit, and weft goes on', async () => {
    const session = new CodeModeSession({ maxHeapMb: 16, maxLifetimeMs: 60_000 });
    const hog = 'const keep = [];\nfor (;;) keep.push(new Array(100000).fill({ a: Math.random() }));';
    const answer = await session.exec('c1', hog, opts);
    expect(answer.success).toBe(false);
    const parts = textsOf(answer.output);
    expect(parts[0]).toMatch(/^FAILED /);
    expect(parts.at(-1)).toMatch(/memory/);
    const next = await session.exec('c2', 'text(1 + 1);', opts);
    expect(textsOf(next.output).slice(1)).toEqual(['2']);
  }, 60_000);

  it('ends successfully at exit(), dropping what follows', async () => {
    const session = new CodeModeSession();
    const answer = await session.exec('c1', 'text("a");\nexit();\ntext("b");', opts);
    expect(answer.success).toBe(true);
    expect(textsOf(answer.output)).toEqual([expect.stringMatching(/^COMPLETED /), 'a']);
  }, 30_000);

  it('refuses a bad pragma and an empty input without starting a cell', async () => {
    const session = new CodeModeSession();
    const bad = await session.exec('c1', '// @exec: {"yield_time_ms": 10, "other": 1}\ntext(1);', opts);
    expect(bad).toMatchObject({ success: false, output: expect.stringMatching(/^BAD .*yield_time_ms/) });
    const empty = await session.exec('c2', '   ', opts);
    expect(empty).toMatchObject({ success: false, output: expect.stringMatching(/^BAD /) });
    const alone = await session.exec('c3', '// @exec: {"yield_time_ms": 10}', opts);
    expect(alone).toMatchObject({ success: false, output: expect.stringMatching(/^BAD /) });
  });

  it('passes nested tool results in and tool errors in as exceptions', async () => {
    const session = new CodeModeSession();
    const runTool = async (name: string, input: unknown): Promise<unknown> => {
      if (name === 'echo') return { got: input };
      throw new Error(`no tool ${name}`);
    };
    const tools = [
      { global: 'echo', name: 'echo', description: 'd' },
      { global: 'broken', name: 'broken', description: 'd' },
    ];
    const script = 'text((await tools.echo({ x: 1 })).got.x);\ntry { await tools.broken(); } catch (e) { text(e.message); }\ntext(ALL_TOOLS.map((t) => t.name).join(","));';
    const answer = await session.exec('c1', script, { tools, runTool, texts });
    expect(textsOf(answer.output).slice(1)).toEqual(['1', 'no tool broken', 'echo,broken']);
  }, 30_000);

  it('stops the cell when the turn is interrupted while exec waits on it', async () => {
    const session = new CodeModeSession();
    const turn = new AbortController();
    const pending = session.exec('c1', 'text("begun");\nawait new Promise(() => {});', { ...opts, signal: turn.signal });
    turn.abort();
    const answer = await pending;
    expect(textsOf(answer.output)[0]).toMatch(/^TERMINATED /);
  }, 30_000);

  it('adds a generated image with its hint, refuses http URLs for it, and refuses audio', async () => {
    const session = new CodeModeSession();
    const script = [
      'generatedImage({ image_url: "data:image/png;base64,AAAA", output_hint: "a square" });',
      'try { generatedImage({ image_url: "https://example.com/x.png" }); } catch (e) { text("http refused"); }',
      'try { audio("data:audio/wav;base64,AAAA"); } catch (e) { text("audio refused"); }',
    ].join('\n');
    const answer = await session.exec('c1', script, opts);
    expect((answer.output as unknown[]).slice(1)).toEqual([
      { type: 'input_image', image_url: 'data:image/png;base64,AAAA' },
      { type: 'input_text', text: 'a square' },
      { type: 'input_text', text: 'http refused' },
      { type: 'input_text', text: 'audio refused' },
    ]);
  }, 30_000);
});

import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/errors.js';
import { PanelRegistry, sortByRefresh } from '../../../src/assembly/panels/panel-registry.js';

describe('panel registry', () => {
  it('moves lastRefreshMs only when the content really changes', async () => {
    let now = 10;
    let value = 'a';
    const panels = new PanelRegistry({ now: () => now });
    panels.register({ id: 'P1', header: 'Todo', refresh: () => value });
    expect(panels.get('P1')).toEqual({ id: 'P1', header: 'Todo', content: '', lastRefreshMs: 10 });
    now = 20;
    await panels.refresh();
    expect(panels.get('P1')?.lastRefreshMs).toBe(20);
    now = 30;
    await panels.refresh();
    expect(panels.get('P1')).toMatchObject({ content: 'a', lastRefreshMs: 20 });
    value = 'b';
    now = 40;
    await panels.refresh();
    expect(panels.get('P1')).toMatchObject({ content: 'b', lastRefreshMs: 40 });
  });

  it('keeps the old content and reports a warning when a refresh fails', async () => {
    const panels = new PanelRegistry({ now: () => 1 });
    panels.register({ id: 'git', header: 'Git', content: 'clean', refresh: () => Promise.reject(new Error('git not found')) });
    const warnings = await panels.refresh();
    expect(panels.get('git')?.content).toBe('clean');
    expect(warnings).toEqual(["panel 'git': refresh failed, its previous content is shown: git not found"]);
  });

  it('refuses duplicate, reserved and malformed ids', () => {
    const panels = new PanelRegistry();
    panels.register({ id: 'P1', header: 'x' });
    expect(() => panels.register({ id: 'P1', header: 'x' })).toThrow(UsageError);
    expect(() => panels.register({ id: 'footer', header: 'x' })).toThrow(/reserved/);
    expect(() => panels.register({ id: 'history-1', header: 'x' })).toThrow(/reserved/);
    expect(() => panels.register({ id: 'a b', header: 'x' })).toThrow(/A-Z/);
  });

  it('sorts oldest refresh first, ties in registration order', () => {
    const p = (id: string, t: number) => ({ id, header: id, content: '', lastRefreshMs: t });
    expect(sortByRefresh([p('c', 5), p('a', 1), p('b', 5), p('d', 0)]).map((x) => x.id)).toEqual(['d', 'a', 'c', 'b']);
  });
});

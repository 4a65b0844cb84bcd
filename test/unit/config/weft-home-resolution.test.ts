import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandHome, resolveWeftHome } from '../../../src/config/weft-home.js';

describe('resolveWeftHome', () => {
  it('prefers WEFT_HOME over CODEX_HOME and ~/.weft', () => {
    expect(resolveWeftHome({ WEFT_HOME: '/w', CODEX_HOME: '/c', HOME: '/h' })).toBe('/w');
  });

  it('uses CODEX_HOME when WEFT_HOME is unset or empty', () => {
    expect(resolveWeftHome({ CODEX_HOME: '/c', HOME: '/h' })).toBe('/c');
    expect(resolveWeftHome({ WEFT_HOME: '', CODEX_HOME: '/c', HOME: '/h' })).toBe('/c');
  });

  it('falls back to $HOME/.weft', () => {
    expect(resolveWeftHome({ HOME: '/h' })).toBe('/h/.weft');
    expect(resolveWeftHome({ WEFT_HOME: '', CODEX_HOME: '', HOME: '/h' })).toBe('/h/.weft');
  });

  it('falls back to the OS home directory without $HOME', () => {
    expect(resolveWeftHome({})).toBe(path.join(os.homedir(), '.weft'));
  });

  it('lets an explicit home (--home) win over the environment', () => {
    expect(resolveWeftHome({ WEFT_HOME: '/w', CODEX_HOME: '/c', HOME: '/h' }, '/explicit')).toBe('/explicit');
  });

  it('expands ~ in the chosen directory with $HOME', () => {
    expect(resolveWeftHome({ WEFT_HOME: '~/weft-home', HOME: '/h' })).toBe('/h/weft-home');
    expect(resolveWeftHome({ CODEX_HOME: '~', HOME: '/h' })).toBe('/h');
    expect(resolveWeftHome({ HOME: '/h' }, '~/x')).toBe('/h/x');
  });

  it('resolves a relative home against the process cwd', () => {
    expect(resolveWeftHome({ WEFT_HOME: 'rel/home', HOME: '/h' })).toBe(path.resolve('rel/home'));
  });
});

describe('expandHome', () => {
  it('expands only a leading ~ or ~/', () => {
    expect(expandHome('~/a/b', { HOME: '/h' })).toBe('/h/a/b');
    expect(expandHome('~', { HOME: '/h' })).toBe('/h');
    expect(expandHome('~other/a', { HOME: '/h' })).toBe('~other/a');
    expect(expandHome('/abs/~/x', { HOME: '/h' })).toBe('/abs/~/x');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { PackError } from '../../../src/errors.js';
import type { Pack } from '../../../src/pack/load-pack.js';
import { placeholdersOf, renderTemplate } from '../../../src/pack/template.js';
import { loadCodexPack } from '../../support/packs.js';

describe('renderTemplate', () => {
  it('fills every occurrence of each placeholder', () => {
    expect(renderTemplate('{{ a }}-{{ b }}-{{ a }}', { a: '1', b: '2' })).toBe('1-2-1');
  });

  it('inserts a value containing {{ x }} literally (one pass)', () => {
    expect(renderTemplate('A {{ x }} B', { x: '{{ y }}', y: 'SHOULD NOT APPEAR' })).toBe('A {{ y }} B');
    expect(renderTemplate('{{ x }}', { x: '{{ x }}' })).toBe('{{ x }}');
  });

  it('inserts $ patterns in values literally', () => {
    expect(renderTemplate('[{{ x }}]', { x: "$& $1 $$ $'" })).toBe("[$& $1 $$ $']");
  });

  it('leaves text that is not exactly `{{ name }}` alone', () => {
    const text = '{{KNOWN}} {{ KNOWN }} {{  x }} {{ x}} {x} {{ 1x }}';
    expect(renderTemplate(text, { x: 'X', KNOWN: 'K', known: 'k' })).toBe(text);
    expect(placeholdersOf(text).size).toBe(0);
  });

  it('throws when a placeholder has no value, naming where and which', () => {
    expect(() => renderTemplate('hi {{ who }}', {}, 'greeting.md')).toThrow('greeting.md: no value for placeholder {{ who }}');
  });

  it('keeps an empty value empty', () => {
    expect(renderTemplate('a{{ x }}b', { x: '' })).toBe('ab');
  });
});

describe('placeholdersOf', () => {
  it('lists each lower-case placeholder name once', () => {
    expect([...placeholdersOf('{{ a }} {{ b_2 }} {{ a }}')]).toEqual(['a', 'b_2']);
  });
});

describe('pack.render', () => {
  let pack: Pack;
  beforeAll(async () => {
    pack = await loadCodexPack();
  });

  it('substitutes once: instructions that contain a placeholder stay literal', () => {
    expect(pack.render('collaboration_mode/wrapper.md', { instructions: 'use {{ instructions }} and {{KNOWN}}' })).toBe(
      '<collaboration_mode>use {{ instructions }} and {{KNOWN}}</collaboration_mode>',
    );
  });

  it('is a PackError for a file outside the pack', () => {
    expect(() => pack.text('no/such/file.md')).toThrow(PackError);
    expect(() => pack.text('no/such/file.md')).toThrow('no/such/file.md is not in this pack (layout codex-0.98)');
  });
});

// Each streamed Responses event is checked by its own schema, found by the event's `type`
// (RESPONSES_EVENT_SCHEMAS): a key naming another event's schema would check events against the
// wrong shape. Every key is its schema's own `type` literal, and every event of the union has its key.
import { describe, expect, it } from 'vitest';
import { KnownResponsesEvent, RESPONSES_EVENT_SCHEMAS, isKnownResponsesEventType } from '../../../protocol/responses-events.js';
import { parseStreamEvent } from '../../../src/client/stream-event-mapper.js';

describe('RESPONSES_EVENT_SCHEMAS', () => {
  it('keys every event of the union by its own type literal', () => {
    const unionTypes = KnownResponsesEvent.options.map((o) => o.shape.type.value).sort();
    expect(Object.keys(RESPONSES_EVENT_SCHEMAS).sort()).toEqual(unionTypes);
    for (const [type, schema] of Object.entries(RESPONSES_EVENT_SCHEMAS)) {
      expect((schema as unknown as { shape: { type: { value: string } } }).shape.type.value).toBe(type);
    }
  });

  it('knows exactly those types', () => {
    expect(isKnownResponsesEventType('response.completed')).toBe(true);
    expect(isKnownResponsesEventType('toString')).toBe(false);
    expect(isKnownResponsesEventType('response.audio.delta')).toBe(false);
  });

  it('a malformed known event fails on its own schema, naming the field', () => {
    expect(() => parseStreamEvent({ type: 'response.output_item.added', item: { nope: 1 } })).toThrow(
      "malformed 'response.output_item.added' stream event at item.type",
    );
    expect(parseStreamEvent({ type: 'response.audio.delta', delta: 'x' })).toEqual({ type: 'response.audio.delta', delta: 'x' });
  });
});

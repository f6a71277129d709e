import { describe, expect, it } from 'vitest';
import { endBeforeStart, isJsonText, toAnnotationPayload, toApiDateTime, toInputDateTime } from './annotation-form';

describe('annotation form', () => {
  it('sends a datetime-local value with seconds', () => {
    expect(toApiDateTime('2024-01-02T10:30')).toBe('2024-01-02T10:30:00');
    expect(toApiDateTime('2024-01-02T10:30:15')).toBe('2024-01-02T10:30:15');
    expect(toInputDateTime('2024-01-02T10:30:15')).toBe('2024-01-02T10:30:15');
  });

  it('an end before the start is refused, an equal one (an event) is not', () => {
    expect(endBeforeStart('2024-01-02T10:30', '2024-01-02T10:29:59')).toBe(true);
    expect(endBeforeStart('2024-01-02T10:30', '2024-01-02T10:30:00')).toBe(false);
  });

  it('empty optional fields are sent as null', () => {
    expect(
      toAnnotationPayload({
        short_descr: ' Launch ',
        start: '2024-01-02T10:30',
        end: '2024-01-02T10:30',
        long_descr: '',
        json_metadata: ' ',
      }),
    ).toEqual({
      short_descr: 'Launch',
      long_descr: null,
      start_dttm: '2024-01-02T10:30:00',
      end_dttm: '2024-01-02T10:30:00',
      json_metadata: null,
    });
    expect(isJsonText('{"a": 1}')).toBe(true);
    expect(isJsonText('{a')).toBe(false);
  });
});

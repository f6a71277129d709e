import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { SAVED_OBJECT_NAMES, saveFailureMessage } from './save-failure';

const apiError = (status: number, error: string) => new ApiError({ error, status, statusText: '' });

describe('save failure messages', () => {
  it('names the object and the reason', () => {
    expect(saveFailureMessage('css_template', apiError(422, 'Name must be unique'))).toBe(
      'Sorry, there was an error saving this CSS template: Name must be unique',
    );
    expect(saveFailureMessage('chart', new Error('socket hang up'))).toBe(
      'Sorry, there was an error saving this chart: socket hang up',
    );
    expect(saveFailureMessage('rule', apiError(400, 'x'), 'Tables are required')).toBe(
      'Sorry, there was an error saving this rule: Tables are required',
    );
  });

  it('says an unknown error occurred when nothing explains the failure', () => {
    expect(saveFailureMessage('report', undefined)).toBe('Sorry, an unknown error occurred.');
    expect(saveFailureMessage('user', apiError(500, '  '))).toBe('Sorry, an unknown error occurred.');
  });

  it('says the caller may not edit the object on a 403, for every kind', () => {
    for (const kind of Object.keys(SAVED_OBJECT_NAMES) as Array<keyof typeof SAVED_OBJECT_NAMES>) {
      expect(saveFailureMessage(kind, apiError(403, 'Forbidden'))).toBe(
        `You do not have permission to edit this ${SAVED_OBJECT_NAMES[kind]}`,
      );
    }
  });
});

// Annotation query failures as the chart state keeps them (spec §8): a timeout is 'Query timeout'.
import { normalizeError } from '@nezha/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { annotationErrorMessage } from './annotation-query';
import { chartsActions, chartsReducer, emptyChart } from './charts-slice';

describe('annotation query failures', () => {
  it("an annotation timeout stores 'Query timeout'", () => {
    const timeout = new ApiError(normalizeError({ timeout: true, timeoutMs: 60_000 }));
    const message = annotationErrorMessage(timeout);
    expect(message).toBe('Query timeout');
    const state = chartsReducer(
      { 1: emptyChart(1) },
      chartsActions.annotationQueryFailed({ id: 1, name: 'a', error: message }),
    );
    expect(state[1]?.annotationError).toEqual({ a: 'Query timeout' });
  });

  it("other failures keep the server's message; unknown ones leave the slice's 'Network error.'", () => {
    expect(annotationErrorMessage(new Error('Chart not found'))).toBe('Chart not found');
    expect(annotationErrorMessage('???')).toBeNull();
  });
});

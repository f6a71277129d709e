// Chart status transitions of spec §4, one test per rule.
import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { chartsActions as a, type ChartsState, chartsReducer, emptyChart } from './charts-slice';

const reduce = (state: ChartsState, ...actions: UnknownAction[]) => actions.reduce(chartsReducer, state);
const withChart = (overrides: Partial<ReturnType<typeof emptyChart>> = {}): ChartsState => ({
  1: { ...emptyChart(1), ...overrides },
});

describe('charts', () => {
  it('update start sets loading and clears the error and the stack trace', () => {
    const state = reduce(
      withChart({ chartStatus: 'failed', chartAlert: 'boom', chartStackTrace: 'at x' }),
      a.chartUpdateStarted({ id: 1, startTime: 100, latestQueryFormData: { viz_type: 'table' } }),
    );
    expect(state[1]).toMatchObject({
      chartStatus: 'loading',
      chartAlert: null,
      chartStackTrace: null,
      chartUpdateStartTime: 100,
      chartUpdateEndTime: null,
      latestQueryFormData: { viz_type: 'table' },
      triggerQuery: false,
    });
  });

  it('update success sets success and keeps the responses', () => {
    const state = reduce(
      withChart({ chartStatus: 'loading' }),
      a.chartUpdateSucceeded({ id: 1, queriesResponse: [{ data: [{ a: 1 }], rowcount: 1 }], endTime: 200 }),
    );
    expect(state[1]).toMatchObject({ chartStatus: 'success', chartUpdateEndTime: 200 });
    expect(state[1]?.queriesResponse?.[0]?.rowcount).toBe(1);
  });

  it("update failure sets failed with the first response's error", () => {
    const state = reduce(
      withChart({ chartStatus: 'loading' }),
      a.chartUpdateFailed({
        id: 1,
        queriesResponse: [{ error: 'column x does not exist', stacktrace: 'trace' }, { error: 'second' }],
        endTime: 300,
      }),
    );
    expect(state[1]).toMatchObject({
      chartStatus: 'failed',
      chartAlert: 'column x does not exist',
      chartStackTrace: 'trace',
      chartUpdateEndTime: 300,
    });
  });

  it("update failure without a response error says 'Network error.'", () => {
    const state = reduce(withChart(), a.chartUpdateFailed({ id: 1, queriesResponse: null, endTime: 1 }));
    expect(state[1]?.chartAlert).toBe('Network error.');
    const empty = reduce(withChart(), a.chartUpdateFailed({ id: 1, queriesResponse: [{}], endTime: 1 }));
    expect(empty[1]?.chartAlert).toBe('Network error.');
  });

  it("stop sets stopped with 'Updating chart was stopped'", () => {
    const state = reduce(withChart({ chartStatus: 'loading' }), a.chartUpdateStopped({ id: 1, endTime: 5 }));
    expect(state[1]).toMatchObject({ chartStatus: 'stopped', chartAlert: 'Updating chart was stopped' });
  });

  it('render success sets rendered and the time of rendering', () => {
    const state = reduce(withChart({ chartStatus: 'success' }), a.chartRenderingSucceeded({ id: 1, renderedAt: 42 }));
    expect(state[1]).toMatchObject({ chartStatus: 'rendered', lastRendered: 42 });
  });

  it("render failure sets failed with 'An error occurred while rendering the visualization: %s'", () => {
    const state = reduce(
      withChart({ chartStatus: 'success' }),
      a.chartRenderingFailed({ id: 1, error: 'x is undefined', stackTrace: 'at render' }),
    );
    expect(state[1]).toMatchObject({
      chartStatus: 'failed',
      chartAlert: 'An error occurred while rendering the visualization: x is undefined',
      chartStackTrace: 'at render',
    });
  });

  it('a trigger-query action sets loading', () => {
    const state = reduce(withChart({ chartStatus: 'rendered' }), a.queryTriggered({ id: 1, value: true }));
    expect(state[1]).toMatchObject({ chartStatus: 'loading', triggerQuery: true });
  });

  it('when datasources are set, failed charts with a stack trace are reset to an empty status', () => {
    const state = reduce(
      {
        1: { ...emptyChart(1), chartStatus: 'failed', chartAlert: 'crash', chartStackTrace: 'at x' },
        2: { ...emptyChart(2), chartStatus: 'failed', chartAlert: 'query failed' },
        3: { ...emptyChart(3), chartStatus: 'rendered' },
      },
      a.datasourcesSet(),
    );
    expect(state[1]).toMatchObject({ chartStatus: null, chartAlert: null, chartStackTrace: null });
    expect(state[2]).toMatchObject({ chartStatus: 'failed', chartAlert: 'query failed' });
    expect(state[3]?.chartStatus).toBe('rendered');
  });

  it('starting an annotation query replaces the earlier request of the same name', () => {
    const state = reduce(
      withChart(),
      a.annotationQueryStarted({ id: 1, name: 'events', requestKey: 'r1' }),
      a.annotationQueryStarted({ id: 1, name: 'events', requestKey: 'r2' }),
    );
    expect(state[1]?.annotationQuery).toEqual({ events: 'r2' });
  });

  it('annotation success stores the data and clears its error', () => {
    const state = reduce(
      withChart({ annotationError: { events: 'old' }, annotationQuery: { events: 'r1' } }),
      a.annotationQuerySucceeded({ id: 1, name: 'events', data: [{ x: 1 }] }),
    );
    expect(state[1]?.annotationData).toEqual({ events: [{ x: 1 }] });
    expect(state[1]?.annotationError).toEqual({});
    expect(state[1]?.annotationQuery).toEqual({});
  });

  it("annotation failure stores its error or 'Network error.'", () => {
    const state = reduce(
      withChart({ annotationData: { a: [1], b: [2] } }),
      a.annotationQueryFailed({ id: 1, name: 'a', error: 'bad layer' }),
      a.annotationQueryFailed({ id: 1, name: 'b' }),
    );
    expect(state[1]?.annotationError).toEqual({ a: 'bad layer', b: 'Network error.' });
    expect(state[1]?.annotationData).toEqual({});
  });

  it("an annotation error containing 'no data' counts as success", () => {
    const state = reduce(withChart(), a.annotationQueryFailed({ id: 1, name: 'a', error: 'Query returned no data' }));
    expect(state[1]?.annotationError).toEqual({});
    expect(state[1]?.annotationData).toEqual({ a: [] });
  });

  it('a chart added from a saved chart asks for its query, with an empty status', () => {
    const state = reduce({}, a.chartAdded({ id: 7, formData: { viz_type: 'table' }, triggerQuery: true }));
    expect(state[7]).toMatchObject({ id: 7, chartStatus: null, triggerQuery: true });
  });

  it('a saved new chart moves to its slice id', () => {
    const state = reduce({ 0: { ...emptyChart(0), chartStatus: 'rendered' } }, a.chartIdUpdated({ from: 0, to: 9 }));
    expect(state[0]).toBeUndefined();
    expect(state[9]).toMatchObject({ id: 9, chartStatus: 'rendered' });
  });
});

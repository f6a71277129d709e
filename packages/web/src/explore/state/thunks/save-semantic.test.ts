// What saving a measure, cohort or saved column from explore sends (spec §7), and the kind each viz type saves.
import type { QueryFormData } from '@nezha/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { clearCsrfToken } from '../../../api/csrf';
import { mockServer } from '../../../api/test-server';
import { registerAllCharts } from '../../../charts';
import { saveSemanticEntity } from '../../api/semantic-api';
import { editedEntityId, semanticKindOf } from '../semantic-kinds';
import {
  cohortPayload,
  measurePayload,
  savedColumnPayload,
  saveErrorMessage,
  semanticSaveFailure,
} from './save-semantic';

beforeAll(registerAllCharts);
afterEach(() => {
  vi.unstubAllGlobals();
  clearCsrfToken();
});

const datasource = { id: 7, type: 'table' };
const base = { datasource: '7__table', force: true, slice_id: 3 };

describe('saving semantic entities', () => {
  it('each semantic viz type saves its kind; charts save charts', () => {
    expect(['measure', 'measure_line', 'calculated_measure'].map(semanticKindOf)).toEqual([
      'measure',
      'measure',
      'measure',
    ]);
    expect(semanticKindOf('cohort')).toBe('cohort');
    expect([semanticKindOf('saved_column'), semanticKindOf('calculated_column')]).toEqual(['column', 'column']);
    expect(semanticKindOf('table')).toBeNull();
  });

  it('a measure is sent with its definitions inside params, without the session keys and ids', () => {
    const measures = [{ name: 'avg_high', expressionType: 'SIMPLE', aggregate: 'AVG', column: 'temp_max' }];
    const formData = { ...base, viz_type: 'measure', measures, measure_id: 12 } as QueryFormData;
    const payload = measurePayload(formData, 'avg_high', datasource);
    expect(payload).toMatchObject({
      measure_name: 'avg_high',
      viz_type: 'measure',
      datasource_id: 7,
      datasource_type: 'table',
    });
    const params = JSON.parse(payload.params);
    expect(params.measures).toEqual(measures);
    expect(params).not.toHaveProperty('measure_id');
    expect(params).not.toHaveProperty('force');
    expect(params).not.toHaveProperty('slice_id');
    expect(params).not.toHaveProperty('saved_measures');
    expect(JSON.parse(payload.query_context).queries[0].metrics[0].label).toBe('avg_high');
  });

  it('a cohort sends its dimensions, the first as actor, and its members as auto-complete options', () => {
    const formData = { ...base, viz_type: 'cohort', dimensions: ['location', 'weather'] } as QueryFormData;
    const rows = [
      { location: 'Seattle', weather: 'rain', count: 9 },
      { location: 'New York', weather: 'snow', count: 2 },
    ];
    const payload = cohortPayload(formData, 'Wet', datasource, rows);
    expect(payload).toMatchObject({
      cohort_name: 'Wet',
      viz_type: 'cohort',
      dimensions: ['location', 'weather'],
      actor: 'location',
      top_series: null,
      auto_complete_option: [
        { label: 'Seattle, rain', top_series: ['Seattle', 'rain'] },
        { label: 'New York, snow', top_series: ['New York', 'snow'] },
      ],
    });
  });

  it('a cohort limited to its top series keeps those members as top_series', () => {
    const formData = { ...base, viz_type: 'cohort', dimensions: ['weather'], limit: 2 } as QueryFormData;
    const payload = cohortPayload(formData, 'Top', datasource, [{ weather: 'rain' }, { weather: 'sun' }]);
    expect(payload.top_series).toEqual(['rain', 'sun']);
  });

  it('a saved column sends its expression and flags, with no method', () => {
    const formData = {
      ...base,
      viz_type: 'saved_column',
      expression: ' UPPER(weather) ',
      filterable: true,
      groupable: false,
    } as QueryFormData;
    const payload = savedColumnPayload(formData, 'WEATHER_UP', datasource);
    expect(payload).toMatchObject({
      column_name: 'WEATHER_UP',
      table_id: 7,
      expression: 'UPPER(weather)',
      method: null,
      filterable: true,
      groupby: false,
    });
    expect(JSON.parse(payload.form_data).viz_type).toBe('saved_column');
  });

  it('a calculated column sends its source column as the expression, with its method', () => {
    const formData = { ...base, viz_type: 'calculated_column', column: 'date', method: 'HOUR_OF_DAY' } as QueryFormData;
    expect(savedColumnPayload(formData, 'hour', datasource)).toMatchObject({
      expression: 'date',
      method: 'HOUR_OF_DAY',
      filterable: true,
      groupby: true,
    });
  });

  it('the edited entity is the id of its kind in the form data', () => {
    const formData = { ...base, viz_type: 'cohort', cohort_id: '5', measure_id: 9 } as QueryFormData;
    expect(editedEntityId(formData, 'cohort')).toBe(5);
    expect(editedEntityId(formData, 'column')).toBeNull();
  });

  it("a refused save shows the server's field messages", () => {
    const refused = new ApiError({
      status: 422,
      statusText: 'Unprocessable Entity',
      error: 'Invalid',
      fieldErrors: { measure_name: ['Measure name cannot be duplicated, including with saved measures'] },
    });
    expect(saveErrorMessage(refused)).toBe('Measure name cannot be duplicated, including with saved measures');
  });

  it('a failed save of each kind says so in the spec’s words, with the server’s reason', async () => {
    const payload = {
      ...measurePayload({ ...base, viz_type: 'measure' } as QueryFormData, 'm', datasource),
      tags: ['x'],
    };
    mockServer({
      'POST /api/v1/measure/': {
        status: 422,
        body: { message: { measure_name: ['Measure name cannot be duplicated, including with saved measures'] } },
      },
      'PUT /api/v1/cohort/5': { status: 500, body: { message: 'Database is locked' } },
      'PUT /api/v1/dataset/saved_column/6/': { status: 403, body: { message: 'Forbidden' } },
    });
    const failureOf = (promise: Promise<unknown>) =>
      promise.then(
        () => expect.fail('the save should fail'),
        (e) => e,
      );
    expect(semanticSaveFailure('measure', await failureOf(saveSemanticEntity('measure', payload, null)))).toBe(
      'Sorry, there was an error saving this measure: Measure name cannot be duplicated, including with saved measures',
    );
    expect(semanticSaveFailure('cohort', await failureOf(saveSemanticEntity('cohort', payload, 5)))).toBe(
      'Sorry, there was an error saving this cohort: Database is locked',
    );
    expect(semanticSaveFailure('column', await failureOf(saveSemanticEntity('column', payload, 6)))).toBe(
      'You do not have permission to edit this column',
    );
    expect(semanticSaveFailure('measure', new Error(''))).toBe('Sorry, an unknown error occurred.');
  });
});

// The semantic layer the chart suites use, made through its API: saved and calculated columns and measures on
// weather, cohorts on birth_names and weather.
import { expect } from 'vitest';
import type { Session } from '../support/test-app.js';
import type { Datasets } from './chart-fixtures.js';

export interface SemanticIds {
  cohorts: {
    /** birth_names, dimension name: names with a row over 2000 births. */
    popular: number;
    /** birth_names, dimensions name and gender: New York rows over 1500, with auto-complete labels. */
    nyFavourites: number;
    /** birth_names, dimension name: names whose births_total is over 40000 (a HAVING filter on a measure). */
    bigNames: number;
    /** birth_names, dimension name, no filters, kept top series Michael, Jacob and a name not in the data. */
    topList: number;
    /** birth_names, no dimension: the rows of California boys. */
    caBoys: number;
    /** birth_names, dimension name: New York rows of names in `popular` among a chosen few (a cohort in a cohort). */
    popularInNy: number;
    /** weather, dimension date: the days it snowed somewhere. */
    snowDays: number;
  };
}

export const NESTED_CHOICE = ['Michael', 'Jacob', 'Emily', 'Zed'];

async function created(session: Session, url: string, payload: Record<string, unknown>): Promise<number> {
  const response = await session.request({ method: 'POST', url, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

const where = (subject: string, operatorId: string, comparator: unknown) => ({
  expressionType: 'SIMPLE',
  clause: 'WHERE',
  subject,
  operatorId,
  comparator,
});

async function savedColumns(admin: Session, datasets: Datasets): Promise<void> {
  const column = (payload: Record<string, unknown>) =>
    created(admin, '/api/v1/dataset/saved_column/', { table_id: datasets.weather, ...payload });
  await column({
    column_name: 'month_of_year',
    expression: 'date',
    method: 'MONTH_OF_YEAR',
    form_data: { viz_type: 'saved_column' },
  });
  await column({
    column_name: 'temp_mid',
    expression: '(temp_max + temp_min) / 2',
    type: 'DOUBLE',
    form_data: { viz_type: 'calculated_column' },
  });
  await column({
    column_name: 'day_stamp',
    expression: '"date"',
    method: 'DATETIME',
    form_data: { viz_type: 'calculated_column' },
  });
  await column({ column_name: 'wind_double', expression: 'wind * 2', type: 'DOUBLE', groupby: false });
  await column({ column_name: 'hidden_mid', expression: 'temp_max + 1', type: 'DOUBLE', filterable: false });
  // On the guarded dataset: fine when made, sensitive once temp_max is.
  await created(admin, '/api/v1/dataset/saved_column/', {
    table_id: datasets.guarded,
    column_name: 'max_copy',
    expression: 'temp_max',
    type: 'DOUBLE',
  });
  const guard = await admin.request({
    method: 'PUT',
    url: `/api/v1/dataset/${datasets.guarded}`,
    payload: { sensitive_columns: ['wind', 'temp_max'] },
  });
  expect(guard.statusCode, guard.body).toBe(200);
}

const simpleDef = (label: string, column: string, aggregate: string) => ({
  expressionType: 'SIMPLE',
  label,
  column: { column_name: column },
  aggregate,
});
const sqlDef = (label: string, sqlExpression: string) => ({ expressionType: 'SQL', label, sqlExpression });

async function measures(admin: Session, datasets: Datasets): Promise<void> {
  const measure = (datasetId: number, name: string, vizType: string, metrics: unknown[]) =>
    created(admin, '/api/v1/measure/', {
      datasource_id: datasetId,
      datasource_type: 'table',
      measure_name: name,
      viz_type: vizType,
      params: { viz_type: vizType, metrics },
    });
  const { weather, births } = datasets;
  await measure(weather, 'rainfall', 'measure', [simpleDef('rainfall', 'precipitation', 'SUM')]);
  await measure(weather, 'avg_mid', 'measure', [simpleDef('avg_mid', 'temp_mid', 'AVG')]);
  await measure(weather, 'rainy_days', 'measure', [
    sqlDef('rainy_days', 'SUM(CASE WHEN precipitation > 0 THEN 1 ELSE 0 END)'),
  ]);
  await measure(weather, 'Temperature set', 'measure', [
    simpleDef('hottest', 'temp_max', 'MAX'),
    simpleDef('coldest', 'temp_min', 'MIN'),
  ]);
  await measure(weather, 'rain_per_rainy_day', 'calculated_measure', [
    sqlDef('rain_per_rainy_day', 'rainfall / rainy_days'),
  ]);
  await measure(weather, 'Rain score', 'calculated_measure', [
    sqlDef('Rain score', '"rainfall" * 10 / (rainy_days + 1) - -hottest'),
  ]);
  await measure(weather, 'bad_calc', 'calculated_measure', [sqlDef('bad_calc', 'SUM(precipitation) / COUNT(*)')]);
  await measure(weather, 'loop_a', 'calculated_measure', [sqlDef('loop_a', 'loop_b + 1')]);
  await measure(weather, 'loop_b', 'calculated_measure', [sqlDef('loop_b', 'loop_a * 2')]);
  await measure(births, 'births_total', 'measure', [simpleDef('births_total', 'num', 'SUM')]);
}

async function cohorts(admin: Session, datasets: Datasets): Promise<SemanticIds['cohorts']> {
  const cohort = (datasetId: number, name: string, extra: Record<string, unknown>) =>
    created(admin, '/api/v1/cohort/', {
      datasource_id: datasetId,
      datasource_type: 'table',
      viz_type: 'cohort',
      cohort_name: name,
      ...extra,
    });
  const { births, weather } = datasets;
  const popular = await cohort(births, 'Popular names', {
    dimensions: ['name'],
    params: { adhoc_filters: [where('num', 'GREATER_THAN', 2000)] },
  });
  return {
    popular,
    nyFavourites: await cohort(births, 'NY favourites', {
      dimensions: ['name', 'gender'],
      params: { adhoc_filters: [where('state', 'EQUALS', 'NY'), where('num', 'GREATER_THAN', 1500)] },
      auto_complete_option: [{ label: 'Emily (girl)', top_series: ['Emily', 'girl'] }],
    }),
    bigNames: await cohort(births, 'Big names', {
      dimensions: ['name'],
      params: {
        adhoc_filters: [
          {
            expressionType: 'SIMPLE',
            clause: 'HAVING',
            subject: 'births_total',
            operatorId: 'GREATER_THAN',
            comparator: 40000,
          },
        ],
      },
    }),
    topList: await cohort(births, 'Top list', { dimensions: ['name'], top_series: ['Michael', 'Jacob', 'Nobody'] }),
    caBoys: await cohort(births, 'CA boys', {
      params: { adhoc_filters: [where('state', 'EQUALS', 'CA'), where('gender', 'EQUALS', 'boy')] },
    }),
    popularInNy: await cohort(births, 'Popular in NY', {
      dimensions: ['name'],
      params: {
        adhoc_filters: [
          where('state', 'EQUALS', 'NY'),
          {
            expressionType: 'COHORT',
            clause: 'WHERE',
            cohort: popular,
            cohortOperatorId: 'IN',
            cohortComparator: NESTED_CHOICE,
          },
        ],
      },
    }),
    snowDays: await cohort(weather, 'Snow days', {
      dimensions: ['date'],
      params: { adhoc_filters: [where('weather', 'EQUALS', 'snow')] },
    }),
  };
}

export async function createSemantic(admin: Session, datasets: Datasets): Promise<SemanticIds> {
  await savedColumns(admin, datasets);
  await measures(admin, datasets);
  return { cohorts: await cohorts(admin, datasets) };
}

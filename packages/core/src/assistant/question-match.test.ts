// The offline assistant's matching of a question's words to a dataset's measures, dimensions and time ranges.
import { describe, expect, it } from 'vitest';
import { type CatalogDataset, findTime, matchFormData, matchQuestion, questionWords } from './question-match.js';

const col = (name: string, extra: Partial<CatalogDataset['columns'][number]> = {}) => ({
  name,
  isTemporal: false,
  groupable: true,
  numeric: false,
  ...extra,
});

const births: CatalogDataset = {
  id: 7,
  name: 'birth_names',
  mainTemporal: 'ds',
  columns: [
    col('ds', { isTemporal: true }),
    col('gender'),
    col('name'),
    col('num', { numeric: true, verboseName: 'Number of babies' }),
    col('state', { verboseName: 'US state' }),
  ],
  metrics: [
    { name: 'count', verboseName: 'COUNT(*)' },
    { name: 'sum__num', verboseName: 'Births' },
  ],
};
const stocks: CatalogDataset = {
  id: 3,
  name: 'stocks',
  columns: [col('symbol'), col('date', { isTemporal: true }), col('price', { numeric: true })],
  metrics: [{ name: 'count', verboseName: 'COUNT(*)' }],
};
const catalog = [stocks, births];

describe('matchQuestion', () => {
  it('reads "births by state since 2000" as the Births metric by state with that time range', () => {
    const match = matchQuestion('births by state since 2000', catalog);
    expect(match).toMatchObject({
      dataset: { id: 7 },
      metric: { kind: 'saved', name: 'sum__num', label: 'Births', source: 'metric' },
      groupby: ['state'],
      timeRange: '2000-01-01 : now',
      timeColumn: 'ds',
      vizType: 'echarts_timeseries_bar',
      unmatched: [],
    });
    const formData = matchFormData(match ?? ({} as never));
    expect(formData).toMatchObject({
      datasource: '7__table',
      viz_type: 'echarts_timeseries_bar',
      x_axis: 'state',
      metrics: ['sum__num'],
      adhoc_filters: [{ subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: '2000-01-01 : now' }],
    });
  });

  it('turns an aggregate word and a numeric column into an adhoc metric', () => {
    const match = matchQuestion('average price per symbol', catalog);
    expect(match?.dataset.id).toBe(3);
    expect(match?.metric).toEqual({ kind: 'aggregate', aggregate: 'AVG', column: 'price', label: 'AVG(price)' });
    expect(match?.groupby).toEqual(['symbol']);
  });

  it('draws a line over time with the grain the question names', () => {
    const match = matchQuestion('births by year for each gender', catalog);
    expect(match).toMatchObject({ vizType: 'echarts_timeseries_line', timeGrain: 'P1Y', groupby: ['gender'] });
    expect(matchFormData(match ?? ({} as never))).toMatchObject({ x_axis: 'ds', groupby: ['gender'] });
  });

  it('gives a big number without a dimension, and matches verbose names', () => {
    expect(matchQuestion('total births in 2005', catalog)).toMatchObject({
      vizType: 'big_number_total',
      timeRange: '2005-01-01 : 2006-01-01',
    });
    expect(matchQuestion('births per US state', catalog)?.groupby).toEqual(['state']);
  });

  it('names the words it did not understand', () => {
    expect(matchQuestion('births by state and favourite colour', catalog)?.unmatched).toEqual(['favourite', 'colour']);
  });

  it('answers null when nothing matches', () => {
    expect(matchQuestion('hello there', catalog)).toBeNull();
    expect(matchQuestion('', catalog)).toBeNull();
  });
});

describe('findTime', () => {
  it('reads ranges between years, before a year and the last N years', () => {
    expect(findTime(questionWords('between 2001 and 1999')).range).toBe('1999-01-01 : 2002-01-01');
    expect(findTime(questionWords('before 1990')).range).toBe('1800-01-01 : 1990-01-01');
    expect(findTime(questionWords('last 10 years')).range).toBe('DATEADD(DATETIME("today"), -10, year) : today');
    expect(findTime(questionWords('monthly')).grain).toBe('P1M');
  });
});

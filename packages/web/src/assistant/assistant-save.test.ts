// The dataset an assistant's chart is saved on, read from its form data as Explore's address reads it.
import { describe, expect, it } from 'vitest';
import { formDataDatasource } from './AssistantSaveChartModal';
import { exploreUrl } from './assistant-api';

describe("saving an assistant's chart", () => {
  it('names the dataset of "<id>__<type>", table when the type is left out', () => {
    expect(formDataDatasource({ datasource: '12__table', viz_type: 'table' })).toEqual({ id: 12, type: 'table' });
    expect(formDataDatasource({ datasource: '7', viz_type: 'table' })).toEqual({ id: 7, type: 'table' });
  });

  it('names none for a form data without a dataset id', () => {
    expect(formDataDatasource({ datasource: '', viz_type: 'table' })).toBeNull();
    expect(formDataDatasource({ datasource: 'abc__table', viz_type: 'table' })).toBeNull();
  });

  it('opens in Explore on the same dataset', () => {
    const url = new URL(exploreUrl({ datasource: '12__table', viz_type: 'table' }), 'http://x');
    expect(url.searchParams.get('datasource_id')).toBe('12');
    expect(url.searchParams.get('datasource_type')).toBe('table');
  });
});

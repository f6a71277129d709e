import { describe, expect, it } from 'vitest';
import { initialReportsState, type Report, reportsActions, reportsReducer, selectTargetReport } from './reports';

const dashboardReport: Report = {
  id: 11,
  creation_method: 'dashboards',
  dashboard: 7,
  chart: null,
  type: 'Report',
  name: 'Weekly',
  active: true,
  crontab: '0 12 * * 1',
  timezone: 'UTC',
};

describe('reports state', () => {
  it('a report is kept by creation method, then by target id', () => {
    const state = reportsReducer(initialReportsState, reportsActions.reportAdded(dashboardReport));
    expect(state.dashboards[7]).toEqual(dashboardReport);
    expect(selectTargetReport({ reports: state }, 'dashboards', 7)).toEqual(dashboardReport);
    expect(selectTargetReport({ reports: state }, 'charts', 7)).toBeNull();
  });

  it('a chart report is kept by chart id, a page-made report by its own id', () => {
    let state = reportsReducer(
      initialReportsState,
      reportsActions.reportAdded({ ...dashboardReport, id: 12, creation_method: 'charts', dashboard: null, chart: 3 }),
    );
    state = reportsReducer(
      state,
      reportsActions.reportAdded({ ...dashboardReport, id: 13, creation_method: 'alerts_reports' }),
    );
    expect(Object.keys(state.charts)).toEqual(['3']);
    expect(Object.keys(state.alerts_reports)).toEqual(['13']);
  });

  it('fetching a target without a report drops the one kept', () => {
    let state = reportsReducer(initialReportsState, reportsActions.reportAdded(dashboardReport));
    state = reportsReducer(
      state,
      reportsActions.reportFetched({ creationMethod: 'dashboards', targetId: 7, report: null }),
    );
    expect(state.dashboards).toEqual({});
  });

  it('an edit replaces the report and a delete removes it', () => {
    let state = reportsReducer(initialReportsState, reportsActions.reportAdded(dashboardReport));
    state = reportsReducer(state, reportsActions.reportEdited({ ...dashboardReport, active: false }));
    expect(state.dashboards[7]?.active).toBe(false);
    state = reportsReducer(state, reportsActions.reportDeleted(dashboardReport));
    expect(state.dashboards).toEqual({});
  });
});

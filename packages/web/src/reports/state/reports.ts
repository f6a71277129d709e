// The reports slice (spec §3 Report): the report of each chart and dashboard, kept by creation method, then by
// target id (the chart's or dashboard's id; a report made on the Alerts & Reports page by its own id).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ReportCreationMethod, ReportType } from '../api/report-api';

export interface Report {
  id: number;
  creation_method: ReportCreationMethod;
  dashboard: number | null;
  chart: number | null;
  type: ReportType;
  name: string;
  active: boolean;
  crontab: string;
  timezone: string;
}

export type ReportsState = Record<ReportCreationMethod, Record<number, Report>>;

export const initialReportsState: ReportsState = { charts: {}, dashboards: {}, alerts_reports: {} };

/** Where a report is kept: its target for the menus' reports, its own id for the others. */
export function reportKey(report: Pick<Report, 'id' | 'creation_method' | 'dashboard' | 'chart'>): number | null {
  if (report.creation_method === 'alerts_reports') return report.id;
  return report.dashboard ?? report.chart ?? null;
}

const reportsSlice = createSlice({
  name: 'reports',
  initialState: initialReportsState,
  reducers: {
    /** The server's answer for one target: its report, or none (then a stale one is dropped). */
    reportFetched(
      state,
      action: PayloadAction<{ creationMethod: ReportCreationMethod; targetId: number; report: Report | null }>,
    ) {
      const { creationMethod, targetId, report } = action.payload;
      if (report) state[creationMethod][targetId] = report;
      else delete state[creationMethod][targetId];
    },
    reportAdded(state, action: PayloadAction<Report>) {
      const key = reportKey(action.payload);
      if (key !== null) state[action.payload.creation_method][key] = action.payload;
    },
    reportEdited(state, action: PayloadAction<Report>) {
      const key = reportKey(action.payload);
      if (key !== null) state[action.payload.creation_method][key] = action.payload;
    },
    reportDeleted(state, action: PayloadAction<Pick<Report, 'id' | 'creation_method' | 'dashboard' | 'chart'>>) {
      const key = reportKey(action.payload);
      if (key !== null) delete state[action.payload.creation_method][key];
    },
  },
});

export const reportsActions = reportsSlice.actions;
export const reportsReducer = reportsSlice.reducer;

/** The report of a chart or dashboard, if this user made one from its menu. */
export function selectTargetReport(
  state: { reports: ReportsState },
  creationMethod: 'charts' | 'dashboards',
  targetId: number | null | undefined,
): Report | null {
  if (targetId === null || targetId === undefined) return null;
  return state.reports[creationMethod][targetId] ?? null;
}

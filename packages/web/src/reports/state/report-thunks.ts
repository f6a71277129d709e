// Side effects of the chart and dashboard menus' report (Superset's ReportModal/actions): fetch this user's report of
// a target, add, edit, toggle active and delete it, each keeping the reports slice in step with the server.
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { isApiError } from '../../api/api-error';
import { addDangerToast, addSuccessToast } from '../../components/toasts/state/message-toasts';
import { i18nKey, t } from '../../i18n/i18n';
import type { SessionState } from '../../session/state/session';
import {
  createReport,
  deleteReport,
  fetchTargetReports,
  type ReportListItem,
  type ReportPayload,
  updateReport,
} from '../api/report-api';
import { type Report, type ReportsState, reportsActions } from './reports';

type ReportsThunk<R> = ThunkAction<R, { reports: ReportsState; session: SessionState }, unknown, UnknownAction>;

export const FETCH_FAILED = i18nKey('There was an issue fetching reports.');
export const CREATE_FAILED = i18nKey('Failed to create report');
export const UPDATE_FAILED = i18nKey('Failed to update report');
export const TOGGLE_FAILED = i18nKey('We were unable to activate or deactivate this report.');
export const DELETE_FAILED = i18nKey('Your report could not be deleted');

const fromListItem = (item: ReportListItem): Report => ({
  id: item.id,
  creation_method: item.creation_method,
  dashboard: item.dashboard_id,
  chart: item.chart_id,
  type: item.type,
  name: item.name,
  active: item.active,
  crontab: item.crontab,
  timezone: item.timezone,
});

const fromPayload = (id: number, payload: ReportPayload): Report => ({
  id,
  creation_method: payload.creation_method,
  dashboard: payload.dashboard ?? null,
  chart: payload.chart ?? null,
  type: payload.type,
  name: payload.name,
  active: payload.active,
  crontab: payload.crontab,
  timezone: payload.timezone,
});

/** This user's report of a chart or dashboard, made from its menu (Superset's fetchUISpecificReport). */
export function fetchTargetReport(
  creationMethod: 'charts' | 'dashboards',
  targetId: number,
): ReportsThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const user = getState().session.user;
    if (!user) return;
    try {
      const { result } = await fetchTargetReports(creationMethod, targetId, user.userId);
      const found = result.find((item) =>
        creationMethod === 'dashboards' ? item.dashboard_id === targetId : item.chart_id === targetId,
      );
      dispatch(reportsActions.reportFetched({ creationMethod, targetId, report: found ? fromListItem(found) : null }));
    } catch {
      dispatch(addDangerToast(t(FETCH_FAILED)));
    }
  };
}

/** Creates a report; rejects with the server's error so the dialog can show it. */
export function addReport(payload: ReportPayload): ReportsThunk<Promise<void>> {
  return async (dispatch) => {
    const { id } = await createReport(payload);
    dispatch(reportsActions.reportAdded(fromPayload(id, payload)));
    dispatch(addSuccessToast(t('The report has been created')));
  };
}

/** Saves a report; rejects with the server's error so the dialog can show it. */
export function editReport(id: number, payload: ReportPayload): ReportsThunk<Promise<void>> {
  return async (dispatch) => {
    await updateReport(id, payload);
    dispatch(reportsActions.reportEdited(fromPayload(id, payload)));
    dispatch(addSuccessToast(t('Report updated')));
  };
}

export function toggleActive(report: Report, active: boolean): ReportsThunk<Promise<void>> {
  return async (dispatch) => {
    try {
      await updateReport(report.id, { active });
      dispatch(reportsActions.reportEdited({ ...report, active }));
    } catch {
      dispatch(addDangerToast(t(TOGGLE_FAILED)));
    }
  };
}

export function deleteActiveReport(report: Report): ReportsThunk<Promise<void>> {
  return async (dispatch) => {
    try {
      await deleteReport(report.id);
      dispatch(reportsActions.reportDeleted(report));
      dispatch(addSuccessToast(`Deleted: ${report.name}`));
    } catch (error) {
      dispatch(addDangerToast(isApiError(error) && error.status === 403 ? error.message : t(DELETE_FAILED)));
    }
  };
}

// Saving the dashboard (spec §4 "Dashboard saving", §7 PUT full save): the save rules of §5, the overwrite
// confirmation when the stored dashboard changed (CONFIRM_DASHBOARD_DIFF), and the spec's messages.

import { HEADER_ID, normalizeDashboardSave, overwriteDiff, serializeLayout } from '@nezha/core';
import { isApiError } from '../../../api/api-error';
import { addDangerToast, addSuccessToast, addWarningToast } from '../../../components/toasts/state/message-toasts';
import { t } from '../../../i18n/i18n';
import { fetchDashboard, putDashboard } from '../../api/dashboard-api';
import { dashboardPath } from '../../url-state';
import { dashboardSaved } from '../dashboard-events';
import { dashboardInfoActions } from '../dashboard-info';
import { dashboardStateActions } from '../dashboard-state';
import type { DashboardThunk } from '../index';
import {
  CONFIRM_OVERWRITE,
  DASHBOARD_SAVE_FAILED,
  DASHBOARD_SAVED,
  NO_EDIT_PERMISSION,
  UNKNOWN_ERROR,
} from '../messages';
import { metadataForSave } from './dashboard-metadata';

export interface SaveOutcome {
  saved: boolean;
  /** Where the dashboard lives now (its slug may have changed). */
  path?: string;
}

function saveErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 403) return t(NO_EDIT_PERMISSION);
    return t(DASHBOARD_SAVE_FAILED, { error: error.message || t(UNKNOWN_ERROR) });
  }
  return t(UNKNOWN_ERROR);
}

/** The PUT body of a full save, built from the state. */
export function fullSaveBody(state: Parameters<typeof metadataForSave>[0]): Record<string, unknown> {
  const { dashboardInfo, dashboardState, dashboardLayout, session } = state;
  const title = dashboardLayout.present[HEADER_ID]?.meta.text ?? dashboardInfo.dashboard_title;
  const dashboardRbac = session.common?.feature_flags.DASHBOARD_RBAC === true;
  return normalizeDashboardSave(
    {
      dashboard_title: typeof title === 'string' ? title : dashboardInfo.dashboard_title,
      slug: dashboardInfo.slug,
      certified_by: dashboardInfo.certified_by,
      certification_details: dashboardInfo.certification_details,
      css: dashboardState.css,
      owners: dashboardInfo.owners,
      roles: dashboardInfo.roles,
      json_metadata: JSON.stringify(metadataForSave(state, {}, { withPositions: true })),
    },
    { dashboardRbac },
  );
}

/** Save; with `confirmed` the overwrite confirmation was accepted and the diff is not checked again. */
export function saveDashboard(confirmed = false): DashboardThunk<Promise<SaveOutcome>> {
  return async (dispatch, getState) => {
    const state = getState();
    const id = state.dashboardInfo.id;
    if (!id) return { saved: false };
    const body =
      confirmed && state.dashboardState.overwriteConfirmMetadata
        ? state.dashboardState.overwriteConfirmMetadata.data
        : fullSaveBody(state);
    dispatch(dashboardStateActions.saveStarted());
    try {
      if (!confirmed && state.session.common?.feature_flags.CONFIRM_DASHBOARD_DIFF === true) {
        const stored = await fetchDashboard(id);
        if (stored.last_modified_time > state.dashboardInfo.last_modified_time) {
          const metadata = JSON.parse(String(body.json_metadata)) as Record<string, unknown>;
          const { positions, ...rest } = metadata;
          const items = overwriteDiff(
            { css: stored.css ?? '', json_metadata: stored.json_metadata, position_json: stored.position_json },
            {
              css: body.css,
              json_metadata: JSON.stringify(rest),
              position_json: JSON.stringify(positions ?? serializeLayout(state.dashboardLayout.present)),
            },
          );
          if (items.length > 0) {
            dispatch(
              dashboardStateActions.overwriteConfirmationSet({
                updatedAt: stored.changed_on,
                updatedBy: stored.changed_by_name ?? '',
                overwriteConfirmItems: items,
                data: body,
              }),
            );
            dispatch(addWarningToast(t(CONFIRM_OVERWRITE)));
            return { saved: false };
          }
        }
      }
      const response = await putDashboard(id, body);
      const lastModifiedTime = response.last_modified_time ?? response.result.last_modified_time ?? Date.now() / 1000;
      const slug = (body.slug as string | null) ?? null;
      dispatch(
        dashboardInfoActions.dashboardPropertiesChanged({
          dashboard_title: String(body.dashboard_title),
          slug,
          metadata: metadataForSave(getState()),
        }),
      );
      dispatch(dashboardSaved({ lastModifiedTime }));
      dispatch(addSuccessToast(t(DASHBOARD_SAVED)));
      return { saved: true, path: dashboardPath({ id, slug }) };
    } catch (error) {
      dispatch(dashboardStateActions.saveFailed());
      dispatch(addDangerToast(saveErrorMessage(error)));
      return { saved: false };
    }
  };
}

// Sharing and leaving explore: the permalink copied to the clipboard or sent by email, the chart's SQL opened in SQL Lab by a form
// POST to /sqllab/ (spec §2), and the form data key that keeps the URL short.
import type { QueryFormData } from '@nezha/core';
import { isApiError } from '../../../api/api-error';
import { getCsrfToken } from '../../../api/csrf';
import { postChartData } from '../../../chart-data/chart-data-api';
import { buildChartQuery } from '../../../chart-data/run-chart-query';
import { addDangerToast, addSuccessToast } from '../../../components/toasts/state/message-toasts';
import { t } from '../../../i18n/i18n';
import {
  COPY_FAILURE_MESSAGE,
  COPY_SUCCESS_MESSAGE,
  copyTextToClipboard,
} from '../../../sqllab/components/copy-to-clipboard';
import { createExplorePermalink, createFormDataKey, updateFormDataKey } from '../../api/explore-api';
import type { ExploreThunk } from '../index';
import { SQL_LOAD_FAILED } from '../messages';
import { formDataForSave } from './save-chart';

const messageOf = (error: unknown) => (isApiError(error) || error instanceof Error ? error.message : String(error));

/** POST /api/v1/explore/permalink with the form data and URL parameters; the absolute link, or null. */
export function createPermalink(): ExploreThunk<Promise<string | null>> {
  return async (dispatch, getState) => {
    const { form_data } = getState().explore;
    const urlParams = Object.entries((form_data.url_params as Record<string, string> | undefined) ?? {});
    try {
      const { url } = await createExplorePermalink(formDataForSave(form_data), urlParams);
      return `${window.location.origin}${url}`;
    } catch (error) {
      dispatch(addDangerToast(messageOf(error)));
      return null;
    }
  };
}

export function copyPermalink(): ExploreThunk<Promise<void>> {
  return async (dispatch) => {
    const link = await dispatch(createPermalink());
    if (!link) return;
    const copied = await copyTextToClipboard(link);
    dispatch(copied ? addSuccessToast(COPY_SUCCESS_MESSAGE) : addDangerToast(COPY_FAILURE_MESSAGE));
  };
}

/** Opens the mail client on a message carrying the chart's permalink (Superset's "Share chart by email"). */
export function shareByEmail(): ExploreThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const link = await dispatch(createPermalink());
    if (!link) return;
    const name = getState().explore.sliceName;
    const subject = encodeURIComponent(t('Superset chart {{name}}', { name }).trim());
    const body = encodeURIComponent(t('Check out this chart: {{link}}', { link }));
    window.location.href = `mailto:?Subject=${subject}&Body=${body}`;
  };
}

/** The SQL of the chart's first query (result_type "query"). */
export async function fetchChartSql(formData: QueryFormData): Promise<string> {
  const result = await postChartData(buildChartQuery(formData, { result_type: 'query' }));
  return result.map((query) => query.query ?? '').join(';\n\n');
}

/** Submits a hidden form, as Superset's postForm: the browser navigates (a new tab by default). */
export function postForm(url: string, fields: Record<string, string>, target = '_blank'): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.target = target;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  form.remove();
}

export function openInSqlLab(target = '_blank'): ExploreThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const { form_data, datasource } = getState().explore;
    if (!datasource) return;
    // The new window is opened now, while the click still counts as a user gesture: after the requests below
    // (seconds on a busy server) the browser's popup blocker refuses it. The form is posted into it by name.
    let sqlLabWindow: Window | null = null;
    let windowName = target;
    if (target === '_blank') {
      windowName = `sqllab-${Date.now().toString(36)}`;
      sqlLabWindow = window.open('about:blank', windowName);
    }
    try {
      const sql = await fetchChartSql(form_data);
      postForm(
        '/sqllab/',
        {
          form_data: JSON.stringify({ datasourceKey: datasource.uid, sql }),
          csrf_token: await getCsrfToken(),
        },
        sqlLabWindow === null && target === '_blank' ? '_blank' : windowName,
      );
    } catch {
      sqlLabWindow?.close();
      dispatch(addDangerToast(t(SQL_LOAD_FAILED)));
    }
  };
}

/**
 * Stores the form data under a key (POST the first time, PUT after) so the URL can carry the key; resolves to
 * the key, or the previous one when the server refused.
 */
export function saveFormDataKey(previousKey: string | null): ExploreThunk<Promise<string | null>> {
  return async (_dispatch, getState) => {
    const { form_data, datasource, slice } = getState().explore;
    if (!datasource || datasource.id <= 0) return previousKey;
    const entry = {
      datasource_id: datasource.id,
      datasource_type: datasource.type,
      chart_id: slice?.slice_id ?? null,
      form_data: JSON.stringify(formDataForSave(form_data)),
    };
    try {
      return previousKey ? await updateFormDataKey(previousKey, entry) : await createFormDataKey(entry);
    } catch {
      // An old key may be gone or someone else's: start a new one once.
      if (!previousKey) return null;
      try {
        return await createFormDataKey(entry);
      } catch {
        return previousKey;
      }
    }
  };
}

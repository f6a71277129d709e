// Calls of the "Embed dashboard" dialog (/api/v1/dashboard/{id}/embedded).
import { isApiError } from '../../api/api-error';
import { api } from '../../api/client';

export interface EmbeddedConfig {
  uuid: string;
  dashboard_id: string;
  allowed_domains: string[];
}

/** The dashboard's embedding, or null while it is not embedded (the API's 404). */
export async function fetchEmbedded(dashboardId: number): Promise<EmbeddedConfig | null> {
  try {
    return (await api.get<{ result: EmbeddedConfig }>(`/api/v1/dashboard/${dashboardId}/embedded`)).result;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export async function saveEmbedded(dashboardId: number, allowedDomains: string[]): Promise<EmbeddedConfig> {
  const body = await api.post<{ result: EmbeddedConfig }>(`/api/v1/dashboard/${dashboardId}/embedded`, {
    allowed_domains: allowedDomains,
  });
  return body.result;
}

export const deleteEmbedded = (dashboardId: number): Promise<unknown> =>
  api.delete(`/api/v1/dashboard/${dashboardId}/embedded`);

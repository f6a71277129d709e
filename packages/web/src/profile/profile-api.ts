// Calls of the user's own page: who they are (GET /api/v1/me/) and the change of their password.
import { api } from '../api/client';

export interface MyInfo {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  is_active: boolean;
  login_count: number;
  last_login: string | null;
  created_on: string;
  changed_on: string;
  roles: string[];
}

export async function fetchMyInfo(): Promise<MyInfo> {
  return (await api.get<{ result: MyInfo }>('/api/v1/me/')).result;
}

export function changeMyPassword(currentPassword: string, newPassword: string): Promise<unknown> {
  return api.put('/api/v1/me/password/', { current_password: currentPassword, new_password: newPassword });
}

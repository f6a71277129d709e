// Calls about the signed-in session: bootstrap data, login, logout.
import type { BootstrapUser } from '@nezha/core';
import { api } from './client';
import { clearCsrfToken } from './csrf';
import type { BootstrapData } from './types';

export async function fetchBootstrap(): Promise<BootstrapData> {
  const body = await api.get<{ result: BootstrapData }>('/api/v1/bootstrap/', { redirectOnUnauthorized: false });
  return body.result;
}

export async function login(username: string, password: string): Promise<BootstrapUser> {
  const body = await api.post<{ result: BootstrapUser }>(
    '/login/',
    { username, password },
    // The token of the login form, bound to a cookie the server sets when the page asks for it.
    { redirectOnUnauthorized: false },
  );
  // The session cookie changed, so any token we held belongs to the anonymous session.
  clearCsrfToken();
  return body.result;
}

export async function logout(): Promise<void> {
  try {
    await api.post('/logout/', {}, { redirectOnUnauthorized: false });
  } finally {
    clearCsrfToken();
  }
}

// Response shapes of the server endpoints the web app calls (Superset's REST envelopes).
import type { BootstrapUser } from '@nezha/core';

export interface ListResponse<T> {
  count: number;
  ids?: number[];
  result: T[];
}

export interface ItemResponse<T> {
  id: number;
  result: T;
}

export interface ListQuery {
  filters?: Array<{ col: string; opr: string; value: string | number | boolean }>;
  order_column?: string;
  order_direction?: 'asc' | 'desc';
  page?: number;
  page_size?: number;
}

export interface BootstrapData {
  user: BootstrapUser | null;
  common: {
    feature_flags: Record<string, boolean>;
    conf: Record<string, unknown>;
    locale: string;
    languages: string[];
  };
}

export interface DatabaseFlags {
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  disable_data_preview: boolean;
}

export interface DatabaseDetail extends DatabaseFlags {
  id: number;
  database_name: string;
  backend: string;
  sqlalchemy_uri: string;
  extra: string;
}

export type DatabasePayload = Partial<DatabaseFlags> & {
  database_name: string;
  sqlalchemy_uri: string;
  extra?: string;
};

export interface RoleRef {
  id: number;
  name: string;
}

export interface UserItem {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean;
  roles: RoleRef[];
  last_login: string | null;
  created_on: string;
  changed_on: string;
}

export interface UserPayload {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean;
  roles: number[];
  password?: string;
}

export interface RoleItem {
  id: number;
  name: string;
  permissions: Array<{ id: number; permission_name: string; view_menu_name: string }>;
}

export interface RolePayload {
  name: string;
  permission_ids: number[];
}

export interface PermissionResource {
  id: number;
  permission: { name: string };
  view_menu: { name: string };
}

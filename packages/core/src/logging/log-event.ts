// The log event of spec charts-dashboards §3 and the constants of its sending (§9 "Event logging").

export const LOG_EVENT_SOURCES = ['dashboard', 'explore', 'sqlLab'] as const;
export type LogEventSource = (typeof LOG_EVENT_SOURCES)[number];

export type LogEventType = 'user' | 'timing';

export interface LogEvent {
  impression_id: string;
  version?: string;
  source?: LogEventSource;
  source_id?: number | string;
  db_id?: number;
  schema?: string;
  ts: number;
  event_name: string;
  event_type: LogEventType;
  event_id?: string;
  /** A timing event carries the id of the user event that preceded it. */
  trigger_event?: string;
  visibility?: 'visible' | 'hidden';
  target_id?: string | number;
  target_name?: string;
  [field: string]: unknown;
}

/** The beacon API caps a payload near 64 KiB; at about 64 characters an event, 1024 fit. */
export const LOG_EVENTS_PER_SEND = 1024;
export const LOG_DEBOUNCE_MS = 1000;
export const LOG_ENDPOINT = '/nezha/log/';
export const LOG_EVENT_VERSION = 'v2';

export const LOG_ACTIONS = {
  SPA_NAVIGATION: 'spa_navigation',
  PAGE_LOAD: 'page_load',
  /** Superset's: a dashboard was opened (source_id: its id); what "Recents → Viewed" lists. */
  MOUNT_DASHBOARD: 'mount_dashboard',
  /** Superset's: explore opened a saved chart (source_id: its id). */
  MOUNT_EXPLORER: 'mount_explorer',
} as const;

/** The actions GET /api/v1/log/recent_activity/ reads when the request names none (Superset's default). */
export const RECENT_ACTIVITY_ACTIONS = [LOG_ACTIONS.MOUNT_EXPLORER, LOG_ACTIONS.MOUNT_DASHBOARD] as const;

/** One item of GET /api/v1/log/recent_activity/ (Superset's RecentActivitySchema). */
export interface RecentActivityItem {
  action: string;
  item_type: 'dashboard' | 'slice';
  item_url: string;
  item_title: string;
  /** Epoch milliseconds. */
  time: number;
  time_delta_humanized: string;
}

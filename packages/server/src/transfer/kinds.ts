// The five kinds Superset exports and imports, with their metadata.yaml type, folder and permission view.

export const TRANSFER_KINDS = ['dashboard', 'chart', 'dataset', 'database', 'saved_query'] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

/** `version` of metadata.yaml and of every file (Superset's EXPORT_VERSION / IMPORT_VERSION). */
export const BUNDLE_VERSION = '1.0.0';

export const KIND_INFO: Record<
  TransferKind,
  { type: string; folder: string; view: string; title: string; exportPrefix: string }
> = {
  dashboard: {
    type: 'Dashboard',
    folder: 'dashboards/',
    view: 'Dashboard',
    title: 'Dashboard',
    exportPrefix: 'dashboard',
  },
  chart: { type: 'Slice', folder: 'charts/', view: 'Chart', title: 'Chart', exportPrefix: 'chart' },
  dataset: { type: 'SqlaTable', folder: 'datasets/', view: 'Dataset', title: 'Dataset', exportPrefix: 'dataset' },
  database: { type: 'Database', folder: 'databases/', view: 'Database', title: 'Database', exportPrefix: 'database' },
  saved_query: {
    type: 'SavedQuery',
    folder: 'queries/',
    view: 'SavedQuery',
    title: 'Saved query',
    exportPrefix: 'saved_query',
  },
};

/** What an import of each kind brings in besides its own files (Superset's import commands). */
export const IMPORTED_WITH: Record<TransferKind, readonly TransferKind[]> = {
  dashboard: ['database', 'dataset', 'chart', 'dashboard'],
  chart: ['database', 'dataset', 'chart'],
  dataset: ['database', 'dataset'],
  database: ['database', 'dataset'],
  saved_query: ['database', 'saved_query'],
};

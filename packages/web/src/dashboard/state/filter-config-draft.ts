// The native filter configuration dialog's draft: filters and dividers being edited, the one shown, and the
// deleted ones waiting out PENDING_FILTER_REMOVAL_MS with an undo (spec §4 "Filter bar"). Used with useReducer.
import {
  defaultFilterScope,
  type FilterDivider,
  hasCascadeCycle,
  isNativeFilter,
  markForRemoval,
  type NativeFilter,
  type NativeFilterConfigItem,
  type PendingRemovals,
  removeDueFilters,
  restoreFilter,
} from '@nezha/core';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { i18nKey } from '../../i18n/i18n';

export interface FilterConfigDraftState {
  items: NativeFilterConfigItem[];
  pendingRemovals: PendingRemovals;
  activeId: string | null;
}

export const initialFilterConfigDraft: FilterConfigDraftState = { items: [], pendingRemovals: {}, activeId: null };

export function newNativeFilter(id: string): NativeFilter {
  return {
    id,
    type: 'NATIVE_FILTER',
    name: '',
    filterType: 'filter_select',
    targets: [{}],
    scope: defaultFilterScope(),
    cascadeParentIds: [],
    defaultDataMask: { extraFormData: {}, filterState: {} },
    controlValues: { multiSelect: true, enableEmptyFilter: false, inverseSelection: false, searchAllOptions: false },
    description: '',
  };
}

export function newDivider(id: string): FilterDivider {
  return { id, type: 'DIVIDER', title: '', description: '' };
}

/** The first item still shown, for when the active one goes away. */
function firstShown(state: FilterConfigDraftState, except?: string): string | null {
  return state.items.find((item) => item.id !== except && !(item.id in state.pendingRemovals))?.id ?? null;
}

const filterConfigDraftSlice = createSlice({
  name: 'filterConfigDraft',
  initialState: initialFilterConfigDraft,
  reducers: {
    draftOpened(_state, action: PayloadAction<{ items: NativeFilterConfigItem[]; activeId?: string | null }>) {
      const { items, activeId } = action.payload;
      return { items, pendingRemovals: {}, activeId: activeId ?? items[0]?.id ?? null };
    },
    filterAdded(state, action: PayloadAction<string>) {
      state.items.push(newNativeFilter(action.payload));
      state.activeId = action.payload;
    },
    dividerAdded(state, action: PayloadAction<string>) {
      state.items.push(newDivider(action.payload));
      state.activeId = action.payload;
    },
    itemActivated(state, action: PayloadAction<string>) {
      state.activeId = action.payload;
    },
    itemChanged(state, action: PayloadAction<{ id: string; patch: Partial<NativeFilter> | Partial<FilterDivider> }>) {
      const index = state.items.findIndex((item) => item.id === action.payload.id);
      if (index < 0) return;
      state.items[index] = { ...state.items[index], ...action.payload.patch } as NativeFilterConfigItem;
    },
    /** A deleted filter stays restorable for PENDING_FILTER_REMOVAL_MS. */
    itemMarkedForRemoval(state, action: PayloadAction<{ id: string; now: number }>) {
      const { id, now } = action.payload;
      state.pendingRemovals = markForRemoval(state.pendingRemovals, id, now);
      if (state.activeId === id) state.activeId = firstShown(state, id);
    },
    itemRestored(state, action: PayloadAction<string>) {
      state.pendingRemovals = restoreFilter(state.pendingRemovals, action.payload);
      state.activeId = action.payload;
    },
    /** The timer fired: filters deleted PENDING_FILTER_REMOVAL_MS ago go, with their cascade links. */
    dueItemsRemoved(state, action: PayloadAction<number>) {
      const { items, pending } = removeDueFilters(state.items, state.pendingRemovals, action.payload);
      state.items = items;
      state.pendingRemovals = { ...pending };
    },
  },
});

export const filterConfigDraftActions = filterConfigDraftSlice.actions;
export const filterConfigDraftReducer = filterConfigDraftSlice.reducer;

/** What the dialog saves: the items not waiting for removal, with links to removed filters dropped. */
export function itemsToSave(state: FilterConfigDraftState): NativeFilterConfigItem[] {
  const removed = new Set(Object.keys(state.pendingRemovals));
  return state.items
    .filter((item) => !removed.has(item.id))
    .map((item) =>
      isNativeFilter(item)
        ? { ...item, cascadeParentIds: item.cascadeParentIds.filter((id) => !removed.has(id)) }
        : item,
    );
}

export type DraftErrors = Record<string, string>;

/** Messages per item id: a filter needs a name and (for value filters) a dataset and column; no cascade cycles. */
export function validateDraft(items: readonly NativeFilterConfigItem[]): DraftErrors {
  const errors: DraftErrors = {};
  for (const item of items) {
    if (!isNativeFilter(item)) {
      if (!item.title.trim()) errors[item.id] = i18nKey('Title is required');
      continue;
    }
    if (!item.name.trim()) errors[item.id] = i18nKey('Name is required');
    else if (needsColumn(item.filterType) && !item.targets[0]?.datasetId)
      errors[item.id] = i18nKey('Dataset is required');
    else if (needsColumn(item.filterType) && !item.targets[0]?.column?.name)
      errors[item.id] = i18nKey('Column is required');
  }
  if (hasCascadeCycle(items)) {
    for (const item of items)
      if (isNativeFilter(item) && item.cascadeParentIds.length > 0)
        errors[item.id] ??= i18nKey('Cannot create cyclic hierarchy');
  }
  return errors;
}

export function needsColumn(filterType: string): boolean {
  return filterType === 'filter_select' || filterType === 'filter_range';
}

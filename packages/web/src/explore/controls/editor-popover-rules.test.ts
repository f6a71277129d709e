// Rules of the editor popovers' close requests: Escape for an inner list, unsaved edits, and what counts as an edit.
import { describe, expect, it } from 'vitest';
import { closeDecision, draftChanged } from './editor-popover-rules';

describe('editor popover close rules', () => {
  it('Escape while a list inside is open leaves the popover open', () => {
    expect(closeDecision({ reason: 'escape', innerPopupOpen: true, dirty: true, confirming: false })).toBe('ignore');
    expect(closeDecision({ reason: 'escape', innerPopupOpen: true, dirty: false, confirming: false })).toBe('ignore');
  });

  it('a popover without edits closes on Escape or an outside click', () => {
    expect(closeDecision({ reason: 'escape', innerPopupOpen: false, dirty: false, confirming: false })).toBe('close');
    expect(closeDecision({ reason: 'outside', innerPopupOpen: false, dirty: false, confirming: false })).toBe('close');
  });

  it('a popover with edits asks before discarding them', () => {
    expect(closeDecision({ reason: 'escape', innerPopupOpen: false, dirty: true, confirming: false })).toBe('confirm');
    expect(closeDecision({ reason: 'outside', innerPopupOpen: false, dirty: true, confirming: false })).toBe('confirm');
  });

  it('clicks on the question itself do not ask again', () => {
    expect(closeDecision({ reason: 'outside', innerPopupOpen: false, dirty: true, confirming: true })).toBe('ignore');
  });
});

describe('draftChanged', () => {
  it('an untouched draft is not a change, whatever its key order', () => {
    expect(draftChanged({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(false);
  });

  it('a changed value is a change', () => {
    expect(draftChanged({ subject: 'name', comparator: 'x' }, { subject: 'name', comparator: 'y' })).toBe(true);
  });

  it('switching tabs is not a change', () => {
    expect(draftChanged({ tab: 'SIMPLE', column: null }, { tab: 'SQL', column: null }, ['tab'])).toBe(false);
  });

  it('an undefined key equals a missing one', () => {
    expect(draftChanged({ a: 1 } as { a: number; b?: number }, { a: 1, b: undefined })).toBe(false);
  });
});

// Pie labels by cell size.
import { describe, expect, it } from 'vitest';
import { pieLabelLayout } from './pie-labels';

describe('pie labels by size', () => {
  it('a large pie keeps the labels and legend the form data asks for', () => {
    expect(pieLabelLayout({ width: 600, height: 400, showLabels: true, legend: false })).toEqual({
      labels: true,
      legend: false,
    });
    expect(pieLabelLayout({ width: 600, height: 400, showLabels: false, legend: true })).toEqual({
      labels: false,
      legend: true,
    });
  });

  it('a small pie hides its labels and names the slices in a legend instead', () => {
    expect(pieLabelLayout({ width: 300, height: 200, showLabels: true, legend: false })).toEqual({
      labels: false,
      legend: true,
    });
  });

  it('a narrow cell counts as small too', () => {
    expect(pieLabelLayout({ width: 200, height: 600, showLabels: true, legend: true }).labels).toBe(false);
  });

  it('a tiny pie has no room for a legend it was not asked for', () => {
    expect(pieLabelLayout({ width: 120, height: 100, showLabels: true, legend: false })).toEqual({
      labels: false,
      legend: false,
    });
  });
});

// Metrics and filters shared by the gallery cases' recipes on the example datasets (drawn by
// e2e/viz-gallery.e2e.test.ts); the option names are what explore's controls give them.

export const adhocMetric = (aggregate: string, column: string, label: string) => ({
  expressionType: 'SIMPLE',
  aggregate,
  column: { column_name: column },
  label,
  hasCustomLabel: true,
  optionName: `metric_${aggregate}_${column}`,
});
export const where = (sqlExpression: string) => ({
  expressionType: 'SQL',
  clause: 'WHERE',
  sqlExpression,
  filterOptionName: `filter_${sqlExpression.replace(/\W+/g, '_')}`,
});

export const avgHigh = adhocMetric('AVG', 'temp_max', 'Average high (°C)');
export const precipitation = adhocMetric('SUM', 'precipitation', 'Precipitation (mm)');
/** The examples' saved metric: SUM(num). */
export const sumNum = 'sum__num';
export const co2Total = adhocMetric('SUM', 'co2', 'CO2 (Mt)');
/** Countries only (OWID's aggregates, World and continents, have no or an OWID_ code), in the file's last year. */
export const countries2018 = [where('year = 2018'), where("iso_code IS NOT NULL AND iso_code NOT LIKE 'OWID%'")];
export const monthly = { x_axis: 'date', time_grain_sqla: 'P1M' };

// CSV and XLSX answers of chart data: one query's table as a file, several as a ZIP (Superset's query_N names).
import type { ChartDataAnswer, ChartDataCall, QueryPayload } from './chart-data-request.js';
import { toCsv, toXlsx } from './tabular-export.js';
import { writeZip } from './zip.js';

function fileName(call: ChartDataCall, fallback: string, extension: string): string {
  const named = call.request.form_data?.slice_name;
  const base = (typeof named === 'string' && named.trim() ? named : fallback).replace(/[^\w.-]+/g, '_');
  return `${base}.${extension}`;
}

/** CSV or XLSX: one query's table as a file, several as a ZIP of query_1.csv, query_2.csv, … (Superset's names). */
export function fileAnswer(call: ChartDataCall, tableName: string, payloads: readonly QueryPayload[]): ChartDataAnswer {
  const csv = call.request.result_format === 'csv';
  const extension = csv ? 'csv' : 'xlsx';
  const files = payloads.map((payload) => {
    const table = { colnames: payload.colnames ?? [], coltypes: payload.coltypes ?? [], data: payload.data ?? [] };
    return csv ? toCsv(table) : toXlsx(table, tableName);
  });
  if (files.length === 1) {
    return {
      kind: 'file',
      contentType: csv
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      filename: fileName(call, tableName, extension),
      body: files[0] as string | Buffer,
    };
  }
  return {
    kind: 'file',
    contentType: 'application/zip',
    filename: fileName(call, tableName, 'zip'),
    body: writeZip(files.map((body, index) => ({ name: `query_${index + 1}.${extension}`, text: body }))),
  };
}

// A query's rows as a downloadable table: Superset's CSV (pandas' to_csv look) and a one-sheet XLSX workbook.
import type { Row } from '@nezha/core';
import { TEMPORAL } from './compile/columns.js';
import { writeZip } from './zip.js';

export interface TableData {
  colnames: string[];
  coltypes: number[];
  data: Row[];
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function dateText(time: number, withTime: boolean): string {
  const d = new Date(time);
  const date = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return withTime ? `${date} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` : date;
}

/** pandas writes a time column whose values are all midnights as bare dates. */
function timeFormatters(table: TableData): Array<((value: unknown) => string) | null> {
  return table.colnames.map((name, index) => {
    if (table.coltypes[index] !== TEMPORAL) return null;
    const withTime = table.data.some(
      (row) => typeof row[name] === 'number' && (row[name] as number) % 86_400_000 !== 0,
    );
    return (value) => (typeof value === 'number' ? dateText(value, withTime) : '');
  });
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(table: TableData): string {
  const formatters = timeFormatters(table);
  const lines = [table.colnames.map(csvField).join(',')];
  for (const row of table.data) {
    lines.push(
      table.colnames.map((name, index) => csvField(formatters[index]?.(row[name]) ?? cellText(row[name]))).join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

function xmlEscape(text: string): string {
  return text.replace(/[<>&"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[ch] ?? ch);
}

/** Characters XML 1.0 cannot carry at all; they are dropped rather than making the file unreadable. */
function xmlText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters.
  return xmlEscape(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, ''));
}

function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

function xlsxCell(ref: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && Number.isFinite(value)) return `<c r="${ref}"><v>${value}</v></c>`;
  if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(cellText(value))}</t></is></c>`;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The smallest workbook Excel and LibreOffice open: one sheet, inline strings, time as its text. */
export function toXlsx(table: TableData, sheetName = 'Sheet1'): Buffer {
  const formatters = timeFormatters(table);
  const header = `<row r="1">${table.colnames.map((name, c) => xlsxCell(`${columnLetters(c)}1`, name)).join('')}</row>`;
  const body = table.data.map((row, r) => {
    const cells = table.colnames.map((name, c) => {
      const value = formatters[c] ? formatters[c](row[name]) || null : row[name];
      return xlsxCell(`${columnLetters(c)}${r + 2}`, value);
    });
    return `<row r="${r + 2}">${cells.join('')}</row>`;
  });
  const sheet = `${XML_HEAD}<worksheet xmlns="${NS_MAIN}"><sheetData>${header}${body.join('')}</sheetData></worksheet>`;
  const safeName = xmlEscape(sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1');
  return writeZip([
    {
      name: '[Content_Types].xml',
      text:
        `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '</Types>',
    },
    {
      name: '_rels/.rels',
      text: `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}"><Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      text: `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><sheets><sheet name="${safeName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      text: `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}"><Relationship Id="rId1" Type="${NS_REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', text: sheet },
  ]);
}

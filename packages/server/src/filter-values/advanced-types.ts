// Advanced data types (Superset's plugins): filter text turned into the values a column stores. internet_address
// takes IPv4/IPv6 addresses and CIDR ranges to integers; port takes numbers and well-known service names.
import type { OperatorId } from '@nezha/core';

export interface AdvancedTypeResult {
  display_value: string;
  valid_filter_operators: OperatorId[];
  /** Integers beyond 2^53 (IPv6) come as decimal text, which JSON numbers cannot hold exactly. */
  values: unknown[];
  error_message: string;
}

const RANGE_OPERATORS: OperatorId[] = [
  'EQUALS',
  'GREATER_THAN_OR_EQUAL',
  'GREATER_THAN',
  'IN',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
];

const jsonInteger = (value: bigint): number | string =>
  value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();

function ipv4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    // Python's ipaddress refuses leading zeros: 010 could mean octal.
    if (!/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return null;
    value = (value << 8n) | BigInt(part);
  }
  return value;
}

function ipv6(text: string): bigint | null {
  let head = text;
  let tail: bigint[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.')) {
    // An embedded IPv4 address (::ffff:10.0.0.1) fills the last two groups.
    const v4 = ipv4(text.slice(lastColon + 1));
    if (v4 === null) return null;
    const prefix = text.slice(0, lastColon + 1);
    head = prefix.endsWith('::') ? prefix : prefix.slice(0, -1);
    tail = [v4 >> 16n, v4 & 0xffffn];
  }
  const halves = head.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const left = groups(halves[0]);
  const right = groups(halves[1]);
  const present = left.length + right.length + tail.length;
  if (halves.length === 1 ? present !== 8 : present > 7) return null;
  const all = [...left, ...Array<string>(8 - present).fill('0'), ...right];
  let value = 0n;
  for (const group of all) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return null;
    value = (value << 16n) | BigInt(`0x${group}`);
  }
  for (const group of tail) value = (value << 16n) | group;
  return value;
}

/** ipaddress.ip_network(text, strict=False): an address, a CIDR range, or an integer. */
function network(text: string): { start: bigint; end: bigint } | null {
  if (/^\d+$/.test(text)) {
    const value = BigInt(text);
    return value < 1n << 128n ? { start: value, end: value } : null;
  }
  const [address = '', prefixText, ...rest] = text.split('/');
  if (rest.length > 0) return null;
  const v4 = ipv4(address);
  const value = v4 ?? ipv6(address);
  if (value === null) return null;
  const bits = v4 !== null ? 32n : 128n;
  if (prefixText === undefined) return { start: value, end: value };
  if (!/^\d{1,3}$/.test(prefixText) || BigInt(prefixText) > bits) return null;
  const hostBits = bits - BigInt(prefixText);
  const hostMask = (1n << hostBits) - 1n;
  const start = value & ~hostMask & ((1n << bits) - 1n);
  return { start, end: start | hostMask };
}

function displayOf(values: unknown[]): string {
  return values
    .map((value) => {
      if (Array.isArray(value)) return `[${value.join(', ')}]`;
      if (value && typeof value === 'object') {
        const range = value as { start: unknown; end: unknown };
        return `${range.start} - ${range.end}`;
      }
      return String(value);
    })
    .join(', ');
}

function convertEach(
  values: readonly unknown[],
  convert: (text: string) => unknown | null,
  error: (text: string) => string,
): AdvancedTypeResult {
  const result: AdvancedTypeResult = {
    display_value: '',
    valid_filter_operators: RANGE_OPERATORS,
    values: [],
    error_message: '',
  };
  if (values.length === 1 && values[0] === '') {
    result.values.push(['']);
    return result;
  }
  for (const value of values) {
    const text = String(value).trim();
    const converted = convert(text);
    if (converted === null) {
      result.error_message = error(text);
      break;
    }
    result.values.push(converted);
    result.display_value = displayOf(result.values);
  }
  return result;
}

function internetAddress(values: readonly unknown[]): AdvancedTypeResult {
  return convertEach(
    values,
    (text) => {
      const range = network(text);
      if (!range) return null;
      return range.start === range.end
        ? jsonInteger(range.start)
        : { start: jsonInteger(range.start), end: jsonInteger(range.end) };
    },
    (text) => `'${text}' does not appear to be an IPv4 or IPv6 network`,
  );
}

/** Superset's port names, plus a few more common services. */
const PORT_NAMES: Readonly<Record<string, number[]>> = {
  http: [80],
  https: [443],
  ssh: [22],
  ftp: [20, 21],
  ftps: [989, 990],
  telnet: [23],
  telnets: [992],
  smtp: [25],
  submissions: [465],
  submission: [587],
  kerberos: [88],
  'kerberos-adm': [749],
  pop3: [110],
  pop3s: [995],
  imap: [143],
  imaps: [993],
  ldap: [389],
  ldaps: [636],
  dns: [53],
  ntp: [123],
  snmp: [161],
  rdp: [3389],
  mysql: [3306],
  postgresql: [5432],
  redis: [6379],
};

function port(values: readonly unknown[]): AdvancedTypeResult {
  return convertEach(
    values,
    (text) => {
      if (/^\d+$/.test(text)) {
        const number = Number(text);
        return number >= 1 && number <= 65535 ? [number] : null;
      }
      return PORT_NAMES[text.toLowerCase()] ?? null;
    },
    (text) => `'${text}' does not appear to be a port name or number`,
  );
}

export const ADVANCED_DATA_TYPES: Readonly<Record<string, (values: readonly unknown[]) => AdvancedTypeResult>> = {
  internet_address: internetAddress,
  port,
};

export const ADVANCED_TYPE_ERROR = 'Failed to retrieve advanced type';

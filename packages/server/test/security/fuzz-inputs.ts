// Malformed requests for the fuzz suite, drawn from a seeded PRNG so that a failure reproduces from its seed.
import type { InjectOptions } from 'fastify';
import type { Prepared } from './route-fillers.js';

/** mulberry32: small, fast and the same on every machine. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable seed per route, so one route's inputs do not depend on which routes ran before it. */
export function seedOf(text: string, base: number): number {
  let hash = base >>> 0;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619) >>> 0;
  return hash;
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

function deep(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Values of every wrong type and size a field may be sent. */
function oddValue(random: Random): unknown {
  const values: Array<() => unknown> = [
    () => null,
    () => true,
    () => -1,
    () => 0,
    () => 1e308,
    () => -1e308,
    () => Number.MAX_SAFE_INTEGER + 2,
    () => 2 ** 63,
    () => 0.5,
    () => '',
    () => ' ',
    () => 'a\u0000b',
    () => '\ud800',
    () => 'x\udfffy',
    () => '😀'.repeat(50),
    () => 'x'.repeat(70_000),
    () => "'; DROP TABLE ab_user; --",
    () => '{{ 7*7 }}{% raw %}',
    () => '../../../../etc/passwd',
    () => [],
    () => [null, 1, 'a'],
    () => ({}),
    () => ({ __proto__: { polluted: true } }),
    () => JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
    () => JSON.parse(deep(200, 'array')),
    () => '2024-13-45T99:99:99',
    () => 'NaN',
    () => '1e999',
  ];
  return pick(random, values)();
}

function mutate(value: unknown, random: Random, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 4) return oddValue(random);
  if (Array.isArray(value)) {
    if (value.length === 0 || random() < 0.3) return oddValue(random);
    const copy = [...value];
    const index = Math.floor(random() * copy.length);
    copy[index] = mutate(copy[index], random, depth + 1);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (keys.length === 0 || random() < 0.15) {
    copy[pick(random, ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', ''])] = oddValue(random);
    return copy;
  }
  const key = pick(random, keys);
  if (random() < 0.2) delete copy[key];
  else copy[key] = mutate(copy[key], random, depth + 1);
  return copy;
}

const MALFORMED_RISON = [
  '(',
  '!(',
  '(a:',
  "(a:'unterminated",
  '(filters:!((col:id,opr:eq,value:!n)),page:-1,page_size:1e999)',
  '(page:0,page_size:100000000000000000000)',
  "(order_column:'; DROP TABLE dbs;--',order_direction:sideways)",
  '(columns:!(__proto__,constructor))',
  '(__proto__:(polluted:!t))',
  '!t',
  '!n',
  "'",
  '%00',
  '%ZZ',
  `(${'('.repeat(500)}`,
  `(a:${'!('.repeat(300)}${')'.repeat(300)})`,
  `(filter:'${'x'.repeat(20_000)}')`,
  '(key:\ud800)',
];

const BAD_MULTIPART: Array<{ body: string; type: string }> = [
  { body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n', type: 'multipart/form-data' },
  { body: 'no parts here', type: 'multipart/form-data; boundary=zz' },
  {
    body: '--zz\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n{"polluted":true}\r\n--zz--',
    type: 'multipart/form-data; boundary=zz',
  },
  {
    body: '--zz\r\nContent-Disposition: form-data; name="form_data"\r\n\r\n{"a":\r\n--zz--',
    type: 'multipart/form-data; boundary=zz',
  },
  {
    body: '--zz\r\nContent-Disposition: form-data; name="f"; filename="x.csv"\r\n\r\na,b\r\n--zz',
    type: 'multipart/form-data; boundary="zz',
  },
];

/** encodeURIComponent that sends a lone surrogate as the bytes a careless client would (WTF-8), not an exception. */
function encodeLoose(text: string): string {
  return text
    .split(/([\ud800-\udfff])/)
    .map((part) =>
      /^[\ud800-\udfff]$/.test(part)
        ? Buffer.from([0xed, 0xa0 + ((part.charCodeAt(0) >> 6) & 0x1f), 0x80 + (part.charCodeAt(0) & 0x3f)])
            .toString('hex')
            .replace(/(..)/g, '%$1')
            .toUpperCase()
        : encodeURIComponent(part),
    )
    .join('');
}

function withQuery(url: string, extra: string): string {
  const [path, query] = url.split('?', 2);
  const kept = (query ?? '').split('&').filter((part) => part !== '' && !part.startsWith('q='));
  return `${path}?${[...kept, extra].join('&')}`;
}

/** Replaces one numeric or keyed path segment of the realistic URL with something no route expects. */
function oddPath(url: string, random: Random): string {
  const [path, query] = url.split('?', 2);
  const segments = (path ?? '').split('/');
  const candidates = segments
    .map((segment, index) => ({ segment, index }))
    .filter(({ segment }) => /\d|_/.test(segment));
  const odd = pick(random, [
    '-1',
    '0',
    '1e309',
    '99999999999999999999999',
    'NaN',
    '%00',
    '%2e%2e%2f%2e%2e%2f',
    encodeLoose('\ud800'),
    '%E0%A4%A',
    'x'.repeat(5000),
    encodeURIComponent("1' OR '1'='1"),
  ]);
  if (candidates.length === 0) return `${path}/${odd}${query ? `?${query}` : ''}`;
  const { index } = pick(random, candidates);
  segments[index] = odd;
  return `${segments.join('/')}${query ? `?${query}` : ''}`;
}

/** One malformed variant of a realistic request. */
export function malformed(prepared: Prepared, method: string, random: Random): InjectOptions {
  const json = { 'content-type': 'application/json' };
  const base = { method: method as 'POST', url: prepared.url };
  const kind = pick(random, [
    'truncated',
    'mutated',
    'mutated',
    'mutated',
    'deep',
    'pollution',
    'rison',
    'rison',
    'multipart',
    'content-type',
    'long',
    'path',
    'path',
    'top-level',
  ] as const);
  const payload = prepared.payload === undefined ? {} : prepared.payload;
  const asText = typeof payload === 'string' ? payload : JSON.stringify(payload);
  switch (kind) {
    case 'truncated':
      return { ...base, headers: json, payload: asText.slice(0, Math.floor(random() * asText.length)) };
    case 'mutated':
      return {
        ...base,
        headers: json,
        payload: JSON.stringify(mutate(typeof payload === 'string' ? {} : payload, random)),
      };
    case 'deep':
      return {
        ...base,
        headers: json,
        payload: deep(2_000 + Math.floor(random() * 6_000), pick(random, ['array', 'object'])),
      };
    case 'pollution':
      return {
        ...base,
        headers: json,
        payload: `{"__proto__":{"polluted":true,"isAdmin":true},"constructor":{"prototype":{"polluted":true}},${asText.slice(1) || '}'}`,
      };
    case 'rison':
      return { ...base, url: withQuery(prepared.url, `q=${encodeLoose(pick(random, MALFORMED_RISON))}`) };
    case 'multipart': {
      const bad = pick(random, BAD_MULTIPART);
      return { ...base, headers: { 'content-type': bad.type }, payload: bad.body };
    }
    case 'content-type':
      return {
        ...base,
        headers: {
          'content-type': pick(random, [
            'text/plain',
            'application/xml',
            'application/x-www-form-urlencoded',
            'application/json; charset=utf-16',
            'application/octet-stream',
            '',
            'application/json, text/plain',
          ]),
        },
        payload: pick(random, [asText, 'a=%ZZ&b', '<x/>', '\u0000\u0001', 'form_data=%7B%22a%22%3A']),
      };
    case 'long':
      return {
        ...base,
        url: withQuery(
          prepared.url,
          `q=${encodeURIComponent(`(filter:'${'y'.repeat(30_000)}')`)}&x=${'z'.repeat(20_000)}`,
        ),
        headers: json,
        payload: JSON.stringify({ sql: `SELECT '${'w'.repeat(200_000)}'`, label: 'v'.repeat(100_000) }),
      };
    case 'path':
      return { ...base, url: oddPath(prepared.url, random), headers: json, payload: asText };
    case 'top-level':
      return {
        ...base,
        headers: json,
        payload: pick(random, [
          'null',
          '[]',
          '"text"',
          '1e999',
          'true',
          '',
          '{',
          '{"a":1}}',
          '{"id":123456789012345678901234567890,"database_id":1e400}',
        ]),
      };
  }
}

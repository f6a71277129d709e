// The assistant's offline mode: a question's words matched to the measures, dimensions and time ranges of the
// datasets a user can see, giving the form data of a chart (no model involved).

/** A column as the matcher sees it: its name, its label, and what it can be used for. */
export interface CatalogColumn {
  name: string;
  verboseName?: string | null | undefined;
  isTemporal: boolean;
  groupable: boolean;
  numeric: boolean;
}

/** A saved metric or a measure: used by name in the form data. */
export interface CatalogMetric {
  name: string;
  verboseName?: string | null | undefined;
  /** A dataset metric goes in `metrics`; a semantic-layer measure in `saved_measures`. */
  source?: 'metric' | 'measure';
}

export interface CatalogDataset {
  id: number;
  name: string;
  columns: CatalogColumn[];
  metrics: CatalogMetric[];
  /** The dataset's main time column, for a time range and a chart over time. */
  mainTemporal?: string | null | undefined;
}

export type AggregateWord = 'SUM' | 'AVG' | 'MAX' | 'MIN' | 'COUNT';

/** What the question asks for, in the terms of one dataset. */
export interface QuestionMatch {
  dataset: { id: number; name: string };
  /** A saved metric's name, or an aggregate over a column. */
  metric:
    | { kind: 'saved'; name: string; label: string; source: 'metric' | 'measure' }
    | { kind: 'aggregate'; aggregate: AggregateWord; column: string | null; label: string };
  groupby: string[];
  /** Superset's time_range text (`2000-01-01 : now`), null for no filter. */
  timeRange: string | null;
  /** The column the time range and the over-time axis use. */
  timeColumn: string | null;
  /** A grain when the question asks for a chart over time. */
  timeGrain: string | null;
  vizType: 'echarts_timeseries_bar' | 'echarts_timeseries_line' | 'big_number_total';
  /** Words of the question that matched nothing, in their order. */
  unmatched: string[];
}

/** Words that carry no meaning for the match (English phrasing of chart questions). */
const FILLER = new Set(
  (
    'a an the of by per for in on at to from and or with show me give list get what whats is are was were how ' +
    'many much which who where when please chart graph plot bar bars line lines draw display see view i we want ' +
    'would like can could you do does did each every all across split broken down grouped group number total ' +
    'amount overall value values data as over time trend trends evolution since after before until between ' +
    'during year years month months week weeks day days daily weekly monthly yearly annual annually quarter ' +
    'quarters quarterly last past this top than versus vs it its their there that these those be'
  ).split(' '),
);

const AGGREGATES: Record<string, AggregateWord> = {
  sum: 'SUM',
  total: 'SUM',
  average: 'AVG',
  avg: 'AVG',
  mean: 'AVG',
  max: 'MAX',
  maximum: 'MAX',
  highest: 'MAX',
  largest: 'MAX',
  min: 'MIN',
  minimum: 'MIN',
  lowest: 'MIN',
  smallest: 'MIN',
  count: 'COUNT',
  number: 'COUNT',
};

const OVER_TIME_GRAIN: Record<string, string> = {
  day: 'P1D',
  days: 'P1D',
  daily: 'P1D',
  week: 'P1W',
  weeks: 'P1W',
  weekly: 'P1W',
  month: 'P1M',
  months: 'P1M',
  monthly: 'P1M',
  quarter: 'P3M',
  quarters: 'P3M',
  quarterly: 'P3M',
  year: 'P1Y',
  years: 'P1Y',
  yearly: 'P1Y',
  annual: 'P1Y',
  annually: 'P1Y',
};

/** Lowercase words of letters and digits, in any script. */
export function questionWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Short forms column names use, and the words people say. */
const ABBREVIATIONS: Record<string, string> = {
  pop: 'population',
  temp: 'temperature',
  num: 'number',
  expect: 'expectancy',
  qty: 'quantity',
  pct: 'percent',
  amt: 'amount',
  desc: 'description',
};

/** A word's forms to compare: itself, its singular and the long form of an abbreviation. */
function forms(word: string): string[] {
  const out = [word];
  const long = ABBREVIATIONS[word];
  if (long) out.push(long);
  if (word.length > 3 && word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`);
  else if (word.length > 3 && word.endsWith('es')) out.push(word.slice(0, -2), word.slice(0, -1));
  else if (word.length > 2 && word.endsWith('s')) out.push(word.slice(0, -1));
  return out;
}

/** The words of a column or metric name: snake_case, camelCase and its label. */
function nameWords(name: string, verbose: string | null | undefined): string[][] {
  const split = (text: string) => questionWords(text.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' '));
  const phrases = [split(name)];
  if (verbose) phrases.push(split(verbose));
  // Two-word names are said either way round: temp_max is "max temp" too.
  for (const words of [...phrases]) if (words.length === 2) phrases.push([...words].reverse());
  return phrases.filter((words) => words.length > 0);
}

interface TimeFinding {
  range: string | null;
  grain: string | null;
  /** Indexes of the words the time phrase used. */
  used: Set<number>;
}

const YEAR = /^(1[89]\d\d|2\d\d\d)$/;

/** Years and relative periods: "since 2000", "in 2005", "between 1990 and 2000", "last 10 years", "by year". */
export function findTime(words: string[]): TimeFinding {
  const used = new Set<number>();
  let range: string | null = null;
  let grain: string | null = null;
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i] ?? '';
    const next = words[i + 1] ?? '';
    const after = words[i + 2] ?? '';
    const third = words[i + 3] ?? '';
    if (
      (word === 'between' || word === 'from') &&
      YEAR.test(next) &&
      (after === 'and' || after === 'to') &&
      YEAR.test(third)
    ) {
      const [low, high] = [Number(next), Number(third)].sort((a, b) => a - b);
      range = `${low}-01-01 : ${(high ?? 0) + 1}-01-01`;
      for (const k of [i, i + 1, i + 2, i + 3]) used.add(k);
      i += 3;
    } else if ((word === 'since' || word === 'after' || word === 'from') && YEAR.test(next)) {
      range = `${word === 'after' ? Number(next) + 1 : next}-01-01 : now`;
      used.add(i).add(i + 1);
      i += 1;
    } else if ((word === 'before' || word === 'until') && YEAR.test(next)) {
      range = `1800-01-01 : ${word === 'until' ? Number(next) + 1 : next}-01-01`;
      used.add(i).add(i + 1);
      i += 1;
    } else if ((word === 'in' || word === 'during') && YEAR.test(next)) {
      range = `${next}-01-01 : ${Number(next) + 1}-01-01`;
      used.add(i).add(i + 1);
      i += 1;
    } else if ((word === 'last' || word === 'past') && /^\d+$/.test(next) && OVER_TIME_GRAIN[after]) {
      range = `DATEADD(DATETIME("today"), -${Number(next)}, ${UNIT_OF_GRAIN[OVER_TIME_GRAIN[after] ?? 'P1Y']}) : today`;
      for (const k of [i, i + 1, i + 2]) used.add(k);
      i += 2;
    } else if ((word === 'by' || word === 'per' || word === 'each' || word === 'every') && OVER_TIME_GRAIN[next]) {
      grain = OVER_TIME_GRAIN[next] ?? null;
      used.add(i).add(i + 1);
      i += 1;
    } else if (OVER_TIME_GRAIN[word] && /ly$/.test(word)) {
      grain = OVER_TIME_GRAIN[word] ?? null;
      used.add(i);
    } else if (word === 'over' && next === 'time') {
      grain = grain ?? 'P1Y';
      used.add(i).add(i + 1);
      i += 1;
    } else if (word === 'trend' || word === 'trends' || word === 'evolution') {
      grain = grain ?? 'P1Y';
      used.add(i);
    }
  }
  return { range, grain, used };
}

const UNIT_OF_GRAIN: Record<string, string> = { P1D: 'day', P1W: 'week', P1M: 'month', P3M: 'quarter', P1Y: 'year' };

interface Hit {
  start: number;
  length: number;
}

/** Words a name's phrase may have between its words in a question: "number of boys" for num_boys. */
const LINKING = new Set(['of', 'the']);

/** Where a phrase's words occur in the question (word forms compared), the longest phrase first. */
function findPhrase(words: string[], free: (index: number) => boolean, phrases: string[][]): Hit | null {
  let best: Hit | null = null;
  for (const phrase of phrases) {
    for (let i = 0; i < words.length; i += 1) {
      let j = i;
      let all = true;
      for (let k = 0; k < phrase.length; k += 1) {
        while (k > 0 && LINKING.has(words[j] ?? '') && free(j)) j += 1;
        const asked = forms(words[j] ?? '');
        const named = forms(phrase[k] ?? '');
        if (j >= words.length || !free(j) || !asked.some((form) => named.includes(form))) {
          all = false;
          break;
        }
        j += 1;
      }
      if (all && (!best || j - i > best.length)) best = { start: i, length: j - i };
    }
  }
  return best;
}

/** Each meaningful word of the column names that only one column has. */
function uniqueWords(columns: readonly CatalogColumn[]): Map<string, CatalogColumn> {
  const owners = new Map<string, CatalogColumn | null>();
  for (const column of columns) {
    const words = new Set(nameWords(column.name, column.verboseName).flat());
    for (const word of words) {
      if (word.length < 3 || FILLER.has(word) || /^\d+$/.test(word)) continue;
      owners.set(word, owners.has(word) && owners.get(word) !== column ? null : column);
    }
  }
  const unique = new Map<string, CatalogColumn>();
  for (const [word, owner] of owners) if (owner) unique.set(word, owner);
  return unique;
}

interface Candidate {
  match: QuestionMatch;
  score: number;
}

function matchDataset(words: string[], time: TimeFinding, dataset: CatalogDataset): Candidate {
  const used = new Set(time.used);
  const free = (i: number) => !used.has(i);
  const take = (hit: Hit) => {
    for (let k = hit.start; k < hit.start + hit.length; k += 1) used.add(k);
  };
  let score = 0;

  // Saved metrics and measures first: "births" is the Births metric before it is any column.
  let metric: QuestionMatch['metric'] | null = null;
  for (const candidate of dataset.metrics) {
    const hit = findPhrase(words, free, nameWords(candidate.name, candidate.verboseName));
    if (hit) {
      take(hit);
      metric = {
        kind: 'saved',
        name: candidate.name,
        label: candidate.verboseName || candidate.name,
        source: candidate.source ?? 'metric',
      };
      score += hit.length * 2;
      break;
    }
  }

  // Dimensions: a word after "by"/"per" or any groupable column named in the question.
  const groupby: string[] = [];
  const numericHits: Array<{ column: CatalogColumn; hit: Hit }> = [];
  const unique = uniqueWords(dataset.columns);
  for (const column of dataset.columns) {
    // The whole name ("miles per gallon"), else a word no other column has ("weight" of Weight_in_lbs).
    const hit =
      findPhrase(words, free, nameWords(column.name, column.verboseName)) ??
      findPhrase(
        words,
        free,
        [...unique.entries()].filter(([, owner]) => owner === column).map(([word]) => [word]),
      );
    if (!hit) continue;
    const before = words[hit.start - 1] ?? '';
    const grouping = before === 'by' || before === 'per' || before === 'each' || before === 'across';
    if (column.numeric && !grouping && !column.isTemporal) {
      numericHits.push({ column, hit });
      continue;
    }
    if (column.groupable && !column.isTemporal) {
      take(hit);
      groupby.push(column.name);
      score += hit.length * (grouping ? 2 : 1);
    }
  }

  // An aggregate over a numeric column ("average price"), when no saved metric answered.
  if (!metric && numericHits.length > 0) {
    const first = numericHits.sort((a, b) => b.hit.length - a.hit.length || a.hit.start - b.hit.start)[0];
    if (first) {
      take(first.hit);
      let aggregate: AggregateWord = 'SUM';
      for (let k = first.hit.start - 1; k >= 0 && k >= first.hit.start - 2; k -= 1) {
        const word = AGGREGATES[words[k] ?? ''];
        if (word && word !== 'COUNT') {
          aggregate = word;
          used.add(k);
          break;
        }
      }
      metric = {
        kind: 'aggregate',
        aggregate,
        column: first.column.name,
        label: `${aggregate}(${first.column.verboseName || first.column.name})`,
      };
      score += first.hit.length * 2;
    }
  }
  // Any aggregate word left names its own function; "count"/"number of"/"how many" count the rows.
  words.forEach((word, index) => {
    if (free(index) && AGGREGATES[word]) used.add(index);
  });
  if (!metric) {
    const countMetric = dataset.metrics.find((m) => m.name === 'count');
    metric = countMetric
      ? { kind: 'saved', name: 'count', label: countMetric.verboseName || 'COUNT(*)', source: 'metric' }
      : { kind: 'aggregate', aggregate: 'COUNT', column: null, label: 'COUNT(*)' };
  }
  // The dataset's own name ("cars", "stocks") says where to look.
  const named = findPhrase(words, free, nameWords(dataset.name, null));
  if (named) {
    take(named);
    score += 1;
  }

  const timeColumn = dataset.mainTemporal ?? dataset.columns.find((column) => column.isTemporal)?.name ?? null;
  const overTime = time.grain !== null && timeColumn !== null;
  const vizType: QuestionMatch['vizType'] = overTime
    ? 'echarts_timeseries_line'
    : groupby.length > 0
      ? 'echarts_timeseries_bar'
      : 'big_number_total';
  const unmatched = words.filter((word, index) => !used.has(index) && !FILLER.has(word));
  return {
    score,
    match: {
      dataset: { id: dataset.id, name: dataset.name },
      metric,
      groupby,
      timeRange: timeColumn ? time.range : null,
      timeColumn,
      timeGrain: overTime ? time.grain : null,
      vizType,
      unmatched,
    },
  };
}

/** The best match over the datasets, or null when no dataset shares a word with the question. */
export function matchQuestion(question: string, datasets: readonly CatalogDataset[]): QuestionMatch | null {
  const words = questionWords(question);
  if (words.length === 0) return null;
  const time = findTime(words);
  let best: Candidate | null = null;
  for (const dataset of datasets) {
    const candidate = matchDataset(words, time, dataset);
    if (candidate.score > 0 && (!best || candidate.score > best.score)) best = candidate;
  }
  return best?.match ?? null;
}

/** The form data of the match's chart, as Explore saves it. */
export function matchFormData(match: QuestionMatch): Record<string, unknown> {
  const metric =
    match.metric.kind === 'saved'
      ? match.metric.name
      : match.metric.column === null
        ? { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: match.metric.label, hasCustomLabel: true }
        : {
            expressionType: 'SIMPLE',
            aggregate: match.metric.aggregate,
            column: { column_name: match.metric.column },
            label: match.metric.label,
            hasCustomLabel: true,
          };
  const adhocFilters =
    match.timeRange && match.timeColumn
      ? [
          {
            clause: 'WHERE',
            expressionType: 'SIMPLE',
            subject: match.timeColumn,
            operator: 'TEMPORAL_RANGE',
            comparator: match.timeRange,
          },
        ]
      : [];
  const base = {
    datasource: `${match.dataset.id}__table`,
    viz_type: match.vizType,
    adhoc_filters: adhocFilters,
    time_range: match.timeRange ?? 'No filter',
    extra_form_data: {},
  };
  const measure = match.metric.kind === 'saved' && match.metric.source === 'measure';
  const metricFields = measure
    ? { metrics: [], saved_measures: [match.metric.kind === 'saved' ? match.metric.name : ''] }
    : { metrics: [metric] };
  if (match.vizType === 'big_number_total') {
    // The big number reads one `metric`; a measure is summed up as a one-row table instead.
    return measure
      ? { ...base, viz_type: 'table', query_mode: 'aggregate', groupby: [], ...metricFields, row_limit: 10 }
      : { ...base, metric, y_axis_format: 'SMART_NUMBER' };
  }
  const [xAxis, ...series] =
    match.vizType === 'echarts_timeseries_line' ? [match.timeColumn, ...match.groupby] : match.groupby;
  return {
    ...base,
    x_axis: xAxis,
    time_grain_sqla: match.vizType === 'echarts_timeseries_line' ? match.timeGrain : null,
    groupby: series,
    ...metricFields,
    row_limit: 10000,
    order_desc: true,
    show_legend: true,
    color_scheme: 'supersetColors',
    y_axis_format: 'SMART_NUMBER',
  };
}

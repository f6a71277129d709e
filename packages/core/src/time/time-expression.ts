// The date functions of advanced time ranges: DATETIME, DATEADD, DATETRUNC, LASTDAY, HOLIDAY and DATEDIFF as
// DATEADD's amount (Superset's datetime_parser grammar).
import { addUnits, type CalendarUnit, isCalendarUnit, isPeriodUnit, lastDayOf, truncate } from './calendar.js';
import { holidayDate } from './holidays.js';
import { type ParseContext, parseHumanDateTime } from './human-datetime.js';
import { TimeRangeError } from './time-range-error.js';

type Token =
  | { kind: 'word'; text: string; at: number }
  | { kind: 'string'; text: string; at: number }
  | { kind: 'int'; value: number; at: number }
  | { kind: 'punct'; text: '(' | ')' | ','; at: number };

export const DATE_FUNCTIONS = ['DATETIME', 'DATEADD', 'DATETRUNC', 'LASTDAY', 'HOLIDAY'] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

function fail(expression: string, detail: string): never {
  throw new TimeRangeError(`Invalid time expression "${expression}": ${detail}`);
}

function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < expression.length) {
    const ch = expression[i] as string;
    if (/\s/.test(ch)) {
      i += 1;
    } else if (ch === '(' || ch === ')' || ch === ',') {
      tokens.push({ kind: 'punct', text: ch, at: i });
      i += 1;
    } else if (ch === '"' || ch === "'") {
      let j = i + 1;
      let text = '';
      while (j < expression.length && expression[j] !== ch) {
        if (expression[j] === '\\' && j + 1 < expression.length) j += 1;
        text += expression[j];
        j += 1;
      }
      if (j >= expression.length) fail(expression, `unterminated string at position ${i}`);
      tokens.push({ kind: 'string', text, at: i });
      i = j + 1;
    } else if (/[-+0-9]/.test(ch)) {
      const match = /^[-+]?\d+/.exec(expression.slice(i));
      if (!match) fail(expression, `unexpected "${ch}" at position ${i}`);
      tokens.push({ kind: 'int', value: Number(match[0]), at: i });
      i += match[0].length;
    } else if (/[A-Za-z_]/.test(ch)) {
      const match = /^[A-Za-z_]+/.exec(expression.slice(i)) as RegExpExecArray;
      tokens.push({ kind: 'word', text: match[0], at: i });
      i += match[0].length;
    } else {
      fail(expression, `unexpected "${ch}" at position ${i}`);
    }
  }
  return tokens;
}

class Parser {
  private position = 0;

  constructor(
    private readonly expression: string,
    private readonly tokens: Token[],
    private readonly context: ParseContext,
  ) {}

  evaluate(): Date {
    const value = this.dateExpression();
    const rest = this.tokens[this.position];
    if (rest) fail(this.expression, `unexpected input at position ${rest.at}`);
    return value;
  }

  private next(what: string): Token {
    const token = this.tokens[this.position];
    if (!token) fail(this.expression, `expected ${what} at the end`);
    this.position += 1;
    return token;
  }

  private punct(text: '(' | ')' | ','): void {
    const token = this.next(`"${text}"`);
    if (token.kind !== 'punct' || token.text !== text)
      fail(this.expression, `expected "${text}" at position ${token.at}`);
  }

  /** Superset's grammar tolerates one trailing comma before the closing parenthesis. */
  private close(): void {
    const token = this.tokens[this.position];
    if (token?.kind === 'punct' && token.text === ',') this.position += 1;
    this.punct(')');
  }

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }

  private skipComma(): void {
    const token = this.peek();
    if (token?.kind === 'punct' && token.text === ',') this.position += 1;
  }

  /** DATEADD's amount: a signed integer or DATEDIFF(a, b[, YEAR|DAY]). */
  private amount(): number {
    const token = this.next('an integer');
    if (token.kind === 'int') return token.value;
    if (token.kind !== 'word' || token.text.toUpperCase() !== 'DATEDIFF')
      fail(this.expression, `expected an integer at position ${token.at}`);
    this.punct('(');
    const from = this.dateExpression();
    this.punct(',');
    const to = this.dateExpression();
    let unit = 'day';
    const comma = this.peek();
    if (comma?.kind === 'punct' && comma.text === ',') {
      this.position += 1;
      const word = this.peek();
      if (word?.kind === 'word') {
        unit = word.text.toLowerCase();
        if (unit !== 'year' && unit !== 'day')
          fail(this.expression, `DATEDIFF takes YEAR or DAY at position ${word.at}`);
        this.position += 1;
        this.skipComma();
      }
    }
    this.punct(')');
    if (unit === 'year') return to.getUTCFullYear() - from.getUTCFullYear();
    return Math.floor((to.getTime() - from.getTime()) / DAY_MS);
  }

  /** HOLIDAY("name"[, date][, "country"]): the year comes from the date, by default this year; the country is US. */
  private holiday(): Date {
    this.punct('(');
    const name = this.next('a quoted holiday name');
    if (name.kind !== 'string') fail(this.expression, `expected a quoted holiday name at position ${name.at}`);
    this.skipComma();
    let year = this.context.now.getUTCFullYear();
    let country = 'US';
    const after = this.peek();
    if (after?.kind === 'word') {
      year = this.dateExpression().getUTCFullYear();
      this.skipComma();
    }
    const countryToken = this.peek();
    if (countryToken?.kind === 'string') {
      country = countryToken.text;
      this.position += 1;
      this.skipComma();
    }
    this.punct(')');
    return holidayDate(name.text, year, country);
  }

  private unit(): CalendarUnit {
    const token = this.next('a unit');
    const unit = token.kind === 'word' ? token.text.toLowerCase() : '';
    if (!isCalendarUnit(unit)) fail(this.expression, `expected a unit (YEAR … SECOND) at position ${token.at}`);
    return unit;
  }

  private dateExpression(): Date {
    const token = this.next('a date function');
    const name = token.kind === 'word' ? token.text.toUpperCase() : '';
    switch (name) {
      case 'DATETIME': {
        this.punct('(');
        const text = this.next('a quoted date');
        if (text.kind !== 'string') fail(this.expression, `expected a quoted date at position ${text.at}`);
        this.punct(')');
        return parseHumanDateTime(text.text, this.context);
      }
      case 'DATEADD': {
        this.punct('(');
        const base = this.dateExpression();
        this.punct(',');
        const amount = this.amount();
        this.punct(',');
        const unit = this.unit();
        this.close();
        return addUnits(base, amount, unit);
      }
      case 'DATETRUNC': {
        this.punct('(');
        const base = this.dateExpression();
        this.punct(',');
        const unit = this.unit();
        this.close();
        return truncate(base, unit);
      }
      case 'LASTDAY': {
        this.punct('(');
        const base = this.dateExpression();
        this.punct(',');
        const unit = this.unit();
        if (!isPeriodUnit(unit)) fail(this.expression, 'LASTDAY takes YEAR, QUARTER, MONTH, WEEK or DAY');
        this.close();
        return lastDayOf(base, unit);
      }
      case 'HOLIDAY':
        return this.holiday();
      default:
        fail(this.expression, `expected one of ${DATE_FUNCTIONS.join(', ')} at position ${token.at}`);
    }
  }
}

/** Evaluates e.g. `DATEADD(DATETIME("2020-01-01"), -7, day)`; a malformed expression throws a TimeRangeError. */
export function evaluateTimeExpression(expression: string, context: ParseContext): Date {
  return new Parser(expression, tokenize(expression), context).evaluate();
}

// Calculated measures: arithmetic over other measures, parsed rather than pasted. Only measure names (bare, or in
// double quotes when they hold other characters), numbers, + - * / and parentheses; anything else is refused.
// The server compiles the tree to SQL; the explore preview evaluates it over the measures' values.

export const INVALID_CALCULATED_MESSAGE = 'Invalid calculated measure';

export class CalculatedMeasureError extends Error {
  override readonly name = 'CalculatedMeasureError';
}

type Token =
  | { kind: 'number'; text: string }
  | { kind: 'name'; name: string }
  | { kind: 'op'; op: '+' | '-' | '*' | '/' }
  | { kind: 'open' }
  | { kind: 'close' };

export type CalculatedNode =
  | { kind: 'number'; text: string }
  | { kind: 'measure'; name: string }
  | { kind: 'negate'; operand: CalculatedNode }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/'; left: CalculatedNode; right: CalculatedNode };

const MAX_LENGTH = 4000;
const MAX_DEPTH = 64;
const NUMBER = /^(?:\d+(?:\.\d*)?|\.\d+)/;
const NAME = /^[\p{L}_][\p{L}\p{N}_]*/u;
const QUOTED = /^"([^"]+)"/;

/** The token at the start of `text` and its length, or null when nothing allowed starts there. */
function nextToken(text: string): [Token, number] | null {
  const ch = text[0] as string;
  if (ch === '+' || ch === '-' || ch === '*' || ch === '/') return [{ kind: 'op', op: ch }, 1];
  if (ch === '(' || ch === ')') return [{ kind: ch === '(' ? 'open' : 'close' }, 1];
  const number = NUMBER.exec(text);
  if (number) return [{ kind: 'number', text: number[0] }, number[0].length];
  const quoted = QUOTED.exec(text);
  if (quoted) return [{ kind: 'name', name: quoted[1] as string }, quoted[0].length];
  const name = NAME.exec(text);
  if (name) return [{ kind: 'name', name: name[0] }, name[0].length];
  return null;
}

function tokenize(expression: string): Token[] {
  if (expression.length > MAX_LENGTH) throw new CalculatedMeasureError('the expression is too long');
  const tokens: Token[] = [];
  let rest = expression.trimStart();
  while (rest.length > 0) {
    const next = nextToken(rest);
    if (!next) throw new CalculatedMeasureError(`unexpected "${rest[0]}"`);
    tokens.push(next[0]);
    rest = rest.slice(next[1]).trimStart();
  }
  return tokens;
}

/** Recursive descent: expression := term (± term)*, term := factor (×÷ factor)*, factor := ±factor | atom. */
class Parser {
  private at = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): CalculatedNode {
    if (this.tokens.length === 0) throw new CalculatedMeasureError('the expression is empty');
    const node = this.expression(0);
    if (this.at < this.tokens.length) throw new CalculatedMeasureError('unexpected text after the expression');
    return node;
  }

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }

  private expression(depth: number): CalculatedNode {
    let left = this.term(depth);
    for (let token = this.peek(); token?.kind === 'op' && (token.op === '+' || token.op === '-'); token = this.peek()) {
      this.at += 1;
      left = { kind: 'binary', op: token.op, left, right: this.term(depth) };
    }
    return left;
  }

  private term(depth: number): CalculatedNode {
    let left = this.factor(depth);
    for (let token = this.peek(); token?.kind === 'op' && (token.op === '*' || token.op === '/'); token = this.peek()) {
      this.at += 1;
      left = { kind: 'binary', op: token.op, left, right: this.factor(depth) };
    }
    return left;
  }

  private factor(depth: number): CalculatedNode {
    if (depth > MAX_DEPTH) throw new CalculatedMeasureError('the expression is nested too deeply');
    const token = this.peek();
    this.at += 1;
    switch (token?.kind) {
      case 'op':
        if (token.op === '-') return { kind: 'negate', operand: this.factor(depth + 1) };
        if (token.op === '+') return this.factor(depth + 1);
        break;
      case 'number':
        return { kind: 'number', text: token.text };
      case 'name':
        if (this.peek()?.kind === 'open') throw new CalculatedMeasureError(`"${token.name}(…)" is not a measure`);
        return { kind: 'measure', name: token.name };
      case 'open': {
        const inner = this.expression(depth + 1);
        if (this.peek()?.kind !== 'close') throw new CalculatedMeasureError('a parenthesis is not closed');
        this.at += 1;
        return inner;
      }
      default:
        break;
    }
    throw new CalculatedMeasureError(token ? 'a measure or a number is missing' : 'the expression ends too early');
  }
}

export function parseCalculatedMeasure(expression: string): CalculatedNode {
  return new Parser(tokenize(expression)).parse();
}

/** The measure names an expression refers to, each once, in order of appearance. */
export function calculatedMeasureNames(node: CalculatedNode): string[] {
  const names: string[] = [];
  const visit = (current: CalculatedNode): void => {
    if (current.kind === 'measure') {
      if (!names.includes(current.name)) names.push(current.name);
    } else if (current.kind === 'negate') visit(current.operand);
    else if (current.kind === 'binary') {
      visit(current.left);
      visit(current.right);
    }
  };
  visit(node);
  return names;
}

/**
 * The expression's value from its measures' values, as the server's SQL computes it: a NULL operand gives
 * NULL, division is floating point and dividing by zero gives NULL.
 */
export function evaluateCalculatedMeasure(
  node: CalculatedNode,
  measureValue: (name: string) => number | null,
): number | null {
  switch (node.kind) {
    case 'number':
      return Number(node.text);
    case 'measure':
      return measureValue(node.name);
    case 'negate': {
      const operand = evaluateCalculatedMeasure(node.operand, measureValue);
      return operand === null ? null : -operand;
    }
    case 'binary': {
      const left = evaluateCalculatedMeasure(node.left, measureValue);
      const right = evaluateCalculatedMeasure(node.right, measureValue);
      if (left === null || right === null) return null;
      if (node.op === '+') return left + right;
      if (node.op === '-') return left - right;
      if (node.op === '*') return left * right;
      return right === 0 ? null : left / right;
    }
  }
}

// Formula annotation layers: a small arithmetic language in x ("2x + 5", "y = 1000 * sin(x / 86400000)"),
// parsed into a function without eval so a saved chart cannot run script through its form data.

export type Formula = (x: number) => number;

const FUNCTIONS: Record<string, (value: number) => number> = {
  abs: Math.abs,
  sqrt: Math.sqrt,
  exp: Math.exp,
  log: Math.log,
  log10: Math.log10,
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  floor: Math.floor,
  ceil: Math.ceil,
  round: Math.round,
};
const CONSTANTS: Record<string, number> = { pi: Math.PI, e: Math.E };

type Token = { kind: 'number'; value: number } | { kind: 'name'; value: string } | { kind: 'op'; value: string };

export class FormulaError extends Error {}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s*(?:(\d+\.?\d*(?:e[+-]?\d+)?|\.\d+(?:e[+-]?\d+)?)|([a-z_][a-z0-9_]*)|([-+*/%^()]))/giy;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match) throw new FormulaError(`Unexpected "${text.slice(at).trim()[0]}"`);
    at = pattern.lastIndex;
    if (match[1] !== undefined) tokens.push({ kind: 'number', value: Number(match[1]) });
    else if (match[2] !== undefined) tokens.push({ kind: 'name', value: match[2].toLowerCase() });
    else tokens.push({ kind: 'op', value: match[3] as string });
  }
  return tokens;
}

/** Recursive descent over + - (lowest), * / % and implicit products, unary signs, ^ (right-associative). */
function parse(tokens: Token[]): Formula {
  let at = 0;
  const peek = () => tokens[at];
  const isOp = (value: string) => peek()?.kind === 'op' && peek()?.value === value;
  const expect = (value: string) => {
    if (!isOp(value)) throw new FormulaError(`Expected "${value}"`);
    at += 1;
  };

  function primary(): Formula {
    const token = peek();
    if (!token) throw new FormulaError('Unexpected end of formula');
    at += 1;
    if (token.kind === 'number') return () => token.value;
    if (token.kind === 'name') {
      if (token.value === 'x') return (x) => x;
      if (token.value in CONSTANTS) {
        const constant = CONSTANTS[token.value] as number;
        return () => constant;
      }
      const fn = FUNCTIONS[token.value];
      if (!fn) throw new FormulaError(`Unknown name "${token.value}"`);
      expect('(');
      const argument = sum();
      expect(')');
      return (x) => fn(argument(x));
    }
    if (token.value === '(') {
      const inner = sum();
      expect(')');
      return inner;
    }
    throw new FormulaError(`Unexpected "${token.value}"`);
  }

  function power(): Formula {
    const base = primary();
    if (!isOp('^')) return base;
    at += 1;
    const exponent = unary();
    return (x) => base(x) ** exponent(x);
  }

  function unary(): Formula {
    if (isOp('-')) {
      at += 1;
      const operand = unary();
      return (x) => -operand(x);
    }
    if (isOp('+')) {
      at += 1;
      return unary();
    }
    return power();
  }

  function product(): Formula {
    let left = unary();
    for (;;) {
      const token = peek();
      if (token?.kind === 'op' && (token.value === '*' || token.value === '/' || token.value === '%')) {
        at += 1;
        const right = unary();
        const l = left;
        left =
          token.value === '*'
            ? (x) => l(x) * right(x)
            : token.value === '/'
              ? (x) => l(x) / right(x)
              : (x) => l(x) % right(x);
      } else if (token && (token.kind === 'name' || token.kind === 'number' || token.value === '(')) {
        // "2x", "3(x + 1)", "x sin(x)": a product without its sign, as mathjs reads it.
        const right = power();
        const l = left;
        left = (x) => l(x) * right(x);
      } else return left;
    }
  }

  function sum(): Formula {
    let left = product();
    while (isOp('+') || isOp('-')) {
      const op = peek()?.value;
      at += 1;
      const right = product();
      const l = left;
      left = op === '+' ? (x) => l(x) + right(x) : (x) => l(x) - right(x);
    }
    return left;
  }

  const formula = sum();
  if (at < tokens.length) throw new FormulaError(`Unexpected "${String(tokens[at]?.value)}"`);
  return formula;
}

/** The formula as a function of x; throws FormulaError with what is wrong. An optional "y =" is dropped. */
export function compileFormula(text: string): Formula {
  const body = text.replace(/^\s*y\s*=/i, '');
  const tokens = tokenize(body);
  if (tokens.length === 0) throw new FormulaError('Empty formula');
  return parse(tokens);
}

/** The reason the formula cannot be drawn, or null. */
export function formulaError(text: string): string | null {
  try {
    compileFormula(text);
    return null;
  } catch (error) {
    return error instanceof FormulaError ? error.message : String(error);
  }
}

// The `condition` of a search-space parameter (03-endpoints-training.md, Tuning job and trial:
// "a parameter may carry condition (expression string)"): a small grammar parsed by hand, never
// evaluated as code (docs/decisions.md, Training: tuning — conditions). Shared: the emulator
// evaluates it, the console's start dialog checks it before sending.
//
//   expr    := and ('||' and)*
//   and     := unary ('&&' unary)*
//   unary   := '!' unary | '(' expr ')' | test
//   test    := name ('=='|'!='|'<'|'<='|'>'|'>=') literal | name ['not'] 'in' '[' literal (',' literal)* ']'
//   literal := "text" | 'text' | number | true | false
//
// At most CONDITION_MAX_CHARS characters and CONDITION_MAX_DEPTH nested groups. A test on a
// parameter that is itself inactive (absent from the trial) is false, `!=` and `not in` included.

export type Literal = string | number | boolean;

export type Expr =
  | { kind: 'or' | 'and'; items: Expr[] }
  | { kind: 'not'; item: Expr }
  | { kind: 'cmp'; name: string; op: '==' | '!=' | '<' | '<=' | '>' | '>='; value: Literal }
  | { kind: 'in'; name: string; negated: boolean; values: Literal[] };

const CONDITION_MAX_CHARS = 200;
const CONDITION_MAX_DEPTH = 8;

export class ConditionError extends Error {}

type Token =
  | { t: 'name'; v: string }
  | { t: 'str'; v: string }
  | { t: 'num'; v: number }
  | { t: 'bool'; v: boolean }
  | { t: 'op'; v: string }
  | { t: 'end' };

const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const NUMBER = /-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/y;
const OPS = ['==', '!=', '<=', '>=', '&&', '||', '<', '>', '!', '(', ')', '[', ']', ','];

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      const end = text.indexOf(c, i + 1);
      if (end === -1) throw new ConditionError(`unterminated text starting at character ${i + 1}`);
      out.push({ t: 'str', v: text.slice(i + 1, end) });
      i = end + 1;
      continue;
    }
    NUMBER.lastIndex = i;
    const num = /[-\d.]/.test(c) ? NUMBER.exec(text) : null;
    if (num) {
      out.push({ t: 'num', v: Number(num[0]) });
      i += num[0].length;
      continue;
    }
    NAME.lastIndex = i;
    const name = NAME.exec(text);
    if (name) {
      const w = name[0];
      out.push(w === 'true' || w === 'false' ? { t: 'bool', v: w === 'true' } : { t: 'name', v: w });
      i += w.length;
      continue;
    }
    const op = OPS.find((o) => text.startsWith(o, i));
    if (!op) throw new ConditionError(`unexpected character ${JSON.stringify(c)} at ${i + 1}`);
    out.push({ t: 'op', v: op });
    i += op.length;
  }
  out.push({ t: 'end' });
  return out;
}

const describe = (k: Token) => (k.t === 'end' ? 'the end' : k.t === 'str' ? JSON.stringify(k.v) : String(k.v));

/** Parses a condition; throws ConditionError with the reason in words. */
export function parseCondition(text: string): Expr {
  if (text.length > CONDITION_MAX_CHARS) throw new ConditionError(`a condition has at most ${CONDITION_MAX_CHARS} characters`);
  if (text.trim() === '') throw new ConditionError('the condition is empty');
  const tokens = tokenize(text);
  let at = 0;
  const peek = () => tokens[at]!;
  const isOp = (v: string) => peek().t === 'op' && (peek() as { v: string }).v === v;
  const expect = (v: string) => {
    if (!isOp(v)) throw new ConditionError(`expected ${v} but found ${describe(peek())}`);
    at++;
  };
  const literal = (): Literal => {
    const k = peek();
    if (k.t === 'str' || k.t === 'num' || k.t === 'bool') {
      at++;
      return k.v;
    }
    throw new ConditionError(`expected a value ("text", a number, true or false) but found ${describe(k)}`);
  };
  const test = (): Expr => {
    const k = peek();
    if (k.t !== 'name') throw new ConditionError(`expected a parameter name but found ${describe(k)}`);
    at++;
    const next = peek();
    if (next.t === 'name' && (next.v === 'in' || next.v === 'not')) {
      at++;
      const negated = next.v === 'not';
      if (negated) {
        const inWord = peek();
        if (inWord.t !== 'name' || inWord.v !== 'in') throw new ConditionError('expected in after not');
        at++;
      }
      expect('[');
      const values = [literal()];
      while (isOp(',')) {
        at++;
        values.push(literal());
      }
      expect(']');
      return { kind: 'in', name: k.v, negated, values };
    }
    if (next.t === 'op' && ['==', '!=', '<', '<=', '>', '>='].includes(next.v)) {
      at++;
      const value = literal();
      const op = next.v as '==' | '!=' | '<' | '<=' | '>' | '>=';
      if (op !== '==' && op !== '!=' && typeof value !== 'number') throw new ConditionError(`${op} compares numbers only`);
      return { kind: 'cmp', name: k.v, op, value };
    }
    throw new ConditionError(`expected ==, !=, <, <=, >, >=, in or not in after ${k.v}`);
  };
  const unary = (depth: number): Expr => {
    if (depth > CONDITION_MAX_DEPTH) throw new ConditionError(`at most ${CONDITION_MAX_DEPTH} nested groups`);
    if (isOp('!')) {
      at++;
      return { kind: 'not', item: unary(depth + 1) };
    }
    if (isOp('(')) {
      at++;
      const e = or(depth + 1);
      expect(')');
      return e;
    }
    return test();
  };
  const and = (depth: number): Expr => {
    const items = [unary(depth)];
    while (isOp('&&')) {
      at++;
      items.push(unary(depth));
    }
    return items.length === 1 ? items[0]! : { kind: 'and', items };
  };
  const or = (depth: number): Expr => {
    const items = [and(depth)];
    while (isOp('||')) {
      at++;
      items.push(and(depth));
    }
    return items.length === 1 ? items[0]! : { kind: 'or', items };
  };
  const expr = or(0);
  if (peek().t !== 'end') throw new ConditionError(`unexpected ${describe(peek())} after the condition`);
  return expr;
}

/** The parameter names a condition reads. */
export function namesOf(e: Expr, out = new Set<string>()): Set<string> {
  if (e.kind === 'cmp' || e.kind === 'in') out.add(e.name);
  else if (e.kind === 'not') namesOf(e.item, out);
  else for (const i of e.items) namesOf(i, out);
  return out;
}

/** Whether the condition holds for the values assigned so far (an absent parameter fails every test). */
export function evaluate(e: Expr, values: Readonly<Record<string, Literal>>): boolean {
  switch (e.kind) {
    case 'or':
      return e.items.some((i) => evaluate(i, values));
    case 'and':
      return e.items.every((i) => evaluate(i, values));
    case 'not':
      return !evaluate(e.item, values);
    case 'in': {
      if (!Object.prototype.hasOwnProperty.call(values, e.name)) return false;
      const found = e.values.some((v) => v === values[e.name]);
      return e.negated ? !found : found;
    }
    case 'cmp': {
      if (!Object.prototype.hasOwnProperty.call(values, e.name)) return false;
      const v = values[e.name]!;
      if (e.op === '==') return v === e.value;
      if (e.op === '!=') return v !== e.value;
      if (typeof v !== 'number') return false;
      const x = e.value as number;
      return e.op === '<' ? v < x : e.op === '<=' ? v <= x : e.op === '>' ? v > x : v >= x;
    }
  }
}

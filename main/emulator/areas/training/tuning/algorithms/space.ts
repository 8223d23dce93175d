// A search space compiled for the samplers (docs/decisions.md, Training: tuning): parameters in
// an order where every condition reads only parameters placed before it, each with its map to
// and from the unit interval (log scale for the log types; a cell per integer or choice), and
// the checks behind INVALID_SEARCH_SPACE and ALGORITHM_NOT_SUPPORTED.
import {
  ConditionError,
  evaluate,
  namesOf,
  parseCondition,
  type Expr,
  type Literal,
} from '../../../../../../shared/api/training/tuning-condition';

export type ParamType = 'uniform' | 'log_uniform' | 'int_uniform' | 'int_log_uniform' | 'choice';
export type ParamSpec =
  | { type: 'uniform' | 'log_uniform' | 'int_uniform' | 'int_log_uniform'; min: number; max: number; condition?: string }
  | { type: 'choice'; values: Literal[]; condition?: string };
export type SearchSpace = Readonly<Record<string, ParamSpec>>;
export type Params = Record<string, Literal>;

/** The minimal generator the samplers draw from (core/rng's Rng is one). */
export interface Random {
  next(): number;
}

export interface CompiledParam {
  name: string;
  spec: ParamSpec;
  condition: Expr | null;
  /** Cells of a discrete parameter (integers or choices); null for a continuous one. */
  cells: number | null;
}

export interface CompiledSpace {
  params: CompiledParam[];
}

export class SearchSpaceError extends Error {
  constructor(
    readonly parameter: string,
    reason: string,
  ) {
    super(reason);
  }
}

const CONTINUOUS: readonly ParamType[] = ['uniform', 'log_uniform'];

/** Checks and orders a space; throws SearchSpaceError {parameter, reason}. */
export function compileSpace(space: SearchSpace): CompiledSpace {
  const names = Object.keys(space);
  const parsed = new Map<string, { p: CompiledParam; deps: Set<string> }>();
  for (const name of names) {
    const spec = space[name]!;
    let cells: number | null = null;
    if (spec.type === 'choice') {
      if (spec.values.length === 0) throw new SearchSpaceError(name, 'a choice needs at least one value');
      if (new Set(spec.values).size !== spec.values.length) throw new SearchSpaceError(name, 'the choice lists a value twice');
      cells = spec.values.length;
    } else {
      if (!Number.isFinite(spec.min) || !Number.isFinite(spec.max)) throw new SearchSpaceError(name, 'min and max must be finite numbers');
      if (!(spec.min < spec.max)) throw new SearchSpaceError(name, `min (${spec.min}) must be below max (${spec.max})`);
      if ((spec.type === 'log_uniform' || spec.type === 'int_log_uniform') && spec.min <= 0)
        throw new SearchSpaceError(name, `a ${spec.type} range must be above 0 (min is ${spec.min})`);
      if (spec.type === 'int_uniform' || spec.type === 'int_log_uniform') {
        if (!Number.isInteger(spec.min) || !Number.isInteger(spec.max))
          throw new SearchSpaceError(name, `${spec.type} takes whole-number bounds`);
        cells = spec.max - spec.min + 1;
      }
    }
    let condition: Expr | null = null;
    const deps = new Set<string>();
    if (spec.condition !== undefined) {
      try {
        condition = parseCondition(spec.condition);
      } catch (e) {
        throw new SearchSpaceError(name, `condition: ${e instanceof ConditionError ? e.message : 'cannot be read'}`);
      }
      for (const d of namesOf(condition)) {
        if (d === name) throw new SearchSpaceError(name, 'a condition cannot refer to its own parameter');
        if (!(d in space)) throw new SearchSpaceError(name, `the condition refers to ${d}, which is not a parameter of the search space`);
        deps.add(d);
      }
    }
    parsed.set(name, { p: { name, spec, condition, cells }, deps });
  }
  // Topological order, keeping the order given where conditions allow (Kahn's algorithm).
  const ordered: CompiledParam[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const next = names.find((n) => !placed.has(n) && [...parsed.get(n)!.deps].every((d) => placed.has(d)));
    if (next === undefined) {
      const stuck = names.find((n) => !placed.has(n))!;
      throw new SearchSpaceError(stuck, 'the conditions refer to each other in a cycle');
    }
    placed.add(next);
    ordered.push(parsed.get(next)!.p);
  }
  return { params: ordered };
}

/** The parameter types an algorithm cannot take (grid: the continuous ones). */
export function unsupportedTypes(algorithm: string, space: SearchSpace): ParamType[] {
  if (algorithm !== 'grid') return [];
  return [...new Set(Object.values(space).map((s) => s.type))].filter((t) => CONTINUOUS.includes(t));
}

const logBounds = (spec: { min: number; max: number }) => [Math.log(spec.min - 0.5), Math.log(spec.max + 0.5)] as const;

/** A value of the parameter from u in [0, 1). */
export function fromUnit(spec: ParamSpec, u: number): Literal {
  const x = Math.min(Math.max(u, 0), 1 - 1e-12);
  switch (spec.type) {
    case 'choice':
      return spec.values[Math.floor(x * spec.values.length)]!;
    case 'uniform':
      return spec.min + x * (spec.max - spec.min);
    case 'log_uniform':
      return Math.exp(Math.log(spec.min) + x * (Math.log(spec.max) - Math.log(spec.min)));
    case 'int_uniform':
      return spec.min + Math.floor(x * (spec.max - spec.min + 1));
    case 'int_log_uniform': {
      const [a, b] = logBounds(spec);
      return Math.min(spec.max, Math.max(spec.min, Math.round(Math.exp(a + x * (b - a)))));
    }
  }
}

/** Where a value sits in [0, 1] (the middle of its cell for a discrete one). */
export function toUnit(spec: ParamSpec, v: Literal): number {
  switch (spec.type) {
    case 'choice': {
      const i = spec.values.indexOf(v);
      return (Math.max(0, i) + 0.5) / spec.values.length;
    }
    case 'uniform':
      return ((v as number) - spec.min) / (spec.max - spec.min);
    case 'log_uniform':
      return (Math.log(v as number) - Math.log(spec.min)) / (Math.log(spec.max) - Math.log(spec.min));
    case 'int_uniform':
      return ((v as number) - spec.min + 0.5) / (spec.max - spec.min + 1);
    case 'int_log_uniform': {
      const [a, b] = logBounds(spec);
      return (Math.log(v as number) - a) / (b - a);
    }
  }
}

export const isActive = (p: CompiledParam, assigned: Readonly<Params>) => p.condition === null || evaluate(p.condition, assigned);

/**
 * A point built parameter by parameter: `pick(p, assigned)` gives the unit value of each active
 * one (inactive parameters are absent).
 */
export function buildPoint(space: CompiledSpace, pick: (p: CompiledParam, assigned: Readonly<Params>) => number): Params {
  const out: Params = {};
  for (const p of space.params) if (isActive(p, out)) out[p.name] = fromUnit(p.spec, pick(p, out));
  return out;
}

export const randomPoint = (space: CompiledSpace, rng: Random): Params => buildPoint(space, () => rng.next());

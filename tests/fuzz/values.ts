// Arguments for the API fuzz model (api-model.ts). Each argument is a Field: the values a program would
// pass (valid, spread over the range a scene uses) and hostile ones it might pass by mistake (NaN,
// infinities, −0, the largest and the smallest doubles, negatives, strings, null, an object claiming a
// length of 1e9, a vector with one bad component or of the wrong length). Options are valid records,
// now and then with one field made hostile or one key misspelt. `code` prints any of them back as
// JavaScript, so a failure's log is a program that reproduces it.

import fc from 'fast-check';

/** An object whose `length` claims 1e9 items: a reader that trusts it loops, or allocates, for ever. */
export const HUGE_LENGTH: { readonly length: number } = Object.freeze({ length: 1e9 });

/** Values no numeric or vector argument should accept silently (or, if accepted, must not lead to NaN). */
export const HOSTILE: readonly unknown[] = [
  NaN, Infinity, -Infinity, -0, 1e308, -1e308, 5e-324, -1, 0, '1', 'abc', null, undefined, true, {}, [], [NaN], HUGE_LENGTH,
];
export const hostile: fc.Arbitrary<unknown> = fc.constantFrom(...HOSTILE);

/** An argument: what a program means to pass, and what it might pass by mistake. */
export interface Field {
  valid: fc.Arbitrary<unknown>;
  bad: fc.Arbitrary<unknown>;
}

/** A valid value, or (1 in `odds + 1`) a bad one. */
export function arg(field: Field, odds = 8): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: odds, arbitrary: field.valid }, { weight: 1, arbitrary: field.bad });
}

/** A number in [min, max], spread evenly (as a program's values are), the bounds and 0 now and then. */
export const real = (min: number, max: number): fc.Arbitrary<number> => fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 1 << 20 }).map((i) => min + ((max - min) * i) / (1 << 20)) },
  { weight: 1, arbitrary: fc.constantFrom(...new Set([min, max, ...(min <= 0 && max >= 0 ? [0] : [])])) },
);

export const numF = (min: number, max: number): Field => ({ valid: real(min, max), bad: hostile });
export const intF = (min: number, max: number): Field => ({ valid: fc.integer({ min, max }), bad: fc.oneof(hostile, fc.constantFrom(0.5, 1e9, 2 ** 53, 1e308, min - 1)) });
export const boolF: Field = { valid: fc.boolean(), bad: fc.constantFrom<unknown>(0, 1, 'true', null, NaN, {}) };
export const constF = (...values: unknown[]): Field => ({ valid: fc.constantFrom(...values), bad: fc.constantFrom<unknown>('', 'Dynamic', 'none', 0, null, {}) });

/**
 * An array-like of `values` whose item `index` answers its value and NaN in turn (a getter, as a hostile
 * caller or a proxy over game data hands in): an API that checks one read and stores another stores the
 * NaN. Alternating, not "once then NaN", so a replayed program reads the same sequence of answers from a
 * fresh copy (fast-check shrinks by replaying values).
 */
export class ChangingVector {
  readonly length: number;
  [index: number]: number;
  constructor(readonly values: readonly number[], readonly index: number) {
    this.length = values.length;
    values.forEach((v, i) => { if (i !== index) this[i] = v; });
    let reads = 0;
    Object.defineProperty(this, index, { get: () => (reads++ % 2 === 0 ? values[index] : NaN), enumerable: true });
    Object.defineProperty(this, 'values', { enumerable: false });
    Object.defineProperty(this, 'index', { enumerable: false });
  }
}
/** Fresh ChangingVectors of `valid` vectors (one per generated value: its read count is its own). */
const changing = (valid: fc.Arbitrary<number[]>, n: number): fc.Arbitrary<unknown> =>
  fc.tuple(valid, fc.nat(n - 1)).map(([v, i]) => new ChangingVector(v, i));

/** n numbers in ±scale; bad: one hostile component, the wrong length, one that reads differently each
 * time, or hostile as a whole. */
export function vecF(n: number, scale: number, min = -scale): Field {
  const valid = fc.array(real(min, scale), { minLength: n, maxLength: n });
  return {
    valid,
    bad: fc.oneof(
      fc.tuple(valid, fc.nat(n - 1), hostile).map(([v, i, h]) => v.map((x, k) => (k === i ? h : x))),
      fc.tuple(valid, fc.boolean()).map(([v, longer]) => (longer ? [...v, 0] : v.slice(1))),
      changing(valid, n),
      hostile,
    ),
  };
}

/** A unit quaternion [x, y, z, w] from an axis and an angle; bad: zero, far from unit, NaN, hostile. */
export const quatF: Field = {
  valid: fc.tuple(real(-1, 1), real(-1, 1), real(-1, 1), real(-Math.PI, Math.PI)).map(([x, y, z, angle]) => {
    const length = Math.hypot(x, y, z);
    if (!(length > 1e-3)) return [0, 0, 0, 1];
    const s = Math.sin(angle / 2) / length;
    return [x * s, y * s, z * s, Math.cos(angle / 2)];
  }),
  bad: fc.oneof(
    fc.constantFrom<unknown>([0, 0, 0, 0], [0, 0, 0, 2], [1e-300, 0, 0, 0], [NaN, 0, 0, 1], [1e308, 1e308, 0, 0]),
    fc.nat(3).map((i) => new ChangingVector([0, 0, 0, 1], i)),
    hostile,
  ),
};

/** Misspellings of `key` (none equal to any of `known`): a letter dropped, the first letter's case changed. */
export function misspellings(key: string, known: readonly string[]): string[] {
  const out = new Set<string>();
  if (key.length > 2) out.add(key.slice(0, -1));
  out.add(key[0] === key[0].toUpperCase() ? key[0].toLowerCase() + key.slice(1) : key[0].toUpperCase() + key.slice(1));
  const middle = Math.floor(key.length / 2);
  out.add(key.slice(0, middle) + key.slice(middle + 1));
  out.add(key.toLowerCase() === key ? `${key}s` : key.toLowerCase());
  return [...out].filter((k) => !known.includes(k) && k.length > 0);
}

/**
 * Options of `fields` (each present or not; `required` always) with valid values; 1 in `odds + 2` with one
 * field made bad, and 1 in `odds + 2` with one misspelt key added (holding a valid value).
 */
export function options(fields: Record<string, Field>, required: readonly string[] = [], odds = 8): fc.Arbitrary<Record<string, unknown>> {
  const known = Object.keys(fields);
  const valid = Object.fromEntries(known.map((k) => [k, fields[k].valid]));
  const record = fc.record(valid, { requiredKeys: required as string[] }) as fc.Arbitrary<Record<string, unknown>>;
  if (known.length === 0) return record;
  const typos = known.flatMap((k) => misspellings(k, known).map((typo) => [k, typo] as const));
  return fc.oneof(
    { weight: odds, arbitrary: record },
    { weight: 1, arbitrary: fc.tuple(record, fc.constantFrom(...known)).chain(([value, key]) => fields[key].bad.map((v) => ({ ...value, [key]: v }))) },
    { weight: 1, arbitrary: fc.tuple(record, fc.constantFrom(...typos)).chain(([value, [key, typo]]) => fields[key].valid.map((v) => ({ ...value, [typo]: v }))) },
  );
}

/** The keys of `value` not in `known` (a misspelt option). */
export function unknownKeys(value: unknown, known: readonly string[]): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.keys(value).filter((k) => !known.includes(k));
}

/** `value` as JavaScript source. `names` maps objects (bodies, joints) to the variable that holds them. */
export function code(value: unknown, names?: Map<object, string>): string {
  if (typeof value === 'number') {
    if (Object.is(value, -0)) return '-0';
    if (Number.isNaN(value)) return 'NaN';
    if (value === Infinity) return 'Infinity';
    if (value === -Infinity) return '-Infinity';
    return String(value);
  }
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'function') return '() => {}';
  if (typeof value === 'object') {
    const name = names?.get(value);
    if (name !== undefined) return name;
    if (value === HUGE_LENGTH) return '{ length: 1e9 }';
    if (value instanceof ChangingVector) return `changingVector(${code([...value.values])}, ${value.index}) /* item ${value.index} reads as given, then NaN, in turn */`;
    if (Array.isArray(value) || ArrayBuffer.isView(value)) {
      return `[${Array.from(value as ArrayLike<unknown>, (item) => code(item, names)).join(', ')}]`;
    }
    const entries = Object.entries(value).map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${code(v, names)}`);
    return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
  }
  return String(value);
}

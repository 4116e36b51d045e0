// What kind of body a body is: 'dynamic' (moved by forces and constraints), 'static' (never moves) or
// 'kinematic' (moves at the velocity it is given, pushed by nothing). Its own file so that sleep.ts, below
// the bodies, can name it.

import { show } from '../util/validate.js';

export type BodyType = 'dynamic' | 'static' | 'kinematic';

const BODY_TYPES: readonly BodyType[] = ['dynamic', 'static', 'kinematic'];

/** Checks a body type given by the user (createBody's `type`, setType), naming `where` in the error. */
export function readBodyType(where: string, value: unknown): BodyType {
  if (!BODY_TYPES.includes(value as BodyType)) {
    throw new RangeError(`${where}: type must be 'dynamic', 'static' or 'kinematic', got ${show(value)}`);
  }
  return value as BodyType;
}

// A 2D body's state as snapshots and hashes hold it (lib/body/body-state-io.ts in 3D): its own numbers,
// written and read in one order and checked after a restore against what createBody and the setters
// allow and what no world could hold; BodyBase adds the sleep state and the pose target.

import { MAX_ANGULAR_SPEED, MAX_COORDINATE, MAX_FORCE, MAX_LINEAR_SPEED, MAX_MASS, MAX_TORQUE, MIN_MASS } from '../limits.js';
import { requireAtMost, requireConsistent, requireFiniteNumbers } from '../util/restore-check.js';
import type { StateReader, StateWriter } from '../util/state.js';
import type { BodyStateIO } from '../body/core-body.js';
import { requireFinite, requirePositiveWithin } from '../util/validate.js';
import type { Body2D } from './body.js';
import { readInertia } from './body-mass.js';
import { BODY2D_STATE } from './body-state.js';

const ANGULAR_VELOCITY = BODY2D_STATE.angularVelocity;
const INVERSE_INERTIA = BODY2D_STATE.inverseInertia;
const INVERSE_MASS = BODY2D_STATE.inverseMass;
const ROTATION = BODY2D_STATE.rotation;

/** Writes the numbers the step reads of the body. */
function saveBodyState(body: Body2D, writer: StateWriter): void {
  writer.writeArray(body.state);
  writer.writeArray(body.force);
  writer.write(body._torque);
  writer.write(body._mass);
  writer.write(body._inertia);
  body.saveDamping(writer);
}

/** Reads what saveBodyState wrote. */
function loadBodyState(body: Body2D, reader: StateReader): void {
  reader.readInto(body.state);
  reader.readInto(body.force);
  body._torque = reader.read();
  body._mass = reader.read();
  body._inertia = reader.read();
  body.loadDamping(reader);
}

/** After loadBodyState (World2D.restore): refuses what createBody and the setters refuse, and a
 * state no world could be in (a static body that moves, an inverse mass at odds with the type or the
 * mass, a rotation that is not its angle's), naming the field under `path` (as the 3D checkBodyState). */
function checkBodyState(body: Body2D, where: string, path: string): void {
  const s = body.state, at = (name: string) => `${path}.${name}`;
  requireFiniteNumbers(where, at('state'), s);
  requireFiniteNumbers(where, at('force'), body.force);
  requireFinite(where, at('torque'), body.torque);
  requireAtMost(where, at('position'), body.position, MAX_COORDINATE, 'm', true);
  requireAtMost(where, at('linearVelocity'), body.linearVelocity, MAX_LINEAR_SPEED, 'm/s');
  requireAtMost(where, at('angularVelocity'), [body.angularVelocity], MAX_ANGULAR_SPEED, 'rad/s');
  requireAtMost(where, at('force'), body.force, MAX_FORCE, 'N', true);
  requireAtMost(where, at('torque'), [body.torque], MAX_TORQUE, 'N·m', true);
  body.checkDamping(where, path);
  if (body.isDynamic) {
    requirePositiveWithin(where, at('mass'), body._mass, MIN_MASS, MAX_MASS, ' kg');
    readInertia(where, at('inertia'), body._inertia);
    requireConsistent(where, at('inverseMass'), [s[INVERSE_MASS]], [1 / body._mass], 'the inverse of the mass');
    requireConsistent(where, at('inverseInertia'), [s[INVERSE_INERTIA]], [1 / body._inertia], 'the inverse of the inertia');
  } else {
    body.checkMassless(where, path, { mass: body._mass, inertia: body._inertia }, {
      inverseMass: s.subarray(INVERSE_MASS, INVERSE_MASS + 1),
      inverseInertia: s.subarray(INVERSE_INERTIA, INVERSE_INERTIA + 1),
    });
  }
  body.checkStaticAtRest(where, path, body.linearVelocity, s.subarray(ANGULAR_VELOCITY, ANGULAR_VELOCITY + 1));
  // (cos θ, sin θ) follows from θ: recomputed and compared, the stored bits kept
  const stored = s.slice(ROTATION, ROTATION + 2);
  body.updateRotation();
  requireConsistent(where, at('rotation'), stored, body.rotation, '(cos θ, sin θ) of the angle');
  body.rotation.set(stored);
}

/** @internal Body2D's stateIO. */
export const BODY2D_STATE_IO: BodyStateIO<Body2D> = { save: saveBodyState, load: loadBodyState, check: checkBodyState };

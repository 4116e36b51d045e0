// A 3D body's state as snapshots and hashes hold it (world/snapshot.ts; lib/2d/body-state-io.ts in 2D):
// its own numbers, written and read in one order and checked after a restore against what createBody and
// the setters allow and what no world could hold. BodyBase.saveState, loadState and checkState run these,
// then do the same for the sleep state and the pose target, which read alike in 2D.

import { readInertia } from '../geometry/inertia.js';
import { MAX_ANGULAR_SPEED, MAX_COORDINATE, MAX_FORCE, MAX_LINEAR_SPEED, MAX_MASS, MAX_TORQUE, MIN_MASS } from '../limits.js';
import { checkStoredQuaternion, requireAtMost, requireConsistent, requireFiniteNumbers } from '../util/restore-check.js';
import type { StateReader, StateWriter } from '../util/state.js';
import type { BodyStateIO } from './core-body.js';
import { requireNonNegative, requirePositiveWithin, show } from '../util/validate.js';
import type { Body } from './body.js';
import { writeInverseMassAxes } from './body-mass.js';
import { BODY_STATE } from './body-state.js';

const INVERSE_INERTIA = BODY_STATE.inverseInertia;
const INVERSE_MASS = BODY_STATE.inverseMass;
const ROTATION = BODY_STATE.rotation;
const TRANSLATION_LOCKS = BODY_STATE.translationLocks;

/** Writes the numbers the step reads of the body; of its shapes (whose geometry the snapshot keeps as
 * options), their friction and restitution. */
function saveBodyState(body: Body, writer: StateWriter): void {
  writer.writeArray(body.state.subarray(0, BODY_STATE.stored));
  writer.write(body._mass);
  body.saveDamping(writer);
  // (one number of flags: 1 a diagonal inertia, 2 continuous collision, the rotation locks from bit 2
  // and the translation locks from bit 5; a body with none of them writes and hashes the 0 or 1 it
  // always did, and older snapshots read as without them)
  writer.write((body.diagonalInertia ? 1 : 0) + (body._ccd ? 2 : 0) + (body.rotationLocks << 2) + (body.state[TRANSLATION_LOCKS] << 5));
  for (const shape of body.shapes) {
    writer.write(shape._friction);
    writer.write(shape._restitution);
  }
}

/** Reads what saveBodyState wrote (the shapes already attached). */
function loadBodyState(body: Body, reader: StateReader): void {
  reader.readInto(body.state.subarray(0, BODY_STATE.stored));
  body._mass = reader.read();
  body.loadDamping(reader);
  const flags = reader.read();
  body.diagonalInertia = (flags & 1) !== 0;
  body._ccd = (flags & 2) !== 0;
  body.rotationLocks = (flags >> 2) & 7;
  body.state[TRANSLATION_LOCKS] = (flags >> 5) & 7;
  writeInverseMassAxes(body.state);
  for (const shape of body.shapes) {
    shape._friction = reader.read();
    shape._restitution = reader.read();
  }
}

/** After loadBodyState (World.restore): refuses what createBody and the setters refuse, and a
 * state no world could be in (a static body that moves, an inverse mass at odds with the type or the
 * mass, a rotation that is not its orientation's), naming the field under `path`. An orientation a
 * little off unit (within 1e-3) is normalized; one a world wrote is kept to the bit. */
function checkBodyState(body: Body, where: string, path: string): void {
  const s = body.state, at = (name: string) => `${path}.${name}`;
  requireFiniteNumbers(where, at('position'), body.position);
  const normalized = checkStoredQuaternion(where, at('orientation'), body.orientation);
  requireFiniteNumbers(where, at('linearVelocity'), body.linearVelocity);
  requireFiniteNumbers(where, at('angularVelocity'), body.angularVelocity);
  requireFiniteNumbers(where, at('force'), body.force);
  requireFiniteNumbers(where, at('torque'), body.torque);
  requireAtMost(where, at('position'), body.position, MAX_COORDINATE, 'm', true);
  requireAtMost(where, at('linearVelocity'), body.linearVelocity, MAX_LINEAR_SPEED, 'm/s');
  requireAtMost(where, at('angularVelocity'), body.angularVelocity, MAX_ANGULAR_SPEED, 'rad/s');
  requireAtMost(where, at('force'), body.force, MAX_FORCE, 'N', true);
  requireAtMost(where, at('torque'), body.torque, MAX_TORQUE, 'N·m', true);
  requireFiniteNumbers(where, at('rotation'), body.rotation);
  requireFiniteNumbers(where, at('inverseInertiaWorld'), body.inverseInertiaWorld);
  requireFiniteNumbers(where, at('inertiaLocal'), body.inertiaLocal);
  requireFiniteNumbers(where, at('inverseInertiaLocal'), body.inverseInertiaLocal);
  body.checkDamping(where, path);
  body.shapes.forEach((shape, i) => {
    requireNonNegative(where, at(`shapes[${i}].friction`), shape.friction);
    if (!(shape.restitution >= 0 && shape.restitution <= 1)) {
      throw new RangeError(`${where}: ${at(`shapes[${i}].restitution`)} must be in [0, 1], got ${show(shape.restitution)}`);
    }
  });
  if (body.isDynamic) {
    requirePositiveWithin(where, at('mass'), body._mass, MIN_MASS, MAX_MASS, ' kg');
    requireConsistent(where, at('inverseMass'), [s[INVERSE_MASS]], [1 / body._mass], 'the inverse of the mass');
    const inertia = new Float64Array(9), inverse = new Float64Array(9);
    readInertia(`${where}: ${at('inertiaLocal')}`, body.inertiaLocal, inertia, inverse);
    requireConsistent(where, at('inverseInertiaLocal'), body.inverseInertiaLocal, inverse, 'the inverse of inertiaLocal');
  } else {
    body.checkMassless(where, path, { mass: body._mass }, {
      inverseMass: s.subarray(INVERSE_MASS, INVERSE_MASS + 1),
      inverseInertiaWorld: body.inverseInertiaWorld,
      inertiaLocal: body.inertiaLocal,
      inverseInertiaLocal: body.inverseInertiaLocal,
    });
  }
  body.checkStaticAtRest(where, path, body.linearVelocity, body.angularVelocity);
  // the rotation and the world inverse inertia follow from the orientation: recomputed and compared,
  // then the stored bits kept (recomputed after normalizing the orientation)
  const stored = s.slice(INVERSE_INERTIA, ROTATION + 9);
  body.updateInertia();
  if (!normalized) {
    requireConsistent(where, at('rotation'), stored.subarray(ROTATION - INVERSE_INERTIA), body.rotation, 'the rotation matrix of the orientation');
    requireConsistent(where, at('inverseInertiaWorld'), stored.subarray(0, 9), body.inverseInertiaWorld, 'R I⁻¹ Rᵀ of inverseInertiaLocal');
    s.set(stored, INVERSE_INERTIA);
  }
}

/** @internal Body's stateIO. */
export const BODY_STATE_IO: BodyStateIO<Body> = { save: saveBodyState, load: loadBodyState, check: checkBodyState };

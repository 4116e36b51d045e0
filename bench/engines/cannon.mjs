// cannon-es (3D, pure JS; the maintained fork of cannon.js) on a scene description. No shapes: each
// dynamic body gets the description's mass from the Body constructor and its diagonal inertia written
// to body.inertia / body.invInertia (Body.updateMassProperties, which would recompute the inertia from
// the shapes' bounding box, runs only from the constructor and addShape/removeShape, so nothing
// overwrites it), so nothing collides. Ball = PointToPointConstraint; weld = LockConstraint with its
// point-to-point pivot moved to the scene's anchor (cannon puts it halfway between the two centres of
// mass; the locked relative orientation is the one at creation either way); the world = a static body
// (mass 0) at the origin. cannon-es has no orientation-only constraint: such joints throw.
//
// cannon's defaults, kept for {}: GSSolver with 10 iterations and tolerance 1e-7 (GSSolver
// constructor); every constraint equation a SPOOK row with stiffness 1e7 and relaxation 4 at h = 1/60
// (Equation constructor: setSpookParams(1e7, 4, 1 / 60), never updated for user constraints; the
// scenes run at 1/60 s); maxForce 1e6 per equation; quaternions normalized every step
// (quatNormalizeSkip 0, exact normalization); no sleeping (World.allowSleep false); NaiveBroadphase (an
// O(N²) loop over body pairs every step, finding nothing since no body has a shape). Body damping is
// set to 0: cannon's Body defaults to linearDamping = angularDamping = 0.01, which is not in the scene
// (every other engine here runs undamped).
// settings: { iterations } = world.solver.iterations (GSSolver Gauss-Seidel sweeps per step; default
// 10; the solver stops earlier if a sweep changes the impulses by less than the tolerance);
// { broadphase: 'none' } replaces the NaiveBroadphase with one that reports no pairs, taking its O(N²)
// pair loop out of the step (about half of it at 1000 bodies); default 'naive' (cannon's).
// The package has no "exports" map and no "type": "module", so a bare 'cannon-es' import in Node
// resolves to its CommonJS build ("main"); import the ES module build ("module") that bundlers use.
import * as CANNON from 'cannon-es/dist/cannon-es.js';
import { packageVersion } from './package-version.mjs';

export const name = 'cannon';
export const version = packageVersion('cannon-es');

export async function create(description, settings = {}) {
  const { Vec3, Quaternion, Body } = CANNON;
  const world = new CANNON.World({ gravity: new Vec3(...description.gravity) });
  if (settings.iterations !== undefined) world.solver.iterations = settings.iterations;
  if (settings.broadphase === 'none') {
    world.broadphase = new (class extends CANNON.Broadphase { collisionPairs() {} })();
    world.broadphase.setWorld(world);
  } else if (settings.broadphase !== undefined && settings.broadphase !== 'naive') {
    throw new Error(`cannon adapter: unknown broadphase ${settings.broadphase}`);
  }
  const ground = new Body({ mass: 0, type: Body.STATIC });
  world.addBody(ground);
  const types = { dynamic: Body.DYNAMIC, static: Body.STATIC, kinematic: Body.KINEMATIC };
  const bodies = description.bodies.map((b) => {
    const dynamic = b.type === 'dynamic';
    const body = new Body({
      mass: dynamic ? b.mass : 0,
      type: types[b.type],
      position: new Vec3(...b.position),
      quaternion: new Quaternion(...(b.orientation ?? [0, 0, 0, 1])),
      velocity: b.linearVelocity ? new Vec3(...b.linearVelocity) : undefined,
      angularVelocity: b.angularVelocity ? new Vec3(...b.angularVelocity) : undefined,
      linearDamping: 0,
      angularDamping: 0,
    });
    if (dynamic) {
      const [ix, iy, iz] = b.inertia;
      body.inertia.set(ix, iy, iz);
      body.invInertia.set(1 / ix, 1 / iy, 1 / iz);
      body.updateInertiaWorld(true); // invInertiaWorld = R diag(invInertia) Rᵀ
    }
    world.addBody(body);
    return body;
  });
  const local = (body, anchor) => body.pointToLocalFrame(new Vec3(...anchor));
  for (const j of description.joints) {
    if (j.breakForce !== undefined || j.breakTorque !== undefined) throw new Error('cannon adapter: joints cannot break');
    const a = bodies[j.bodyA], b = j.bodyB === null ? ground : bodies[j.bodyB];
    if (j.type === 'ball') {
      world.addConstraint(new CANNON.PointToPointConstraint(a, local(a, j.anchor), b, local(b, j.anchor)));
    } else if (j.type === 'weld') {
      const lock = new CANNON.LockConstraint(a, b);
      lock.pivotA.copy(local(a, j.anchor));
      lock.pivotB.copy(local(b, j.anchor));
      world.addConstraint(lock);
    } else {
      throw new Error(`cannon adapter: cannon-es has no ${j.type} joint`);
    }
  }
  return {
    step: (dt) => world.step(dt), // one internal step of dt (no accumulator when called with dt alone)
    poses(out) {
      bodies.forEach((b, i) => {
        const p = b.position, q = b.quaternion, o = i * 7;
        out[o] = p.x; out[o + 1] = p.y; out[o + 2] = p.z;
        out[o + 3] = q.x; out[o + 4] = q.y; out[o + 5] = q.z; out[o + 6] = q.w;
      });
    },
  };
}

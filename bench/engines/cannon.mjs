// cannon-es (3D, pure JS; the maintained fork of cannon.js) on a scene description. Each dynamic body
// gets the description's mass from the Body constructor and its diagonal inertia written to
// body.inertia / body.invInertia after its shapes are added (Body.updateMassProperties, which would
// recompute the inertia from the shapes' bounding box, runs only from the constructor and addShape/
// removeShape, so nothing overwrites it); bodies without `collide` have no shape, so nothing collides
// with them. Ball = PointToPointConstraint; weld = LockConstraint with its
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
// Contacts (bodies with `collide`, and the ground): box → Box, sphere → Sphere, capsule → a Cylinder
// (cannon's default 8 segments, along y) with a Sphere at each end (cannon-es has no capsule); the
// world's default contact material set to sinew's friction and restitution (contact-scene.mjs; cannon's
// defaults are 0.3 and 0.3), its contact equations otherwise cannon's (stiffness 1e7, relaxation 3);
// a negative group becomes one bit of the body's collisionFilterGroup and Mask (member of that bit, mask
// every other; other colliding bodies are members of all bits), so a ragdoll's segments skip each other.
// The ground is a Plane. Body damping: cannon damps v ← v (1 − d)^h, so d = 1 − e^(−c) for sinew's rate
// c (v ← v / (1 + h c) per substep, e^(−c h) per step to first order).
// Limited joints: a ball joint with limits → ConeTwistConstraint: cannon's cone is circular (the larger
// of the two swing half-angles) and its twist limit symmetric (the larger of |lower| and upper). A hinge
// → HingeConstraint, which has no limits in cannon-es: knees and elbows bend both ways. Joint friction:
// on hinges, the hinge's motor at speed 0 with its impulse capped at friction x dt (cannon's solver
// clamps the impulse, not the force); ConeTwistConstraint has none. Neither constraint collides its
// bodies (collideConnected false).
// The package has no "exports" map and no "type": "module", so a bare 'cannon-es' import in Node
// resolves to its CommonJS build ("main"); import the ES module build ("module") that bundlers use.
import * as CANNON from 'cannon-es/dist/cannon-es.js';
import { packageVersion } from './package-version.mjs';
import { groupBits, jointFrame, localDirection, sceneFriction } from './contact-scene.mjs';

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
  const contacts = description.ground !== undefined || description.bodies.some((b) => b.collide);
  if (contacts) {
    world.defaultContactMaterial.friction = sceneFriction(description);
    world.defaultContactMaterial.restitution = 0;
  }
  const { bit } = groupBits(description, 32);
  const types = { dynamic: Body.DYNAMIC, static: Body.STATIC, kinematic: Body.KINEMATIC };
  const bodies = description.bodies.map((b, i) => {
    const dynamic = b.type === 'dynamic';
    const body = new Body({
      mass: dynamic ? b.mass : 0,
      type: types[b.type],
      position: new Vec3(...b.position),
      quaternion: new Quaternion(...(b.orientation ?? [0, 0, 0, 1])),
      velocity: b.linearVelocity ? new Vec3(...b.linearVelocity) : undefined,
      angularVelocity: b.angularVelocity ? new Vec3(...b.angularVelocity) : undefined,
      linearDamping: 1 - Math.exp(-(b.linearDamping ?? 0)),
      angularDamping: 1 - Math.exp(-(b.angularDamping ?? 0)),
    });
    if (b.collide) {
      addShapes(CANNON, body, b.shape);
      body.collisionFilterGroup = bit[i] < 0 ? -1 : 1 << bit[i];
      body.collisionFilterMask = bit[i] < 0 ? -1 : ~(1 << bit[i]);
    }
    if (dynamic) {
      const [ix, iy, iz] = b.inertia;
      body.inertia.set(ix, iy, iz);
      body.invInertia.set(1 / ix, 1 / iy, 1 / iz);
      body.updateInertiaWorld(true); // invInertiaWorld = R diag(invInertia) Rᵀ
    }
    world.addBody(body);
    return body;
  });
  if (description.ground) {
    const floor = new Body({ mass: 0, type: Body.STATIC, position: new Vec3(0, description.ground.height, 0), shape: new CANNON.Plane() });
    floor.quaternion.setFromEuler(-Math.PI / 2, 0, 0); // the plane's normal, local z, turned to +y
    floor.collisionFilterGroup = -1;
    world.addBody(floor);
  }
  const local = (body, anchor) => body.pointToLocalFrame(new Vec3(...anchor));
  for (const j of description.joints) {
    if (j.breakForce !== undefined || j.breakTorque !== undefined) throw new Error('cannon adapter: joints cannot break');
    const a = bodies[j.bodyA], b = j.bodyB === null ? ground : bodies[j.bodyB];
    if (j.motor || j.servo || j.hertz !== undefined) throw new Error('cannon adapter: joint drives and springs are not mapped');
    const direction = (i, v) => new Vec3(...localDirection(description, i, v));
    if (j.type === 'ball' && (j.swingLimit || j.twistLimit)) {
      const axis = jointFrame(j).x;
      world.addConstraint(new CANNON.ConeTwistConstraint(a, b, {
        pivotA: local(a, j.anchor), pivotB: local(b, j.anchor), axisA: direction(j.bodyA, axis), axisB: direction(j.bodyB, axis),
        angle: j.swingLimit ? Math.max(...j.swingLimit) : Math.PI, twistAngle: j.twistLimit ? Math.max(-j.twistLimit[0], j.twistLimit[1]) : Math.PI,
        collideConnected: false,
      }));
    } else if (j.type === 'hinge') {
      const axis = jointFrame(j).x;
      const hinge = new CANNON.HingeConstraint(a, b, {
        pivotA: local(a, j.anchor), pivotB: local(b, j.anchor), axisA: direction(j.bodyA, axis), axisB: direction(j.bodyB, axis), collideConnected: false,
      });
      if (j.friction) {
        hinge.enableMotor();
        hinge.setMotorSpeed(0);
        hinge.setMotorMaxForce(j.friction * description.dt);
      }
      world.addConstraint(hinge);
    } else if (j.type === 'ball') {
      const ball = new CANNON.PointToPointConstraint(a, local(a, j.anchor), b, local(b, j.anchor));
      ball.collideConnected = false;
      world.addConstraint(ball);
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
    velocities(out) {
      bodies.forEach((b, i) => {
        const v = b.velocity, w = b.angularVelocity;
        out.set([v.x, v.y, v.z, w.x, w.y, w.z], i * 6);
      });
    },
  };
}

/** A colliding body's shapes (see the header). */
function addShapes(CANNON, body, shape) {
  if (shape.kind === 'box') body.addShape(new CANNON.Box(new CANNON.Vec3(...shape.halfExtents)));
  else if (shape.kind === 'sphere') body.addShape(new CANNON.Sphere(shape.radius));
  else {
    const { radius, halfHeight } = shape;
    if (halfHeight > 0) body.addShape(new CANNON.Cylinder(radius, radius, 2 * halfHeight));
    body.addShape(new CANNON.Sphere(radius), new CANNON.Vec3(0, halfHeight, 0));
    body.addShape(new CANNON.Sphere(radius), new CANNON.Vec3(0, -halfHeight, 0));
  }
}

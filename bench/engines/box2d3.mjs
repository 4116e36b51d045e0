// Box2D v3 (Erin Catto's C library, compiled to WebAssembly by the box2d3-wasm package: its single-
// threaded "deluxe" SIMD build under node) on a planar scene description, the same way as planck.mjs:
// bodies that do not collide get their mass and inertia from b2Body_SetMassData alone; colliding bodies
// and the ground get shapes from planar-shapes.mjs (friction 0.6, restitution 0, density 1000), then the
// description's mass and inertia. Sleeping off (b2WorldDef.enableSleep), no worker threads
// (workerCount 0, its default). settings: { substeps } (b2World_Step's subStepCount; Box2D's default 4).
// Box2D v3 computes in single precision, so its figures are of float32 state.
import { requirePlanar, planarAngle } from '../../dist/2d/index.js';
import { packageVersion } from './package-version.mjs';
import { DENSITY_2D, planarContacts } from './planar-shapes.mjs';

export const name = 'box2d3';
export const version = packageVersion('box2d3-wasm');

let modulePromise = null;
/** The WebAssembly module, instantiated once per process. */
function box2d() {
  modulePromise ??= import('box2d3-wasm').then(({ default: factory }) => factory());
  return modulePromise;
}

export async function create(description, settings = {}) {
  requirePlanar(description);
  const B = await box2d();
  const substeps = settings.substeps ?? 4;
  const vec = (x, y) => new B.b2Vec2(x, y);
  const worldDef = B.b2DefaultWorldDef();
  worldDef.gravity = vec(description.gravity[0], description.gravity[1]);
  worldDef.enableSleep = false;
  const world = B.b2CreateWorld(worldDef);
  const contacts = planarContacts(description);
  const shapeDef = B.b2DefaultShapeDef();
  shapeDef.density = DENSITY_2D;
  const material = shapeDef.material;
  material.friction = contacts.friction;
  material.restitution = contacts.restitution;
  shapeDef.material = material;

  const groundDef = B.b2DefaultBodyDef();
  const ground = B.b2CreateBody(world, groundDef);
  if (contacts.ground !== null) {
    const [hx, hy] = contacts.ground.halfExtents, [x, y] = contacts.ground.position;
    B.b2CreatePolygonShape(ground, shapeDef, B.b2MakeOffsetBox(hx, hy, vec(x, y), B.b2MakeRot(0)));
  }
  const types = { dynamic: B.b2BodyType.b2_dynamicBody, static: B.b2BodyType.b2_staticBody, kinematic: B.b2BodyType.b2_kinematicBody };
  const angles = [];
  const bodies = description.bodies.map((b, i) => {
    const angle = b.orientation ? planarAngle(b.orientation) : 0;
    angles.push(angle);
    const def = B.b2DefaultBodyDef();
    def.type = types[b.type];
    def.position = vec(b.position[0], b.position[1]);
    def.rotation = B.b2MakeRot(angle);
    if (b.linearVelocity) def.linearVelocity = vec(b.linearVelocity[0], b.linearVelocity[1]);
    if (b.angularVelocity) def.angularVelocity = b.angularVelocity[2];
    const body = B.b2CreateBody(world, def);
    const shape = contacts.shapes[i];
    if (shape !== null) {
      if (shape.type === 'box') {
        B.b2CreatePolygonShape(body, shapeDef, B.b2MakeBox(shape.halfExtents[0], shape.halfExtents[1]));
      } else if (shape.type === 'circle') {
        const circle = new B.b2Circle();
        circle.center = vec(0, 0);
        circle.radius = shape.radius;
        B.b2CreateCircleShape(body, shapeDef, circle);
      } else {
        const capsule = new B.b2Capsule();
        capsule.center1 = vec(0, -shape.halfHeight);
        capsule.center2 = vec(0, shape.halfHeight);
        capsule.radius = shape.radius;
        B.b2CreateCapsuleShape(body, shapeDef, capsule);
      }
    }
    if (b.type === 'dynamic') {
      const mass = new B.b2MassData();
      mass.mass = b.mass;
      mass.center = vec(0, 0);
      mass.rotationalInertia = b.inertia[2];
      B.b2Body_SetMassData(body, mass);
    }
    return body;
  });
  // a joint's frame on each body: the anchor in the body's axes, turned back by the body's angle, so
  // that both frames are the world's axes at creation (a weld holds the angles it was made at)
  const frame = (i, anchor) => {
    const t = new B.b2Transform();
    if (i === null) {
      t.p = vec(anchor[0], anchor[1]);
      t.q = B.b2MakeRot(0);
      return t;
    }
    const p = description.bodies[i].position, a = angles[i];
    const dx = anchor[0] - p[0], dy = anchor[1] - p[1];
    t.p = vec(Math.cos(a) * dx + Math.sin(a) * dy, -Math.sin(a) * dx + Math.cos(a) * dy);
    t.q = B.b2MakeRot(-a);
    return t;
  };
  for (const j of description.joints) {
    const def = j.type === 'ball' ? B.b2DefaultRevoluteJointDef() : j.type === 'weld' ? B.b2DefaultWeldJointDef() : null;
    if (def === null) throw new Error(`box2d3 adapter: no ${j.type} joint`);
    const base = def.base;
    base.bodyIdA = bodies[j.bodyA];
    base.bodyIdB = j.bodyB === null ? ground : bodies[j.bodyB];
    base.localFrameA = frame(j.bodyA, j.anchor);
    base.localFrameB = frame(j.bodyB, j.anchor);
    def.base = base;
    if (j.type === 'ball') B.b2CreateRevoluteJoint(world, def);
    else B.b2CreateWeldJoint(world, def);
  }
  return {
    step: (dt) => B.b2World_Step(world, dt, substeps),
    poses(out) {
      bodies.forEach((b, i) => {
        const p = B.b2Body_GetPosition(b), q = B.b2Body_GetRotation(b);
        const a = Math.atan2(q.s, q.c);
        out.set([p.x, p.y, 0, 0, 0, Math.sin(a / 2), Math.cos(a / 2)], i * 7);
        p.delete?.();
        q.delete?.();
      });
    },
    velocities(out) {
      bodies.forEach((b, i) => {
        const v = B.b2Body_GetLinearVelocity(b);
        out.set([v.x, v.y, 0, 0, 0, B.b2Body_GetAngularVelocity(b)], i * 6);
        v.delete?.();
      });
    },
  };
}

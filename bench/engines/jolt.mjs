// Jolt Physics (JoltPhysics.js, single-threaded WASM, single precision) on a scene description.
// Every body needs a shape in Jolt: all share one small sphere, and the one object layer has no pair
// enabled (ObjectLayerPairFilterTable with nothing enabled, and the broad-phase filter built from it),
// so no pair is ever tested. Mass and inertia are the description's (EOverrideMassProperties_
// MassAndInertiaProvided: mass, and the diagonal inertia in body axes). Ball → PointConstraint,
// weld → FixedConstraint, both given in world space at the anchor (the weld's axes are the world axes
// at creation, so the relative pose at creation is the locked one); the world is Jolt's fixed-to-world
// body. The scene's bodies are undamped and free: Jolt's body defaults of 0.05 linear and angular
// damping are set to 0, its velocity clamps (500 m/s, 47 rad/s) are lifted, the gyroscopic term is on
// (as in sinew), and sleeping is off.
// settings: { collisionSteps } = the second argument of JoltInterface.Step (Jolt's substeps; default 1),
// { velocityIterations, positionIterations } = PhysicsSettings.mNumVelocitySteps and
// mNumPositionSteps; {} keeps Jolt's PhysicsSettings defaults, 10 velocity steps and 2 position steps
// (Jolt/Physics/PhysicsSettings.h, checked at run time), with one collision step per step(dt).
import initJolt from 'jolt-physics';
import { packageVersion } from './package-version.mjs';

export const name = 'jolt';
export const version = packageVersion('jolt-physics');

// One WASM instance per process (it has a fixed 128 MB heap); each create() makes its own
// JoltInterface (physics system, 10 MB temp allocator) in it.
let module;

const LAYER = 0;
const UNCLAMPED = 1e6;

export async function create(description, settings = {}) {
  const Jolt = (module ??= await initJolt());
  const bodyCount = description.bodies.length;

  // Layers: one object layer in one broad-phase layer, colliding with nothing.
  const objectFilter = new Jolt.ObjectLayerPairFilterTable(1); // all pairs disabled until enabled
  const bpInterface = new Jolt.BroadPhaseLayerInterfaceTable(1, 1);
  const bpLayer = new Jolt.BroadPhaseLayer(0);
  bpInterface.MapObjectToBroadPhaseLayer(LAYER, bpLayer);
  Jolt.destroy(bpLayer);
  const bpFilter = new Jolt.ObjectVsBroadPhaseLayerFilterTable(bpInterface, 1, objectFilter, 1);
  const joltSettings = new Jolt.JoltSettings();
  joltSettings.mMaxBodies = Math.max(bodyCount, 1);
  joltSettings.mMaxBodyPairs = 1024; // no pair is ever found; the defaults (65536 pairs, 10240 contacts)
  joltSettings.mMaxContactConstraints = 1024; // only take heap
  joltSettings.mObjectLayerPairFilter = objectFilter;
  joltSettings.mBroadPhaseLayerInterface = bpInterface;
  joltSettings.mObjectVsBroadPhaseLayerFilter = bpFilter;
  const jolt = new Jolt.JoltInterface(joltSettings); // owns the three filters from here on
  Jolt.destroy(joltSettings);
  const system = jolt.GetPhysicsSystem();
  const bodyInterface = system.GetBodyInterface();

  const gravity = new Jolt.Vec3(...description.gravity);
  system.SetGravity(gravity);
  Jolt.destroy(gravity);
  if (settings.velocityIterations !== undefined || settings.positionIterations !== undefined) {
    const physics = new Jolt.PhysicsSettings(); // Jolt's defaults
    if (settings.velocityIterations !== undefined) physics.mNumVelocitySteps = settings.velocityIterations;
    if (settings.positionIterations !== undefined) physics.mNumPositionSteps = settings.positionIterations;
    system.SetPhysicsSettings(physics); // copied
    Jolt.destroy(physics);
  }

  const shape = new Jolt.SphereShape(0.05);
  shape.AddRef(); // ours until every body holds it
  const bodies = description.bodies.map((b) => {
    const position = new Jolt.RVec3(...b.position);
    const rotation = new Jolt.Quat(...(b.orientation ?? [0, 0, 0, 1]));
    const motion = b.type === 'dynamic' ? Jolt.EMotionType_Dynamic : b.type === 'static' ? Jolt.EMotionType_Static : Jolt.EMotionType_Kinematic;
    const creation = new Jolt.BodyCreationSettings(shape, position, rotation, motion, LAYER);
    Jolt.destroy(position);
    Jolt.destroy(rotation);
    if (b.linearVelocity) setVec3(Jolt, creation, 'mLinearVelocity', b.linearVelocity);
    if (b.angularVelocity) setVec3(Jolt, creation, 'mAngularVelocity', b.angularVelocity);
    if (b.type === 'dynamic') {
      creation.mOverrideMassProperties = Jolt.EOverrideMassProperties_MassAndInertiaProvided;
      const massProperties = creation.mMassPropertiesOverride; // a view into creation
      massProperties.mMass = b.mass;
      const diagonal = new Jolt.Vec3(...b.inertia);
      massProperties.mInertia = Jolt.Mat44.prototype.sScaleVec3(diagonal); // diag(I, 1), copied
      Jolt.destroy(diagonal);
    }
    creation.mLinearDamping = 0;
    creation.mAngularDamping = 0;
    creation.mMaxLinearVelocity = UNCLAMPED;
    creation.mMaxAngularVelocity = UNCLAMPED;
    creation.mApplyGyroscopicForce = true;
    creation.mAllowSleeping = false;
    const body = bodyInterface.CreateBody(creation);
    Jolt.destroy(creation);
    bodyInterface.AddBody(body.GetID(), b.type === 'static' ? Jolt.EActivation_DontActivate : Jolt.EActivation_Activate);
    return body;
  });
  shape.Release();
  system.OptimizeBroadPhase();

  const world = jolt.sGetFixedToWorldBody();
  for (const j of description.joints) {
    if (j.type !== 'ball' && j.type !== 'weld') throw new Error(`jolt adapter: no ${j.type} joint (only ball and weld)`);
    if (!j.anchor) throw new Error(`jolt adapter: a ${j.type} joint needs an anchor`);
    const constraintSettings = j.type === 'ball' ? new Jolt.PointConstraintSettings() : new Jolt.FixedConstraintSettings();
    constraintSettings.mSpace = Jolt.EConstraintSpace_WorldSpace;
    if (j.type === 'weld') constraintSettings.mAutoDetectPoint = false; // axes default to world x and y
    const anchor = new Jolt.RVec3(...j.anchor);
    constraintSettings.mPoint1 = anchor;
    constraintSettings.mPoint2 = anchor;
    Jolt.destroy(anchor);
    const constraint = constraintSettings.Create(bodies[j.bodyA], j.bodyB === null ? world : bodies[j.bodyB]);
    system.AddConstraint(constraint); // the system holds the reference
    Jolt.destroy(constraintSettings);
  }

  // Jolt's substeps: each collision step runs the whole solver (velocity and position steps) on dt / n.
  const collisionSteps = settings.collisionSteps ?? 1;
  return {
    step(dt) {
      jolt.Step(dt, collisionSteps);
    },
    poses(out) {
      bodies.forEach((body, i) => {
        // the sphere's centre of mass is the body origin, so GetPosition is the centre of mass
        const p = body.GetPosition(), q = body.GetRotation();
        const o = i * 7;
        out[o] = p.GetX(); out[o + 1] = p.GetY(); out[o + 2] = p.GetZ();
        out[o + 3] = q.GetX(); out[o + 4] = q.GetY(); out[o + 5] = q.GetZ(); out[o + 6] = q.GetW();
      });
    },
  };
}

/** Sets a by-value Vec3 field (the setter copies) and frees the temporary. */
function setVec3(Jolt, object, field, v) {
  const vec = new Jolt.Vec3(v[0], v[1], v[2]);
  object[field] = vec;
  Jolt.destroy(vec);
}

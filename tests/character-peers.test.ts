// The character controller held to its peers on the same scene: Jolt's CharacterVirtual (jolt-physics,
// the character of Jolt's UnitTests/Physics/CharacterVirtualTests.cpp: a capsule 1.35 m between its
// sphere centres, radius 0.3, padding 0.02 m, its test's game loop and default ExtendedUpdateSettings)
// and Rapier's KinematicCharacterController (rapier3d-compat, offset 0.02 m, snap to ground 0.5 m), with
// sinew's controller given the same capsule, offset 0.02 m and Jolt's 50° maximum slope. TestMovingOnSlope:
// a 200 × 2 × 200 m box turned about z by the slope's angle, the character started touching it, then
// walking up it at 2 m/s for 1.5 s at 60 Hz.

import { describe, expect, it } from 'vitest';
import initJolt from 'jolt-physics';
import RAPIER from '@dimforge/rapier3d-compat';
import { World } from '../lib/index.js';

const R = 0.3, HH = 0.675, PAD = 0.02, G = 9.81, DT = 1 / 60, FRAMES = 90;

/** One jolt-physics instance for the file (each holds its own WASM heap). */
let joltModule: Awaited<ReturnType<typeof initJolt>> | undefined;

async function joltTravel(alpha: number): Promise<number[]> {
  const Jolt = (joltModule ??= await initJolt());
  const objectFilter = new Jolt.ObjectLayerPairFilterTable(2);
  objectFilter.EnableCollision(0, 1); objectFilter.EnableCollision(1, 1);
  const bp = new Jolt.BroadPhaseLayerInterfaceTable(2, 2);
  bp.MapObjectToBroadPhaseLayer(0, new Jolt.BroadPhaseLayer(0));
  bp.MapObjectToBroadPhaseLayer(1, new Jolt.BroadPhaseLayer(1));
  const settings = new Jolt.JoltSettings();
  settings.mObjectLayerPairFilter = objectFilter;
  settings.mBroadPhaseLayerInterface = bp;
  settings.mObjectVsBroadPhaseLayerFilter = new Jolt.ObjectVsBroadPhaseLayerFilterTable(bp, 2, objectFilter, 2);
  const jolt = new Jolt.JoltInterface(settings);
  const system = jolt.GetPhysicsSystem();
  const gravity = new Jolt.Vec3(0, -G, 0);
  system.SetGravity(gravity);
  const bodies = system.GetBodyInterface();
  const slope = new Jolt.BodyCreationSettings(new Jolt.BoxShape(new Jolt.Vec3(100, 1, 100), 0.05), new Jolt.RVec3(0, 0, 0),
    new Jolt.Quat(0, 0, Math.sin(alpha / 2), Math.cos(alpha / 2)), Jolt.EMotionType_Static, 0);
  bodies.AddBody(bodies.CreateBody(slope).GetID(), Jolt.EActivation_DontActivate);
  const cs = new Jolt.CharacterVirtualSettings();
  cs.mShape = new Jolt.RotatedTranslatedShapeSettings(new Jolt.Vec3(0, HH + R, 0), Jolt.Quat.prototype.sIdentity(), new Jolt.CapsuleShapeSettings(HH, R)).Create().Get();
  cs.mSupportingVolume = new Jolt.Plane(new Jolt.Vec3(0, 1, 0), -2 * HH);
  const start = (R + PAD + 1) / Math.cos(alpha) - R - PAD;
  const character = new Jolt.CharacterVirtual(cs, new Jolt.RVec3(0, start, 0), Jolt.Quat.prototype.sIdentity(), system);
  const update = new Jolt.ExtendedUpdateSettings();
  const bpFilter = new Jolt.DefaultBroadPhaseLayerFilter(jolt.GetObjectVsBroadPhaseLayerFilter(), 1);
  const objFilter = new Jolt.DefaultObjectLayerFilter(jolt.GetObjectLayerPairFilter(), 1);
  const bodyFilter = new Jolt.BodyFilter(), shapeFilter = new Jolt.ShapeFilter();
  const stepOnce = (speed: number) => {
    jolt.Step(DT, 1);
    const v = character.GetLinearVelocity();
    let vy = v.GetY();
    if (character.GetGroundState() === Jolt.EGroundState_OnGround && vy < 0.1) vy = 0;
    character.SetLinearVelocity(new Jolt.Vec3(speed, vy - G * DT, 0));
    character.ExtendedUpdate(DT, gravity, update, bpFilter, objFilter, bodyFilter, shapeFilter, jolt.GetTempAllocator());
  };
  stepOnce(0);
  character.SetLinearVelocity(new Jolt.Vec3(0, 0, 0));
  const p0 = character.GetPosition(), s = [p0.GetX(), p0.GetY(), p0.GetZ()];
  for (let i = 0; i < FRAMES; i++) stepOnce(2);
  const p = character.GetPosition();
  const travel = [p.GetX() - s[0], p.GetY() - s[1], p.GetZ() - s[2]];
  Jolt.destroy(character);
  Jolt.destroy(jolt);
  return travel;
}

async function rapierTravel(alpha: number): Promise<number[]> {
  await RAPIER.init();
  const world = new RAPIER.World({ x: 0, y: -G, z: 0 });
  world.timestep = DT;
  world.createCollider(RAPIER.ColliderDesc.cuboid(100, 1, 100).setRotation({ x: 0, y: 0, z: Math.sin(alpha / 2), w: Math.cos(alpha / 2) }));
  const c = (R + PAD + 1) / Math.cos(alpha) + HH;
  const body = world.createRigidBody(RAPIER.RigidBodyDesc.kinematicPositionBased().setTranslation(0, c, 0));
  const collider = world.createCollider(RAPIER.ColliderDesc.capsule(HH, R), body);
  const controller = world.createCharacterController(PAD);
  controller.setMaxSlopeClimbAngle((50 * Math.PI) / 180);
  controller.enableSnapToGround(0.5);
  controller.setMinSlopeSlideAngle((50 * Math.PI) / 180);
  world.step();
  let fall = 0;
  const s = body.translation();
  for (let i = 0; i < FRAMES; i++) {
    fall -= G * DT;
    controller.computeColliderMovement(collider, { x: 2 * DT, y: fall * DT, z: 0 });
    if (controller.computedGrounded()) fall = 0;
    const m = controller.computedMovement(), t = body.translation();
    body.setNextKinematicTranslation({ x: t.x + m.x, y: t.y + m.y, z: t.z + m.z });
    world.step();
  }
  const e = body.translation();
  return [e.x - s.x, e.y - s.y, e.z - s.z];
}

function ourTravel(alpha: number): number[] {
  const world = new World();
  world.createBody({ type: 'static', orientation: [0, 0, Math.sin(alpha / 2), Math.cos(alpha / 2)], shapes: [{ type: 'box', halfExtents: [100, 1, 100] }] });
  const controller = world.createCharacterController({ shape: { radius: R, halfHeight: HH }, offset: PAD, maxSlopeClimbAngle: (50 * Math.PI) / 180 });
  const body = world.createBody({ type: 'kinematic', position: [0, (R + PAD + 1) / Math.cos(alpha) + HH, 0], shapes: [{ type: 'capsule', radius: R, halfHeight: HH }] });
  const s = Float64Array.from(body.position);
  let fall = 0;
  for (let i = 0; i < FRAMES; i++) {
    fall -= G * DT;
    if (controller.move(body, [2 * DT, fall * DT, 0]).grounded) fall = 0;
    world.step(DT);
  }
  return [0, 1, 2].map((k) => body.position[k] - s[k]);
}

describe('character controller against Jolt and Rapier', () => {
  it('character walking at 2 m/s up walkable slopes of 5° to 45° for 1.5 s travels as far as Jolt\'s CharacterVirtual and Rapier\'s controller', async () => {
    for (let deg = 5; deg <= 45; deg += 10) {
      const a = (deg * Math.PI) / 180;
      const jolt = await joltTravel(a), rapier = await rapierTravel(a), ours = ourTravel(a);
      const toJolt = Math.hypot(ours[0] - jolt[0], ours[1] - jolt[1], ours[2] - jolt[2]);
      const toRapier = Math.hypot(ours[0] - rapier[0], ours[1] - rapier[1], ours[2] - rapier[2]);
      // measured 5.4e-7 to 4.8e-6 m from Jolt (single precision over 90 frames); from Rapier 0.0037,
      // 0.0069, 0.0045, 0.0065 m at 5° to 35° and 0.106 m at 45°, where Rapier's own slide goes 0.868 m/s
      // against the 0.918 m/s that Jolt's projection and ours give (before the move was slid along the
      // slope: 0.044 m at 5° to 2.29 m at 45° from both, the horizontal 2 m/s kept)
      expect(toJolt).toBeLessThan(2e-5);
      expect(toRapier).toBeLessThan(deg < 40 ? 0.01 : 0.12);
      // Jolt's TestMovingOnSlope expectation: the move (2, −g dt, 0) dt of each frame projected onto the slope
      const n = [-Math.sin(a), Math.cos(a), 0], move = [2 * FRAMES * DT, -G * DT * FRAMES * DT, 0];
      const into = move[0] * n[0] + move[1] * n[1];
      for (let k = 0; k < 3; k++) expect(ours[k]).toBeCloseTo(move[k] - into * n[k], 9);
    }
  });
});

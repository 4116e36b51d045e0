// Compiled (not run) by import-check.mjs against the built declarations: the public API's types as a
// user sees them through the package name.
import { World, boxInertia, JOINT_DRAW_COLOURS, type Body, type DebugLines, type JointBreakEvent, type WeldJoint } from 'sinew-physics';
import { buildScene, hangingChain, type SceneDescription } from 'sinew-physics/scenes';
import { World2D, comparePlanar, type Body2D, type PlanarDifference } from 'sinew-physics/2d';
import {
  SinewPhysics, ObjectSync, SinewDebugRenderer, shapeFromGeometry, heightfield, trimeshFromGeometry, hullFromGeometry,
  type SinewPhysicsInstance, type HeightfieldShape,
} from 'sinew-physics/three';
import { BoxGeometry, Mesh, Scene, Vector3 } from 'three';
import { BasicWorld, SPHERE_SHAPE, BALL_JOINT_DEFINITION, type BallJoint } from 'sinew-physics/core';
import { createWorkerWorld, type WorkerWorld, type WorkerBody, type WorkerJoint, type WorkerRayHit } from 'sinew-physics/worker';
import type { HingeJoint } from 'sinew-physics';

const world: World = new World({ gravity: [0, -9.81, 0], substeps: 4, onJointBreak: (e: JointBreakEvent) => e.force });
const a: Body = world.createBody({ position: [0, 0, 0], mass: 2, inertia: boxInertia(2, [0.5, 0.1, 0.1]) });
const weld: WeldJoint = world.createWeldJoint({ bodyA: a, anchor: [0, 0, 0], breakForce: 100 });
const force: Float64Array | number[] = weld.getForce([0, 0, 0]);
let drawn = 0;
const lines: DebugLines = { line: (ax, _ay, _az, bx, _by, _bz, colour: number) => void (drawn += ax + bx + colour) };
weld.drawFrames(lines, 0.3);
weld.drawLimits(lines, 0.3);
const limitColour: number = JOINT_DRAW_COLOURS.limit;
const scene: SceneDescription = hangingChain(10);
const built = buildScene(scene, { substeps: 8 });
built.world.step(1 / 60);
const world2d = new World2D({ gravity: [0, -9.81] });
const b: Body2D = world2d.createBody({ position: [1, 0], angle: 0.2, mass: 1, inertia: 0.1 });
world2d.createRevoluteJoint({ bodyA: b, anchor: [0, 0] });
const torque: number = world2d.createAngleJoint({ bodyA: b }).getTorque();
const difference: PlanarDifference[] = comparePlanar(scene, { steps: 2 });
// the three.js entry: its types as a three.js user meets them (three's own Vector3 and Mesh)
async function three(): Promise<number> {
  const physics: SinewPhysicsInstance = await SinewPhysics({ interval: false });
  const mesh = new Mesh(new BoxGeometry(1, 1, 1));
  physics.addMesh(mesh, 1, 0.2);
  physics.setMeshVelocity(mesh, new Vector3(0, 1, 0));
  physics.applyImpulse(mesh, [0, 1, 0]);
  physics.addScene(new Scene());
  const sync: ObjectSync = physics.sync;
  sync.attach(new Mesh(), world.createBody({ shapes: [shapeFromGeometry(new BoxGeometry(), { scale: new Vector3(2, 2, 2) })] }), { interpolate: true });
  const terrain: { shape: HeightfieldShape } = heightfield({ heights: (x, z) => x * z, rows: 4, columns: 4, size: [3, 3] });
  world.createBody({ type: 'static', shapes: [terrain.shape, trimeshFromGeometry(mesh), hullFromGeometry(mesh.geometry)] });
  const debug = new SinewDebugRenderer(world, { drawAabbs: true });
  debug.drawContacts = false;
  debug.update();
  physics.dispose();
  return debug.lineCount + debug.position.x;
}

const basic = new BasicWorld({ shapes: [SPHERE_SHAPE], sleeping: false });
const link: Body = basic.createBody({ position: [0.5, 0, 0], shapes: [{ type: 'sphere', radius: 0.25 }] });
const ball: BallJoint = basic.createJoint(BALL_JOINT_DEFINITION, { bodyA: link, anchor: [0, 0, 0] });
// the worker entry: the world's calls on its main-thread face, typed from the world's own
async function worker(): Promise<number> {
  const remote: WorkerWorld = await createWorkerWorld({ sharedMemory: false, snapshot: world.snapshot(), fixedTimeStep: 1 / 120 });
  remote.substeps = 8;
  const crate: WorkerBody = remote.createBody({ position: [0, 2, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] });
  const hinge: WorkerJoint<HingeJoint> = remote.createHingeJoint({ bodyA: crate, anchor: [0, 2.5, 0], axis: [0, 0, 1] });
  hinge.call('setMotor', { speed: 1, maxForce: 10 });
  hinge.set('breakForce', 500);
  crate.applyLinearImpulse(new Vector3(0, 1, 0));
  remote.advance(1 / 60, (dt) => crate.applyForce([0, 10 * dt, 0]));
  const hit: WorkerRayHit | null = await remote.castRay([0, 5, 0], [0, -1, 0]);
  const hash: string = await remote.hash();
  remote.terminate();
  return crate.getInterpolatedPosition(new Float64Array(3))[1] + (hit?.distance ?? 0) + hash.length + remote.interpolationAlpha;
}

export { force, built, torque, difference, drawn, limitColour, three, ball, worker };

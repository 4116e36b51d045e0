// sinew-physics/worker in node's worker_threads: a scene driven through WorkerWorld steps bit for bit as
// the same calls made on a World on this thread between the same steps (the hashes agree, and so do the
// poses drawn between steps), with the poses in shared memory and in transferred buffers; slots are
// reused; questions are answered in order; bad calls are refused here or by the worker's world, naming
// the value, and change nothing. The worker runs the library compiled as the package is (worker-build.ts).

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { World, type BodyOptions } from '../lib/index.js';
import { buildLibrary, type BuiltLibrary } from './worker-build.js';

type WorkerEntry = typeof import('../lib/worker/index.js');
type WorkerWorld = import('../lib/worker/index.js').WorkerWorld;

let built: BuiltLibrary;
let entry: WorkerEntry;
const open: WorkerWorld[] = [];

beforeAll(async () => {
  built = buildLibrary();
  entry = await built.load<WorkerEntry>('worker/index.js');
}, 60_000);

afterAll(() => {
  for (const world of open) world.terminate();
  built?.remove();
});

async function workerWorld(options: Parameters<WorkerEntry['createWorkerWorld']>[0] = {}): Promise<WorkerWorld> {
  const world = await entry.createWorkerWorld(options);
  open.push(world);
  return world;
}

// ---- one scene, given to either world through the calls both have ----

interface SceneBody {
  applyLinearImpulse(impulse: number[], worldPoint?: number[]): void;
  setLinearVelocity(velocity: number[]): void;
  setAngularVelocity(velocity: number[]): void;
  moveKinematic(position: number[], orientation?: number[]): void;
}
interface SceneWorld<B extends SceneBody, J> {
  createBody(options: BodyOptions): B;
  removeBody(body: B): void;
  createHingeJoint(options: { bodyA: B; bodyB?: B; anchor: number[]; axis: number[]; lowerAngle?: number; upperAngle?: number }): J;
  createBallJoint(options: { bodyA: B; bodyB?: B; anchor: number[] }): J;
  createWeldJoint(options: { bodyA: B; bodyB?: B; anchor: number[] }): J;
  removeJoint(joint: J): void;
  setGravity(gravity: number[]): void;
  substeps: number;
}

/** A pile of 27 boxes on a plane, a kinematic platform, a chain of three hinged capsules and a pendulum. */
function buildScene<B extends SceneBody, J>(world: SceneWorld<B, J>) {
  world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
  const boxes: B[] = [];
  for (let i = 0; i < 27; i++) {
    const [x, y, z] = [i % 3, Math.floor(i / 9), Math.floor(i / 3) % 3];
    boxes.push(world.createBody({ position: [0.55 * x + 0.01 * y, 0.3 + 0.55 * y, 0.55 * z], shapes: [{ type: 'box', halfExtents: [0.25, 0.25, 0.25] }] }));
  }
  const platform = world.createBody({ type: 'kinematic', position: [3, 0.5, 0], shapes: [{ type: 'box', halfExtents: [1, 0.1, 1] }] });
  boxes.push(world.createBody({ position: [3, 0.9, 0], shapes: [{ type: 'box', halfExtents: [0.2, 0.2, 0.2] }] }));
  const links: B[] = [];
  for (let i = 0; i < 3; i++) {
    const link = world.createBody({ position: [-3, 3 - 0.5 * i - 0.25, 0], shapes: [{ type: 'capsule', radius: 0.05, halfHeight: 0.2 }] });
    world.createHingeJoint({ bodyA: link, bodyB: links[i - 1], anchor: [-3, 3 - 0.5 * i, 0], axis: [0, 0, 1], lowerAngle: -1, upperAngle: 1 });
    links.push(link);
  }
  const bob = world.createBody({ position: [-5, 2, 0], shapes: [{ type: 'sphere', radius: 0.2 }] });
  world.createBallJoint({ bodyA: bob, anchor: [-4, 2, 0] });
  return { boxes, platform, links, bob };
}

type Scene<B extends SceneBody> = ReturnType<typeof buildScene<B, unknown>>;

/** What both worlds are given before step `step` (counted from 0): the platform driven every step, an
 * impulse, a body made and later removed, a weld made and removed, settings changed. */
function commandsBefore<B extends SceneBody, J>(step: number, world: SceneWorld<B, J>, scene: Scene<B>, made: { extra?: B; weld?: J }): void {
  scene.platform.moveKinematic([3, 0.5 + 0.3 * Math.sin(step / 10), 0], [0, Math.sin(step / 40), 0, Math.cos(step / 40)]);
  if (step === 10) scene.boxes[4].applyLinearImpulse([2, 3, 0], [0.6, 0.4, 0.1]);
  if (step === 20) made.extra = world.createBody({ position: [0.5, 4, 0.5], linearVelocity: [0, -2, 0], shapes: [{ type: 'sphere', radius: 0.3 }] });
  if (step === 30) {
    scene.links[2].setLinearVelocity([0, 0, 3]);
    made.weld = world.createWeldJoint({ bodyA: scene.boxes[0], bodyB: scene.boxes[1], anchor: [0.275, 0.3, 0] });
  }
  if (step === 45 && made.extra !== undefined) world.removeBody(made.extra);
  if (step === 50) {
    world.substeps = 6;
    world.setGravity([0.5, -9.81, 0]);
  }
  if (step === 60 && made.weld !== undefined) world.removeJoint(made.weld);
  if (step === 70) scene.boxes[10].setAngularVelocity([0, 5, 0]);
  if (step === 75) scene.bob.applyLinearImpulse([0, 0, 1]);
}

const STEPS = 90;

describe('a scene through the worker steps bit for bit as on this thread', () => {
  for (const sharedMemory of [true, false]) {
    it(`the same commands between the same steps give the same hash (poses in ${sharedMemory ? 'shared memory' : 'transferred buffers'})`, async () => {
      const remote = await workerWorld({ sharedMemory });
      expect(remote.sharedMemory).toBe(sharedMemory);
      const local = new World();
      const remoteScene = buildScene(remote), localScene = buildScene(local);
      const remoteMade = {}, localMade = {};
      const hashes: [string, string][] = [];
      for (let step = 0; step < STEPS; step++) {
        commandsBefore(step, remote, remoteScene, remoteMade);
        commandsBefore(step, local, localScene, localMade);
        remote.step(1 / 60);
        local.step(1 / 60);
        if (step === 45 || step === STEPS - 1) hashes.push([await remote.hash(), local.hash()]);
      }
      for (const [a, b] of hashes) expect(a).toBe(b);
      // the pile has moved: the hash compares a scene in motion, not one at rest
      expect(local.bodies.some((body) => body.linearVelocity[0] !== 0)).toBe(true);
      // the bodies' delivered poses are the local world's, bit for bit
      await remote.flush();
      expect(remote.bodies.length).toBe(local.bodies.length);
      const p = new Float64Array(3), q = new Float64Array(4);
      remote.bodies.forEach((body, i) => {
        expect(Array.from(body.getPosition(p))).toEqual(Array.from(local.bodies[i].position));
        expect(Array.from(body.getOrientation(q))).toEqual(Array.from(local.bodies[i].orientation));
      });
      expect(remote.stepCount).toBe(STEPS);
      expect(remote.time).toBe(local.time);
    }, 30_000);
  }

  it('advance on the same frame times with commands in beforeStep: the same hash, and the same poses drawn between steps, one frame later', async () => {
    const remote = await workerWorld({ sharedMemory: false, maxQueuedSteps: Infinity });
    const local = new World();
    const remoteScene = buildScene(remote), localScene = buildScene(local);
    const remoteMade = {}, localMade = {};
    const dt = 1 / 60;
    // frames of 0.4 to 2.3 steps: alphas of every size, and frames with no step
    const frames = [0.4, 0.4, 0.4, 1.7, 0.1, 0.9, 2.3, 0.5, 0.5, 0.55, 1, 0.3];
    const p = new Float64Array(3), q = new Float64Array(4);
    let drawnBefore = new Map<object, number[]>();
    let remoteSteps = 0, localSteps = 0, compared = 0;
    for (let frame = 0; frame < 60; frame++) {
      const elapsed = frames[frame % frames.length] * dt;
      const r = remote.advance(elapsed, () => commandsBefore(remoteSteps++, remote, remoteScene, remoteMade));
      // the frame draws what the previous frame asked for, delivered by the flush below (for the bodies
      // drawn then: one made in this frame's beforeStep is not yet delivered)
      for (const body of remote.bodies) {
        const before = drawnBefore.get(body);
        if (before === undefined) continue;
        expect(drawnPose(body, p, q)).toEqual(before);
        compared++;
      }
      const l = local.advance(elapsed, () => commandsBefore(localSteps++, local, localScene, localMade));
      expect([r.steps, r.alpha, r.droppedSeconds]).toEqual([l.steps, l.alpha, l.droppedSeconds]);
      await remote.flush();
      // once its steps are delivered, the proxy draws at this frame's time: World.advance's picture
      expect(remote.interpolationAlpha).toBe(local.interpolationAlpha);
      const drawn = local.bodies.map((body) => drawnPose(body, p, q));
      expect(remote.bodies.map((body) => drawnPose(body, p, q))).toEqual(drawn);
      // and all at once, for an InstancedMesh: the same numbers
      expect(Array.from(remote.getInterpolatedPoses(new Float64Array(7 * remote.bodies.length)))).toEqual(drawn.flat());
      drawnBefore = new Map(remote.bodies.map((body) => [body, drawnPose(body, p, q)]));
    }
    expect(compared).toBeGreaterThan(59 * 30);
    expect(remoteSteps).toBe(localSteps);
    expect(localSteps).toBeGreaterThan(40);
    expect(await remote.hash()).toBe(local.hash());
  }, 30_000);
});

/** The message `call` throws (it must throw). */
function thrown(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the call to throw');
}

/** A body's interpolated position and orientation, as an array. */
function drawnPose(body: { getInterpolatedPosition(out: Float64Array): Float64Array; getInterpolatedOrientation(out: Float64Array): Float64Array }, p: Float64Array, q: Float64Array): number[] {
  return [...body.getInterpolatedPosition(p), ...body.getInterpolatedOrientation(q)];
}

describe('poses and slots', () => {
  for (const sharedMemory of [true, false]) {
    it(`once flush resolves, the poses in hand are the newest, however many messages went without waiting (${sharedMemory ? 'shared memory' : 'transferred buffers'})`, async () => {
      const remote = await workerWorld({ sharedMemory });
      const local = new World();
      const ground: BodyOptions = { type: 'static', shapes: [{ type: 'plane' }] };
      const box: BodyOptions = { position: [0, 3, 0], angularVelocity: [1, 2, 3], shapes: [{ type: 'box', halfExtents: [0.5, 0.3, 0.2] }] };
      remote.createBody(ground);
      local.createBody(ground);
      const a = remote.createBody(box), b = local.createBody(box);
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 100; i++) {
          remote.step(1 / 60);
          local.step(1 / 60);
        }
        await remote.flush();
        expect(remote.stepsDelivered).toBe(100 * (round + 1));
        expect(Array.from(a.getPosition([0, 0, 0]))).toEqual(Array.from(b.position));
        expect(Array.from(a.getInterpolatedOrientation([0, 0, 0, 0]))).toEqual(Array.from(b.orientation));
      }
    }, 30_000);
  }

  it('bodies made past the buffers\' capacity are delivered; a removed body\'s slot goes to the next body made, which is drawn as itself', async () => {
    const remote = await workerWorld({ capacity: 4, sharedMemory: true, gravity: [0, 0, 0] });
    const bodies = Array.from({ length: 10 }, (_, i) => remote.createBody({ position: [i, 0, 0], linearVelocity: [0, i, 0] }));
    expect(bodies.every((body) => !body.delivered)).toBe(true);
    // before delivery a body reads as it was made
    expect(Array.from(bodies[3].getInterpolatedPosition([0, 0, 0]))).toEqual([3, 0, 0]);
    remote.step(0.5);
    await remote.flush();
    expect(bodies.every((body) => body.delivered)).toBe(true);
    expect(bodies.map((body) => body.getPosition([0, 0, 0])[1])).toEqual(bodies.map((_, i) => i * 0.5));
    const freed = [bodies[2].slot, bodies[5].slot];
    remote.removeBody(bodies[2]);
    remote.removeBody(bodies[5]);
    // a removed body keeps its last pose
    expect(Array.from(bodies[5].getPosition([0, 0, 0]))).toEqual([5, 2.5, 0]);
    const again = [remote.createBody({ position: [20, 0, 0] }), remote.createBody({ position: [30, 0, 0] })];
    expect(again.map((body) => body.slot).sort()).toEqual(freed.sort());
    // until the worker has made them, the slots hold the removed bodies' poses, which are not read as theirs
    expect(again.map((body) => body.delivered)).toEqual([false, false]);
    expect(again[0].getPosition([0, 0, 0])[0]).toBe(20);
    await remote.flush();
    expect(again.map((body) => body.getPosition([0, 0, 0])[0]).sort()).toEqual([20, 30]);
    expect(remote.bodies.length).toBe(10);
  }, 30_000);

  it('a body the last step did not move is drawn where it is; one it moved, between its two poses at the alpha, as a Body is', async () => {
    const remote = await workerWorld({ gravity: [0, 0, 0], maxQueuedSteps: Infinity });
    const local = new World({ gravity: [0, 0, 0] });
    const options: BodyOptions[] = [{ linearVelocity: [6, 0, 0], angularVelocity: [0, 3, 1] }, { position: [0, 5, 0] }];
    const [moving, still] = options.map((o) => remote.createBody(o));
    const [localMoving] = options.map((o) => local.createBody(o));
    remote.advance((1 / 60) * 1.25);
    local.advance((1 / 60) * 1.25);
    await remote.flush();
    expect(remote.interpolationAlpha).toBeCloseTo(0.25, 12);
    // moved 0.1 m in the step, drawn a quarter of the way from its start
    expect(moving.getInterpolatedPosition([0, 0, 0])[0]).toBeCloseTo(0.025, 12);
    expect(moving.getPosition([0, 0, 0])[0]).toBeCloseTo(0.1, 12);
    expect(Array.from(moving.getInterpolatedOrientation(new Float64Array(4)))).toEqual(Array.from(localMoving.getInterpolatedOrientation(new Float64Array(4))));
    expect(moving.getInterpolatedOrientation([0, 0, 0, 0])).not.toEqual(moving.getOrientation([0, 0, 0, 0]));
    expect(Array.from(still.getInterpolatedPosition([0, 0, 0]))).toEqual([0, 5, 0]);
  }, 30_000);
});

describe('questions', () => {
  it('castRay answers after the commands before it, with the hit body\'s handle; exclude is honoured; a predicate is refused here', async () => {
    const remote = await workerWorld();
    const floor = remote.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [5, 0.5, 5] }] });
    const crate = remote.createBody({ position: [0, 2, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] });
    const hit = await remote.castRay([0, 10, 0], [0, -1, 0]);
    expect(hit?.body).toBe(crate);
    expect(hit?.distance).toBeCloseTo(7.5, 12);
    expect(Array.from(hit?.normal ?? [])).toEqual([0, 1, 0]);
    const past = await remote.castRay([0, 10, 0], [0, -2, 0], 100, { exclude: crate });
    expect(past?.body).toBe(floor);
    expect(past?.distance).toBeCloseTo(9.5, 12);
    expect(await remote.castRay([0, 10, 0], [1, 0, 0])).toBeNull();
    expect(() => remote.castRay([0, 10, 0], [0, -1, 0], 10, { predicate: () => true } as never)).toThrow(/options\.predicate cannot be sent to the worker/);
    expect(() => remote.castRay([0, 10, 0], [0, 0, 0])).toThrow(thrown(() => new World().castRay([0, 10, 0], [0, 0, 0])));
  }, 30_000);

  it('a world made from a snapshot steps as World.restore of it; its bodies and joints are the snapshot\'s, in order', async () => {
    const source = new World();
    buildScene(source);
    for (let i = 0; i < 20; i++) source.step(1 / 60);
    const snapshot = source.snapshot();
    const remote = await workerWorld({ snapshot });
    const local = World.restore(snapshot);
    expect(remote.bodies.length).toBe(local.bodies.length);
    expect(remote.joints.map((joint) => joint.type)).toEqual(local.joints.map((joint) => joint.type));
    expect(remote.joints[1].bodyB).toBe(remote.bodies[30]);
    // poses are delivered with the world: readable at once
    expect(Array.from(remote.bodies[5].getPosition([0, 0, 0]))).toEqual(Array.from(local.bodies[5].position));
    for (let i = 0; i < 30; i++) {
      remote.step();
      local.step(1 / 60);
    }
    expect(await remote.hash()).toBe(local.hash());
    await expect(entry.createWorkerWorld({ snapshot, substeps: 2 })).rejects.toThrow('createWorkerWorld: substeps cannot be given with a snapshot');
  }, 30_000);
});

describe('bad input', () => {
  it('bad world options reject with the World\'s own error; callbacks and sharedMemory where impossible are refused by name', async () => {
    await expect(entry.createWorkerWorld({ substeps: 0 })).rejects.toThrow('World: substeps must be an integer ≥ 1, got 0');
    await expect(entry.createWorkerWorld({ substep: 8 } as never)).rejects.toThrow("World: unknown option 'substep' (did you mean 'substeps'?)");
    await expect(entry.createWorkerWorld({ onContactBegin: () => undefined } as never)).rejects.toThrow(/createWorkerWorld: onContactBegin cannot be given: the world runs in a worker/);
    await expect(entry.createWorkerWorld({ capacity: 0 })).rejects.toThrow('createWorkerWorld: capacity must be an integer in [1, 4194304], got 0');
    // a page that is not cross-origin isolated cannot post a SharedArrayBuffer: transferred buffers by
    // default, and asking for shared memory is refused with what to do
    vi.stubGlobal('crossOriginIsolated', false);
    try {
      await expect(entry.createWorkerWorld({ sharedMemory: true })).rejects.toThrow(/sharedMemory needs a SharedArrayBuffer .* Cross-Origin-Opener-Policy: same-origin/);
      const remote = await workerWorld();
      expect(remote.sharedMemory).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  }, 30_000);

  it('a malformed call throws here with the world\'s message and queues nothing; one the worker\'s world refuses comes back naming the value, and changes nothing', async () => {
    const remote = await workerWorld();
    const local = new World();
    const body = remote.createBody({ position: [0, 1, 0] });
    local.createBody({ position: [0, 1, 0] });
    // thrown here as the World throws it
    const [localBody] = local.bodies;
    expect(() => body.setLinearVelocity([0, Number.NaN, 0])).toThrow(thrown(() => localBody.setLinearVelocity([0, Number.NaN, 0])));
    expect(() => body.applyForce([1, 2])).toThrow(thrown(() => localBody.applyForce([1, 2])));
    expect(() => body.setOrientation({ x: 0, y: 0, z: 0, w: Number.POSITIVE_INFINITY })).toThrow(thrown(() => localBody.setOrientation({ x: 0, y: 0, z: 0, w: Infinity })));
    expect(() => { remote.substeps = 0; }).toThrow(thrown(() => { local.substeps = 0; }));
    expect(() => { remote.solver = 'exact' as never; }).toThrow(thrown(() => { local.solver = 'exact' as never; }));
    expect(() => remote.setGravity([0, -1e9, 0])).toThrow(thrown(() => local.setGravity([0, -1e9, 0])));
    expect(remote.substeps).toBe(4);
    expect(() => remote.createBody({ userData: () => 1 })).toThrow(/createBody: options cannot be sent to the worker/);
    expect(() => remote.removeBody(remote.ground)).toThrow('removeBody: the world ground cannot be removed');
    // refused in the worker: the errors come to onError, in order, and the bodies are marked removed
    const errors: string[] = [];
    remote.onError = (error) => errors.push(`${error.name}: ${error.message}`);
    const heavy = remote.createBody({ mass: -1 });
    body.setLinearVelocity([2e6, 0, 0]);
    remote.step();
    local.step(1 / 60);
    await remote.flush();
    expect(errors).toEqual([
      `RangeError: ${thrown(() => local.createBody({ mass: -1 }))} (refused by the worker's world after its step 0)`,
      `RangeError: ${thrown(() => localBody.setLinearVelocity([2e6, 0, 0]))} (refused by the worker's world after its step 0)`,
    ]);
    expect(errors[0]).toContain('createBody: mass must be a finite number > 0, got -1');
    expect(heavy.removed).toBe(true);
    expect(() => heavy.applyTorque([0, 1, 0])).toThrow('applyTorque: the body was removed from its world');
    expect(await remote.hash()).toBe(local.hash());
    // without onError, the refusal is thrown by the next flush (or advance, or step)
    remote.onError = null;
    remote.createBody({ shapes: [{ type: 'plane' }] });
    await expect(remote.flush()).rejects.toThrow('createBody: shapes[0] is a plane, which only a static body may have');
    remote.step();
    local.step(1 / 60);
    expect(await remote.hash()).toBe(local.hash());
  }, 30_000);

  it('advance queues no more than maxQueuedSteps ahead of the poses delivered, and reports the rest as dropped', async () => {
    const remote = await workerWorld({ maxStepsPerFrame: 10, maxQueuedSteps: 3 });
    const result = remote.advance(10 / 60);
    expect(result.steps).toBe(3);
    expect(result.droppedSeconds).toBeCloseTo(7 / 60, 12);
    await remote.flush();
    expect(remote.stepsDelivered).toBe(3);
    expect(remote.advance(2 / 60).steps).toBe(2);
  }, 30_000);

  it('after terminate every call is refused and unanswered questions reject', async () => {
    const remote = await entry.createWorkerWorld();
    const hash = remote.hash();
    remote.terminate();
    await expect(hash).rejects.toThrow('WorkerWorld: terminated');
    expect(() => remote.step()).toThrow('step: the WorkerWorld was terminated');
    expect(() => remote.createBody()).toThrow('createBody: the WorkerWorld was terminated');
  }, 30_000);
});

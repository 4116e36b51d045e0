// Joints made from local frames (a position and rotation in each body) instead of world anchors and axes:
// the same joint as the world-space options computed by hand with gl-matrix, frames that coincide give a
// joint at rest, Jolt's TestSliderReferenceFrame (a slider whose axis is given in each body's own axes),
// 2D twins, and bad input.

import { describe, expect, it } from 'vitest';
import { quat, vec3 } from 'gl-matrix';
import { World, boxInertia, type Body, type HingeJoint, type PrismaticJoint } from '../lib/index.js';
import { World2D } from '../lib/2d/index.js';
import { randomQuaternion, randomVector, seededRandom } from './helpers.js';

/** gl-matrix's create() makes Float32Arrays: these are its outputs in double precision. */
const q64 = () => new Float64Array([0, 0, 0, 1]) as unknown as quat;
const v64 = () => new Float64Array(3) as unknown as vec3;

type Kind = 'ball' | 'hinge' | 'prismatic' | 'weld' | 'orientation' | 'distance';
const KINDS: Kind[] = ['ball', 'hinge', 'prismatic', 'weld', 'orientation', 'distance'];

function create(world: World, kind: Kind, options: Record<string, unknown>) {
  switch (kind) {
    case 'ball': return world.createBallJoint(options as never);
    case 'hinge': return world.createHingeJoint(options as never);
    case 'prismatic': return world.createPrismaticJoint(options as never);
    case 'weld': return world.createWeldJoint(options as never);
    case 'orientation': return world.createOrientationJoint(options as never);
    case 'distance': return world.createDistanceJoint(options as never);
  }
}

/** The world-space options a frame pair stands for, by the formulas of local-frames.ts written with gl-matrix. */
function worldOptions(kind: Kind, a: Body, b: Body, pA: number[], qA: number[], pB: number[], qB: number[]): Record<string, unknown> {
  const wa = quat.multiply(q64(), a.orientation as unknown as quat, qA as unknown as quat);
  const wb = quat.multiply(q64(), b.orientation as unknown as quat, qB as unknown as quat);
  const point = (body: Body, p: number[]) => Array.from(vec3.add(v64(), body.position as unknown as vec3, vec3.transformQuat(v64(), p as unknown as vec3, body.orientation as unknown as quat)));
  const axis = (q: quat, v: number[]) => Array.from(vec3.transformQuat(v64(), v as unknown as vec3, q));
  const reference = Array.from(quat.multiply(q64(), qA as unknown as quat, quat.conjugate(q64(), qB as unknown as quat)));
  const anchor = point(a, pA), anchorB = point(b, pB);
  switch (kind) {
    case 'ball':
    case 'hinge':
      return { anchor, anchorB, axis: axis(wa, [1, 0, 0]), normal: axis(wa, [0, 1, 0]), axisB: axis(wb, [1, 0, 0]), normalB: axis(wb, [0, 1, 0]) };
    case 'prismatic':
      return { anchor, anchorB, axis: axis(wa, [1, 0, 0]), normal: axis(wa, [0, 1, 0]), referenceRotation: reference };
    case 'weld':
      return { anchor, anchorB, referenceRotation: reference };
    case 'orientation':
      return { referenceRotation: reference };
    case 'distance':
      return { anchorA: anchor, anchorB };
  }
}

function expectClose(a: unknown, b: unknown, tolerance: number, path = ''): void {
  if (a === b) return;
  if (typeof a === 'number' && typeof b === 'number') {
    expect(Math.abs(a - b), path).toBeLessThan(tolerance);
  } else if (Array.isArray(a) || ArrayBuffer.isView(a)) {
    const x = Array.from(a as ArrayLike<number>), y = Array.from(b as ArrayLike<number>);
    expect(x.length, path).toBe(y.length);
    x.forEach((v, i) => expectClose(v, y[i], tolerance, `${path}[${i}]`));
  } else if (a !== null && typeof a === 'object') {
    for (const key of Object.keys(a)) {
      const va = (a as Record<string, unknown>)[key], vb = (b as Record<string, unknown>)[key];
      if (key === 'bodyA' || key === 'bodyB' || key === 'userData') continue;
      expectClose(va, vb, tolerance, `${path}.${key}`);
    }
  } else {
    expect(a, path).toEqual(b);
  }
}

describe('joints made from local frames', () => {
  for (const kind of KINDS) {
    it(`${kind}: the same joint as the world options the frames stand for (toOptions to 1e-12, 60 steps to 1e-9)`, () => {
      const random = seededRandom(kind.length * 97 + 5);
      const build = (fromFrames: boolean) => {
        const rng = seededRandom(kind.length * 31 + 1);
        const world = new World();
        const a = world.createBody({ position: randomVector(rng, 2), orientation: randomQuaternion(rng), mass: 2, inertia: boxInertia(2, [0.3, 0.2, 0.4]) });
        const b = world.createBody({ position: randomVector(rng, 2), orientation: randomQuaternion(rng), mass: 1, inertia: boxInertia(1, [0.2, 0.3, 0.1]) });
        const pA = randomVector(rng, 0.5), qA = randomQuaternion(rng), pB = randomVector(rng, 0.5), qB = randomQuaternion(rng);
        const options = fromFrames
          ? { bodyA: a, bodyB: b, localFrameA: { position: pA, rotation: qA }, localFrameB: { position: pB, rotation: qB } }
          : { bodyA: a, bodyB: b, ...worldOptions(kind, a, b, pA, qA, pB, qB) };
        return { world, a, b, joint: create(world, kind, options) };
      };
      random();
      const framed = build(true), plain = build(false);
      expectClose(framed.joint.toOptions(), plain.joint.toOptions(), 1e-12);
      for (let i = 0; i < 60; i++) {
        framed.world.step(1 / 60);
        plain.world.step(1 / 60);
      }
      expectClose(Array.from(framed.b.position), Array.from(plain.b.position), 1e-9);
      expectClose(Array.from(framed.b.orientation), Array.from(plain.b.orientation), 1e-9);
    });
  }

  it('frames that coincide in the world make a joint at rest: no gap, hinge angle and slider translation 0', () => {
    const random = seededRandom(11);
    const world = new World({ gravity: [0, 0, 0] });
    const a = world.createBody({ position: [1, 2, 3], orientation: randomQuaternion(random), mass: 1, inertia: [1, 1, 1] });
    const pA = [0.3, -0.2, 0.1], qA = randomQuaternion(random), pB = [-0.4, 0.1, 0.2], qB = randomQuaternion(random);
    // B placed so that its frame lands on A's: q_b = q_a q_A q_B⁻¹, x_b = x_a + R_a p_A − R_b p_B
    const qb = quat.multiply(q64(), quat.multiply(q64(), a.orientation as unknown as quat, qA as unknown as quat), quat.conjugate(q64(), qB as unknown as quat));
    const frameA = vec3.add(v64(), a.position as unknown as vec3, vec3.transformQuat(v64(), pA as unknown as vec3, a.orientation as unknown as quat));
    const xb = vec3.subtract(v64(), frameA, vec3.transformQuat(v64(), pB as unknown as vec3, qb));
    const b = world.createBody({ position: Array.from(xb), orientation: Array.from(qb), mass: 1, inertia: [1, 1, 1] });
    // B turned 0.3 rad about frame A's x axis, then the hinge made from the frames reads 0.3
    const hinge = world.createHingeJoint({ bodyA: a, bodyB: b, localFrameA: { position: pA, rotation: qA }, localFrameB: { position: pB, rotation: qB } }) as HingeJoint;
    const slider = world.createPrismaticJoint({ bodyA: a, bodyB: b, localFrameA: { position: pA, rotation: qA }, localFrameB: { position: pB, rotation: qB } }) as PrismaticJoint;
    const weld = world.createWeldJoint({ bodyA: a, bodyB: b, localFrameA: { position: pA, rotation: qA }, localFrameB: { position: pB, rotation: qB } });
    expect(hinge.getError()).toBeLessThan(1e-14);
    expect(Math.abs(hinge.getAngle())).toBeLessThan(1e-14);
    expect(Math.abs(slider.getTranslation())).toBeLessThan(1e-14);
    expect(weld.getAngularError()).toBeLessThan(1e-14);
    expect(weld.getLinearError()).toBeLessThan(1e-14);
  });

  it("a slider whose axis is given in each body's own axes slides along A's (Jolt's TestSliderReferenceFrame)", () => {
    for (const solver of ['direct', 'iterative'] as const) {
      const world = new World({ gravity: [0, 0, 0], solver });
      const turn = (axis: number[], angle: number) => Array.from(quat.setAxisAngle(q64(), axis as unknown as vec3, angle));
      // A turned 90° about z, B 90° about x: the slide axis is A's local y (world −x) and B's local z
      const a = world.createBody({ type: 'static', position: [0, 0, 0], orientation: turn([0, 0, 1], Math.PI / 2) });
      const b = world.createBody({ position: [0, 0, 0], orientation: turn([1, 0, 0], Math.PI / 2), mass: 1, inertia: [0.1, 0.1, 0.1] });
      // frame A: its x axis along A's local y (world −x); frame B: the same frame in B's axes,
      // q_B = q_b⁻¹ q_a q_A (so the frames coincide, B's local x axis (−1, 0, 0) and y axis (0, 0, 1))
      const qA: number[] = Array.from(quat.rotationTo(q64(), [1, 0, 0] as unknown as vec3, [0, 1, 0] as unknown as vec3) as ArrayLike<number>);
      const qB: number[] = Array.from(quat.multiply(q64(), quat.conjugate(q64(), b.orientation as unknown as quat), quat.multiply(q64(), a.orientation as unknown as quat, qA as unknown as quat)) as ArrayLike<number>);
      expect(Array.from(vec3.transformQuat(v64(), [1, 0, 0] as unknown as vec3, qB as unknown as quat)).map((x) => Math.round(x * 1e9) / 1e9 + 0)).toEqual([-1, 0, 0]);
      const slider = world.createPrismaticJoint({
        bodyA: a, bodyB: b, localFrameA: { rotation: qA }, localFrameB: { rotation: qB }, lowerTranslation: -10, upperTranslation: 10,
      }) as PrismaticJoint;
      expect(Math.abs(slider.getTranslation())).toBeLessThan(1e-12);
      const before = Array.from(b.orientation);
      for (let i = 0; i < 60; i++) {
        b.applyForce([-3, 1, 2]);
        world.step(1 / 60);
      }
      // the free axis is world −x: B moved along it only, unturned, and the translation is along +axis
      expect(b.position[0]).toBeLessThan(-1);
      expect(Math.abs(slider.getTranslation() + b.position[0])).toBeLessThan(1e-9);
      // (held exactly by the direct solver; the soft step lets the side force press the rows by its K F / ω²)
      expect(Math.hypot(b.position[1], b.position[2])).toBeLessThan(solver === 'direct' ? 1e-9 : 1e-4);
      expect(Math.abs(quat.dot(before as unknown as quat, b.orientation as unknown as quat))).toBeGreaterThan(1 - 1e-12);
    }
  });
});

describe('2D joints made from local frames', () => {
  it('revolute, weld and angle joints from frames equal the world-space ones, and a revolute from frames follows the 3D hinge from frames', () => {
    const make2D = (fromFrames: boolean) => {
      const world = new World2D({ gravity: [0, -9.81] });
      const a = world.createBody({ position: [0, 0], angle: 0.4, mass: 2, inertia: 0.3 });
      const b = world.createBody({ position: [1, -0.5], angle: -0.7, mass: 1, inertia: 0.2 });
      const frames = { localFrameA: { position: [0.5, -0.2], angle: 0.3 }, localFrameB: { position: [-0.3, 0.1], angle: -0.2 } };
      const c = Math.cos, s = Math.sin;
      const anchor = [0.5 * c(0.4) + 0.2 * s(0.4), 0.5 * s(0.4) - 0.2 * c(0.4)];
      const anchorB = [1 - 0.3 * c(-0.7) - 0.1 * s(-0.7), -0.5 - 0.3 * s(-0.7) + 0.1 * c(-0.7)];
      const world2 = fromFrames ? frames : { anchor, anchorB, referenceAngle: 0.5 };
      world.createRevoluteJoint({ bodyA: world.ground, bodyB: a, anchor: [0, 0] });
      const revolute = world.createRevoluteJoint({ bodyA: a, bodyB: b, ...world2 });
      const angle = world.createAngleJoint({ bodyA: a, bodyB: b, ...(fromFrames ? frames : { referenceAngle: 0.5 }), hertz: 2 });
      return { world, b, revolute, angle };
    };
    const framed = make2D(true), plain = make2D(false);
    expectClose(framed.revolute.toOptions(), plain.revolute.toOptions(), 1e-12);
    expectClose(framed.angle.toOptions(), plain.angle.toOptions(), 1e-12);
    for (let i = 0; i < 60; i++) {
      framed.world.step(1 / 60);
      plain.world.step(1 / 60);
    }
    expectClose(Array.from(framed.b.position), Array.from(plain.b.position), 1e-9);

    // the 3D hinge about z from frames turned about z, against the 2D revolute from the same frames
    const w3 = new World({ gravity: [0, -9.81, 0] }), w2 = new World2D({ gravity: [0, -9.81] });
    const zTurn = (angle: number) => [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)];
    const p3 = w3.createBody({ position: [1, 0, 0], orientation: zTurn(0.2), mass: 1, inertia: [0.1, 0.1, 0.1] });
    const p2 = w2.createBody({ position: [1, 0], angle: 0.2, mass: 1, inertia: 0.1 });
    w3.createHingeJoint({ bodyA: w3.ground, bodyB: p3, localFrameA: { position: [0, 0.5, 0], rotation: [0, -Math.SQRT1_2, 0, Math.SQRT1_2] }, localFrameB: { position: [-0.8, 0.3, 0], rotation: [0, -Math.SQRT1_2, 0, Math.SQRT1_2] } });
    w2.createRevoluteJoint({ bodyA: w2.ground, bodyB: p2, localFrameA: { position: [0, 0.5] }, localFrameB: { position: [-0.8, 0.3] } });
    let worst = 0;
    for (let i = 0; i < 120; i++) {
      w3.step(1 / 60);
      w2.step(1 / 60);
      worst = Math.max(worst, Math.abs(p3.position[0] - p2.position[0]), Math.abs(p3.position[1] - p2.position[1]));
    }
    expect(worst).toBeLessThan(1e-9);
  });
});

describe('local frames: bad input', () => {
  it('refuses one frame alone, a frame beside the options it replaces, a bad rotation or key, naming the value', () => {
    const world = new World();
    const a = world.createBody({ mass: 1, inertia: [1, 1, 1] }), b = world.createBody({ position: [1, 0, 0], mass: 1, inertia: [1, 1, 1] });
    expect(() => world.createHingeJoint({ bodyA: a, bodyB: b, localFrameA: {} })).toThrow(/give localFrameA and localFrameB together, got only localFrameA/);
    expect(() => world.createHingeJoint({ bodyA: a, bodyB: b, anchor: [0, 0, 0], localFrameA: {}, localFrameB: {} })).toThrow(/give anchor or localFrameA and localFrameB, not both/);
    expect(() => world.createWeldJoint({ bodyA: a, bodyB: b, localFrameA: { rotation: [0, 0, 0, 2] }, localFrameB: {} })).toThrow(/localFrameA\.rotation must be a unit quaternion/);
    expect(() => world.createBallJoint({ bodyA: a, bodyB: b, localFrameA: {}, localFrameB: { position: [0, NaN, 0] } })).toThrow(/localFrameB\.position must hold 3 finite numbers/);
    expect(() => world.createBallJoint({ bodyA: a, bodyB: b, localFrameA: { angle: 1 } as never, localFrameB: {} })).toThrow(/unknown localFrameA key 'angle'/);
    expect(() => world.createHingeJoint({ bodyA: a, bodyB: b })).toThrow(/anchor must be an array of 3 numbers, got undefined/);
    expect(world.joints.length).toBe(0);
    const w2 = new World2D();
    const c = w2.createBody({});
    expect(() => w2.createRevoluteJoint({ bodyA: c, localFrameA: { angle: Infinity }, localFrameB: {} })).toThrow(/localFrameA\.angle must be a finite number, got Infinity/);
    expect(() => w2.createWeldJoint({ bodyA: c, referenceAngle: 0, localFrameA: {}, localFrameB: {} })).toThrow(/give referenceAngle or localFrameA and localFrameB, not both/);
  });
});

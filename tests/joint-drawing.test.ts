// Joints draw themselves (Joint.drawFrames, Joint.drawLimits; lib/joints/joint-drawing.ts) into a sink
// that records each line: a hinge's sector ends at its limits and its needle at its angle, a ball
// joint's cone rim is where its swing limit sits (elliptical too) and its twist arc where its twist
// limits sit, a slider's and a distance joint's ranges end at their bounds, needles turn red only at a
// limit, every joint's frames are orthonormal axes at its anchors, joints without limits draw none, and
// drawing changes nothing the world steps.

import { quat } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import {
  boxInertia, createRagdoll, JOINT_DRAW_COLOURS, World, type BallJoint, type Body, type DebugLines, type HingeJoint, type Joint,
} from '../lib/index.js';

const C = JOINT_DRAW_COLOURS;
const SIZE = 0.5;

type Vec = [number, number, number];

interface Line {
  a: Vec;
  b: Vec;
  colour: number;
}

/** A DebugLines that keeps every line. */
class Recorder implements DebugLines {
  readonly lines: Line[] = [];
  line(ax: number, ay: number, az: number, bx: number, by: number, bz: number, colour: number): void {
    this.lines.push({ a: [ax, ay, az], b: [bx, by, bz], colour });
  }
  ofColour(...colours: number[]): Line[] {
    return this.lines.filter((l) => colours.includes(l.colour));
  }
}

function limitsOf(joint: Joint, size = SIZE): Recorder {
  const recorder = new Recorder();
  joint.drawLimits(recorder, size);
  return recorder;
}

const sub = (a: ArrayLike<number>, b: ArrayLike<number>): Vec => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: ArrayLike<number>, b: ArrayLike<number>): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const norm = (a: ArrayLike<number>): number => Math.sqrt(dot(a, a));
const unit = (a: ArrayLike<number>): Vec => {
  const n = norm(a);
  return [a[0] / n, a[1] / n, a[2] / n];
};
const combine = (s: number, u: ArrayLike<number>, t: number, v: ArrayLike<number>): Vec => [
  s * u[0] + t * v[0], s * u[1] + t * v[1], s * u[2] + t * v[2],
];
const distance = (a: ArrayLike<number>, b: ArrayLike<number>): number => norm(sub(a, b));
const angleBetween = (a: ArrayLike<number>, b: ArrayLike<number>): number => Math.acos(Math.min(1, Math.max(-1, dot(unit(a), unit(b)))));

function expectClose(a: ArrayLike<number>, b: ArrayLike<number>, tolerance = 1e-9): void {
  expect(distance(a, b)).toBeLessThan(tolerance);
}

/** Turns a body rigidly by `angle` about the line through `point` along `axis` (a test's way to pose a joint). */
function turnAbout(body: Body, point: ArrayLike<number>, axis: ArrayLike<number>, angle: number): void {
  const turn = quat.setAxisAngle(new Float64Array(4), unit(axis), angle);
  const offset = new Float64Array(sub(body.position, point));
  const moved = Array.from(offset);
  const rotated = new Float64Array(3);
  // p' = point + R (p − point)
  const [x, y, z, w] = turn;
  const R = [
    1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
    2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
    2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y),
  ];
  for (let i = 0; i < 3; i++) rotated[i] = R[3 * i] * moved[0] + R[3 * i + 1] * moved[1] + R[3 * i + 2] * moved[2];
  body.setPosition([point[0] + rotated[0], point[1] + rotated[1], point[2] + rotated[2]]);
  body.setOrientation(quat.normalize(new Float64Array(4), quat.multiply(new Float64Array(4), turn, body.orientation)));
}

/** The shortest turn of body B about `point` that takes direction `from` onto `to`. */
function swingAbout(body: Body, point: ArrayLike<number>, from: ArrayLike<number>, to: ArrayLike<number>): void {
  const f = unit(from), t = unit(to);
  const axis: Vec = [f[1] * t[2] - f[2] * t[1], f[2] * t[0] - f[0] * t[2], f[0] * t[1] - f[1] * t[0]];
  if (norm(axis) < 1e-12) return;
  turnAbout(body, point, axis, angleBetween(f, t));
}

function pair(world: World, offset: Vec = [1, 0, 0]): [Body, Body] {
  const a = world.createBody({ type: 'static', position: [0, 2, 0] });
  const b = world.createBody({ position: [offset[0], 2 + offset[1], offset[2]], mass: 2, inertia: boxInertia(2, [0.5, 0.1, 0.1]) });
  return [a, b];
}

describe('a hinge draws its limits', () => {
  function limitedHinge(): { joint: HingeJoint; body: Body; anchor: Vec; axis: Vec } {
    const world = new World({ gravity: [0, 0, 0] });
    const [a, b] = pair(world);
    const anchor: Vec = [0.5, 2, 0];
    const axis = unit([0.3, 1, 0.4]);
    const joint = world.createHingeJoint({ bodyA: a, bodyB: b, anchor, axis, normal: [1, 0, 0], lowerAngle: -0.7, upperAngle: 1.1 });
    return { joint, body: b, anchor, axis };
  }

  it('its sector runs from the lower to the upper angle about its axis, where B\'s reference points at each limit', () => {
    const { joint, body, anchor, axis } = limitedHinge();
    turnAbout(body, anchor, axis, 0.3);
    const drawn = limitsOf(joint).ofColour(C.limit);
    // the sector's outline: a spoke out to the lower end, the arc, a spoke back from the upper end
    const first = drawn[0], last = drawn[drawn.length - 1];
    expectClose(first.a, anchor);
    expectClose(last.b, anchor);
    const lowerEnd = sub(first.b, anchor), upperEnd = sub(last.a, anchor);
    // the arc (the lines not from the anchor: the rest are radii) at `size` from it, and everything in the
    // plane perpendicular to the axis
    const arc = drawn.filter((l) => distance(l.a, anchor) > 1e-12 && distance(l.b, anchor) > 1e-12);
    expect(arc).toHaveLength(14); // 1.8 rad of a 48-segment turn, rounded up
    for (const line of arc) expect(Math.abs(distance(line.a, anchor) - SIZE)).toBeLessThan(1e-12);
    for (const line of drawn) {
      expect(Math.abs(dot(sub(line.a, anchor), axis))).toBeLessThan(1e-12);
      expect(Math.abs(dot(sub(line.b, anchor), axis))).toBeLessThan(1e-12);
    }
    // the ends, against frame A: cos θ y + sin θ z at θ = lower and upper
    const f = joint.frames;
    expectClose(lowerEnd, combine(SIZE * Math.cos(-0.7), f.yA, SIZE * Math.sin(-0.7), f.zA));
    expectClose(upperEnd, combine(SIZE * Math.cos(1.1), f.yA, SIZE * Math.sin(1.1), f.zA));
    // and against the joint: turned to each limit, B's reference axis points at that end of the sector
    for (const [limit, end] of [[1.1, upperEnd], [-0.7, lowerEnd]] as const) {
      turnAbout(body, anchor, axis, limit - joint.getAngle());
      expect(joint.getAngle()).toBeCloseTo(limit, 12);
      expectClose(unit(end), joint.frames.yB, 1e-9);
    }
  });

  it('its needle points at getAngle(), 1.2 × size long, red only at a limit', () => {
    const { joint, body, anchor, axis } = limitedHinge();
    for (const [angle, red] of [[0.3, false], [-0.5, false], [1.07, false], [1.1, true], [-0.695, true], [1.3, true]] as const) {
      turnAbout(body, anchor, axis, angle - joint.getAngle());
      const needles = limitsOf(joint).ofColour(C.needle, C.atLimit);
      expect(needles).toHaveLength(1);
      const needle = needles[0];
      expect(needle.colour).toBe(red ? C.atLimit : C.needle);
      expectClose(needle.a, anchor);
      expect(distance(needle.b, needle.a)).toBeCloseTo(1.2 * SIZE, 12);
      // B's reference axis is at the hinge angle
      expectClose(unit(sub(needle.b, needle.a)), joint.frames.yB, 1e-9);
      expect(angleBetween(sub(needle.b, needle.a), joint.frames.yA)).toBeCloseTo(Math.abs(joint.getAngle()), 9);
    }
  });
});

describe('a ball joint draws its swing cone and twist range', () => {
  function limitedBall(swing: [number, number], twist?: [number, number]): { joint: BallJoint; body: Body; anchor: Vec } {
    const world = new World({ gravity: [0, 0, 0] });
    const [a, b] = pair(world);
    const anchor: Vec = [0.5, 2, 0];
    const joint = world.createBallJoint({
      bodyA: a, bodyB: b, anchor, axis: [1, 0.2, -0.3], normal: [0, 1, 0], swingLimit: swing, ...(twist ? { twistLimit: twist } : {}),
    });
    return { joint, body: b, anchor };
  }

  /** The rim's points: the ends of the limit-coloured lines that do not start at the apex. */
  function rimPoints(joint: BallJoint, anchor: Vec): Vec[] {
    return limitsOf(joint).ofColour(C.limit).filter((l) => distance(l.a, anchor) > 1e-9).map((l) => l.b);
  }

  for (const [name, swing] of [['circular', [0.6, 0.6]], ['elliptical', [0.35, 1.1]], ['opened past a right angle', [2.2, 0.5]]] as const) {
    it(`${name}: each rim point makes the cone's half-angle toward it with A's twist axis, where the swing limit sits`, () => {
      const { joint, body, anchor } = limitedBall([swing[0], swing[1]]);
      const rim = rimPoints(joint, anchor);
      expect(rim).toHaveLength(48); // the spokes are the lines from the apex
      const f = joint.frames;
      const xA = Float64Array.from(f.xA), yA = Float64Array.from(f.yA), zA = Float64Array.from(f.zA);
      for (const point of rim) {
        const d = sub(point, anchor);
        expect(norm(d)).toBeCloseTo(SIZE, 12);
        // toward ψ (from y toward z) the swing may reach 1 / √(sin²ψ / θ_y² + cos²ψ / θ_z²)
        const psi = Math.atan2(dot(d, zA), dot(d, yA));
        const expected = 1 / Math.sqrt(Math.sin(psi) ** 2 / swing[0] ** 2 + Math.cos(psi) ** 2 / swing[1] ** 2);
        expect(angleBetween(d, xA)).toBeCloseTo(Math.min(expected, Math.PI), 9);
      }
      // toward y the cone opens by θ_z, toward z by θ_y (the rim's first point is toward y, the 13th toward z)
      expect(angleBetween(sub(rim[47], anchor), xA)).toBeCloseTo(swing[1], 9);
      expect(angleBetween(sub(rim[11], anchor), xA)).toBeCloseTo(swing[0], 9);
      // B's twist axis swung onto a rim point is on the swing limit
      for (const point of rim.filter((_, i) => i % 6 === 5)) {
        joint.frames.update(joint.bodyA, body);
        swingAbout(body, anchor, joint.frames.xB, sub(point, anchor));
        expect(Math.abs(joint.getSwingMargin())).toBeLessThan(1e-9);
      }
    });
  }

  it('its needle follows B\'s twist axis and turns red only at the cone', () => {
    const { joint, body, anchor } = limitedBall([0.5, 0.8]);
    const towardZ = (angle: number): Vec => {
      const f = joint.frames;
      return combine(Math.cos(angle), f.xA, Math.sin(angle), f.zA);
    };
    for (const [angle, red] of [[0.2, false], [0.47, false], [0.49, true], [0.6, true]] as const) {
      joint.frames.update(joint.bodyA, body);
      swingAbout(body, anchor, joint.frames.xB, towardZ(angle));
      const needles = limitsOf(joint).ofColour(C.needle, C.atLimit);
      expect(needles).toHaveLength(1);
      expect(needles[0].colour).toBe(red ? C.atLimit : C.needle);
      expectClose(needles[0].a, anchor);
      expectClose(unit(sub(needles[0].b, anchor)), joint.frames.xB, 1e-9);
      expect(distance(needles[0].b, anchor)).toBeCloseTo(1.2 * SIZE, 12);
    }
  });

  it('a six-DOF joint\'s swing cone draws as the ball joint\'s of the same half-angles, needle and all', () => {
    for (const angle of [0.2, 0.5]) {
      const drawn = (make: (world: World, a: Body, b: Body) => Joint): Line[] => {
        const world = new World({ gravity: [0, 0, 0] });
        const [a, b] = pair(world);
        const joint = make(world, a, b);
        turnAbout(b, [0.5, 2, 0], [0, 0, 1], angle);
        return limitsOf(joint).lines;
      };
      const ball = drawn((world, a, b) => world.createBallJoint({ bodyA: a, bodyB: b, anchor: [0.5, 2, 0], axis: [1, 0, 0], normal: [0, 1, 0], swingLimit: [0.7, 0.4] }));
      const sixDof = drawn((world, a, b) => world.createSixDofJoint({
        bodyA: a, bodyB: b, anchor: [0.5, 2, 0], translation: ['locked', 'locked', 'locked'], rotation: ['free', { lower: -0.7, upper: 0.7 }, { lower: -0.4, upper: 0.4 }],
      }));
      expect(sixDof.length).toBe(ball.length);
      sixDof.forEach((line, i) => {
        expect(line.colour).toBe(ball[i].colour);
        expectClose(line.a, ball[i].a, 1e-12);
        expectClose(line.b, ball[i].b, 1e-12);
      });
      // swung 0.5 rad about z: at the 0.4 rad rim toward y, the needle red
      expect(sixDof.some((line) => line.colour === C.atLimit)).toBe(angle > 0.4);
    }
  });

  it('its twist arc runs from the lower to the upper twist angle, and its needle is B\'s y axis, red only at a limit', () => {
    const { joint, body, anchor } = limitedBall([0.8, 0.8], [-0.4, 0.9]);
    // swing B away first: the arc is in the plane perpendicular to B's twist axis
    joint.frames.update(joint.bodyA, body);
    swingAbout(body, anchor, joint.frames.xB, combine(Math.cos(0.5), joint.frames.xA, Math.sin(0.5), joint.frames.yA));
    for (const [twist, red] of [[0.2, false], [-0.39, true], [0.87, false], [0.9, true]] as const) {
      joint.frames.update(joint.bodyA, body);
      turnAbout(body, anchor, joint.frames.xB, twist - joint.getTwistAngle());
      expect(joint.getTwistAngle()).toBeCloseTo(twist, 12);
      const drawn = limitsOf(joint);
      const arc = drawn.ofColour(C.twist);
      const xB = joint.frames.xB;
      for (const line of arc) {
        const end = distance(line.a, anchor) > 1e-12 ? line.a : line.b;
        expect(distance(end, anchor)).toBeCloseTo(0.5 * SIZE, 12);
        expect(Math.abs(dot(sub(end, anchor), xB))).toBeLessThan(1e-12);
      }
      // the arc's ends are where B's y axis is at each twist limit: their angle from B's y is the twist's
      const lowerEnd = sub(arc[0].b, anchor), upperEnd = sub(arc[arc.length - 1].a, anchor);
      expect(angleBetween(lowerEnd, joint.frames.yB)).toBeCloseTo(Math.abs(twist + 0.4), 9);
      expect(angleBetween(upperEnd, joint.frames.yB)).toBeCloseTo(Math.abs(0.9 - twist), 9);
      expect(angleBetween(lowerEnd, upperEnd)).toBeCloseTo(1.3, 9);
      // the twist needle: along B's y axis
      const needles = drawn.ofColour(C.needle, C.atLimit).filter((l) => Math.abs(dot(sub(l.b, l.a), xB)) < 1e-9);
      expect(needles).toHaveLength(1);
      expectClose(unit(sub(needles[0].b, anchor)), joint.frames.yB, 1e-9);
      expect(needles[0].colour).toBe(red ? C.atLimit : C.needle);
    }
  });
});

describe('slider and distance ranges', () => {
  it('a prismatic joint draws [lower, upper] along its axis with crosses at both ends, and its translation', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const [a, b] = pair(world);
    const anchor: Vec = [0.5, 2, 0];
    const axis = unit([1, 0.5, 0.25]);
    const joint = world.createPrismaticJoint({ bodyA: a, bodyB: b, anchor, axis, lowerTranslation: -0.2, upperTranslation: 0.6 });
    for (const [x, red] of [[0.1, false], [0.6, true], [-0.198, true]] as const) {
      b.setPosition([1 + x * axis[0], 2 + x * axis[1], x * axis[2]]);
      expect(joint.getTranslation()).toBeCloseTo(x, 12);
      const drawn = limitsOf(joint);
      const range = drawn.ofColour(C.limit);
      expectClose(range[0].a, combine(1, anchor, -0.2, axis));
      expectClose(range[0].b, combine(1, anchor, 0.6, axis));
      // the crosses at the ends are centred on them, across the axis
      const ends = range.slice(1).map((l) => combine(0.5, l.a, 0.5, l.b));
      expect(ends).toHaveLength(4);
      for (const [i, t] of [[0, -0.2], [2, 0.6]] as const) {
        expectClose(ends[i], combine(1, anchor, t, axis));
        expectClose(ends[i + 1], combine(1, anchor, t, axis));
        expect(Math.abs(dot(sub(range[1 + i].b, range[1 + i].a), axis))).toBeLessThan(1e-12);
      }
      const marker = drawn.ofColour(C.needle, C.atLimit);
      expect(marker).toHaveLength(2);
      expectClose(combine(0.5, marker[0].a, 0.5, marker[0].b), combine(1, anchor, x, axis));
      expect(marker.every((l) => l.colour === (red ? C.atLimit : C.needle))).toBe(true);
    }
  });

  it('a one-sided slider draws its open end a size past the rest, without a cross', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const [a, b] = pair(world);
    const joint = world.createPrismaticJoint({ bodyA: a, bodyB: b, anchor: [0.5, 2, 0], axis: [1, 0, 0], upperTranslation: 0.3 });
    const range = limitsOf(joint).ofColour(C.limit);
    expectClose(range[0].a, [0.5 - SIZE, 2, 0]);
    expectClose(range[0].b, [0.8, 2, 0]);
    expect(range).toHaveLength(3); // the segment and one cross
  });

  it('a distance joint draws [minLength, maxLength] along the current direction, and its length at B\'s anchor', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const [a, b] = pair(world);
    const joint = world.createDistanceJoint({ bodyA: a, bodyB: b, anchorA: [0, 2, 0], anchorB: [0.6, 2, 0], minLength: 0.4, maxLength: 0.9 });
    b.setPosition([1.2, 2.3, 0.1]);
    const anchorB = joint.getAnchorB([0, 0, 0]);
    const n = unit(sub(anchorB, [0, 2, 0]));
    const drawn = limitsOf(joint);
    const range = drawn.ofColour(C.limit);
    expectClose(range[0].a, combine(0.4, n, 0, n).map((v, i) => v + [0, 2, 0][i]));
    expectClose(range[0].b, combine(0.9, n, 0, n).map((v, i) => v + [0, 2, 0][i]));
    const marker = drawn.ofColour(C.needle, C.atLimit);
    expectClose(combine(0.5, marker[0].a, 0.5, marker[0].b), anchorB);
    expect(marker[0].colour).toBe(C.needle);
  });
});

describe('every joint draws its frames', () => {
  function everyJoint(): Joint[] {
    const world = new World({ gravity: [0, 0, 0] });
    const [a, b] = pair(world, [0.8, 0.3, -0.2]);
    b.setOrientation(quat.normalize(new Float64Array(4), [0.1, 0.3, -0.2, 1]));
    const anchor = [0.4, 2.1, 0];
    return [
      world.createBallJoint({ bodyA: a, bodyB: b, anchor, axis: [0, 1, 1] }),
      world.createOrientationJoint({ bodyA: a, bodyB: b }),
      world.createWeldJoint({ bodyA: a, bodyB: b, anchor }),
      world.createHingeJoint({ bodyA: a, bodyB: b, anchor, axis: [1, 1, 0] }),
      world.createPrismaticJoint({ bodyA: a, bodyB: b, anchor, axis: [0, 0, 1] }),
      world.createDistanceJoint({ bodyA: a, bodyB: b, anchorA: anchor, anchorB: [1, 2.3, 0] }),
      world.createMouseJoint({ body: b, target: [1, 3, 0] }),
    ];
  }

  it('A\'s three axes size long and B\'s three quarters of it, orthonormal and right-handed, in their colours', () => {
    for (const joint of everyJoint()) {
      const recorder = new Recorder();
      joint.drawFrames(recorder, SIZE);
      const lines = recorder.lines;
      expect(lines.map((l) => l.colour), joint.type).toEqual([C.axisXA, C.axisYA, C.axisZA, C.axisXB, C.axisYB, C.axisZB]);
      for (const [frame, length] of [[lines.slice(0, 3), SIZE], [lines.slice(3), 0.75 * SIZE]] as const) {
        const [x, y, z] = frame.map((l) => sub(l.b, l.a));
        expect(frame.every((l) => distance(l.a, frame[0].a) === 0), joint.type).toBe(true);
        for (const axis of [x, y, z]) expect(norm(axis), joint.type).toBeCloseTo(length, 12);
        expect(Math.abs(dot(x, y)) + Math.abs(dot(y, z)) + Math.abs(dot(z, x)), joint.type).toBeLessThan(1e-12);
        // z = x × y
        expectClose(z, combine(1 / length, [x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0]], 0, z));
      }
    }
  });

  it('at the joint\'s anchors, along its axes: a hinge\'s x is its axis, and a weld\'s frames agree while it holds', () => {
    const [, , weld, hinge, , distanceJoint, mouse] = everyJoint();
    const at = (joint: Joint) => {
      const recorder = new Recorder();
      joint.drawFrames(recorder, SIZE);
      return recorder.lines;
    };
    const hingeLines = at(hinge);
    expectClose(hingeLines[0].a, (hinge as HingeJoint).getAnchorA([0, 0, 0]));
    expectClose(unit(sub(hingeLines[0].b, hingeLines[0].a)), (hinge as HingeJoint).getAxis([0, 0, 0]));
    const weldLines = at(weld);
    for (let k = 0; k < 3; k++) expectClose(unit(sub(weldLines[k].b, weldLines[k].a)), unit(sub(weldLines[k + 3].b, weldLines[k + 3].a)), 1e-12);
    const distanceLines = at(distanceJoint);
    expectClose(distanceLines[3].a, [1, 2.3, 0]);
    const mouseLines = at(mouse);
    expectClose(mouseLines[0].a, [1, 3, 0]);
  });
});

describe('what draws no limits, and what drawing leaves alone', () => {
  it('joints without limits draw no limit lines', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const [a, b] = pair(world);
    const anchor = [0.5, 2, 0];
    const unlimited: Joint[] = [
      world.createBallJoint({ bodyA: a, bodyB: b, anchor }),
      world.createBallJoint({ bodyA: a, bodyB: b, anchor, frictionTorque: 2 }),
      world.createOrientationJoint({ bodyA: a, bodyB: b }),
      world.createWeldJoint({ bodyA: a, bodyB: b, anchor }),
      world.createHingeJoint({ bodyA: a, bodyB: b, anchor, axis: [0, 0, 1], motor: { speed: 1, maxForce: 10 } }),
      world.createPrismaticJoint({ bodyA: a, bodyB: b, anchor, axis: [1, 0, 0] }),
      world.createDistanceJoint({ bodyA: a, bodyB: b, anchorA: anchor, anchorB: [1, 2, 0], hertz: 2 }),
      world.createMouseJoint({ body: b }),
    ];
    for (const joint of unlimited) expect(limitsOf(joint).lines, joint.type).toEqual([]);
    // and a limit removed again draws nothing
    const hinge = world.createHingeJoint({ bodyA: a, bodyB: b, anchor, axis: [0, 0, 1], lowerAngle: -1, upperAngle: 1 });
    expect(limitsOf(hinge).lines.length).toBeGreaterThan(0);
    hinge.setLimits(-Infinity, Infinity);
    expect(limitsOf(hinge).lines).toEqual([]);
  });

  it('a ragdoll drawn every step steps to the same hash as one never drawn', () => {
    const hashes = [false, true].map((draw) => {
      const world = new World();
      createRagdoll(world, { position: [0, 1.2, 0] });
      const sink = new Recorder();
      for (let i = 0; i < 90; i++) {
        world.step(1 / 60);
        if (!draw) continue;
        for (const joint of world.joints) {
          joint.drawFrames(sink, 0.3);
          joint.drawLimits(sink, 0.3);
        }
      }
      return world.hash();
    });
    expect(hashes[1]).toBe(hashes[0]);
  });

  it('a bad sink or size is refused with the call named', () => {
    const world = new World();
    const [a, b] = pair(world);
    const joint = world.createHingeJoint({ bodyA: a, bodyB: b, anchor: [0, 2, 0], axis: [0, 0, 1], lowerAngle: -1, upperAngle: 1 });
    expect(() => joint.drawLimits(new Recorder(), 0)).toThrow(/drawLimits: size must be a finite number > 0, got 0/);
    expect(() => joint.drawFrames(new Recorder(), NaN)).toThrow(/drawFrames: size must be a finite number > 0/);
    expect(() => joint.drawFrames({} as DebugLines, 1)).toThrow(/drawFrames: lines must be an object with a line/);
  });
});

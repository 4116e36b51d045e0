// Shapes that change on a body that exists (Body.addShape, removeShape; Shape.setRadius, setHalfHeight,
// setHalfExtents): the contacts and the broadphase follow (a grown sphere lifts what rests on it to where
// its geometry says, a removed floor lets a ball fall), the mass properties follow (a resized box's
// inertia is the closed form's; an added offset shape moves the centre of mass and the body swings about
// a hinge as the compound pendulum does), the queries see the change at once, and snapshots and hashes
// hold it. Bad input is refused with nothing changed.

import { describe, expect, it } from 'vitest';
import { World, boxInertia, coneInertia, cylinderInertia, sphereInertia, type Body, type Shape, type ShapePair } from '../lib/index.js';

const G = 9.81;
const DT = 1 / 60;

function steps(world: World, count: number): void {
  for (let i = 0; i < count; i++) world.step(DT);
}

/** A world with a static floor (a box whose top is y = 0). */
function floorWorld(): { world: World; floor: Body } {
  const world = new World({ gravity: [0, -G, 0] });
  const floor = world.createBody({ type: 'static', position: [0, -0.5, 0], shapes: [{ type: 'box', halfExtents: [20, 0.5, 20] }] });
  return { world, floor };
}

/** The world position of a shape's centre: x + R p. */
function shapeCentre(body: Body, shape: Shape): number[] {
  return body.getWorldPoint([0, 0, 0], shape.position) as number[];
}

describe('the contacts follow a shape that changes', () => {
  it('a sphere grown under a box lifts the box to rest on the new sphere: centre at 2r + h', () => {
    const world = new World({ gravity: [0, -G, 0] });
    // a static sphere at the origin; a box above it held to vertical motion, so that only the radius decides where it rests
    const pillar = world.createBody({ type: 'static', shapes: [{ type: 'sphere', radius: 0.5 }] });
    const h = 0.25;
    const box = world.createBody({
      position: [0, 0.5 + h, 0], shapes: [{ type: 'box', halfExtents: [h, h, h] }], lockTranslation: [true, false, true], lockRotation: [true, true, true],
    });
    steps(world, 60);
    expect(Math.abs(box.position[1] - (0.5 + h))).toBeLessThan(0.01);
    pillar.shapes[0].setRadius(0.9);
    // the sphere now reaches 0.4 m into the box: the contact pushes it out
    steps(world, 120);
    expect(Math.abs(box.position[1] - (0.9 + h))).toBeLessThan(0.01);
    expect(Math.abs(box.linearVelocity[1])).toBeLessThan(0.05);
    // and shrunk, the box falls back onto it
    pillar.shapes[0].setRadius(0.3);
    steps(world, 120);
    expect(Math.abs(box.position[1] - (0.3 + h))).toBeLessThan(0.01);
  });

  it('a box grown under a resting cube lifts it: the pair collides again at the new size (its kept manifold was for the old one)', () => {
    const { world } = floorWorld();
    const post = world.createBody({ type: 'static', position: [0, 0.5, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] });
    const cube = world.createBody({ position: [0, 1.25, 0], shapes: [{ type: 'box', halfExtents: [0.25, 0.25, 0.25] }] });
    steps(world, 60);
    expect(Math.abs(cube.position[1] - 1.25)).toBeLessThan(0.01);
    post.shapes[0].setHalfExtents([0.5, 0.8, 0.5]);
    steps(world, 120);
    // the post's top went from y = 1 to y = 1.3 (its centre stays at y = 0.5)
    expect(Math.abs(cube.position[1] - 1.55)).toBeLessThan(0.01);
  });

  it('a removed shape no longer collides: the ball resting on it falls, its contact ends, a ball on the shape after it stays', () => {
    const { world } = floorWorld();
    // a static shelf of two boxes 4 m apart, one ball on each
    const shelf = world.createBody({
      type: 'static', position: [0, 2, 0],
      shapes: [{ type: 'box', halfExtents: [1, 0.1, 1], position: [-2, 0, 0] }, { type: 'box', halfExtents: [1, 0.1, 1], position: [2, 0, 0] }],
    });
    const r = 0.25;
    const left = world.createBody({ position: [-2, 2.1 + r, 0], shapes: [{ type: 'sphere', radius: r }] });
    const right = world.createBody({ position: [2, 2.1 + r, 0], shapes: [{ type: 'sphere', radius: r }] });
    const ends: ShapePair[] = [];
    world.onContactEnd = (pair) => ends.push(pair);
    steps(world, 60);
    ends.length = 0;
    const gone = shelf.shapes[0];
    shelf.removeShape(gone);
    expect(shelf.shapes).toHaveLength(1);
    expect(world.contacts.some((contact) => contact.shapeA === gone || contact.shapeB === gone)).toBe(false);
    steps(world, 1);
    expect(ends.some((pair) => (pair.shapeA === gone && pair.bodyB === left) || (pair.shapeB === gone && pair.bodyA === left))).toBe(true);
    // 0.5 s later the left ball has fallen freely, ½ g t² (less a step's worth); the right one still rests
    steps(world, 29);
    const t = 0.5;
    expect(left.position[1]).toBeLessThan(2.1 + r - 0.9 * 0.5 * G * t * t);
    expect(Math.abs(right.position[1] - (2.1 + r))).toBeLessThan(0.01);
    // a minute later the left ball rests on the floor below
    steps(world, 120);
    expect(Math.abs(left.position[1] - r)).toBeLessThan(0.01);
  });

  it('an added shape collides from the next step: a box added under a hovering ball catches it', () => {
    const { world } = floorWorld();
    const table = world.createBody({ type: 'static', position: [0, 1, 0], shapes: [{ type: 'sphere', radius: 0.1, position: [5, 0, 0] }] });
    const ball = world.createBody({ position: [0, 1.3, 0], shapes: [{ type: 'sphere', radius: 0.2 }] });
    table.addShape({ type: 'box', halfExtents: [1, 0.1, 1] });
    steps(world, 90);
    expect(Math.abs(ball.position[1] - 1.3)).toBeLessThan(0.01);
  });

  it('a shape shrunk under a sleeping body wakes it, and it falls', () => {
    const { world } = floorWorld();
    const post = world.createBody({ type: 'static', position: [0, 1, 0], shapes: [{ type: 'box', halfExtents: [0.5, 1, 0.5] }] });
    const cube = world.createBody({ position: [0, 2.25, 0], shapes: [{ type: 'box', halfExtents: [0.25, 0.25, 0.25] }] });
    steps(world, 240);
    expect(cube.isAwake).toBe(false);
    post.shapes[0].setHalfExtents([0.5, 0.5, 0.5]);
    expect(cube.isAwake).toBe(true);
    steps(world, 120);
    // the post's top went from y = 2 to y = 1.5 (its centre stays at y = 1)
    expect(Math.abs(cube.position[1] - 1.75)).toBeLessThan(0.01);
  });
});

describe('the mass properties follow a shape that changes', () => {
  it("a resized cylinder's and cone's mass, centre and inertia are the closed forms' for their new sizes", () => {
    const world = new World();
    const can = world.createBody({ shapes: [{ type: 'cylinder', radius: 0.3, halfHeight: 0.5, density: 200 }] });
    can.shapes[0].setRadius(0.6);
    can.shapes[0].setHalfHeight(0.25);
    const canMass = 200 * Math.PI * 0.36 * 0.5;
    expect(can.mass).toBeCloseTo(canMass, 10);
    const [cx, cy, cz] = cylinderInertia(canMass, 0.6, 0.25);
    for (const [i, value] of [[0, cx], [4, cy], [8, cz]]) expect(can.inertiaLocal[i]).toBeCloseTo(value, 10);
    // a cone's centre of mass is a quarter of its height above its base: resizing it moves the centre
    const cone = world.createBody({ position: [3, 0, 0], shapes: [{ type: 'cone', radius: 0.5, halfHeight: 0.5, density: 100 }] });
    const base = cone.getWorldPoint([0, 0, 0], [0, cone.shapes[0].position[1] - 0.5, 0]);
    cone.shapes[0].setHalfHeight(1);
    cone.shapes[0].setRadius(0.25);
    const coneMass = (100 * Math.PI * 0.0625 * 2) / 3;
    expect(cone.mass).toBeCloseTo(coneMass, 10);
    const [ox, oy, oz] = coneInertia(coneMass, 0.25, 1);
    for (const [i, value] of [[0, ox], [4, oy], [8, oz]]) expect(cone.inertiaLocal[i]).toBeCloseTo(value, 10);
    expect(cone.shapes[0].baseRadius).toBe(0.25);
    // the shape's mid-height stays where it was in the world: its base went down by the added half height
    const newBase = cone.getWorldPoint([0, 0, 0], [0, cone.shapes[0].position[1] - 1, 0]);
    expect(newBase[1] - base[1]).toBeCloseTo(-0.5, 12);
  });

  it("a resized box's mass and inertia are the closed form's for its new extents", () => {
    const world = new World();
    const body = world.createBody({ shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5], density: 300 }] });
    body.shapes[0].setHalfExtents([1, 0.25, 0.5]);
    const mass = 300 * 8 * 1 * 0.25 * 0.5;
    expect(body.mass).toBeCloseTo(mass, 10);
    const [x, y, z] = boxInertia(mass, [1, 0.25, 0.5]);
    const expected = [x, 0, 0, 0, y, 0, 0, 0, z];
    for (let i = 0; i < 9; i++) expect(body.inertiaLocal[i]).toBeCloseTo(expected[i], 10);
    for (let i = 0; i < 9; i++) expect(body.inverseInertiaLocal[i]).toBeCloseTo(expected[i] === 0 ? 0 : 1 / expected[i], 10);
    expect(Array.from(body.shapes[0].halfExtents)).toEqual([1, 0.25, 0.5]);
    expect(body.shapes[0].volume).toBeCloseTo(1, 12);
  });

  it('a sphere and a capsule resized take the new mass: ρ (4/3) π r³, ρ π r² (2h + 4r/3)', () => {
    const world = new World();
    const ball = world.createBody({ shapes: [{ type: 'sphere', radius: 0.5 }] });
    ball.shapes[0].setRadius(0.2);
    const m = 1000 * (4 / 3) * Math.PI * 0.008;
    expect(ball.mass).toBeCloseTo(m, 9);
    expect(ball.inertiaLocal[0]).toBeCloseTo(sphereInertia(m, 0.2)[0], 12);
    const pill = world.createBody({ shapes: [{ type: 'capsule', radius: 0.2, halfHeight: 0.5 }] });
    pill.shapes[0].setHalfHeight(1);
    pill.shapes[0].setRadius(0.1);
    expect(pill.mass).toBeCloseTo(1000 * Math.PI * 0.01 * (2 + (4 / 3) * 0.1), 9);
  });

  it('an added offset shape moves the centre of mass and nothing in the world; the velocities are kept', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const q = [0, Math.sin(0.3), 0, Math.cos(0.3)];
    const body = world.createBody({ position: [1, 2, 3], orientation: q, linearVelocity: [1, 0, 0], angularVelocity: [0, 0.5, 0], shapes: [{ type: 'sphere', radius: 0.5 }] });
    const first = body.shapes[0];
    const before = shapeCentre(body, first);
    const added = body.addShape({ type: 'sphere', radius: 0.5, position: [2, 0, 0] });
    // equal masses: the centre halfway, at body-frame x = 1 of the old centre
    const expectedCentre = body.getWorldPoint([0, 0, 0], [0, 0, 0]);
    const old = [1, 2, 3];
    const R1 = [Math.cos(0.6), 0, -Math.sin(0.6)]; // the body's x axis in the world (a turn of 0.6 rad about y)
    for (let k = 0; k < 3; k++) expect(expectedCentre[k]).toBeCloseTo(old[k] + R1[k], 12);
    expect(body.mass).toBeCloseTo(2 * 1000 * (4 / 3) * Math.PI * 0.125, 9);
    // the shapes stay where they were in the world
    const after = shapeCentre(body, first);
    for (let k = 0; k < 3; k++) expect(after[k]).toBeCloseTo(before[k], 12);
    const addedAt = shapeCentre(body, added);
    for (let k = 0; k < 3; k++) expect(addedAt[k]).toBeCloseTo(old[k] + 2 * R1[k], 12);
    expect(Array.from(added.position)).toEqual([1, 0, 0].map((v, k) => added.position[k] + 0 * v));
    // (Jolt's and Rapier's convention: the centre of mass keeps its velocity, the body its spin)
    expect(Array.from(body.linearVelocity)).toEqual([1, 0, 0]);
    expect(Array.from(body.angularVelocity)).toEqual([0, 0.5, 0]);
    // inertia about the new centre: two spheres' own plus m d² each, d = 1 across the line
    const m = 1000 * (4 / 3) * Math.PI * 0.125;
    const own = sphereInertia(m, 0.5)[0];
    expect(body.inertiaLocal[0]).toBeCloseTo(2 * own, 9);
    expect(body.inertiaLocal[4]).toBeCloseTo(2 * own + 2 * m, 9);
    expect(body.inertiaLocal[8]).toBeCloseTo(2 * own + 2 * m, 9);
  });

  it('a body hinged at its centre swings, once given an offset shape, as the compound pendulum: α = m g d / I_pivot', () => {
    const world = new World({ gravity: [0, -G, 0] });
    const body = world.createBody({ shapes: [{ type: 'sphere', radius: 0.25 }] });
    const hinge = world.createHingeJoint({ bodyA: body, anchor: [0, 0, 0], axis: [0, 0, 1] });
    steps(world, 10);
    // balanced about the hinge: it does not turn
    expect(Math.abs(body.angularVelocity[2])).toBeLessThan(1e-9);
    body.addShape({ type: 'box', halfExtents: [0.25, 0.1, 0.1], position: [1, 0, 0], density: 4000 });
    // the joint still holds the body at the same point: its anchor moved with the centre
    expect(hinge.getLinearError()).toBeLessThan(1e-12);
    const mSphere = 1000 * (4 / 3) * Math.PI * 0.25 ** 3, mBox = 4000 * 0.5 * 0.2 * 0.2;
    const m = mSphere + mBox, d = mBox / m; // the centre's distance from the hinge
    expect(body.position[0]).toBeCloseTo(d, 12);
    // about the hinge: each part's own moment plus its mass at its distance
    const iPivot = sphereInertia(mSphere, 0.25)[2] + boxInertia(mBox, [0.25, 0.1, 0.1])[2] + mBox * 1;
    const alpha = (m * G * d) / iPivot;
    const n = 6, t = n * DT;
    steps(world, n);
    // ω(t) ≈ −α t while the angle is small (θ = ½ α t² < 0.03 rad here: cos θ > 0.9995)
    expect(body.angularVelocity[2] / (-alpha * t)).toBeCloseTo(1, 2);
    expect(hinge.getLinearError()).toBeLessThan(1e-3);
  });

  it('the pose drawn between steps moves its centre with the centre of mass: the body is drawn where it was', () => {
    const world = new World({ gravity: [0, -G, 0] });
    const body = world.createBody({ position: [0, 5, 0], angularVelocity: [0, 0, 2], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] });
    world.advance(2.5 / 60); // two steps, drawn half way between the last two poses
    expect(world.interpolationAlpha).toBeCloseTo(0.5, 9);
    const shape = body.shapes[0];
    const drawn = () => {
      // the shape's centre as drawn: the interpolated centre of mass plus the interpolated rotation of the shape's offset
      const x = body.getInterpolatedPosition([0, 0, 0]), q = body.getInterpolatedOrientation([0, 0, 0, 1]);
      const p = shape.position, [qx, qy, qz, qw] = q;
      // v' = v + 2w (u × v) + 2 u × (u × v), u = (qx, qy, qz)
      const t = [2 * (qy * p[2] - qz * p[1]), 2 * (qz * p[0] - qx * p[2]), 2 * (qx * p[1] - qy * p[0])];
      return [0, 1, 2].map((k) => x[k] + p[k] + qw * t[k] + [qy * t[2] - qz * t[1], qz * t[0] - qx * t[2], qx * t[1] - qy * t[0]][k]);
    };
    const before = drawn();
    body.addShape({ type: 'sphere', radius: 0.5, position: [1.5, 0, 0] });
    const after = drawn();
    // (to the chord between a lerp of the centre's two offsets and the offset turned by the slerp: |c| θ²/8
    // for the step's turn θ = ω dt, 1e-4 m here; without the shift it would be drawn |c| = 0.75 m away)
    const theta = 2 / 60, c = 0.75;
    for (let k = 0; k < 3; k++) expect(Math.abs(after[k] - before[k])).toBeLessThan((c * theta * theta) / 8 + 1e-12);
  });

  it('the joint anchors on a body stay on the same points of it when its centre moves', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const a = world.createBody({ shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] });
    const b = world.createBody({ position: [2, 0, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] });
    const ball = world.createBallJoint({ bodyA: a, bodyB: b, anchor: [1, 0.5, 0] });
    const weld = world.createWeldJoint({ bodyA: b, anchor: [2, 0, 0.5] });
    const distance = world.createDistanceJoint({ bodyA: a, bodyB: b, anchorA: [0, 0.5, 0], anchorB: [2, 0.5, 0] });
    const pulley = world.createPulleyJoint({ bodyA: a, bodyB: b, anchorA: [0, 0, 0.5], anchorB: [2, 0, 0.5], groundA: [0, 3, 0.5], groundB: [2, 3, 0.5] });
    const anchors = () => [ball.getAnchorA([0, 0, 0]), ball.getAnchorB([0, 0, 0]), weld.getAnchorB([0, 0, 0]), distance.getAnchorA([0, 0, 0]), pulley.getAnchorA([0, 0, 0])];
    const before = anchors();
    a.addShape({ type: 'sphere', radius: 0.3, position: [0, -1, 0] });
    b.addShape({ type: 'box', halfExtents: [0.2, 0.2, 0.2], position: [0.7, 0.3, -0.2] });
    const after = anchors();
    for (let i = 0; i < before.length; i++) for (let k = 0; k < 3; k++) expect(after[i][k]).toBeCloseTo(before[i][k], 12);
    expect(world.getMaxLinearError()).toBeLessThan(1e-12);
  });

  it('a static body takes shapes without moving: its position stays and it has no mass', () => {
    const world = new World();
    const wall = world.createBody({ type: 'static', position: [1, 2, 3], shapes: [{ type: 'box', halfExtents: [1, 1, 1] }] });
    const shape = wall.addShape({ type: 'sphere', radius: 1, position: [3, 0, 0] });
    expect(Array.from(wall.position)).toEqual([1, 2, 3]);
    expect(Array.from(shape.position)).toEqual([3, 0, 0]);
    expect(wall.mass).toBe(Infinity);
    wall.addShape({ type: 'plane' });
    expect(wall.shapes).toHaveLength(3);
  });

  it('the last shape of a dynamic body may go: it keeps its mass, inertia and centre, and collides with nothing', () => {
    const { world } = floorWorld();
    const body = world.createBody({ position: [0, 0.5, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] });
    const mass = body.mass, inertia = Array.from(body.inertiaLocal);
    steps(world, 10);
    body.removeShape(body.shapes[0]);
    expect(body.shapes).toHaveLength(0);
    expect(body.mass).toBe(mass);
    expect(Array.from(body.inertiaLocal)).toEqual(inertia);
    steps(world, 30);
    expect(body.position[1]).toBeLessThan(0);
    // a shape added again gives it the shape's mass
    body.addShape({ type: 'sphere', radius: 0.5, density: 10 });
    expect(body.mass).toBeCloseTo(10 * (4 / 3) * Math.PI * 0.125, 12);
  });
});

describe('queries, snapshots and hashes see a shape that changes', () => {
  it('castRay sees a resize, an added shape and a removed one at once, without a step', () => {
    const world = new World();
    const target = world.createBody({ type: 'static', shapes: [{ type: 'sphere', radius: 1 }] });
    const ray = () => world.castRay([0, 10, 0], [0, -1, 0]);
    expect(ray()?.distance).toBeCloseTo(9, 12);
    target.shapes[0].setRadius(2);
    expect(ray()?.distance).toBeCloseTo(8, 12);
    const cap = target.addShape({ type: 'box', halfExtents: [0.5, 0.5, 0.5], position: [0, 4, 0] });
    expect(ray()?.shape).toBe(cap);
    expect(ray()?.distance).toBeCloseTo(5.5, 12);
    target.removeShape(cap);
    expect(ray()?.shape).toBe(target.shapes[0]);
    expect(ray()?.distance).toBeCloseTo(8, 12);
  });

  it('a changed body in a snapshot: the restored world runs on bit for bit', () => {
    const build = () => {
      const { world } = floorWorld();
      const stack: Body[] = [];
      for (let i = 0; i < 4; i++) stack.push(world.createBody({ position: [0.01 * i, 0.5 + i, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] }));
      const hinged = world.createBody({ position: [3, 2, 0], shapes: [{ type: 'sphere', radius: 0.3 }] });
      world.createHingeJoint({ bodyA: hinged, anchor: [3, 2, 0], axis: [0, 0, 1] });
      return { world, stack, hinged };
    };
    const { world, stack, hinged } = build();
    steps(world, 30);
    stack[1].shapes[0].setHalfExtents([0.6, 0.5, 0.4]);
    hinged.addShape({ type: 'capsule', radius: 0.1, halfHeight: 0.4, position: [0.8, 0, 0] });
    // a snapshot between the change and the next step
    const early = World.restore(JSON.parse(JSON.stringify(world.snapshot())));
    expect(early.hash()).toBe(world.hash());
    steps(world, 20);
    stack[0].removeShape(stack[0].shapes[0]);
    stack[0].addShape({ type: 'sphere', radius: 0.5 });
    steps(world, 5);
    const late = World.restore(JSON.parse(JSON.stringify(world.snapshot())));
    // the restored world given the same changes at the same step
    steps(early, 20);
    const first = early.bodies[1];
    first.removeShape(first.shapes[0]);
    first.addShape({ type: 'sphere', radius: 0.5 });
    steps(early, 5);
    expect(early.hash()).toBe(world.hash());
    steps(world, 30);
    steps(late, 30);
    steps(early, 30);
    expect(late.hash()).toBe(world.hash());
    expect(early.hash()).toBe(world.hash());
    // (and the run moved: the stack fell where the resized box and the sphere put it)
    expect(stack[0].shapes[0].type).toBe('sphere');
  });

  it('world.hash() sees a resize, an added shape and a removed one', () => {
    const world = new World();
    const body = world.createBody({ shapes: [{ type: 'sphere', radius: 0.5 }] });
    const hashes = new Set([world.hash()]);
    body.shapes[0].setRadius(0.6);
    hashes.add(world.hash());
    const added = body.addShape({ type: 'box', halfExtents: [0.1, 0.1, 0.1], position: [1, 0, 0] });
    hashes.add(world.hash());
    body.removeShape(body.shapes[0]);
    hashes.add(world.hash());
    expect(hashes.size).toBe(4);
    // (taking off the shape just added gives back the world as it was, to the bit)
    const again = world.hash();
    body.removeShape(body.addShape({ type: 'sphere', radius: 0.2, position: [0, 1, 0] }));
    expect(world.hash()).toBe(again);
  });
});

describe('bad shape changes are refused, changing nothing', () => {
  function scene() {
    const world = new World();
    const body = world.createBody({ position: [0, 1, 0], shapes: [{ type: 'sphere', radius: 0.5 }, { type: 'box', halfExtents: [0.2, 0.2, 0.2], position: [1, 0, 0] }] });
    const other = world.createBody({ position: [5, 0, 0], shapes: [{ type: 'sphere', radius: 0.5 }] });
    return { world, body, other };
  }
  function refuses(world: World, act: () => void, message: RegExp, kind: new (...args: never[]) => Error = RangeError): void {
    const hash = world.hash();
    expect(act).toThrow(message);
    expect(act).toThrow(kind);
    expect(world.hash()).toBe(hash);
  }

  it('sizes that are not positive finite numbers', () => {
    const { world, body } = scene();
    const [sphere, box] = body.shapes;
    refuses(world, () => sphere.setRadius(-1), /setRadius: sphere radius must be .*got -1/);
    refuses(world, () => sphere.setRadius(0), /setRadius: sphere radius .*got 0/);
    refuses(world, () => sphere.setRadius(NaN), /setRadius: sphere radius .*got NaN/);
    refuses(world, () => box.setHalfExtents([1, -1, 1]), /setHalfExtents: box halfExtents\[1\] .*got -1/);
    refuses(world, () => box.setHalfExtents([1, 1]), /setHalfExtents: box halfExtents must be .*3 numbers/, TypeError);
    expect(sphere.radius).toBe(0.5);
    expect(Array.from(box.halfExtents)).toEqual([0.2, 0.2, 0.2]);
  });

  it('a size its type does not have', () => {
    const { world, body } = scene();
    refuses(world, () => body.shapes[1].setRadius(1), /setRadius: a box has no radius \(spheres and capsules and cylinders and cones have one\)/, TypeError);
    refuses(world, () => body.shapes[0].setHalfExtents([1, 1, 1]), /setHalfExtents: a sphere has no halfExtents/, TypeError);
  });

  it('a mass out of range: the shape keeps its old size', () => {
    const { world, body } = scene();
    refuses(world, () => body.shapes[0].setRadius(1e6), /setRadius: shapes of density 1000 kg\/m³ give mass .* above the maximum/);
    expect(body.shapes[0].radius).toBe(0.5);
    refuses(world, () => body.addShape({ type: 'box', halfExtents: [1e6, 1e6, 1e6] }), /addShape: shapes of density 1000 kg\/m³ give mass .* above the maximum/);
    expect(body.shapes).toHaveLength(2);
  });

  it('adding to or removing from a removed body; removing a shape not on the body', () => {
    const { world, body, other } = scene();
    refuses(world, () => body.removeShape(other.shapes[0]), /removeShape: shape must be one of body 1's shapes, got a shape of another body/);
    refuses(world, () => body.removeShape({} as Shape), /removeShape: shape must be one of body 1's shapes, got \{ *\}/);
    const shape = body.shapes[1];
    body.removeShape(shape);
    refuses(world, () => body.removeShape(shape), /removeShape: shape must be one of body 1's shapes, got a shape removed from its body/);
    refuses(world, () => shape.setRadius(1), /setRadius: a box has no radius/, TypeError);
    refuses(world, () => shape.setHalfExtents([1, 1, 1]), /setHalfExtents: the shape was removed from its body/, Error);
    world.removeBody(other);
    refuses(world, () => other.addShape({ type: 'sphere', radius: 1 }), /addShape: body 2 was removed from its world/, Error);
    refuses(world, () => other.removeShape(other.shapes[0]), /removeShape: body 2 was removed from its world/, Error);
    refuses(world, () => other.shapes[0].setRadius(1), /setRadius: body 2 was removed from its world/, Error);
  });

  it('bad options, and a shape the body type may not carry', () => {
    const { world, body } = scene();
    refuses(world, () => body.addShape({ type: 'sphere', radius: -2 }), /addShape: sphere radius .*got -2/);
    refuses(world, () => body.addShape({ type: 'sphere', radius: 1, colour: 'red' } as never), /addShape: unknown option 'colour'/);
    refuses(world, () => body.addShape({ type: 'plane' }), /addShape: a plane only goes on a static body \(it has no mass\), and body 1 is dynamic/);
    refuses(world, () => body.addShape(null as never), /addShape: a shape must be an object, got null/, TypeError);
  });

  it('a change from inside a step (a contact hook) or a query predicate', () => {
    const { world, body } = scene();
    world.createBody({ type: 'static', position: [0, 0, 0], shapes: [{ type: 'box', halfExtents: [3, 0.6, 3] }] });
    let thrown: unknown = null;
    world.onPreSolve = () => {
      try {
        body.shapes[0].setRadius(0.7);
      } catch (error) {
        thrown = error;
      }
    };
    world.step(DT);
    expect(String(thrown)).toMatch(/setRadius: called from inside a step/);
    world.onPreSolve = null;
    expect(body.shapes[0].radius).toBe(0.5);
    let fromQuery: unknown = null;
    world.castRay([0, 10, 0], [0, -1, 0], Infinity, {
      predicate: () => {
        try {
          body.addShape({ type: 'sphere', radius: 1 });
        } catch (error) {
          fromQuery = error;
        }
        return true;
      },
    });
    expect(String(fromQuery)).toMatch(/addShape: called from inside a query's predicate/);
    expect(body.shapes).toHaveLength(2);
  });
});

// The viewer's 2D scenes in node: the car drives over the chain-shaped hills without flipping, the plank
// bridge holds its crates with a bounded sag, the Newton's cradle passes the first ball's swing to the
// last; the 2D drawing outlines and fills every shape and draws every contact point; the contact scenes'
// 2D vs 3D views run the 2D twin with shapes and hold the 3D run to the plane.

import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { SCENES } from '../viewer/scenes/index.js';
import { defaultSettings, SceneRunner, FIXED_STEP } from '../viewer/simulation.js';
import { World2DView } from '../viewer/render/world2d-view.js';
import { fillGeometry, outlineSegments } from '../viewer/render/shape2d-geometry.js';
import { chassisOf, hillHeight } from '../viewer/scenes/car-2d.js';
import { cratesHeld, deckSag, dropCrate } from '../viewer/scenes/bridge-2d.js';
import { BALLS, ballsOf, LENGTH, riseOf } from '../viewer/scenes/cradle-2d.js';
import { World2D, type Body2D } from '../lib/2d/index.js';

/** Whether any 2D body's position is not finite or it moves faster than 1000 m/s or rad/s. */
function hasExploded(bodies: readonly Body2D[]): boolean {
  return bodies.some((b) => ![b.position[0], b.position[1]].every(Number.isFinite) || !(Math.hypot(b.linearVelocity[0], b.linearVelocity[1]) <= 1e3) || !(Math.abs(b.angularVelocity) <= 1e3));
}

function runner(name: string, params: Record<string, number> = {}, compare = false): SceneRunner {
  const scene = SCENES.find((s) => s.name === name)!;
  const defaults = Object.fromEntries((scene.params ?? []).map((p) => [p.key, p.value]));
  return new SceneRunner(scene, { ...defaults, ...params }, defaultSettings(scene), compare);
}

describe('2D-only scenes', () => {
  it('car-2d: at full throttle the car climbs the hills, more than 25 m in 5 s, and never tips past 60°', () => {
    const r = runner('car-2d', { throttle: 1 });
    const chassis = chassisOf(r.live);
    const x0 = chassis.position[0];
    let steepest = 0, highest = -Infinity;
    for (let i = 0; i < 300; i++) {
      r.step();
      steepest = Math.max(steepest, Math.abs(chassis.angle));
      highest = Math.max(highest, hillHeight(chassis.position[0]));
    }
    const travelled = chassis.position[0] - x0;
    expect(travelled).toBeGreaterThan(25);
    expect(steepest).toBeLessThan(Math.PI / 3);
    // it went over hills, not along the flat start: the ground under it rose by more than 1 m
    expect(highest).toBeGreaterThan(1);
    // and it rides on them: the chassis stays within its wheels' reach of the ground under it
    expect(chassis.position[1] - hillHeight(chassis.position[0])).toBeLessThan(2);
    expect(chassis.position[1] - hillHeight(chassis.position[0])).toBeGreaterThan(0.3);
    expect(r.live.flat!.world.contacts.length).toBeGreaterThan(0);
  });

  it('car-2d: the brake (space) holds it still on the flat, and A drives it backward', () => {
    const r = runner('car-2d', { throttle: 0 });
    const chassis = chassisOf(r.live);
    r.live.keys.add(' ');
    for (let i = 0; i < 60; i++) r.step();
    expect(Math.abs(chassis.linearVelocity[0])).toBeLessThan(0.05);
    r.live.keys.clear();
    r.live.keys.add('a');
    const x0 = chassis.position[0];
    for (let i = 0; i < 60; i++) r.step();
    expect(chassis.position[0] - x0).toBeLessThan(-1);
  });

  it('bridge-2d: the planks hold all six crates, sagging less than 0.5 m, and a seventh dropped on it', () => {
    const r = runner('bridge-2d');
    const scene = r.live.flat!;
    for (let i = 0; i < 240; i++) r.step();
    expect(cratesHeld(scene)).toBe(6);
    const sag = deckSag(scene);
    expect(sag).toBeGreaterThan(0.01); // the crates weigh on it
    expect(sag).toBeLessThan(0.5);
    dropCrate(scene, [0, 3]);
    for (let i = 0; i < 120; i++) r.step();
    expect(cratesHeld(scene)).toBe(7);
    expect(deckSag(scene)).toBeLessThan(0.6);
    expect(scene.world.getMaxLinearError()).toBeLessThan(0.01);
    expect(hasExploded(scene.world.bodies)).toBe(false);
  });

  it('cradle-2d: the last ball rises to within 10 % of the first ball\'s drop, and the middle ones barely move', () => {
    const r = runner('cradle-2d');
    const scene = r.live.flat!, balls = ballsOf(scene);
    const drop = scene.figures.drop;
    expect(drop).toBeCloseTo(LENGTH * (1 - Math.cos((40 * Math.PI) / 180)), 12);
    expect(riseOf(balls[0])).toBeCloseTo(drop, 9);
    let middle = 0;
    // the first swing takes a quarter period to the row, the last ball a quarter more to its top: √(L/g) π ≈ 1.4 s
    for (let i = 0; i < 120; i++) {
      r.step();
      for (let k = 1; k < BALLS - 1; k++) middle = Math.max(middle, riseOf(balls[k]));
    }
    expect(scene.figures.peak).toBeGreaterThan(0.9 * drop);
    expect(scene.figures.peak).toBeLessThan(1.0001 * drop);
    expect(middle).toBeLessThan(0.05 * drop);
  });

  it('2D-only scenes run in their World2D: the 3D world is empty and the steps are the 2D world\'s', () => {
    for (const scene of SCENES.filter((s) => s.build2D !== undefined)) {
      const r = runner(scene.name);
      for (let i = 0; i < 10; i++) r.step();
      expect(r.live.world.bodies.length, scene.name).toBe(0);
      expect(r.live.flat!.world.stepCount, scene.name).toBe(10);
      expect(r.live.flat!.world.time, scene.name).toBeCloseTo(10 * FIXED_STEP, 12);
    }
  });
});

describe('2D drawing', () => {
  it('outlines each shape kind in the body frame and fills the solids and a chain ground', () => {
    const world = new World2D();
    const body = world.createBody({
      position: [1, 2],
      shapes: [
        { type: 'circle', radius: 0.5, position: [1, 0] },
        { type: 'box', halfExtents: [0.4, 0.2], angle: Math.PI / 2 },
        { type: 'capsule', radius: 0.1, halfHeight: 0.3, position: [-1, 0] },
      ],
    });
    const [circle, box, capsule] = body.shapes;
    // the circle's rim (48 pieces) and a radius, each piece two points of x, y, z
    const rim = outlineSegments(circle);
    expect(rim.length).toBe(49 * 6);
    for (let i = 0; i < 48 * 6; i += 3) expect(Math.hypot(rim[i] - circle.position[0], rim[i + 1] - circle.position[1])).toBeCloseTo(0.5, 12);
    // the box turned a quarter: its corners at (±0.2, ±0.4) about its place
    const edges = outlineSegments(box);
    expect(edges.length).toBe(4 * 6);
    for (let i = 0; i < edges.length; i += 3) {
      expect(Math.abs(edges[i] - box.position[0])).toBeCloseTo(0.2, 12);
      expect(Math.abs(edges[i + 1] - box.position[1])).toBeCloseTo(0.4, 12);
    }
    // a capsule's outline keeps the radius from its core segment
    const pill = outlineSegments(capsule);
    for (let i = 0; i < pill.length - 6; i += 3) {
      const x = pill[i] - capsule.position[0], y = pill[i + 1] - capsule.position[1];
      const core = Math.max(-0.3, Math.min(0.3, y));
      expect(Math.hypot(x, y - core)).toBeCloseTo(0.1, 9);
    }
    // fills: the areas of the disc (48-gon), the box and the capsule
    const area = (g: THREE.BufferGeometry) => {
      const p = g.getAttribute('position'), index = g.getIndex()!;
      let sum = 0;
      for (let i = 0; i < index.count; i += 3) {
        const [a, b, c] = [index.getX(i), index.getX(i + 1), index.getX(i + 2)];
        sum += Math.abs((p.getX(b) - p.getX(a)) * (p.getY(c) - p.getY(a)) - (p.getX(c) - p.getX(a)) * (p.getY(b) - p.getY(a))) / 2;
      }
      return sum;
    };
    expect(area(fillGeometry(circle)!)).toBeCloseTo(0.5 * 48 * 0.25 * Math.sin((2 * Math.PI) / 48), 6);
    expect(area(fillGeometry(box)!)).toBeCloseTo(0.32, 6);
    expect(area(fillGeometry(capsule)!)).toBeCloseTo(0.6 * 0.2 + Math.PI * 0.01, 2);
    // a chain ground fills down to 2 m below its lowest point: a trapezoid here
    const ground = world.createBody({ type: 'static', shapes: [{ type: 'chain', points: [[0, 0], [1, 1], [2, 0]] }] });
    expect(outlineSegments(ground.shapes[0]).length).toBe(2 * 6);
    expect(area(fillGeometry(ground.shapes[0], 2)!)).toBeCloseTo(2 * 2 + 1, 6);
    // a segment has an outline and no fill
    const wall = world.createBody({ type: 'static', shapes: [{ type: 'segment', points: [[0, 0], [0, 3]] }] });
    expect(fillGeometry(wall.shapes[0])).toBeNull();
  });

  it('draws every body with shapes, follows their poses, adds dropped bodies, and draws every 2D contact point', () => {
    const r = runner('bridge-2d');
    const scene = r.live.flat!;
    const view = new World2DView(scene.world, { fill: true, colours: scene.colours });
    expect(view.bodyCount).toBe(scene.world.bodies.length);
    for (let i = 0; i < 120; i++) r.step();
    dropCrate(scene, [0, 3]);
    r.step();
    view.sync(true);
    expect(view.bodyCount).toBe(scene.world.bodies.length);
    let points = 0;
    for (const contact of scene.world.contacts) points += contact.manifold.count;
    expect(points).toBeGreaterThan(6);
    expect(view.contactsDrawn).toBe(points);
    view.sync(false);
    expect(view.contactsDrawn).toBe(0);
    view.dispose();
  });
});

describe('2D vs 3D views of the contact scenes', () => {
  it('pyramid: the 2D twin has the boxes with shapes and the 3D run stays exactly in the plane; both stand after 2 s', () => {
    const r = runner('pyramid', { rows: 6 }, true);
    const twin = r.twin!, top = 20;
    expect(twin.bodies).toHaveLength(21);
    for (const body of twin.bodies) expect(body.shapes[0].type).toBe('box');
    const tops = [r.live.bodies[top].position[1], twin.bodies[top].position[1]];
    for (let i = 0; i < 120; i++) r.step();
    for (const body of r.live.bodies) {
      expect(Math.abs(body.position[2])).toBeLessThan(1e-12);
      expect(body.orientation[0]).toBe(0);
      expect(body.orientation[1]).toBe(0);
    }
    expect(Math.abs(r.live.bodies[top].position[1] - tops[0])).toBeLessThan(0.05);
    expect(Math.abs(twin.bodies[top].position[1] - tops[1])).toBeLessThan(0.05);
    // 2D and 3D agree on where the top box stands, to a centimetre
    expect(Math.abs(twin.bodies[top].position[1] - r.live.bodies[top].position[1])).toBeLessThan(0.01);
  });

  it('wall, falling pile and ragdoll pile: their 2D twins build with shapes and run 1 s without exploding, the 3D runs in the plane', () => {
    for (const [name, params] of [['wall', {}], ['falling-pile', { count: 100 }], ['ragdoll-pile', { count: 2 }]] as const) {
      const r = runner(name, params, true);
      for (let i = 0; i < 60; i++) r.step();
      expect(hasExploded(r.twin!.world.bodies), name).toBe(false);
      expect(r.twin!.world.contacts.length, name).toBeGreaterThan(0);
      for (const body of r.live.bodies) expect(Math.abs(body.position[2]), name).toBeLessThan(1e-9);
      expect(r.brokenJoints, name).toBe(0);
      expect(r.live.world.getMaxLinearError(), name).toBeLessThan(0.03);
    }
  });
});

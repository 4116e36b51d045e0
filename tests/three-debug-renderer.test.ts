// SinewDebugRenderer (sinew-physics/three): one LineSegments drawing a world's shapes (each type's
// wireframe, where its body is), contact points and normals, joint frames and limits (the joints' own
// drawing), shapes' boxes and sleeping bodies, each group toggled; its line count follows the world as
// bodies come and go; its buffers grow by doubling and are rewritten in place; update() allocates nothing.

import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { JOINT_DRAW_COLOURS, World, type DebugLines } from '../lib/index.js';
import { DEBUG_COLOURS, SinewDebugRenderer } from '../lib/three/index.js';
import { allocatedBytesPerCall } from './allocation-measure.js';

/** Lines each shape type draws (see debug-renderer.ts). */
const SPHERE = 3 * 24, CAPSULE = 2 * (24 + 12 + 12) + 4, BOX = 12, PLANE = 2 * 11 + 1;

/** The drawn lines' end points and colours (0xRRGGBB, back from the linear colour attribute). */
function drawnLines(renderer: SinewDebugRenderer): { a: THREE.Vector3; b: THREE.Vector3; colour: number }[] {
  const position = renderer.geometry.getAttribute('position'), colour = renderer.geometry.getAttribute('color');
  const lines = [];
  for (let i = 0; i < renderer.lineCount; i++) {
    lines.push({
      a: new THREE.Vector3().fromBufferAttribute(position, 2 * i),
      b: new THREE.Vector3().fromBufferAttribute(position, 2 * i + 1),
      colour: new THREE.Color().fromBufferAttribute(colour, 2 * i).getHex(),
    });
  }
  return lines;
}

describe('SinewDebugRenderer', () => {
  it('draws each shape type where its body is, in its body type’s colour', () => {
    const world = new World();
    const ball = world.createBody({ position: [0, 5, 0], shapes: [{ type: 'sphere', radius: 0.5 }] });
    world.createBody({ type: 'kinematic', position: [3, 5, 0], shapes: [{ type: 'capsule', radius: 0.3, halfHeight: 0.6 }] });
    world.createBody({ type: 'static', position: [-3, 1, 0], shapes: [{ type: 'box', halfExtents: [1, 0.5, 0.25] }, { type: 'sphere', radius: 0.2, sensor: true, position: [0, 2, 0] }] });
    const hullBody = world.createBody({ position: [6, 5, 0], shapes: [{ type: 'hull', points: [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]] }] });
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    world.createBody({ type: 'static', position: [0, -1, 0], shapes: [{ type: 'trimesh', vertices: [0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 1], indices: [0, 2, 1, 1, 2, 3] }] });
    world.createBody({ type: 'static', position: [0, -2, 0], shapes: [{ type: 'heightfield', rows: 3, columns: 3, size: [2, 2], heights: [0, 0, 0, 0, NaN, 0, 0, 0, 0] }] });
    const renderer = new SinewDebugRenderer(world);
    renderer.update();
    const hullEdges = hullBody.shapes[0].hull!.edgeCount;
    // a heightfield of 2 x 2 cells with its middle a hole: the six triangles around it are holes, the two
    // that do not touch it (the far halves of the cells at row 0, column 1 and row 1, column 0) are drawn
    expect(renderer.lineCount).toBe(SPHERE + CAPSULE + BOX + SPHERE + hullEdges + PLANE + 2 * 3 + 2 * 3);
    expect(renderer.geometry.drawRange.count).toBe(2 * renderer.lineCount);
    const lines = drawnLines(renderer);
    // the ball: three great circles of radius 0.5 about (0, 5, 0), in the awake colour
    const centre = new THREE.Vector3(...ball.position);
    for (const line of lines.slice(0, SPHERE)) {
      expect(line.a.distanceTo(centre)).toBeCloseTo(0.5, 6);
      expect(line.colour).toBe(DEBUG_COLOURS.dynamic);
    }
    const colours = new Set(lines.map((line) => line.colour));
    for (const key of ['dynamic', 'kinematic', 'static', 'sensor'] as const) expect(colours.has(DEBUG_COLOURS[key])).toBe(true);
    // the box: its 12 edges span [-4, -2] x [0.5, 1.5] x [-0.25, 0.25]
    const boxLines = lines.slice(SPHERE + CAPSULE, SPHERE + CAPSULE + BOX);
    const xs = boxLines.flatMap((line) => [line.a.x, line.b.x]);
    expect(Math.min(...xs)).toBeCloseTo(-4, 6);
    expect(Math.max(...xs)).toBeCloseTo(-2, 6);
  });

  it('each group is toggled: shapes, contacts, joint frames and limits, boxes', () => {
    const world = new World({ gravity: [0, -9.81, 0] });
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    const box = world.createBody({ position: [0, 0.5, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] });
    const link = world.createBody({ position: [3, 2, 0], shapes: [{ type: 'sphere', radius: 0.2 }] });
    const hinge = world.createHingeJoint({ bodyA: link, anchor: [3, 3, 0], axis: [0, 0, 1], lowerAngle: -0.5, upperAngle: 0.5 });
    for (let i = 0; i < 10; i++) world.step(1 / 60);
    const points = world.contacts.reduce((sum, contact) => sum + contact.manifold.count, 0);
    expect(points).toBe(4); // the box on the plane
    let frames = 0, limits = 0;
    const counter = (add: () => void): DebugLines => ({ line: add });
    hinge.drawFrames(counter(() => frames++), 0.25);
    hinge.drawLimits(counter(() => limits++), 0.25);
    expect(frames).toBeGreaterThan(0);
    expect(limits).toBeGreaterThan(0);

    const renderer = new SinewDebugRenderer(world, { drawAabbs: true });
    const count = () => (renderer.update(), renderer.lineCount);
    const shapes = PLANE + BOX + SPHERE, contacts = 4 * points, aabbs = 2 * 12;
    expect(count()).toBe(shapes + contacts + frames + limits + aabbs);
    renderer.drawShapes = false;
    expect(count()).toBe(contacts + frames + limits + aabbs);
    renderer.drawContacts = false;
    expect(count()).toBe(frames + limits + aabbs);
    renderer.drawJointFrames = false;
    expect(count()).toBe(limits + aabbs);
    renderer.drawJointLimits = false;
    expect(count()).toBe(aabbs);
    renderer.drawAabbs = false;
    expect(count()).toBe(0);
    // the same toggles as options; the contact normal points from the plane (A) up into the box
    const contactsOnly = new SinewDebugRenderer(world, { drawShapes: false, drawJointFrames: false, drawJointLimits: false });
    contactsOnly.update();
    const normals = drawnLines(contactsOnly).filter((line) => line.colour === DEBUG_COLOURS.contactNormal);
    expect(normals.length).toBe(4);
    for (const normal of normals) {
      expect(normal.b.y - normal.a.y).toBeCloseTo(0.2, 6);
      expect(normal.a.y).toBeCloseTo(0, 2);
    }
    // joint lines are in the joints' colours
    const jointsOnly = new SinewDebugRenderer(world, { drawShapes: false, drawContacts: false });
    jointsOnly.update();
    expect(new Set(drawnLines(jointsOnly).map((line) => line.colour)).has(JOINT_DRAW_COLOURS.axisXA)).toBe(true);
    // a box: its world box's 12 edges about the body
    const boxOnly = new SinewDebugRenderer(world, { drawShapes: false, drawContacts: false, drawJointFrames: false, drawJointLimits: false, drawAabbs: true });
    boxOnly.update();
    const edges = drawnLines(boxOnly).slice(0, 12);
    const ys = edges.flatMap((line) => [line.a.y, line.b.y]);
    expect(Math.min(...ys)).toBeCloseTo(box.position[1] - 0.5, 6);
    expect(Math.max(...ys)).toBeCloseTo(box.position[1] + 0.5, 6);
  });

  it('the line count follows bodies added and removed; sleeping bodies change colour', () => {
    const world = new World({ gravity: [0, -9.81, 0] });
    world.createBody({ type: 'static', position: [0, -0.5, 0], shapes: [{ type: 'box', halfExtents: [5, 0.5, 5] }] });
    const renderer = new SinewDebugRenderer(world, { drawContacts: false });
    renderer.update();
    expect(renderer.lineCount).toBe(BOX);
    const balls = [];
    for (let i = 0; i < 5; i++) balls.push(world.createBody({ position: [2 * i - 4, 0.5 + i, 0], shapes: [{ type: 'sphere', radius: 0.5 }] }));
    renderer.update();
    expect(renderer.lineCount).toBe(BOX + 5 * SPHERE);
    world.removeBody(balls[4]);
    renderer.update();
    expect(renderer.lineCount).toBe(BOX + 4 * SPHERE);
    const awake = drawnLines(renderer).filter((line) => line.colour === DEBUG_COLOURS.dynamic).length;
    expect(awake).toBe(4 * SPHERE);
    for (let i = 0; i < 600 && world.sleepingBodyCount < 4; i++) world.step(1 / 60);
    expect(world.sleepingBodyCount).toBe(4);
    renderer.update();
    const lines = drawnLines(renderer);
    expect(lines.filter((line) => line.colour === DEBUG_COLOURS.sleeping).length).toBe(4 * SPHERE);
    expect(lines.filter((line) => line.colour === DEBUG_COLOURS.dynamic).length).toBe(0);
    renderer.drawSleep = false;
    renderer.update();
    expect(drawnLines(renderer).filter((line) => line.colour === DEBUG_COLOURS.dynamic).length).toBe(4 * SPHERE);
  });

  it('grows its buffers by doubling, keeping one LineSegments', () => {
    const world = new World();
    const renderer = new SinewDebugRenderer(world, { capacity: 16 });
    renderer.update();
    const first = renderer.geometry;
    expect(first.getAttribute('position').count).toBe(32);
    for (let i = 0; i < 10; i++) world.createBody({ position: [i, 0, 0], shapes: [{ type: 'sphere', radius: 0.5 }] });
    renderer.update();
    expect(renderer.lineCount).toBe(10 * SPHERE);
    expect(renderer.geometry.getAttribute('position').count).toBe(2 * 1024); // 16 doubled to 1024 lines
    expect(renderer.geometry).not.toBe(first);
    // every line was kept through the growths: the last sphere's circles are about (9, 0, 0)
    const last = drawnLines(renderer).slice(9 * SPHERE);
    for (const line of last) expect(line.a.distanceTo(new THREE.Vector3(9, 0, 0))).toBeCloseTo(0.5, 6);
    const grown = renderer.geometry;
    renderer.update();
    expect(renderer.geometry).toBe(grown); // rewritten in place
    expect(renderer.frustumCulled).toBe(false);
    renderer.dispose();
  });

  it('names bad options', () => {
    const world = new World();
    expect(() => new SinewDebugRenderer({} as World)).toThrow(/SinewDebugRenderer: world must be a \(3D\) World of sinew-physics, got \{\}/);
    expect(() => new SinewDebugRenderer(world, { drawShapes: 'yes' as unknown as boolean })).toThrow(/options.drawShapes must be true or false, got "yes"/);
    expect(() => new SinewDebugRenderer(world, { jointSize: -1 })).toThrow(/options.jointSize must be a finite number > 0, got -1/);
    expect(() => new SinewDebugRenderer(world, { capacity: 1.5 })).toThrow(/options.capacity must be a finite number > 0 \(an integer\), got 1.5/);
    expect(() => new SinewDebugRenderer(world, { colours: { aabb: 0x1000000 } })).toThrow(/options.colours.aabb must be a colour 0xRRGGBB/);
  });

  it('update() allocates nothing: shapes of every type, contacts, boxes, asleep and awake', () => {
    // (the joints' own drawing, joint.drawFrames and drawLimits, is left out: lib/joints/joint-drawing.ts
    // passes numbers to helpers V8 may keep out of line, and measured 0.5-7 KB a frame for three joints
    // into a plain sink; the renderer adds nothing to it)
    const world = new World({ gravity: [0, -9.81, 0] });
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    world.createBody({ type: 'static', position: [8, 0, 0], shapes: [{ type: 'heightfield', rows: 8, columns: 8, size: [4, 4], heights: Array.from({ length: 64 }, (_, i) => 0.1 * Math.sin(i)) }] });
    world.createBody({ type: 'static', position: [-8, 0, 0], shapes: [{ type: 'trimesh', vertices: [0, 0, 0, 2, 0, 0, 0, 0, 2], indices: [0, 2, 1] }] });
    for (let i = 0; i < 18; i++) {
      const shape = [{ type: 'sphere', radius: 0.3 }, { type: 'box', halfExtents: [0.3, 0.2, 0.3] }, { type: 'capsule', radius: 0.2, halfHeight: 0.3 },
        { type: 'hull', points: [[0, 0, 0], [0.5, 0, 0], [0, 0.5, 0], [0, 0, 0.5], [0.4, 0.4, 0.4]] }, { type: 'cylinder', radius: 0.25, halfHeight: 0.2 },
        { type: 'cone', radius: 0.3, halfHeight: 0.25 }][i % 6] as never;
      world.createBody({ position: [(i % 6) - 2.5, 0.5 + Math.floor(i / 6), 0], shapes: [shape] });
    }
    world.createBody({ type: 'kinematic', position: [0, 4, 4], angularVelocity: [0, 1, 0], shapes: [{ type: 'box', halfExtents: [1, 0.1, 1] }] });
    for (let i = 0; i < 120; i++) world.step(1 / 60);
    expect(world.contacts.length).toBeGreaterThan(5);
    expect(world.sleepingBodyCount).toBeGreaterThan(0);
    const renderer = new SinewDebugRenderer(world, { drawAabbs: true });
    renderer.update(); // grows to the frame's lines once
    const lines = renderer.lineCount;
    expect(lines).toBeGreaterThan(1000);
    // one 16-byte object per line drawn would be over 16 000 bytes an update
    expect(allocatedBytesPerCall(() => renderer.update(), 500)).toBeLessThan(8);
    expect(renderer.lineCount).toBe(lines);
  }, 120_000);
});

// npm run memory: what a world keeps after its bodies go. Run with --expose-gc (the npm script does):
// each figure is the heap (process.memoryUsage().heapUsed) plus the typed arrays' buffers (arrayBuffers)
// after a full collection, minus the same taken before the world was made, so it is what the world
// itself holds on to.
//   (a) PILE-5000: 5000 bodies fall into a pen for 200 steps, then every body is removed (and 100 steps).
//   (b) 1-IN-1000: 20 rounds of creating 10 000 bodies, stepping, and removing all but 10 (200 left),
//       and 100 steps, against a world where the 200 bodies were made directly.
//   (c) CYCLES: 10 000 rounds of adding a body and a ball joint, stepping, and removing both (the
//       figure after 1000 rounds, then after 10 000: flat when nothing leaks).

import { World } from '../dist/index.js';
import { addSceneToWorld, fallingPile } from '../dist/scenes/index.js';

if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc (npm run memory)');

function used() {
  for (let i = 0; i < 4; i++) globalThis.gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}
/** Steps after the removals: storage shrinks once under a quarter of it has been used for a second. */
const SETTLE = 100;
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const rows = [];

// each case in a function of its own, so that nothing of its world stays reachable from this module's scope

function pile() {
  const before = used();
  const world = new World();
  addSceneToWorld(world, fallingPile({ count: 5000 }));
  for (let i = 0; i < 200; i++) world.step(1 / 60);
  rows.push(['(a) PILE-5000 after 200 steps', mb(used() - before)]);
  for (const body of [...world.bodies]) world.removeBody(body);
  for (let i = 0; i < SETTLE; i++) world.step(1 / 60);
  rows.push([`(a) PILE-5000, every body removed, ${SETTLE} steps`, mb(used() - before)]);
}

function shape(i) {
  return i % 2 === 0 ? [{ type: 'box', halfExtents: [0.2, 0.2, 0.2] }] : [{ type: 'sphere', radius: 0.2 }];
}
/** Body i of a block of 20 x 20 columns, 0.5 m apart, over a ground plane. */
function add(world, i) {
  const position = [(i % 20) * 0.5 - 5, 0.3 + Math.floor(i / 400) * 0.5, (Math.floor(i / 20) % 20) * 0.5 - 5];
  return world.createBody({ position, shapes: shape(i) });
}
function withGround() {
  const world = new World();
  world.createBody({ type: 'static', shapes: [{ type: 'plane', normal: [0, 1, 0] }] });
  return world;
}

function oneIn1000() {
  const before = used();
  const world = withGround();
  for (let round = 0; round < 20; round++) {
    const made = [];
    for (let i = 0; i < 10000; i++) made.push(add(world, i));
    for (let s = 0; s < 2; s++) world.step(1 / 60);
    for (let i = 0; i < made.length; i++) if (i % 1000 !== round) world.removeBody(made[i]);
  }
  for (let i = 0; i < SETTLE; i++) world.step(1 / 60);
  rows.push([`(b) 1-IN-1000: 20 rounds of 10 000, ${world.bodies.length - 1} bodies left`, mb(used() - before)]);
}
function direct() {
  const before = used();
  const world = withGround();
  for (let i = 0; i < 200; i++) add(world, i * 50);
  for (let i = 0; i < SETTLE; i++) world.step(1 / 60);
  rows.push(['(b) the same 200 bodies made directly', mb(used() - before)]);
}

function cycles() {
  const before = used();
  const world = withGround();
  for (let cycle = 1; cycle <= 10000; cycle++) {
    const body = add(world, cycle);
    const joint = world.createBallJoint({ bodyA: body, anchor: [0, 1, 0] });
    world.step(1 / 60);
    world.removeJoint(joint);
    world.removeBody(body);
    if (cycle === 1000) rows.push(['(c) CYCLES: a body and a joint added and removed, after 1000', mb(used() - before)]);
  }
  world.step(1 / 60);
  rows.push(['(c) CYCLES: after 10 000', mb(used() - before)]);
}

const only = process.argv[2];
for (const [name, run] of Object.entries({ pile, oneIn1000, direct, cycles })) if (only === undefined || only === name) run();

console.log('| case | heap + buffers held by the world |');
console.log('|---|---|');
for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);

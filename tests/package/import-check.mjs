// Plain node, no test runner: the built package (npm run build:lib) imports through its `exports` map
// by name, as a user's project would, its declarations type-check in a consumer, and it simulates.
//   npm run test:package
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';

const sinew = await import('sinew');
const scenes = await import('sinew/scenes');
const planar = await import('sinew/2d');

for (const name of ['World', 'Body', 'BallJoint', 'WeldJoint', 'OrientationJoint', 'boxInertia', 'sphereInertia', 'capsuleInertia']) {
  assert.ok(sinew[name], `sinew exports ${name}`);
}
assert.equal(typeof scenes.hangingChain, 'function');

// It runs: a 10-link chain hangs from the world and reports its weight at the top joint (sleeping off:
// asleep at 0.5 s, the chain would keep the force of that moment, 98.07 N).
const world = new sinew.World({ sleeping: false });
let previous;
for (let i = 0; i < 10; i++) {
  const link = world.createBody({ position: [0, -(i + 0.5), 0], mass: 1, inertia: sinew.boxInertia(1, [0.1, 0.5, 0.1]) });
  world.createBallJoint({ bodyA: link, bodyB: previous, anchor: [0, -i, 0] });
  previous = link;
}
for (let i = 0; i < 600; i++) world.step(1 / 60);
const force = world.joints[0].getForce([0, 0, 0]);
assert.ok(Math.abs(force[1] + 98.1) < 1e-6, `top joint carries 98.1 N, got ${force[1]}`);

// The 2D entry: a planar scene run in both worlds agrees to round-off.
const differences = planar.comparePlanar(scenes.weldedCantilever(), { steps: 120 });
assert.ok(differences.every((d) => d.outOfPlane === 0 && d.position < 1e-12), '2D and 3D agree on the cantilever');

// Errors name the bad value.
assert.throws(() => world.createBody({ mass: -1 }), /mass must be a finite number > 0, got -1/);

// Declarations exist for every entry and a TypeScript consumer compiles against them.
const root = fileURLToPath(new URL('../../', import.meta.url));
for (const file of ['dist/index.d.ts', 'dist/scenes/index.d.ts', 'dist/2d/index.d.ts']) assert.ok(existsSync(root + file), `${file} exists`);
execFileSync(process.execPath, [root + 'node_modules/typescript/bin/tsc', '-p', root + 'tests/package/tsconfig.json'], { stdio: 'inherit' });

// The declarations show only what users may use: members marked @internal (a body's solver state, a
// joint's rows) are stripped (tsconfig.build.json stripInternal), and the rest still type-checks above.
const internal = readdirSync(root + 'dist', { recursive: true })
  .filter((file) => String(file).endsWith('.d.ts') && readFileSync(root + 'dist/' + file, 'utf8').includes('@internal'));
assert.deepEqual(internal, [], `declarations with @internal members: ${internal.join(', ')}`);
const body = readFileSync(root + 'dist/body.d.ts', 'utf8');
assert.ok(!/\bstateChunk\b|\bsaveState\b/.test(body), 'Body declares no solver internals');

console.log('package check: ESM import by name, declarations, simulation: ok');

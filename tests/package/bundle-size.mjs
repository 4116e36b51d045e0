// Plain node, after npm run build:lib (npm run test:package): what an app bundles of the built package
// stays within its limits (bench/bundle-size.mjs bundles it with rolldown, minifies it and gzips it at
// level 9; docs/bundle-size.md). The small path, a BasicWorld of spheres with a chain of ball joints
// through 'sinew-physics/core', and everything 'sinew-physics/core' exports: a change that makes them
// grow past these limits, a module-level call that keeps a table of every shape or joint type, an import
// that drags the scene queries into the core, fails here with the sizes printed. The bundled app is run
// too: it simulates, and as World does.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleApp } from '../../bench/bundle-size.mjs';

/**
 * gzip -9 bytes at most. The ball app's target is 50 KB, which the design does not reach: its bundle is
 * the world, the body, the ball joint (with its limit and friction parts), the direct solver and the
 * contacts, which the app uses (docs/bundle-size.md, "What the small app holds"); the limit sits a few
 * per cent above its size today (81.3 KB), so that growth fails here. The core entry's target is 100 KB;
 * it is 101.7 KB since the joints' springs in physical units, local frames, arc limits and servos, and
 * 102.0 since the direct solver's warm start beside iterative rows, gears removed with their joints and
 * getters that write no state, 102.1 since messages name an object's keys and a class instance's class and
 * heightfield rays take the cells beside a grid line, and 106.3 (the ball app 83.9) since cylinders and
cones, shapes that change, contact force events, point projection, concave dynamic meshes, the
character's new rules, continuous collision's impact response and restitution in the substep of impact (docs/bundle-size.md); the limits stop growth past that.
 */
const LIMITS = { 'ball-core': 84_700, 'core-everything': 107_400 };

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const sizes = {};
for (const name of ['ball-app', ...Object.keys(LIMITS)]) sizes[name] = await bundleApp(name);
for (const [name, r] of Object.entries(sizes)) {
  console.log(`bundle-size: ${name.padEnd(15)} ${kb(r.gzip).padStart(9)} gzip -9 (${kb(r.minified)} minified)${LIMITS[name] ? `, limit ${kb(LIMITS[name])}` : ''}`);
}
for (const [name, limit] of Object.entries(LIMITS)) {
  const r = sizes[name];
  assert.ok(r.gzip <= limit, `${name} bundles to ${kb(r.gzip)} gzip, past its limit of ${kb(limit)}; its largest modules: ${r.modules.slice(0, 8).map(([id, bytes]) => `${id} ${kb(bytes)}`).join(', ')}`);
}

// The bundles run: the small app prints the bodies' heights after 60 steps, the same as World's.
const dir = mkdtempSync(join(tmpdir(), 'sinew-bundle-'));
try {
  const run = (name) => {
    const file = join(dir, `${name}.mjs`);
    writeFileSync(file, sizes[name].code);
    return execFileSync(process.execPath, [file], { encoding: 'utf8' });
  };
  const core = run('ball-core'), world = run('ball-app');
  assert.match(core, /7\.75249/, 'the small app simulates (its first link hangs at 7.75 m after 60 steps)');
  assert.equal(core, world, 'the small app steps as World does');
} finally {
  rmSync(dir, { recursive: true, force: true });
}

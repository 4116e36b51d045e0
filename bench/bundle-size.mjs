// node bench/bundle-size.mjs [--json] [--modules <app>]   (after npm run build:lib; npm run bench runs it)
//
// What an app pays in bundle size for the library: small apps bundled with rolldown (the bundler Vite
// uses) against the built package in dist/, resolved through its `exports` map as a user's bundler
// would, minified by rolldown (`minify: true`), then compressed with gzip -9 (node:zlib). The apps:
//   ball-app         World, the full world, with spheres and a chain of ball joints (the scene below),
//                    through the main entry 'sinew-physics'
//   ball-core        the same scene on a BasicWorld of spheres through 'sinew-physics/core': the small
//                    path (world/basic-world.ts), at the world's defaults (the direct solver, sleeping,
//                    contacts)
//   core-everything  every export of 'sinew-physics/core'
//   everything       every export of 'sinew-physics'
//   cannon-es        the scene written for cannon-es
//   rapier3d         the scene written for @dimforge/rapier3d-compat, whose build inlines its WASM as
//                    base64: its figure is the whole engine as it bundles, most of it the WASM
// Prints a table (KB = 1000 bytes) and writes bench/out/bundle-size.json; `--json` prints the figures as
// JSON instead; `--modules <app>` also lists the app's modules by size (each module's code as it stands in
// the bundle, minified and gzipped alone: a ranking, whose sum is more than the bundle's gzip).
// tests/package/bundle-size.mjs holds the limits, docs/bundle-size.md explains the figures.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { rolldown, VERSION as ROLLDOWN_VERSION } from 'rolldown';
import { minifySync } from 'rolldown/utils';

const root = fileURLToPath(new URL('..', import.meta.url));

// The same scene in each engine, at its defaults: a static sphere of radius 20 m as the ground (top at
// y = 0), a chain of ten spheres of 0.25 m hanging from a fixed point by ball joints, ten more spheres
// dropped onto it, 60 steps of 1/60 s. Spheres only, so that each engine's bundle holds what spheres
// and ball joints need.
const SINEW_SCENE = (createWorld, createBallJoint) => `const world = ${createWorld};
const ball = (radius) => [{ type: 'sphere', radius }];
world.createBody({ type: 'static', position: [0, -20, 0], shapes: ball(20) });
let previous;
for (let i = 0; i < 10; i++) {
  const link = world.createBody({ position: [0.5 * (i + 1), 8, 0], shapes: ball(0.25) });
  ${createBallJoint}({ bodyA: link, bodyB: previous, anchor: [0.5 * i + 0.25, 8, 0] });
  previous = link;
}
for (let i = 0; i < 10; i++) world.createBody({ position: [1 + 0.4 * i, 9 + i, 0], shapes: ball(0.25) });
for (let i = 0; i < 60; i++) world.step(1 / 60);
console.log(world.bodies.map((body) => body.position[1]));
`;

const APPS = {
  'ball-app': {
    title: 'sinew World: spheres and ball joints (main entry)',
    code: `import { World } from 'sinew-physics';\n${SINEW_SCENE('new World()', 'world.createBallJoint')}`,
  },
  'ball-core': {
    title: "sinew BasicWorld: the same app through 'sinew-physics/core'",
    code: `import { BasicWorld, SPHERE_SHAPE, BALL_JOINT_DEFINITION } from 'sinew-physics/core';
${SINEW_SCENE('new BasicWorld({ shapes: [SPHERE_SHAPE] })', '((options) => world.createJoint(BALL_JOINT_DEFINITION, options))')}`,
  },
  'core-everything': {
    title: "sinew: every export of 'sinew-physics/core'",
    code: `import * as sinew from 'sinew-physics/core';\nconsole.log(Object.values(sinew).map((value) => typeof value));\n`,
  },
  everything: {
    title: "sinew: every export of 'sinew-physics'",
    code: `import * as sinew from 'sinew-physics';\nconsole.log(Object.values(sinew).map((value) => typeof value));\n`,
  },
  'cannon-es': {
    title: 'cannon-es: the ball app',
    code: `import { World, Body, Sphere, Vec3, PointToPointConstraint } from 'cannon-es';
const world = new World({ gravity: new Vec3(0, -9.81, 0) });
world.addBody(new Body({ mass: 0, shape: new Sphere(20), position: new Vec3(0, -20, 0) }));
let previous = new Body({ mass: 0, position: new Vec3(0.25, 8, 0) });
world.addBody(previous);
for (let i = 0; i < 10; i++) {
  const link = new Body({ mass: 65.45, shape: new Sphere(0.25), position: new Vec3(0.5 * (i + 1), 8, 0) });
  world.addBody(link);
  world.addConstraint(new PointToPointConstraint(link, new Vec3(-0.25, 0, 0), previous, new Vec3(i === 0 ? 0 : 0.25, 0, 0)));
  previous = link;
}
for (let i = 0; i < 10; i++) world.addBody(new Body({ mass: 65.45, shape: new Sphere(0.25), position: new Vec3(1 + 0.4 * i, 9 + i, 0) }));
for (let i = 0; i < 60; i++) world.step(1 / 60);
console.log(world.bodies.map((body) => body.position.y));
`,
  },
  rapier3d: {
    title: 'Rapier (rapier3d-compat, its WASM inlined as base64): the ball app',
    code: `import RAPIER from '@dimforge/rapier3d-compat';
await RAPIER.init();
const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
world.createCollider(RAPIER.ColliderDesc.ball(20), world.createRigidBody(RAPIER.RigidBodyDesc.fixed().setTranslation(0, -20, 0)));
let previous = world.createRigidBody(RAPIER.RigidBodyDesc.fixed().setTranslation(0.25, 8, 0));
for (let i = 0; i < 10; i++) {
  const link = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(0.5 * (i + 1), 8, 0));
  world.createCollider(RAPIER.ColliderDesc.ball(0.25).setDensity(1000), link);
  world.createImpulseJoint(RAPIER.JointData.spherical({ x: i === 0 ? 0 : 0.25, y: 0, z: 0 }, { x: -0.25, y: 0, z: 0 }), previous, link, true);
  previous = link;
}
for (let i = 0; i < 10; i++) {
  const body = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(1 + 0.4 * i, 9 + i, 0));
  world.createCollider(RAPIER.ColliderDesc.ball(0.25).setDensity(1000), body);
}
for (let i = 0; i < 60; i++) world.step();
const heights = [];
world.forEachRigidBody((body) => heights.push(body.translation().y));
console.log(heights);
`,
  },
};

/** The package's own entries, resolved to dist/ through its exports map (as a user's bundler would). */
function packageEntries() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const entries = new Map();
  for (const [key, value] of Object.entries(pkg.exports)) entries.set(key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`, join(root, value.import));
  return entries;
}

/**
 * Bundles one app: { code, minified, gzip, modules } (the minified code; sizes in bytes; modules: each module's rendered
 * code, minified and gzipped alone, largest first, as [path, gzip bytes]).
 */
export async function bundleApp(name) {
  const app = APPS[name];
  if (app === undefined) throw new Error(`bundle-size: no app ${name} (${Object.keys(APPS).join(', ')})`);
  const entries = packageEntries();
  // The app lives in a folder inside the repository so that cannon-es and Rapier resolve from its
  // node_modules; the package's own entries resolve to dist/.
  mkdirSync(join(root, 'bench/out'), { recursive: true });
  const dir = mkdtempSync(join(root, 'bench/out/bundle-'));
  try {
    const input = join(dir, `${name}.mjs`);
    writeFileSync(input, app.code);
    const bundle = await rolldown({
      input,
      logLevel: 'silent',
      plugins: [{
        name: 'package-entries',
        resolveId(source) {
          return entries.get(source) ?? null;
        },
      }],
    });
    const { output } = await bundle.generate({ format: 'esm', minify: true });
    await bundle.close();
    const chunk = output.find((item) => item.type === 'chunk');
    const minified = chunk.code;
    const modules = Object.entries(chunk.modules)
      .filter(([, module]) => module.code !== null && module.code.length > 0)
      .map(([id, module]) => [id.replace(root, '').replace(/^.*node_modules\//, ''), gzipSize(minifySync(id.replace(/\0/g, '') + '.js', module.code).code)])
      .sort((a, b) => b[1] - a[1]);
    return { code: minified, minified: Buffer.byteLength(minified), gzip: gzipSize(minified), modules };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function gzipSize(code) {
  return gzipSync(code, { level: 9 }).length;
}

const kb = (bytes) => (bytes / 1000).toFixed(1);

export const BUNDLE_APPS = Object.keys(APPS);

/** Every app's sizes: { rolldown, apps: { name: { title, minifiedBytes, gzipBytes, topModules } } }, also
 * written to bench/out/bundle-size.json. */
export async function measureBundles(names = BUNDLE_APPS) {
  const apps = {};
  for (const name of names) {
    const r = await bundleApp(name);
    apps[name] = { title: APPS[name].title, minifiedBytes: r.minified, gzipBytes: r.gzip, topModules: r.modules.slice(0, 10) };
  }
  const results = { rolldown: ROLLDOWN_VERSION, apps };
  mkdirSync(join(root, 'bench/out'), { recursive: true });
  writeFileSync(join(root, 'bench/out/bundle-size.json'), JSON.stringify(results, null, 2));
  return results;
}

/** The figures as a markdown table. */
export function bundleTable(results) {
  const lines = ['| app | minified KB | gzip -9 KB |', '|---|---|---|'];
  for (const [name, r] of Object.entries(results.apps)) lines.push(`| ${name}: ${r.title} | ${kb(r.minifiedBytes)} | ${kb(r.gzipBytes)} |`);
  return lines.join('\n');
}

async function main() {
  const args = process.argv.slice(2);
  const modulesOf = args.includes('--modules') ? args[args.indexOf('--modules') + 1] : null;
  const results = await measureBundles();
  if (args.includes('--json')) {
    console.log(JSON.stringify(results));
    return;
  }
  console.log(`rolldown ${results.rolldown}, minify: true, then gzip -9\n`);
  console.log(bundleTable(results));
  if (modulesOf !== null) {
    const r = await bundleApp(modulesOf);
    console.log(`\n${modulesOf}: modules by their minified code alone, gzip -9 KB (${r.modules.length} modules)`);
    for (const [id, bytes] of r.modules) console.log(`  ${kb(bytes).padStart(6)}  ${id}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

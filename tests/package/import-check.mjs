// Plain node, no test runner: the built package (npm run build:lib) imports through its `exports` map
// by name, as a user's project would, its declarations type-check in a consumer, and it simulates.
//   npm run test:package
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';

const sinew = await import('sinew-physics');
const core = await import('sinew-physics/core');
const scenes = await import('sinew-physics/scenes');
const planar = await import('sinew-physics/2d');
const bridge = await import('sinew-physics/three'); // three is installed (a devDependency; a peer for users)
const workers = await import('sinew-physics/worker');

for (const name of ['World', 'Body', 'BallJoint', 'WeldJoint', 'OrientationJoint', 'boxInertia', 'sphereInertia', 'capsuleInertia']) {
  assert.ok(sinew[name], `sinew exports ${name}`);
}
assert.equal(typeof scenes.hangingChain, 'function');
// the core entry is the main entry's core: the same classes
for (const name of ['BasicWorld', 'Body', 'BallJoint', 'SPHERE_SHAPE', 'BALL_JOINT_DEFINITION']) assert.equal(core[name], sinew[name], `sinew-physics/core exports ${name}`);
assert.equal(core.World, undefined, 'World is the main entry\'s');

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

// The three.js entry, by name from plain node: the add-ons' face fills a world from a scene, a mesh
// follows its body, and the debug renderer draws it.
for (const name of ['SinewPhysics', 'ObjectSync', 'SinewDebugRenderer', 'shapeFromGeometry', 'hullFromGeometry', 'trimeshFromGeometry', 'heightfield', 'heightfieldGeometry', 'DEBUG_COLOURS']) {
  assert.ok(bridge[name], `sinew-physics/three exports ${name}`);
}
{
  const THREE = await import('three');
  const physics = await bridge.SinewPhysics({ interval: false });
  const scene = new THREE.Scene();
  const floor = new THREE.Mesh(new THREE.BoxGeometry(10, 0.5, 10));
  floor.position.y = -0.25;
  floor.userData.physics = { mass: 0 };
  const ball = new THREE.Mesh(new THREE.SphereGeometry(0.5));
  ball.position.y = 3;
  ball.userData.physics = { mass: 1 };
  scene.add(floor, ball);
  physics.addScene(scene);
  for (let i = 0; i < 120; i++) physics.step(1 / 60);
  assert.ok(Math.abs(ball.position.y - 0.5) < 0.01, `the ball rests on the floor, at y = ${ball.position.y}`);
  const debug = new bridge.SinewDebugRenderer(physics.world);
  debug.update();
  assert.ok(debug.lineCount > 0 && debug.isLineSegments, 'the debug renderer draws into a LineSegments');
  physics.dispose();
}

// The worker entry, by name from plain node: createWorkerWorld starts the built worker script (beside its
// module, as the package ships it) in a worker_threads Worker, with the poses in shared memory and in
// transferred buffers; the same calls between the same steps hash as on this thread.
for (const name of ['createWorkerWorld', 'WorkerWorld', 'WorkerBody', 'WorkerJoint', 'serveWorkerWorld']) assert.ok(workers[name], `sinew-physics/worker exports ${name}`);
for (const sharedMemory of [true, false]) {
  const remote = await workers.createWorkerWorld({ sharedMemory });
  const local = new sinew.World();
  const bodies = [remote, local].map((w) => {
    w.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    const box = w.createBody({ position: [0, 1, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] });
    w.createHingeJoint({ bodyA: w.createBody({ position: [2, 1, 0], shapes: [{ type: 'sphere', radius: 0.2 }] }), anchor: [2, 2, 0], axis: [0, 0, 1] });
    return box;
  });
  for (let i = 0; i < 60; i++) {
    if (i === 20) for (const box of bodies) box.applyLinearImpulse([0, 5, 1]);
    remote.step(1 / 60);
    local.step(1 / 60);
  }
  assert.equal(await remote.hash(), local.hash(), `the worker world hashes as this thread's (sharedMemory ${sharedMemory})`);
  await remote.flush();
  assert.deepEqual(Array.from(bodies[0].getPosition([0, 0, 0])), Array.from(bodies[1].position), 'the delivered pose is the world\'s');
  remote.terminate();
}

const root = fileURLToPath(new URL('../../', import.meta.url));

// The core entry never imports three: no module reachable from dist/index.js (nor the 2D and scenes
// entries) imports it, so the package works without three installed.
for (const entry of ['dist/index.js', 'dist/core.js', 'dist/2d/index.js', 'dist/scenes/index.js', 'dist/worker/index.js', 'dist/worker/worker-script.js']) {
  const modules = reachableModules(entry);
  assert.ok(modules.length > 20, `${entry} reaches its modules (${modules.length})`);
  const importers = modules.filter((file) => /(?:\bfrom|\bimport)\s*\(?\s*['"]three(?:\/[^'"]*)?['"]/.test(readFileSync(root + file, 'utf8')));
  assert.deepEqual(importers, [], `${entry} reaches modules that import three: ${importers.join(', ')}`);
}
assert.ok(reachableModules('dist/three/index.js').some((file) => /from\s*['"]three['"]/.test(readFileSync(root + file, 'utf8'))), 'the three entry imports three');

// The three entry is a layer over the public API: its sources compile against the published
// declarations (members marked @internal stripped) in place of lib/'s sources.
{
  const layer = mkdtempSync(join(tmpdir(), 'sinew-three-'));
  try {
    cpSync(root + 'dist', layer, { recursive: true, filter: (from) => !from.endsWith('.js') && !from.startsWith(root + 'dist/three') });
    cpSync(root + 'lib/three', join(layer, 'three'), { recursive: true });
    symlinkSync(root + 'node_modules', join(layer, 'node_modules'), 'dir');
    writeFileSync(join(layer, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true, types: [], lib: ['ES2022'] },
      files: ['three/index.ts'],
    }));
    execFileSync(process.execPath, [root + 'node_modules/typescript/bin/tsc', '-p', join(layer, 'tsconfig.json')], { stdio: 'inherit' });
  } finally {
    rmSync(layer, { recursive: true, force: true });
  }
}

// Declarations exist for every entry and a TypeScript consumer compiles against them.
for (const file of ['dist/index.d.ts', 'dist/core.d.ts', 'dist/scenes/index.d.ts', 'dist/2d/index.d.ts', 'dist/three/index.d.ts', 'dist/worker/index.d.ts']) assert.ok(existsSync(root + file), `${file} exists`);
execFileSync(process.execPath, [root + 'node_modules/typescript/bin/tsc', '-p', root + 'tests/package/tsconfig.json'], { stdio: 'inherit' });

// The declarations show only what users may use: members marked @internal (a body's solver state, a
// joint's rows) are stripped (tsconfig.build.json stripInternal), and the rest still type-checks above.
const internal = readdirSync(root + 'dist', { recursive: true })
  .filter((file) => String(file).endsWith('.d.ts') && readFileSync(root + 'dist/' + file, 'utf8').includes('@internal'));
assert.deepEqual(internal, [], `declarations with @internal members: ${internal.join(', ')}`);

// Nor do they show the solver's protocol, whose names come from the interfaces the step and the direct
// solver ask of joints and bodies: every member of SolverJoint (the step's), and the members the others
// mark @internal (their unmarked ones, a joint's bodyA or hertz, are public API). No class, interface or
// type literal in a declaration file the entries reach (through relative imports, exports and import()
// types) may declare one (private members, emitted as bare names without types, do not count).
const protocols = [
  ['lib/solver/step-parts.ts', 'SolverJoint', 'every'],
  ['lib/solver/direct/tree-joint.ts', 'TreeJoint', '@internal'],
  ['lib/solver/equality-rows.ts', 'EqualityRows', '@internal'],
  ['lib/solver/direct/tree-body-model.ts', 'TreeBody', '@internal'],
  ['lib/joints/joint-core.ts', 'JointBody', '@internal'],
];
const solverMembers = protocolMembers(protocols);
for (const name of ['prepare', 'warmStart', 'finishStep', 'writeJacobian', 'equalityRows', 'applyImpulseAt', 'state']) assert.ok(solverMembers.has(name), `${name} read from the protocols`);
const entries = ['dist/index.d.ts', 'dist/scenes/index.d.ts', 'dist/2d/index.d.ts', 'dist/three/index.d.ts', 'dist/worker/index.d.ts'];
const declarations = reachableDeclarations(entries);
assert.ok(declarations.includes('dist/joints/ball-joint.d.ts') && declarations.includes('dist/2d/joints/revolute-joint.d.ts'), 'the joints are reached');
assert.ok(declaredMembers('dist/joints/joint.d.ts').some((m) => m.name === 'getForce'), 'members are read from the declarations');
const leaks = declarations.flatMap((file) => declaredMembers(file)
  .filter((m) => !m.isPrivate && solverMembers.has(m.name))
  .map((m) => `${file}:${m.name} (${m.owner}; ${solverMembers.get(m.name)})`));
if (leaks.length > 0) console.error(`solver members in the public declarations:\n  ${leaks.join('\n  ')}`);
assert.equal(leaks.length, 0, `${leaks.length} solver members declared in ${declarations.length} declaration files the entries reach`);

// Bodies: none of what the world and sleep ask of a body (their @internal members), nor the arena
// slot the contact solver reads.
const bodyMembers = protocolMembers([['lib/body/core-body.ts', 'CoreBody', '@internal'], ['lib/body/sleep.ts', 'SleepingBody', '@internal']]);
for (const name of ['stateChunk', 'stateOffset']) bodyMembers.set(name, 'Body');
for (const file of ['dist/body/body.d.ts', 'dist/2d/body.d.ts']) {
  const found = declaredMembers(file).filter((m) => !m.isPrivate && bodyMembers.has(m.name)).map((m) => m.name);
  assert.deepEqual(found, [], `${file} declares solver internals: ${found.join(', ')}`);
}

console.log(`package check: ESM import by name (the three entry too; the others reach no three; the worker entry runs a worker from its built script), declarations (${declarations.length} reached, none with one of the ${solverMembers.size} solver members), simulation: ok`);

// ---- reading declarations: comments blanked, brackets matched (enough for tsc's output and lib's
// interfaces; typescript 7 has no stable JavaScript API to parse with) ----

/** The file's text with its comments blanked (positions kept), and its doc comments' ends and texts. */
function scan(file) {
  const text = readFileSync(root + file, 'utf8');
  let code = '';
  const docs = [];
  for (let i = 0; i < text.length;) {
    const c = text[i];
    let stop = i + 1;
    if (c === '/' && text[i + 1] === '/') {
      stop = text.indexOf('\n', i);
      if (stop < 0) stop = text.length;
    } else if (c === '/' && text[i + 1] === '*') {
      stop = text.indexOf('*/', i + 2) + 2;
      if (text[i + 2] === '*') docs.push({ end: stop, text: text.slice(i, stop) });
    } else if (c === "'" || c === '"' || c === '`') {
      while (stop < text.length && text[stop] !== c) stop += text[stop] === '\\' ? 2 : 1;
      code += text.slice(i, ++stop);
      i = stop;
      continue;
    }
    code += stop === i + 1 ? c : text.slice(i, stop).replace(/[^\n]/g, ' ');
    i = stop;
  }
  return { code, docs };
}

/** The index of the bracket that closes the one at `open`. */
function closing(code, open) {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if ('{(['.includes(code[i])) depth++;
    else if ('})]'.includes(code[i]) && --depth === 0) return i;
  }
  throw new Error('unbalanced brackets');
}

/** The doc comment right before position `at`, if any. */
function docBefore({ code, docs }, at) {
  return docs.findLast((d) => d.end <= at && code.slice(d.end, at).trim() === '');
}

/** The members of the body opening at `open` (statements ending in ; or , at its depth): each one's
 * name, whether it is private, and whether its doc comment marks it @internal. */
function membersOf(scanned, open) {
  const { code } = scanned;
  const close = closing(code, open);
  const found = [];
  for (let i = open + 1, start = i; i <= close; i++) {
    if ('{(['.includes(code[i])) i = closing(code, i);
    else if (code[i] === ';' || code[i] === ',' || i === close) {
      const text = code.slice(start, i).trim();
      const at = start + code.slice(start, i).search(/\S/);
      const name = /^(?:(?:readonly|public|protected|private|static|abstract|declare|override|accessor|async|get|set)\s+)*([A-Za-z_$][\w$]*)\??\s*(?:[(:<;,=]|$)/.exec(text);
      if (name) found.push({ name: name[1], isPrivate: /^(?:\w+\s+)*private\s/.test(text), internal: docBefore(scanned, at)?.text.includes('@internal') === true });
      start = i + 1;
    }
  }
  return found;
}

/** Name → interface of the members of the given source interfaces ([file, name, 'every' or '@internal']):
 * all of them, or those their doc comments mark @internal. */
function protocolMembers(interfaces) {
  const names = new Map();
  for (const [file, name, which] of interfaces) {
    const scanned = scan(file);
    const match = new RegExp(`^export interface ${name}\\b[^{]*\\{`, 'm').exec(scanned.code);
    assert.ok(match, `${file} declares interface ${name}`);
    for (const m of membersOf(scanned, match.index + match[0].length - 1)) if (which === 'every' || m.internal) names.set(m.name, name);
  }
  return names;
}

/** The members a declaration file declares: in class and interface bodies and object type literals. */
function declaredMembers(file) {
  const scanned = scan(file);
  const { code } = scanned;
  const found = [];
  for (let i = 0; i < code.length; i++) {
    if (code[i] !== '{') continue;
    const before = code.slice(Math.max(0, i - 300), i);
    if (/\b(?:import|export)\s+(?:type\s+)?$/.test(before) || /\b(?:enum|namespace|module)\s+[\w$.'"]+\s*$/.test(before)) {
      i = closing(code, i);
      continue;
    }
    const owner = /\b(?:class|interface)\s+([\w$]+)(?:\s*<[^]*?>)?(?:\s+(?:extends|implements)\s[^{};]*)?\s*$/.exec(before)?.[1] ?? 'a type literal';
    found.push(...membersOf(scanned, i).map((m) => ({ ...m, owner })));
  }
  return found;
}

/** The declaration files (relative to the root) the entries reach through relative module references. */
function reachableDeclarations(entries) {
  const files = [...entries], seen = new Set();
  for (const file of files) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, , specifier] of scan(file).code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.\.?\/[^'"]*)\1/g)) {
      const path = posix.join(posix.dirname(file), specifier);
      const target = [path.replace(/\.([cm]?)js$/, '.d.$1ts'), path + '.d.ts', path + '/index.d.ts'].find((candidate) => /\.d\.[cm]?ts$/.test(candidate) && existsSync(root + candidate));
      assert.ok(target, `${file}: ${specifier} resolves to a declaration file`);
      files.push(target);
    }
  }
  return [...seen];
}

/** The modules (relative to the root) an entry reaches through relative static and dynamic imports. */
function reachableModules(entry) {
  const files = [entry], seen = new Set();
  for (const file of files) {
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(root + file, 'utf8');
    for (const [, , specifier] of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.\.?\/[^'"]*)\1/g)) {
      const path = posix.join(posix.dirname(file), specifier);
      assert.ok(existsSync(root + path), `${file}: ${specifier} resolves to a module`);
      files.push(path);
    }
  }
  return [...seen];
}

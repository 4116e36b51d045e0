// What `npm pack` would publish (after npm run build:lib): the built modules with their declarations, the
// README, LICENSE, CHANGELOG and package.json; no source maps (the TypeScript sources are not shipped, so a
// map would point at nothing), no tests, benchmarks, viewer or sources; every entry in `exports` present.
//   npm run test:package
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';

const root = fileURLToPath(new URL('../../', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const [packed] = JSON.parse(execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' }));
const files = packed.files.map((f) => f.path);
const manifest = JSON.parse(readFileSync(root + 'package.json', 'utf8'));

for (const required of ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md']) assert.ok(files.includes(required), `the package has ${required}`);
const stray = files.filter((f) => !/^dist\/.+\.(js|d\.ts)$/.test(f) && !['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md'].includes(f));
assert.deepEqual(stray, [], `files outside dist/*.js and dist/*.d.ts: ${stray.join(', ')}`);
const maps = files.filter((f) => f.endsWith('.map'));
assert.deepEqual(maps, [], 'no source maps without their sources');
const js = files.filter((f) => f.endsWith('.js'));
const withoutTypes = js.filter((f) => !files.includes(f.replace(/\.js$/, '.d.ts')));
assert.deepEqual(withoutTypes, [], `modules without declarations: ${withoutTypes.join(', ')}`);
for (const [entry, target] of Object.entries(manifest.exports)) {
  for (const path of Object.values(target)) assert.ok(files.includes(path.replace(/^\.\//, '')), `exports["${entry}"] points at ${path}, which is packed`);
}
// createWorkerWorld starts its worker from the script beside its module, by URL (bundlers follow
// `new URL('./worker-script.js', import.meta.url)`), not through an exports entry: it must be packed too.
for (const file of ['dist/worker/worker-script.js', 'dist/worker/host.js']) assert.ok(files.includes(file), `the worker world's script ${file} is packed`);
assert.equal(manifest.license, 'MIT');
assert.ok(readFileSync(root + 'LICENSE', 'utf8').startsWith('MIT License'), 'LICENSE is the MIT text package.json names');
console.log(`pack check: ${files.length} files, ${(packed.size / 1024).toFixed(0)} KB packed (${(packed.unpackedSize / 1024).toFixed(0)} KB unpacked): ok`);

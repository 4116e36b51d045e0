// The installed version of a peer engine (packages that do not export their package.json).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function packageVersion(name) {
  const path = fileURLToPath(new URL(`../../node_modules/${name}/package.json`, import.meta.url));
  return JSON.parse(readFileSync(path, 'utf8')).version;
}

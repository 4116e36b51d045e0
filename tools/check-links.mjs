// npm run check:links (and the end of npm run docs): every relative link in README.md, BENCHMARKS.md and
// docs/*.md names a file or folder that exists, and a link with an anchor (page.md#section) names a
// heading of that page, as GitHub makes anchors from headings. Links into the generated API reference
// (docs/api/) are checked once it has been built (npm run docs builds it first); web links are not
// fetched. Exits 1 listing every broken link.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const pages = ['README.md', 'BENCHMARKS.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
const apiBuilt = existsSync(join(root, 'docs/api/index.html'));

/** The page's text without fenced code blocks and code spans (a link inside code is not a link). */
function prose(text) {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped (letters, digits, _, - and spaces
 * kept), spaces turned to hyphens; a repeated heading gets -1, -2, …. */
function anchorsOf(file) {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  const seen = new Map();
  const anchors = new Set();
  for (const [, heading] of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const plain = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '');
    const base = plain.trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}_ -]/gu, '').replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const [, id] of text.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(id);
  return anchors;
}

const broken = [];
let checked = 0, skipped = 0;
for (const page of pages) {
  const file = join(root, page);
  const text = prose(readFileSync(file, 'utf8'));
  const targets = [
    ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
    ...[...text.matchAll(/<(?:img|a)\s[^>]*?(?:src|href)="([^"]+)"/g)].map((m) => m[1]),
  ];
  for (const target of targets) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    const [path, anchor] = target.split('#');
    const resolved = path === '' ? file : resolve(dirname(file), decodeURI(path));
    if (relative(join(root, 'docs/api'), resolved).split(/[\\/]/)[0] !== '..' && !apiBuilt) {
      skipped++;
      continue;
    }
    checked++;
    if (!existsSync(resolved)) {
      broken.push(`${page}: ${target}: no such file (${relative(root, resolved)})`);
      continue;
    }
    if (anchor !== undefined && anchor !== '' && resolved.endsWith('.md') && statSync(resolved).isFile() && !anchorsOf(resolved).has(anchor)) {
      broken.push(`${page}: ${target}: ${relative(root, resolved)} has no heading with the anchor #${anchor}`);
    }
  }
}

if (broken.length > 0) {
  console.error(`check-links: ${broken.length} broken link(s):\n${broken.map((line) => `  ${line}`).join('\n')}`);
  process.exit(1);
}
const note = skipped > 0 ? `; ${skipped} into docs/api/ skipped (not built: npm run docs builds it, then checks them)` : '';
console.log(`check-links: ${checked} relative links in ${pages.length} pages resolve${note}`);

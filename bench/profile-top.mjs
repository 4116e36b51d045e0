// The functions that took the most self time in a V8 CPU profile (`node --cpu-prof`), and, given two
// profiles of the same code at two sizes, how each function's share of the time changed between them:
// a share that rises from the small run to the large one is of a function whose cost grows faster than
// the total's.
//   node bench/profile-top.mjs small.cpuprofile [large.cpuprofile] [--top 15]
// Self time is summed over every node of a function (same name, file and line) from the samples'
// time deltas; the share is of all the samples' time, idle and garbage collection included.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

const args = process.argv.slice(2);
const topIndex = args.indexOf('--top');
const top = topIndex >= 0 ? Number(args[topIndex + 1]) : 15;
const files = args.filter((a, i) => !a.startsWith('--') && (topIndex < 0 || i !== topIndex + 1));
if (files.length < 1 || files.length > 2) throw new Error('usage: node bench/profile-top.mjs small.cpuprofile [large.cpuprofile] [--top 15]');

/** function key → self ms, and the profile's total ms. */
function selfTimes(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const keyOf = new Map();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${basename(url)}:${lineNumber + 1}` : '';
    keyOf.set(node.id, `${functionName || '(anonymous)'}${where ? ` ${where}` : ''}`);
  }
  const self = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    total += ms;
    const key = keyOf.get(id);
    self.set(key, (self.get(key) ?? 0) + ms);
  });
  return { self, total };
}

const runs = files.map(selfTimes);
const pct = (x) => `${(100 * x).toFixed(1)} %`;
runs.forEach(({ self, total }, k) => {
  console.log(`\n${files[k]}: ${(total / 1000).toFixed(1)} s sampled; top ${top} by self time\n`);
  console.log('| function | self ms | share |');
  console.log('|---|---|---|');
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`| ${key} | ${ms.toFixed(0)} | ${pct(ms / total)} |`);
});
if (runs.length === 2) {
  // the functions in either top list, by how much their share grew from the first profile to the second
  const [a, b] = runs;
  const keys = new Set([...a.self, ...b.self].sort((x, y) => y[1] - x[1]).map(([key]) => key));
  const listed = [...a.self].sort((x, y) => y[1] - x[1]).slice(0, top).concat([...b.self].sort((x, y) => y[1] - x[1]).slice(0, top)).map(([key]) => key);
  const rows = [...keys].filter((key) => listed.includes(key)).map((key) => {
    const sa = (a.self.get(key) ?? 0) / a.total, sb = (b.self.get(key) ?? 0) / b.total;
    return { key, sa, sb, growth: sa > 0 ? sb / sa : Infinity };
  });
  console.log(`\nshare in ${basename(files[0])} → ${basename(files[1])}, by the share's growth\n`);
  console.log('| function | share, small | share, large | large / small |');
  console.log('|---|---|---|---|');
  for (const r of rows.sort((x, y) => y.growth - x.growth)) console.log(`| ${r.key} | ${pct(r.sa)} | ${pct(r.sb)} | ${Number.isFinite(r.growth) ? r.growth.toFixed(2) : 'new'} |`);
}

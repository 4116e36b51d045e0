// Our accuracy-versus-cost curve: the standard scenes at a grid of solver settings, each run in a
// fresh process. Used to choose the defaults (README, "Choosing the defaults").
//   node bench/sweep.mjs [--quick]
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const quick = process.argv.includes('--quick');
const here = fileURLToPath(new URL('.', import.meta.url));
const scenes = quick ? ['S1-100', 'S3'] : ['S1-100', 'S1-1000', 'S3', 'S5-670'];
const grid = quick
  ? [{ substeps: 4, iterations: 1 }]
  : [
      { substeps: 2, iterations: 1, jointHertz: 30, jointDampingRatio: 1 },
      { substeps: 4, iterations: 1, jointHertz: 60, jointDampingRatio: 2 },
      { substeps: 4, iterations: 1, jointHertz: 60, jointDampingRatio: 1 },
      { substeps: 4, iterations: 1, jointHertz: 60, jointDampingRatio: 0.5 },
      { substeps: 4, iterations: 2, jointHertz: 60, jointDampingRatio: 1 },
      { substeps: 6, iterations: 1, jointHertz: 90, jointDampingRatio: 1 },
      { substeps: 8, iterations: 1, jointHertz: 120, jointDampingRatio: 1 },
      { substeps: 8, iterations: 1, jointHertz: 120, jointDampingRatio: 2 },
      { substeps: 16, iterations: 1, jointHertz: 240, jointDampingRatio: 1 },
    ];

const rows = [];
for (const scene of scenes) {
  for (const settings of grid) {
    const out = execFileSync(process.execPath, ['--expose-gc', `${here}worker-sinew.mjs`, JSON.stringify({ scene, settings, steps: quick ? 120 : undefined })], { encoding: 'utf8' });
    const r = JSON.parse(out.trim().split('\n').pop());
    rows.push(r);
    const s = settings;
    console.log(
      [scene.padEnd(8), `${s.substeps}x${s.iterations} ${s.jointHertz ?? '-'}Hz z=${s.jointDampingRatio ?? '-'}`.padEnd(20),
        `${r.medianMs.toFixed(3)} ms`.padStart(10), `p95 ${r.p95Ms.toFixed(3)}`.padStart(10),
        `peakGap ${r.peakGap.toExponential(2)}`, `finalGap ${r.finalGap.toExponential(2)}`,
        r.tipSag !== undefined ? `sag ${r.tipSag.toFixed(3)} m peakAngle ${r.peakAngle.toExponential(2)}` : `stretch ${r.stretch.toFixed(4)}`,
        r.exploded ? `EXPLODED@${r.explodedAt}` : ''].join('  '),
    );
  }
}

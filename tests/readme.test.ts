// The README's API tour and the guide's examples (docs/) are real code: this test cuts each out of its
// page, points its import at the library source, runs it, and checks what it prints against the physics.

import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));

/** The code block between a marker's comments, in README.md or a page of the guide (docs/). */
function readmeExample(marker = 'readme-example'): string {
  const pages = ['README.md', ...readdirSync(`${root}docs`).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
  for (const page of pages) {
    const text = readFileSync(`${root}${page}`, 'utf8');
    const block = new RegExp(`<!-- ${marker}:start -->\\s*\`\`\`ts\\n([\\s\\S]*?)\`\`\`\\s*<!-- ${marker}:end -->`).exec(text);
    if (block) return block[1];
  }
  throw new Error(`no ${marker} block in README.md or docs/`);
}

/** Writes a README block as a module under tests/.generated (imports pointed at the source) and runs it. */
async function runExample(marker: string): Promise<unknown[][]> {
  const code = readmeExample(marker)
    .replace(/from 'sinew-physics\/2d'/g, "from '../../lib/2d/index.js'")
    .replace(/from 'sinew-physics'/g, "from '../../lib/index.js'");
  mkdirSync(`${root}tests/.generated`, { recursive: true });
  const file = `${root}tests/.generated/${marker}.ts`;
  writeFileSync(file, code);
  const lines: unknown[][] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args));
  try {
    await import(/* @vite-ignore */ file);
  } finally {
    log.mockRestore();
  }
  return lines;
}

describe('README', () => {
  it('the API tour example runs and prints what its comments say', async () => {
    expect(readmeExample()).toContain('createBallJoint');
    const lines = await runExample('readme-example');
    // The chain's weight on the world anchor: 10 kg x 9.81 m/s², downward (to 0.05 %: the chain is at
    // rest and falls asleep after 0.5 s, keeping the force of that moment, −98.07 N).
    const force = lines[0][1] as Float64Array | number[];
    expect(force[1]).toBeCloseTo(-98.1, 1);
    // The weld breaks by force once the pull plus the lamp's 29.4 N passes 50 N: a pull of about 21 N.
    expect(String(lines[1][0])).toMatch(/^joint \d+ broke by force: 5\d\.\d N/);
    const pull = Number(/pull of ([\d.]+) N/.exec(String(lines[2][0]))?.[1]);
    expect(pull).toBeGreaterThan(20);
    expect(pull).toBeLessThan(23);
  });
});

describe('README, 2D', () => {
  it('the 2D example runs: the arm starts to fall and its pivot carries it', async () => {
    const lines = await runExample('readme-example-2d');
    const [position, angle, force, torque] = lines[0] as [Float64Array, number, number[], number];
    expect(position[1]).toBeLessThan(0);
    expect(angle).toBeLessThan(0); // it swings down, clockwise
    expect(force[1]).toBeLessThan(0); // the pivot (the world) is pulled down
    expect(torque).toBe(0);
  });
});

describe('README, joints', () => {
  it('the hinge, swing-twist, spring and ragdoll example runs and prints what its comments say', async () => {
    const lines = await runExample('readme-example-joints');
    const door = /door at ([\d.]+) rad, axis off by ([\d.e+-]+) rad/.exec(String(lines[0][0]));
    expect(Number(door?.[1])).toBeCloseTo(Math.PI / 2, 1); // 3 s at 1 rad/s: it reached the 90° stop
    expect(Number(door?.[1])).toBeLessThan(Math.PI / 2 + 0.01);
    expect(Number(door?.[2])).toBeLessThan(1e-3);
    const swing = /swing ([\d.]+) rad, within the cone by (-?[\d.]+) rad/.exec(String(lines[1][0]));
    expect(Number(swing?.[2])).toBeGreaterThan(-0.01);
    expect(String(lines[2][0])).toMatch(/^ragdoll: 16 bodies, 15 joints, knee at \d/);
  });
});

describe('README, direct solver', () => {
  it('the heavy chain example: the iterative solver opens its joints by metres, the direct solver holds them', async () => {
    const lines = await runExample('readme-example-direct');
    const gap = (line: unknown[]) => Number(/largest joint gap ([\d.e+-]+) m/.exec(String(line[0]))?.[1]);
    expect(String(lines[0][0])).toMatch(/^iterative:/);
    expect(gap(lines[0])).toBeGreaterThan(0.5);
    expect(String(lines[1][0])).toMatch(/^direct:/);
    expect(gap(lines[1])).toBeLessThan(2e-6); // the projection's tolerance: 1e-6 m a row
  });
});

describe('README, shapes', () => {
  it('the dumbbell example: its mass and centre from the shapes, a ray down onto its right ball; a wedge as a hull; resting on its contacts; a ball slowed by rolling resistance', async () => {
    const lines = await runExample('readme-example-shapes');
    const ball = 7850 * (4 / 3) * Math.PI * 0.1 ** 3;
    const bar = 7850 * Math.PI * 0.02 ** 2 * (0.5 + (4 / 3) * 0.02);
    const [, mass, centre] = /mass ([\d.]+) kg, centre of mass at x = ([\d.]+) m/.exec(String(lines[0][0])) ?? [];
    expect(Number(mass)).toBeCloseTo(2 * ball + bar, 2);
    expect(Number(centre)).toBeCloseTo(0.3, 3); // symmetric
    expect(String(lines[1][0])).toBe('ray hit at y = 1.100 m, normal 0.0,1.0,0.0');
    // the wedge: V − E + F = 6 − 9 + 5 = 2, mass 500 kg/m³ × 0.012 m³; its slope's normal (1, 2, 0)/√5
    expect(String(lines[2][0])).toBe('wedge: 6 vertices, 5 faces, 9 edges, mass 6.00 kg');
    expect(String(lines[3][0])).toBe('ray hit the wedge at y = 0.650 m, normal 0.45,0.89,0.00');
    // at rest the contacts carry the weight; the rolling ball has lost (5/7)·0.02·9.81 = 0.14 m/s in 1 s
    const [, carried, weight] = /carries ([\d.]+) N of the dumbbell's ([\d.]+) N/.exec(String(lines[4][0])) ?? [];
    expect(Number(carried)).toBeCloseTo(Number(weight), 1);
    expect(Number(weight)).toBeCloseTo(Number(mass) * 9.81, 1);
    expect(String(lines[5][0])).toBe('after 1 s the ball rolls at 1.86 m/s');
  });
});

describe('README, direct solver in 2D', () => {
  it('the limited pin and welded block: both joints held exactly, the pin stopped at its limit', async () => {
    const lines = await runExample('readme-example-direct-2d');
    const m = /^held (\d+) joints; widest pin angle (-?[\d.]+) rad, largest gap ([\d.e+-]+) m$/.exec(String(lines[0][0]));
    expect(Number(m?.[1])).toBe(2);
    expect(Number(m?.[2])).toBeCloseTo(0.5, 5);
    expect(Number(m?.[3])).toBeLessThan(1e-6);
  });
});

describe('README, making a game', () => {
  it('the game loop example: the player walks up onto the dais, the crate rides the lift, the ball lands on the one-way ledge', async () => {
    const lines = await runExample('readme-example-game');
    const player = /player walked to x = ([\d.]+) m and stands at y = ([\d.]+) m/.exec(String(lines[0][0]));
    // 240 frames of 16.5 ms on average: 3.96 s, 237 steps of 1/60 s (the rest waits), at 2 m/s: 7.90 m,
    // and the step up onto the dais carries the capsule's round bottom a little further (7.98 m)
    const x = Number(player?.[1]);
    expect(x).toBeGreaterThan(2 * 237 / 60 - 0.01);
    expect(x).toBeLessThan(2 * 237 / 60 + 0.1);
    expect(Number(player?.[2])).toBeCloseTo(0.2 + 0.81, 1);
    expect(String(lines[1][0])).toBe('the crate rides 0.35 m over the lift');
    const ball = /rests on it at y = ([\d.]+) m/.exec(String(lines[2][0]));
    expect(Number(ball?.[1])).toBeCloseTo(2.05 + 0.2, 2);
  });
});

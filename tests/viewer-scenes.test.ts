// The viewer's scenes and load tools, in node (no browser): they run clean, and dropped weights hook on.

import { describe, expect, it } from 'vitest';
import { SCENES } from '../viewer/scenes/index.js';
import { defaultSettings, SceneRunner } from '../viewer/simulation.js';
import { dropWeight, segmentBoxEntry } from '../viewer/scenes/loads.js';
import { hasExploded } from '../lib/scenes/index.js';

function runner(name: string): SceneRunner {
  const scene = SCENES.find((s) => s.name === name)!;
  const params = Object.fromEntries((scene.params ?? []).map((p) => [p.key, p.value]));
  return new SceneRunner(scene, params, defaultSettings(scene));
}

describe('viewer scenes', () => {
  for (const scene of SCENES) {
    it(`${scene.name} runs 5 s at its defaults without exploding or breaking`, () => {
      const r = runner(scene.name);
      for (let i = 0; i < 300; i++) r.step();
      expect(hasExploded(r.live.world.bodies)).toBe(false);
      expect(r.brokenJoints).toBe(0);
      expect(r.live.world.getMaxLinearError()).toBeLessThan(0.05);
    });
  }

  it('the strength slider scales every limit, keeping the tower\'s foundations 10x its frame', () => {
    const r = runner('welded-tower');
    r.scene.onParam!(r.live, 'strength', 2000, 4000);
    const limits = r.live.world.joints.map((j) => j.breakForce);
    expect(limits.filter((f) => f === 20000)).toHaveLength(2); // the two ground welds
    expect(limits.filter((f) => f === 2000)).toHaveLength(limits.length - 2);
    expect(r.live.world.joints.every((j) => j.breakTorque === j.breakForce)).toBe(true);
  });

  it('segmentBoxEntry finds where a segment enters a box, and misses what it misses', () => {
    const h = [1, 0.05, 2];
    expect(segmentBoxEntry([0, 1, 0], [0, -1, 0], h)).toBeCloseTo(0.475, 12);
    expect(segmentBoxEntry([0, 0.2, 0], [0, 0.1, 0], h)).toBeNull(); // stops short
    expect(segmentBoxEntry([1.5, 1, 0], [1.5, -1, 0], h)).toBeNull(); // beside it
    expect(segmentBoxEntry([0, 0, 0], [0, 1, 0], h)).toBe(0); // starts inside
  });

  it('a fast weight hooks onto thin planks (swept, not sampled), and not only where planks meet', () => {
    // regression: a weight at 10 m/s moved 0.17 m per step through 0.1 m planks, and the first drop
    // spot was the 4 cm seam between two planks
    for (let drop = 0; drop < 3; drop++) {
      const r = runner('suspension-bridge');
      for (let k = 0; k < drop; k++) dropWeight(r.live, 1e-3, 0.1, 40); // shift to the next spot
      dropWeight(r.live, 50, 0.35, 13);
      const weight = r.live.extraBodies[drop];
      for (let i = 0; i < 120 && !weight.hook!.hooked; i++) r.step();
      expect(weight.hook!.hooked).toBe(true);
      expect(weight.body.position[1]).toBeGreaterThan(5);
    }
  });
});

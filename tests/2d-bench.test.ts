// The 2D revolute joint's prepare hands its angle to the drive through an array (AxisDrive.setAngleAt,
// which wraps and reads it as an arc as setAngle does), so that no double crosses a call V8 may not
// inline: the same position, bit for bit, as wrapAngle and setAngle give, on arcs of every kind.

import { describe, expect, it } from 'vitest';
import { AxisDrive, wrapAngle } from '../lib/joints/parts/axis-drive.js';
import { mulberry32 } from '../lib/math/random.js';

describe('AxisDrive.setAngleAt', () => {
  it('sets the position setAngle(wrapAngle(θ)) sets, bit for bit, for angles up to 20 turns and limits anywhere in [−2π, 2π]', () => {
    const random = mulberry32(46);
    const values = new Float64Array(1);
    const arcs: [number | undefined, number | undefined][] = [[undefined, undefined], [-0.5, 0.5], [0, 1.5 * Math.PI], [-2 * Math.PI, 2 * Math.PI], [-3, 3.2], [1, undefined]];
    let checked = 0;
    for (const [lower, upper] of arcs) {
      const viaArray = new AxisDrive(true, -2 * Math.PI, 2 * Math.PI, true), viaNumber = new AxisDrive(true, -2 * Math.PI, 2 * Math.PI, true);
      for (const drive of [viaArray, viaNumber]) drive.configure('test', { lower, upper }, { lower: 'lowerAngle', upper: 'upperAngle', friction: 'frictionTorque' });
      for (let i = 0; i < 2000; i++) {
        const theta = (random() - 0.5) * 40 * 2 * Math.PI * (i % 4 === 0 ? 1 : 0.05);
        values[0] = theta;
        viaArray.setAngleAt(values, 0);
        viaNumber.setAngle(wrapAngle(theta));
        expect(Object.is(viaArray.position, viaNumber.position)).toBe(true);
        expect(values[0]).toBe(viaArray.position);
        checked++;
      }
    }
    expect(checked).toBe(12_000);
  });

  // (in [−π, π]: 3π, rounded, wraps to −π)
  it('wrapAngle is in [−π, π] and differs from its argument by whole turns', () => {
    for (const theta of [Math.PI, -Math.PI, 3 * Math.PI, -3 * Math.PI, 1e-300, 7.5, -7.5, 1e6]) {
      const w = wrapAngle(theta);
      expect(w).toBeGreaterThanOrEqual(-Math.PI);
      expect(w).toBeLessThanOrEqual(Math.PI);
      const turns = (theta - w) / (2 * Math.PI);
      expect(Math.abs(turns - Math.round(turns))).toBeLessThan(1e-9);
    }
  });
});

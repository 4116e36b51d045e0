// Bad 2D shapes: each refused by World2D.createBody with an error naming the shape, the point and the
// value, and nothing made (the world's bodies unchanged); the tolerances of polygon.ts at their edges.

import { describe, expect, it } from 'vitest';
import { World2D, type Body2DOptions } from '../lib/2d/index.js';

function refused(options: Body2DOptions, message: RegExp, error: typeof RangeError | typeof TypeError = RangeError): void {
  const world = new World2D();
  const before = world.bodies.length;
  const hash = world.hash();
  expect(() => world.createBody(options)).toThrow(error);
  expect(() => world.createBody(options)).toThrow(message);
  expect(world.bodies.length).toBe(before);
  expect(world.hash()).toBe(hash);
}

describe('2D shape input', () => {
  it('non-convex polygons, naming the point inside out', () => {
    refused({ shapes: [{ type: 'polygon', points: [[0, 0], [2, 0], [1, 0.5], [2, 2], [0, 2]] }] },
      /createBody: shapes\[0\]\.points must be convex, got \[\[0, 0\], \[2, 0\], \[1, 0\.5\], \[2, 2\], \[0, 2\]\]: the corner at shapes\[0\]\.points\[2\] \[1, 0\.5\] turns inward/);
    // a pentagram: every turn left, winding twice
    const star = Array.from({ length: 5 }, (_, i) => [Math.cos((4 * Math.PI * i) / 5), Math.sin((4 * Math.PI * i) / 5)]);
    refused({ shapes: [{ type: 'polygon', points: star }] }, /shapes\[0\]\.points must be convex/);
    // a bow tie
    refused({ shapes: [{ type: 'circle', radius: 1 }, { type: 'polygon', points: [[0, 0], [1, 1], [1, 0], [0, 1]] }] }, /shapes\[1\]\.points must/);
  });

  it('collinear points, naming the middle one and its neighbours', () => {
    refused({ shapes: [{ type: 'polygon', points: [[0, 0], [1, 0], [2, 0], [1, 1]] }] },
      /shapes\[0\]\.points must not hold three points on a line: shapes\[0\]\.points\[1\] \[1, 0\] lies on the line from shapes\[0\]\.points\[0\] \[0, 0\] to shapes\[0\]\.points\[2\] \[2, 0\]/);
    // within 1e-5 of the size off the line: refused; 1e-4 off: a (thin) corner, taken
    refused({ shapes: [{ type: 'polygon', points: [[0, 0], [1, -5e-6], [2, 0], [1, 1]] }] }, /three points on a line/);
    const ok = new World2D().createBody({ shapes: [{ type: 'polygon', points: [[0, 0], [1, -1e-4], [2, 0], [1, 1]] }] });
    expect(ok.shapes[0].vertices.length).toBe(8);
    refused({ shapes: [{ type: 'polygon', points: [[0, 0], [1, 1], [2, 2]] }] }, /three points on a line/);
  });

  it('duplicate points, naming both', () => {
    refused({ shapes: [{ type: 'polygon', points: [[0, 0], [1, 0], [1, 1], [1, 1 + 1e-7]] }] },
      /shapes\[0\]\.points must not repeat a point: shapes\[0\]\.points\[3\] \[1, 1\.0000001\] is within .* of shapes\[0\]\.points\[2\] \[1, 1\]/);
    refused({ shapes: [{ type: 'polygon', points: [[0, 0], [1, 0], [0, 0], [0, 1]] }] }, /points\[2\] \[0, 0\] is within .* of shapes\[0\]\.points\[0\]/);
  });

  it('too few or too many points, and points that are not points', () => {
    const nine = Array.from({ length: 9 }, (_, i) => [Math.cos((2 * Math.PI * i) / 9), Math.sin((2 * Math.PI * i) / 9)]);
    refused({ shapes: [{ type: 'polygon', points: nine }] }, /shapes\[0\]\.points must hold 3 to 8 points, got 9/);
    refused({ shapes: [{ type: 'polygon', points: [[0, 0], [1, 0]] }] }, /shapes\[0\]\.points must hold 3 to 8 points, got 2/);
    refused({ shapes: [{ type: 'polygon', points: [[0, 0], [1, 0], [0, NaN]] }] }, /shapes\[0\]\.points\[2\] must be two finite numbers, got \[0, NaN\]/);
    refused({ shapes: [{ type: 'polygon', points: [[0, 0], [1, 0], [0, 1, 2]] }] }, /shapes\[0\]\.points\[2\] must be a point \[x, y\], got \[0, 1, 2\]/, TypeError);
    refused({ shapes: [{ type: 'polygon', points: 'abc' as never }] }, /shapes\[0\]\.points must be an array of \[x, y\] points, got "abc"/, TypeError);
    refused({ shapes: [{ type: 'polygon', points: [[0, 0], [1, 0], [0, 2e6]] }] }, /shapes\[0\]\.points\[2\] must be within ±1000000 m/);
    refused({ shapes: [{ type: 'segment', points: [[0, 0], [1, 0], [2, 0]] }], type: 'static' }, /shapes\[0\]\.points must hold 2 to 2 points, got 3/);
  });

  it('NaN, negative and out-of-range sizes and settings, each named', () => {
    refused({ shapes: [{ type: 'circle', radius: -1 }] }, /shapes\[0\]\.radius must be .*, got -1/);
    refused({ shapes: [{ type: 'circle', radius: NaN }] }, /shapes\[0\]\.radius must be .*, got NaN/);
    refused({ shapes: [{ type: 'capsule', radius: 0.5, halfHeight: -0.1 }] }, /shapes\[0\]\.halfHeight must be a finite number ≥ 0, got -0\.1/);
    refused({ shapes: [{ type: 'box', halfExtents: [1, 0] }] }, /shapes\[0\]\.halfExtents must be within .* got \[1, 0\]/);
    refused({ shapes: [{ type: 'box', halfExtents: [1, NaN] }] }, /shapes\[0\]\.halfExtents must hold 2 finite numbers/);
    refused({ shapes: [{ type: 'circle', radius: 1, density: 0 }] }, /shapes\[0\]\.density must be a finite number > 0, got 0/);
    refused({ shapes: [{ type: 'circle', radius: 1, friction: -0.1 }] }, /shapes\[0\]\.friction must be a finite number ≥ 0, got -0\.1/);
    refused({ shapes: [{ type: 'circle', radius: 1, restitution: 1.5 }] }, /shapes\[0\]\.restitution must be in \[0, 1\], got 1\.5/);
    refused({ shapes: [{ type: 'circle', radius: 1, angle: Infinity }] }, /shapes\[0\]\.angle must be a finite number, got Infinity/);
    refused({ shapes: [{ type: 'circle', radius: 1, position: [0, NaN] }] }, /shapes\[0\]\.position must hold 2 finite numbers/);
    refused({ shapes: [{ type: 'circle', radius: 1, category: 1.5 }] }, /shapes\[0\]\.category must be an integer of 32 bits/);
    refused({ shapes: [{ type: 'circle', radius: 1, group: 2 ** 40 }] }, /shapes\[0\]\.group must be an integer/);
    refused({ shapes: [{ type: 'circle', radius: 1, sensor: 1 as never }] }, /shapes\[0\]\.sensor must be true or false, got 1/, TypeError);
    refused({ shapes: [{ type: 'circle', radius: 1, radious: 2 } as never] }, /shapes\[0\]: unknown option 'radious' \(did you mean 'radius'\?\)/);
    refused({ shapes: [{ type: 'sphere', radius: 1 } as never] }, /shapes\[0\]\.type must be 'circle', 'capsule', 'box', 'polygon', 'segment' or 'chain', got "sphere"/);
    refused({ shapes: [null as never] }, /shapes\[0\] must be a shape's options object, got null/, TypeError);
    refused({ shapes: {} as never }, /shapes must be an array of shape options/, TypeError);
    refused({ shapes: [{ type: 'circle', radius: 1, density: 1e30 }] }, /shapes of density 1e\+30 kg\/m² give mass .* above the maximum/);
  });

  it('segments and chains on a dynamic body, and bad chains', () => {
    refused({ shapes: [{ type: 'circle', radius: 1 }, { type: 'chain', points: [[0, 0], [1, 0]] }] },
      /shapes\[1\] is a chain, which only a static or kinematic body may have \(it has no mass\), on dynamic body \d/);
    refused({ shapes: [{ type: 'segment', points: [[0, 0], [1, 0]] }] }, /shapes\[0\] is a segment, which only a static or kinematic body/);
    refused({ type: 'static', shapes: [{ type: 'chain', points: [[0, 0], [1, 0], [1, 0], [2, 0]] }] },
      /shapes\[0\]\.points\[2\] \[1, 0\] must be at least 0\.000001 m \(MIN_LENGTH\) from shapes\[0\]\.points\[1\] \[1, 0\]/);
    refused({ type: 'static', shapes: [{ type: 'chain', points: [[0, 0], [1, 0]], loop: true }] }, /shapes\[0\]\.points must hold at least 3 points, got 2/);
    refused({ type: 'static', shapes: [{ type: 'chain', points: [[0, 0], [1, 0], [0, 0]], loop: true }] }, /points\[0\] \[0, 0\] must be at least .* from shapes\[0\]\.points\[2\]/);
    refused({ type: 'static', shapes: [{ type: 'chain', points: [[0, 0], [1, 0]], loop: 'yes' as never }] }, /shapes\[0\]\.loop must be true or false/, TypeError);
    refused({ type: 'static', shapes: [{ type: 'segment', points: [[0, 0], [0, 0]] }] }, /shapes\[0\]\.points must be at least 0\.000001 m/);
  });

  it('setType to dynamic refuses a body with a segment, changing nothing', () => {
    const world = new World2D();
    const body = world.createBody({ type: 'static', shapes: [{ type: 'circle', radius: 1 }, { type: 'segment', points: [[0, 0], [1, 0]] }] });
    const hash = world.hash();
    expect(() => body.setType('dynamic')).toThrow(/setType: shapes\[1\] is a segment, which only a static or kinematic body may have/);
    expect(body.type).toBe('static');
    expect(world.hash()).toBe(hash);
  });

  it('clockwise points are taken counter-clockwise; a triangle however given has the same vertices up to the start', () => {
    const body = new World2D().createBody({ type: 'static', shapes: [{ type: 'polygon', points: [[0, 0], [0, 1], [1, 0]] }] });
    expect([...body.shapes[0].vertices]).toEqual([1, 0, 0, 1, 0, 0]);
  });
});

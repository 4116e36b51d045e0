// A chain's segments (ChainShapeOptions): one ChainSegmentGeometry per pair of consecutive points, each
// with its neighbours' far ends as ghost vertices, so that a shape sliding along the chain meets no inner
// corner where two segments join (Box2D v3's b2CreateChain and b2ChainSegment; planck.js's ChainShape
// with its prev/next vertices).
//
// A loop (≥ 3 points) joins the last point to the first, and every segment's ghosts are its real
// neighbours' far ends. An open chain (≥ 2 points) has no neighbour before its first segment nor after its
// last: their missing ghosts are the segment's own end extended along it, ghost1 = p1 − (p2 − p1) and
// ghost2 = p2 + (p2 − p1), a straight continuation, so the end segment is one-sided like the rest and its
// free end is a plain corner.
//
// The segments are one-sided: a shape collides with a segment only from its right (point1 → point2 with
// the body on the left), so a counter-clockwise loop is solid inside and collides outside.

import { MIN_LENGTH } from '../../limits.js';
import { show } from '../../util/validate.js';
import type { ChainSegmentGeometry } from './shape-geometry.js';
import { readPoints2D } from './polygon.js';

/** The chain of the user's points `value` (`name` for messages): its segments, checked (no segment shorter
 * than MIN_LENGTH). */
export function readChain(where: string, name: string, value: unknown, loop: boolean): ChainSegmentGeometry[] {
  const p = readPoints2D(where, name, value, loop ? 3 : 2, Infinity);
  const n = p.length / 2;
  const segments = loop ? n : n - 1;
  for (let i = 0; i < segments; i++) {
    const j = (i + 1) % n;
    if (Math.hypot(p[2 * j] - p[2 * i], p[2 * j + 1] - p[2 * i + 1]) < MIN_LENGTH) {
      throw new RangeError(
        `${where}: ${name}[${j}] ${show([p[2 * j], p[2 * j + 1]])} must be at least ${MIN_LENGTH} m (MIN_LENGTH) from ${name}[${i}] ${show([p[2 * i], p[2 * i + 1]])}: a chain has no segment of length 0`,
      );
    }
  }
  const point = (i: number) => new Float64Array([p[2 * i], p[2 * i + 1]]);
  const children: ChainSegmentGeometry[] = [];
  for (let i = 0; i < segments; i++) {
    const j = (i + 1) % n;
    const point1 = point(i), point2 = point(j);
    const dx = point2[0] - point1[0], dy = point2[1] - point1[1];
    const ghost1 = loop || i > 0 ? point((i + n - 1) % n) : new Float64Array([point1[0] - dx, point1[1] - dy]);
    const ghost2 = loop || j < n - 1 ? point((j + 1) % n) : new Float64Array([point2[0] + dx, point2[1] + dy]);
    children.push({ type: 'chainSegment', ghost1, point1, point2, ghost2 });
  }
  return children;
}

// A triangle of a mesh or heightfield as a solid the hull contact code can take: the right prism between
// the triangle a, b, c (its top face, front normal n = (b − a) × (c − a) / |…|) and its copy moved by
// −h n (h the depth). One hull of that topology is built once and moved onto each triangle in turn.
//
//   vertices  0 a, 1 b, 2 c, 3 a − h n, 4 b − h n, 5 c − h n
//   faces     0 the top (n), 1 the bottom (−n), then one side per edge: 2 ab, 3 bc, 4 ca, each facing away
//             from the triangle (its normal (b − a) × n / |…| for edge a → b)
// so side face 2 + k is the triangle's edge k, as the meshes number their edges (triangle-source.ts).
// The prism's depth lets a body that has sunk into the surface be pushed back out of it, along the top
// face's normal, rather than through it.

import { ConvexHull } from './hull.js';

const LOOPS = [[0, 1, 2], [3, 5, 4], [1, 0, 3, 4], [2, 1, 4, 5], [0, 2, 5, 3]];

/** The shortest side-normal length (m: an edge's length across n) the prism divides by. Its square, 1e-200,
 * is a normal double (squares underflow below about 1e-154 m); the meshes' edges are at least 1e-6 m. */
const MIN_SIDE = 1e-100;

export class TrianglePrism {
  readonly hull: ConvexHull;
  /** The top face's unit normal (the triangle's front). */
  readonly normal = new Float64Array(3);

  constructor() {
    const unit = new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, -1, 1, 0, -1, 0, 1, -1]);
    this.hull = new ConvexHull(unit, LOOPS);
  }

  /**
   * Moves the prism onto the triangle whose corners are tri[0..8] (local frame), front normal n (unit,
   * normal[0..2]),
   * with depth h: the vertices, the five face planes (n·p ≤ d) and the centroid. Returns false, and the
   * prism is not to be used, when n is not a unit vector (a degenerate triangle's NaN normal) or an edge
   * is too short for its side plane to have a direction: the side normal (b − a) × n is divided by its
   * length only when that length is at least MIN_SIDE (its square then far from underflow), so no plane
   * is ever 0/0 = NaN. The meshes keep no triangle that thin (a mesh's are at least 1e-6 m thick, a
   * heightfield's cells 1e-6 m wide: lib/limits.ts MIN_LENGTH).
   */
  set(tri: ArrayLike<number>, normal: ArrayLike<number>, h: number): boolean {
    // (the normal read from an array: doubles passed to a call V8 does not inline are boxed)
    const nx = normal[0], ny = normal[1], nz = normal[2];
    if (!(Math.abs(nx * nx + ny * ny + nz * nz - 1) <= 1e-9)) return false;
    const hull = this.hull, v = hull.vertices, P = hull.planes;
    for (let i = 0; i < 3; i++) {
      const x = tri[3 * i], y = tri[3 * i + 1], z = tri[3 * i + 2];
      v[3 * i] = x; v[3 * i + 1] = y; v[3 * i + 2] = z;
      v[9 + 3 * i] = x - h * nx; v[9 + 3 * i + 1] = y - h * ny; v[9 + 3 * i + 2] = z - h * nz;
    }
    this.normal[0] = nx; this.normal[1] = ny; this.normal[2] = nz;
    const top = nx * tri[0] + ny * tri[1] + nz * tri[2];
    writePlane(P, 0, nx, ny, nz, top);
    writePlane(P, 1, -nx, -ny, -nz, h - top);
    for (let k = 0; k < 3; k++) {
      const a = 3 * k, b = 3 * ((k + 1) % 3);
      const ex = tri[b] - tri[a], ey = tri[b + 1] - tri[a + 1], ez = tri[b + 2] - tri[a + 2];
      // (b − a) × n points out of the triangle across edge a → b (the triangle is counter-clockwise about n)
      let wx = ey * nz - ez * ny, wy = ez * nx - ex * nz, wz = ex * ny - ey * nx;
      const length = Math.sqrt(wx * wx + wy * wy + wz * wz);
      if (!(length >= MIN_SIDE)) return false;
      wx /= length; wy /= length; wz /= length;
      writePlane(P, 2 + k, wx, wy, wz, wx * tri[a] + wy * tri[a + 1] + wz * tri[a + 2]);
    }
    // a right prism's centre of volume: the triangle's centroid moved half the depth down (the contacts
    // need no bounds: the prism is never in a tree)
    for (let k = 0; k < 3; k++) hull.centroid[k] = (tri[k] + tri[3 + k] + tri[6 + k]) / 3 - 0.5 * h * this.normal[k];
    return true;
  }
}

function writePlane(P: Float64Array, f: number, nx: number, ny: number, nz: number, d: number): void {
  P[4 * f] = nx; P[4 * f + 1] = ny; P[4 * f + 2] = nz; P[4 * f + 3] = d;
}

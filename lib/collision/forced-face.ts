// A convex shape against one face of a hull with that face's normal forced (hull-contacts.ts faceSphere,
// faceCapsule, faceHull: the shape clipped to the face's sides): what an internal edge's contact is taken
// again as, for a mesh's triangle (mesh-triangle.ts, the face the prism's top) and for a level's box or
// hull (internal-edges.ts). A function per shape type, found through pair-dispatch.ts FACE_FUNCTIONS;
// each writes `out` (count 0: nothing within out.margin), the normal from the hull (A) to the shape (B).

import type { ConvexHull } from '../geometry/hull.js';
import type { Shape } from '../geometry/shape.js';
import { capsuleSegment } from './convex-contacts.js';
import { faceCapsule, faceHull, faceSphere } from './hull-contacts.js';
import type { Manifold } from './manifold.js';
import type { ShapePose } from './shape-pose.js';

const segment = new Float64Array(6);

export function sphereOnFace(out: Manifold, A: ShapePose, hull: ConvexHull, f: number, shape: Shape, B: ShapePose): void {
  faceSphere(out, A, hull, f, B.c, shape);
}

export function capsuleOnFace(out: Manifold, A: ShapePose, hull: ConvexHull, f: number, shape: Shape, B: ShapePose): void {
  capsuleSegment(B, shape, segment);
  faceCapsule(out, A, hull, f, segment, shape);
}

/** A hull, or a box as its hull. */
export function hullOnFace(out: Manifold, A: ShapePose, hull: ConvexHull, f: number, shape: Shape, B: ShapePose): void {
  faceHull(out, A, hull, f, B, shape.hull as ConvexHull);
}

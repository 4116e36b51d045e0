// A hull's mesh: the library's convex hull of the points (the faces its contacts use), each face a fan
// of triangles with the face's flat normal. Through the public API (convexHull).

import * as THREE from 'three';
import { convexHull } from '../../lib/index.js';

export function hullGeometry(points: readonly ArrayLike<number>[]): THREE.BufferGeometry {
  const hull = convexHull(points);
  const positions: number[] = [], normals: number[] = [];
  const v = hull.vertices, P = hull.planes;
  for (let f = 0; f < hull.faceCount; f++) {
    const loop = hull.face(f);
    for (let k = 1; k + 1 < loop.length; k++) {
      for (const i of [loop[0], loop[k], loop[k + 1]]) {
        positions.push(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
        normals.push(P[4 * f], P[4 * f + 1], P[4 * f + 2]);
      }
    }
  }
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
  geometry.setAttribute('normal', new THREE.Float32BufferAttribute(normals, 3));
  return geometry;
}

/** Half the smallest side of the points' bounding box, m (a size to scale markers by). */
export function hullThickness(points: readonly ArrayLike<number>[]): number {
  let thinnest = Infinity;
  for (let k = 0; k < 3; k++) {
    let low = Infinity, high = -Infinity;
    for (const p of points) {
      low = Math.min(low, p[k]);
      high = Math.max(high, p[k]);
    }
    thinnest = Math.min(thinnest, 0.5 * (high - low));
  }
  return thinnest;
}

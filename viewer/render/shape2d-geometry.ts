// The outlines and flat fills of 2D shapes (lib/2d Shape2D) in their own frame, in the z = 0 plane: what
// render/world2d-view.ts draws each body with. Reads only a shape's public geometry (ShapeGeometry2D: a
// circle's radius, a capsule's radius and half height along its y, a polygon's counter-clockwise vertices,
// a segment's or chain segment's two points) and its place in the body (position and rotation (cos, sin)
// about the body's centre of mass).

import * as THREE from 'three';
import type { ChainSegmentGeometry, Shape2D, ShapeGeometry2D } from '../../lib/2d/index.js';

/** What the drawing reads of a Shape2D: its kind, its place in the body and its geometry (a chain's as
 * children). */
export type DrawnShape2D = Pick<Shape2D, 'type' | 'position' | 'rotation' | 'geometry' | 'children' | 'sensor'>;

/** Points on a circle's rim or a capsule's outline. */
const ARC_POINTS = 48;

/**
 * The closed outline of a solid geometry (circle, capsule, polygon) in the shape's frame, counter-clockwise,
 * or null for a segment or chain segment (no area).
 */
export function outlinePoints(geometry: ShapeGeometry2D): THREE.Vector2[] | null {
  switch (geometry.type) {
    case 'circle': {
      const points: THREE.Vector2[] = [];
      for (let i = 0; i < ARC_POINTS; i++) {
        const a = (i / ARC_POINTS) * 2 * Math.PI;
        points.push(new THREE.Vector2(geometry.radius * Math.cos(a), geometry.radius * Math.sin(a)));
      }
      return points;
    }
    case 'capsule': {
      // the upper half-disc about (0, h), then the lower about (0, −h): the sides are the chords between them
      const { radius: r, halfHeight: h } = geometry, half = ARC_POINTS / 2, points: THREE.Vector2[] = [];
      for (let i = 0; i <= half; i++) {
        const a = (i / half) * Math.PI;
        points.push(new THREE.Vector2(r * Math.cos(a), h + r * Math.sin(a)));
      }
      for (let i = 0; i <= half; i++) {
        const a = Math.PI + (i / half) * Math.PI;
        points.push(new THREE.Vector2(r * Math.cos(a), -h + r * Math.sin(a)));
      }
      return points;
    }
    case 'polygon': {
      const points: THREE.Vector2[] = [];
      for (let i = 0; i < geometry.count; i++) points.push(new THREE.Vector2(geometry.vertices[2 * i], geometry.vertices[2 * i + 1]));
      return points;
    }
    default:
      return null;
  }
}

/** The line pieces of a shape's outline in the body frame, as pairs of points (x, y) for LineSegments: a
 * solid's rim (a circle and a capsule also a radius, so that their turning shows), a segment, or every
 * segment of a chain. */
export function outlineSegments(shape: DrawnShape2D): number[] {
  const out: number[] = [];
  const c = shape.rotation[0], s = shape.rotation[1], px = shape.position[0], py = shape.position[1];
  const push = (x: number, y: number) => out.push(px + c * x - s * y, py + s * x + c * y, 0);
  const pushLine = (ax: number, ay: number, bx: number, by: number) => {
    push(ax, ay);
    push(bx, by);
  };
  const pieces: ShapeGeometry2D[] = shape.children !== undefined && shape.children.length > 0 ? [...shape.children] : shape.geometry ? [shape.geometry] : [];
  for (const geometry of pieces) {
    const loop = outlinePoints(geometry);
    if (loop !== null) {
      for (let i = 0; i < loop.length; i++) {
        const a = loop[i], b = loop[(i + 1) % loop.length];
        pushLine(a.x, a.y, b.x, b.y);
      }
      if (geometry.type === 'circle') pushLine(0, 0, geometry.radius, 0);
      if (geometry.type === 'capsule') pushLine(0, geometry.halfHeight, 0, geometry.halfHeight + geometry.radius);
    } else if (geometry.type === 'segment' || geometry.type === 'chainSegment') {
      pushLine(geometry.point1[0], geometry.point1[1], geometry.point2[0], geometry.point2[1]);
    }
  }
  return out;
}

/**
 * A flat fill of the shape in the body frame (z = 0), or null when it has no area: a circle, capsule or
 * polygon fills its outline; a chain (a ground) fills down to `floor` m below its lowest point when its points run one way along x (a hilly ground: the area under it, as 2D games draw it).
 */
export function fillGeometry(shape: DrawnShape2D, floor = 30): THREE.BufferGeometry | null {
  let loop: THREE.Vector2[] | null = null;
  if (shape.geometry && shape.type !== 'chain') loop = outlinePoints(shape.geometry);
  else if (shape.children !== undefined && shape.children.length > 0) loop = groundUnder(shape.children, floor);
  if (loop === null) return null;
  const geometry = new THREE.ShapeGeometry(new THREE.Shape(loop));
  const c = shape.rotation[0], s = shape.rotation[1];
  geometry.applyMatrix4(new THREE.Matrix4().set(c, -s, 0, shape.position[0], s, c, 0, shape.position[1], 0, 0, 1, 0, 0, 0, 0, 1));
  return geometry;
}

/** The area under an open chain whose points run one way along x: its points, then down to below its
 * lowest point and back. Null when it doubles back (a loop, an overhang). */
function groundUnder(children: readonly ChainSegmentGeometry[], floor: number): THREE.Vector2[] | null {
  const points = [new THREE.Vector2(children[0].point1[0], children[0].point1[1])];
  for (const child of children) points.push(new THREE.Vector2(child.point2[0], child.point2[1]));
  const first = points[0], last = points[points.length - 1];
  if (first.distanceTo(last) < 1e-9) return null;
  const direction = Math.sign(last.x - first.x);
  let lowest = Infinity;
  for (let i = 0; i < points.length; i++) {
    lowest = Math.min(lowest, points[i].y);
    if (i > 0 && Math.sign(points[i].x - points[i - 1].x) !== direction) return null;
  }
  points.push(new THREE.Vector2(last.x, lowest - floor), new THREE.Vector2(first.x, lowest - floor));
  // counter-clockwise: a chain drawn left to right has the ground under it on its right, so reverse
  return direction > 0 ? points.reverse() : points;
}

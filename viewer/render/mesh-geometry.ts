// Drawing a body from its collision shapes (lib's Shape, through the public API): what the viewer does for
// bodies that no scene description draws, such as the static triangle meshes and heightfields of the
// `terrain` and `level` scenes. Each shape is placed in the body frame by its position and orientation.
//
// - heightfield: the grid as lib reads it (lib/geometry/heightfield.ts): the point of row r and column c at
//   x = (c/(columns − 1) − ½)·size[0], z = (r/(rows − 1) − ½)·size[1], y = heights[r·columns + c]; cell (r, c)
//   split along its diagonal P(r, c)–P(r + 1, c + 1) into (P(r, c), P(r + 1, c), P(r + 1, c + 1)) and
//   (P(r, c), P(r + 1, c + 1), P(r, c + 1)), counter-clockwise seen from above like lib's, so the drawn
//   surface is the collision surface triangle for triangle. A triangle with a NaN corner is a hole, left
//   out. Smooth vertex normals, and vertex colours of a landscape: grass by height, rock on steep
//   slopes, earth at the bottom.
// - trimesh: its triangles as given (front faces counter-clockwise), flat shaded; level triangles that lie
//   within one 1 m square in a checker (a tiled floor shows its tiles), the rest lighter and darker the
//   steeper they are; creases sharper than 20° are drawn as lines so steps and rims read in any light.

import * as THREE from 'three';
import type { Shape, ShapeOptions } from '../../lib/index.js';
import { hullGeometry } from './hull-geometry.js';

type Options<T extends ShapeOptions['type']> = Extract<ShapeOptions, { type: T }>;

/** Landscape colours (linear blend between them by height and slope). */
const LOW_GRASS = new THREE.Color(0x5b7f3c);
const HIGH_GRASS = new THREE.Color(0x9aa65c);
const ROCK = new THREE.Color(0x857a6c);
const EARTH = new THREE.Color(0x8c6f4e);

/** The heightfield's surface: one vertex per grid point, two triangles per cell, but holes. */
export function heightfieldGeometry({ heights, rows, columns, size }: Options<'heightfield'>): THREE.BufferGeometry {
  const positions = new Float32Array(rows * columns * 3);
  let low = Infinity, high = -Infinity;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const i = r * columns + c, y = heights[i];
      positions[3 * i] = (c / (columns - 1) - 0.5) * size[0];
      // a hole's corner is used by no triangle; 0 keeps the bounds finite
      positions[3 * i + 1] = Number.isNaN(y) ? 0 : y;
      positions[3 * i + 2] = (r / (rows - 1) - 0.5) * size[1];
      if (!Number.isNaN(y)) {
        low = Math.min(low, y);
        high = Math.max(high, y);
      }
    }
  }
  const indices: number[] = [];
  for (let r = 0; r + 1 < rows; r++) {
    for (let c = 0; c + 1 < columns; c++) {
      const p00 = r * columns + c, p01 = p00 + 1, p10 = p00 + columns, p11 = p10 + 1;
      if (!Number.isNaN(heights[p00] + heights[p10] + heights[p11])) indices.push(p00, p10, p11);
      if (!Number.isNaN(heights[p00] + heights[p11] + heights[p01])) indices.push(p00, p11, p01);
    }
  }
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
  geometry.setIndex(indices);
  geometry.computeVertexNormals();
  const normals = geometry.getAttribute('normal');
  const colours = new Float32Array(positions.length);
  const colour = new THREE.Color();
  const span = Math.max(high - low, 1e-9);
  for (let i = 0; i < rows * columns; i++) {
    const t = (positions[3 * i + 1] - low) / span;
    colour.copy(LOW_GRASS).lerp(HIGH_GRASS, Math.min(1, Math.max(0, (t - 0.3) / 0.6)));
    if (t < 0.3) colour.lerp(EARTH, Math.min(1, (0.3 - t) / 0.15));
    // rock where the slope passes about 35°, all rock past about 50°
    const steep = Math.min(1, Math.max(0, (0.82 - normals.getY(i)) / 0.18));
    colour.lerp(ROCK, steep);
    // a little noise per grid point (a fixed hash), so flat ground is not one flat colour
    const noise = ((Math.imul(i, 2654435761) >>> 0) / 2 ** 32 - 0.5) * 0.08;
    colours[3 * i] = colour.r * (1 + noise);
    colours[3 * i + 1] = colour.g * (1 + noise);
    colours[3 * i + 2] = colour.b * (1 + noise);
  }
  geometry.setAttribute('color', new THREE.BufferAttribute(colours, 3));
  return geometry;
}

const FLOOR_LIGHT = new THREE.Color(0xc9c3b6);
const FLOOR_DARK = new THREE.Color(0xa9a294);
const WALL = new THREE.Color(0x8f8a80);

/** The mesh's triangles as given, each with its own corners (flat normals) and colour. */
export function trimeshGeometry({ vertices, indices }: Options<'trimesh'>): THREE.BufferGeometry {
  const count = Math.floor(indices.length / 3);
  const positions = new Float32Array(count * 9);
  const colours = new Float32Array(count * 9);
  const a = new THREE.Vector3(), b = new THREE.Vector3(), c = new THREE.Vector3();
  const ab = new THREE.Vector3(), ac = new THREE.Vector3(), n = new THREE.Vector3();
  const colour = new THREE.Color();
  for (let t = 0; t < count; t++) {
    for (let k = 0; k < 3; k++) {
      const v = indices[3 * t + k];
      for (let j = 0; j < 3; j++) positions[9 * t + 3 * k + j] = vertices[3 * v + j];
    }
    a.fromArray(positions, 9 * t);
    b.fromArray(positions, 9 * t + 3);
    c.fromArray(positions, 9 * t + 6);
    n.crossVectors(ab.subVectors(b, a), ac.subVectors(c, a)).normalize();
    // level ground inside one 1 m square takes that square's checker colour (a tiled floor shows its
    // tiles); other ground is light, and darker the steeper it is
    const cx = (a.x + b.x + c.x) / 3, cz = (a.z + b.z + c.z) / 3;
    const square = Math.floor(cx) + Math.floor(cz);
    const inSquare = Math.max(a.x, b.x, c.x) - Math.floor(cx) <= 1 && Math.min(a.x, b.x, c.x) >= Math.floor(cx) &&
      Math.max(a.z, b.z, c.z) - Math.floor(cz) <= 1 && Math.min(a.z, b.z, c.z) >= Math.floor(cz);
    colour.copy(Math.abs(n.y) > 0.999 && inSquare && square % 2 !== 0 ? FLOOR_DARK : FLOOR_LIGHT);
    colour.lerp(WALL, Math.min(1, Math.max(0, (1 - Math.abs(n.y)) / 0.6)));
    for (let k = 0; k < 3; k++) colour.toArray(colours, 9 * t + 3 * k);
  }
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
  geometry.setAttribute('color', new THREE.BufferAttribute(colours, 3));
  geometry.computeVertexNormals(); // unindexed: each triangle's own normal
  return geometry;
}

/** The geometry of one shape in its own frame, or null for a plane (the stage draws the ground). */
export function shapeGeometry(shape: Shape): THREE.BufferGeometry | null {
  const options = shape.describe();
  switch (options.type) {
    case 'sphere': return new THREE.SphereGeometry(options.radius, 24, 16);
    case 'capsule': return new THREE.CapsuleGeometry(options.radius, options.halfHeight * 2, 8, 16);
    case 'cylinder': return new THREE.CylinderGeometry(options.radius, options.radius, options.halfHeight * 2, 32);
    case 'cone': return new THREE.ConeGeometry(options.radius, options.halfHeight * 2, 32);
    case 'box': {
      const h = options.halfExtents as ArrayLike<number>; // (describe() gives arrays)
      return new THREE.BoxGeometry(h[0] * 2, h[1] * 2, h[2] * 2);
    }
    case 'hull': return hullGeometry(pointsOf(options.points));
    case 'trimesh': return trimeshGeometry(options);
    case 'heightfield': return heightfieldGeometry(options);
    case 'plane': return null;
  }
}

/** A hull's points as [x, y, z] triples, whether given as triples or flat. */
function pointsOf(points: Options<'hull'>['points']): ArrayLike<number>[] {
  const list = Array.from(points as ArrayLike<number | ArrayLike<number>>);
  if (list.length === 0 || typeof list[0] !== 'number') return list as ArrayLike<number>[];
  const flat = list as number[];
  const out: number[][] = [];
  for (let i = 0; i + 2 < flat.length; i += 3) out.push([flat[i], flat[i + 1], flat[i + 2]]);
  return out;
}

/**
 * A body drawn from its shapes with one material: a group (in the body frame) holding a mesh per shape
 * placed by the shape's position and orientation, and a mesh's creases as lines. Meshes and heightfields
 * bring their own vertex colours.
 */
export function shapesObject(body: { shapes: readonly Shape[] }, material: THREE.MeshStandardMaterial): THREE.Group {
  const group = new THREE.Group();
  for (const shape of body.shapes) {
    const geometry = shapeGeometry(shape);
    if (geometry === null) continue;
    const mesh = new THREE.Mesh(geometry, material);
    mesh.position.set(shape.position[0], shape.position[1], shape.position[2]);
    mesh.quaternion.set(shape.orientation[0], shape.orientation[1], shape.orientation[2], shape.orientation[3]);
    mesh.castShadow = mesh.receiveShadow = true;
    if (geometry.getAttribute('color') !== undefined) material.vertexColors = true;
    group.add(mesh);
    if (shape.type === 'trimesh') {
      const crease = new THREE.LineBasicMaterial({ color: 0x4d4a44, transparent: true, opacity: 0.55 });
      mesh.add(new THREE.LineSegments(new THREE.EdgesGeometry(geometry, 20), crease));
    }
  }
  return group;
}

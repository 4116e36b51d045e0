// Shapes from three.js geometry, and geometry from shapes:
//   shapeFromGeometry   a BoxGeometry as a box, a SphereGeometry or IcosahedronGeometry as a sphere, a
//                       CapsuleGeometry as a capsule (the add-ons' mapping: RapierPhysics.js getShape),
//                       anything else, or one of those whose vertices were moved after it was made, as
//                       the convex hull of its vertices
//   hullFromGeometry    the convex hull of a geometry's vertices, at most 256 of them (a finer mesh, a
//                       sphere of 32 x 16 segments, is reduced to the vertices that reach farthest in
//                       well-spread directions)
//   trimeshFromGeometry a static triangle mesh from a geometry, or from every mesh under an Object3D
//                       (a level), placed by their world matrices or relative to the object
//   heightfield         a heightfield's shape options and the BufferGeometry that draws exactly the
//                       surface bodies rest on (same grid, same cell diagonal)
// These run when a scene is built, not per frame: they may allocate.

import { BufferAttribute, BufferGeometry, Matrix4, Quaternion, Vector3, type Object3D, type InstancedMesh } from 'three';
import { convexHull, MAX_HULL_VERTICES, type HullShapeOptions, type ShapeOptions } from '../index.js';
import { describe, isThree, readVector, type VectorInput } from './vectors.js';

/** A triangle mesh's shape options (createBody's `shapes`). */
export type TrimeshShape = Extract<ShapeOptions, { type: 'trimesh' }>;
/** A heightfield's shape options (createBody's `shapes`). */
export type HeightfieldShape = Extract<ShapeOptions, { type: 'heightfield' }>;

const scaleScratch = new Float64Array(3);

/** A geometry's vertex positions, x, y, z each (3 per vertex), from its position attribute. */
function readPositions(where: string, geometry: unknown): Float64Array {
  if (!isThree(geometry, 'isBufferGeometry')) {
    throw new TypeError(`${where}: geometry must be a three.js BufferGeometry, got ${describe(geometry)}`);
  }
  const attribute = (geometry as BufferGeometry).getAttribute('position');
  if (attribute === undefined || attribute.itemSize < 3) {
    throw new RangeError(`${where}: the ${(geometry as BufferGeometry).type} has no position attribute of x, y, z`);
  }
  const count = attribute.count, out = new Float64Array(3 * count);
  for (let i = 0; i < count; i++) {
    out[3 * i] = attribute.getX(i);
    out[3 * i + 1] = attribute.getY(i);
    out[3 * i + 2] = attribute.getZ(i);
  }
  return out;
}

/** The scale option as [sx, sy, sz] (default 1, 1, 1). */
function readScale(where: string, scale: VectorInput | undefined): Float64Array {
  if (scale === undefined) return scaleScratch.fill(1);
  readVector(where, 'scale', scale, scaleScratch);
  for (let k = 0; k < 3; k++) {
    if (scaleScratch[k] === 0) throw new RangeError(`${where}: scale must not be 0 on any axis, got ${describe(scale)}`);
  }
  return scaleScratch;
}

/** Welds points closer than `tolerance` (on each axis, to a grid): the distinct ones, first kept. */
function weld(points: Float64Array, tolerance: number): Float64Array {
  const seen = new Set<string>(), kept: number[] = [];
  for (let i = 0; i < points.length; i += 3) {
    const key = `${Math.round(points[i] / tolerance)},${Math.round(points[i + 1] / tolerance)},${Math.round(points[i + 2] / tolerance)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(points[i], points[i + 1], points[i + 2]);
  }
  return Float64Array.from(kept);
}

/** The largest side of the points' bounding box. */
function cloudSize(points: Float64Array): number {
  let size = 0;
  for (let k = 0; k < 3; k++) {
    let low = Infinity, high = -Infinity;
    for (let i = k; i < points.length; i += 3) {
      if (points[i] < low) low = points[i];
      if (points[i] > high) high = points[i];
    }
    if (high - low > size) size = high - low;
  }
  return size;
}

/** The plastic constant g (g³ = g + 1): its inverse powers step Roberts' R2 sequence, whose every prefix
 * covers the unit square evenly (M. Roberts, "The Unreasonable Effectiveness of Quasirandom Sequences",
 * 2018). */
const PLASTIC = 1.324717957244746;

/**
 * At most `limit` of the points: the farthest along the six axes, then along directions spread evenly over
 * the sphere (the R2 sequence mapped to it, so the first k directions are spread for every k), each
 * adding the point that reaches farthest that way, until `limit` are chosen or 16 · limit directions are
 * tried. Their hull is the inside approximation of the points' hull by its most extreme vertices.
 */
function extremePoints(points: Float64Array, limit: number): Float64Array {
  const n = points.length / 3, chosen = new Uint8Array(n), kept: number[] = [];
  let cx = 0, cy = 0, cz = 0;
  for (let i = 0; i < n; i++) { cx += points[3 * i]; cy += points[3 * i + 1]; cz += points[3 * i + 2]; }
  cx /= n; cy /= n; cz /= n;
  const a1 = 1 / PLASTIC, a2 = 1 / (PLASTIC * PLASTIC);
  for (let d = 0; d < 16 * limit && kept.length < 3 * limit; d++) {
    let dx: number, dy: number, dz: number;
    if (d < 6) {
      dx = d === 0 ? 1 : d === 1 ? -1 : 0; dy = d === 2 ? 1 : d === 3 ? -1 : 0; dz = d === 4 ? 1 : d === 5 ? -1 : 0;
    } else {
      const u = (0.5 + d * a1) % 1, v = (0.5 + d * a2) % 1;
      dz = 1 - 2 * u;
      const ring = Math.sqrt(Math.max(0, 1 - dz * dz)), angle = 2 * Math.PI * v;
      dx = ring * Math.cos(angle); dy = ring * Math.sin(angle);
    }
    let best = -1, reach = -Infinity;
    for (let i = 0; i < n; i++) {
      const r = (points[3 * i] - cx) * dx + (points[3 * i + 1] - cy) * dy + (points[3 * i + 2] - cz) * dz;
      if (r > reach) { reach = r; best = i; }
    }
    if (chosen[best] === 0) {
      chosen[best] = 1;
      kept.push(points[3 * best], points[3 * best + 1], points[3 * best + 2]);
    }
  }
  return Float64Array.from(kept);
}

export interface HullFromGeometryOptions {
  /** Scale applied to the vertices (a mesh's `scale`): a Vector3 or [x, y, z]. Default 1, 1, 1. */
  scale?: VectorInput;
  /** The most vertices the hull may have, 4 to 256 (MAX_HULL_VERTICES). Default 256. */
  maxVertices?: number;
}

/**
 * The convex hull of a geometry's vertices (its position attribute, scaled by `scale`), as hull shape
 * options in the geometry's frame. A geometry of more distinct vertices than `maxVertices` is reduced to
 * its most extreme ones first (a sphere of 32 x 16 segments, 482 points, to 256, whose hull reaches
 * within 2.5 % of the radius in every direction), since a hull holds at most 256. The points returned are the hull's vertices only, so a body
 * made from them rebuilds the same hull quickly. Throws, naming the geometry, when its vertices lie on
 * one plane or line (a PlaneGeometry has no volume: make it a trimesh on a static body).
 */
export function hullFromGeometry(geometry: BufferGeometry, options: HullFromGeometryOptions = {}): HullShapeOptions {
  const where = 'hullFromGeometry';
  const points = readPositions(where, geometry);
  if (options === null || typeof options !== 'object') throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
  const maxVertices = options.maxVertices ?? MAX_HULL_VERTICES;
  if (typeof maxVertices !== 'number' || !Number.isInteger(maxVertices) || maxVertices < 4 || maxVertices > MAX_HULL_VERTICES) {
    throw new RangeError(`${where}: maxVertices must be an integer from 4 to ${MAX_HULL_VERTICES}, got ${describe(maxVertices)}`);
  }
  const scale = readScale(where, options.scale);
  for (let i = 0; i < points.length; i += 3) {
    points[i] *= scale[0]; points[i + 1] *= scale[1]; points[i + 2] *= scale[2];
  }
  const size = cloudSize(points);
  if (!(size > 0) || !Number.isFinite(size)) {
    throw new RangeError(`${where}: the ${geometry.type}'s vertices must span a finite, nonzero box, got a box of size ${size}`);
  }
  let distinct = weld(points, 1e-9 * size);
  if (distinct.length / 3 > maxVertices) distinct = extremePoints(distinct, maxVertices);
  try {
    return { type: 'hull', points: Float64Array.from(convexHull(distinct).vertices) };
  } catch (error) {
    throw new RangeError(`${where}: the ${geometry.type}'s vertices make no hull: ${(error as Error).message}`);
  }
}

/** Whether a and b are equal within a share `tolerance` of `size`. */
function near(a: number, b: number, size: number, tolerance = 1e-6): boolean {
  return Math.abs(a - b) <= tolerance * size;
}

/** Whether the geometry's bounding box is centred on its origin with the given half extents (within 1e-6
 * of the largest): its vertices are where its parameters put them. `within`: the half extents may be
 * smaller (a sphere's tessellation reaches its radius on some axes only). */
function boxMatches(geometry: BufferGeometry, hx: number, hy: number, hz: number, within = false): boolean {
  if (geometry.boundingBox === null) geometry.computeBoundingBox();
  const box = geometry.boundingBox!, size = Math.max(hx, hy, hz);
  const min = box.min, max = box.max;
  if (!(near(min.x + max.x, 0, size) && near(min.y + max.y, 0, size) && near(min.z + max.z, 0, size))) return false;
  const ex = (max.x - min.x) / 2, ey = (max.y - min.y) / 2, ez = (max.z - min.z) / 2;
  if (within) return ex <= hx * (1 + 1e-6) && ey <= hy * (1 + 1e-6) && ez <= hz * (1 + 1e-6);
  return near(ex, hx, size) && near(ey, hy, size) && near(ez, hz, size);
}

/** The geometry's constructor parameter `name`, or `fallback` (three's default) when it has none. */
function parameter(geometry: BufferGeometry, name: string, fallback: number): number {
  const value = (geometry as { parameters?: Record<string, unknown> }).parameters?.[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/**
 * The shape a three.js geometry stands for, in the geometry's frame, scaled by `scale`: a BoxGeometry is
 * a box; a SphereGeometry or IcosahedronGeometry a sphere and a CapsuleGeometry a capsule (along y) when
 * scaled alike on every axis; a whole CylinderGeometry of equal top and bottom radii a cylinder and a whole
 * ConeGeometry a cone (both along y, three's cone centred on its mid-height as ours) when scaled alike
 * along x and z; anything else (a torus knot, a loaded model, a cylinder of two radii or cut open) the
 * convex hull of its vertices (hullFromGeometry). A box, sphere or capsule geometry whose vertices were moved
 * after it was made (`geometry.translate`, `rotateX`, …), so that its parameters no longer describe it,
 * is a hull of its vertices too.
 */
export function shapeFromGeometry(geometry: BufferGeometry, options: { scale?: VectorInput } = {}): ShapeOptions {
  const where = 'shapeFromGeometry';
  if (!isThree(geometry, 'isBufferGeometry')) {
    throw new TypeError(`${where}: geometry must be a three.js BufferGeometry, got ${describe(geometry)}`);
  }
  if (options === null || typeof options !== 'object') throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
  const scale = readScale(where, options.scale);
  const sx = Math.abs(scale[0]), sy = Math.abs(scale[1]), sz = Math.abs(scale[2]);
  const uniform = near(sx, sy, sx, 1e-9) && near(sx, sz, sx, 1e-9);
  const type = geometry.type;
  if (type === 'BoxGeometry') {
    const hx = parameter(geometry, 'width', 1) / 2, hy = parameter(geometry, 'height', 1) / 2, hz = parameter(geometry, 'depth', 1) / 2;
    if (boxMatches(geometry, hx, hy, hz)) return { type: 'box', halfExtents: [hx * sx, hy * sy, hz * sz] };
  } else if ((type === 'SphereGeometry' || type === 'IcosahedronGeometry') && uniform) {
    const radius = parameter(geometry, 'radius', 1);
    if (boxMatches(geometry, radius, radius, radius, true)) return { type: 'sphere', radius: radius * sx };
  } else if (type === 'CapsuleGeometry' && uniform) {
    const radius = parameter(geometry, 'radius', 1), height = parameter(geometry, 'height', 1);
    if (boxMatches(geometry, radius, height / 2 + radius, radius)) return { type: 'capsule', radius: radius * sx, halfHeight: (height / 2) * sx };
  } else if ((type === 'CylinderGeometry' || type === 'ConeGeometry') && near(sx, sz, sx, 1e-9) && parameter(geometry, 'thetaLength', 2 * Math.PI) === 2 * Math.PI) {
    const cone = type === 'ConeGeometry';
    const top = cone ? 0 : parameter(geometry, 'radiusTop', 1), bottom = cone ? parameter(geometry, 'radius', 1) : parameter(geometry, 'radiusBottom', 1);
    const height = parameter(geometry, 'height', 1);
    // (the polygon's corners lie on the circle: within its box)
    if ((top === bottom || top === 0) && bottom > 0 && height > 0 && boxMatches(geometry, bottom, height / 2, bottom, true)) {
      return { type: top === 0 ? 'cone' : 'cylinder', radius: bottom * sx, halfHeight: (height / 2) * sy };
    }
  }
  return hullFromGeometry(geometry, { scale: [scale[0], scale[1], scale[2]] });
}

export interface TrimeshFromGeometryOptions {
  /**
   * For an Object3D: place each mesh's vertices by its world matrix (true, the default: the shape goes on
   * a static body at the origin, unturned, and lies where the scene draws it), or relative to the object
   * (false: by the object's world position and rotation, undone; the body then goes at the object's world
   * position and rotation, and an ObjectSync can attach the object to it). Scale is applied either way.
   * Ignored for a BufferGeometry, whose vertices are taken as they are.
   */
  worldSpace?: boolean;
}

/** Appends the triangles of `geometry` (its index, or its vertices three by three), each vertex placed by
 * `matrix` (null: as they are), to vertices and indices; the winding turned when `matrix` mirrors. */
function appendTriangles(where: string, geometry: BufferGeometry, matrix: Matrix4 | null, vertices: number[], indices: number[]): void {
  const points = readPositions(where, geometry), first = vertices.length / 3, count = points.length / 3;
  const e = matrix?.elements;
  for (let i = 0; i < count; i++) {
    const x = points[3 * i], y = points[3 * i + 1], z = points[3 * i + 2];
    if (e === undefined) vertices.push(x, y, z);
    else vertices.push(e[0] * x + e[4] * y + e[8] * z + e[12], e[1] * x + e[5] * y + e[9] * z + e[13], e[2] * x + e[6] * y + e[10] * z + e[14]);
  }
  const mirrored = matrix !== null && matrix.determinant() < 0;
  const index = geometry.getIndex();
  const corners = index === null ? count : index.count;
  if (corners % 3 !== 0) throw new RangeError(`${where}: the ${geometry.type} must hold whole triangles, got ${corners} corners`);
  for (let t = 0; t < corners; t += 3) {
    const a = index === null ? t : index.getX(t), b = index === null ? t + 1 : index.getX(t + 1), c = index === null ? t + 2 : index.getX(t + 2);
    if (mirrored) indices.push(first + a, first + c, first + b);
    else indices.push(first + a, first + b, first + c);
  }
}

/**
 * A triangle mesh (for a static or kinematic body) from a BufferGeometry, its vertices as they are, or
 * from an Object3D: every Mesh under it (itself included; each instance of an InstancedMesh) merged
 * into one, placed by their world matrices (`worldSpace`, the default) or relative to the object. Front
 * faces are three's (counter-clockwise), the side bodies meet; a mesh with a mirroring matrix has its
 * winding turned so its front stays in front. Material sides are not read: a level meant to be met from
 * both sides needs its back faces too.
 */
export function trimeshFromGeometry(source: BufferGeometry | Object3D, options: TrimeshFromGeometryOptions = {}): TrimeshShape {
  const where = 'trimeshFromGeometry';
  if (options === null || typeof options !== 'object') throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
  const worldSpace = options.worldSpace ?? true;
  if (typeof worldSpace !== 'boolean') throw new TypeError(`${where}: options.worldSpace must be true or false, got ${describe(worldSpace)}`);
  const vertices: number[] = [], indices: number[] = [];
  if (isThree(source, 'isBufferGeometry')) {
    appendTriangles(where, source as BufferGeometry, null, vertices, indices);
  } else if (isThree(source, 'isObject3D')) {
    const root = source as Object3D;
    root.updateWorldMatrix(true, true);
    const frame = new Matrix4();
    if (!worldSpace) {
      const position = new Vector3(), rotation = new Quaternion();
      root.matrixWorld.decompose(position, rotation, new Vector3());
      frame.compose(position, rotation, new Vector3(1, 1, 1)).invert();
    }
    const placed = new Matrix4(), instance = new Matrix4();
    root.traverse((object) => {
      if (!isThree(object, 'isMesh')) return;
      const mesh = object as InstancedMesh;
      const geometry = mesh.geometry;
      if (mesh.isInstancedMesh === true) {
        for (let i = 0; i < mesh.count; i++) {
          mesh.getMatrixAt(i, instance);
          appendTriangles(where, geometry, placed.multiplyMatrices(frame, mesh.matrixWorld).multiply(instance), vertices, indices);
        }
      } else {
        appendTriangles(where, geometry, placed.multiplyMatrices(frame, mesh.matrixWorld), vertices, indices);
      }
    });
  } else {
    throw new TypeError(`${where}: source must be a three.js BufferGeometry or Object3D, got ${describe(source)}`);
  }
  return trimeshOf(where, source as { type: string }, vertices, indices);
}

/** The shape options of the triangles gathered from `source` (named in the error when there are none). */
function trimeshOf(where: string, source: { type: string }, vertices: number[], indices: number[]): TrimeshShape {
  if (indices.length === 0) throw new RangeError(`${where}: the ${source.type} holds no triangles`);
  return { type: 'trimesh', vertices: Float64Array.from(vertices), indices: Uint32Array.from(indices) };
}

/** @internal A geometry's triangles as they are, scaled by (sx, sy, sz) (SinewPhysics' static meshes). */
export function scaledTrimesh(where: string, geometry: BufferGeometry, sx: number, sy: number, sz: number): TrimeshShape {
  const vertices: number[] = [], indices: number[] = [];
  appendTriangles(where, geometry, new Matrix4().makeScale(sx, sy, sz), vertices, indices);
  return trimeshOf(where, geometry, vertices, indices);
}

/** What `heightfield` takes: a heightfield's shape options, with the heights as numbers or a function. */
export interface HeightfieldOptions extends Omit<HeightfieldShape, 'type' | 'heights' | 'size'> {
  /**
   * rows · columns heights (m), row by row (the point of row r and column c is heights[r · columns + c]),
   * NaN for a hole; or a function of the point's x and z giving its height.
   */
  heights: ArrayLike<number> | ((x: number, z: number) => number);
  /** The grid's extent along x and z, m: [x, z], or a Vector2 (x, y). */
  size: ArrayLike<number> | { readonly x: number; readonly y: number };
}

/** Reads rows, columns and size; returns [sizeX, sizeZ]. */
function readGrid(where: string, rows: unknown, columns: unknown, size: unknown): [number, number] {
  for (const [name, value] of [['rows', rows], ['columns', columns]] as const) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 2) {
      throw new RangeError(`${where}: ${name} must be an integer ≥ 2, got ${describe(value)}`);
    }
  }
  let sx: unknown, sz: unknown;
  if (size !== null && typeof size === 'object' && typeof (size as { length?: unknown }).length === 'number') {
    const array = size as ArrayLike<unknown>;
    if (array.length === 2) { sx = array[0]; sz = array[1]; }
  } else if (size !== null && typeof size === 'object') {
    sx = (size as { x?: unknown }).x; sz = (size as { y?: unknown }).y;
  }
  if (!(typeof sx === 'number' && typeof sz === 'number' && sx > 0 && sz > 0 && Number.isFinite(sx) && Number.isFinite(sz))) {
    throw new RangeError(`${where}: size must be [x, z] (or a Vector2), two finite numbers > 0, got ${describe(size)}`);
  }
  return [sx, sz];
}

/** The grid point's coordinate: x of column c (of `count`), or z of row r, in a grid `size` long. */
function gridCoordinate(i: number, count: number, size: number): number {
  return (i / (count - 1) - 0.5) * size;
}

/**
 * The BufferGeometry of a heightfield, in the shape's frame: one vertex per grid point, at
 * x = (c/(columns − 1) − ½)·size[0], z = (r/(rows − 1) − ½)·size[1], y = the height, and each cell's two
 * triangles split along the diagonal from (r, c) to (r + 1, c + 1), as the heightfield splits them
 * (lib/geometry/heightfield.ts): what three draws is the surface bodies rest on. (A PlaneGeometry splits
 * its cells along the other diagonal, so a terrain drawn with one differs from the collision surface by up
 * to half a cell's bend.) Triangles with a NaN corner are holes, left out. Normals are computed; uvs run over
 * the grid as a PlaneGeometry's (u along x, v = 1 at the first row).
 */
export function heightfieldGeometry(shape: Pick<HeightfieldShape, 'heights' | 'rows' | 'columns' | 'size'>): BufferGeometry {
  const where = 'heightfieldGeometry';
  if (shape === null || typeof shape !== 'object') throw new TypeError(`${where}: shape must be heightfield shape options, got ${describe(shape)}`);
  const { rows, columns, heights } = shape;
  const [sx, sz] = readGrid(where, rows, columns, shape.size);
  if (heights === null || typeof heights !== 'object' || heights.length !== rows * columns) {
    throw new RangeError(`${where}: heights must hold rows · columns = ${rows} · ${columns} = ${rows * columns} numbers, got ${describe(heights)}`);
  }
  const positions = new Float32Array(3 * rows * columns), uvs = new Float32Array(2 * rows * columns);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const p = r * columns + c, y = heights[p];
      if (typeof y !== 'number') throw new TypeError(`${where}: heights[${p}] must be a number (NaN: a hole), got ${describe(y)}`);
      positions[3 * p] = gridCoordinate(c, columns, sx);
      positions[3 * p + 1] = Number.isNaN(y) ? 0 : y;
      positions[3 * p + 2] = gridCoordinate(r, rows, sz);
      uvs[2 * p] = c / (columns - 1);
      uvs[2 * p + 1] = 1 - r / (rows - 1);
    }
  }
  const triangles: number[] = [];
  for (let r = 0; r + 1 < rows; r++) {
    for (let c = 0; c + 1 < columns; c++) {
      const p00 = r * columns + c, p01 = p00 + 1, p10 = p00 + columns, p11 = p10 + 1;
      // counter-clockwise from above: (P00, P10, P11) and (P00, P11, P01); one with a NaN corner is a hole
      if (!Number.isNaN(heights[p00] + heights[p10] + heights[p11])) triangles.push(p00, p10, p11);
      if (!Number.isNaN(heights[p00] + heights[p11] + heights[p01])) triangles.push(p00, p11, p01);
    }
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  geometry.setAttribute('uv', new BufferAttribute(uvs, 2));
  geometry.setIndex(new BufferAttribute(rows * columns > 65535 ? Uint32Array.from(triangles) : Uint16Array.from(triangles), 1));
  geometry.computeVertexNormals();
  return geometry;
}

/**
 * A heightfield: its shape options (for a static or kinematic body) and the BufferGeometry that draws it
 * (heightfieldGeometry), both in the shape's frame: put the mesh where the body is (or attach it).
 * `heights` may be a function of x and z, sampled at the grid points. The other options (friction,
 * restitution, filters…) go to the shape.
 */
export function heightfield(options: HeightfieldOptions): { shape: HeightfieldShape; geometry: BufferGeometry } {
  const where = 'heightfield';
  if (options === null || typeof options !== 'object') throw new TypeError(`${where}: options must be an object, got ${describe(options)}`);
  const { heights, rows, columns, size, ...surface } = options;
  const [sx, sz] = readGrid(where, rows, columns, size);
  const values = new Float64Array(rows * columns);
  if (typeof heights === 'function') {
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < columns; c++) {
        const x = gridCoordinate(c, columns, sx), z = gridCoordinate(r, rows, sz), y = heights(x, z);
        if (typeof y !== 'number') throw new TypeError(`${where}: heights(${x}, ${z}) must return a number (NaN: a hole), got ${describe(y)}`);
        values[r * columns + c] = y;
      }
    }
  } else if (heights !== null && typeof heights === 'object' && heights.length === rows * columns) {
    for (let i = 0; i < values.length; i++) {
      const y = heights[i];
      if (typeof y !== 'number') throw new TypeError(`${where}: heights[${i}] must be a number (NaN: a hole), got ${describe(y)}`);
      values[i] = y;
    }
  } else {
    throw new RangeError(`${where}: heights must be a function of (x, z) or hold rows · columns = ${rows} · ${columns} = ${rows * columns} numbers, got ${describe(heights)}`);
  }
  const shape: HeightfieldShape = { ...surface, type: 'heightfield', heights: values, rows, columns, size: [sx, sz] };
  return { shape, geometry: heightfieldGeometry(shape) };
}

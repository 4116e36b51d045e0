// Closed triangle meshes for concave bodies (a dynamic body's trimesh, convexDecomposition): a box, a
// torus, a bowl (a turned profile), and solids made of unit cubes (an L, a chair); the tests' solids and
// the viewer's. Turned with the portable sin and cos, so they are the same bits in every engine. Each is
// wound counter-clockwise seen from outside and shares its vertices between triangles.

import { cos, sin } from '../math/portable.js';

/** A triangle mesh: flat x, y, z per vertex; three vertex indices per triangle. */
export interface MeshData {
  vertices: number[];
  indices: number[];
}

/** A box of half extents (x, y, z) about the origin: 8 vertices, 12 triangles. */
export function boxMesh(hx: number, hy: number, hz: number): MeshData {
  const vertices: number[] = [];
  for (let v = 0; v < 8; v++) vertices.push(v & 1 ? hx : -hx, v & 2 ? hy : -hy, v & 4 ? hz : -hz);
  // faces −x, +x, −y, +y, −z, +z as quads, each counter-clockwise seen from outside
  const quads = [[0, 4, 6, 2], [1, 3, 7, 5], [0, 1, 5, 4], [2, 6, 7, 3], [0, 2, 3, 1], [4, 5, 7, 6]];
  const indices: number[] = [];
  for (const [a, b, c, d] of quads) indices.push(a, b, c, a, c, d);
  return { vertices, indices };
}

/** Signed volume of a triangle mesh (Σ det[a b c] / 6). */
export function signedVolume({ vertices: v, indices: I }: MeshData): number {
  let volume = 0;
  for (let t = 0; t < I.length; t += 3) {
    const a = 3 * I[t], b = 3 * I[t + 1], c = 3 * I[t + 2];
    volume += (v[a] * (v[b + 1] * v[c + 2] - v[b + 2] * v[c + 1]) + v[a + 1] * (v[b + 2] * v[c] - v[b] * v[c + 2]) + v[a + 2] * (v[b] * v[c + 1] - v[b + 1] * v[c])) / 6;
  }
  return volume;
}

/** The mesh with every triangle turned, when it was wound inside out. */
function outward(mesh: MeshData): MeshData {
  if (signedVolume(mesh) > 0) return mesh;
  const indices = mesh.indices.slice();
  for (let t = 0; t < indices.length; t += 3) [indices[t + 1], indices[t + 2]] = [indices[t + 2], indices[t + 1]];
  return { vertices: mesh.vertices, indices };
}

/** A torus about the y axis: ring radius R, tube radius r, n segments around the ring and m around the tube. */
export function torusMesh(R: number, r: number, n: number, m: number): MeshData {
  const vertices: number[] = [], indices: number[] = [];
  for (let i = 0; i < n; i++) {
    const u = (2 * Math.PI * i) / n;
    for (let j = 0; j < m; j++) {
      const w = (2 * Math.PI * j) / m;
      const radius = R + r * cos(w);
      vertices.push(radius * cos(u), r * sin(w), radius * sin(u));
    }
  }
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) {
      const a = i * m + j, b = ((i + 1) % n) * m + j, c = ((i + 1) % n) * m + ((j + 1) % m), d = i * m + ((j + 1) % m);
      indices.push(a, b, c, a, c, d);
    }
  }
  return outward({ vertices, indices });
}

/** The volume of torusMesh's polyhedron: n·m prisms of the tube's polygon swept by Pappus' theorem is
 * not exact for the faceted ring, so the tests compare with the mesh's own signed volume and with the
 * smooth torus 2π² R r² to the facets' error. */
export function torusVolume(R: number, r: number): number {
  return 2 * Math.PI * Math.PI * R * r * r;
}

/**
 * A solid of revolution about the y axis: `profile` is a polyline of (radius, height) from a point on the
 * axis to another on the axis, turned through n segments. A bowl: out along the bottom, up the outer
 * wall, across the rim, down the inner wall, back to the axis above the bottom.
 */
export function latheMesh(profile: [number, number][], n: number): MeshData {
  const vertices: number[] = [], indices: number[] = [];
  const last = profile.length - 1;
  vertices.push(0, profile[0][1], 0); // pole 0
  for (let k = 1; k < last; k++) {
    const [radius, y] = profile[k];
    for (let i = 0; i < n; i++) {
      const u = (2 * Math.PI * i) / n;
      vertices.push(radius * cos(u), y, radius * sin(u));
    }
  }
  vertices.push(0, profile[last][1], 0);
  const ring = (k: number, i: number): number => 1 + (k - 1) * n + (i % n);
  const poleEnd = vertices.length / 3 - 1;
  for (let i = 0; i < n; i++) {
    indices.push(0, ring(1, i), ring(1, i + 1));
    for (let k = 1; k + 1 < last; k++) indices.push(ring(k, i), ring(k + 1, i), ring(k + 1, i + 1), ring(k, i), ring(k + 1, i + 1), ring(k, i + 1));
    indices.push(ring(last - 1, i), poleEnd, ring(last - 1, i + 1));
  }
  return outward({ vertices, indices });
}

/** A bowl of outer radius R and height H, walls and bottom t thick, its bottom at y = 0. */
export function bowlMesh(R: number, H: number, t: number, n = 24): MeshData {
  return latheMesh([[0, 0], [R * 0.7, 0], [R, H * 0.4], [R, H], [R - t, H], [R - t, H * 0.4 + t * 0.3], [R * 0.7 - t, t], [0, t]], n);
}

/** A solid of unit cubes at the given integer cells (scaled by `size`): the faces between a cell and an
 * empty neighbour, two triangles each, on shared grid vertices. Cells that meet only along an edge would
 * make a non-manifold edge: the shapes here have none. */
export function voxelMesh(cells: [number, number, number][], size = 1): MeshData {
  const filled = new Set(cells.map((c) => c.join(',')));
  const vertices: number[] = [], indices: number[] = [], ids = new Map<string, number>();
  const vertex = (x: number, y: number, z: number): number => {
    const key = `${x},${y},${z}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = vertices.length / 3;
      ids.set(key, id);
      vertices.push(x * size, y * size, z * size);
    }
    return id;
  };
  for (const [x, y, z] of cells) {
    for (let axis = 0; axis < 3; axis++) {
      for (const side of [0, 1]) {
        const neighbour = [x, y, z];
        neighbour[axis] += side ? 1 : -1;
        if (filled.has(neighbour.join(','))) continue;
        // the face's corners: on the plane axis = cell + side, spanning the two other axes
        const u = (axis + 1) % 3, w = (axis + 2) % 3;
        const corner = (du: number, dw: number): number => {
          const p = [x, y, z];
          p[axis] += side;
          p[u] += du;
          p[w] += dw;
          return vertex(p[0], p[1], p[2]);
        };
        const a = corner(0, 0), b = corner(1, 0), c = corner(1, 1), d = corner(0, 1);
        // (u × w = axis): a, b, c runs counter-clockwise about +axis; turned for the − side
        if (side) indices.push(a, b, c, a, c, d);
        else indices.push(a, c, b, a, d, c);
      }
    }
  }
  return { vertices, indices };
}

/** An L of 3 cubes: two along x, one on top of the first. */
export function lShape(size = 1): MeshData {
  return voxelMesh([[0, 0, 0], [1, 0, 0], [0, 1, 0]], size);
}

/** A chair of cubes: a 3 x 3 seat one cube thick on four legs two cubes tall, and a back three cubes tall
 * along one edge. */
export function chairMesh(size = 0.1): MeshData {
  const cells: [number, number, number][] = [];
  for (const [x, z] of [[0, 0], [2, 0], [0, 2], [2, 2]]) for (let y = 0; y < 2; y++) cells.push([x, y, z]);
  for (let x = 0; x < 3; x++) for (let z = 0; z < 3; z++) cells.push([x, 2, z]);
  for (let x = 0; x < 3; x++) for (let y = 3; y < 6; y++) cells.push([x, y, 0]);
  return voxelMesh(cells, size);
}

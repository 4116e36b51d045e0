// The benches' terrain: gentle hills of ±2 m, y = 2 sin(x/8) cos(z/10), over 100 x 100 m, as a 128 x 128
// heightfield in sinew's layout and in Rapier's. Shared by bench/world.mjs (bodies dropped on it) and
// bench/vehicles.mjs (ray-cast cars driven over it).

export const TERRAIN_SIZE = 100, FIELD = 128;
export const terrainHeight = (x, z) => 2 * Math.sin(x / 8) * Math.cos(z / 10);

/** The heightfield: sinew's shape options and Rapier's collider description (RAPIER given). */
export function heightfield(RAPIER) {
  // sinew's layout: row r (along z), column c (along x), heights[r · columns + c]
  const heights = new Float64Array(FIELD * FIELD);
  // Rapier's (parry's HeightField): the same rows and columns, column-major, heights[r + c · rows], and
  // its nrows and ncols count the cells (rows − 1, columns − 1)
  const rapierHeights = new Float32Array(FIELD * FIELD);
  for (let r = 0; r < FIELD; r++) {
    for (let c = 0; c < FIELD; c++) {
      const y = terrainHeight((c / (FIELD - 1) - 0.5) * TERRAIN_SIZE, (r / (FIELD - 1) - 0.5) * TERRAIN_SIZE);
      heights[r * FIELD + c] = y;
      rapierHeights[r + c * FIELD] = y;
    }
  }
  return {
    sinew: { type: 'heightfield', heights, rows: FIELD, columns: FIELD, size: [TERRAIN_SIZE, TERRAIN_SIZE] },
    rapier: RAPIER.ColliderDesc.heightfield(FIELD - 1, FIELD - 1, rapierHeights, { x: TERRAIN_SIZE, y: 1, z: TERRAIN_SIZE }),
  };
}

// The forms a vector or a rotation takes where the API reads one: an array or typed array of numbers, or an
// object with numeric x, y (z, w): three.js's Vector2, Vector3 and Quaternion, or any such object. A
// quaternion's order is (x, y, z, w) in both forms. validate.ts reads them (readFiniteVector).

/** A point or vector in 3D: [x, y, z] (an array or typed array), or an object with x, y, z such as a
 * THREE.Vector3. */
export type Vector3Input = ArrayLike<number> | { readonly x: number; readonly y: number; readonly z: number };

/** A rotation: a unit quaternion [x, y, z, w] (an array or typed array), or an object with x, y, z, w such
 * as a THREE.Quaternion. */
export type QuaternionInput = ArrayLike<number> | { readonly x: number; readonly y: number; readonly z: number; readonly w: number };

/** A point or vector in 2D: [x, y] (an array or typed array), or an object with x, y such as a
 * THREE.Vector2. */
export type Vector2Input = ArrayLike<number> | { readonly x: number; readonly y: number };

/** `value` as an array: itself when it is array-like, else its x, y, z copied into `scratch` (unchecked: for
 * the reads that take a vector as given, such as body.getWorldPoint). */
export function asArray3(value: Vector3Input, scratch: Float64Array): ArrayLike<number> {
  if (typeof (value as ArrayLike<number>).length === 'number') return value as ArrayLike<number>;
  const v = value as { readonly x: number; readonly y: number; readonly z: number };
  scratch[0] = v.x; scratch[1] = v.y; scratch[2] = v.z;
  return scratch;
}

/** asArray3 in 2D. */
export function asArray2(value: Vector2Input, scratch: Float64Array): ArrayLike<number> {
  if (typeof (value as ArrayLike<number>).length === 'number') return value as ArrayLike<number>;
  const v = value as { readonly x: number; readonly y: number };
  scratch[0] = v.x; scratch[1] = v.y;
  return scratch;
}

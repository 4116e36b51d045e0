// Bodies whose state stopped being finite. A NaN or an Infinity in a body's pose or velocities spreads to
// everything it touches: its bounds cover all space, the broadphase pairs it with every shape, and a step
// later every body it met is NaN too. The world checks each moving body once at the start of each step and
// once after the step has moved them (world/pipeline.ts); a body found not finite is taken out of the
// simulation as if removed (no contacts, no pairs, its joints not acting, not moved), listed in
// world.invalidBodies and reported once through world.onBodyInvalid. It comes back at the start of a step
// once its position, orientation and velocities are all finite again (set through its setters).

/** Which of a body's quantities was found holding a number that is not finite (NaN or ±Infinity):
 * 'orientation' in 3D, 'angle' in 2D. */
export type InvalidQuantity = 'position' | 'orientation' | 'angle' | 'linearVelocity' | 'angularVelocity';

/** world.onBodyInvalid's event: the body taken out of the simulation, and the first of its quantities
 * (position, orientation or angle, linear velocity, angular velocity, in that order) found not finite. */
export interface BodyInvalidEventOf<B> {
  body: B;
  quantity: InvalidQuantity;
}

/** Whether one of `count` numbers of `values` from `at` is not finite. */
export function notFinite(values: Float64Array, at: number, count: number): boolean {
  let z = 0;
  for (let k = at; k < at + count; k++) z += values[k] * 0;
  return z !== 0;
}

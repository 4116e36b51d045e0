// A breakable welded tower: a two-column frame with a beam at every floor, and a load on the roof.

import { boxInertia } from '../geometry/inertia.js';
import type { BodyDescription, JointDescription, SceneDescription, Vec3Tuple } from './description.js';

export interface WeldedTowerOptions {
  /** Floors (each 1.5 m high). Default 6. */
  floors?: number;
  /** Joints break past this force, N, and past strength × 1 m of torque, N·m. Default 3000. */
  strength?: number;
  /** Mass of the load on the roof, kg. Default 50. */
  loadMass?: number;
  /** The columns' welds to the ground break past this, N and N·m. Default 10 × strength: foundations
   * hold, so a shock breaks the frame above them. */
  foundationStrength?: number;
}

/**
 * Columns (0.3 × 1.5 × 0.3 m, 15 kg) at x = ±1.2 stand on the ground, welded to it; on every floor a
 * beam (2.7 × 0.3 × 0.3 m, 20 kg) is welded to the tops of both columns below it and the bottoms of
 * both above it. A load block sits welded on the top beam. Every weld breaks past `strength` N or N·m.
 * Bodies per floor: left column, right column, beam; then the load.
 */
export function weldedTower(options: WeldedTowerOptions = {}): SceneDescription {
  const floors = options.floors ?? 6, strength = options.strength ?? 3000, loadMass = options.loadMass ?? 50;
  const storey = 1.5, halfWidth = 1.2;
  const column: Vec3Tuple = [0.15, storey / 2 - 0.15, 0.15];
  const beam: Vec3Tuple = [halfWidth + 0.15, 0.15, 0.15];
  const bodies: BodyDescription[] = [];
  const joints: JointDescription[] = [];
  const breaking = { breakForce: strength, breakTorque: strength };
  const foundation = options.foundationStrength ?? 10 * strength;
  for (let f = 0; f < floors; f++) {
    const base = f * storey;
    const left = bodies.length, right = left + 1, top = left + 2;
    for (const x of [-halfWidth, halfWidth]) {
      bodies.push({
        type: 'dynamic', position: [x, base + storey / 2 - 0.15, 0], mass: 15, inertia: boxInertia(15, column),
        shape: { kind: 'box', halfExtents: column }, role: 'column',
      });
    }
    bodies.push({
      type: 'dynamic', position: [0, base + storey - 0.15, 0], mass: 20, inertia: boxInertia(20, beam),
      shape: { kind: 'box', halfExtents: beam }, role: 'beam',
    });
    // columns to the floor below (the ground for f = 0)
    const below = f === 0 ? null : top - 3;
    const footing = f === 0 ? { breakForce: foundation, breakTorque: foundation } : breaking;
    joints.push({ type: 'weld', bodyA: left, bodyB: below, anchor: [-halfWidth, base, 0], ...footing });
    joints.push({ type: 'weld', bodyA: right, bodyB: below, anchor: [halfWidth, base, 0], ...footing });
    // columns to their beam
    joints.push({ type: 'weld', bodyA: left, bodyB: top, anchor: [-halfWidth, base + storey - 0.3, 0], ...breaking });
    joints.push({ type: 'weld', bodyA: right, bodyB: top, anchor: [halfWidth, base + storey - 0.3, 0], ...breaking });
  }
  const roof = floors * storey;
  const half: Vec3Tuple = [0.5, 0.4, 0.5];
  bodies.push({
    type: 'dynamic', position: [0, roof + 0.4, 0], mass: loadMass, inertia: boxInertia(loadMass, half),
    shape: { kind: 'box', halfExtents: half }, role: 'load',
  });
  joints.push({ type: 'weld', bodyA: bodies.length - 2, bodyB: bodies.length - 1, anchor: [0, roof, 0], ...breaking });
  return { name: `welded tower, ${floors} floors`, gravity: [0, -9.81, 0], dt: 1 / 60, bodies, joints };
}

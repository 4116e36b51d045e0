// Mechanisms built on hinges: a windmill whose rotor a motor drives, and a chain of planks hinged edge
// to edge (some hinges with angle limits) hanging from a support.

import { boxInertia } from '../geometry/inertia.js';
import type { BodyDescription, JointDescription, QuatTuple, SceneDescription, Vec3Tuple } from './description.js';

const GRAVITY: Vec3Tuple = [0, -9.81, 0];
/** Dry softwood, kg/m³: the blades and planks. */
const TIMBER_DENSITY = 500;

export interface WindmillOptions {
  /** Height of the rotor axis above the ground (y = 0), m. Default 6. */
  hubHeight?: number;
  /** Number of blades, evenly spaced around the hub. Default 4. */
  blades?: number;
  /** Motor target speed, rad/s; positive turns the rotor counter-clockwise seen from the front (+z). Default 1.5. */
  motorSpeed?: number;
  /** Largest torque the motor applies, N·m. Default 600. */
  maxMotorTorque?: number;
}

/**
 * A windmill: a static tower (0.6 × 0.6 m) with a rotor hub (1 × 1 × 0.7 m, 400 kg) on its front face,
 * hinged to it about the horizontal z axis at `hubHeight` and driven by the hinge's velocity motor. Each
 * blade is a timber board 3.6 × 0.44 × 0.03 m (24 kg) pitched 0.25 rad about its own length and welded
 * to the hub at its root. The rotor's moment of inertia about the axis is about 670 kg·m² (each blade
 * m (h_x² + h_y²)/3 about its centre plus m r² at r = 2.3 m, 152 kg·m²; the hub m (h_x² + h_y²)/3,
 * 67 kg·m²), so the default 600 N·m accelerates it at τ/I = 0.89 rad/s², to 1.5 rad/s in 1.7 s; a blade
 * dragged against the motor with more torque than its cap stalls it.
 * Bodies: tower, hub, blades 0 … n−1. Joints: the hinge 'rotor' (tower → hub), then a weld per blade.
 */
export function windmill(options: WindmillOptions = {}): SceneDescription {
  const hubHeight = options.hubHeight ?? 6, bladeCount = options.blades ?? 4;
  const motorSpeed = options.motorSpeed ?? 1.5, maxMotorTorque = options.maxMotorTorque ?? 600;
  if (!Number.isInteger(bladeCount) || bladeCount < 1) throw new RangeError(`windmill: blades must be an integer ≥ 1, got ${bladeCount}`);
  const towerHalf: Vec3Tuple = [0.3, (hubHeight + 0.6) / 2, 0.3];
  const hubHalf: Vec3Tuple = [0.5, 0.5, 0.35];
  // A cast-iron hub carrying the front of the windshaft. Its inertia also keeps the solver stable: with an
  // 80 kg hub (6.5 kg·m² about the axis) the four welds around it, each holding a blade of 150 kg·m²
  // about the axis, amplified round-off at the default 1 iteration until the rotor flew apart.
  const hubMass = 400;
  const bladeHalf: Vec3Tuple = [0.22, 1.8, 0.015];
  const bladeMass = TIMBER_DENSITY * 8 * bladeHalf[0] * bladeHalf[1] * bladeHalf[2];
  const bladePitch = 0.25;
  // The hinge sits on the tower's front face; the hub is in front of it with a 5 cm gap.
  const hingeZ = towerHalf[2];
  const hubZ = hingeZ + 0.05 + hubHalf[2];
  const bodies: BodyDescription[] = [
    { type: 'static', position: [0, towerHalf[1], 0], mass: 1, inertia: [1, 1, 1], shape: { kind: 'box', halfExtents: towerHalf }, role: 'tower', name: 'tower' },
    {
      type: 'dynamic', position: [0, hubHeight, hubZ], mass: hubMass, inertia: boxInertia(hubMass, hubHalf),
      shape: { kind: 'box', halfExtents: hubHalf }, role: 'hub', name: 'hub',
    },
  ];
  const joints: JointDescription[] = [{
    type: 'hinge', name: 'rotor', bodyA: 0, bodyB: 1, anchor: [0, hubHeight, hingeZ], axis: [0, 0, 1],
    motor: { speed: motorSpeed, maxForce: maxMotorTorque },
  }];
  // Blade k points along angle a = 2πk/n in the x-y plane: its local y axis is the radial direction.
  const root = hubHalf[0];
  for (let k = 0; k < bladeCount; k++) {
    const a = (2 * Math.PI * k) / bladeCount;
    const radial: Vec3Tuple = [-Math.sin(a), Math.cos(a), 0];
    const centre = root + bladeHalf[1];
    bodies.push({
      type: 'dynamic',
      position: [radial[0] * centre, hubHeight + radial[1] * centre, hubZ],
      orientation: turnThenPitch(a, bladePitch),
      mass: bladeMass,
      inertia: boxInertia(bladeMass, bladeHalf),
      shape: { kind: 'box', halfExtents: bladeHalf },
      role: 'blade',
      name: `blade${k}`,
    });
    joints.push({
      type: 'weld', name: `blade${k}`, bodyA: 1, bodyB: bodies.length - 1,
      anchor: [radial[0] * root, hubHeight + radial[1] * root, hubZ],
    });
  }
  return { name: `windmill, ${bladeCount} blades`, gravity: GRAVITY, dt: 1 / 60, bodies, joints };
}

/**
 * The rotation by `turn` about z after `pitch` about the body's own y axis: q = q_z(turn) q_y(pitch).
 * With q_z = (0, 0, s_t, c_t) and q_y = (0, s_p, 0, c_p) (half-angle sines and cosines), the product's
 * vector part is c_t (0, s_p, 0) + c_p (0, 0, s_t) + (0, 0, s_t) × (0, s_p, 0) = (−s_t s_p, c_t s_p, c_p s_t).
 */
function turnThenPitch(turn: number, pitch: number): QuatTuple {
  const st = Math.sin(turn / 2), ct = Math.cos(turn / 2), sp = Math.sin(pitch / 2), cp = Math.cos(pitch / 2);
  return [-st * sp, ct * sp, cp * st, ct * cp];
}

export interface HingeChainOptions {
  /** Angle limit of the limited hinges, ± rad (every second hinge between planks has one). Default 0.6. */
  limit?: number;
  /** Height of the support's hinge above the ground, m. Default 8.5. */
  height?: number;
  /** Coulomb friction torque in every hinge, N·m. Default 0. */
  friction?: number;
  /** How far below the horizontal the straight chain starts, rad. Default 0 (along +x). */
  droop?: number;
}

/**
 * A chain of `planks` timber planks (0.54 × 0.08 × 0.5 m, 10.8 kg) hinged end to end 0.6 m apart about
 * parallel horizontal axes (z), the first hinged to a static support at (0, height, 0). It starts
 * straight, `droop` below the +x direction, and swings down. The hinges between planks 1–2, 3–4, … (odd joint indices) have
 * limits of ±`limit` rad from straight; the others turn freely. Every hinge keeps its planks turning
 * about z only, so the whole chain stays in the x-y plane, however it is pulled.
 * Bodies: planks 0 … n−1, then the support. Joints: 'hinge0' (support → plank 0), 'hinge1' …
 */
export function hingeChain(planks = 12, options: HingeChainOptions = {}): SceneDescription {
  if (!Number.isInteger(planks) || planks < 1) throw new RangeError(`hingeChain: planks must be an integer ≥ 1, got ${planks}`);
  const limit = options.limit ?? 0.6, height = options.height ?? 8.5, friction = options.friction ?? 0, droop = options.droop ?? 0;
  const pitch = 0.6;
  const half: Vec3Tuple = [0.27, 0.04, 0.25];
  const mass = TIMBER_DENSITY * 8 * half[0] * half[1] * half[2];
  const bodies: BodyDescription[] = [];
  const joints: JointDescription[] = [];
  const support = planks;
  // along the chain: (cos droop, −sin droop, 0); the planks turned by −droop about z
  const dx = Math.cos(droop), dy = -Math.sin(droop);
  const orientation: QuatTuple = [0, 0, Math.sin(-droop / 2), Math.cos(-droop / 2)];
  for (let i = 0; i < planks; i++) {
    bodies.push({
      type: 'dynamic', position: [(i + 0.5) * pitch * dx, height + (i + 0.5) * pitch * dy, 0], orientation,
      mass, inertia: boxInertia(mass, half), shape: { kind: 'box', halfExtents: half }, role: 'plank', name: `plank${i}`,
    });
    const limited = i % 2 === 1;
    joints.push({
      type: 'hinge', name: `hinge${i}`, bodyA: i === 0 ? support : i - 1, bodyB: i, anchor: [i * pitch * dx, height + i * pitch * dy, 0], axis: [0, 0, 1],
      ...(limited ? { limits: [-limit, limit] as [number, number] } : {}),
      ...(friction > 0 ? { friction } : {}),
    });
  }
  const supportHalf: Vec3Tuple = [0.2, 0.2, 0.4];
  bodies.push({
    type: 'static', position: [-supportHalf[0], height, 0], mass: 1, inertia: [1, 1, 1],
    shape: { kind: 'box', halfExtents: supportHalf }, role: 'support', name: 'support',
  });
  return { name: `hinge chain, ${planks} planks`, gravity: GRAVITY, dt: 1 / 60, bodies, joints };
}

// Cylinders and cones (lib/geometry/shapes/cylinder.ts, cone.ts; contacts: lib/collision/support-contacts.ts):
// mass properties against the closed forms and Monte Carlo, ray casts against marching along the ray,
// shape casts against the exact lowest point, and the physics of rolling and resting: a cylinder rolls
// down a slope at (2/3) g sin θ, a coin rolls on its edge without slipping, a cone rolls around its apex
// at the rate rolling kinematics give, a can stands still on its cap on a plane, a box and a mesh, and
// shapes dropped on cylinders and cones rest where the geometry puts them.

import { describe, expect, it } from 'vitest';
import { World, coneInertia, cylinderInertia, type Body, type ShapeOptions } from '../lib/index.js';
import { ShapePose } from '../lib/collision/shape-pose.js';
import { randomQuaternion, seededRandom } from './helpers.js';

type Vec = [number, number, number];

/** Whether the local point p is inside the cylinder (r, h) or the cone (r, h; apex at +h). */
function inside(type: 'cylinder' | 'cone', r: number, h: number, x: number, y: number, z: number): boolean {
  if (y < -h || y > h) return false;
  const across = Math.hypot(x, z);
  return type === 'cylinder' ? across <= r : across <= (r * (h - y)) / (2 * h);
}

/** The world pose of a body's first shape. */
function poseOf(body: Body): ShapePose {
  return new ShapePose().set(body, body.shapes[0]);
}

/** p into the frame of pose: Wᵀ (p − c). */
function toLocal(pose: ShapePose, p: ArrayLike<number>): Vec {
  const W = pose.W, d = [p[0] - pose.c[0], p[1] - pose.c[1], p[2] - pose.c[2]];
  return [0, 1, 2].map((k) => W[3 * k] * d[0] + W[3 * k + 1] * d[1] + W[3 * k + 2] * d[2]) as Vec;
}

/** The body's local y axis in the world (column 1 of its rotation). */
function axisOf(body: Body): Vec {
  const R = body.rotation;
  return [R[3], R[4], R[5]];
}

/** A unit quaternion turning by `angle` about the unit axis (x, y, z). */
function turn(x: number, y: number, z: number, angle: number): [number, number, number, number] {
  const s = Math.sin(angle / 2);
  return [x * s, y * s, z * s, Math.cos(angle / 2)];
}

const G = 9.81;

describe('mass properties', () => {
  it('a cylinder and a cone get m = ρV and the closed-form inertia; the cone its centre of mass a quarter up', () => {
    const world = new World();
    const r = 0.3, h = 0.7, density = 500;
    const cylinder = world.createBody({ shapes: [{ type: 'cylinder', radius: r, halfHeight: h, density }] });
    const mc = density * Math.PI * r * r * 2 * h;
    expect(cylinder.mass).toBeCloseTo(mc, 9);
    const [cx, cy, cz] = cylinderInertia(mc, r, h);
    expect(Array.from(cylinder.inertiaLocal)).toEqual([cx, 0, 0, 0, cy, 0, 0, 0, cz].map((v) => expect.closeTo(v, 9)));
    const cone = world.createBody({ position: [1, 2, 3], shapes: [{ type: 'cone', radius: r, halfHeight: h, density }] });
    const mk = (density * Math.PI * r * r * 2 * h) / 3;
    expect(cone.mass).toBeCloseTo(mk, 9);
    const [kx, ky, kz] = coneInertia(mk, r, h);
    expect(Array.from(cone.inertiaLocal)).toEqual([kx, 0, 0, 0, ky, 0, 0, 0, kz].map((v) => expect.closeTo(v, 9)));
    // the body's centre of mass is h/2 below the shape's frame (its mid-height)
    expect(Array.from(cone.position)).toEqual([1, 2 - h / 2, 3].map((v) => expect.closeTo(v, 12)));
    expect(Array.from(cone.shapes[0].position)).toEqual([0, h / 2, 0].map((v) => expect.closeTo(v, 12)));
  });

  it('agree with Monte Carlo integration over the solids (volume, centroid, inertia to 1%)', () => {
    const random = seededRandom(7);
    const n = 200_000;
    for (const type of ['cylinder', 'cone'] as const) {
      const r = 0.4, h = 0.6;
      const world = new World();
      const body = world.createBody({ shapes: [{ type, radius: r, halfHeight: h, density: 1 }] });
      let count = 0, sy = 0, sxx = 0, syy = 0, szz = 0;
      const samples: Vec[] = [];
      for (let i = 0; i < n; i++) {
        const x = (2 * random() - 1) * r, y = (2 * random() - 1) * h, z = (2 * random() - 1) * r;
        if (!inside(type, r, h, x, y, z)) continue;
        count++; sy += y;
        samples.push([x, y, z]);
      }
      const boxVolume = 8 * r * r * h, volume = (boxVolume * count) / n, centroid = sy / count;
      for (const [x, y, z] of samples) {
        const dy = y - centroid;
        sxx += dy * dy + z * z; syy += x * x + z * z; szz += x * x + dy * dy;
      }
      const perPoint = volume / count; // mass of a sample at density 1
      expect(Math.abs(body.mass - volume) / body.mass).toBeLessThan(0.01);
      expect(Math.abs(-body.shapes[0].position[1] - centroid)).toBeLessThan(0.01 * h);
      const I = body.inertiaLocal;
      expect(Math.abs(I[0] - sxx * perPoint) / I[0]).toBeLessThan(0.01);
      expect(Math.abs(I[4] - syy * perPoint) / I[4]).toBeLessThan(0.01);
      expect(Math.abs(I[8] - szz * perPoint) / I[8]).toBeLessThan(0.01);
    }
  });
});

describe('ray casts', () => {
  it('meet random rays where marching along them first enters the solid, with the outward normal', () => {
    const random = seededRandom(11);
    for (const type of ['cylinder', 'cone'] as const) {
      const r = 0.5, h = 0.4;
      const world = new World();
      const body = world.createBody({ type: 'static', position: [0.3, -0.2, 0.1], orientation: randomQuaternion(random), shapes: [{ type, radius: r, halfHeight: h }] });
      const pose = poseOf(body);
      let hits = 0, compared = 0;
      for (let i = 0; i < 300; i++) {
        const o: Vec = [0.3 + (random() * 2 - 1) * 1.5, -0.2 + (random() * 2 - 1) * 1.5, 0.1 + (random() * 2 - 1) * 1.5];
        // aimed near the shape so that most rays hit
        const target: Vec = [0.3 + (random() * 2 - 1) * 0.4, -0.2 + (random() * 2 - 1) * 0.4, 0.1 + (random() * 2 - 1) * 0.4];
        const d = target.map((v, k) => v - o[k]) as Vec;
        const length = Math.hypot(...d);
        for (let k = 0; k < 3; k++) d[k] /= length;
        const isIn = (t: number) => inside(type, r, h, ...toLocal(pose, [o[0] + t * d[0], o[1] + t * d[1], o[2] + t * d[2]]));
        // march in steps of 1 mm, then bisect the first entry
        let entry = -1;
        for (let t = 0; t <= 4; t += 1e-3) {
          if (isIn(t)) {
            let lo = Math.max(0, t - 1e-3), hi = t;
            if (isIn(lo)) hi = lo;
            else for (let k = 0; k < 60; k++) ((lo + hi) / 2 > lo && isIn((lo + hi) / 2) ? (hi = (lo + hi) / 2) : (lo = (lo + hi) / 2));
            entry = hi;
            break;
          }
        }
        const hit = world.castRay(o, d, 4);
        if (entry < 0) {
          // a miss, unless the ray only grazes the solid for less than a marching step
          if (hit !== null) expect(isIn(hit.distance + 5e-4) || isIn(hit.distance + 1e-7)).toBe(true);
          continue;
        }
        hits++;
        expect(hit).not.toBeNull();
        compared++;
        expect(Math.abs(hit!.distance - entry)).toBeLessThan(1e-9);
        if (entry === 0) continue;
        const nrm = hit!.normal;
        expect(Math.hypot(nrm[0], nrm[1], nrm[2])).toBeCloseTo(1, 12);
        expect(nrm[0] * d[0] + nrm[1] * d[1] + nrm[2] * d[2]).toBeLessThan(0);
        // outside just along the normal, inside just against it (away from rims, where it is one-sided)
        const p = hit!.point, out = (s: number) => inside(type, r, h, ...toLocal(pose, [p[0] + s * nrm[0], p[1] + s * nrm[1], p[2] + s * nrm[2]]));
        expect(out(1e-6)).toBe(false);
      }
      expect(hits).toBeGreaterThan(150);
      expect(compared).toBe(hits);
    }
  });
});

describe('shape casts and overlaps', () => {
  it('a tilted cylinder or cone cast down onto a plane or a box stops where its lowest point touches', () => {
    for (const ground of ['plane', 'box'] as const) {
      const world = new World();
      if (ground === 'plane') world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
      else world.createBody({ type: 'static', position: [0, -1, 0], shapes: [{ type: 'box', halfExtents: [5, 1, 5] }] });
      const r = 0.3, h = 0.5, phi = 0.4;
      const q = turn(0, 0, 1, phi);
      // lowest point below the centre: the cylinder's h cos φ + r sin φ; the cone's base rim, the same
      const low = h * Math.cos(phi) + r * Math.sin(phi);
      for (const type of ['cylinder', 'cone'] as const) {
        const hit = world.castShape({ type, radius: r, halfHeight: h } as ShapeOptions, [0, 3, 0], q, [0, -1, 0], 10);
        expect(hit).not.toBeNull();
        expect(hit!.distance).toBeCloseTo(3 - low, 5);
        expect(hit!.normal[1]).toBeCloseTo(1, 6);
      }
    }
  });

  it('a sphere cast sideways at an upright cone touches its side at the analytic distance', () => {
    const world = new World();
    const r = 0.5, h = 0.5;
    world.createBody({ type: 'static', shapes: [{ type: 'cone', radius: r, halfHeight: h }] });
    const radius = 0.1, y = 0;
    // the side at height y is at ρ = r (h − y)/2h; a ball of radius a touches it when its centre is a
    // further a / cos α out (α the half angle at the apex, tan α = r/2h), measured horizontally
    const alpha = Math.atan(r / (2 * h));
    const touch = (r * (h - y)) / (2 * h) + radius / Math.cos(alpha);
    const hit = world.castShape({ type: 'sphere', radius }, [3, y, 0], [0, 0, 0, 1], [-1, 0, 0], 10);
    expect(hit).not.toBeNull();
    expect(hit!.distance).toBeCloseTo(3 - touch, 5);
  });

  it('overlapShape finds a cylinder just touching a box, not one a millimetre off', () => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'box', halfExtents: [1, 1, 1] }] });
    const cylinder: ShapeOptions = { type: 'cylinder', radius: 0.2, halfHeight: 0.3 };
    // lying along z on its side, its side 0.2 from its axis
    const q = turn(1, 0, 0, Math.PI / 2);
    expect(world.overlapShape(cylinder, [0, 1.19, 0], q)).toHaveLength(1);
    expect(world.overlapShape(cylinder, [0, 1.201, 0], q)).toHaveLength(0);
    const cone: ShapeOptions = { type: 'cone', radius: 0.2, halfHeight: 0.3 };
    expect(world.overlapShape(cone, [0, 1.299, 0], [0, 0, 0, 1])).toHaveLength(1);
    expect(world.overlapShape(cone, [0, 1.301, 0], [0, 0, 0, 1])).toHaveLength(0);
  });
});

describe('rolling', () => {
  it('a solid cylinder rolls down a slope at (2/3) g sin θ without slipping (plane, box and mesh slopes)', () => {
    const theta = 0.35, r = 0.25, h = 0.4;
    const n: Vec = [Math.sin(theta), Math.cos(theta), 0], down: Vec = [Math.cos(theta), -Math.sin(theta), 0];
    for (const ground of ['plane', 'box', 'trimesh'] as const) {
      const world = new World();
      if (ground === 'plane') world.createBody({ type: 'static', shapes: [{ type: 'plane', normal: n, friction: 1 }] });
      else if (ground === 'trimesh') {
        // a quad on the slope, s = −5..5 m down it by w = −3..3 m across, its diagonal under the cylinder's
        // starting line: the cylinder rolls over the internal edge
        const corner = (s: number, w: number) => [s * down[0], s * down[1], w];
        const vertices = [...corner(-5, -3), ...corner(5, -3), ...corner(5, 3), ...corner(-5, 3)];
        world.createBody({ type: 'static', shapes: [{ type: 'trimesh', vertices, indices: [0, 2, 1, 0, 3, 2], friction: 1 }] });
      } else world.createBody({ type: 'static', position: n.map((v) => -v) as Vec, orientation: turn(0, 0, 1, -theta), shapes: [{ type: 'box', halfExtents: [30, 1, 3], friction: 1 }] });
      const can = world.createBody({ position: n.map((v) => v * r) as Vec, orientation: turn(1, 0, 0, Math.PI / 2), shapes: [{ type: 'cylinder', radius: r, halfHeight: h, friction: 1 }] });
      const steps = 60;
      for (let i = 0; i < steps; i++) world.step(1 / 60);
      const v = can.linearVelocity, w = can.angularVelocity;
      const along = v[0] * down[0] + v[1] * down[1] + v[2] * down[2];
      const expected = (2 / 3) * G * Math.sin(theta) * 1;
      expect(Math.abs(along - expected) / expected).toBeLessThan(0.01);
      // no slip: the contact point's velocity v + ω × (−r n) is zero
      const slip = [0, 1, 2].map((k) => v[k] + (w[(k + 1) % 3] * -r * n[(k + 2) % 3] - w[(k + 2) % 3] * -r * n[(k + 1) % 3]));
      expect(Math.hypot(...slip)).toBeLessThan(0.01);
      // still on the slope, its axis across it
      const c = can.position;
      expect(c[0] * n[0] + c[1] * n[1] + c[2] * n[2]).toBeCloseTo(r, 3);
      expect(Math.abs(axisOf(can)[2])).toBeGreaterThan(0.9999);
    }
  });

  it('a coin launched on its edge rolls on in a straight line, upright, without slipping, for 2 s', () => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    const R = 0.5, speed = 2;
    const coin = world.createBody({
      position: [0, R, 0], orientation: turn(1, 0, 0, Math.PI / 2), linearVelocity: [speed, 0, 0], angularVelocity: [0, 0, -speed / R],
      shapes: [{ type: 'cylinder', radius: R, halfHeight: 0.05 }],
    });
    let worstSlip = 0, worstLean = 0;
    for (let i = 0; i < 120; i++) {
      world.step(1 / 60);
      const v = coin.linearVelocity, w = coin.angularVelocity;
      // the contact point below the centre: v + ω × (0, −R, 0)
      worstSlip = Math.max(worstSlip, Math.hypot(v[0] + w[2] * R, v[1], v[2] - w[0] * R));
      worstLean = Math.max(worstLean, Math.abs(axisOf(coin)[1]));
    }
    expect(worstSlip).toBeLessThan(1e-3);
    expect(worstLean).toBeLessThan(1e-3);
    expect(coin.position[0]).toBeCloseTo(2 * speed, 1);
    expect(Math.abs(coin.position[2])).toBeLessThan(1e-3);
    expect(coin.position[1]).toBeCloseTo(R, 3);
  });

  it('a leaning coin rolls in the circle steady rolling gives (its radius from the torque balance)', () => {
    // Steady rolling of a coin of radius a and half thickness h leaning by θ, its centre of mass on a circle
    // of radius ρ at speed v, turning at Ω = −v/ρ about y (toward +z, the side it leans to). It touches
    // at the lower rim's point r = a d + h â (d = (0, −cos θ, −sin θ) in its plane, â = (0, −sin θ, cos θ)
    // its axis); rolling makes the velocity there zero, so ω = s â + Ω y with
    // s = −(v + Ω (−a sin θ + h cos θ))/a. The contact force is m g up and m v²/ρ toward the centre; its
    // torque about the centre of mass turns the angular momentum L = I_a (s − Ω sin θ) â + I_d Ω (y + sin θ â)
    // at dL/dt = Ω y × L (Goldstein's steady precession):
    //   m g (a sin θ − h cos θ) − m (v²/ρ)(a cos θ + h sin θ) = Ω cos θ (I_a (s − Ω sin θ) + I_d Ω sin θ),
    // solved for ρ by bisection (for a thin coin, ρ ≈ 1.5 v²/(g tan θ)).
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    const a = 0.5, h = 0.01, v = 2, theta = 0.2, m = 1;
    const Ia = (m * a * a) / 2, Id = (m * (3 * a * a + 4 * h * h)) / 12, S = Math.sin(theta), C = Math.cos(theta);
    const balance = (rho: number) => {
      const Om = -v / rho;
      return m * G * (a * S - h * C) - m * ((v * v) / rho) * (a * C + h * S) - Om * C * (Ia * (-v / a - (Om * h * C) / a) + Id * Om * S);
    };
    let lo = 0.1, hi = 1000;
    for (let k = 0; k < 200; k++) {
      const mid = Math.sqrt(lo * hi);
      if (balance(mid) > 0) hi = mid;
      else lo = mid;
    }
    const rho = lo, Omega = -v / rho, s = -(v + Omega * (-a * S + h * C)) / a;
    expect(Math.abs(balance(rho))).toBeLessThan(1e-9);
    const coin = world.createBody({
      position: [0, a * C + h * S, a * S - h * C], orientation: turn(1, 0, 0, Math.PI / 2 + theta),
      linearVelocity: [v, 0, 0], angularVelocity: [0, -s * S + Omega, s * C], shapes: [{ type: 'cylinder', radius: a, halfHeight: h }],
    });
    let heading = 0, previous = 0, lean = 0;
    for (let i = 0; i < 60; i++) {
      world.step(1 / 60);
      const now = Math.atan2(coin.linearVelocity[2], coin.linearVelocity[0]);
      heading += now - previous;
      previous = now;
      lean = Math.max(lean, Math.abs(Math.asin(-axisOf(coin)[1]) - theta));
    }
    // in 1 s it turns by v/ρ (2 m/s on a circle of 2.14 m), within 4 %; the lean holds within 0.015 rad
    expect(Math.abs(heading / (v / rho) - 1)).toBeLessThan(0.04);
    expect(lean).toBeLessThan(0.015);
    expect(Math.hypot(...coin.linearVelocity)).toBeCloseTo(v, 1);
  });

  it('a cone on its side rolls around its apex, which stays put, turning at ω tan α', () => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'plane', friction: 1 }] });
    const r = 0.3, h = 0.3, alpha = Math.atan(r / (2 * h)), omega = 3;
    // the contact line along +x from the apex at the origin; the axis (apex to base) a = (cos α, sin α, 0)
    const a: Vec = [Math.cos(alpha), Math.sin(alpha), 0];
    // local +y (base to apex) turned onto −a: about z by π/2 + α
    const q = turn(0, 0, 1, Math.PI / 2 + alpha);
    const mid: Vec = [a[0] * h, a[1] * h, 0];
    const com: Vec = [a[0] * 1.5 * h, a[1] * 1.5 * h, 0];
    // rolling about the contact line: ω = (ω0, 0, 0), v = ω × (com − apex)
    const cone = world.createBody({
      position: mid, orientation: q, angularVelocity: [omega, 0, 0], linearVelocity: [0, -omega * com[2], omega * com[1]],
      shapes: [{ type: 'cone', radius: r, halfHeight: h, friction: 1 }],
    });
    expect(Array.from(cone.position)).toEqual(com.map((v) => expect.closeTo(v, 12)));
    const apex = () => {
      const R = cone.rotation, p = cone.position;
      // the apex is 1.5 h from the centre of mass along local +y
      return [0, 1, 2].map((k) => p[k] + 1.5 * h * R[3 + k]);
    };
    let drift = 0, heading = 0, previous = Math.atan2(-axisOf(cone)[2], -axisOf(cone)[0]);
    const T = 2;
    for (let i = 0; i < 60 * T; i++) {
      world.step(1 / 60);
      drift = Math.max(drift, Math.hypot(...apex()));
      const ax = axisOf(cone);
      const now = Math.atan2(-ax[2], -ax[0]);
      let delta = now - previous;
      if (delta > Math.PI) delta -= 2 * Math.PI;
      if (delta < -Math.PI) delta += 2 * Math.PI;
      heading += delta;
      previous = now;
      // the axis keeps its elevation α above the plane: the cone stays on its side
      expect(Math.abs(Math.asin(-ax[1]) - alpha)).toBeLessThan(0.01);
    }
    expect(drift).toBeLessThan(0.01);
    // the contact line turns about the vertical at Ω = ω tan α (ω along the contact line)
    expect(Math.abs(Math.abs(heading) - omega * Math.tan(alpha) * T) / (omega * Math.tan(alpha) * T)).toBeLessThan(0.03);
  });
});

describe('resting', () => {
  const grounds = ['plane', 'box', 'trimesh', 'heightfield'] as const;
  for (const ground of grounds) {
    it(`a can stands still on its cap on a ${ground}: no tilt past 1e-3 rad, no creep, for 5 s`, () => {
      const world = new World();
      if (ground === 'plane') world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
      else if (ground === 'box') world.createBody({ type: 'static', position: [0, -0.5, 0], shapes: [{ type: 'box', halfExtents: [5, 0.5, 5] }] });
      else if (ground === 'heightfield') {
        world.createBody({ type: 'static', shapes: [{ type: 'heightfield', heights: new Array(25).fill(0), rows: 5, columns: 5, size: [10, 10] }] });
      } else {
        world.createBody({
          type: 'static',
          shapes: [{ type: 'trimesh', vertices: [-5, 0, -5, 5, 0, -5, 5, 0, 5, -5, 0, 5, 0, 0, 0], indices: [0, 4, 1, 1, 4, 2, 2, 4, 3, 3, 4, 0] }],
        });
      }
      // across the mesh's internal edge x = z (its cap over two triangles), turned a little about y
      const can = world.createBody({ position: [0.5, 0.3, 0.45], orientation: turn(0, 1, 0, 0.3), shapes: [{ type: 'cylinder', radius: 0.2, halfHeight: 0.3 }] });
      for (let i = 0; i < 60; i++) world.step(1 / 60);
      const start = Array.from(can.position);
      let tilt = 0, speed = 0;
      for (let i = 0; i < 240; i++) {
        world.step(1 / 60);
        tilt = Math.max(tilt, Math.acos(Math.min(1, axisOf(can)[1])));
        speed = Math.max(speed, Math.hypot(...can.linearVelocity), Math.hypot(...can.angularVelocity));
      }
      expect(tilt).toBeLessThan(1e-3);
      expect(speed).toBeLessThan(1e-3);
      expect(Math.hypot(can.position[0] - start[0], can.position[2] - start[2])).toBeLessThan(1e-4);
      expect(can.position[1]).toBeCloseTo(0.3, 3);
    });
  }

  it('sunk deeper than their rounded cores into a box, a cylinder and a cone are pushed out up, not sideways', () => {
    const world = new World();
    world.createBody({ type: 'static', position: [0, -1, 0], shapes: [{ type: 'box', halfExtents: [4, 1, 4] }] });
    // the cores are shrunk by a quarter of the smaller size (5 cm here): sunk 12 cm, GJK's cores overlap
    const can = world.createBody({ position: [-1, 0.2 - 0.12, 0], shapes: [{ type: 'cylinder', radius: 0.2, halfHeight: 0.2 }] });
    const cone = world.createBody({ position: [1, 0.2 - 0.12, 0], shapes: [{ type: 'cone', radius: 0.2, halfHeight: 0.2 }] });
    for (let i = 0; i < 120; i++) world.step(1 / 60);
    expect(can.position[1]).toBeCloseTo(0.2, 3);
    expect(cone.position[1]).toBeCloseTo(0.1, 3);
    for (const [body, x] of [[can, -1], [cone, 1]] as const) {
      expect(Math.hypot(body.position[0] - x, body.position[2])).toBeLessThan(1e-3);
      expect(axisOf(body)[1]).toBeGreaterThan(1 - 1e-6);
    }
  });

  it('cylinders and cones on their sides rest at the heights their geometry gives', () => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    const r = 0.25, h = 0.4;
    const cylinder = world.createBody({ position: [0, r + 0.05, 0], orientation: turn(1, 0, 0, Math.PI / 2), shapes: [{ type: 'cylinder', radius: r, halfHeight: h }] });
    // the cone's side line under its centre of mass, at 3rh / (2√(4h² + r²)) from it
    const side = (3 * r * h) / (2 * Math.sqrt(4 * h * h + r * r));
    const cone = world.createBody({ position: [3, 0.6, 0], orientation: turn(0, 0, 1, Math.PI / 2 + Math.atan(r / (2 * h))), shapes: [{ type: 'cone', radius: r, halfHeight: h }] });
    const upright = world.createBody({ position: [-3, 1, 0], shapes: [{ type: 'cone', radius: r, halfHeight: h }] });
    for (let i = 0; i < 180; i++) world.step(1 / 60);
    expect(cylinder.position[1]).toBeCloseTo(r, 3);
    expect(cone.position[1]).toBeCloseTo(side, 3);
    expect(upright.position[1]).toBeCloseTo(h / 2, 3);
    for (const body of [cylinder, cone, upright]) expect(Math.hypot(...body.linearVelocity)).toBeLessThan(1e-3);
  });

  it('a sphere, box, hull, capsule, cylinder and cone dropped on a cylinder\'s cap (and a sphere on a cone\'s base) rest on it', () => {
    const world = new World();
    const top = 0.5;
    world.createBody({ type: 'static', shapes: [{ type: 'cylinder', radius: 2, halfHeight: top }] });
    // a cone turned upside down: its base a disc facing up at y = 3 + 0.4
    world.createBody({ type: 'static', position: [0, 3, 6], orientation: turn(1, 0, 0, Math.PI), shapes: [{ type: 'cone', radius: 1, halfHeight: 0.4 }] });
    const cube = [-0.2, 0.2].flatMap((x) => [-0.2, 0.2].flatMap((y) => [-0.2, 0.2].map((z) => [x, y, z])));
    const drops: [ShapeOptions, Vec, number][] = [
      [{ type: 'sphere', radius: 0.2 }, [-1.2, 1, 0], top + 0.2],
      [{ type: 'box', halfExtents: [0.2, 0.15, 0.25] }, [-0.6, 1, 0.5], top + 0.15],
      [{ type: 'hull', points: cube }, [0, 1, -0.9], top + 0.2],
      [{ type: 'capsule', radius: 0.1, halfHeight: 0.3, orientation: turn(0, 0, 1, Math.PI / 2) }, [0.6, 1, 0], top + 0.1],
      [{ type: 'cylinder', radius: 0.2, halfHeight: 0.25 }, [1.2, 1, 0.3], top + 0.25],
      [{ type: 'cone', radius: 0.3, halfHeight: 0.3 }, [0.4, 1, 1], top + 0.15],
      [{ type: 'sphere', radius: 0.15 }, [0.1, 4, 6.1], 3.4 + 0.15],
    ];
    const bodies = drops.map(([shape, position]) => world.createBody({ position, shapes: [shape] }));
    for (let i = 0; i < 240; i++) world.step(1 / 60);
    drops.forEach(([, , height], k) => {
      expect(bodies[k].position[1]).toBeCloseTo(height, 3);
      expect(Math.hypot(...bodies[k].linearVelocity)).toBeLessThan(1e-3);
    });
  });
});

describe('snapshots and bad input', () => {
  it('a world of cylinders and cones restored from its snapshot hashes and steps as the original', () => {
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    world.createBody({ position: [0, 1, 0], orientation: turn(1, 0, 0, 0.3), shapes: [{ type: 'cylinder', radius: 0.2, halfHeight: 0.3 }] });
    world.createBody({ position: [0.5, 2, 0], shapes: [{ type: 'cone', radius: 0.3, halfHeight: 0.2, friction: 0.3 }] });
    for (let i = 0; i < 30; i++) world.step(1 / 60);
    const copy = World.restore(JSON.parse(JSON.stringify(world.snapshot())));
    expect(copy.hash()).toBe(world.hash());
    for (let i = 0; i < 30; i++) {
      world.step(1 / 60);
      copy.step(1 / 60);
    }
    expect(copy.hash()).toBe(world.hash());
    expect(copy.bodies[2].shapes[0].describe()).toMatchObject({ type: 'cone', radius: 0.3, halfHeight: 0.2 });
  });

  it('refuses a degenerate cylinder or cone, naming the value, and changes nothing', () => {
    const world = new World();
    for (const type of ['cylinder', 'cone'] as const) {
      for (const bad of [0, -1, Number.NaN, Infinity]) {
        expect(() => world.createBody({ shapes: [{ type, radius: bad, halfHeight: 0.5 }] })).toThrow(RangeError);
        expect(() => world.createBody({ shapes: [{ type, radius: bad, halfHeight: 0.5 }] })).toThrow(new RegExp(`${type} radius must be .*got ${String(bad)}`));
        expect(() => world.createBody({ shapes: [{ type, radius: 0.5, halfHeight: bad }] })).toThrow(new RegExp(`${type} halfHeight must be .*got ${String(bad)}`));
      }
      expect(() => world.createBody({ shapes: [{ type, radius: 0.5 } as ShapeOptions] })).toThrow(/halfHeight must be .*got undefined/);
    }
    expect(world.bodies).toHaveLength(0);
  });
});

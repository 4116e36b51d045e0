// The 2D/3D oracle with contacts: a 3D world whose bodies are held to the plane z = 0 (translation along
// z and rotation about x and y locked) and a 2D world built from the same description solve one problem.

import { describe, expect, it } from 'vitest';
import { World } from '../lib/world/world.js';

const LOCKED = { lockTranslation: [false, false, true], lockRotation: [true, true, false] } as const;

describe('3D bodies held to a plane have friction', () => {
  /** A 0.5 m box resting on a slope of `degrees` (a static box turned about z), its acceleration along
   * the slope from 0.5 s to 1 s, m/s², and how far it left the plane. */
  function slide(degrees: number, locked: boolean): { acceleration: number; outOfPlane: number } {
    const th = (degrees * Math.PI) / 180, q: [number, number, number, number] = [0, 0, Math.sin(th / 2), Math.cos(th / 2)];
    const world = new World({ gravity: [0, -9.81, 0] });
    world.createBody({ type: 'static', orientation: q, shapes: [{ type: 'box', halfExtents: [5, 0.5, 1] }] });
    const box = world.createBody({
      position: [-Math.sin(th) * 0.75, Math.cos(th) * 0.75, 0], orientation: q,
      shapes: [{ type: 'box', halfExtents: [0.25, 0.25, 0.25] }], ...(locked ? LOCKED : {}),
    });
    // (down the slope: −(cos θ, sin θ))
    const along = () => -(box.linearVelocity[0] * Math.cos(th) + box.linearVelocity[1] * Math.sin(th));
    for (let i = 0; i < 30; i++) world.step(1 / 60);
    const v = along();
    for (let i = 0; i < 30; i++) world.step(1 / 60);
    return { acceleration: (along() - v) / 0.5, outOfPlane: Math.abs(box.position[2]) };
  }

  it('slides down a 40° slope at g (sin θ − μ cos θ) and stays put on a 20° one, as the free 3D box', () => {
    // Held to the plane, a body does not answer across it: the friction tangent across the plane has
    // K = 0, and the in-plane tangent must carry the friction alone (a shared mass of 0 would leave it
    // frictionless, 6.3 m/s² down the 40° slope; tangents mixing z in overshoot, 2.0 m/s²).
    const th = (40 * Math.PI) / 180, expected = 9.81 * (Math.sin(th) - 0.6 * Math.cos(th));
    const locked = slide(40, true), free = slide(40, false);
    expect(Math.abs(locked.acceleration / expected - 1)).toBeLessThan(1e-6);
    expect(Math.abs(locked.acceleration - free.acceleration)).toBeLessThan(1e-9);
    expect(locked.outOfPlane).toBe(0);
    expect(Math.abs(slide(20, true).acceleration)).toBeLessThan(1e-6);
  });

  it('stops sliding on level ground within v² / (2 μ g)', () => {
    const world = new World({ gravity: [0, -9.81, 0] });
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    const box = world.createBody({ position: [0, 0.5, 0], linearVelocity: [1, 0, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }], ...LOCKED });
    for (let i = 0; i < 120; i++) world.step(1 / 60);
    expect(box.linearVelocity[0]).toBe(0);
    // 1 / (2 · 0.6 · 9.81) = 0.0849 m; the box slides 0.0829 m (the first substep's push-out and the
    // step's discrete stop)
    expect(box.position[0]).toBeGreaterThan(0.08);
    expect(box.position[0]).toBeLessThan(0.0849);
  });
});

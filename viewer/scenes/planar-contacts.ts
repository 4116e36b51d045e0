// How the 3D run of a contact scene's 2D vs 3D view is held to the plane z = 0. The 2D twin itself is
// lib/2d/planar.ts addSceneToWorld2D's (shapes to their 2D forms, the ground plane to a static polygon,
// the description's masses and inertias in both worlds).

import type { Body } from '../../lib/index.js';
import type { PlaneHold } from '../scene-types.js';

/**
 * Holds a 3D run's dynamic bodies to the z = 0 plane, by locking their rotation about x and y or their
 * translation along z (BodyOptions.lockRotation, lockTranslation). Either keeps a planar scene planar:
 * nothing in it pushes along z or turns about x or y but round-off. 'rotation' for contacts and welds
 * (under the direct solver their joints stay exact); 'translation' for the planar ragdolls, whose joints
 * the soft step then holds (docs/bodies.md, "Locked axes").
 */
export function holdToPlane(bodies: readonly Body[], hold: PlaneHold): void {
  for (const body of bodies) {
    if (!body.isDynamic) continue;
    if (hold === 'rotation') body.lockRotation = [true, true, false];
    else body.lockTranslation = [false, false, true];
  }
}

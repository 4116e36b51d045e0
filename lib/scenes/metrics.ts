// The standard scenes' figures of merit (the README's benchmark columns), from body state only.

import type { Body } from '../body/body.js';

const point = new Float64Array(3);
const tipLocal = new Float64Array([0.5, 0, 0]);

/**
 * Chain end distance over rest length: the far end of the last link (its local (+0.5, 0, 0)) measured
 * from the origin, divided by the number of 1 m links. 1 means no stretch.
 */
export function chainStretch(links: readonly Body[]): number {
  const last = links[links.length - 1];
  last.getWorldPoint(point, tipLocal);
  return Math.hypot(point[0], point[1], point[2]) / links.length;
}

/** Cantilever tip sag, m: how far the free end of the last box (local (+0.5, 0, 0)) is below y = 0. */
export function cantileverTipSag(boxes: readonly Body[]): number {
  boxes[boxes.length - 1].getWorldPoint(point, tipLocal);
  return -point[1];
}

/** True if any body has a non-finite state or a speed above `limit` (m/s or rad/s): an explosion. */
export function hasExploded(bodies: readonly Body[], limit = 1e3): boolean {
  for (const body of bodies) {
    const v = body.linearVelocity, w = body.angularVelocity, x = body.position;
    for (let i = 0; i < 3; i++) {
      if (!Number.isFinite(x[i]) || !(Math.abs(v[i]) <= limit) || !(Math.abs(w[i]) <= limit)) return true;
    }
  }
  return false;
}

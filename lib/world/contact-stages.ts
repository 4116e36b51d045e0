// What the world's step asks of its contacts, as one object the world is composed with: the 3D world's
// (world.ts, over collision/contact-set.ts and collision/continuous.ts), or none (NO_CONTACT_STAGES: the
// 2D world has no shapes). The step pipeline (pipeline.ts) calls each at its place in the step.

import type { Islands } from '../body/sleep.js';
import { NO_CONTACTS, type SolverContacts } from '../solver/step-parts.js';

/** @internal */
export interface ContactStages<B, J> {
  /** FIND CONTACTS: this step's contacts, for the awake bodies and the joints that act (their
   * jointed-pair filter). A contact that touches a sleeping body and an awake (or moving kinematic) one
   * wakes the sleeping body's island. */
  find(dt: number, joints: readonly J[], awake: readonly B[]): SolverContacts;
  /** After the step moved the bodies, before islands and sleep look at them (3D: continuous collision). */
  finishMotion(): void;
  /** Links the bodies of this step's touching contacts into islands. */
  link(islands: Islands): void;
  /** Calls the contact and sensor callbacks after the step. */
  report(): void;
  /** Wakes the bodies a removed body touches. */
  wakeTouching(body: B): void;
  /** Drops a removed (or invalid) body's contacts at once: world.contacts and snapshots no longer hold
   * them; those that touched report their end after the next step. */
  forget(body: B): void;
}

/** @internal A world without shapes. */
export const NO_CONTACT_STAGES: ContactStages<unknown, unknown> = /* @__PURE__ */ Object.freeze({
  find: () => NO_CONTACTS,
  finishMotion: () => {},
  link: () => {},
  report: () => {},
  wakeTouching: () => {},
  forget: () => {},
});

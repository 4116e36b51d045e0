// What bodies and joints ask their world before a public write: the world refuses it while a step runs
// (WorldCore.requireOutsideStep). A body made without a world (owner null or any other object) is
// never refused.

/** @internal */
export interface StepGuard {
  requireOutsideStep(where: string): void;
}

/** @internal Throws, naming `where`, if `owner` is a world whose step is running. */
export function requireOutsideStep(owner: object | null, where: string): void {
  (owner as Partial<StepGuard> | null)?.requireOutsideStep?.(where);
}

// A world's settings: one table (WORLD_SETTINGS) says, for each, where it is kept and how a value is
// checked. The constructor reads the options through it and the accessors (world.substeps = 8, …) are
// made from it (defineSettings), so an option and its setter check the same way and a new setting is
// one entry. The step reads the stores directly: `SolverSettings` (solver/step-parts.ts), `SleepSettings`
// (body/sleep.ts) and the clock's (clock.ts).

import type { SleepSettings } from '../body/sleep.js';
import type { BodyInvalidEventOf } from '../body/invalid-bodies.js';
import type { SolverSettings } from '../solver/step-parts.js';
import type { JointBreakEventOf } from './events.js';
import {
  requireBoolean, requireDampingRatio, requireIntegerWithin, requireNonNegative, requirePositiveOrInfinity,
  requirePositiveWithin, show,
} from '../util/validate.js';
import { optionKeys } from '../util/option-keys.js';
import {
  MAX_ANGULAR_SPEED, MAX_ITERATIONS, MAX_LINEAR_SPEED, MAX_STEPS_PER_FRAME, MAX_SUBSTEPS, MAX_TIME_STEP, MIN_TIME_STEP,
} from '../limits.js';

/** The options both worlds take (WorldOptions and World2DOptions add gravity and their own). */
export interface CoreWorldOptions<J, B = unknown> {
  /** Substeps per step, 1 to 64 (MAX_SUBSTEPS). Default 4, with either solver; see exactSubsteps. */
  substeps?: number;
  /**
   * Substeps of a step the direct solver holds alone, 1 to 64: every joint's every row exact (no motor,
   * servo, spring, soft or mouse joint, no rope, no group past its limit budget) and no contact. Default 1:
   * such a step's rows hold exactly at any count, and its poses are projected onto them, so more
   * substeps buy only a finer integration of the swing (a chain released horizontally keeps a few per
   * cent more of its energy over 10 s at 4 than at 1) at their cost.
   */
  exactSubsteps?: number;
  /** Velocity iterations (with position bias) per substep for the joints, 1 to 1000 (MAX_ITERATIONS, as
   * contactIterations and relaxIterations). Default 2. */
  iterations?: number;
  /** Velocity iterations (with position bias) per substep for the contacts, the last of the substep's
   * biased sweeps. Default 1 (a contact converges in one with the relax sweep after it, as in Box2D v3
   * and Rapier); more for stiffer stacks at more cost. */
  contactIterations?: number;
  /** Relax iterations (no bias) per substep. Default 1. */
  relaxIterations?: number;
  /** Stiffness of rigid joints, Hz. Rigid joints are stiff springs in the soft step: under a steady
   * load F a joint gives way by about K F / ω² (ω = 2π·jointHertz, K its effective mass), so stiffer
   * is more rigid. The stiffness is capped at a quarter of the substep rate, the most that stays
   * stable. Default Infinity: always at that cap (60 Hz at 4 substeps of 1/60 s), so more substeps
   * give stiffer joints. */
  jointHertz?: number;
  /** Damping ratio of that spring. Default 1 (critically damped). */
  jointDampingRatio?: number;
  /** Start each solve from the last substep's impulses. Default true. */
  warmStarting?: boolean;
  /** Dynamic bodies move no faster than this, m/s, at most 1e6 (MAX_LINEAR_SPEED). Default 400 (as Box2D). */
  maxLinearSpeed?: number;
  /** Dynamic bodies turn no faster than this, rad/s, at most 1e6 (MAX_ANGULAR_SPEED). Default 200 (about 1900 rpm). */
  maxAngularSpeed?: number;
  /** Called once for each joint that breaks, at the end of the step it broke in. */
  onJointBreak?: ((event: JointBreakEventOf<J>) => void) | null;
  /** Called once for each body whose position, orientation or velocities stopped being finite, at the end
   * of the step that found it; the body is taken out of the simulation (world.invalidBodies). */
  onBodyInvalid?: ((event: BodyInvalidEventOf<B>) => void) | null;
  /** Islands at rest fall asleep and cost nothing until disturbed (sleep.ts). Default true. */
  sleeping?: boolean;
  /** A body counts as at rest while slower than this, m/s, and its centre stays within
   * ½ sleepLinearSpeed · timeToSleep of where it was. Default 0.05: 1.25 cm in 0.5 s (sleep.ts). */
  sleepLinearSpeed?: number;
  /** The same for turning, rad/s: |ω| under it, each body axis within ½ sleepAngularSpeed ·
   * timeToSleep. Default 0.05. */
  sleepAngularSpeed?: number;
  /** How long every body of an island must be at rest before it sleeps, s. Default 0.5. */
  timeToSleep?: number;
  /**
   * 'direct' (the default): the rows of rigid joints (chains, ragdolls, trees, and structures with loops
   * while their factorization fits its budget) are solved exactly (solver/direct/: one factorization a
   * step, refactored within it only where it goes stale) and their drift projected away; their limits,
   * friction and ropes' lengths are held through them; motors, servos, springs, mouse joints, contacts
   * and groups past the budget stay in the soft step's sweeps. 'iterative': the soft step alone, cheaper
   * and softer, its new structures started at the sag that carries their load (docs/solver.md, "The solver").
   * The same in 2D and 3D.
   */
  solver?: JointSolverKind;
  /** The step advance(elapsedSeconds) takes, s, within step()'s range [1e-9, 1] (MIN_TIME_STEP,
   * MAX_TIME_STEP). Default 1/60. */
  fixedTimeStep?: number;
  /** The most steps one advance() call takes, 1 to 1000 (MAX_STEPS_PER_FRAME); time beyond them is
   * dropped. Default 5. */
  maxStepsPerFrame?: number;
}
/** @internal The keys of CoreWorldOptions (option-keys.ts). */
export const CORE_WORLD_OPTION_KEYS = optionKeys<CoreWorldOptions<unknown>>({
  substeps: true, exactSubsteps: true, iterations: true, contactIterations: true, relaxIterations: true, jointHertz: true, jointDampingRatio: true,
  warmStarting: true, maxLinearSpeed: true, maxAngularSpeed: true, onJointBreak: true, onBodyInvalid: true, sleeping: true,
  sleepLinearSpeed: true, sleepAngularSpeed: true, timeToSleep: true, solver: true, fixedTimeStep: true, maxStepsPerFrame: true,
});

/** The fixed-step clock's defaults (CoreWorldOptions.fixedTimeStep and maxStepsPerFrame). */
export const DEFAULT_FIXED_STEP_SETTINGS: Readonly<{ fixedTimeStep: number; maxStepsPerFrame: number }> = /* @__PURE__ */ Object.freeze({
  fixedTimeStep: 1 / 60,
  maxStepsPerFrame: 5,
});

export type JointSolverKind = 'iterative' | 'direct';
/** Every joint solver a world can run. */
export const JOINT_SOLVERS: readonly JointSolverKind[] = /* @__PURE__ */ Object.freeze(['iterative', 'direct'] as const);

/** The joint solver a world uses unless told otherwise. */
export const DEFAULT_JOINT_SOLVER: JointSolverKind = 'direct';

/** The defaults, chosen by measurement (docs/solver.md, "The solver"). */
export const DEFAULT_SOLVER_SETTINGS: Readonly<SolverSettings> = /* @__PURE__ */ Object.freeze({
  substeps: 4,
  exactSubsteps: 1,
  iterations: 2,
  contactIterations: 1,
  relaxIterations: 1,
  jointHertz: Infinity,
  jointDampingRatio: 1,
  warmStarting: true,
  maxLinearSpeed: 400,
  maxAngularSpeed: 200,
});

/** The fixed-step clock's settings (clock.ts). */
export interface ClockSettings {
  /** The step advance() takes, s. Time already accumulated is kept when it changes. */
  fixedTimeStep: number;
  /** The most steps one advance() call takes. */
  maxStepsPerFrame: number;
}

/** Every setting a world has, as the accessors world.substeps, world.sleeping, … read and write them.
 * Each can change between steps (not from inside one); a bad value throws, naming it, and changes
 * nothing. CoreWorldOptions says what each does. */
export interface WorldSettings extends SolverSettings, SleepSettings, ClockSettings {}

/** Where a setting is kept: the solver's, the islands' or the clock's settings. */
type SettingStore = 'solver' | 'sleep' | 'clock';

interface SettingRule {
  readonly store: SettingStore;
  /** Checks a value given as option or set: `where` names the call (the constructor's, or the setting). */
  read(where: string, value: unknown): number | boolean;
}

/** @internal The settings, in the order the constructor checks them. */
export const WORLD_SETTINGS: { readonly [K in keyof WorldSettings]: SettingRule } = {
  substeps: { store: 'solver', read: (where, value) => requireIntegerWithin(where, 'substeps', value, 1, MAX_SUBSTEPS) },
  exactSubsteps: { store: 'solver', read: (where, value) => requireIntegerWithin(where, 'exactSubsteps', value, 1, MAX_SUBSTEPS) },
  iterations: { store: 'solver', read: (where, value) => requireIntegerWithin(where, 'iterations', value, 1, MAX_ITERATIONS) },
  contactIterations: { store: 'solver', read: (where, value) => requireIntegerWithin(where, 'contactIterations', value, 1, MAX_ITERATIONS) },
  relaxIterations: { store: 'solver', read: (where, value) => requireIntegerWithin(where, 'relaxIterations', value, 0, MAX_ITERATIONS) },
  jointHertz: { store: 'solver', read: (where, value) => requirePositiveOrInfinity(where, 'jointHertz', value, 'the stiffest stable') },
  jointDampingRatio: { store: 'solver', read: (where, value) => requireDampingRatio(where, 'jointDampingRatio', value) },
  warmStarting: { store: 'solver', read: (where, value) => requireBoolean(where, 'warmStarting', value) },
  maxLinearSpeed: { store: 'solver', read: (where, value) => requirePositiveWithin(where, 'maxLinearSpeed', value, 0, MAX_LINEAR_SPEED, ' m/s') },
  maxAngularSpeed: { store: 'solver', read: (where, value) => requirePositiveWithin(where, 'maxAngularSpeed', value, 0, MAX_ANGULAR_SPEED, ' rad/s') },
  sleeping: { store: 'sleep', read: (where, value) => requireBoolean(where, 'sleeping', value) },
  sleepLinearSpeed: { store: 'sleep', read: (where, value) => requireNonNegative(where, 'sleepLinearSpeed', value) },
  sleepAngularSpeed: { store: 'sleep', read: (where, value) => requireNonNegative(where, 'sleepAngularSpeed', value) },
  timeToSleep: { store: 'sleep', read: (where, value) => requireNonNegative(where, 'timeToSleep', value) },
  fixedTimeStep: { store: 'clock', read: (where, value) => requirePositiveWithin(where, 'fixedTimeStep', value, MIN_TIME_STEP, MAX_TIME_STEP, ' s') },
  maxStepsPerFrame: { store: 'clock', read: (where, value) => requireIntegerWithin(where, 'maxStepsPerFrame', value, 1, MAX_STEPS_PER_FRAME) },
};

/** @internal The three stores, by WORLD_SETTINGS's `store`. */
export interface SettingStores {
  readonly solver: SolverSettings;
  readonly sleep: SleepSettings;
  readonly clock: ClockSettings;
}

/** @internal Checks the options of one store (given, in the table's order) and writes them into it; throws on the
 * first bad one, having written nothing. */
export function readSettingOptions(where: string, options: Partial<WorldSettings>, store: SettingStore, target: object): void {
  const values: Record<string, number | boolean> = {};
  for (const key of Object.keys(WORLD_SETTINGS) as (keyof WorldSettings)[]) {
    const rule = WORLD_SETTINGS[key];
    if (rule.store === store && options[key] !== undefined) values[key] = rule.read(where, options[key]);
  }
  Object.assign(target, values);
}

/** @internal What a setting's accessor reaches in its world. */
export interface SettingsHost {
  readonly settingStores: SettingStores;
  requireOutsideStep(where: string): void;
  /** Called after a setting was set (World turns sleeping off: every body wakes). */
  settingChanged(key: keyof WorldSettings): void;
}

/** @internal Makes the accessor pair of every setting on a world class's prototype: the getter reads its store, the
 * setter refuses a change during a step, checks the value (named by the setting) and writes it. */
export function defineSettings(prototype: SettingsHost): void {
  for (const key of Object.keys(WORLD_SETTINGS) as (keyof WorldSettings)[]) {
    const rule = WORLD_SETTINGS[key];
    Object.defineProperty(prototype, key, {
      configurable: true,
      get(this: SettingsHost): number | boolean {
        return (this.settingStores[rule.store] as unknown as Record<string, number | boolean>)[key];
      },
      set(this: SettingsHost, value: unknown) {
        this.requireOutsideStep(key);
        (this.settingStores[rule.store] as unknown as Record<string, number | boolean>)[key] = rule.read(key, value);
        this.settingChanged(key);
      },
    });
  }
}

/** @internal Checks a solver kind: 'iterative' or 'direct'. */
export function readSolverKind(where: string, value: unknown): JointSolverKind {
  if (!JOINT_SOLVERS.includes(value as JointSolverKind)) {
    throw new RangeError(`${where}: solver must be 'iterative' or 'direct', got ${show(value)}`);
  }
  return value as JointSolverKind;
}

// The world settings a WorkerWorld takes, with the world's own checks: the proxy checks a value as the
// world's setter does (the same function, so the same message, thrown at the call), then queues it, and
// the worker's world takes it at its place among the commands. The clock's two settings (fixedTimeStep,
// maxStepsPerFrame) are the proxy's own: the main thread's clock decides when steps are taken.

import { readSpeedThreshold } from '../world/basic-world.js';
import { readSolverKind, WORLD_SETTINGS, type JointSolverKind } from '../world/settings.js';
import { requireBoolean, requireNonNegative } from '../util/validate.js';
import type { SolverSettings } from '../solver/step-parts.js';
import type { SleepSettings } from '../body/sleep.js';

/** The settings the worker's world has, as the proxy's accessors read and write them (`world.substeps = 8`);
 * CoreWorldOptions and WorldOptions say what each does. */
export interface WorkerWorldSettings extends SolverSettings, SleepSettings {
  solver: JointSolverKind;
  gyroscopic: boolean;
  restitutionThreshold: number;
  ccdSpeedThreshold: number;
}

type SettingValue = number | boolean | string;

/** Each setting's check, the world's own. */
const CHECKS: { readonly [K in keyof WorkerWorldSettings]: (value: unknown) => WorkerWorldSettings[K] } = {
  substeps: (value) => WORLD_SETTINGS.substeps.read('substeps', value) as number,
  exactSubsteps: (value) => WORLD_SETTINGS.exactSubsteps.read('exactSubsteps', value) as number,
  iterations: (value) => WORLD_SETTINGS.iterations.read('iterations', value) as number,
  contactIterations: (value) => WORLD_SETTINGS.contactIterations.read('contactIterations', value) as number,
  relaxIterations: (value) => WORLD_SETTINGS.relaxIterations.read('relaxIterations', value) as number,
  jointHertz: (value) => WORLD_SETTINGS.jointHertz.read('jointHertz', value) as number,
  jointDampingRatio: (value) => WORLD_SETTINGS.jointDampingRatio.read('jointDampingRatio', value) as number,
  warmStarting: (value) => WORLD_SETTINGS.warmStarting.read('warmStarting', value) as boolean,
  maxLinearSpeed: (value) => WORLD_SETTINGS.maxLinearSpeed.read('maxLinearSpeed', value) as number,
  maxAngularSpeed: (value) => WORLD_SETTINGS.maxAngularSpeed.read('maxAngularSpeed', value) as number,
  sleeping: (value) => WORLD_SETTINGS.sleeping.read('sleeping', value) as boolean,
  sleepLinearSpeed: (value) => WORLD_SETTINGS.sleepLinearSpeed.read('sleepLinearSpeed', value) as number,
  sleepAngularSpeed: (value) => WORLD_SETTINGS.sleepAngularSpeed.read('sleepAngularSpeed', value) as number,
  timeToSleep: (value) => WORLD_SETTINGS.timeToSleep.read('timeToSleep', value) as number,
  solver: (value) => readSolverKind('solver', value),
  gyroscopic: (value) => requireBoolean('gyroscopic', 'gyroscopic', value),
  restitutionThreshold: (value) => requireNonNegative('restitutionThreshold', 'restitutionThreshold', value),
  ccdSpeedThreshold: (value) => readSpeedThreshold('ccdSpeedThreshold', value),
};

/** The settings' names. */
export const WORKER_WORLD_SETTINGS = /* @__PURE__ */ Object.freeze(Object.keys(CHECKS)) as readonly (keyof WorkerWorldSettings)[];

/** Whether `name` is one of the settings (the worker takes no other name). */
export function isWorkerWorldSetting(name: unknown): name is keyof WorkerWorldSettings {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(CHECKS, name);
}

/** Checks a setting's value as the world's setter does; throws the world's error. */
export function checkSetting(name: keyof WorkerWorldSettings, value: unknown): SettingValue {
  return CHECKS[name](value);
}

/** What a proxy's setting accessors reach. */
export interface SettingsOwner {
  /** The settings as the worker's world has them, once the commands queued so far are applied. */
  readonly settingValues: Record<string, SettingValue>;
  /** Queues a checked setting for the worker. */
  queueSetting(name: keyof WorkerWorldSettings, value: SettingValue): void;
}

/** Makes an accessor pair per setting on the proxy's prototype: the getter reads the value last set (or
 * the world's at the start), the setter checks and queues. */
export function defineWorkerSettings(prototype: SettingsOwner): void {
  for (const name of WORKER_WORLD_SETTINGS) {
    Object.defineProperty(prototype, name, {
      configurable: true,
      get(this: SettingsOwner): SettingValue {
        return this.settingValues[name];
      },
      set(this: SettingsOwner, value: unknown) {
        this.queueSetting(name, checkSetting(name, value));
      },
    });
  }
}

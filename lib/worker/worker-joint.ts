// A joint of a WorkerWorld, on the main thread: its methods and setters by their own names, queued for
// the worker's world (`hinge.call('setMotor', { speed: 2, maxForce: 50 })` is `hinge.setMotor({ speed: 2,
// maxForce: 50 })` there, `hinge.set('breakForce', 500)` is `hinge.breakForce = 500`). Typed from the
// joint's class, so a method's name and arguments are checked by the compiler; the values are checked
// by the joint in the worker, and a refusal comes back (WorkerWorld.onError).

import type { Joint, JointType } from '../joints/joint.js';
import type { HandleOwner, WorkerBody } from './worker-body.js';
import { OP } from './protocol.js';

/** The methods of J that return nothing: what `call` may ask of the joint. */
export type JointCommand<J> = {
  [K in keyof J]-?: J[K] extends (...args: never[]) => infer R ? ([R] extends [void] ? K : never) : never;
}[keyof J] & string;

/** The arguments of J's method M. */
export type JointCommandArguments<J, M extends keyof J> = J[M] extends (...args: infer A) => unknown ? A : never;

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends (<T>() => T extends Y ? 1 : 2) ? true : false;

/** The properties of J a program may set (not readonly, not methods): what `set` may change. */
export type JointProperty<J> = {
  [K in keyof J]-?: J[K] extends (...args: never[]) => unknown ? never : Equal<{ [Q in K]: J[K] }, { -readonly [Q in K]: J[K] }> extends true ? K : never;
}[keyof J] & string;

export class WorkerJoint<J extends Joint = Joint> {
  /** @internal The joint's number on both threads. */
  readonly handle: number;
  private gone = false;

  /** @internal */
  constructor(private readonly owner: HandleOwner, handle: number, readonly type: JointType, readonly bodyA: WorkerBody, readonly bodyB: WorkerBody) {
    this.handle = handle;
  }

  /** Whether the joint was removed (removeJoint, or with one of its bodies), or its creation refused. */
  get removed(): boolean {
    return this.gone;
  }

  /** Calls the joint's method `method` with `args` in the worker, in order with the other commands. */
  call<M extends JointCommand<J>>(method: M, ...args: JointCommandArguments<J, M>): void {
    this.requireLive(method);
    this.owner.commands.named(OP.JOINT_CALL, this.handle, method, this.owner.cloneForWorker(method, 'arguments', args));
  }

  /** Sets the joint's property `property` in the worker, in order with the other commands. */
  set<P extends JointProperty<J>>(property: P, value: J[P]): void {
    this.requireLive(property);
    this.owner.commands.named(OP.JOINT_SET, this.handle, property, this.owner.cloneForWorker(property, property, value));
  }

  /** @internal */
  markRemoved(): void {
    this.gone = true;
  }

  private requireLive(where: string): void {
    this.owner.requireOpen(where);
    if (this.gone) throw new Error(`${where}: the joint was removed from its world`);
  }
}

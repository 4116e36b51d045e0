// A joint type's definition, declared in the joint's own file (BALL_JOINT_DEFINITION, …) and found through
// the tables (joint-definitions.ts in 3D, lib/2d/joints/joint-definitions.ts in 2D): how a world makes one
// from its create call's options, what a snapshot's restore makes before loading its state, and where the
// viewer draws it. The worlds' create…Joint methods, their snapshot placeholders and the viewer read it, so
// a new joint type is its file and one line of its table (and its create method, the public API). The way
// back is each joint's toOptions(): its create call's options at the bodies' current poses (Jolt's
// constraint settings, which GetConstraintSettings gives back and Create makes again).

import type { Float64Allocator } from '../util/arena.js';

/** @internal What a definition's make and placeholder use of the world making the joint (WorldCore). */
export interface JointContext<B> {
  /** The id the new joint gets. */
  readonly nextId: number;
  /** Where the joint's solver arrays live (the world's arena; 2D joints keep their own). */
  readonly arena: Float64Allocator;
  /** The world's static ground body: a joint's bodyB when its options omit it, a mouse joint's bodyA. */
  readonly ground: B;
  /** The options' bodyA and bodyB (the ground when omitted), checked: an object of options, bodies of
   * this world, two different ones, at least one dynamic. */
  readJointBodies(where: string, options: { bodyA: B; bodyB?: B }): [B, B];
  /** Refuses a value that is not a body of this world (`name`: the option, for the message). */
  requireOwnBody(where: string, name: string, body: unknown): void;
  /** The world's joint of this id, if it has one (a gear joint's restore finds its joints by id). */
  jointById(id: number): unknown;
}

/** A joint type: how it is made, restored and drawn (`J` the joint, `O` its create call's options, `B` its
 * bodies). */
export interface JointDefinition<J extends { readonly type: string }, O, B> {
  /** The joint's `type`. */
  readonly type: J['type'];
  /** @internal Checks the options as the create call does (its messages start with the create call's name)
   * and makes the joint; the world adds it. */
  make(context: JointContext<B>, options: O): J;
  /** @internal A joint of this type between two bodies, with any valid options: World.restore makes it, then
   * loads the snapshot's state into it. */
  placeholder(context: JointContext<B>, bodyA: B, bodyB: B): J;
  /** Where to draw the joint, world space: its anchor as carried by bodyB (a mouse joint's pulled point;
   * bodyB's centre of mass for a joint without an anchor). */
  anchor(joint: J, out: Float64Array | number[]): Float64Array | number[];
}

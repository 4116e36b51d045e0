// The contacts in snapshots and hashes (World's snapshot, restore and hash): the touching contacts with
// their manifolds, impulses and caches, and the sensing pairs, written, read, checked and rebuilt. Apart
// from the contact set so that a world without snapshots does not carry it.

import type { Body } from '../body/body.js';
import type { StateReader, StateWriter } from '../util/state.js';
import { requireInteger, show } from '../util/validate.js';
import { MAX_MANIFOLD_POINTS } from './manifold.js';
import { ManifoldCache } from './manifold-cache.js';
import { isDeepPair, TreeKind, type ShapeProxy } from './broadphase.js';
import { ContactConstraint } from './contact-constraint.js';
import { countPair, type ContactSet } from './contact-set.js';
import { MAX_SHAPES_PER_BODY, type Shape } from '../geometry/shape.js';

/** How many numbers saveContactState writes for a manifold of `points` points. */
function contactStateSize(points: number): number {
  return 2 + 11 + 8 * points + ManifoldCache.stateSize;
}

/**
 * Everything the next step reads (snapshots and hashes): the point count, the friction tangents (the
 * kept friction impulses are components along them), the normal, and per point its id, impulses,
 * position and separation; then the manifold cache (manifold-cache.ts). The manifold is kept whole
 * because a sleeping island's contacts are not searched again until it wakes.
 */
function saveContactState(contact: ContactConstraint, writer: StateWriter): void {
  const m = contact.manifold;
  writer.write(contact.count);
  writer.writeBoolean(contact.isTouching);
  writer.writeArray(contact.tangent1);
  writer.writeArray(contact.tangent2);
  writer.writeArray(m.normal);
  writer.writeArray(contact.rollingImpulse);
  for (let i = 0; i < contact.count; i++) {
    writer.write(contact.ids[i]);
    for (let r = 0; r < 3; r++) writer.write(contact.impulses[3 * i + r]);
    for (let k = 0; k < 3; k++) writer.write(m.points[3 * i + k]);
    writer.write(m.separations[i]);
  }
  contact.manifoldCache.save(writer);
}

/** Reads what saveContactState wrote from `numbers` at `at`; returns where it stopped. */
function loadContactState(contact: ContactConstraint, numbers: readonly number[], at: number): number {
  const m = contact.manifold;
  const count = numbers[at++];
  contact.count = m.count = count;
  contact.isTouching = numbers[at++] !== 0;
  for (let k = 0; k < 3; k++) contact.tangent1[k] = numbers[at++];
  for (let k = 0; k < 3; k++) contact.tangent2[k] = numbers[at++];
  for (let k = 0; k < 3; k++) m.normal[k] = numbers[at++];
  contact.rollingImpulse[0] = numbers[at++];
  contact.rollingImpulse[1] = numbers[at++];
  for (let i = 0; i < count; i++) {
    contact.ids[i] = m.ids[i] = numbers[at++];
    for (let r = 0; r < 3; r++) contact.impulses[3 * i + r] = numbers[at++];
    for (let k = 0; k < 3; k++) m.points[3 * i + k] = numbers[at++];
    m.separations[i] = numbers[at++];
  }
  return contact.manifoldCache.load(numbers, at);
}

/** The touching contacts' state: their count, then per contact its two keys and ContactConstraint's
 * saveState (snapshots and hashes). */
export function saveContacts(set: ContactSet, writer: StateWriter): void {
  writer.write(set.touching.length);
  for (const contact of set.touching) {
    writer.write(contact.keyA);
    // a triangle's contact: −(keyB + 1), then the triangle
    if (contact.subKey >= 0) {
      writer.write(-contact.keyB - 1);
      writer.write(contact.subKey);
    } else {
      writer.write(contact.keyB);
    }
    saveContactState(contact, writer);
  }
  writer.write(set.sensing.length);
  for (const contact of set.sensing) {
    writer.write(contact.keyA);
    writer.write(contact.keyB);
  }
}

/** Reads what saveContacts wrote, as plain numbers (the bodies do not exist yet when it is read). */
export function readContacts(reader: StateReader): number[] {
  const out: number[] = [];
  const count = reader.read();
  out.push(count);
  for (let c = 0; c < count; c++) {
    const keyA = reader.read(), keyB = reader.read();
    out.push(keyA, keyB);
    if (keyB < 0) out.push(reader.read());
    const points = reader.read();
    out.push(points);
    for (let i = 0; i < contactStateSize(points) - 1; i++) out.push(reader.read());
  }
  const sensing = reader.read();
  out.push(sensing);
  for (let c = 0; c < 2 * sensing; c++) out.push(reader.read());
  return out;
}

/** Checks readContacts' numbers before restoreContacts uses them (World.restore): counts whole and in range, every
 * key a shape of `bodies`, the two shapes of different bodies, no pair twice, flags 0 or 1. (restore
 * then checks that every number it kept is finite.) */
export function checkContacts(where: string, numbers: readonly number[], bodies: readonly Body[]): void {
  const byId = new Map<number, Body>();
  for (const body of bodies) byId.set(body.id, body);
  const shapeOf = (path: string, key: number): [Body, Shape] => {
    const body = Number.isInteger(key) && key >= 0 ? byId.get(Math.floor(key / MAX_SHAPES_PER_BODY)) : undefined;
    const shape = body?.shapes[key % MAX_SHAPES_PER_BODY];
    if (body === undefined || shape === undefined) throw new RangeError(`${where}: ${path} ${show(key)} is not a shape of the snapshot's bodies`);
    return [body, shape];
  };
  const flag = (path: string, value: number): void => {
    if (value !== 0 && value !== 1) throw new RangeError(`${where}: ${path} must be 0 or 1, got ${show(value)}`);
  };
  const seen = new Set<string>();
  const pair = (path: string, keyA: number, keyB: number, triangle: number): void => {
    const [bodyA, shapeA] = shapeOf(`${path}.keyA`, keyA), [bodyB] = shapeOf(`${path}.keyB`, keyB);
    if (bodyA === bodyB) throw new RangeError(`${where}: ${path} is between two shapes of body ${bodyA.id}`);
    if (triangle >= 0 && shapeA.mesh === null) throw new RangeError(`${where}: ${path} has a triangle but shape ${keyA} is not a mesh`);
    const id = `${keyA} ${keyB} ${triangle}`;
    if (seen.has(id)) throw new RangeError(`${where}: ${path} repeats an earlier contact's shapes`);
    seen.add(id);
  };
  let at = 0;
  const count = requireInteger(where, 'contacts.count', numbers[at++], 0, numbers.length);
  for (let c = 0; c < count; c++) {
    const path = `contacts[${c}]`;
    const keyA = numbers[at++], keyB = numbers[at++];
    const triangle = keyB < 0 ? requireInteger(where, `${path}.triangle`, numbers[at++], 0, Number.MAX_SAFE_INTEGER) : -1;
    pair(path, keyA, keyB < 0 ? -keyB - 1 : keyB, triangle);
    const points = requireInteger(where, `${path}.points`, numbers[at], 0, MAX_MANIFOLD_POINTS);
    flag(`${path}.isTouching`, numbers[at + 1]);
    // (the manifold cache's valid flag follows the count, flag, 3 tangents and normal, 2 rolling impulses and the points)
    flag(`${path}.cache`, numbers[at + 13 + 8 * points]);
    at += contactStateSize(points);
  }
  const sensing = requireInteger(where, 'contacts.sensing', numbers[at++], 0, numbers.length);
  for (let c = 0; c < sensing; c++) pair(`sensing[${c}]`, numbers[at++], numbers[at++], -1);
}

/** Rebuilds the contacts from readContacts' numbers, among the world's bodies. */
export function restoreContacts(set: ContactSet, numbers: readonly number[], bodies: readonly Body[]): void {
  set.broadphase.sync(bodies, 0);
  const byId = new Map<number, Body>();
  for (const body of bodies) byId.set(body.id, body);
  const proxyOf = (key: number): ShapeProxy => {
    const body = byId.get(Math.floor(key / MAX_SHAPES_PER_BODY)) as Body;
    return set.broadphase.proxiesOf(body)[key % MAX_SHAPES_PER_BODY];
  };
  for (const contact of set.asleep) set.list.push(contact);
  set.asleep.length = 0;
  for (let i = set.list.length - 1; i >= 0; i--) set.destroy(i);
  set.ended.length = 0;
  set.sensorEnded.length = 0;
  let at = 0;
  const count = numbers[at++];
  for (let c = 0; c < count; c++) {
    const a = proxyOf(numbers[at++]), keyB = numbers[at++];
    let contact: ContactConstraint;
    if (keyB < 0) {
      // a triangle's contact, under its pair's
      const b = proxyOf(-keyB - 1), triangle = numbers[at++];
      const parent = set.pairs.get(a.key)?.get(b.key) ?? restoreContact(set, a, b);
      parent.children ??= [];
      contact = new ContactConstraint(a.body, a.shape, b.body, b.shape, a.key, b.key, set.arena);
      set.made++;
      contact.subKey = triangle;
      parent.children.push(contact);
      at = loadContactState(contact, numbers, at);
      parent.isTouching ||= contact.isTouching;
    } else {
      contact = restoreContact(set, a, proxyOf(keyB));
      at = loadContactState(contact, numbers, at);
    }
  }
  const sensing = numbers[at++];
  for (let c = 0; c < sensing; c++) {
    const contact = restoreContact(set, proxyOf(numbers[at++]), proxyOf(numbers[at++]));
    contact.isTouching = true;
  }
  set.touchingFresh = false;
  set.sensingFresh = false;
  set.listActive();
}

function restoreContact(set: ContactSet, a: ShapeProxy, b: ShapeProxy): ContactConstraint {
  const contact = new ContactConstraint(a.body, a.shape, b.body, b.shape, a.key, b.key, set.arena);
  set.made++;
  contact.proxyA = a;
  contact.proxyB = b;
  if (a.shape.mesh !== null) contact.children = [];
  set.innerMap(a.key).set(b.key, contact);
  set.list.push(contact);
  // counted as addPair counts, never turned away: the snapshot's pairs were within the bounds
  if (a.tree === TreeKind.Dynamic && b.tree === TreeKind.Dynamic) {
    contact.deepPair = isDeepPair(a, b);
    countPair(a, b, contact.deepPair, 1);
    set.dynamicPairs++;
  }
  return contact;
}

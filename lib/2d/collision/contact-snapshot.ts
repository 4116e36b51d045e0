// The 2D contacts in snapshots and hashes (lib/collision/contact-snapshot.ts in the plane): the touching
// contacts with their manifolds and impulses, and the sensing pairs, written, read, checked and rebuilt.

import type { Body2D } from '../body.js';
import type { StateReader, StateWriter } from '../../util/state.js';
import { requireInteger, show } from '../../util/validate.js';
import { MAX_SHAPES_PER_BODY } from '../../geometry/shape.js';
import { MAX_MANIFOLD_POINTS_2D } from './manifold.js';
import { shapesOf, type ShapeProxy2D } from './broadphase.js';
import type { ContactConstraint2D } from './contact-constraint.js';
import type { ContactSet2D } from './contact-set.js';

/** How many numbers saveContactState writes for a manifold of `points` points. */
function contactStateSize(points: number): number {
  return 2 + 4 + 6 * points;
}

/**
 * Everything the next step reads: the point count, the touch flag, the friction tangent (the kept friction
 * impulses are components along it), the normal, and per point its id, impulses, position and separation.
 * The manifold is kept whole because a sleeping island's contacts are not searched again until it wakes.
 */
function saveContactState(contact: ContactConstraint2D, writer: StateWriter): void {
  const m = contact.manifold;
  writer.write(contact.count);
  writer.writeBoolean(contact.isTouching);
  writer.writeArray(contact.tangent);
  writer.writeArray(m.normal);
  for (let i = 0; i < contact.count; i++) {
    writer.write(contact.ids[i]);
    writer.write(contact.impulses[2 * i]);
    writer.write(contact.impulses[2 * i + 1]);
    writer.write(m.points[2 * i]);
    writer.write(m.points[2 * i + 1]);
    writer.write(m.separations[i]);
  }
}

function loadContactState(contact: ContactConstraint2D, numbers: readonly number[], at: number): number {
  const m = contact.manifold;
  const count = numbers[at++];
  contact.count = m.count = m.previousCount = count;
  contact.isTouching = numbers[at++] !== 0;
  contact.tangent[0] = numbers[at++]; contact.tangent[1] = numbers[at++];
  m.normal[0] = numbers[at++]; m.normal[1] = numbers[at++];
  for (let i = 0; i < count; i++) {
    contact.ids[i] = m.ids[i] = numbers[at++];
    contact.impulses[2 * i] = numbers[at++];
    contact.impulses[2 * i + 1] = numbers[at++];
    m.points[2 * i] = numbers[at++];
    m.points[2 * i + 1] = numbers[at++];
    m.separations[i] = numbers[at++];
  }
  return at;
}

/** The touching contacts' state: their count, then per contact its keys (keyA, keyB, subKey) and
 * saveContactState; then the sensing pairs' keys. */
export function saveContacts2D(set: ContactSet2D, writer: StateWriter): void {
  const touching = set.touching;
  writer.write(touching.length);
  for (const contact of touching) {
    writer.write(contact.keyA);
    writer.write(contact.keyB);
    writer.write(contact.subKey);
    saveContactState(contact, writer);
  }
  const sensing = set.sensing;
  writer.write(sensing.length);
  for (const contact of sensing) {
    writer.write(contact.keyA);
    writer.write(contact.keyB);
    writer.write(contact.subKey);
  }
}

/** Reads what saveContacts2D wrote, as plain numbers (the bodies do not exist yet when it is read). */
export function readContacts2D(reader: StateReader): number[] {
  const out: number[] = [];
  const count = reader.read();
  out.push(count);
  for (let c = 0; c < count; c++) {
    out.push(reader.read(), reader.read(), reader.read());
    const points = reader.read();
    out.push(points);
    if (!(points >= 0 && points <= MAX_MANIFOLD_POINTS_2D)) continue; // (checkContacts2D names it)
    for (let i = 0; i < contactStateSize(points) - 1; i++) out.push(reader.read());
  }
  const sensing = reader.read();
  out.push(sensing);
  for (let c = 0; c < 3 * sensing; c++) out.push(reader.read());
  return out;
}

/** Checks readContacts2D's numbers before restoreContacts2D uses them: counts whole and in range, every key
 * a shape of `bodies` (a subKey a segment of a chain), the two shapes of different bodies, no pair twice,
 * flags 0 or 1. */
export function checkContacts2D(where: string, numbers: readonly number[], bodies: readonly Body2D[]): void {
  const byId = new Map<number, Body2D>();
  for (const body of bodies) byId.set(body.id, body);
  const bodyOf = (path: string, key: number, child: number): Body2D => {
    const body = Number.isInteger(key) && key >= 0 ? byId.get(Math.floor(key / MAX_SHAPES_PER_BODY)) : undefined;
    const shape = body === undefined ? undefined : shapesOf(body)[key % MAX_SHAPES_PER_BODY];
    if (body === undefined || shape === undefined) throw new RangeError(`${where}: ${path} ${show(key)} is not a shape of the snapshot's bodies`);
    if (child >= 0 && (shape.geometry !== null || child >= shape.children.length)) throw new RangeError(`${where}: ${path} names segment ${child}, which shape ${key} does not have`);
    if (child < 0 && shape.geometry === null) throw new RangeError(`${where}: ${path} is a chain but names no segment`);
    return body;
  };
  const seen = new Set<string>();
  const pair = (path: string, keyA: number, keyB: number, child: number): void => {
    requireInteger(where, `${path}.subKey`, child, -1, MAX_SHAPES_PER_BODY);
    const bodyA = bodyOf(`${path}.keyA`, keyA, child), bodyB = bodyOf(`${path}.keyB`, keyB, -1);
    if (bodyA === bodyB) throw new RangeError(`${where}: ${path} is between two shapes of body ${bodyA.id}`);
    const id = `${keyA} ${keyB} ${child}`;
    if (seen.has(id)) throw new RangeError(`${where}: ${path} repeats an earlier contact's shapes`);
    seen.add(id);
  };
  let at = 0;
  const count = requireInteger(where, 'contacts.count', numbers[at++], 0, numbers.length);
  for (let c = 0; c < count; c++) {
    const path = `contacts[${c}]`;
    const keyA = numbers[at++], keyB = numbers[at++], child = numbers[at++];
    pair(path, keyA, keyB, child);
    const points = requireInteger(where, `${path}.points`, numbers[at], 1, MAX_MANIFOLD_POINTS_2D);
    const touching = numbers[at + 1];
    if (touching !== 0 && touching !== 1) throw new RangeError(`${where}: ${path}.isTouching must be 0 or 1, got ${show(touching)}`);
    at += contactStateSize(points);
  }
  const sensing = requireInteger(where, 'contacts.sensing', numbers[at++], 0, numbers.length);
  for (let c = 0; c < sensing; c++) pair(`sensing[${c}]`, numbers[at++], numbers[at++], numbers[at++]);
}

/** Rebuilds the contacts from readContacts2D's numbers, among the world's bodies (the broadphase brought up
 * to them first). */
export function restoreContacts2D(set: ContactSet2D, numbers: readonly number[], bodies: readonly Body2D[]): void {
  const byId = new Map<number, Body2D>();
  for (const body of bodies) byId.set(body.id, body);
  const proxyOf = (where: string, key: number, child: number): ShapeProxy2D => {
    const body = byId.get(Math.floor(key / MAX_SHAPES_PER_BODY)) as Body2D, index = key % MAX_SHAPES_PER_BODY;
    const proxy = set.broadphase.proxiesOf(body).find((p) => p.shape.index === index && p.child === child);
    if (proxy === undefined) throw new RangeError(`${where}: shape ${key} has no proxy`);
    return proxy;
  };
  const make = (where: string, keyA: number, keyB: number, child: number): ContactConstraint2D => {
    const contact = set.makeContact(proxyOf(where, keyA, child), proxyOf(where, keyB, -1));
    if (contact === undefined || contact.keyA !== keyA || contact.keyB !== keyB || contact.subKey !== child) {
      throw new RangeError(`${where}: the shapes ${keyA} and ${keyB} do not collide (their bodies or filters)`);
    }
    return contact;
  };
  let at = 0;
  const count = numbers[at++];
  for (let c = 0; c < count; c++) {
    const keyA = numbers[at++], keyB = numbers[at++], child = numbers[at++];
    at = loadContactState(make(`contacts[${c}]`, keyA, keyB, child), numbers, at);
  }
  const sensing = numbers[at++];
  for (let c = 0; c < sensing; c++) {
    const keyA = numbers[at++], keyB = numbers[at++], child = numbers[at++];
    make(`sensing[${c}]`, keyA, keyB, child).isTouching = true;
  }
  set.listActive();
}

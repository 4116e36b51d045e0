// Read-only at run time what `readonly` makes read-only to the compiler: a body's id, shapes and state
// arrays, a joint's id and bodies, a world's ground and gravity. Written from JavaScript, such a field
// would otherwise be replaced while the library keeps using the old value (a body's `position` no longer
// the array the step moves), or break the next step (`body.shapes = null`). After makeReadOnly an
// assignment throws a TypeError naming the property (module code is strict; sloppy code ignores it).

/** Makes the named own data properties of `object` non-writable. They stay plain fields, read as before
 * (V8 keeps the object's fast layout and its fields' representations); the arrays they hold stay
 * writable in place. */
export function makeReadOnly<T extends object>(object: T, names: readonly (keyof T & string)[]): void {
  for (const name of names) Object.defineProperty(object, name, { writable: false });
}

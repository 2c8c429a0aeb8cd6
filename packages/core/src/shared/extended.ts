/**
 * `{ ...base, ...extra }`, made so that V8 can share one hidden class among the results.
 *
 * V8 (Node 20) builds a literal that begins with a spread (`{ ...base, key: value }`) by cloning
 * `base` and then adding to the clone; after the first few calls, every object made that way
 * gets a hidden class of its own, made with its descriptors in the old generation (measured: 298
 * of 300 such objects had their own, against none when the literal begins with a plain property
 * or is made with `Object.assign`). On a path that runs per read, or for objects kept in a
 * cache, that is memory and collector work per object. Use this, or begin the literal with a
 * plain property, instead. For small objects only: `Object.assign` adds the keys one by one, and
 * past ~18 of them V8 makes the result a dictionary-mode object, slower to read (measured: fast
 * at 18 keys, dictionary at 20); for a wide row, begin the literal with a plain property
 * (`{ id: row.id, ...row, key }`), which shares one hidden class and stays fast. For objects
 * whose keys are Quire's own: like any `Object.assign`, a key
 * `__proto__` would set the result's prototype where the spread makes a property.
 */
export const extended = <A extends object, B extends object>(base: A, extra: B): Omit<A, keyof B> & B =>
  Object.assign({}, base, extra)

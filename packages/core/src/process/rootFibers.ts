import { GlobalValue } from "effect"

/**
 * The running root fibers (what `Fiber.roots` lists) as a linked list that lets go of a
 * fiber entirely once it ends: what Effect keeps them in, for a process that forks many.
 *
 * Effect keeps every root fiber (each `Runtime.runFork`, `runPromise`, every request a server
 * forks) in one global `Set` until it ends. V8 rebuilds a `Set`'s table every few dozen adds
 * and deletes, and a replaced table still points at the entries it held and at the table that
 * replaced it. Once one such table has reached the old generation, the young-generation
 * collector treats what it points at as live: the fibers that were running when each later
 * table was replaced, and everything they reach (the request, its context, its answer), are
 * copied twice and promoted, to die there. For requests that wait on I/O (every Postgres
 * read) that was most of each request: measured with `test/bench/micro/gcExperiment.ts`,
 * `GET /v1/spaces/{id}` on Postgres promoted ~28 MB/s with the `Set` and ~10–20 MB/s without
 * it, each young collection took 10 ms instead of 5, and a full collection came every 7 s.
 *
 * A list node is unlinked and cleared when its fiber ends, and the fiber is found by a
 * `WeakMap`, which holds no fiber alive; so nothing that ended keeps anything else alive.
 */
export class RootFibers<A extends object> implements Iterable<A> {
  private head: ListNode<A> | undefined = undefined
  private tail: ListNode<A> | undefined = undefined
  private readonly nodes = new WeakMap<A, ListNode<A>>()
  private count = 0

  constructor(values: Iterable<A> = []) {
    for (const value of values) this.add(value)
  }

  add(value: A): this {
    if (this.nodes.has(value)) return this
    const node: ListNode<A> = { value, previous: this.tail, next: undefined }
    if (this.tail === undefined) this.head = node
    else this.tail.next = node
    this.tail = node
    this.nodes.set(value, node)
    this.count++
    return this
  }

  delete(value: A): boolean {
    const node = this.nodes.get(value)
    if (node === undefined) return false
    this.nodes.delete(value)
    if (node.previous === undefined) this.head = node.next
    else node.previous.next = node.next
    if (node.next === undefined) this.tail = node.previous
    else node.next.previous = node.previous
    node.value = undefined
    node.previous = undefined
    node.next = undefined
    this.count--
    return true
  }

  has(value: A): boolean {
    return this.nodes.has(value)
  }

  get size(): number {
    return this.count
  }

  *[Symbol.iterator](): Iterator<A> {
    // Read `next` before handing the value out: the caller may delete it.
    let node = this.head
    while (node !== undefined) {
      const next = node.next
      if (node.value !== undefined) yield node.value
      node = next
    }
  }

  values(): Iterator<A> {
    return this[Symbol.iterator]()
  }

  forEach(f: (value: A) => void): void {
    for (const value of this) f(value)
  }
}

interface ListNode<A> {
  value: A | undefined
  previous: ListNode<A> | undefined
  next: ListNode<A> | undefined
}

/** Where Effect 3 keeps its global fiber scope (`internal/fiberScope.ts`); its `roots` is the `Set`. */
const GLOBAL_FIBER_SCOPE = Symbol.for("effect/FiberScope/Global")

/**
 * Puts Effect's root fibers in a `RootFibers` (see there), keeping those already running; for a
 * process that forks a root fiber per request (a server, a Promise API). Safe to call again.
 * `Fiber.roots` answers as before. When Effect's global scope is not the shape this was written
 * for (another Effect version), it changes nothing and says so: `false`.
 *
 * Exported apart, as `@quire/core/rootFibers`, for a process's entry point to call: it changes
 * Effect's global state, which no part of the core (and no library embedding it) should.
 */
export const installRootFibers = (): boolean => {
  // Importing "effect" made the global scope (its module is evaluated with the runtime), so
  // `compute` does not run: the scope is read, never made here.
  const scope: unknown = GlobalValue.globalValue(GLOBAL_FIBER_SCOPE, () => undefined)
  if (typeof scope !== "object" || scope === null || !("roots" in scope)) return false
  if (scope.roots instanceof RootFibers) return true
  if (!(scope.roots instanceof Set)) return false
  ;(scope as { roots: unknown }).roots = new RootFibers(scope.roots as Set<object>)
  return true
}

/**
 * A `$ref` cycle: a reference whose chain of references comes back to itself without ever
 * reaching a value (`A: {$ref: B}`, `B: {$ref: A}`). Such a document names nothing: it is
 * refused. A schema that refers to itself *inside* a value (a tree's `children`) is a
 * recursive schema, which OpenAPI allows, and is not a cycle. Pure; iterative, so a deep
 * document cannot exhaust the stack.
 */

type Files = Readonly<Record<string, unknown>>

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const refOf = (value: unknown): string | undefined =>
  isObject(value) && typeof value.$ref === "string" ? value.$ref : undefined

const unescapePointer = (segment: string) => decodeURIComponent(segment).replace(/~1/g, "/").replace(/~0/g, "~")

/** Where a reference leads, from inside `file`: the file and the JSON pointer in it. */
const targetOf = (ref: string, file: string): { file: string; pointer: string } => {
  const hash = ref.indexOf("#")
  const name = hash === -1 ? ref : ref.slice(0, hash)
  return { file: name === "" ? file : name, pointer: hash === -1 ? "" : ref.slice(hash + 1) }
}

const resolve = (files: Files, file: string, pointer: string): unknown => {
  if (!(file in files)) return undefined
  let node: unknown = files[file]
  if (pointer === "" || pointer === "/") return node
  for (const segment of pointer.replace(/^\//, "").split("/")) {
    const key = unescapePointer(segment)
    if (Array.isArray(node)) node = node[Number(key)]
    else if (isObject(node)) node = node[key]
    else return undefined
  }
  return node
}

/** The first cycle found, as the chain of references (`file#pointer`), or undefined. */
export const findRefCycle = (files: Files): ReadonlyArray<string> | undefined => {
  /** Targets known to reach a value (or nothing) after their references. */
  const settled = new Set<string>()
  const follow = (file: string, ref: string): ReadonlyArray<string> | undefined => {
    const chain: Array<string> = []
    const onChain = new Set<string>()
    let current = targetOf(ref, file)
    for (;;) {
      const key = `${current.file}#${current.pointer}`
      if (settled.has(key)) break
      if (onChain.has(key)) return [...chain.slice(chain.indexOf(key)), key]
      onChain.add(key)
      chain.push(key)
      const next = refOf(resolve(files, current.file, current.pointer))
      if (next === undefined) break
      current = targetOf(next, current.file)
    }
    for (const key of chain) settled.add(key)
    return undefined
  }
  for (const [file, document] of Object.entries(files)) {
    const stack: Array<unknown> = [document]
    while (stack.length > 0) {
      const node = stack.pop()
      if (Array.isArray(node)) for (const item of node) stack.push(item)
      else if (isObject(node)) {
        const ref = refOf(node)
        if (ref !== undefined) {
          const cycle = follow(file, ref)
          if (cycle !== undefined) return cycle
        }
        for (const [key, value] of Object.entries(node)) if (key !== "$ref") stack.push(value)
      }
    }
  }
  return undefined
}

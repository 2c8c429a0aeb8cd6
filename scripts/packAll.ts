/**
 * `pnpm pack:all [destination]`: builds and packs every publishable package of the workspace
 * (the packages under packages/ and adapters/ that are not private) into one folder, `./packs`
 * by default. A tarball is named after its package without the version (`@quire/core` →
 * `quire-core.tgz`), so the install commands in README.md name the same files release after
 * release. `pnpm pack` turns each `workspace:^` dependency into the version it points at and
 * runs the package's `prepack` (its build).
 */
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"

const root = resolve(import.meta.dirname, "..")
// A destination is taken from where `pnpm pack:all` was typed (pnpm runs scripts in the root).
const destination = process.argv[2] === undefined ? join(root, "packs") : resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2])

const publishable = ["packages", "adapters"].flatMap((parent) =>
  readdirSync(join(root, parent))
    .map((name) => join(root, parent, name))
    .filter((dir) => existsSync(join(dir, "package.json")))
    .filter((dir) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).private !== true)
)

mkdirSync(destination, { recursive: true })
for (const dir of publishable) {
  execFileSync("pnpm", ["pack", "--out", join(destination, "%s.tgz")], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] })
}
for (const file of readdirSync(destination).filter((f) => f.endsWith(".tgz")).sort()) {
  console.log(join(destination, file))
}

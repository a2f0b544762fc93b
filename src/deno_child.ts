/**
 * How the service starts one of its own scripts in a child `deno run` (the publish process, the
 * CV reader): from a checkout, with the checkout's config (its import map resolves the npm
 * packages) and its `node_modules` as they are when there is one, as `deno task serve` does.
 *
 * @module
 */
import { fileURLToPath } from "node:url";

const CONFIG_URL = new URL("../deno.json", import.meta.url);
const NODE_MODULES_URL = new URL("../node_modules/", import.meta.url);

function exists(url: URL): boolean {
  try {
    Deno.statSync(url);
    return true;
  } catch {
    return false;
  }
}

/**
 * The arguments of `deno` that run `script` with `flags` (after `run`) and then `scriptArgs`.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { denoRunArgs } from "./deno_child.ts";
 *
 * const args = denoRunArgs(new URL("file:///app/src/child.ts"), ["--quiet"], ["x"]);
 * assert.deepEqual([args[0], args[1], args.at(-2), args.at(-1)], ["run", "--quiet", "/app/src/child.ts", "x"]);
 * ```
 */
export function denoRunArgs(script: URL, flags: string[], scriptArgs: string[]): string[] {
  const args = ["run", ...flags];
  if (script.protocol === "file:" && exists(CONFIG_URL)) {
    args.push("--config", fileURLToPath(CONFIG_URL));
    if (exists(NODE_MODULES_URL)) args.push("--node-modules-dir=manual");
  }
  args.push(script.protocol === "file:" ? fileURLToPath(script) : script.href, ...scriptArgs);
  return args;
}

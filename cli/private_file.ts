/**
 * Files only their owner may read (the config file, the secret its API key is encrypted under),
 * written so that no one else can read them at any moment and a crash never leaves half of one.
 *
 * @module
 */

/**
 * The directory part of a `/`-separated path: `.` for a bare name.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(dirName("/home/ada/.config/jobseek/config.json"), "/home/ada/.config/jobseek");
 * assert.equal(dirName("/config.json"), "/");
 * assert.equal(dirName("config.json"), ".");
 * ```
 */
export function dirName(path: string): string {
  const at = path.lastIndexOf("/");
  return at <= 0 ? (at === 0 ? "/" : ".") : path.slice(0, at);
}

/** True for the error a read of a missing file throws. */
export function isNotFound(error: unknown): boolean {
  return error instanceof Deno.errors.NotFound;
}

/** Creates a directory (and its parents) owner-only; an existing directory keeps its mode. */
async function ensureDir(path: string): Promise<void> {
  try {
    await Deno.stat(path);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    await Deno.mkdir(path, { recursive: true, mode: 0o700 });
    if (Deno.build.os !== "windows") await Deno.chmod(path, 0o700);
  }
}

/**
 * Writes through a temporary file and a rename, so a crash never leaves half a file, and the
 * file is owner-only from its first byte.
 */
export async function writePrivateFile(path: string, data: Uint8Array): Promise<void> {
  await ensureDir(dirName(path));
  const temp = `${path}.${crypto.randomUUID()}.tmp`;
  try {
    await Deno.writeFile(temp, data, { mode: 0o600, createNew: true });
    if (Deno.build.os !== "windows") await Deno.chmod(temp, 0o600);
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw error;
  }
}

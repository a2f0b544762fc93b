import { strict as assert } from "node:assert";
import { Command } from "@commander-js/extra-typings";
import fc from "fast-check";
import type { ClientConfig } from "./config_file.ts";
import {
  commandFlags,
  kvOption,
  layerSettings,
  modelOption,
  noSeedOption,
  resolveConfig,
  type SettingName,
  SETTINGS,
} from "./resolve_config.ts";

/** A layer's value for a setting: absent, empty, blank, or a value with or without padding. */
const layerValue = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom("", " ", "\t \n"),
  fc.tuple(
    fc.constantFrom("", " ", "\t"),
    fc.stringMatching(/^[a-z0-9:/.]{1,8}$/),
    fc.constantFrom("", " \n"),
  )
    .map(([before, value, after]) => before + value + after),
);

Deno.test("every setting, the endpoint and key too: the first layer with a value wins, trimmed; blank is unset", () => {
  const names = Object.keys(SETTINGS) as SettingName[];
  const layers = fc.record({ flag: layerValue, env: layerValue, file: layerValue });
  fc.assert(
    fc.property(fc.array(layers, { minLength: names.length, maxLength: names.length }), (drawn) => {
      const flags: Record<string, string | undefined> = {};
      const env: Record<string, string | undefined> = {};
      const file: Record<string, string | undefined> = {};
      names.forEach((name, i) => {
        const spec: { env: string; file?: keyof ClientConfig } = SETTINGS[name];
        flags[name] = drawn[i].flag;
        env[spec.env] = drawn[i].env;
        if (spec.file) file[spec.file] = drawn[i].file;
      });
      const layered = layerSettings(flags, env, file);
      names.forEach((name, i) => {
        const spec: { env: string; file?: keyof ClientConfig } = SETTINGS[name];
        const candidates = [
          ["flag", drawn[i].flag],
          ["env", drawn[i].env],
          ["file", spec.file ? drawn[i].file : undefined],
        ] as const;
        const winner = candidates.find(([, value]) => (value ?? "").trim() !== "");
        assert.equal(layered.sources[name], winner?.[0] ?? "default", name);
        assert.equal(layered.env[spec.env], winner?.[1]?.trim(), name);
      });
    }),
    { seed: 41, numRuns: 300 },
  );
});

Deno.test("layerSettings() takes flag, then environment, then file, per setting", () => {
  const file = { kv: "/file.sqlite3", model: "use-lite" };
  const env = { JOBSEEK_KV: "/env.sqlite3", JOBSEEK_MODEL: "minilm-l6-int8", PORT: "9000" };
  const all = layerSettings({ kv: "/flag.sqlite3", model: "use-lite", port: "9100" }, env, file);
  assert.deepEqual(
    [all.env.JOBSEEK_KV, all.env.JOBSEEK_MODEL, all.env.PORT],
    ["/flag.sqlite3", "use-lite", "9100"],
  );
  assert.deepEqual([all.sources.kv, all.sources.model, all.sources.port], ["flag", "flag", "flag"]);

  const noFlags = layerSettings({}, env, file);
  assert.deepEqual([noFlags.env.JOBSEEK_KV, noFlags.sources.kv], ["/env.sqlite3", "env"]);

  const fileOnly = layerSettings({ kv: "" }, { JOBSEEK_KV: "" }, file);
  assert.deepEqual([fileOnly.env.JOBSEEK_KV, fileOnly.sources.kv], ["/file.sqlite3", "file"]);
  // The file holds no port: it stays the environment's business.
  assert.equal(layerSettings({}, {}, file).sources.port, "default");
});

Deno.test("layerSettings() turns --no-seed and --no-bootstrap-key into their variables", () => {
  const { env, sources } = layerSettings({ seed: false, bootstrapKey: false }, {
    JOBSEEK_SEED: "1",
  }, {});
  assert.deepEqual([env.JOBSEEK_SEED, env.JOBSEEK_BOOTSTRAP_KEY], ["0", "0"]);
  assert.deepEqual([sources.seed, sources.bootstrapKey], ["flag", "flag"]);
});

/** The flags `commandFlags` finds for `jobseek index status` parsed from `args`. */
async function flagsOfIndexStatus(args: string[]) {
  let seen: unknown;
  const program = new Command("jobseek").exitOverride();
  const group = program.command("index").addOption(kvOption());
  group.command("status").addOption(kvOption()).addOption(modelOption()).addOption(noSeedOption())
    .action((_options, command) => {
      seen = commandFlags(command);
    });
  await program.parseAsync(args, { from: "user" });
  return seen;
}

Deno.test("commandFlags() reads the command's flags and its group's, and not defaults", async () => {
  assert.deepEqual(
    await flagsOfIndexStatus(["index", "--kv", "/g.sqlite3", "status", "--model", "use-lite"]),
    { kv: "/g.sqlite3", model: "use-lite" },
  );
  assert.deepEqual(await flagsOfIndexStatus(["index", "status", "--kv", "/s.sqlite3"]), {
    kv: "/s.sqlite3",
  });
  // `--no-seed` absent leaves its default (true), which is no flag.
  assert.deepEqual(await flagsOfIndexStatus(["index", "status"]), {});
  assert.deepEqual(await flagsOfIndexStatus(["index", "status", "--no-seed"]), { seed: false });
});

Deno.test("resolveConfig() works without HOME: no config file, the other layers", async () => {
  const { config, sources, configFile } = await resolveConfig({ model: "use-lite" }, {
    env: { JOBSEEK_KV: ":memory:" },
    cwd: "/srv",
  });
  assert.equal(configFile, undefined);
  assert.deepEqual([config.kvLocation, config.model], [":memory:", "use-lite"]);
  assert.deepEqual([sources.kv, sources.model], ["env", "flag"]);
});

Deno.test("resolveConfig() refuses a value in the words of the flag or variable that gave it", async () => {
  // An operator's trial (session 57): "--port abc" was told "PORT Invalid input: expected
  // number, received NaN".
  const refusal = async (flags: Record<string, string>, env: Record<string, string>) => {
    try {
      await resolveConfig(flags, { env: { JOBSEEK_KV: ":memory:", ...env }, cwd: "/srv" });
    } catch (error) {
      return (error as Error).message;
    }
    return "accepted";
  };
  assert.equal(
    await refusal({ port: "abc" }, {}),
    "Cannot start: --port must be a number, not 'abc'",
  );
  assert.equal(
    await refusal({ maxConnections: "0" }, {}),
    "Cannot start: --max-connections must be at least 1, not '0'",
  );
  assert.equal(
    await refusal({}, { PORT: "70000" }),
    "Cannot start: PORT must be at most 65535, not '70000'",
  );
  // The flag wins over the variable, and is what is named.
  assert.equal(
    await refusal({ port: "8.5" }, { PORT: "8000" }),
    "Cannot start: --port must be a whole number, not '8.5'",
  );
});

Deno.test("resolveConfig() takes a relative store or model folder from the run's directory", async () => {
  const relative = await resolveConfig({ kv: "data/x.sqlite3" }, {
    env: { JOBSEEK_MODEL_DIR: "./models", JOBSEEK_MODEL_SOURCE: "wheels" },
    cwd: "/srv/jobseek",
  });
  assert.deepEqual(
    [relative.config.kvLocation, relative.config.modelDir, relative.config.modelSource],
    ["/srv/jobseek/data/x.sqlite3", "/srv/jobseek/models", "/srv/jobseek/wheels"],
  );
  // The default store too, and a KV Connect URL stays a URL.
  const byDefault = await resolveConfig({}, { env: {}, cwd: "/srv/jobseek" });
  assert.equal(byDefault.config.kvLocation, "/srv/jobseek/data/jobseek.sqlite3");
  const remote = await resolveConfig({ kv: "https://kv.example/db" }, { env: {}, cwd: "/srv" });
  assert.equal(remote.config.kvLocation, "https://kv.example/db");
});

Deno.test("resolveConfig() run in a folder of the checkout: given paths from there, the default store from the checkout", async () => {
  // `deno task jobseek` runs in the checkout; the person was in /srv/jobseek/docs (INIT_CWD).
  const where = { cwd: "/srv/jobseek/docs", projectDir: "/srv/jobseek" };
  const byDefault = await resolveConfig({}, { env: {}, ...where });
  assert.equal(byDefault.config.kvLocation, "/srv/jobseek/data/jobseek.sqlite3");
  for (
    const [flags, env] of [
      [{ kv: "x.sqlite3" }, {}],
      [{}, { JOBSEEK_KV: "x.sqlite3" }],
    ] as const
  ) {
    const given = await resolveConfig(flags, { env, ...where });
    assert.equal(given.config.kvLocation, "/srv/jobseek/docs/x.sqlite3", JSON.stringify(flags));
  }
});

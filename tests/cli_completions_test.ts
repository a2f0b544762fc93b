/**
 * Shell completions and help as a person meets them: the scripts `jobseek completions SHELL`
 * prints are loaded into real bash, zsh (interactive, in a zsh/zpty pseudo-terminal) and fish,
 * which are asked to complete command lines; every command's `--help` shows examples and the
 * environment variables it reads.
 */
import { strict as assert } from "node:assert";
import { buildProgram } from "../cli/main.ts";
import { HELP_FOOTERS } from "../cli/help.ts";
import { captureIo, createCliSandbox } from "./cli_process.ts";

async function has(shell: string): Promise<boolean> {
  try {
    return (await new Deno.Command(shell, { args: ["-c", "exit 0"] }).output()).success;
  } catch {
    return false;
  }
}

async function sh(shell: string, args: string[]): Promise<string> {
  const out = await new Deno.Command(shell, { args, env: { TERM: "dumb" } }).output();
  const stderr = new TextDecoder().decode(out.stderr);
  assert.ok(out.success, `${shell} failed: ${stderr}`);
  return new TextDecoder().decode(out.stdout);
}

/** The real command tree, for reading its names and descriptions. */
function program() {
  return buildProgram(captureIo({ env: {}, cwd: "/" }).io);
}

/** Every command path of the real program: "", "search", "config set", ... */
function commandPaths(): string[] {
  const paths: string[] = [];
  const walk = (command: ReturnType<typeof buildProgram>, path: string[]) => {
    paths.push(path.join(" "));
    for (const sub of command.commands) {
      walk(sub as unknown as ReturnType<typeof buildProgram>, [...path, sub.name()]);
    }
  };
  walk(program(), []);
  return paths;
}

/** A command's description, or one of its options' (first 30 characters fit any zsh listing). */
function describe(path: string, flag?: string): string {
  let command = program();
  for (const word of path.split(" ")) {
    command = command.commands.find((c) => c.name() === word) as unknown as typeof command;
  }
  if (!flag) return command.description();
  return command.options.find((o) => o.long === flag)!.description;
}

const ZSH_DRIVER = `
zmodload zsh/zpty
zpty z env TERM=dumb zsh -f -i
zpty -w z "PS1='> '; fpath=($1 \\$fpath); autoload -Uz compinit; compinit -u -D; setopt autolist nolistbeep"
zpty -w -n z "$2"$'\\t'
sleep 1.5
out=""
while zpty -r -t z line; do out+="$line"; done
print -r -- "$out"
zpty -d z
`;

Deno.test("completion scripts complete commands, options and choices in each shell", async (t) => {
  await using cli = await createCliSandbox();
  const scripts: Record<string, string> = {};
  for (const shell of ["bash", "zsh", "fish"]) {
    const run = await cli.run(["completions", shell]);
    assert.equal(run.code, 0, run.stderr);
    scripts[shell] = run.stdout;
  }
  const unknown = await cli.run(["completions", "powershell"]);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /Allowed choices are bash, zsh, fish/);

  await t.step("bash", async () => {
    const file = `${cli.home}/jobseek.bash`;
    await Deno.writeTextFile(file, scripts.bash);
    const complete = async (...words: string[]) =>
      (await sh("bash", [
        "-c",
        `source ${file}; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _jobseek; ` +
        'printf "%s\\n" "${COMPREPLY[@]}"',
        "bash",
        ...words,
      ])).trim().split("\n").filter(Boolean).sort();
    const top = await complete("jobseek", "");
    for (const name of ["search", "cities", "configure", "config", "completions", "keys"]) {
      assert.ok(top.includes(name), `${name} in ${top}`);
    }
    assert.deepEqual(await complete("jobseek", "se"), ["search", "serve"]);
    assert.deepEqual(await complete("jobseek", "search", "--so"), ["--sort", "--source"]);
    assert.deepEqual(await complete("jobseek", "search", "nurse", "--source", ""), [
      "glassdoor",
      "indeed",
      "linkedin",
    ]);
    assert.deepEqual(await complete("jobseek", "config", "set", ""), [
      "api_key",
      "endpoint",
      "kv",
      "model",
    ]);
    assert.deepEqual(await complete("jobseek", "completions", ""), ["bash", "fish", "zsh"]);
    assert.ok(
      !(await complete("jobseek", "search", "--")).includes("--api-key"),
      "hidden stays hidden",
    );
    assert.deepEqual(
      await complete("jobseek", "search", "--city", ""),
      [],
      "a value is not a command",
    );
  });

  await t.step({
    name: "zsh",
    ignore: !(await has("zsh")),
    fn: async () => {
      const dir = `${cli.home}/zfunc`;
      await Deno.mkdir(dir);
      await Deno.writeTextFile(`${dir}/_jobseek`, scripts.zsh);
      await Deno.writeTextFile(`${cli.home}/driver.zsh`, ZSH_DRIVER);
      const complete = (line: string) => sh("zsh", ["-f", `${cli.home}/driver.zsh`, dir, line]);
      const options = await complete("jobseek search --so");
      // The descriptions are the commands' own, so the test reads them from the same tree.
      for (const flag of ["--sort", "--source"]) {
        const description = describe("search", flag).slice(0, 30);
        assert.match(options, new RegExp(`${flag}\\s+-- ${RegExp.escape(description)}`));
      }
      const config = await complete("jobseek config ");
      for (const sub of ["list", "set", "unset"]) {
        const description = describe(`config ${sub}`).slice(0, 30);
        assert.match(config, new RegExp(`${sub}\\s+-- ${RegExp.escape(description)}`));
      }
      const sources = await complete("jobseek search --source ");
      assert.match(sources, /glassdoor\s+indeed\s+linkedin/);
    },
  });

  await t.step({
    name: "fish",
    ignore: !(await has("fish")),
    fn: async () => {
      const file = `${cli.home}/jobseek.fish`;
      await Deno.writeTextFile(file, scripts.fish);
      const complete = async (line: string) =>
        (await sh("fish", [
          "--no-config",
          "-c",
          `source ${file}; complete -C ${JSON.stringify(line)}`,
        ]))
          .split("\n").filter(Boolean).map((l) => l.split("\t")[0]).sort();
      assert.deepEqual(await complete("jobseek search --so"), ["--sort", "--source"]);
      assert.deepEqual(await complete("jobseek search --source "), [
        "glassdoor",
        "indeed",
        "linkedin",
      ]);
      assert.deepEqual(await complete("jobseek keys "), ["create", "list", "revoke", "set-limit"]);
      assert.deepEqual(await complete("jobseek config unset "), [
        "api_key",
        "endpoint",
        "kv",
        "model",
      ]);
      // File names only where a command takes files.
      await Deno.writeTextFile(`${cli.home}/postings.jsonl`, "");
      assert.deepEqual(await complete(`jobseek ingest ${cli.home}/post`), [
        `${cli.home}/postings.jsonl`,
      ]);
      assert.deepEqual(await complete(`jobseek search ${cli.home}/post`), []);
    },
  });
});

Deno.test("every command's help shows examples and the environment it reads", async () => {
  await using cli = await createCliSandbox();
  const paths = commandPaths();
  assert.ok(paths.length >= 20, paths.join(", "));
  for (const path of paths) {
    assert.ok(HELP_FOOTERS[path], `no help footer for '${path}'`);
    const run = await cli.run([...path.split(" ").filter(Boolean), "--help"]);
    assert.equal(run.code, 0, `${path}: ${run.stderr}`);
    assert.match(run.stdout, /\nExamples:\n {2}\$ \S*jobseek /, path);
    assert.match(run.stdout, /\nEnvironment:\n/, path);
    for (const [name] of HELP_FOOTERS[path].env) {
      assert.ok(run.stdout.includes(`  ${name}`), `${path}: ${name}`);
    }
    if (HELP_FOOTERS[path].configFile) {
      assert.ok(
        run.stdout.includes(`\nConfig file: ${cli.configFile}\n`),
        `${path}:\n${run.stdout}`,
      );
    }
  }
  const search = await cli.run(["search", "--help"]);
  assert.match(search.stdout, /JOBSEEK_API_KEY\s+API key/);
  assert.doesNotMatch(search.stdout, /--api-key </);
});

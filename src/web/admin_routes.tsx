/** @jsxImportSource hono/jsx */
/**
 * The operator console at `/admin`, for a session signed in with a key that has the `admin`
 * scope (others get 403; nobody signed in is sent to sign in): the index, sources (run now), keys
 * (create, shown once; revoke) and plots, each plot with its numbers as a table.
 *
 * @module
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../http/app_deps.ts";
import { JobseekError } from "../domain/errors.ts";
import { formatUtc } from "../domain/lifecycle.ts";
import { DEFAULT_SCOPES, type Scope, SCOPES } from "../domain/service.ts";
import { Layout } from "./layout.tsx";
import {
  type ConsoleData,
  ConsoleFigures,
  FIRST_SEEN_DAYS,
  type IndexState,
} from "./console_data.ts";
import { MessagePage } from "./pages.tsx";
import { loadedOnFirstUse } from "../loaded_on_first_use.ts";
import type { PLOTS } from "./plots.ts";
import { signInPath, type WebSession, type WebSessions } from "./session.ts";
import {
  checkedForm,
  type Frame,
  frameOf,
  hasScope,
  notFoundPage,
  pageHeaders,
  seeOther,
  sendPage,
  type WebDeps,
} from "./respond.tsx";
import { ownValue } from "../domain/own_value.ts";
import { valueLabel } from "../domain/value_labels.ts";

/**
 * What the console says after a form, by code: the redirect's URL carries a code and a name, never
 * a sentence, so a link made elsewhere cannot put words of its choosing on the operator's console.
 */
const DONE_NOTICES: Record<string, (name: string) => string> = {
  "revoked": (name) => `Revoked key '${name}'.`,
  "no-key": (name) => `No key named '${name}'.`,
  "run": (name) => `Source '${name}' will run within moments.`,
  "no-source": (name) => `No source named '${name}'.`,
};
/** Key and source names as they are made; anything else is not shown. */
const SHOWN_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

function doneUrl(code: keyof typeof DONE_NOTICES, name: string): string {
  return `/admin?${new URLSearchParams({ done: code, name })}`;
}

export function doneNotice(code: string | undefined, name: string | undefined): string | undefined {
  const notice = code === undefined ? undefined : ownValue(DONE_NOTICES, code);
  if (notice === undefined || name === undefined || !SHOWN_NAME.test(name)) return undefined;
  return notice(name);
}

function ago(seconds: number | undefined): string {
  if (seconds === undefined) return "unknown";
  if (seconds < 120) return `${seconds} s ago`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h ago`;
  return `${Math.round(seconds / 86_400)} days ago`;
}

/**
 * The served index's size as an operator needs it: what a server reads to load it. A delta is the
 * full snapshot it builds on and the deltas to it: "3.4 MiB: the full snapshot 01M8... (3.3 MiB)
 * and 2 deltas (7.1 KiB)".
 */
export function indexSizeInWords(index: Pick<IndexState, "bytes" | "parts">): string {
  const { parts } = index;
  if (!parts) return bytesText(index.bytes);
  return `${bytesText(index.bytes)}: the full snapshot ${parts.baseId} (${
    bytesText(parts.baseBytes)
  }) and ${parts.deltas === 1 ? "1 delta" : `${parts.deltas} deltas`} (${
    bytesText(parts.deltaBytes)
  })`;
}

/** What a stored snapshot is to the served index: itself, its base, or one of its deltas. */
function servedRole(index: IndexState, id: string): string {
  if (id === index.snapshotId) return ", served";
  if (id === index.parts?.baseId) return ", base of the served";
  if (index.parts?.chain.includes(id)) return ", part of the served";
  return "";
}

function bytesText(bytes: number | undefined): string {
  if (bytes === undefined) return "unknown";
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function when(ms: number | undefined): string {
  return ms === undefined ? "never" : formatUtc(ms);
}

/**
 * Observable Plot and linkedom (src/web/plots.ts), loaded at the first plot an admin asks for
 * rather than with the app: loading them is about 0.13 CPU-seconds, paid by every server start
 * (docs/testing.md, "Fourteenth pass"), for images only the console shows.
 */
const plots = loadedOnFirstUse(() => import("./plots.ts"));

function Plot(props: { name: keyof typeof PLOTS; caption: string; children?: unknown }) {
  return (
    <figure class="plot">
      <img
        src={`/admin/plots/${props.name}.svg`}
        alt={`${props.caption} (the table below has the numbers)`}
        width="640"
        height="320"
      />
      <figcaption>{props.caption}</figcaption>
    </figure>
  );
}

/**
 * One import's files: an ingest of a folder names dozens (47 for the JobSpy samples), which as one
 * cell filled the console's first screens; the first and a count, the rest one click away.
 */
function ImportedFiles(props: { files: string[] }) {
  const { files } = props;
  if (files.length <= 2) return <>{files.join(", ")}</>;
  return (
    <details class="files">
      <summary>{`${files[0]} and ${files.length - 1} more`}</summary>
      <ul>
        {files.slice(1).map((file, i) => <li key={i}>{file}</li>)}
      </ul>
    </details>
  );
}

/** A header cell: plain, a number's (right-aligned), or an action column named for screen readers. */
type Column = string | { num: string } | { action: string };

function headCell(column: Column) {
  if (typeof column === "string") return <th>{column}</th>;
  if ("num" in column) return <th class="num">{column.num}</th>;
  return (
    <th>
      <span class="skip">{column.action}</span>
    </th>
  );
}

function DataTable(props: { columns: Column[]; children?: unknown; class?: string }) {
  return (
    <div class="table-wrap" tabindex={0}>
      <table class={props.class}>
        <thead>
          <tr>{props.columns.map(headCell)}</tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}

/**
 * A stacked table's column name beside its value, shown on a narrow screen alone (web.css,
 * `table.stack`); hidden from screen readers, which name the column from its header already.
 */
function StackLabel(props: { children: string }) {
  return <span class="stack-label" aria-hidden="true">{`${props.children}: `}</span>;
}

/** "Revoke the key 'NAME'?": the one way on to revoking it, and a way back. */
function RevokeQuestion(props: Frame & { name: string; own: boolean }) {
  return (
    <Layout {...props} title={`Revoke the key '${props.name}'?`}>
      <h1>{`Revoke the key '${props.name}'?`}</h1>
      <p>
        Every client that sends it is refused from then on, and it cannot be undone: a new key has
        to be created and handed out instead.
        {props.own ? " You are signed in with this key: revoking it signs you out." : ""}
      </p>
      <form method="post" action="/admin/keys/revoke">
        <input type="hidden" name="csrf" value={props.formToken ?? ""} />
        <input type="hidden" name="name" value={props.name} />
        <input type="hidden" name="confirm" value="yes" />
        <p>
          <button type="submit">{`Revoke '${props.name}'`}</button> <a href="/admin">Keep it</a>
        </p>
      </form>
    </Layout>
  );
}

/** Stored postings counted by one field's values. */
function CountsTable(
  props: { field: string; filter?: string; counts: { value: string; count: number }[] },
) {
  return (
    <DataTable columns={[props.field, { num: "Postings" }]}>
      {props.counts.map((row) => (
        <tr>
          {/* A work mode as postings say it ("On-site"), not the filter's code (session 43). */}
          <td>{props.filter ? valueLabel(props.filter, row.value) : row.value}</td>
          <td class="num">{row.count}</td>
        </tr>
      ))}
    </DataTable>
  );
}

export function ConsolePage(
  props: Frame & {
    data: ConsoleData;
    created?: { name: string; key: string; scopes: string[] };
    notice?: string;
  },
) {
  const { data } = props;
  const index = data.index;
  return (
    <Layout {...props} title="Console">
      <h1>Operator console</h1>
      {props.notice ? <p class="notice" role="status">{props.notice}</p> : null}
      {props.created
        ? (
          <div class="card" role="status">
            <p>
              {`Created key '${props.created.name}' with scope ${
                props.created.scopes.join(", ")
              }. ` +
                "Copy it now: it is shown only this once."}
            </p>
            <p class="secret" id="new-key">{props.created.key}</p>
          </div>
        )
        : null}

      <h2>Index</h2>
      <div class="table-wrap" tabindex={0}>
        <table class="kv">
          <tbody>
            <tr>
              <th scope="row">Served snapshot</th>
              <td>{index.snapshotId ?? "none yet"}</td>
            </tr>
            <tr>
              <th scope="row">Published</th>
              <td>{index.createdAt ? `${index.createdAt} (${ago(index.ageSeconds)})` : "never"}</td>
            </tr>
            <tr>
              <th scope="row">Size</th>
              <td>{indexSizeInWords(index)}</td>
            </tr>
            <tr>
              <th scope="row">Postings live</th>
              <td class="num">{index.live ?? 0}</td>
            </tr>
            <tr>
              <th scope="row">Expired (no longer listed)</th>
              <td class="num">{index.expired ?? 0}</td>
            </tr>
            <tr>
              <th scope="row">
                Past retention{index.retentionDays ? ` (${index.retentionDays} days)` : ""}
              </th>
              <td class="num">{index.pastRetention ?? 0}</td>
            </tr>
            <tr>
              <th scope="row">Stored postings</th>
              <td class="num">{index.stored}</td>
            </tr>
          </tbody>
        </table>
      </div>

      <h2>Snapshots in the store</h2>
      <DataTable columns={["Published (UTC)", "Kind", { num: "Postings" }, { num: "Size" }, "Id"]}>
        {data.snapshots.map((snap) => (
          <tr>
            <td>{snap.createdAt.replace("T", " ").slice(0, 19)}</td>
            <td>{`${snap.kind}${servedRole(data.index, snap.id)}`}</td>
            <td class="num">{snap.docCount}</td>
            <td class="num">{bytesText(snap.bytes)}</td>
            <td>
              <code>{snap.id}</code>
            </td>
          </tr>
        ))}
      </DataTable>

      <h2>Publishes on this server</h2>
      {data.publishes.length === 0 ? <p>No publish since this server started.</p> : (
        <>
          <Plot name="publishes" caption="Publish durations (seconds)" />
          <DataTable columns={["When", "Kind", { num: "Seconds" }, { num: "Postings" }]}>
            {data.publishes.slice(-20).reverse().map((p) => (
              <tr>
                <td>{when(p.at)}</td>
                <td>{p.kind}</td>
                <td class="num">{p.seconds.toFixed(2)}</td>
                <td class="num">{p.docCount ?? ""}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}

      <h2>Imports and pushes</h2>
      {data.importsUnchanged > 0
        ? (
          <p>
            {`${data.importsUnchanged} recent runs found every posting unchanged and are not ` +
              "listed (the sources table says each source's last pull)."}
          </p>
        )
        : null}
      {data.imports.length === 0
        ? (data.importsUnchanged > 0 ? null : <p>No imports yet.</p>)
        : (
          <DataTable
            columns={["Finished (UTC)", "From", { num: "Read" }, { num: "Added" }, {
              num: "Updated",
            }, { num: "Invalid" }]}
          >
            {data.imports.map((run) => (
              <tr key={run.id}>
                <td>{run.finished_at.replace("T", " ").slice(0, 19)}</td>
                <td>
                  <ImportedFiles files={run.files} />
                </td>
                <td class="num">{run.rows_read}</td>
                <td class="num">{run.inserted}</td>
                <td class="num">{run.updated}</td>
                <td class="num">{run.invalid}</td>
              </tr>
            ))}
          </DataTable>
        )}

      <h2>Sources</h2>
      {data.sources.length === 0
        ? (
          <p>
            No sources. Add one with <code>jobseek sources add</code>.
          </p>
        )
        : (
          // Stacked on a narrow screen as the keys are: "Run now" was scrolled off at 360 px (an
          // operator's trial, session 57).
          <DataTable
            class="stack"
            columns={[
              "Source",
              "Last run",
              "Status",
              { num: "Added" },
              { num: "Updated" },
              "Next run",
              { action: "Action" },
            ]}
          >
            {data.sources.map((s) => (
              <tr>
                <td>{s.name}</td>
                <td>
                  <StackLabel>Last run</StackLabel>
                  {when(s.lastRun?.at)}
                </td>
                <td>
                  <StackLabel>Status</StackLabel>
                  {s.lastRun
                    ? (s.lastRun.ok ? `ok: ${s.lastRun.outcome}` : `failed: ${s.lastRun.outcome}`)
                    : "not run yet"}
                </td>
                <td class="num">
                  <StackLabel>Added</StackLabel>
                  {String(s.lastRun?.inserted ?? "")}
                </td>
                <td class="num">
                  <StackLabel>Updated</StackLabel>
                  {String(s.lastRun?.updated ?? "")}
                </td>
                <td>
                  <StackLabel>Next run</StackLabel>
                  {when(s.nextRunAt)}
                </td>
                <td>
                  <form method="post" action="/admin/sources/run" class="inline-form">
                    <input type="hidden" name="csrf" value={props.formToken ?? ""} />
                    <input type="hidden" name="name" value={s.name} />
                    <button type="submit" aria-label={`Run now: ${s.name}`}>Run now</button>
                  </form>
                </td>
              </tr>
            ))}
          </DataTable>
        )}

      <h2>API keys</h2>
      {
        /* At 360 px its five columns were 673 px wide, Revoke off the screen to the right: a
        narrow screen stacks each key's cells under its name, each with its column's name
        (StackLabel; web.css, table.stack), its Revoke beside the name. */
      }
      <DataTable
        class="stack"
        columns={["Name", "Starts with", "Scopes", "Created", { action: "Action" }]}
      >
        {data.keys.map((k) => (
          <tr>
            <td>{k.name}</td>
            <td>
              <StackLabel>Starts with</StackLabel>
              <code>{k.prefix}</code>
            </td>
            <td>
              <StackLabel>Scopes</StackLabel>
              {(k.scopes ?? DEFAULT_SCOPES).join(", ")}
            </td>
            <td>
              <StackLabel>Created</StackLabel>
              {k.createdAt.slice(0, 10)}
            </td>
            <td>
              <form method="post" action="/admin/keys/revoke" class="inline-form">
                <input type="hidden" name="csrf" value={props.formToken ?? ""} />
                <input type="hidden" name="name" value={k.name} />
                <button type="submit" class="secondary" aria-label={`Revoke ${k.name}`}>
                  Revoke
                </button>
              </form>
            </td>
          </tr>
        ))}
        {data.staticKeys.map((name) => (
          <tr>
            <td>{name}</td>
            <td></td>
            <td>
              <StackLabel>Scopes</StackLabel>
              search
            </td>
            <td>
              <StackLabel>Created</StackLabel>
              from JOBSEEK_API_KEYS
            </td>
            <td></td>
          </tr>
        ))}
      </DataTable>
      <form method="post" action="/admin/keys" class="card narrow">
        <h3>Create a key</h3>
        <input type="hidden" name="csrf" value={props.formToken ?? ""} />
        <label for="key-name">Name</label>
        <input
          id="key-name"
          type="text"
          name="name"
          required
          maxlength={64}
          pattern="[A-Za-z0-9][A-Za-z0-9._\-]{0,63}"
        />
        <fieldset>
          <legend>Scopes</legend>
          {SCOPES.map((scope) => (
            <label for={`key-scope-${scope}`}>
              <input
                type="checkbox"
                id={`key-scope-${scope}`}
                name="scope"
                value={scope}
                checked={scope === "search"}
              />
              {` ${scope}`}
            </label>
          ))}
        </fieldset>
        <label for="key-keep-saved">
          <input type="checkbox" id="key-keep-saved" name="keep_saved_searches" />
          {" Keep its saved searches (a new key for the same person, after its old one was revoked)"}
        </label>
        <p>
          <button type="submit">Create key</button>
        </p>
      </form>

      <h2>Searches on this server (24 hours)</h2>
      {data.searches.length === 0 ? <p>No searches yet.</p> : (
        <>
          <Plot name="searches" caption="Searches per minute, with p50 and p95 latency (ms)" />
          <DataTable
            columns={["Minute (UTC)", { num: "Searches" }, { num: "p50 ms" }, { num: "p95 ms" }]}
          >
            {data.searches.slice(-30).reverse().map((m) => (
              <tr>
                <td>{when(m.minute).slice(0, 16)}</td>
                <td class="num">{m.count}</td>
                <td class="num">{m.p50Ms?.toFixed(1) ?? ""}</td>
                <td class="num">{m.p95Ms?.toFixed(1) ?? ""}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}

      <h2>{`Postings first seen per day (${FIRST_SEEN_DAYS} days)`}</h2>
      <Plot name="first-seen" caption="Postings first seen per day, by source" />
      <DataTable columns={["Day", "Source", { num: "Postings" }]}>
        {data.postings.firstSeen.slice().reverse().map((row) => (
          <tr>
            <td>{row.day}</td>
            <td>{row.source}</td>
            <td class="num">{row.count}</td>
          </tr>
        ))}
      </DataTable>

      <h2>Postings by country</h2>
      <Plot name="countries" caption="Stored postings by country" />
      <CountsTable field="Country" counts={data.postings.byCountry} />

      <h2>Postings by work mode</h2>
      <Plot name="work-modes" caption="Stored postings by work mode" />
      <CountsTable field="Work mode" filter="remote" counts={data.postings.byWorkMode} />
    </Layout>
  );
}

export function adminRoutes(deps: WebDeps, sessions: WebSessions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const figures = new ConsoleFigures({
    store: deps.store,
    apiKeys: deps.apiKeys,
    metrics: deps.metrics,
  });

  /** The admin's session, or the answer for anyone else: sign in (none), 403 (no admin scope). */
  async function admin(c: Context<AppEnv>): Promise<WebSession | Response> {
    const session = await sessions.read(c);
    if (!session) return seeOther(signInPath(c, c.req.path));
    if (!hasScope(session.principal, "admin")) {
      return sendPage(
        c,
        <MessagePage
          {...frameOf(session)}
          title="Not allowed"
          message="The console is for keys with the 'admin' scope. Sign in with an admin key."
        />,
        403,
      );
    }
    c.set("principal", session.principal);
    return session;
  }

  async function consolePage(
    c: Context<AppEnv>,
    session: WebSession,
    extra: { created?: { name: string; key: string; scopes: string[] }; notice?: string } = {},
    status = 200,
  ) {
    return sendPage(
      c,
      <ConsolePage {...frameOf(session)} data={await figures.load()} {...extra} />,
      status,
    );
  }

  /** A change the key registry refused (a bad or taken name): the console again, saying why. */
  async function keyRefusal(c: Context<AppEnv>, session: WebSession, error: unknown) {
    if (!(error instanceof JobseekError)) throw error;
    return await consolePage(c, session, { notice: error.message }, 400);
  }

  app.get("/admin", async (c) => {
    const session = await admin(c);
    if (session instanceof Response) return session;
    const notice = doneNotice(c.req.query("done"), c.req.query("name"));
    return await consolePage(c, session, notice ? { notice } : {});
  });

  app.get("/admin/plots/:file", async (c) => {
    const session = await admin(c);
    if (session instanceof Response) return session;
    const name = c.req.param("file").replace(/\.svg$/, "");
    const { PLOTS, renderPlot } = await plots();
    if (!(name in PLOTS)) return notFoundPage(c, frameOf(session));
    const svg = renderPlot(name as keyof typeof PLOTS, await figures.load());
    return new Response(svg, {
      headers: {
        ...pageHeaders(),
        "content-type": "image/svg+xml; charset=utf-8",
        // Opened as a document, the image may load and run nothing.
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      },
    });
  });

  async function adminForm(c: Context<AppEnv>) {
    const session = await admin(c);
    if (session instanceof Response) return session;
    const form = await checkedForm(c, deps, session);
    if (form instanceof Response) return form;
    return { session, form };
  }

  app.post("/admin/keys", async (c) => {
    const got = await adminForm(c);
    if (got instanceof Response) return got;
    const name = typeof got.form.name === "string" ? got.form.name.trim() : "";
    const raw = got.form.scope;
    const scopes = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
      .filter((s): s is Scope =>
        typeof s === "string" && (SCOPES as readonly string[]).includes(s)
      );
    try {
      const { key, record } = await deps.apiKeys.create(name, {
        scopes: scopes.length > 0 ? scopes : [...DEFAULT_SCOPES],
        keepSavedSearches: got.form.keep_saved_searches === "on",
      });
      return await consolePage(c, got.session, {
        created: { name: record.name, key, scopes: record.scopes ?? [...DEFAULT_SCOPES] },
      });
    } catch (error) {
      return await keyRefusal(c, got.session, error);
    }
  });

  app.get("/admin/keys/revoke", async (c) => {
    const session = await admin(c);
    if (session instanceof Response) return session;
    // Asked only of a stored key, by its stored name: a link to this page cannot ask an admin
    // about a made-up key (reviewer C52).
    const name = c.req.query("name") ?? "";
    const stored = (await deps.apiKeys.list()).find((record) => record.name === name);
    if (!stored) {
      return sendPage(
        c,
        <MessagePage
          {...frameOf(session)}
          title="No such key"
          message="No stored key has that name; the console lists the keys there are."
        />,
        404,
      );
    }
    return sendPage(
      c,
      <RevokeQuestion
        {...frameOf(session)}
        name={stored.name}
        own={session.principal.name === stored.name}
      />,
    );
  });

  app.post("/admin/keys/revoke", async (c) => {
    const got = await adminForm(c);
    if (got instanceof Response) return got;
    const name = typeof got.form.name === "string" ? got.form.name : "";
    // Asked first: a revoke cannot be undone, and its button sits in every key's row, where one
    // Enter while tabbing through the console pressed it.
    // The question is a page of its own (a GET), so that Back from it is no "Confirm Form
    // Resubmission" (reviewer W52 found it on the saved searches' Delete, asked the same way).
    if (got.form.confirm !== "yes") {
      return seeOther(`/admin/keys/revoke?name=${encodeURIComponent(name)}`);
    }
    try {
      const revoked = await deps.apiKeys.revoke(name);
      return seeOther(doneUrl(revoked ? "revoked" : "no-key", name));
    } catch (error) {
      return await keyRefusal(c, got.session, error);
    }
  });

  app.post("/admin/sources/run", async (c) => {
    const got = await adminForm(c);
    if (got instanceof Response) return got;
    const name = typeof got.form.name === "string" ? got.form.name : "";
    const source = await deps.store.sources.getSource(name);
    if (!source) return seeOther(doneUrl("no-source", name));
    // Due now: the scheduler of whichever server checks next pulls it (JOBSEEK_SOURCE_CHECK_MS).
    await deps.store.sources.saveSource({ ...source, nextRunAt: Date.now() });
    return seeOther(doneUrl("run", name));
  });

  return app;
}

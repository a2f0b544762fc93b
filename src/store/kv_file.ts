/**
 * A new store file, laid out before Deno KV first opens it.
 *
 * Deno KV (denokv's SQLite backend) keeps every key in one `WITHOUT ROWID` table, whose B-tree
 * holds each record whole, keyed by its key. A posting's record is ~8 KB, more than a 4 KiB page
 * keeps in place (~1 KB), so its cells spill onto overflow pages, and SQLite compares a key with
 * such a cell only after reading the whole record from its overflow pages. Every lookup, check or
 * insert of a posting compared its key with a few such cells on each level of the tree: at
 * 350,000 stored postings KV's thread made ~155 page reads a stored posting, nearly all of them
 * the same records' overflow pages read again, and spent three quarters of its time in the
 * kernel copying them (docs/scaling.md, session 18).
 *
 * The same schema with `kv` as an ordinary (rowid) table keeps the keys in an index of their own,
 * whose cells are small and compared in place, and the records in a table keyed by integers that
 * grows at its end. Every statement Deno KV runs is plain SQL over these columns and works the
 * same on either, so a file laid out this way is opened, read and written by Deno KV, `denokv`
 * and any earlier version of jobseek as any other store file; only the file's pages differ.
 * Deno KV creates its tables only when `migration_state` says they are missing, so it takes
 * these as its own.
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";

/**
 * denokv's schema after its three migrations (`sqlite/backend.rs`, as Deno 2.9 creates it; tests
 * compare the two), but for `kv`, which has no `without rowid`.
 */
const LAYOUT = `
begin;
create table migration_state(
  k integer not null primary key,
  version integer not null
);
create table data_version (
  k integer primary key,
  version integer not null
, seq integer not null default 0);
insert into data_version (k, version) values (0, 0);
create table kv (
  k blob primary key,
  v blob not null,
  v_encoding integer not null,
  version integer not null
, seq integer not null default 0, expiration_ms integer not null default -1);
create table queue (
  ts integer not null,
  id text not null,
  data blob not null,
  backoff_schedule text not null,
  keys_if_undelivered blob not null,

  primary key (ts, id)
);
create table queue_running(
  deadline integer not null,
  id text not null,
  data blob not null,
  backoff_schedule text not null,
  keys_if_undelivered blob not null,

  primary key (deadline, id)
);
create index kv_expiration_ms_idx on kv (expiration_ms);
insert into migration_state (k, version) values (0, 3);
commit;
`;

/** Files SQLite keeps beside a database while it is open. */
const SIDECARS = ["-wal", "-shm", "-journal"];

/**
 * Creates the store file at `path` (0600), laid out as above, unless a file is there already:
 * returns whether it created it. The file is built under another name and linked into place, so
 * a process opening `path` meanwhile finds either nothing or the whole layout, and of two
 * processes creating it at once one makes it and the other opens that one. Where the file
 * system cannot link, it leaves an empty file, which Deno KV lays out as it always has.
 */
export async function createStoreFile(path: string): Promise<boolean> {
  const temp = `${path}.${crypto.randomUUID()}.new`;
  await Deno.writeFile(temp, new Uint8Array(), { mode: 0o600, createNew: true });
  try {
    const db = new DatabaseSync(temp);
    try {
      db.exec("pragma journal_mode = wal");
      db.exec(LAYOUT);
    } finally {
      db.close();
    }
    try {
      await Deno.link(temp, path);
      return true;
    } catch (error) {
      if (error instanceof Deno.errors.AlreadyExists) return false;
    }
    return await createEmptyFile(path);
  } finally {
    for (const suffix of ["", ...SIDECARS]) {
      await Deno.remove(temp + suffix).catch(() => {});
    }
  }
}

async function createEmptyFile(path: string): Promise<boolean> {
  try {
    await Deno.writeFile(path, new Uint8Array(), { mode: 0o600, createNew: true });
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.AlreadyExists) return false;
    throw error;
  }
}

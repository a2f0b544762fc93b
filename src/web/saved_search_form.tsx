/** @jsxImportSource hono/jsx */
/**
 * The "Save this search" box of a result list, and how a page URL's parameters become a saved
 * search's and back. Apart from the `/saved` routes (saved_pages.tsx) so the search page can show it
 * without importing the routes.
 *
 * @module
 */
import { LIST_PARAMS, REST_SEARCH_PARAMS } from "../domain/search_query.ts";
import { fieldLabel, runUrl } from "../domain/param_labels.ts";

export const SAVED_PATH = "/saved";
/** The page's own paging and counting: where a list starts is no part of what is searched. */
const NOT_SAVED = new Set(["offset", "top_k", "facets"]);
/** A page URL's parameters (search_page.tsx's `PageParams`: that module imports this one). */
type PageParams = Record<string, string[]>;

/** The search parameters a page URL carries, as a saved search keeps them. */
export function savedParams(params: PageParams): Record<string, string | string[]> {
  const saved: Record<string, string | string[]> = {};
  for (const [name, all] of Object.entries(searchLists(params))) {
    const values = all.filter((v) => v !== "");
    if (values.length === 0) continue;
    saved[name] = LIST_PARAMS.has(name) && values.length > 1 ? values : values[0];
  }
  return saved;
}

/**
 * A page URL's search parameters, every value of each kept (`savedParams` keeps one of some). What
 * no search takes (a link's `utm_source`, a pasted `deliver=x`) goes: the search ignores it and a
 * saved search would refuse it (reviewer B, session 36).
 */
export function searchLists(params: PageParams): PageParams {
  return Object.fromEntries(
    Object.entries(params).filter(([name]) => !NOT_SAVED.has(name) && REST_SEARCH_PARAMS.has(name)),
  );
}

/** A posted form's text fields as a page URL's lists (a file field is no search's). */
export function formLists(form: Record<string, unknown>): PageParams {
  const lists: PageParams = {};
  for (const [field, value] of Object.entries(form)) {
    const values = (Array.isArray(value) ? value : [value]).filter((v) => typeof v === "string");
    if (values.length > 0) lists[field] = values;
  }
  return lists;
}

/**
 * The "Save this search" box under a result list: a form for a signed-in person, a sentence with a
 * sign-in link for nobody. Its id lets the search form's htmx swap it with the results, so it
 * always saves the search shown.
 */
export function SaveSearchForm(
  props: {
    params: PageParams;
    signedInAs?: string;
    formToken?: string;
    shown: boolean;
    /** The search's strong matches now, where known. */
    strong?: number;
  },
) {
  const params = savedParams(props.params);
  if (!props.shown) return <div id="save-search"></div>;
  if (props.signedInAs === undefined) {
    return (
      <div id="save-search" class="card">
        <p>
          <a href={`/signin?next=${encodeURIComponent(runUrl(params))}`}>Sign in</a>{" "}
          with an API key to save this search and be told what is new.
        </p>
      </div>
    );
  }
  const name = typeof params.q === "string" ? params.q.slice(0, 200) : "";
  return (
    <form id="save-search" class="card" method="post" action={SAVED_PATH}>
      <input type="hidden" name="csrf" value={props.formToken ?? ""} />
      {Object.entries(params).flatMap(([field, value]) =>
        (Array.isArray(value) ? value : [value]).map((one, i) => (
          <input key={`${field}-${i}`} type="hidden" name={field} value={one} />
        ))
      )}
      <label for="field-save-name">{fieldLabel("name")}</label>
      <input
        id="field-save-name"
        type="text"
        name="name"
        value={name}
        maxlength={200}
        required
        aria-describedby="save-told"
      />
      {
        /* What a saved search tells of: its strong matches. A search of close matches alone saved
        in silence, and its page said "nothing matched before" (reviewer W51). */
      }
      <p id="save-told">
        {props.strong === 0
          ? "None is a strong match for this search now: you will be told when one arrives."
          : "You will be told of new postings that are strong matches."}
      </p>
      <p>
        <button type="submit">Save this search</button>
      </p>
    </form>
  );
}

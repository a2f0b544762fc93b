/**
 * Search parameters in a person's words: each field's label as the web page shows it beside its
 * field ("Yearly salary at least"), and a saved search's parameters as one line ("“nurse” ·
 * country: United Kingdom · work mode: On-site"). Below the transports, so that the page, the
 * `/saved` list, a digest and a feed say a saved search alike (an alerts trial, session 59: a
 * digest named the words alone, not "only in GB, on-site, at least £20k").
 *
 * @module
 */
import { ownValue } from "./own_value.ts";
import { valuesLabel } from "./value_labels.ts";

/**
 * A parameter's field as the page labels it ("Yearly salary at least" for `salary_min`): the search
 * form's labels and facet legends are read from here, and the page's errors and hints name a
 * parameter by it, so what a message names is what the person sees beside the field. A parameter
 * the form has no field for has the words a field would have.
 */
export function fieldLabel(name: string): string {
  return ownValue(FIELD_LABELS, name) ?? name;
}

/** A filter's name in running text ("yearly salary at least: 30000"): its label, not capitalised. */
export function paramInWords(name: string): string {
  const label = fieldLabel(name);
  return Object.hasOwn(FIELD_LABELS, name) ? `${label[0].toLowerCase()}${label.slice(1)}` : label;
}

const FIELD_LABELS: Record<string, string> = {
  q: "What work are you looking for?",
  company: "Company",
  salary_min: "Yearly salary at least",
  salary_currency: "Pay in",
  salary_include_unknown: "Postings that state no pay too",
  exclude_company: "Not company",
  until: "Posted before",
  near: "Near (city)",
  radius_km: "Radius (km)",
  since: "Posted since",
  added_since: "New here since",
  remote: "Work mode",
  employment_type: "Employment type",
  seniority: "Seniority",
  visa_sponsorship: "Visa sponsorship",
  country: "Country",
  city: "City",
  source: "Source",
  sort: "Order",
  offset: "First result",
  name: "Save this search as",
};

/**
 * A saved search's parameters in words; not escaped (the page's JSX escapes every value, a
 * digest and a feed escape their text).
 */
export function paramsInWords(params: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof params.q === "string" && params.q.trim() !== "") parts.push(`“${params.q.trim()}”`);
  if (typeof params.profile === "string") {
    parts.push(`a profile of ${params.profile.length} characters`);
  }
  parts.push(...filterParts(params, { order: true }));
  return parts.length > 0 ? parts.join(" · ") : "every posting";
}

/**
 * A saved search's filters in words, its words and order left out ("country: United Kingdom ·
 * work mode: On-site"), or null where it has none: what a digest and a feed add to the words.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * assert.equal(
 *   filtersInWords({ q: "lighthouse keeper", country: "GB", remote: "onsite", sort: "date" }),
 *   "country: United Kingdom · work mode: On-site",
 * );
 * assert.equal(filtersInWords({ q: "nurse" }), null);
 * ```
 */
export function filtersInWords(params: Record<string, unknown>): string | null {
  const parts = filterParts(params, { order: false });
  return parts.length > 0 ? parts.join(" · ") : null;
}

function filterParts(params: Record<string, unknown>, options: { order: boolean }): string[] {
  const parts: string[] = [];
  // Values as the facets and postings say them ("Part-time"), not the URL's codes ("parttime").
  const text = (name: string, value: unknown) =>
    valuesLabel(name, Array.isArray(value) ? value.map(String) : [String(value)], " or ");
  for (const [name, value] of Object.entries(params)) {
    if (name === "q" || name === "profile" || value === null || value === undefined) continue;
    if (LIST_SHAPE_PARAMS.has(name)) continue;
    if (name === "sort") {
      if (options.order) parts.push(value === "relevance" ? "best match first" : "newest first");
      continue;
    }
    if (name === "salary_include_unknown") {
      if (String(value) === "true") parts.push("postings that state no pay too");
      continue;
    }
    parts.push(`${paramInWords(name)}: ${text(name, value)}`);
  }
  return parts;
}

/**
 * Parameters that page or shape a list (where it starts, how long it is, what it counts, how
 * much of each posting it shows): no filter of a saved search, and never used by its deliveries,
 * which search every page (reviewer C59: a digest said "first result: 20" and linked a page that
 * skipped 20).
 */
export const LIST_SHAPE_PARAMS: ReadonlySet<string> = new Set([
  "offset",
  "top_k",
  "facets",
  "detail",
]);

/** `params` without `LIST_SHAPE_PARAMS`. */
export function withoutListShape(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).filter(([name]) => !LIST_SHAPE_PARAMS.has(name)),
  );
}

/**
 * The search page's URL (its path and query) that runs these parameters: the web page's links
 * and a digest's link to every new posting.
 */
export function runUrl(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== null && one !== undefined && one !== "") search.append(name, String(one));
    }
  }
  const text = search.toString();
  return text ? `/?${text}` : "/";
}

/**
 * The suite's mutation check (`deno task mutation [ID...]`): each mutant below breaks one line of
 * the product the way a careless change would; the whole suite as `deno task test` runs it (its
 * groups in parallel, the type check first), stopped at the first failure, runs against each in a
 * throwaway git worktree beside this checkout (so `../shared` resolves as it does here), and a
 * mutant the suite does not fail has "survived". Committed code only: the worktree is made from
 * HEAD. Prints one line per mutant, then `caught N of M`.
 *
 * @module
 */

interface Mutant {
  id: string;
  layer: string;
  file: string;
  line: string;
  becomes: string;
  breaks: string;
}

export const MUTANTS: Mutant[] = [
  {
    id: "M1",
    layer: "domain",
    file: "src/domain/job.ts",
    line: "z.string().regex(/^[A-Z]{2}$/)",
    becomes: "z.string().regex(/^[A-Za-z]{2}$/)",
    breaks: "a lower-case country code is accepted into the store",
  },
  {
    id: "M2",
    layer: "domain",
    file: "src/domain/search_query.ts",
    line: "export const TOP_K_MAX = 100;",
    becomes: "export const TOP_K_MAX = 1000;",
    breaks: "top_k is no longer clamped to 100",
  },
  {
    id: "M3",
    layer: "index",
    file: "src/index/result_cut.ts",
    line: "if (scores[k] > bar) set.push(hit(k));",
    becomes: "if (scores[k] >= bar) set.push(hit(k));",
    breaks: "ties at the cut overfill the 1,000-result set",
  },
  {
    id: "M3b",
    layer: "index",
    file: "src/index/result_cut.ts",
    line: "strong ? cut.enough : cut.least,",
    becomes: "cut.least,",
    breaks: "a query with a match above the minimum also lists weaker ones down to the floor",
  },
  {
    id: "M3c",
    layer: "index",
    file: "src/index/score_mix.ts",
    line:
      'return { titleBar, wordBar: mode === "vector" ? titleBar : Math.min(cosineFloor, titleBar) };',
    becomes: "return { titleBar, wordBar: titleBar };",
    breaks:
      "a screened search lets go titles of postings with a query word between the floor and the title bar",
  },
  {
    id: "M3d",
    layer: "index",
    file: "src/index/title_vectors.ts",
    line: "  scales[row] = scale;",
    becomes: "  scales[row] = max / 128;",
    breaks:
      "every index's int8 title rows carry a scale a step off the one they were quantised with: each cosine 0.8% low",
  },
  {
    id: "M3e",
    layer: "index",
    file: "src/index/result_cut.ts",
    line: "const share = strong ? cut.relativeCut : cut.weakRelativeCut ?? cut.relativeCut;",
    becomes: "const share = cut.relativeCut;",
    breaks:
      "a weak best match keeps the loose relative cut: every posting near it counts as strong",
  },
  {
    id: "M4",
    layer: "index",
    file: "src/index/reposts.ts",
    line: "  if (short.length >= MIN_SHARED_PREFIX && long.startsWith(short)) return true;",
    becomes: "  if (short.length >= MIN_SHARED_PREFIX) return true;",
    breaks: "two openings of one title, company and place count as reposts",
  },
  {
    id: "M4b",
    layer: "index",
    file: "src/index/reposts.ts",
    line: "  return sharedShingles(a.shingles, b.shingles) >= minShared;",
    becomes: "  return sharedShingles(a.shingles, b.shingles) >= minShared - 0.3;",
    breaks: "two jobs on one template (another hotel, other hours and pay) are folded as reposts",
  },
  {
    id: "M5",
    layer: "store",
    file: "src/store/snapshot_store.ts",
    line: "op.check(previous).set(keys.currentSnapshot(), snapId)",
    becomes: "op.set(keys.currentSnapshot(), snapId)",
    breaks: "two racing publishers both win the pointer flip",
  },
  {
    id: "M6",
    layer: "store",
    file: "src/store/api_key_store.ts",
    line: "op.check(byName).delete(keys.apiKeyByName(name)).delete(keys.apiKey(keyHash))",
    becomes: "op.check(byName).delete(keys.apiKeyByName(name))",
    breaks: "a revoked key keeps working",
  },
  {
    id: "M7",
    layer: "auth",
    file: "src/auth/rate_limiter.ts",
    line: "    if (used + pending.cost <= pending.limit) {",
    becomes: "    if (used + pending.cost <= pending.limit + 1) {",
    breaks: "one request over the limit is admitted",
  },
  {
    id: "M8",
    layer: "auth",
    file: "src/auth/oauth_token_endpoint.ts",
    line: "      redirectUri !== record.redirectUri",
    becomes: "      redirectUri === undefined",
    breaks: "a token request naming another redirect_uri gets the code's tokens",
  },
  {
    id: "M8b",
    layer: "auth",
    file: "src/auth/oauth_token_endpoint.ts",
    line: 'if (kind === "refresh" && record.grantId) await this.#grants.end(record.grantId);',
    becomes: "// the grant's access tokens are left alone",
    breaks: "revoking a refresh token leaves the access tokens of its sign-in working",
  },
  {
    id: "M9",
    layer: "transport (REST)",
    file: "src/http/error_response.ts",
    line: 'return json(body, 429, { "retry-after": String(retryAfter) });',
    becomes: "return json(body, 429);",
    breaks: "429 without Retry-After",
  },
  {
    id: "M10",
    layer: "transport (MCP)",
    file: "src/mcp/tools/search_jobs.ts",
    line: 'query = { ...query, sort: "relevance" };',
    becomes: 'query = { ...query, sort: "date" };',
    breaks: "search_jobs defaults to date order",
  },
  {
    id: "M11",
    layer: "alerts",
    file: "src/alerts/alert_deliverer.ts",
    line: 'const strong = outcome.results.filter((r) => r.match !== "close");',
    becomes: "const strong = outcome.results.filter((r) => r.match !== undefined);",
    breaks: "a saved search delivers close matches as news",
  },
  {
    id: "M12",
    layer: "alerts",
    file: "src/alerts/webhook_address.ts",
    line: '["127.0.0.0", 8, "loopback"],',
    becomes: '["127.0.0.0", 32, "loopback"],',
    breaks: "a webhook may reach loopback addresses other than 127.0.0.0",
  },
  {
    id: "M13",
    layer: "search",
    file: "src/search/shipped_vectors.ts",
    line:
      "if (vectors.model !== embedder.model || vectors.dimensions !== embedder.dimensions) return 0;",
    becomes: "if (vectors.dimensions !== embedder.dimensions) return 0;",
    breaks: "another model's shipped vectors of the same width are cached as this model's",
  },
  {
    id: "M14",
    layer: "index",
    file: "src/index/score_mix.ts",
    line: "semantic = semantic < 0 ? 0 : semantic > 1 ? 1 : semantic;",
    becomes: "semantic = semantic < 0 ? 0 : semantic;",
    breaks:
      "the one hybrid score stops clamping at the cosine ceiling: a title past it outweighs its keywords",
  },
  {
    id: "M15",
    layer: "runtime",
    file: "src/runtime.ts",
    line: "    ownThread: true,\n  });",
    becomes: "    ownThread: false,\n  });",
    breaks:
      "a server's model runs on the serving thread again: requests wait for its batches during a push",
  },
  {
    id: "M16",
    layer: "index",
    file: "src/index/result_cut.ts",
    line: "const strongBar = best < cut.enough && cut.rescueStrong === false ? NONE_STRONG : bar;",
    becomes: "const strongBar = bar;",
    breaks: "a weak best match makes strong matches again (the rescue's, whatever they are)",
  },
  {
    id: "M17",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "if (strongMask ? strongMask[p] === 1 : strongThenAtLevel(p, scores[k])) count++;",
    becomes: "count++;",
    breaks: "an emptied set's counts without a filter take close matches as strong",
  },
  {
    id: "M18",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "const own = best < FULL_MATCH && part.workVector ? part.workVector : part.vector!;",
    becomes: "const own = part.workVector ?? part.vector!;",
    breaks: "the work's vector replaces the query's even where a posting has all the query's words",
  },
  {
    id: "M19",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: "        {!hasNext && !pastEnd && unlisted > 0",
    becomes: "        {hasNext && !pastEnd && unlisted > 0",
    breaks:
      "the note of the close matches stands on a page that is not the last, and not on the last",
  },
  {
    id: "M20",
    layer: "index",
    file: "src/index/score_mix.ts",
    line: "  score = alone > score ? alone : score;",
    becomes: "  score = score;",
    breaks: "a title that names the job in other words is held at the vector's share again",
  },
  {
    id: "M21",
    layer: "index",
    file: "src/index/score_mix.ts",
    line:
      'const titleWeight = mode === "vector" ? 1 : Math.max(vectorWeight, ranking.titleAlone ?? 0);',
    becomes: 'const titleWeight = mode === "vector" ? 1 : vectorWeight;',
    breaks: "the scan passes over titles whose own share would list them",
  },
  {
    id: "M22",
    layer: "index",
    file: "src/index/posting_places.ts",
    line:
      'for (let p = 0; p < jobs.length; p++) if (jobs[p].work_mode === "remote") remote[p] = 1;',
    becomes: 'for (let p = 0; p < jobs.length; p++) if (jobs[p].city === "Remote") remote[p] = 1;',
    breaks: '"remote" typed in a query keeps only postings whose city says Remote',
  },
  {
    id: "M23",
    layer: "index",
    file: "src/index/dot_kernel.ts",
    line: "vectors.forEach((vector, b) => (this.#slots[b + 1].estimated = vector));",
    becomes:
      "vectors.forEach((vector, b) => (this.#slots[vectors.length - b].estimated = vector));",
    breaks: "searches estimated together read each other's estimates",
  },
  {
    id: "M24",
    layer: "tests",
    file: "tests/real_jobs_cache.ts",
    line: "for (const { name: old } of others.slice(kept)) {",
    becomes: "for (const { name: old } of others.slice(others.length)) {",
    breaks: "kept test files made by older code pile up beside the model",
  },
  {
    id: "M25",
    layer: "index",
    file: "src/index/keyword_scorer.ts",
    line: "if (!listed.has(positions)) {",
    becomes: "if (listed.size >= 0) {",
    breaks: "a term's postings walked once per variant that has it again",
  },
  {
    id: "M26",
    layer: "transport (MCP)",
    file: "src/mcp/tools/search_page.ts",
    line: "const unlisted = closeMatchesNotListed(response, query.sort);",
    becomes: 'const unlisted = closeMatchesNotListed(response, "relevance");',
    breaks: "an agent asking for the newest is not told of the close matches",
  },
  {
    id: "M27",
    layer: "cli",
    file: "cli/commands/search.ts",
    line: "const unlisted = closeMatchesNotListed(response, sort);",
    becomes: 'const unlisted = closeMatchesNotListed(response, "relevance");',
    breaks: "the terminal's newest-first table says nothing of the close matches",
  },
  {
    id: "M28",
    layer: "store",
    file: "src/store/snapshot_store.ts",
    line: "if (read < lastRead) return;",
    becomes: "if (read < 0) return;",
    breaks: "a slow poll's older pointer, answered after a flip was reported, is reported again",
  },
  {
    id: "M29",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "const role = employment ? splitWords(employment.rest) : roleOnly;",
    becomes: "const role = roleOnly;",
    breaks:
      'an employment type at an end of the query ("part time barista") is embedded as the role',
  },
  {
    id: "M30",
    layer: "index",
    file: "src/index/query_employment.ts",
    line: 'from < words.length && !ROLE_AFTER[type].has(at(n)!) && at(n) !== "for" &&',
    becomes: 'from < words.length && at(n) !== "for" &&',
    breaks: '"contract manager" or "internship coordinator" lose the word that makes their role',
  },
  {
    id: "M31",
    layer: "domain",
    file: "src/domain/job.ts",
    line: "if (response.applied?.filters.employment_type !== undefined) return `${said}.`;",
    becomes: "if (response.applied === null) return `${said}.`;",
    breaks: "a page already filtered by employment type is offered the same filter again",
  },
  {
    id: "M32",
    layer: "index",
    file: "src/index/stated_type.ts",
    line:
      "if (yes === undefined) says.set(written, yes = employmentTypesOf(jobs[p]).includes(type));",
    becomes:
      "if (yes === undefined) says.set(written, yes = employmentTypesOf(jobs[p])[0] === type);",
    breaks: 'a posting stated "Full-time, Part-time" is not lifted for a part-time query',
  },
  {
    id: "M33",
    layer: "index",
    file: "src/index/stated_type.ts",
    line: "? values[k] + (1 - values[k]) * STATED_TYPE_VALUE",
    becomes: "? values[k]",
    breaks: "a posting that states the query's employment type gains nothing from stating it",
  },
  {
    id: "M35",
    layer: "index",
    file: "src/index/score_mix.ts",
    line: "(+(words !== 0) & (+(cosine >= wordBar) | +(words >= keywordBar)));",
    becomes: "(+(words !== 0) & (+(cosine >= titleBar) | +(words >= keywordBar)));",
    breaks: "a broad query passes over postings with a word whose title could still lift them",
  },
  {
    id: "M36",
    layer: "index (kernel)",
    file: "src/index/dot_kernel.wat",
    line: "(v128.any_true\n      (v128.or\n        (f64x2.ge",
    becomes: "(v128.any_true\n      (v128.and\n        (f64x2.ge",
    breaks: "four rows skipped unless the first two and the last two could each reach their bars",
  },
  {
    id: "M37",
    layer: "index (kernel)",
    file: "src/index/dot_kernel.wat",
    line:
      "(local.get $out2) (i32.shl (local.get $r) (i32.const 2)))\n          (f32x4.extract_lane 0 (local.get $e23))",
    becomes:
      "(local.get $out2) (i32.shl (local.get $r) (i32.const 2)))\n          (f32x4.extract_lane 1 (local.get $e23))",
    breaks: "the third of four searches estimated together gets the fourth's estimates",
  },
  {
    id: "M38",
    layer: "store",
    file: "src/store/posting_value.ts",
    line: "if (json && bytes <= KV_LIMITS.valueBytes) return { value: utf8, fingerprint, bytes };",
    becomes: "if (json) return { value: utf8, fingerprint, bytes };",
    breaks:
      "a posting whose UTF-8 is over KV's value limit is refused instead of kept as an object",
  },
  {
    id: "M39",
    layer: "store",
    file: "src/store/postings_store.ts",
    line: "(inserted.value instanceof Deno.KvU64 && inserted.value.value > 0n) ||",
    becomes: "(inserted.value instanceof Deno.KvU64 && inserted.value.value >= 0n) ||",
    breaks: "a store counted empty before its first posting keeps objects instead of JSON",
  },
  {
    id: "M40",
    layer: "store",
    file: "src/store/postings_store.ts",
    line: "const asJson = list.length > 0 && await this.#postingsAsJson();",
    becomes: "const asJson = list.length > 0;",
    breaks: "a store an earlier version wrote gets JSON postings its older servers cannot read",
  },
  {
    id: "M41",
    layer: "web",
    file: "src/web/saved_pages.tsx",
    line: "if (same) {",
    becomes: 'if (same && same.id === "") {',
    breaks: "saving a search already saved on the page saves a twin that delivers everything twice",
  },
  {
    id: "M42",
    layer: "web",
    file: "src/web/web_routes.tsx",
    line:
      'const landing = next === "/" && !hasScope(principal, "search") && hasScope(principal, "admin")',
    becomes: 'const landing = next === "/" && false',
    breaks: "an admin-only key signed in with no page asked for lands on the search page's 403",
  },
  {
    id: "M43",
    layer: "domain",
    file: "src/domain/job.ts",
    line: 'const lift = sort === "date"',
    becomes: "const lift = sort !== sort",
    breaks:
      "newest first says a stated employment type ranks postings higher, which it does not there",
  },
  {
    id: "M44",
    layer: "search",
    file: "src/search/source_puller.ts",
    line: "if (entry.isFile && formatOfFile(entry.name) !== undefined) {",
    becomes: "if (entry.isFile) {",
    breaks: "a pulled folder imports files of no known format",
  },
  {
    id: "M45",
    layer: "domain",
    file: "src/domain/escape_markup.ts",
    line: `.replace(/"/g, "&quot;").replace(/'/g, "&#39;");`,
    becomes: `.replace(/"/g, "&quot;").replace(/'/g, "&apos;");`,
    breaks: "an apostrophe in a digest is an entity HTML 4 mail readers do not know",
  },
  {
    id: "M46",
    layer: "cli",
    file: "cli/commands/config.ts",
    line: "if (settingText(io.env[name]) !== undefined) {",
    becomes: "if (io.env[name] !== undefined) {",
    breaks: "`jobseek config` says a blank environment variable decides a setting it does not",
  },
  {
    id: "M47",
    layer: "cli",
    file: "cli/config_file.ts",
    line: "const home = settingText(env.HOME) ?? settingText(env.USERPROFILE);",
    becomes: "const home = (env.HOME ?? env.USERPROFILE)?.trim();",
    breaks: "a blank HOME hides USERPROFILE when the config file is looked for",
  },
  {
    id: "M48",
    layer: "index",
    file: "src/index/reposts.ts",
    line: "if (touched.size === 0) return groups;",
    becomes: "if (touched.size >= 0) return groups;",
    breaks: "a delta's changed postings keep the repost groups of the index before it",
  },
  {
    id: "M49",
    layer: "index",
    file: "src/index/reposts.ts",
    line: "if (at >= 0 && newPosition[old[p]] >= 0) groups[at] = newPosition[old[p]];",
    becomes: "if (at >= 0) groups[at] = at;",
    breaks: "a merged repost group names a posting by its place before the delta",
  },
  {
    id: "M50",
    layer: "index",
    file: "src/index/gazetteer.ts",
    line: "if (touched.has(key)) {",
    becomes: "if (touched.has(key) && !before.cities.has(key)) {",
    breaks: "a delta's postings in a known place leave that place's list as it was",
  },
  {
    id: "M51",
    layer: "index",
    file: "src/index/gazetteer.ts",
    line: "tallies.delete(before);",
    becomes: "void before;",
    breaks: "a gazetteer merged twice counts its postings twice",
  },
  {
    id: "M52",
    layer: "index",
    file: "src/index/gazetteer.ts",
    line: "mergeById(kept, add.sort(byId))",
    becomes: "[...kept, ...add]",
    breaks: "a place's postings after a delta out of id order",
  },
  {
    id: "M53",
    layer: "index",
    file: "src/index/index_delta.ts",
    line: "if (at > start[start.length - 1]) {",
    becomes: "if (at >= start[start.length - 1]) {",
    breaks:
      "a word no posting has any more stays in the merged terms (a compaction differs from a publish)",
  },
  {
    id: "M54",
    layer: "search",
    file: "src/search/publish_delta.ts",
    line: "meta.changesIndexedBefore ?? -Infinity,",
    becomes: "-Infinity,",
    breaks: "the first delta after a full publish re-reads the whole change log",
  },
  {
    id: "M55",
    layer: "search",
    file: "src/search/change_margin.ts",
    line: "if (!snapshot.leftOut(job)) return known;",
    becomes: "if (false) return known;",
    breaks: "a publish counts a write it does not hold as indexed, and the next delta skips it",
  },
  {
    id: "M56",
    layer: "index",
    file: "src/index/score_mix.ts",
    line: "if (cosines[r] < wordBar) continue;",
    becomes: "if (cosines[r] < pass.skipBelow) continue;",
    breaks: "a narrow query's few postings leave out rows between the word bar and the title bar",
  },
  {
    id: "M57",
    layer: "index",
    file: "src/index/score_mix.ts",
    line: "const sorted = few.subarray(0, count).sort();",
    becomes: "const sorted = few.subarray(0, count);",
    breaks: "a narrow query's few postings scored out of position order (ties ordered otherwise)",
  },
  {
    id: "M58",
    layer: "index",
    file: "src/index/score_mix.ts",
    line: "if (k > 0 && sorted[k - 1] === p) continue;",
    becomes: "void k;",
    breaks: "a posting of a row at the bar that has a query word scored twice",
  },
  {
    id: "M59",
    layer: "index",
    file: "src/index/score_mix.ts",
    line: "if (keyword[p] < keywordBar) continue;",
    becomes: "if (keyword[p] < keywordBar + 2e-4) continue;",
    breaks: "a narrow query leaves out a posting whose keyword share alone just reaches the floor",
  },
  {
    id: "M60",
    layer: "domain",
    file: "src/domain/job.ts",
    line: 'return where ? `remote postings in ${where}` : "remote postings";',
    becomes: "return where ? `remote postings in ${where}` : `postings in ${where}`;",
    breaks:
      'a query naming only "remote" is said as postings in an empty place ("Only jobs in remote")',
  },
  {
    id: "M61",
    layer: "mcp",
    file: "src/mcp/tools/search_page.ts",
    line: "      : (named.places ?? [named]).some((one) => one.city || one.country)",
    becomes: "      : (named.places ?? [named]).some((one) => one.city || one.remote)",
    breaks: 'MCP tells an agent a city or country lifts "remote", which it does not',
  },
  {
    id: "M62",
    layer: "alerts",
    file: "src/alerts/alert_deliverer.ts",
    line: "        current.paused || !ownerActive ||",
    becomes: "        current.paused || (!ownerActive && current.paused) ||",
    breaks: "a revoked key's saved search still sends webhooks and digests",
  },
  {
    id: "M63",
    layer: "transport",
    file: "src/http/saved_search_routes.ts",
    line: 'if (c.req.method !== "HEAD") await deps.rateLimiter.consume(owner);',
    becomes: 'if (c.req.method === "OPTIONS") await deps.rateLimiter.consume(owner);',
    breaks: "feed reads spend no rate limit",
  },
  {
    id: "M64",
    layer: "transport",
    file: "src/http/saved_search_routes.ts",
    line: 'c.header("cache-control", "no-store");',
    becomes: 'c.header("x-cache-note", "no-store");',
    breaks: "saved-search answers (feed URLs, webhook secrets) may be cached",
  },
  {
    id: "M65",
    layer: "transport",
    file: "src/http/app.ts",
    line: 'return route.includes("/:token") ? route : path;',
    becomes: 'return route.includes("/:never") ? route : path;',
    breaks: "the request log writes feed and unsubscribe tokens",
  },
  {
    id: "M66",
    layer: "web",
    file: "src/web/web_routes.tsx",
    line: '"content-security-policy": STATIC_CSP,',
    becomes: '"x-csp-note": STATIC_CSP,',
    breaks: "static files carry no CSP",
  },
  {
    id: "M67",
    layer: "alerts",
    file: "src/alerts/webhook_address.ts",
    line: "if (g[0] === 0x2002) return blockedV4(v4At(g[1], g[2]));",
    becomes: "if (g[0] === 0x2002 && g[1] === 0x10000) return blockedV4(v4At(g[1], g[2]));",
    breaks: "a 6to4 address of loopback is accepted as a webhook",
  },
  {
    id: "M68",
    layer: "web",
    file: "src/web/respond.tsx",
    line: 'return SITE_PATH.test(target) ? target : "/";',
    becomes: 'return SITE_PATH.test(next) ? target : "/";',
    breaks: "sign-in's next= is judged before the URL parser resolves it (/.//evil)",
  },
  {
    id: "M69",
    layer: "store",
    file: "src/store/api_key_store.ts",
    line:
      "if ((left.value ?? 0) > 0 && !savedSearches.keep) throw new SavedSearchesLeft(left.value!);",
    becomes:
      "if ((left.value ?? 0) > 1 && !savedSearches.keep) throw new SavedSearchesLeft(left.value!);",
    breaks:
      "a revoked key's name with one saved search is given to a new key, with its feed and addresses",
  },
  {
    id: "M70",
    layer: "store",
    file: "src/store/saved_search_store.ts",
    line: "      const addressFree = last.value === null || now - last.value >= windowMs",
    becomes: "      const addressFree = last.value === null || now - last.value >= 0",
    breaks:
      "one address gets a confirmation mail for every delivery that names it, without a day's wait",
  },
  {
    id: "M71",
    layer: "alerts",
    file: "src/alerts/saved_searches.ts",
    line: "return d.confirmToken === undefined || d.confirmedAt !== undefined;",
    becomes: "return d.confirmedAt !== undefined;",
    breaks: "an email delivery made before confirmation existed gets no more digests",
  },
  {
    id: "M72",
    layer: "alerts",
    file: "src/alerts/alert_deliverer.ts",
    line:
      '          if (delivery.type === "email" && !isConfirmed(delivery)) {\n            // Its address has not said yes',
    becomes:
      '          if (delivery.type === "email" && !isConfirmed(delivery) && delivery.id === "") {\n            // Its address has not said yes',
    breaks: "send mails a digest to an address that has not confirmed",
  },
  {
    id: "M73",
    layer: "search",
    file: "src/search/occupations.ts",
    line: "if (copy?.key === kept.key && Array.isArray(copy.occupations)) return copy.occupations;",
    becomes: "if (copy !== null && Array.isArray(copy?.occupations)) return copy.occupations;",
    breaks: "a kept copy of the occupations made from another file or parser is read as current",
  },
  {
    id: "M74",
    layer: "search",
    file: "src/search/publish_child.ts",
    line: "    model: spec.stamp,",
    becomes: "    model: spec.id,",
    breaks:
      "a publish child looks up cached vectors under the model's id, not its stamp, and embeds every title again",
  },
  {
    id: "M75",
    layer: "index (kernel)",
    file: "src/index/dot_kernel.wat",
    line: "(f32x4.ge (v128.load offset=48 (local.get $at)) (local.get $bar))",
    becomes: "(f32x4.ge (v128.load offset=32 (local.get $at)) (local.get $bar))",
    breaks: "sixteen rows let go together although the last four could reach their bar",
  },
  {
    id: "M76",
    layer: "index",
    file: "src/index/dot_kernel.ts",
    line: "groups[g] = scale <= groups[g] ? groups[g] : scale >= 0 ? scale : Infinity;",
    becomes: "groups[g] = Math.abs(scales[g * GROUP_ROWS]);",
    breaks: "a group of sixteen rows judged by its first row's scale, not its largest",
  },
  {
    id: "M79",
    layer: "index",
    file: "src/index/dot_kernel.ts",
    line: "Math.floor(navigator.hardwareConcurrency / sharing)",
    becomes: "navigator.hardwareConcurrency",
    breaks: "search processes sharing the cores each start a helper a core",
  },
  {
    id: "M80",
    layer: "alerts",
    file: "src/alerts/alert_deliverer.ts",
    // Session 39: the 14 days' window is gone (the feed is its newest 50); the same rule's order.
    line: "        seenAt(b).localeCompare(seenAt(a)) || a.postingId.localeCompare(b.postingId)",
    becomes: "        a.postingId.localeCompare(b.postingId)",
    breaks: "a feed does not list what arrived last first",
  },
  {
    id: "M81",
    layer: "alerts",
    file: "src/alerts/alert_deliverer.ts",
    line: "b.seen < a.seen || (b.seen === a.seen && b.id < a.id) ? b : a",
    becomes: "b.seen > a.seen || (b.seen === a.seen && b.id < a.id) ? b : a",
    breaks: "a reposted job shown in a feed under its latest copy's id, so readers see it twice",
  },
  {
    id: "M82",
    layer: "alerts",
    file: "src/alerts/alert_deliverer.ts",
    line: "if (deadline !== null && deadline <= now) expired.add(d.id);",
    becomes: "if (deadline !== null && deadline < now) expired.add(d.id);",
    breaks: "an unconfirmed email delivery kept past its 30 days",
  },
  {
    id: "M83",
    layer: "transport",
    file: "src/http/app.ts",
    line: '"nosniff",',
    becomes: '"sniff",',
    breaks: "answers without X-Content-Type-Options: nosniff",
  },
  {
    id: "M84",
    layer: "index",
    file: "src/index/ranking.ts",
    line: "closeFloor: 0.28,",
    becomes: "closeFloor: 0.3,",
    breaks:
      "the close floor before session 25: a place in the query leaves its fitting postings unlisted",
  },
  {
    id: "M85",
    layer: "domain",
    file: "src/domain/remote_words.ts",
    line: '  return REMOTE_WISH_PHRASES.includes(words.join(" ")) &&',
    becomes: '  return REMOTE_WISH_PHRASES.some((phrase) => words.join(" ").startsWith(phrase)) &&',
    breaks: "a CV's 'remotely' read as a wish for remote work",
  },
  {
    id: "M88",
    layer: "index",
    file: "src/index/index_delta.ts",
    line: "  return { added, removed: [...earlier.removed, ...later.removed] };",
    becomes: "  return { added, removed: earlier.removed };",
    breaks: "deltas merged into one forget what the later ones removed",
  },
  {
    id: "M89",
    layer: "search",
    file: "src/search/compact_index.ts",
    line: "  const merged = mergedDeltas(deltas);",
    becomes: "  const merged = mergedDeltas(deltas.slice(1));",
    breaks: "a compaction's merged delta leaves out the chain's first delta",
  },
  {
    id: "M90",
    layer: "search",
    file: "src/search/snapshot_follower.ts",
    line: "      current = { ...current, deltas: [deltas[0]] };",
    becomes: "      current = { ...current };",
    breaks: "a server that skipped a merge applies the merged chain's deltas again",
  },
  {
    id: "M91",
    layer: "search",
    file: "src/search/compact_index.ts",
    line: "  return chainBytes <= mergeUpToShare * baseBytes",
    becomes: "  return chainBytes >= mergeUpToShare * baseBytes",
    breaks: "small deltas written as a full snapshot and large ones merged",
  },
  {
    id: "M92",
    layer: "search",
    file: "src/search/background_publisher.ts",
    line: 'progress(plan.kind === "merge" ? "merge" : "compaction");',
    becomes: 'progress("compaction");',
    breaks: "/healthz says a merge of deltas is a full compaction",
  },
  {
    id: "M93",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: '      <a class="skip-facets" href={PAGE_LANDING}>Skip to the results</a>',
    becomes: "",
    breaks: "a keyboard user must Tab through every facet to reach the first result",
  },
  {
    id: "M94",
    layer: "web",
    file: "src/web/web_routes.tsx",
    line:
      "notFound: async (c) => notFoundPage(c, frameOf(await sessions.read(c).catch(() => null))),",
    becomes: "notFound: (c) => Promise.resolve(notFoundPage(c, frameOf(null))),",
    breaks: "the pages' 404 offers a signed-in person to sign in",
  },
  {
    id: "M95",
    layer: "web",
    file: "src/web/admin_routes.tsx",
    line: 'if (files.length <= 2) return <>{files.join(", ")}</>;',
    becomes: 'if (files.length <= 200) return <>{files.join(", ")}</>;',
    breaks: "an import of dozens of files fills the console with one cell",
  },
  {
    id: "M96",
    layer: "index",
    file: "src/index/index_delta.ts",
    line: "return applyDelta(base, deltas.length === 1 ? deltas[0] : mergedDeltas(deltas));",
    becomes: "return applyDelta(base, deltas[deltas.length - 1]);",
    breaks: "a server starting cold on a chain of deltas serves only the last one's changes",
  },
  {
    id: "M97",
    layer: "index",
    file: "src/index/result_cut.ts",
    line: "  return bestThere >= anywhere ? strongBarOf(bestThere, cut) : anywhere;",
    becomes: "  return anywhere;",
    breaks: "a place the query names is cut against the best match anywhere (session 26)",
  },
  {
    id: "M98",
    layer: "index",
    file: "src/index/result_cut.ts",
    line: "  return bestThere >= anywhere ? strongBarOf(bestThere, cut) : anywhere;",
    becomes: "  return strongBarOf(bestThere, cut);",
    breaks: "a place without a strong match turns its weak best into strong matches",
  },
  {
    id: "M99",
    layer: "index",
    file: "src/index/result_cut.ts",
    line: "  keepFrom(candidates, Math.min(cutBar(best, cut), cut.close, strongBar));",
    becomes: "  keepFrom(candidates, Math.min(cutBar(best, cut), cut.close));",
    breaks: "a place's rescued strong matches under the close floor are dropped",
  },
  {
    id: "M100",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "        const strongThen = place === request.place",
    becomes: "        const strongThen = place === request.place || place === undefined",
    breaks: "the hint's count of the words alone is cut against the place's best",
  },
  // M101-M104 (session 26) replace M34, M77, M78, M86 and M87, whose lines the keyword scorer's
  // titled groups removed (docs/testing.md).
  {
    id: "M101",
    layer: "index",
    file: "src/index/keyword_scorer.ts",
    line: "return i >= 0 ? unique[i] : this.#postings(t);",
    becomes: "return this.#postings(t);",
    breaks: "a synonym's title term lifted by the query's employment counts at its plain value",
  },
  {
    id: "M102",
    layer: "index",
    file: "src/index/keyword_scorer.ts",
    line: "keyword[p] = Math.max(keyword[p], sums[j]);",
    becomes: "keyword[p] = sums[j];",
    breaks: "a later synonym's variant overwrites a posting's better score of an earlier one",
  },
  {
    id: "M103",
    layer: "index",
    file: "src/index/keyword_scorer.ts",
    line: "sums.fill(0, 0, count);",
    becomes: "sums.fill(0, 1, count);",
    breaks: "a variant's sums start from the previous variant's",
  },
  {
    id: "M104",
    layer: "index",
    file: "src/index/keyword_scorer.ts",
    line: "const shared = values !== undefined || byPosting.size < SHARED_VALUES;",
    becomes: "const shared = values !== undefined || byPosting.size <= SHARED_VALUES;",
    breaks: "a fourth word of the query keeps a values buffer past the three a search may hold",
  },
  {
    id: "M105",
    layer: "index",
    file: "src/index/snapshot.ts",
    line: "  if (slices.length > 1) {",
    becomes: "  if (slices.length > 0) {",
    breaks: "a publish in one slice frees what it stored and writes other bytes",
  },
  {
    id: "M106",
    layer: "index",
    file: "src/index/snapshot.ts",
    line: "  const groups = repostGroups(jobs, (p) => repostTexts.get(p));",
    becomes: "  const groups = repostGroups(jobs, (p) => repostTexts.get(0));",
    breaks: "a publish groups reposts by the first posting's text",
  },
  {
    id: "M107",
    layer: "index",
    file: "src/index/snapshot.ts",
    line: '  const repostSections = storedNow(textColumnSections("repostText", repostTexts));',
    becomes: '  const repostSections = storedNow(textColumnSections("fingerprint", repostTexts));',
    breaks: "the repost texts stored ahead under another section's name",
  },
  {
    id: "M108",
    layer: "index",
    file: "src/index/position_text.ts",
    line: "        counts[at++] = part.counts[k];",
    becomes: "        counts[at++] = 1;",
    breaks: "the text joined from slices counts every word once a posting",
  },
  {
    id: "M109",
    layer: "index",
    file: "src/index/query_place.ts",
    line: "      if (closeTo) from -= 2;",
    becomes: "      if (closeTo) from -= 0;",
    breaks: '"close to Leeds" searches "close to" as words',
  },
  {
    id: "M110",
    layer: "index",
    file: "src/index/posting_places.ts",
    line: "      (around === undefined || isWithinKm(jobs[p], around, around.radiusKm));",
    becomes: "      (around === undefined || isWithinKm(jobs[p], around, 2 * around.radiusKm));",
    breaks: "a city after 'near' keeps postings twice as far as the near filter's radius",
  },
  {
    id: "M111",
    layer: "index",
    file: "src/index/query_salary.ts",
    line: "    if (!before && !k && !after && !period && !bareYear) {",
    becomes: "    if (!before && !after && !period && !bareYear) {",
    breaks: '"30k" alone (no sign, no period) is not read as pay',
  },
  {
    id: "M112",
    layer: "search",
    file: "src/search/filters_from_words.ts",
    line: "  if (query.salary_min === undefined) return words.yearlyMin;",
    becomes: "  return words.yearlyMin;",
    breaks: "pay in the query overrides a higher explicit salary_min",
  },
  {
    id: "M113",
    layer: "index",
    file: "src/index/job_index.ts",
    line:
      "      const there = placeNarrows(request.place) || (request.namedCompany?.length ?? 0) > 0;",
    becomes: "      const there = !placeNarrows(request.place);",
    breaks: '"jobs in Leeds" lists nothing, and "jobs" alone lists everything',
  },
  {
    id: "M114",
    layer: "index",
    file: "src/index/result_cut.ts",
    line: "  if (tied.length > wanted) quickselect(tied, wanted - 1, 0, tied.length - 1, newer);",
    becomes:
      "  if (tied.length > wanted) quickselect(tied, wanted - 9, 0, tied.length - 1, newer);",
    breaks: "where more than 1,000 tie, a few of the newest are not kept",
  },
  {
    id: "M115",
    layer: "index",
    file: "src/index/occupation_labels.ts",
    line: '    if (!vectors || at === undefined || label.includes(" ")) return undefined;',
    becomes: "    if (!vectors || at === undefined) return undefined;",
    breaks: "a label of several words brings its description sentence too",
  },
  {
    id: "M116",
    layer: "index",
    file: "src/index/query_place.ts",
    line: "        if (!asked && !jobWord && !aloneIsPlace) return null;",
    becomes: "        if (!jobWord && !aloneIsPlace) return null;",
    breaks: '"in Leeds" and "near Manchester" alone search the word, not the place',
  },
  {
    id: "M117",
    layer: "search",
    file: "src/search/profile_search.ts",
    line: "  return asPlace.place && namesNoWork(asPlace.analyzed) ? asPlace : reading;",
    becomes: "  return reading;",
    breaks: 'a place alone beside a profile ("Liverpool") is searched as a role',
  },
  {
    id: "M118",
    layer: "search",
    file: "src/search/profile_search.ts",
    line: "      filters: filtersWithSalary(query, reading),",
    becomes: "      filters: query,",
    breaks: "pay in a q beside a profile is said but not applied",
  },
  {
    id: "M119",
    layer: "search",
    file: "src/index/analyze_query.ts",
    line: "  const salary = salaryIn(asTyped);",
    becomes: "  const salary = salaryIn(asTyped)?.rest.trim() ? salaryIn(asTyped) : null;",
    breaks:
      '"$60k jobs in Chicago" searches "60k" as a word in Chicago, and "over 100k" alone lists nothing',
  },
  {
    id: "M120",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "        const strong = typed === null || typed[p] > 0;",
    becomes: "        const strong = true;",
    breaks: '"part time jobs in Leeds" lists every posting there as strong, whatever its type',
  },
  {
    id: "M121",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: '  return at === words.length - 1 ? "administrative assistant" : "administrative";',
    becomes: '  return "administrator";',
    breaks: '"admin jobs" reads admin as a system administrator',
  },
  {
    id: "M122",
    layer: "index",
    file: "src/index/query_place.ts",
    line: "      const wordBefore = !last && isEnglishWord(folded);",
    becomes: "      const wordBefore = false;",
    breaks: '"nurse in Toronto on weekends" reads "on" as Ontario',
  },
  {
    id: "M123",
    layer: "index",
    file: "src/index/query_place.ts",
    line:
      "  return { place: { ...place, country, ...(region ? { region } : {}) }, end: last.end };",
    becomes: "  return { place: { ...place, ...(region ? { region } : {}) }, end: last.end };",
    breaks: '"jobs in Liverpool, UK" lists Liverpool, NSW, too',
  },
  {
    id: "M124",
    layer: "index",
    file: "src/index/query_place.ts",
    line:
      "  return best.population >= Math.max(min, named === words ? 0 : CITY_NAME_MIN_POPULATION)",
    becomes: "  return best.population >= min",
    breaks: '"teacher in inner city schools" is read as Innere Stadt, Vienna',
  },
  {
    id: "M125",
    layer: "index",
    file: "src/index/query_place.ts",
    line: '  if (word === "LA") return "los angeles";',
    becomes: '  if (word.toUpperCase() === "LA") return "los angeles";',
    breaks: '"la developer" reads the word "la" as Los Angeles',
  },
  {
    id: "M126",
    layer: "search",
    file: "src/search/search_hint.ts",
    line: "    const there = totalWith({}, at, company);",
    becomes: "    const there = totalWith({}, undefined, company);",
    breaks: '"jobs in Leeds" emptied by a filter counts every posting, not the place\'s',
  },
  {
    id: "M127",
    layer: "search",
    file: "src/search/search_service.ts",
    line: "    const filtered = Object.keys(filters).length > 0 || reading.salary !== null ||",
    becomes: "    const filtered = false ||",
    breaks: "the place's list is said to hold postings the filters remove",
  },
  {
    id: "M128",
    layer: "index",
    file: "src/index/query_company.ts",
    line: '    if (word !== "at" && word !== "for" && word !== "bei" && word !== "bij") continue;',
    becomes: '    if (word !== "at" && word !== "bei" && word !== "bij") continue;',
    breaks: '"working for Tesco" names no company',
  },
  {
    id: "M129",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "      (allowed === null || allowed[p] === 1) && (asked === null || asked(p));",
    becomes: "      (allowed === null || allowed[p] === 1);",
    breaks: '"jobs at Amazon" lists every company\'s postings',
  },
  {
    id: "M130",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "  const named = index.companyIn(query.q);",
    becomes: "  const named = placeToApply(index, query) ? null : index.companyIn(query.q);",
    breaks: '"software engineer at Google" is read as a place GeoNames calls Google',
  },
  {
    id: "M131",
    layer: "index",
    file: "src/index/query_company.ts",
    line:
      "  while (words.length > 1 && (LEGAL_WORDS.has(words.at(-1)!) || words.at(-1)!.length === 1)) {",
    becomes: "  while (words.length > 1 && words.at(-1)!.length === 1) {",
    breaks: '"working for Tesco" does not find "Tesco PLC"',
  },
  {
    id: "M132",
    layer: "index",
    file: "src/index/query_company.ts",
    line:
      "  for (let k = low; k < keys.length && (keys[k] === key || keys[k].startsWith(`${key} `)); k++) {",
    becomes: "  for (let k = low; k < keys.length && keys[k] === key; k++) {",
    breaks: '"nurse for NHS" leaves out NHS Professionals',
  },
  {
    id: "M133",
    layer: "index",
    file: "src/index/posting_places.ts",
    line: "      (inRegion === null || inRegion(p)) &&",
    becomes: "",
    breaks: '"jobs in Texas" lists every posting of the US',
  },
  {
    id: "M134",
    layer: "places",
    file: "src/places/world_places.ts",
    line: "  const [best] = there === undefined ? ranked(found, { country, region }) : [there];",
    becomes: "  const [best] = ranked(found, { country, region });",
    breaks: "a posting in Concord, NC, is placed in California (the most populous Concord)",
  },
  {
    id: "M135",
    layer: "index",
    file: "src/index/query_place.ts",
    line:
      "    if (country && (region === null || gazetteer.countries.has(country))) return { country };",
    becomes: "    if (country) return { country };",
    breaks: '"jobs in Georgia" is the country, where no posting is, not the US state',
  },
  {
    id: "M136",
    layer: "index",
    file: "src/index/query_place.ts",
    line: "  if (!second || isRemoteOnly(first) === isRemoteOnly(second)) return first;",
    becomes: "  if (!second || second) return first;",
    breaks: '"remote jobs in the UK" searches "UK" as a word among every remote posting',
  },
  {
    id: "M137",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "    else if (again) [place, rest] = [again, again.rest];",
    becomes: "",
    breaks: '"nurse in Liverpol" corrects the city and searches it as a word, not as the place',
  },
  {
    id: "M138",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "      [company, rest] = [again, again.rest];",
    becomes: "",
    breaks: '"care assistant at Barchster" corrects the company and searches it as a word',
  },
  {
    id: "M139",
    layer: "index",
    file: "src/index/job_index.ts",
    line:
      "    const nearestThere = stepsAt !== undefined && atPlace !== null && namedCompany === null &&",
    becomes:
      "    const nearestThere = false && stepsAt !== undefined && atPlace !== null && namedCompany === null &&",
    breaks: "a place with nothing near the words lists nothing, though postings there relate",
  },
  {
    id: "M140",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "      let at = Math.min(nearest.length, room - 1);",
    becomes: "      let at = nearest.length;",
    breaks: "a place's nearest postings run past a page",
  },
  {
    id: "M141",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "    const room = NEAREST_THERE - listed.size;",
    becomes: "    const room = NEAREST_THERE;",
    breaks: "a place's nearest postings run past a page where the place already has close matches",
  },
  {
    id: "M142",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "      if (steps[k] === 0 || steps[k] >= close) continue;",
    becomes: "      if (steps[k] >= close) continue;",
    breaks: "postings that relate to the words not at all are listed as a place's nearest",
  },
  {
    id: "M143",
    layer: "search",
    file: "src/search/search_service.ts",
    line: "          nearest: nearestThere ? closeTotal : 0,",
    becomes: "          nearest: 0,",
    breaks: "the hint says nothing of the place's nearest postings the response lists",
  },
  {
    id: "M144",
    layer: "domain",
    file: "src/domain/remote_words.ts",
    line: '    !(before === "away" && words[0] === "from") &&',
    becomes: "    true &&",
    breaks: '"work away from home" (travelling work) is read as a wish to work from home',
  },
  {
    id: "M145",
    layer: "index",
    file: "src/index/query_place.ts",
    line: "        before: folded[start - 1],",
    becomes: "",
    breaks: '"lorry driver, work away from home" searches remote postings only',
  },
  {
    id: "M146",
    layer: "alerts",
    file: "src/alerts/alert_deliverer.ts",
    line: "        ...(kept ? { q: kept.q } : {}),",
    becomes: "",
    breaks:
      'a saved "nurce" searches the word as typed once a posting uses it, and misses the nurses',
  },
  {
    id: "M147",
    layer: "alerts",
    file: "src/alerts/alert_deliverer.ts",
    line: "          query: fresh.reading,",
    becomes: "",
    breaks: "a webhook delivery does not say what its saved query was searched as",
  },
  {
    id: "M148",
    layer: "alerts",
    file: "src/alerts/saved_searches.ts",
    line: "        if (after.params.q !== before.params.q) {",
    becomes: "        if (false) {",
    breaks: "a saved search whose q changes keeps the corrections of its old words",
  },
  {
    id: "M149",
    layer: "search",
    file: "src/search/search_service.ts",
    line: "    return readingFields(readQuery(served.index, query, { now: this.#now() }));",
    becomes: "    return {};",
    breaks: "a saved search made with a misspelt word keeps no correction",
  },
  {
    id: "M150",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "    return strong === null || this.#anyAt(strong, place, companies);",
    becomes: "    return strong === null;",
    breaks: '"night shift jobs in London" lists the night jobs there as close matches only',
  },
  {
    id: "M151",
    layer: "index",
    file: "src/index/job_index.ts",
    line:
      "      for (let k = 0; k < positions.length; k++) if (inTitle[k] === 1) says[positions[k]] = 1;",
    becomes: "      for (let k = 0; k < positions.length; k++) says[positions[k]] = 1;",
    breaks: 'a description\'s "days and nights" makes a receptionist a night job',
  },
  {
    id: "M152",
    layer: "index",
    file: "src/index/job_index.ts",
    line:
      "      if (says[p] === 1 && (atPlace?.(p) ?? true) && (ofCompany?.(p) ?? true)) return true;",
    becomes: "      if (says[p] === 1) return true;",
    breaks:
      '"weekend jobs in London" lists London\'s postings by date where none there says weekends',
  },
  {
    id: "M153",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "    { terms: asksOnly(typedWords) ? [] : keywordTerms(query), titleTerms: [] },",
    becomes: "    { terms: keywordTerms(query), titleTerms: [] },",
    breaks:
      '"what jobs are available at Amazon?" searches "what available" among Amazon\'s postings',
  },
  {
    id: "M154",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "      cosineOf = (p) => best[rowOf.get(vectorOfDoc[p])!];",
    becomes: "      cosineOf = () => best[0];",
    breaks: "a small place's nearest postings are scored by one title's cosine (rows one by one)",
  },
  {
    id: "M155",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "      cosineOf = (p) => best[vectorOfDoc[p]];",
    becomes: "      cosineOf = () => best[0];",
    breaks: "a large place's nearest postings are scored by one title's cosine (the whole pass)",
  },
  {
    id: "M156",
    layer: "tests",
    file: "tests/real_jobs_cache.ts",
    line: "    Math.max(KEEP_OTHERS, others.filter((other) => other.mtime >= usedSince).length),",
    becomes: "    Math.max(KEEP_OTHERS, 0 * usedSince),",
    breaks: "checkouts at work side by side evict each other's kept real index again",
  },
  {
    id: "M157",
    layer: "tests",
    file: "tests/real_jobs_cache.ts",
    line: "  await Deno.utime(path, now, now).catch(() => {});",
    becomes: "  await Promise.resolve(now);",
    breaks: "a kept file read is not marked used, and is evicted as unused",
  },
  {
    id: "M158",
    layer: "index",
    file: "src/index/query_place.ts",
    line: "  if (area) return { area };",
    becomes: "",
    breaks: '"remote jobs in Europe" searches "Europe" as a word among every remote posting',
  },
  {
    id: "M159",
    layer: "index",
    file: "src/index/posting_places.ts",
    line: '      (inArea === null || inArea.has(jobs[p].country ?? "")) &&',
    becomes: "",
    breaks: '"nurse jobs in Europe" lists nurses of every country',
  },
  {
    id: "M160",
    layer: "search",
    file: "src/search/place_to_apply.ts",
    line: "      (place.area !== undefined && !place.area.countries.includes(query.country)));",
    becomes: "      false);",
    breaks:
      '"nurse jobs in Europe" with country=CA lists nothing, the area and the country both kept',
  },
  {
    id: "M161",
    layer: "index",
    file: "src/index/query_place.ts",
    line:
      "    place.around === undefined && place.area === undefined && place.anyOf === undefined;",
    becomes: "    place.around === undefined && place.anyOf === undefined;",
    breaks: '"remote jobs in Latin America" is said as remote anywhere',
  },
  {
    id: "M162",
    layer: "index",
    file: "src/index/job_index.ts",
    line:
      '        ? this.#kept(`level ${seniority.levels.join(" ")}`, () => this.#ofSeniority(seniority))',
    becomes: "        ? null",
    breaks: '"entry level jobs in Berlin" lists every Berlin posting as strong',
  },
  {
    id: "M163",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "    return strong === null || this.#anyAt(strong, place, companies);",
    becomes: "    return true;",
    breaks:
      '"senior roles in Leeds" with no senior posting there does not say none there is senior',
  },
  {
    id: "M164",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "    const seniority = seniorityAlone(text);",
    becomes: "    const seniority = null;",
    breaks: '"graduate jobs in Berlin" is searched as words: the graduate titles alone',
  },
  {
    id: "M165",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line: "    if (closing > 0 && namesWork(beforeClosing)) {",
    becomes: "    if (false) {",
    breaks: '"customer service no experience" searches "experience": Customer Experience first',
  },
  {
    id: "M166",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line: "  if (offered > 0) kept = workBefore(kept, offered);",
    becomes: "  if (false) kept = workBefore(kept, offered);",
    breaks: '"nurse jobs with sign on bonus" lists the nurses as close matches only',
  },
  {
    id: "M167",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line: "  return before.some((word) => !REQUEST_NOUNS.has(word)) ? before : words;",
    becomes: "  return before.length > 0 ? before : words;",
    breaks: '"work with horses" embeds "work" alone: social workers for the equine worker',
  },
  {
    id: "M168",
    layer: "index",
    file: "src/index/posting_places.ts",
    line: "      const atAny = (p: number) => each.length === 0 || each.some((at) => at(p));",
    becomes: "      const atAny = (p: number) => each.length === 0 || each.every((at) => at(p));",
    breaks: '"nurse in Berlin or Munich" lists only postings in both (none)',
  },
  {
    id: "M169",
    layer: "index",
    file: "src/index/query_place.ts",
    line: "  if (lastWord < 0) return [{ ...head, joinedBy: undefined }];",
    becomes: "  if (lastWord < 0) return chain;",
    breaks: 'a place followed by "and" and no second place is read as a list of one with a joiner',
  },
  {
    id: "M170",
    layer: "index",
    file: "src/index/result_cut.ts",
    line:
      "    if (score >= anywhere || bars.some((bar, i) => score >= bar && asked[i](positions[k]))) {",
    becomes: "    if (score >= Math.min(anywhere, ...bars)) {",
    breaks: "several places: a posting strong by another place's bar",
  },
  {
    id: "M171",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "      (eachPlace ?? [atPlace]).map(",
    becomes: "      [atPlace].map(",
    breaks: "several places: one nearest-postings list for all, not each place's own",
  },
  {
    id: "M172",
    layer: "index",
    file: "src/index/query_place.ts",
    line: "  return regionPostings(gazetteer, country!, admin1) > cityPostings;",
    becomes: "  return false;",
    breaks: '"nurse jobs in Ontario" is Ontario, California',
  },
  {
    id: "M173",
    layer: "search",
    file: "src/search/place_to_apply.ts",
    line: "  const kept = place.anyOf.filter((one) => !clashes(one, query) || isRemoteOnly(one));",
    becomes: "  const kept = place.anyOf;",
    breaks: '"nurse in Berlin or Munich" with city=Berlin keeps Munich\'s postings in the reading',
  },
  {
    id: "M174",
    layer: "index",
    file: "src/index/query_place.ts",
    line: "  if (qualified && inList(typed, end, qualified.end, gazetteer)) qualified = null;",
    becomes: "  if (qualified && false) qualified = null;",
    breaks: '"Berlin, Hamburg or Munich" reads Hamburg as Berlin\'s region',
  },
  {
    id: "M175",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "    const isStrong = eachPlace",
    becomes: "    const isStrong = false",
    breaks: "several places: no posting strong by its own place's bar",
  },
  {
    id: "M176",
    layer: "index",
    file: "src/index/query_place.ts",
    line: "    ? (w: string) => SEARCH_WORDS.has(w) || CONNECTORS.has(w)",
    becomes: "    ? (w: string) => isJobWord(w, gazetteer)",
    breaks: '"Leeds or York": York not read (a title word)',
  },
  {
    id: "M177",
    layer: "index",
    file: "src/index/query_place.ts",
    line: '  if (namesUnitedStates(key, position)) return { country: "US" };',
    becomes: '  if (false) return { country: "US" };',
    breaks: '"remote jobs in the US" is remote anywhere',
  },
  {
    id: "M178",
    layer: "index",
    file: "src/index/query_place.ts",
    line: '  return position.before === "the" || position.before === "in" ||',
    becomes: "  return true ||",
    breaks: '"jobs near us" is read as the United States',
  },
  {
    id: "M179",
    layer: "index",
    file: "src/index/query_place.ts",
    line:
      "      while (from > 0 && (CONNECTORS.has(folded[from - 1]) || article(from - 1))) from--;",
    becomes: "      while (from > 0 && CONNECTORS.has(folded[from - 1])) from--;",
    breaks:
      '"full time remote jobs in the UK" reads "jobs in the" as the work beside the type: none strong',
  },
  {
    id: "M180",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "    since: sinceToApply(query, analyzed, options.now ?? Date.now()),",
    becomes: "    since: null,",
    breaks: '"nurse jobs this week" is said as read but lists every nurse',
  },
  {
    id: "M181",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "  const posted = when && (splitWords(when.rest).length > 0 || salary) ? when : null;",
    becomes: "  const posted = null;",
    breaks: '"nurse vacancies in Leeds this week" searches "this week" as the work',
  },
  {
    id: "M182",
    layer: "index",
    file: "src/index/query_posted.ts",
    line: "    while (start > 0 && LEADING.has(words[start - 1])) start--;",
    becomes: "    while (false) start--;",
    breaks: '"software jobs posted in the last 7 days" searches "posted in" as the work',
  },
  {
    id: "M183",
    layer: "search",
    file: "src/search/filters_from_words.ts",
    line: "  return query.since !== undefined && query.since >= `${day} 00:00:00` ? null : day;",
    becomes: "  return day;",
    breaks:
      'a later since parameter does not replace the words\' "this week" (rewritten in session 37: an earlier one no longer does)',
  },
  {
    id: "M184",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: "  if (posted && wordsDay(response, name) !== undefined) {",
    becomes: "  if (false) {",
    breaks:
      '"nurse jobs this week" with nothing posted: "Search again without since" gives the same empty page',
  },
  {
    id: "M185",
    layer: "index",
    file: "src/index/dot_kernel.ts",
    line: "    if (taken) MADE_AHEAD.delete(values.buffer);",
    becomes: "    if (taken) MADE_AHEAD.has(values.buffer);",
    breaks:
      "a second index built on the kernel memory made ahead takes it too: two indexes share one memory",
  },
  {
    id: "M186",
    layer: "index",
    file: "src/index/snapshot_sections.ts",
    line: "      await this.#arrived(start + end);",
    becomes: "      await this.#arrived(start);",
    breaks: "a section's vectors are copied before their bytes have arrived",
  },
  {
    id: "M187",
    layer: "store",
    file: "src/store/snapshot_read_worker.ts",
    line: "  if (to < end) bytes.set(value.subarray(to - at), to);",
    becomes: "  if (to < end) bytes.fill(0, to, to);",
    breaks: "a redirected read drops the bytes after the redirected range",
  },
  {
    id: "M188",
    layer: "store",
    file: "src/store/snapshot_store.ts",
    line: "          hash.update(moved.target.subarray(hashed - moved.start, to - moved.start));",
    becomes: "          hash.update(bytes.subarray(hashed, to));",
    breaks: "the snapshot's hash reads the buffer the redirected bytes never reached",
  },
  {
    id: "M189",
    layer: "index",
    file: "src/index/job_index.ts",
    line:
      "      workMode ? this.#kept(`mode ${workMode.mode}`, () => this.#ofWorkMode(workMode)) : null,",
    becomes: "      null,",
    breaks: '"hybrid jobs in Amsterdam" lists every Amsterdam posting as strong',
  },
  {
    id: "M190",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "      if (mode === undefined ? unstated : asked.has(mode)) of[p] = 1;",
    becomes: "      if (mode !== undefined && asked.has(mode)) of[p] = 1;",
    breaks:
      '"on-site jobs in Amsterdam" leaves out the postings that say neither remote nor hybrid',
  },
  {
    id: "M191",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "    const workMode = workModeAlone(text);",
    becomes: "    const workMode = null;",
    breaks: '"hybrid jobs in Amsterdam" is searched as words',
  },
  {
    id: "M192",
    layer: "index",
    file: "src/index/job_index.ts",
    line:
      "    for (const other of others) for (let p = 0; p < all.length; p++) all[p] &= other[p];",
    becomes:
      "    for (const other of others) for (let p = 0; p < all.length; p++) all[p] |= other[p];",
    breaks:
      '"senior hybrid roles in Amsterdam" lists the senior postings that are not hybrid as strong',
  },
  {
    id: "M193",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "  if (BETWEEN_READINGS.has(words[from])) return splitAlone(words, from + 1, taken);",
    becomes: "  if (BETWEEN_READINGS.has(words[from])) return null;",
    breaks: '"remote jobs no experience" is searched as words',
  },
  {
    id: "M194",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "      if (part === null || Object.keys(part).some((key) => key in taken)) continue;",
    becomes: "      if (part === null) continue;",
    breaks: '"senior entry level jobs" reads two levels, the last one kept',
  },
  {
    id: "M195",
    layer: "search",
    file: "src/search/query_reading.ts",
    line:
      "    if ((there && (placeNarrows(again.place) || again.company !== null)) || (!there && either)) {",
    becomes: "    if (!there && either) {",
    breaks: '"remote or hybrid jobs in Berlin" asks for Berlin\'s remote postings alone',
  },
  {
    id: "M196",
    layer: "search",
    file: "src/search/query_reading.ts",
    line:
      '      const mode = alone.workMode.mode === "hybrid" ? "remote,hybrid" : "remote,onsite";',
    becomes: "      const mode = alone.workMode.mode;",
    breaks: '"remote or hybrid jobs in Berlin" lists the hybrid postings alone as strong',
  },
  {
    id: "M197",
    layer: "search",
    file: "src/search/search_service.ts",
    line: "    } else if (hint && !placeAlone) outcome.hint = hint;",
    becomes: "    } else if (hint) outcome.hint = hint;",
    breaks: '"hybrid jobs in Berlin" with nothing near in Berlin says nothing matches with Berlin',
  },
  {
    id: "M198",
    layer: "domain",
    file: "src/domain/job.ts",
    line: '  return others.length === 0 ? "" : ` where they are also ${others.join(" and ")}`;',
    becomes: '  return "";',
    breaks: '"senior hybrid roles in Amsterdam" says the hybrid postings are the strong matches',
  },
  {
    id: "M199",
    layer: "alerts",
    file: "src/alerts/query_reading.ts",
    line: "      queryWorkModeInWords(reading, IN_ALERTS),",
    becomes: "      null,",
    breaks: 'a digest of "hybrid jobs in Amsterdam" does not say only hybrid postings are sent',
  },
  {
    id: "M200",
    layer: "alerts",
    file: "src/alerts/query_reading.ts",
    line: "      queryPostedInWords(reading, IN_ALERTS),",
    becomes: "      null,",
    breaks: 'a digest of "nurse jobs in Leeds this week" does not say the day',
  },
  {
    id: "M201",
    layer: "domain",
    file: "src/domain/job.ts",
    line:
      "  return filter === IN_ALERTS ? `${said} sent.` : `${said} listed; ${filter} sets a later day.`;",
    becomes: "  return `${said} listed; ${String(filter)} sets a later day.`;",
    breaks:
      "a digest says the words' day is listed and offers a parameter a mail reader cannot set",
  },
  {
    id: "M202",
    layer: "search",
    file: "src/search/search_service.ts",
    line: "    const reading = readQuery(served.index, query, { now: this.#now() });",
    becomes: "    const reading = readQuery(served.index, query);",
    breaks: "\"this week\" is read against the machine's clock, not the service's",
  },
  {
    id: "M203",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "  if (analyzed.posted && !replaced) {",
    becomes: "  if (analyzed.posted) {",
    breaks:
      '"nurse jobs this week" with a since parameter says "this week" was read as the newest first',
  },
  {
    id: "M204",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line: '  if (words[start] === "hybrid" && longest === 1 && !HYBRID_ROLES.has(next)) return 1;',
    becomes:
      '  if (words[start] === "hybrid" && longest === 1 && !HYBRID_ROLES.has(next)) return 0;',
    breaks: '"hybrid python developer" embeds "hybrid" as the role\'s',
  },
  {
    id: "M205",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "    if (again && !isRemoteOnly(again)) [place, rest] = [again, again.rest];",
    becomes: "    if (again && isRemoteOnly(again)) [place, rest] = [again, again.rest];",
    breaks: '"remote jobs in Berlni" searches "jobs in berlin" as words beside remote: nothing',
  },
  {
    id: "M206",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "      return { ...again, corrected: withCorrections(query.q, again.corrections) };",
    becomes: "      return again;",
    breaks: '"remote or hybrid jobs in Berlni" says it searched "hybrid jobs in berlin"',
  },
  {
    id: "M207",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "    fields.query_shift = {",
    becomes: "    fields.query_shift = undefined && {",
    breaks: '"night shift jobs in London" lists by the hours and does not say so',
  },
  {
    id: "M208",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "  if (plain === null) return analyzeWords(asTyped);",
    becomes: "  if (plain === null || true) return analyzeWords(asTyped);",
    breaks: '"in person jobs in Amsterdam" embeds "person"',
  },
  {
    id: "M209",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "  return found ? found[0] : folded;",
    becomes: "  return folded;",
    breaks: '"on-site jobs in Amsterdam" says it read "on site"',
  },
  {
    id: "M210",
    layer: "cli",
    file: "cli/main.ts",
    line: "    `\\nUsage: ${commandPath(command)} ${command.usage()}\\n` +",
    becomes:
      "    `\\nUsage: ${commandPath(command)} ${command.usage()}\\n` + command.helpInformation() +",
    breaks: "a CLI usage error prints the whole help, scrolling the message off the screen",
  },
  {
    id: "M211",
    layer: "cli",
    file: "cli/commands/search.ts",
    line: '      const query = words.join(" ").trim();',
    becomes: '      const query = words.join(" ");',
    breaks: '`jobseek search ""` reaches the server as a blank query',
  },
  {
    id: "M212",
    layer: "cli",
    file: "cli/commands/search.ts",
    line: '    .replaceAll("(see list_cities)", "(see `jobseek cities`)");',
    becomes: "    ;",
    breaks: "`search --help` names list_cities, an MCP tool, for the CLI's cities",
  },
  {
    id: "M213",
    layer: "cli",
    file: "cli/commands/search.ts",
    line: "  if (!workMode || city.toLowerCase() === workMode) return city;",
    becomes: "  return city;",
    breaks: "the CLI table does not say which rows are remote or hybrid",
  },
  {
    id: "M214",
    layer: "cli",
    file: "cli/commands/alerts.ts",
    line: '        (query || options.param?.q || "").slice(0, SAVED_SEARCH_NAME_MAX).trim();',
    becomes: '        "";',
    breaks: "`alerts add` without --name is refused instead of naming the search by its query",
  },
  {
    id: "M215",
    layer: "cli",
    file: "cli/commands/alerts.ts",
    line: "  for (const option of filterOptions()) add.addOption(option);",
    becomes: "  void filterOptions;",
    breaks: "`alerts add` refuses the filter flags `search` takes",
  },
  {
    id: "M216",
    layer: "web",
    file: "src/web/pages.tsx",
    line:
      "                    {`View the posting on ${URL.parse(job.job_url)?.host ?? job.job_url}`}",
    becomes: "                    {`View on ${job.data_source}`}",
    breaks: "a hostile posting's link says its board while it leads elsewhere",
  },
  {
    id: "M217",
    layer: "web",
    file: "src/web/admin_routes.tsx",
    line: '    if (got.form.confirm !== "yes") {',
    becomes: "    if (false) {",
    breaks: "one Enter on Revoke revokes a key without asking",
  },
  {
    id: "M218",
    layer: "web",
    file: "src/domain/param_labels.ts",
    line: '    if (name === "salary_include_unknown") {',
    becomes: '    if (name === "salary_include_unknown_") {',
    breaks: '/saved shows "salary_include_unknown: true"',
  },
  {
    id: "M219",
    layer: "mcp",
    file: "src/mcp/stdio.ts",
    line: '  deps.logger.info("mcp stdio server ready", { store: deps.store });',
    becomes: '  deps.logger.info("mcp stdio server ready");',
    breaks: "the stdio MCP server does not say which store it searches",
  },
  {
    id: "M220",
    layer: "mcp",
    file: "src/mcp/tools/search_jobs.ts",
    line: "    invalid = tooLongQuery(error) ?? error;",
    becomes: "    invalid = error;",
    breaks: "a query over 1,000 characters is refused without pointing to profile",
  },
  {
    id: "M221",
    layer: "mcp",
    file: "src/mcp/resources/postings.ts",
    line: "  return text.replace(/[\\\\<[]/g, (c) => `\\\\${c}`);",
    becomes: "  return text;",
    breaks: "the posting resource's Markdown renders a posting's <img onerror> as an element",
  },
  {
    id: "M222",
    layer: "http",
    file: "src/http/client_abort.ts",
    line: "  if (error instanceof JobseekError) return false;",
    becomes: "  ;",
    breaks: "a refused request writes Deno's plain-text warning into the JSON log",
  },
  {
    id: "M223",
    layer: "http",
    file: "src/http/mcp_call_count.ts",
    line: "  const forTransport = rebuilt(forwarded);",
    becomes: "  const forTransport = (void forwarded, request.clone());",
    breaks: "the first /mcp request writes Deno's plain-text warning into the JSON log",
  },
  {
    id: "M224",
    layer: "web",
    file: "src/web/respond.tsx",
    line:
      '    if (raw.body && (!raw.headers.has("content-length") || raw.headers.has("transfer-encoding"))) {',
    becomes: "    if (false) {",
    breaks: "a form posted without Content-Length writes a plain-text warning into the JSON log",
  },
  {
    id: "M225",
    layer: "cli",
    file: "cli/commands/serve.ts",
    line: '    logger.info("opening the store", { store: storeName(config.kvLocation, io.cwd) });',
    becomes: "    ;",
    breaks: "`serve` does not log which store it opened",
  },
  {
    id: "M226",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "        if (index.anyFitsAloneAt(without, place ?? undefined, company?.names)) {",
    becomes: "        if (false) {",
    breaks: '"junior evening jobs in Amsterdam" is searched as words where the level alone lists',
  },
  {
    id: "M227",
    layer: "search",
    file: "src/search/search_service.ts",
    line: "    } else if (reading.unmet !== undefined && !hint) {",
    becomes: "    } else if (false) {",
    breaks: '"junior evening jobs in Amsterdam" does not say no posting there says evening',
  },
  {
    id: "M228",
    layer: "search",
    file: "src/search/search_hint.ts",
    line: '  const asked = `${pay ? `${pay} ` : ""}${browse}${posted ? ` ${posted}` : ""}`;',
    becomes: "  const asked = browse;",
    breaks:
      '"nurse jobs in Leeds this week" suggests "jobs in Leeds", which lists more than it says',
  },
  {
    id: "M229",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "      if (listed.size >= NEAREST_THERE) return false;",
    becomes: "      if (listed.size >= 1) return false;",
    breaks: '"backend python berlin" lists one Berlin posting where more are near the words',
  },
  {
    id: "M230",
    layer: "cli",
    file: "cli/commands/alerts.ts",
    line:
      '      if (query === "" && options.param?.q === undefined && options.param?.profile === undefined) {',
    becomes: "      if (false) {",
    breaks: "`alerts add --name X` with no words asks the server, which refuses it (exit 1)",
  },
  {
    id: "M231",
    layer: "cli",
    file: "cli/commands/search.ts",
    line:
      "  const said = wrapNotes ? notes.flatMap((note) => wrapText(note, Math.max(20, width))) : notes;",
    becomes: "  const said = notes;",
    breaks: "a terminal breaks the notes under the search table mid-word at its edge",
  },
  {
    id: "M232",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "          if (inTitle[k] !== 1) continue;",
    becomes: "          continue;",
    breaks:
      '"senior hybrid roles in Amsterdam" leaves out a senior posting whose title says hybrid',
  },
  {
    id: "M233",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "  return said.slice(1).flatMap((_, k) => pick(k + 1, 0, []));",
    becomes: "  return said.map((one) => [one]);",
    breaks:
      '"senior part-time evening jobs in Amsterdam" leaves out one reading only, and is searched as words',
  },
  {
    id: "M234",
    layer: "index",
    file: "src/index/query_work_mode.ts",
    line: '  const instead = others.length === 1 ? others[0] : "";',
    becomes: "  const instead = others[0];",
    breaks: '"remote, hybrid or onsite jobs in Berlin" reads remote or hybrid alone',
  },
  {
    id: "M235",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "  return namesNoWork(without) || typeAlone(without) !== null",
    becomes: "  return true || typeAlone(without) !== null",
    breaks: '"in person nurse jobs" searches "onsite" beside the work',
  },
  {
    id: "M236",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "        if (!strong && (!there || bars.close > SCORE_STEPS)) continue;",
    becomes: "        if (!strong && bars.close > SCORE_STEPS) continue;",
    breaks:
      '"part time jobs" with no place lists every other posting as a close match (session 33)',
  },
  {
    id: "M237",
    layer: "index",
    file: "src/search/query_reading.ts",
    line: "      if (narrowed && unmet === undefined) {",
    becomes: "      if (false) {",
    breaks: '"hybrid jobs in Houston", no posting there hybrid, does not list Houston (session 42)',
  },
  {
    id: "M238",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: '    const either = again.analyzed.workMode?.mode.includes("remote") === true;',
    becomes: "    const either = false;",
    breaks: '"remote or hybrid jobs" with no place reads remote as the place (session 33)',
  },
  {
    id: "M239",
    layer: "index",
    file: "src/index/query_place.ts",
    line: "        const plainWish = place.remote === true && !WISHES_ALSO_WORDS.has(wish);",
    becomes: "        const plainWish = false;",
    breaks: '"work from home" alone searches the words: home-care jobs (session 33)',
  },
  {
    id: "M240",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "  if (parts === null || Object.keys({ ...taken, ...parts }).length === 0) return null;",
    becomes: "  if (parts === null || Object.keys(parts).length === 0) return null;",
    breaks: '"part time work" is not read as the type alone (session 33)',
  },
  {
    id: "M241",
    layer: "domain",
    file: "src/domain/job.ts",
    line: "  if (!there) {",
    becomes: "  if (false) {",
    breaks: '"hybrid jobs" says the others are close ones, where none is listed (session 33)',
  },
  {
    id: "M242",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "      ...(namesNoWork(analyzed) ? { alone: true as const } : {}),",
    becomes: "      ...({}),",
    breaks:
      '"part time jobs" says the type lifts postings, where only they are listed (session 33)',
  },
  {
    id: "M243",
    layer: "search",
    file: "src/search/search_service.ts",
    line: '      const nothing = where === "" ? "No posting" : `Nothing${where}`;',
    becomes: "      const nothing = `Nothing${where}`;",
    breaks: '"entry level hybrid jobs" says "Nothing is hybrid as well" (session 33)',
  },
  {
    id: "M244",
    layer: "search",
    file: "src/search/search_service.ts",
    line: '      if (placeNarrows(alone) && foldText(alone.rest) === "jobs") {',
    becomes: "      if (false) {",
    breaks: '"Toronto" alone does not offer "jobs in Toronto" (session 33)',
  },
  {
    id: "M245",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: "                  : props.response.query_place || props.response.query_company)",
    becomes: "                  : true)",
    breaks: '"senior jobs" on the page links a filter that lists the same postings (session 33)',
  },
  {
    id: "M246",
    layer: "index",
    file: "src/index/job_index.ts",
    line:
      "          if (!/hybrid/i.test(title) || titleSaysHybridWork(title)) of[positions[k]] = 1;",
    becomes: "          of[positions[k]] = 1;",
    breaks: '"hybrid jobs" lists "Hybrid Cloud Engineer" (session 33)',
  },
  {
    id: "M247",
    layer: "index",
    file: "src/index/query_work_mode.ts",
    line: '  if (new RegExp(`^${HOME_WORD}$`, "i").test(word)) return "remote";',
    becomes: '  if (word === "remote") return "remote";',
    breaks: '"wfh or hybrid jobs" reads home working as the place (session 33)',
  },
  {
    id: "M248",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "        if (index.anyFitsAloneAt(alone, undefined)) aloneElsewhere = alone;",
    becomes: "        ;",
    breaks:
      '"hybrid jobs in Leeds" does not say how many postings elsewhere are hybrid (session 33, 42)',
  },
  {
    id: "M249",
    layer: "search",
    file: "src/search/search_service.ts",
    line: String
      .raw`        const bare = (text: string) => text.replace(/^[\s"'“”‘’]+|[\s"'“”‘’.,;:!?]+$/gu, "");`,
    becomes: "        const bare = (text: string) => text;",
    breaks:
      "a place typed in quotes is offered with its quotes inside the suggested query (session 33)",
  },
  {
    id: "M250",
    layer: "domain",
    file: "src/domain/search_query.ts",
    line: "  return count >= RESULT_SET_MAX ? `at least ${count}` : String(count);",
    becomes: "  return String(count);",
    breaks: "a count the cap stopped is said as exact (session 33)",
  },
  {
    id: "M251",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: '  for (const suggested of text.matchAll(/"([^"]{1,300})" lists /g)) {',
    becomes: '  for (const suggested of text.matchAll(/"([^"]{1,300})" lists (?!)/g)) {',
    breaks: "a hint's suggested query on the page is text to copy, not a link (session 33)",
  },
  {
    id: "M252",
    layer: "domain",
    file: "src/domain/remote_words.ts",
    line:
      '    !(words.join(" ") === "remote" && after !== undefined && REMOTE_FIELDS.includes(after));',
    becomes: "    true;",
    breaks:
      '"remote sensing analyst" reads home working and searches "sensing analyst" (session 33)',
  },
  {
    id: "M253",
    layer: "ingest",
    file: "src/ingest/work_mode.ts",
    line:
      '    String.raw`\\(remote\\)|^remote\\b(?![- ]+(?:${REMOTE_FIELDS.join("|")})\\b)|\\bremote\\s*$`,',
    becomes: "    String.raw`\\(remote\\)|^remote\\b|\\bremote\\s*$`,",
    breaks: 'a posting titled "Remote Sensing Analyst" is read as remote work (session 33)',
  },
  {
    id: "M254",
    layer: "search",
    file: "src/search/profile/profile_head.ts",
    line: "    if (rest.split(/\\s+/).length > 14) rest = rest.split(CLAUSE_ENDS)[0];",
    becomes: "    ;",
    breaks: "a summary pasted as the profile reads a role from any of its clauses (session 33)",
  },
  {
    id: "M255",
    layer: "search",
    file: "src/search/profile/profile_head.ts",
    line: "      const title = cleanTitle(titleAfterOpener(undated.split(TITLE_ENDS)[0]));",
    becomes: "      const title = cleanTitle(titleAfterOpener(undated));",
    breaks: '"Data scientist with 6 years of Python experience." reads no role (session 33)',
  },
  {
    id: "M256",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line:
      '  "only", // Session 33: "part time only", "remote jobs only" (nothing else is asked for).',
    becomes: '  "x-only",',
    breaks: '"part time only" lists nothing (session 33)',
  },
  {
    id: "M257",
    layer: "search",
    file: "src/search/profile/profile_head.ts",
    line: "const SENTENCE_END = String.raw`(?<=[\\p{L}\\p{N}]{3})[.!?](?:\\s|$)|[;:](?:\\s|$)`;",
    becomes: "const SENTENCE_END = String.raw`[.!?](?:\\s|$)|[;:](?:\\s|$)`;",
    breaks: 'a headline "Sr. Data Analyst" is read as "Sr" and names no role (session 33)',
  },
  {
    id: "M258",
    layer: "search",
    file: "src/search/profile/profile_head.ts",
    line:
      "    !/^(?:senior|junior|lead|head|chief|staff|sr\\.?|jr\\.?|snr\\.?|jnr\\.?)$/i.test(words[k])",
    becomes: "    !/^(?:senior|junior|lead|head|chief|staff)$/i.test(words[k])",
    breaks:
      'a first line "Sr. Data Analyst" reads "Sr. Data" as a name and "Analyst" as the role (session 33)',
  },
  {
    id: "M259",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "      const typed = this.#strongAlone(request.query) ?? this.#statingPay(request);",
    becomes: "      const typed = this.#strongAlone(request.query);",
    breaks:
      '"jobs paying over 100k" and "over 100k" list nothing, and "$60k jobs in Chicago" lists the postings there that state no pay as strong matches (session 34)',
  },
  {
    id: "M260",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "      if (!there && typed === null && request.query.posted === undefined) {",
    becomes: "      if (!there && typed === null) {",
    breaks: '"jobs posted this week", "new jobs today" and "latest jobs" list nothing (session 34)',
  },
  {
    id: "M261",
    layer: "domain",
    file: "src/domain/job.ts",
    line: "  const said = read.alone && there && filter !== IN_ALERTS",
    becomes: "  const said = read.alone && filter !== IN_ALERTS",
    breaks:
      '"£40k jobs in London" says only the postings that state the pay are listed, while those that state none are its close matches (session 34)',
  },
  {
    id: "M262",
    layer: "search",
    file: "src/search/query_reading.ts",
    line:
      "      namesNoWork(analyzed) && ALONE_PARTS.every((part) => analyzed[part] === undefined),",
    becomes: "      ALONE_PARTS.every((part) => analyzed[part] === undefined),",
    breaks: '"registered nurse over 100k" leaves out the nurses that state no pay (session 34)',
  },
  {
    id: "M263",
    layer: "search",
    file: "src/search/search_service.ts",
    line: "    else if (total === 0 && reading.paysAlone && reading.salary !== null) {",
    becomes: "    else if (total === 0 && reading.paysAlone && reading.salary === null) {",
    breaks:
      '"jobs paying over 10000k" is told the query names no job, not that no posting pays so (session 34)',
  },
  {
    id: "M264",
    layer: "index",
    file: "src/index/query_salary.ts",
    line:
      '    const currency = currencyOf(before) ?? currencyOf(after) ?? (lakhs ? "INR" : undefined);',
    becomes: "    const currency = undefined;",
    breaks:
      '"\u00a330k" and "over \u20ac60k" compare the pay in any currency: a posting paying $35,000 is a "\u00a330k" job (session 34)',
  },
  {
    id: "M265",
    layer: "search",
    file: "src/search/filters_from_words.ts",
    line: "    ...(salaryCurrency !== null ? { salary_currency: salaryCurrency } : {}),",
    becomes: "",
    breaks: 'the currency read from "\u00a330k" is said but not applied (session 34)',
  },
  {
    id: "M266",
    layer: "index",
    file: "src/index/query_salary.ts",
    line: '  if (!sign || sign === "$") return undefined;',
    becomes: "  if (!sign) return undefined;",
    breaks: '"$60k" reads "$" as a currency of its own, which no posting is paid in (session 34)',
  },
  {
    id: "M267",
    layer: "transport (MCP)",
    file: "src/mcp/tools/search_page.ts",
    line: "    const tied = closeTotal === 0 && shown.length > 1 &&",
    becomes: "    const tied = false && shown.length > 1 &&",
    breaks:
      'MCP says "most relevant first" of a list of equally good matches, which is newest first (session 34)',
  },
  {
    id: "M268",
    layer: "transport (MCP)",
    file: "src/mcp/tools/search_page.ts",
    line: "    const tied = closeTotal === 0 && shown.length > 1 &&",
    becomes: "    const tied = shown.length > 1 &&",
    breaks:
      'MCP says "equally good matches, newest first" of a relevance list whose first page ties (session 34)',
  },
  {
    id: "M269",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "    if (typeAlone(asJobs) !== null) analyzed = asJobs;",
    becomes: "    if (asJobs === null) analyzed = asJobs;",
    breaks:
      '"jobs in Toronto with no experience" lists every posting in Toronto: "with no experience" is dropped as phrasing (session 34)',
  },
  {
    id: "M270",
    layer: "index",
    file: "src/index/query_posted.ts",
    line:
      '    if (newest.endsWith("recent") && recentGraduateAt(words, at + said.length - 1)) continue;',
    becomes: "",
    breaks:
      '"jobs for a recent graduate in berlin" reads "recent" as the newest postings first (session 34)',
  },
  {
    id: "M271",
    layer: "search",
    file: "src/search/search_service.ts",
    line: "      outcome.hint = asksNearMe(query, reading) ? NEAR_ME_NO_WORK : NO_WORK_NAMED;",
    becomes: "      outcome.hint = NO_WORK_NAMED;",
    breaks:
      '"jobs near me" is told only to name a job, not that the search does not know where the person is (session 34)',
  },
  {
    id: "M272",
    layer: "index",
    file: "src/index/query_posted.ts",
    line: '  if (words[at] !== "recent") return false;',
    becomes: "",
    breaks:
      "any word before a graduate word is dropped as a graduate's 'recent' ('nursing graduate jobs' searches 'graduate jobs'; session 43)",
  },
  {
    id: "M273",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "  const when = postedIn(unpaid, salary !== null);",
    becomes: "  const when = postedIn(unpaid);",
    breaks:
      '"over 100k this week" searches "this week" as words beside the pay (engineer W, session 34)',
  },
  {
    id: "M274",
    layer: "index",
    file: "src/index/job_index.ts",
    line:
      "    if (salary_currency !== undefined && currency !== undefined && currency !== salary_currency) {",
    becomes: "    if (false) {",
    breaks:
      '"£30k" with salary_currency=EUR lists nothing, not the postings paying 30,000 EUR (session 34; its line moved in session 50)',
  },
  {
    id: "M275",
    layer: "search",
    file: "src/search/filters_from_words.ts",
    line: "  if (query.salary_min === undefined) return words.yearlyMin;",
    becomes:
      "  if (query.salary_currency !== undefined) return null;\n  if (query.salary_min === undefined) return words.yearlyMin;",
    breaks:
      '"over 100k" with salary_currency=USD drops the floor: a 9 USD an hour posting is listed (engineer W, session 34)',
  },
  {
    id: "M276",
    layer: "search",
    file: "src/search/search_hint.ts",
    line: "    countInWords(emptied.withoutThem)",
    becomes: "    emptied.withoutThem",
    breaks:
      "a hint says the query finds 1000 postings where the cap stopped the count (engineer W, session 34)",
  },
  {
    id: "M277",
    layer: "index",
    file: "src/index/query_salary.ts",
    line:
      "      .raw`(?<before>(?:${DOLLARS})?\\$\\s?|[£€₹]\\s?|(?:${CODES})\\s?|rs\\.?\\s?)?(?<amount>${NUMBER})(?<k>k|\\s?grand|\\s?thousand|\\s?(?:lakhs?|lacs?|lpa)|\\s?(?:millions?|mil))?\\+?` +",
    becomes:
      "      .raw`(?<before>\\$\\s?|[£€₹]\\s?|(?:${CODES})\\s?|rs\\.?\\s?)?(?<amount>${NUMBER})(?<k>k|\\s?grand|\\s?thousand|\\s?(?:lakhs?|lacs?|lpa)|\\s?(?:millions?|mil))?\\+?` +",
    breaks:
      '"C$60k" reads "60k" and searches "C" as a word, listing C developers (engineer W, session 34)',
  },
  {
    id: "M278",
    layer: "index",
    file: "src/index/query_salary.ts",
    line: "    String.raw`(?:\\s?(?<after>${CODES}|[£€₹]|rs\\.?|${WORDS_OF_CURRENCY}))?` +",
    becomes: "    String.raw`(?:\\s?(?<after>${CODES}|rs\\.?|${WORDS_OF_CURRENCY}))?` +",
    breaks: '"45.000€" is not read as pay (engineer W, session 34)',
  },
  {
    id: "M279",
    layer: "search",
    file: "src/search/search_service.ts",
    line:
      "      if (there > 0) outcome.hint = companyBrowseHint(reading.company.matched, there, filtered);",
    becomes:
      "      if (there < 0) outcome.hint = companyBrowseHint(reading.company.matched, there, filtered);",
    breaks:
      '"no experience jobs at Google" lists nothing and says nothing, not that "jobs at Google" lists its postings (session 34)',
  },
  {
    id: "M280",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line: "  for (let offer = offerEnding(kept); offer > 0; offer = offerEnding(kept)) {",
    becomes: "  for (let offer = offerEnding(kept); offer > 9; offer = offerEnding(kept)) {",
    breaks:
      '"nurse jobs sign on bonus" embeds the bonus with the work and loses the nurses (session 35)',
  },
  {
    id: "M281",
    layer: "index",
    file: "src/index/query_salary.ts",
    line: "    const cutAtAnd = and !== undefined && between === undefined;",
    becomes: "    const cutAtAnd = and !== undefined;",
    breaks: '"jobs between 100k and 150k" is not read as pay from 100k (session 35)',
  },
  {
    id: "M282",
    layer: "index",
    file: "src/index/job_index.ts",
    line:
      "    const atLevel = (p: number) => levels === null || (requireLevel ? ofLevel(p) : levels[p] !== 1);",
    becomes:
      "    const atLevel = (p: number) => levels === null || (requireLevel ? levels[p] !== 1 : levels[p] !== 1);",
    breaks:
      '"entry level marketing jobs" lists "Marketing Assistant", of no stated level, as a strong match beside the junior ones (session 35)',
  },
  {
    id: "M283",
    layer: "index",
    file: "src/index/job_index.ts",
    line:
      "              strongThen(p, score) && atLevel(p) && atMode(p) && notRuledOut(p, score) &&",
    becomes: "              strongThen(p, score) && atMode(p) && notRuledOut(p, score) &&",
    breaks:
      "the hint of a filter that emptied a level-beside-the-work search counts the work's postings of other levels (session 35)",
  },
  {
    id: "M284",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "      else if (titleSaysLevel(jobs[p].job_title, levels)) made[p] = 2;",
    becomes: "      else if (false) made[p] = 2;",
    breaks:
      '"Junior or Senior Marketing Manager" is not among "entry level marketing jobs"\' strong matches (session 35)',
  },
  {
    id: "M285",
    layer: "domain",
    file: "src/domain/job.ts",
    line: "  if (read.beside_work) return seniorityBesideInWords(read, response, filter);",
    becomes:
      "  if (read.beside_work && false) return seniorityBesideInWords(read, response, filter);",
    breaks:
      'a level beside the work is said as a level alone ("not as the work") by MCP and the CLI (session 35)',
  },
  {
    id: "M286",
    layer: "index",
    file: "src/index/query_seniority.ts",
    line: '  if (noExperience && !role.includes("experience") && namesWork(role)) {',
    becomes: '  if (noExperience && role.includes("experience") && namesWork(role)) {',
    breaks: '"marketing jobs, no experience needed" reads no level beside the work (session 35)',
  },
  {
    id: "M287",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "      (asked === null || asked(p)) && isStrong(p, scores[k]);",
    becomes: "      isStrong(p, scores[k]);",
    breaks:
      '"entry level barista in Leeds" has no strong match because a junior barista is in Berlin (session 35)',
  },
  {
    id: "M288",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "    without(roleOnly, internship ? undefined : beside?.matched),",
    becomes: "    roleOnly,",
    breaks:
      '"entry level marketing jobs" searches "entry level" as words of the work: an entry level QA engineer is a strong match (session 35)',
  },
  {
    id: "M289",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "    const ofLevel = (p: number) => levels![p] === 2 && ofWork(p);",
    becomes: "    const ofLevel = (p: number) => levels![p] === 2;",
    breaks:
      '"entry level marketing jobs" lists an entry level QA engineer, not marketing, as a strong match (engineer W, session 35)',
  },
  {
    id: "M290",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "    ).sort(levels ? ruledOutLast : byScoreThenDate);",
    becomes: "    ).sort(byScoreThenDate);",
    breaks:
      '"entry level marketing jobs" lists "Head of Marketing" as its first close match (engineer W, session 35)',
  },
  {
    id: "M291",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "    if (levels && !requireLevel && !beside!.levelsLacking) result.noneAtLevel = true;",
    becomes: "    if (levels && requireLevel && !beside!.levelsLacking) result.noneAtLevel = true;",
    breaks:
      '"entry level barista in Leeds" says the junior baristas are listed where none is (engineer W, session 35)',
  },
  {
    id: "M292",
    layer: "index",
    file: "src/index/query_salary.ts",
    line: "      if (cutAtAnd) pay.lastIndex = found.index + andEnd;",
    becomes: "      if (cutAtAnd) pay.lastIndex = found.index + found[0].length;",
    breaks: '"warehouse 15 and 20 per hour" reads no pay (engineer W, session 35)',
  },
  {
    id: "M293",
    layer: "index",
    file: "src/index/query_salary.ts",
    line: "    const k = found.groups!.k ?? (cutAtAnd ? undefined : upperK);",
    becomes: "    const k = found.groups!.k;",
    breaks: '"jobs between 30 and 40k" reads no pay (engineer W, session 35)',
  },
  {
    id: "M294",
    layer: "index",
    file: "src/index/query_seniority.ts",
    line: '  const role = asked[0] === "hiring" && asked.length > 2 ? asked.slice(1) : asked;',
    becomes: "  const role = asked;",
    breaks: '"hiring junior developers" reads no level (engineer W, session 35)',
  },
  {
    id: "M295",
    layer: "index",
    file: "src/index/query_seniority.ts",
    line: '  if (role[0] === "senior" && FOR_OLDER_PEOPLE.has(role[1])) return null;',
    becomes: '  if (role[0] === "senior" && FOR_OLDER_PEOPLE.has(role[9])) return null;',
    breaks: '"senior living coordinator" is read as a senior level (engineer W, session 35)',
  },
  {
    id: "M296",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line: "    if (work.length === 0 || (offer === 1 && work.length < 2)) break;",
    becomes: "    if (work.length === 0) break;",
    breaks: '"corporate sponsorship" embeds "corporate" alone (engineer W, session 35)',
  },
  {
    id: "M297",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "  let beside = seniorityBeside(role, typedWords);",
    becomes: "  let beside = seniorityBeside(roleOnly, typedWords);",
    breaks: '"full time junior marketing assistant" reads no level (engineer W, session 35)',
  },
  {
    id: "M298",
    layer: "search",
    file: "src/search/search_service.ts",
    line: "    } else if (hint && companyAlone && reading.company) {",
    becomes: "    } else if (hint && companyAlone && !reading.company) {",
    breaks:
      '"registered nurse at Google" does not offer "jobs at Google" where the words find none of its postings (session 35)',
  },
  {
    id: "M299",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "    const workBar = this.#keywords.best / 2;",
    becomes: "    const workBar = 0;",
    breaks:
      '"senior data scientist" lists a "Senior Data Engineer" among the work\'s postings of that level (session 35)',
  },
  {
    id: "M300",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: "                  ? !seniority.none_at_level",
    becomes: "                  ? true",
    breaks:
      "the page links the seniority filter where none of the work's postings is of the level (session 35)",
  },
  {
    id: "M301",
    layer: "index",
    file: "src/index/query_spelling.ts",
    line: "    (to, count) => to.length >= SHORTEST_CORRECTION && !misspelt(source, to, count),",
    becomes: "    (to, count) => !misspelt(source, to, count),",
    breaks: '"network engineer ccna" is searched as "cna", nursing assistants (session 36)',
  },
  {
    id: "M302",
    layer: "index",
    file: "src/index/query_place.ts",
    line:
      "  return titlePostings(word) < regionPostings(gazetteer, region.country, region.admin1);",
    becomes:
      "  return titlePostings(word) <= regionPostings(gazetteer, region.country, region.admin1);",
    breaks:
      '"engineer texas" reads Texas where titles say "Texas" as often as it has postings (session 36)',
  },
  {
    id: "M303",
    layer: "index",
    file: "src/index/posting_places.ts",
    line: "    gazetteer.titlePostings ??= titleWordCounter(this.#jobs);",
    becomes: "    gazetteer.titlePostings ??= undefined;",
    breaks: '"registered nurse texas" reads no region where one title says "Texas" (session 36)',
  },
  {
    id: "M304",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "    const atMode = (p: number) => !requireMode || inMode(p);",
    becomes: "    const atMode = (_p: number) => true;",
    breaks:
      '"data analyst hybrid" lists the work\'s postings not done that way as strong (session 36)',
  },
  {
    id: "M305",
    layer: "index",
    file: "src/index/query_work_mode.ts",
    line: "    if (!atEnd && !atStart) continue;",
    becomes: "    continue;",
    breaks: '"data analyst hybrid" reads no way of working beside the work (session 36)',
  },
  {
    id: "M306",
    layer: "search",
    file: "src/search/search_service.ts",
    line: "    if (page.noneInMode && outcome.query_work_mode?.beside_work) {",
    becomes: "    if (page.noneAtLevel && outcome.query_work_mode?.beside_work) {",
    breaks:
      '"barista hybrid" with no hybrid barista does not say none is done that way (session 36)',
  },
  {
    id: "M307",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: "                !props.response.query_work_mode.none_in_mode",
    becomes: "                true",
    breaks:
      "the page links the remote filter where none of the work's postings is done that way (session 36)",
  },
  {
    id: "M308",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "    modeBeside?.matched,",
    becomes: "    undefined,",
    breaks:
      '"data analyst hybrid" searches "hybrid" as a word: a hybrid DevOps engineer is strong (session 36)',
  },
  {
    id: "M309",
    layer: "web",
    file: "src/web/static/web.js",
    line: "    event.detail.shouldSwap = true;",
    becomes: "    event.detail.shouldSwap = false;",
    breaks:
      "with JavaScript, a search the server refuses (400) leaves the last results on screen, unsaid (reviewer B, session 36)",
  },
  {
    id: "M310",
    layer: "web",
    file: "src/web/web_routes.tsx",
    line: '          return rateLimitedPage(c, {}, error, "sign-in attempts from your network");',
    becomes: "          return rateLimitedPage(c, {}, error);",
    breaks: "too many sign-ins from one network are called too many searches (session 36)",
  },
  {
    id: "M311",
    layer: "http",
    file: "src/http/saved_search_routes.ts",
    line:
      "    const view = await savedSearches.create(ownerOf(c), raw, linkBaseUrl(deps.config, c.req.url));",
    becomes:
      "    const view = await savedSearches.create(ownerOf(c), raw, new URL(c.req.url).origin);",
    breaks:
      "a search saved over REST through a LAN address gets links 'null/v1/feeds/...' (reviewer B, session 36)",
  },
  {
    id: "M312",
    layer: "web",
    file: "src/web/saved_pages.tsx",
    line: "      const base = linkBaseUrl(deps.config, c.req.url);",
    becomes: "      const base = new URL(c.req.url).origin;",
    breaks:
      "a search saved on the page through a LAN address gets links 'null/v1/feeds/...' (reviewer B, session 36)",
  },
  {
    id: "M313",
    layer: "web",
    file: "src/web/saved_pages.tsx",
    line: '      if (got.form.confirm !== "yes") {',
    becomes: '      if (got.form.confirm === "no") {',
    breaks: "Delete on /saved deletes at one keystroke, without asking (reviewer B, session 36)",
  },
  {
    id: "M314",
    layer: "http",
    file: "src/http/saved_search_routes.ts",
    line: `    '<meta name=viewport content="width=device-width, initial-scale=1">' +`,
    becomes: "    '' +",
    breaks:
      "the confirm and unsubscribe pages a mail opens show 6 px text on a phone (reviewer B, session 36)",
  },
  {
    id: "M315",
    layer: "web",
    file: "src/web/static/web.css",
    line:
      "  /* A scraped tag may be one word of 100 letters: it breaks rather than widen a phone's page. */",
    becomes: "}\n.tag-unbroken {",
    breaks: "a posting's 100-letter tag makes the page wider than 360 px (reviewer B, session 36)",
  },
  {
    id: "M316",
    layer: "search",
    file: "src/search/search_service.ts",
    line: "          elsewhereQuery: withCorrections(roleText(place.rest), reading.corrections),",
    becomes: "          elsewhereQuery: undefined,",
    breaks:
      '"teacher in Manchester" with nothing there does not name the query that lists the words elsewhere (reviewer B, session 36)',
  },
  {
    id: "M317",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: "    from = start + suggested[1].length;",
    becomes: "    from = start + suggested[1].length;\n    break;",
    breaks: "the page links only the first query a hint suggests (reviewer B, session 36)",
  },
  {
    id: "M318",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "      else if (titleSaysLevel(jobs[p].job_title, ruledOut)) made[p] = 1;",
    becomes: "      else if (false) made[p] = 1;",
    breaks:
      '"senior accountant" lists a "Summer Student Accountant" of no stated level as a strong match (reviewer B, session 36)',
  },
  {
    id: "M319",
    layer: "web",
    file: "src/web/web_routes.tsx",
    line: "      const fileName = uploadedCvName(file.name, bytes);",
    becomes: "      const fileName = file.name;",
    breaks:
      'a CV called "cv=final.txt" is refused as "a file without an extension" (reviewer B, session 36)',
  },
  {
    id: "M320",
    layer: "store",
    file: "src/store/saved_search_store.ts",
    line: "      const ownerFree = recent.length < perOwner",
    becomes: "      const ownerFree = recent.length < Infinity",
    breaks:
      "a key has confirmation mails sent to as many addresses as it names, with no daily cap (session 36)",
  },
  {
    id: "M321",
    layer: "store",
    file: "src/store/saved_search_store.ts",
    line: "        op.check(last).check(sent)",
    becomes: "        op.check(last)",
    breaks:
      "two servers on one store both claim the last of a key's daily confirmation mails (session 36)",
  },
  {
    id: "M322",
    layer: "store",
    file: "src/store/saved_search_store.ts",
    line: ".filter((at) => now - at < windowMs)",
    becomes: ".filter((at) => now - at < windowMs / 2)",
    breaks: "a key's confirmation-mail cap counts the last 12 hours, not the last 24 (session 36)",
  },
  {
    id: "M323",
    layer: "alerts",
    file: "src/alerts/alert_deliverer.ts",
    line: "      if (byCap && !wasHeld) {",
    becomes: "      if (byCap) {",
    breaks:
      "a confirmation mail held by the key's cap is logged again at every try, not once (session 36)",
  },
  {
    id: "M324",
    layer: "alerts",
    file: "src/alerts/alert_deliverer.ts",
    line: "        ...(byCap ? { confirmationHeldByCap: true } : {}),",
    becomes: "        ...({}),",
    breaks:
      "the owner is not told a confirmation mail is held by the key's daily cap, nor until when (session 36)",
  },
  {
    id: "M325",
    layer: "alerts",
    file: "src/alerts/alert_deliverer.ts",
    line: "      await this.#store.releaseConfirmation(claim);",
    becomes: "      await Promise.resolve(claim);",
    breaks:
      "a confirmation mail the mail server refused uses up the address's day and one of the key's (session 36)",
  },
  {
    id: "M326",
    layer: "alerts",
    file: "src/alerts/confirmation_mail.ts",
    line: String.raw`    .replace(/[^\p{L}\p{N}\p{M}+#&'\-£$€% ]+/gu, " ")`,
    becomes: String.raw`    .replace(/[\u0000-\u001F]+/gu, " ")`,
    breaks:
      "a confirmation mail quotes a URL or address the key holder put in the query (session 36)",
  },
  {
    id: "M327",
    layer: "alerts",
    file: "src/alerts/confirmation_mail.ts",
    line: "  if (words.length <= WORDS_SHOWN_MAX) return words;",
    becomes: "  return words;",
    breaks: "a confirmation mail quotes all of a 1,000-character query (session 36)",
  },
  {
    id: "M328",
    layer: "alerts",
    file: "src/alerts/saved_searches.ts",
    line: "      if (heldUntil !== null) view.confirmation_held_until = iso(heldUntil);",
    becomes: "      if (heldUntil === -1) view.confirmation_held_until = iso(heldUntil);",
    breaks:
      "GET, /saved and alerts show do not say a confirmation mail is held by the key's cap (session 36)",
  },
  {
    id: "M329",
    layer: "http",
    file: "src/http/saved_search_routes.ts",
    line: "        `${xmlText(searchForStrangers(found.record.params))} to ${",
    becomes: "        `&quot;${xmlText(found.record.name)}&quot; to ${",
    breaks:
      "the confirmation page a stranger opens from the mail shows the key holder's name for the saved search (session 36)",
  },
  {
    id: "M330",
    layer: "index",
    file: "src/index/stated_type.ts",
    line: "      if (contrary.other?.test(title)) other[p] = 1;",
    becomes: '      if (title === "-") other[p] = 1;',
    breaks:
      '"part time cleaner" lists "Cleaner - Permanent Full Time" as a strong match (reviewer B, session 36)',
  },
  {
    id: "M331",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "        if (strongAsked(p, k) && !says(p)) return says;",
    becomes: "        return says;",
    breaks:
      '"part time night auditor" with only a full-time night auditor has no strong match (session 36)',
  },
  {
    id: "M332",
    layer: "index",
    file: "src/index/stated_type.ts",
    line: "      if (stating[p] === 1 || contrary.own.test(title)) continue;",
    becomes: "      if (stating[p] === 1) continue;",
    breaks:
      '"part time cleaner" makes "Cleaner (Full Time or Part Time)" a close match (session 36)',
  },
  {
    id: "M333",
    layer: "web",
    file: "src/web/saved_search_form.tsx",
    line:
      "    Object.entries(params).filter(([name]) => !NOT_SAVED.has(name) && REST_SEARCH_PARAMS.has(name)),",
    becomes:
      '    Object.entries(params).filter(([name]) => !NOT_SAVED.has(name) && name !== "csrf" && name !== "name"),',
    breaks:
      "a page URL carrying deliver=x or a link's utm_source cannot be saved (reviewer B, session 36)",
  },
  {
    id: "M334",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line: '  "cdl",',
    becomes: '  "cdl x",',
    breaks:
      '"truck driver cdl" embeds the licence with the work: the truck drivers are close (session 36)',
  },
  {
    id: "M335",
    layer: "index",
    file: "src/index/query_salary.ts",
    line: "    const bareYear = saysPay && /^\\d{4,7}$|^\\d{1,3}(?:,\\d{3})+$/.test(amount);",
    becomes: "    const bareYear = false;",
    breaks:
      '"warehouse jobs paying over 30000" searches the figure as a word (reviewer B, session 36)',
  },
  {
    id: "M336",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: "                  {`${paramInWords(name)}: ${valueInWords(name, value)} `}",
    becomes: "                  {`${name}: ${valueInWords(name, value)} `}",
    breaks:
      'the page lists an applied filter by its API name ("salary_min: 30000") (reviewer B, session 36)',
  },
  {
    id: "M337",
    layer: "index",
    file: "src/index/query_salary.ts",
    line: "  const figures = SIX_FIGURES.exec(query);",
    becomes: "  const figures = null as RegExpExecArray | null;",
    breaks: '"6 figure jobs" reads no pay (session 36)',
  },
  {
    id: "M338",
    layer: "index",
    file: "src/index/query_place.ts",
    line: "        last: folded.slice(start + length).every((w) => TRAILING_WORDS.has(w)),",
    becomes: "        last: start + length === typed.length,",
    breaks: '"nurse texas jobs" reads no region: only a last word was (reviewer W, session 36)',
  },
  {
    id: "M339",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line:
      "  if (!modeBeside && beside) modeBeside = workModeBeside(without(role, beside.matched));",
    becomes: "  if (!modeBeside && beside) modeBeside = null;",
    breaks:
      '"senior hybrid data analyst" reads no way of working between the level and the work (reviewer W, session 36)',
  },
  {
    id: "M340",
    layer: "index",
    file: "src/index/query_work_mode.ts",
    line:
      '    if (rest.every((word) => MODE_WORDS.has(word)) || seniorityAlone(rest.join(" ")) !== null) {',
    becomes: '    if (rest.length === 0 || seniorityAlone(rest.join(" ")) !== null) {',
    breaks: '"hybrid hybrid" is read as a way of working beside the work (reviewer W, session 36)',
  },
  {
    id: "M341",
    layer: "search",
    file: "src/search/search_service.ts",
    line:
      "      const elsewhere = !placeEmptied ? 0 : countWith({ query: analyzed, place: undefined });",
    becomes: "      const elsewhere = !placeEmptied ? 0 : emptied?.unfiltered ?? 0;",
    breaks:
      "a place's hint says the words list more postings elsewhere than the query it offers lists (reviewer W, session 36)",
  },
  {
    id: "M342",
    layer: "index",
    file: "src/index/occupation_labels.ts",
    line: "    return agreeing.length > 0 ? agreeing : out;",
    becomes: "    return out;",
    breaks:
      'an occupation sharing the query\'s word that disagrees with its titles is taken beside one that agrees ("solicitor" lists a Call Centre Assistant first)',
  },
  {
    id: "M343",
    layer: "index",
    file: "src/index/occupation_labels.ts",
    line: "    return agreeing.length > 0 ? agreeing : out;",
    becomes: "    return agreeing;",
    breaks:
      'where no sharer of the query\'s word agrees with its titles, none is taken ("decorator" loses its painters)',
  },
  {
    id: "M344",
    layer: "search",
    file: "src/search/occupation_vectors.ts",
    line:
      "      const shared = occupationShared ? occupations.sharedNearest(vector, text, agreeing) : [];",
    becomes:
      "      const shared = occupationShared ? occupations.sharedNearest(vector, text) : [];",
    breaks: "the search takes every near sharer of the query's word, agreeing or not",
  },
  {
    id: "M345",
    layer: "index",
    file: "src/index/indexed_text.ts",
    line:
      '  const writtenOut = [writtenOutWords(job.job_title), titleSaysIt(job.job_title) ? IT_TERM : ""]',
    becomes: '  const writtenOut = [writtenOutWords(job.job_title), ""]',
    breaks:
      'a title\'s "IT" gives the keyword side no term ("IT jobs in Berlin" lists every posting there)',
  },
  {
    id: "M346",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "  const keywordTerms = (text: string) => tokenize(itAsTerm(text, itField));",
    becomes: "  const keywordTerms = (text: string) => tokenize(text);",
    breaks:
      'a query\'s "it" is a stop word ("it support technician" lists maintenance technicians first)',
  },
  {
    id: "M347",
    layer: "index",
    file: "src/index/it_field.ts",
    line: "    if (next !== undefined) return FIELD_WORDS.has(next);",
    becomes: "    if (next !== undefined) return true;",
    breaks:
      'the pronoun "it" before any word is searched as the field IT ("is it remote" lists IT postings)',
  },
  {
    id: "M350",
    layer: "http",
    file: "src/http/app.ts",
    line: "    if (malformed !== null) return hostRefused(c, deps, malformed);",
    becomes: '    if (malformed === "never") return hostRefused(c, deps, malformed);',
    breaks:
      "a Host that names no host reaches the routes: the pages answer 500 (session 36's reviewer, mended in session 37)",
  },
  {
    id: "M351",
    layer: "http",
    file: "src/http/well_formed_host.ts",
    line: "  if (name.length > HOST_NAME_MAX) {",
    becomes: "  if (name.length > 100_000) {",
    breaks: "a Host of 300 characters is taken for a host name (session 37)",
  },
  {
    id: "M352",
    layer: "domain",
    file: "src/domain/search_query.ts",
    line: "  refuseQualifierAlone(query);",
    becomes: "  void refuseQualifierAlone;",
    breaks:
      "radius_km without near is ignored, silently, by REST, MCP, the CLI and the page (session 37)",
  },
  {
    id: "M353",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: "    if (left.length === 0) changes[other] = undefined;",
    becomes: "    if (left.length < 0) changes[other] = undefined;",
    breaks: 'the page\'s "Remove “near”" keeps radius_km: a link to a refused search (session 37)',
  },
  {
    id: "M354",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: "  const pastEnd = listed.length === 0 && offset > 0 && count > 0;",
    becomes: "  const pastEnd = false;",
    breaks: "a page past the end shows a count over an empty list, with no way back (session 37)",
  },
  {
    id: "M355",
    layer: "web",
    file: "src/web/search_page.tsx",
    line:
      '  return errorOf(name, errors) ? { "aria-invalid": "true", "aria-describedby": errorId(name) } : {};',
    becomes: "  return {};",
    breaks:
      "a refused field is not tied to its error (no aria-invalid, no aria-describedby; session 37)",
  },
  {
    id: "M356",
    layer: "web",
    file: "src/web/static/web.js",
    line: "  markFields((id) => served.getElementById(id));",
    becomes: "  markFields(() => null);",
    breaks: "after an htmx swap the refused field loses its marks (session 37)",
  },
  {
    id: "M357",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: '  const text = hintForPeople(hintParamsInWords(props.hint), "below");',
    becomes: '  const text = hintForPeople(props.hint, "below");',
    breaks: 'the page\'s hint names a filter as REST does ("country=ZZ"; session 37)',
  },
  {
    id: "M358",
    layer: "alerts",
    file: "src/alerts/webhook_address.ts",
    line: '  return `${/^[aeiou]/i.test(kind) ? "an" : "a"} ${kind}`;',
    becomes: "  return `a ${kind}`;",
    breaks: 'a webhook refusal says "a unspecified address" (session 37)',
  },
  {
    id: "M359",
    layer: "alerts",
    file: "src/alerts/webhook_address.ts",
    line: "      (allowed.port === undefined || allowed.port === port);",
    becomes: "      allowed.port !== port;",
    breaks: "an allowed host with a port matches other ports and not its own (session 37)",
  },
  {
    id: "M360",
    layer: "config",
    file: "src/config.ts",
    line:
      '    (list) => list.split(",").every((entry) => entry.trim() === "" || allowedHost(entry) !== null),',
    becomes: "    (list) => list.length >= 0,",
    breaks:
      "a JOBSEEK_WEBHOOK_ALLOW_HOSTS entry that names no host is accepted at start and matches nothing (session 37)",
  },
  {
    id: "M361",
    layer: "runtime",
    file: "src/runtime.ts",
    line: '    service: instrumentService(runtime.service, metrics, "alerts"),',
    becomes: "    service: runtime.service,",
    breaks: "the alert deliverer's searches are not counted in /metrics (session 37)",
  },
  {
    id: "M362",
    layer: "web",
    file: "src/web/metrics.ts",
    line: '    if (!ok || transport !== "http") return;',
    becomes: "    if (!ok) return;",
    breaks: "the alert deliverer's searches are timed as the searches people wait for (session 37)",
  },
  {
    id: "M363",
    layer: "store",
    file: "src/store/saved_search_store.ts",
    line:
      '    if (params.radius_km === undefined || (typeof near === "string" && near.trim() !== "")) {',
    becomes: "    if (true) {",
    breaks:
      "a saved search stored with radius_km but no near fails every delivery and edit once the search refuses the pair (session 37)",
  },
  {
    id: "M364",
    layer: "index",
    file: "src/index/it_field.ts",
    line: "  if (IT_WORK.some((work) => joined.includes(` ${work} `))) return false;",
    becomes: "",
    breaks:
      '"IT helpdesk" searches the field beside work that is the field\'s by name, and leaves out "Help Desk Technician"',
  },
  {
    id: "M365",
    layer: "index",
    file: "src/index/query_place.ts",
    line: "      if (country !== undefined && countries.has(country)) {",
    becomes: "      if (false) {",
    breaks: '"teacher in berlin de" reads Berlin, Delaware (reviewer W, session 37)',
  },
  {
    id: "M366",
    layer: "index",
    file: "src/index/query_place.ts",
    line: "  if (words.length > 1) return !words.every(common);",
    becomes: "",
    breaks: '"nurse new mexico" reads Mexico City (reviewer W, session 37)',
  },
  {
    id: "M367",
    layer: "domain",
    file: "src/domain/allowed_host.ts",
    line: "  if (!bareV6 && /:$/.test(text)) return null;",
    becomes: "",
    breaks:
      'JOBSEEK_WEBHOOK_ALLOW_HOSTS takes "hooks.example:" and allows any port (reviewer W, session 37)',
  },
  {
    id: "M368",
    layer: "search",
    file: "src/search/filters_from_words.ts",
    line: "  return sameCurrency && words.yearlyMin > query.salary_min ? words.yearlyMin : null;",
    becomes: "  return null;",
    breaks:
      'a lower salary_min parameter widens the pay the words ask ("over 100k" with salary_min=50000 lists what "over 50k" lists; reviewer W, session 37)',
  },
  {
    id: "M369",
    layer: "search",
    file: "src/search/search_hint.ts",
    line: '      : name === "since" && posted !== null',
    becomes: '      : name === "since" && posted === undefined',
    breaks:
      'the hint of an emptied set names "since=..." for the day the words asked, a parameter the person never gave (reviewer W, session 37)',
  },
  {
    id: "M370",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "    salaryStatedOnly: salary !== null && query.salary_include_unknown !== true &&",
    becomes: "    salaryStatedOnly: false &&",
    breaks:
      "beside a salary parameter the sentence says the postings that state no pay are kept, while the parameter leaves them out (session 37)",
  },
  {
    id: "M371",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: '  ["vet nurse", "veterinary nurse"],',
    becomes: "",
    breaks:
      '"vet nurse" searches "veterinarian nurse" and lists veterinary surgeons first (session 37)',
  },
  {
    id: "M372",
    layer: "search",
    file: "src/search/search_hint.ts",
    line:
      "  const area = around !== undefined && !foldText(named).includes(foldText(around.city));",
    becomes: "  const area = false;",
    breaks: 'a hint says "within 75 km of bay area" (session 37)',
  },
  {
    id: "M373",
    layer: "search",
    file: "src/search/place_to_apply.ts",
    line: "  if (place?.around) return { ...place, around: { ...place.around, radiusKm } };",
    becomes: "",
    breaks:
      '"nurse near Liverpool" with radius_km=60 is refused, though the words say where to measure from (reviewer W, session 37)',
  },
  {
    id: "M374",
    layer: "domain",
    file: "src/domain/search_query.ts",
    line:
      '    if (name === "radius_km" && query.q !== undefined && query.q.trim() !== "") continue;',
    becomes: "",
    breaks:
      "a radius beside words is refused as it is parsed, before the words can name a place near",
  },
  {
    id: "M375",
    layer: "cli",
    file: "cli/commands/search.ts",
    line:
      "    throw new Error(refusalInFlags(describeFailedResponse(failedResponse(response, body))));",
    becomes: "    throw new Error(describeFailedResponse(failedResponse(response, body)));",
    breaks:
      "the CLI names a refused parameter as REST spells it ('radius_km'), not as its flag (session 37)",
  },
  {
    id: "M376",
    layer: "http",
    file: "src/http/app.ts",
    line: '  const path = pathAsSent(c.req.raw.url, c.req.header("host")) ?? c.req.path;',
    becomes: "  const path = c.req.path;",
    breaks:
      'a Host with a "/" ("a/b") is refused in a page\'s shape on the API\'s routes (reviewer W, session 37)',
  },
  {
    id: "M377",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: '  return name === "since" && posted?.since !== undefined ? posted.matched : undefined;',
    becomes: "  return undefined;",
    breaks:
      'the page offers to search again without "posted since", a filter the person never set, for the day the words asked (session 37)',
  },
  {
    id: "M378",
    layer: "search",
    file: "src/index/query_phrasing.ts",
    line:
      "  return [...words.slice(0, at), DOERS.get(words[at])!, ...words.slice(at + 1 + asked)];",
    becomes: "  return words;",
    breaks:
      '"driving jobs" lists an autonomous driving engineer and caregivers who must be able to drive, not drivers (session 38)',
  },
  {
    id: "M379",
    layer: "search",
    file: "src/index/query_phrasing.ts",
    line: '  "guy",',
    becomes: "",
    breaks:
      '"it guy jobs" searches "guy" as the stemmer\'s "gui" and lists GUI developers (session 38)',
  },
  {
    id: "M400",
    layer: "search",
    file: "src/index/query_place.ts",
    line:
      "  return { place: { ...place, country, ...(region ? { region } : {}) }, end: last.end };",
    becomes: "  return { place: { ...place, country }, end: last.end };",
    breaks:
      '"jobs in portland maine" lists the postings of Portland, Oregon: the region said after a city only narrows it to the country (session 38)',
  },
  {
    id: "M401",
    layer: "search",
    file: "src/index/it_field.ts",
    line:
      '    "workers technical developer developers administration guy guys gal person people problems " +',
    becomes: '    "workers technical developer developers administration " +',
    breaks:
      '"it guy" and "help with IT problems" read "it" as the pronoun, not the field (session 38)',
  },
  {
    id: "M402",
    layer: "search",
    file: "src/index/query_salary.ts",
    line: '    const after = ownValue(CURRENCY_WORDS, written?.toLowerCase() ?? "") ?? written;',
    becomes: "    const after = written;",
    breaks:
      '"paying at least 25 dollars an hour" is searched as words: the currency said in words is no sign (session 38)',
  },
  {
    id: "M403",
    layer: "search",
    file: "src/index/posting_places.ts",
    line: '      return region === admin1 || (unknownIn && region === "");',
    becomes: "      return region === admin1;",
    breaks:
      '"jobs in Whitby, ON" lists nothing: a city GeoNames places in no region is emptied by the region said after it (reviewer W, session 38)',
  },
  {
    id: "M404",
    layer: "search",
    file: "src/index/query_posted.ts",
    line: "  const span = ownValue(SPANS, text);",
    becomes: "  const span = SPANS[text];",
    breaks:
      '"nurse posted constructor" answers 500: an inherited name is a span of days (reviewer W, session 38)',
  },
  {
    id: "M405",
    layer: "http",
    file: "src/http/postings_routes.ts",
    line: "  const format = ownValue(PUSH_MEDIA_TYPES, media);",
    becomes: "  const format = PUSH_MEDIA_TYPES[media];",
    breaks:
      'a push with content-type "constructor" is imported as a format that is a function, not refused with 415 (session 38)',
  },
  {
    id: "M406",
    layer: "search",
    file: "src/index/query_work_mode.ts",
    line: '  const mode = ownValue(SAID, withoutJobWords(splitWords(text)).join(" "));',
    becomes: '  const mode = SAID[withoutJobWords(splitWords(text)).join(" ")];',
    breaks:
      '"constructor jobs" throws in the work mode\'s filter: an inherited name is a way of working (session 38)',
  },
  {
    id: "M407",
    layer: "search",
    file: "src/index/query_phrasing.ts",
    line: "    (k === words.length - 1 || ASKED_AFTER_DOING.has(words[k + 1]))",
    becomes: "    k === words.length - 1",
    breaks:
      '"driving jobs weekends" lists an autonomous driving engineer: the doing before "jobs" is read as typed (reviewer W, session 38)',
  },
  {
    id: "M408",
    layer: "search",
    file: "src/index/query_salary.ts",
    line:
      '    if (/^pounds?$/iu.test(written ?? "") && !period && !saysPay && stated < 1000) continue;',
    becomes: "",
    breaks:
      '"warehouse job able to lift 50 pounds" reads pay of 104,000 GBP and leaves out every US warehouse posting (reviewer W, session 38)',
  },
  {
    id: "M409",
    layer: "search",
    file: "src/index/query_phrasing.ts",
    line: "    const soon = startSoonEndingAt(words, start, end);",
    becomes: "    const soon = 0;",
    breaks:
      '"I need a job that starts immediately in Houston" searches "starts immediately" and lists none of Houston\'s postings as strong (session 38)',
  },
  {
    id: "M410",
    layer: "search",
    file: "src/index/query_place.ts",
    line: "        CONNECTORS.has(folded) || PREPOSITIONS.has(folded) ||",
    becomes: "        !last || CONNECTORS.has(folded) || PREPOSITIONS.has(folded) ||",
    breaks:
      '"houston tx warehouse" searches "tx" as a word: a region code before the work is not read (reviewer W, session 38)',
  },
  {
    id: "M411",
    layer: "search",
    file: "src/index/query_place.ts",
    line: "      r.admin1 === placed?.admin1 && r.country === placed.country",
    becomes: "      false",
    breaks:
      '"jobs in perth wa" reads a Perth of New York: the code\'s first region, Washington, over Western Australia (session 38)',
  },
  {
    id: "M412",
    layer: "search",
    file: "src/index/analyze_query.ts",
    line:
      "      : ownValue(ABBREVIATIONS, word) ?? inContextLong(word, at, of) ?? englishOfJobName(word);",
    becomes: "      : ownValue(ABBREVIATIONS, word) ?? inContextLong(word, at, of);",
    breaks:
      '"Krankenschwester" lists DevOps engineers first and "Elektriker" an AI developer: German and Dutch job names reach the English encoder as they are (session 38)',
  },
  {
    id: "M413",
    layer: "search",
    file: "src/search/search_service.ts",
    line: "      outcome.hint = NOTHING_NEAR_WORDS;",
    becomes: "",
    breaks:
      '"minimum wage jobs" answers an empty list that says nothing at all: no title comes near the words (session 38)',
  },
  {
    id: "M380",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: "      <ErrorSummary errors={errors} params={params} />",
    becomes: "",
    breaks:
      "a refused search is said nowhere above the filters: at 360 px no one sees it (session 38)",
  },
  {
    id: "M381",
    layer: "web",
    file: "src/web/static/web.js",
    line: "    focusErrorSummary();",
    becomes: "    ;",
    breaks:
      "a search submitted and refused leaves the focus in the field, its error summary a screen away at 360 px (session 38)",
  },
  {
    id: "M382",
    layer: "web",
    file: "src/web/static/web.js",
    line: '  if (trigger === "submit") submitted = true;',
    becomes: "  if (false) submitted = true;",
    breaks:
      "Enter in a field (its `change` sends the search, then `submit` sends nothing new) never takes the focus to the refusal (session 38)",
  },
  {
    id: "M383",
    layer: "web",
    file: "src/web/static/web.js",
    line: "      else field.before(copy);",
    becomes: "      else;",
    breaks:
      "a refusal swapped in as the person types is not said beside the field they type in (session 38)",
  },
  {
    id: "M384",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: "  if (!error) return null;",
    becomes: "  return null;",
    breaks: "a refused field has no sentence beside it saying why (session 38)",
  },
  {
    id: "M385",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: '  const named = refused ? `“${fieldLabel(refused[1] ?? refused[2])}”: ` : "";',
    becomes: '  const named = refused ? refused[0] : "";',
    breaks:
      "the page's refusal names REST's parameter (\"Invalid parameter 'salary_min'\"), not the field's label (session 38)",
  },
  {
    id: "M386",
    layer: "web",
    file: "src/web/search_page.tsx",
    line:
      "      i % 2 === 1 ? part : part.replace(ERROR_PARAM, (_, name: string) => `“${fieldLabel(name)}”`)",
    becomes: "      part",
    breaks:
      "a refusal's text names other parameters as REST does (\"give 'near' too\") (session 38)",
  },
  {
    id: "M387",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: "const TYPED_PLACE = /(called '.*' is known)/s;",
    becomes: "const TYPED_PLACE = /(?!)/s;",
    breaks:
      "a place the person typed that spells a parameter ('near') is rewritten as a field's label in the refusal that quotes it (session 38)",
  },
  {
    id: "M388",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: "      <label for={id}>{fieldLabel(props.name)}</label>",
    becomes: "      <label for={id}>{props.name}</label>",
    breaks: "the form's labels and the words its errors name drift apart (session 38)",
  },
  {
    id: "M389",
    layer: "alerts",
    file: "src/alerts/saved_searches.ts",
    line:
      "    return !given ? `${which} needs '${name}' (${words})` : `${which}: '${name}' must be ${words}`;",
    becomes: "    return `${which}: '${name}' must be ${words}`;",
    breaks:
      "a delivery without its `to` is told its `to` must be an address, not that it needs one (session 38)",
  },
  {
    id: "M390",
    layer: "alerts",
    file: "src/alerts/saved_searches.ts",
    line: "  const which = `delivery ${index + 1}`;",
    becomes: "  const which = `delivery ${index}`;",
    breaks: 'a refused delivery is counted from 0 ("delivery 0") (session 38)',
  },
  {
    id: "M391",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: "  if (/^\\d{4}-\\d{2}-\\d{2} 00:00:00$/.test(text)) return text.slice(0, 10);",
    becomes: "",
    breaks:
      'a day picked in a date field is said as its midnight ("posted since: 2025-01-01 00:00:00") (session 38)',
  },
  {
    id: "M392",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: '  const lead = place ? "(?:\\\\b(?:in|near|around|at|within)\\\\s+)?" : "";',
    becomes: '  const lead = "";',
    breaks:
      'the words without their place keep the word that led to it ("barista in") (session 38)',
  },
  {
    id: "M393",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: '    <div id="results" class={hasFacets ? "layout" : "layout no-facets"}>',
    becomes: '    <div id="results" class="layout">',
    breaks: "a list with nothing to narrow by stands beside an empty column (session 38)",
  },
  {
    id: "M394",
    layer: "web",
    file: "src/web/static/web.js",
    line: "  details.open = false;",
    becomes: "  ;",
    breaks: 'Escape closes neither "More filters" nor "Narrow" (session 38)',
  },
  {
    id: "M395",
    layer: "web",
    file: "src/web/saved_pages.tsx",
    line:
      "            {`To have new postings sent as well, add ${what} with your API key (in the header `}",
    becomes: '            {""}',
    breaks: "/saved no longer says where a webhook or an email digest is added (session 38)",
  },
  {
    id: "M396",
    layer: "web",
    file: "src/web/description.tsx",
    line: "      return <>{inner()}</>;",
    becomes: '      return <a href={node.destination ?? ""}>{inner()}</a>;',
    breaks:
      "a posting's Markdown link (`javascript:` too) becomes a link on this site (session 38)",
  },
  {
    id: "M397",
    layer: "web",
    file: "src/web/description.tsx",
    line: "  if (depth > MAX_DEPTH) return <p>{textOf(node)}</p>;",
    becomes: "  if (false) return <p>{textOf(node)}</p>;",
    breaks:
      "a description of deeply nested quotes exhausts the stack of the posting's page (session 38)",
  },
  {
    id: "M398",
    layer: "web",
    file: "src/web/description.tsx",
    line: '      return <p class="kept-lines">{node.literal ?? ""}</p>;',
    becomes:
      '      return <p class="kept-lines" dangerouslySetInnerHTML={{ __html: node.literal ?? "" }} />;',
    breaks: "a description's raw HTML block is written as HTML (session 38)",
  },
  {
    id: "M399",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: '      hx-select-oob="#count:innerHTML,#save-search,#error-summary,#account,#cv-csrf"',
    becomes: '      hx-select-oob="#count:innerHTML,#save-search,#account,#cv-csrf"',
    breaks: "a search accepted after a refusal leaves the refusal's summary on screen (session 38)",
  },
  {
    id: "M414",
    layer: "web",
    file: "src/web/description.tsx",
    line: "    if (++openings > MOST_LINK_OPENINGS) return false;",
    becomes: "    ++openings;",
    breaks:
      'a description of 47,600 characters of "[a](" is parsed as Markdown: 5 s, the server standing still (reviewer W, session 38)',
  },
  {
    id: "M415",
    layer: "web",
    file: "src/web/description.tsx",
    line: "  return !CONTAINERS_ON_A_LINE.test(text);",
    becomes: "  return true;",
    breaks:
      'a description of lists opened on one line ("- - - a") is parsed as Markdown: seconds of quadratic work (session 38)',
  },
  {
    id: "M416",
    layer: "search",
    file: "src/search/search_service.ts",
    line: "          outcome.hint = `No posting is in ${bare(alone.matched)}.`;",
    becomes: "",
    breaks:
      '"perth wa", a place alone with no postings, is told to name the work in other words (reviewer W, session 38)',
  },
  {
    id: "M417",
    layer: "search",
    file: "src/index/query_spelling.ts",
    line: "    englishOfJobName(word) !== undefined || informalNameOf(word) !== undefined ||",
    becomes: "    informalNameOf(word) !== undefined ||",
    breaks:
      '"Lehrerin in Berlin" is corrected to "lehrer": the spelling correction does not know the German job names (reviewer W, session 38)',
  },
  {
    id: "M418",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: "                ? readingMatched(props.response, name)",
    becomes: "                ? null",
    breaks:
      'the company the words named that empties the list links "Search again without “query_company”" to the same search (reviewer W, session 38)',
  },
  {
    id: "M440",
    layer: "ingest",
    file: "src/ingest/stated_pay.ts",
    line: "  if (NOT_PAY_AFTER.test(tail) || /^%/.test(after)) return undefined;",
    becomes: "  if (/^%/.test(after)) return undefined;",
    breaks:
      '"Pay: $500 sign-on bonus" becomes the posting\'s pay of 500 a year: the words after the money are not read (session 39)',
  },
  {
    id: "M441",
    layer: "ingest",
    file: "src/ingest/import_row.ts",
    line: "    if (job.base_salary === undefined && !options.hasOwnPay) {",
    becomes: "    if (!options.hasOwnPay) {",
    breaks:
      "a JSON Lines row's own base_salary is replaced by the pay its description states (session 39)",
  },
  {
    id: "M442",
    layer: "ingest",
    file: "src/ingest/jobspy_csv.ts",
    line: '    hasOwnPay: field(row, "min_amount") !== "" || field(row, "max_amount") !== "",',
    becomes: "    hasOwnPay: false,",
    breaks:
      "a CSV row whose own amounts base_salary cannot hold (no currency) takes the description's pay instead (session 39)",
  },
  {
    id: "M443",
    layer: "ingest",
    file: "src/ingest/stated_pay.ts",
    line: '  if (text === "$") return country ? DOLLAR_OF[country] : undefined;',
    becomes: '  if (text === "$") return DOLLAR_OF[country ?? "US"];',
    breaks: 'a "$" of a posting with no country is read as US dollars (session 39)',
  },
  {
    id: "M444",
    layer: "ingest",
    file: "src/ingest/stated_pay.ts",
    line: "    if (found !== undefined && found !== pay) return undefined;",
    becomes: "",
    breaks: "a description with two pay lines that disagree gets the last one's pay (session 39)",
  },
  {
    id: "M445",
    layer: "ingest",
    file: "src/ingest/stated_pay.ts",
    line:
      "  if (high * PERIODS_PER_YEAR[period] > (YEARLY_CEILING[currency] ?? DEFAULT_YEARLY_CEILING)) {",
    becomes: "  if (false) {",
    breaks:
      'a truck driver\'s "Pay: $500.00 – $890.00 per hour" is read: 1.85 million a year for the salary filter (session 39)',
  },
  {
    id: "M446",
    layer: "ingest",
    file: "src/ingest/stated_pay.ts",
    line: "    if (!YEARLY_WITHOUT_PERIOD.has(currency) || low < 15_000) return undefined;",
    becomes: "    if (!YEARLY_WITHOUT_PERIOD.has(currency)) return undefined;",
    breaks: '"Pay: £12.50" without a period is read as 12.50 a year (session 39)',
  },
  {
    id: "M447",
    layer: "ingest",
    file: "src/ingest/stated_pay.ts",
    line: '  if (!label || (label[2].toLowerCase() === "rate" && !label[1])) return undefined;',
    becomes: "  if (!label) return undefined;",
    breaks: '"Rate: $5 per hour", a bare "rate" with no pay word, is read as pay (session 39)',
  },
  {
    id: "M448",
    layer: "index",
    file: "src/index/reposts.ts",
    line: '  if (a.terms !== "" && a.terms === b.terms) return true;',
    becomes: "",
    breaks:
      '"Health Care Assistant, Hbn Caring Services, Leeds", one job in two wordings with the same terms, is listed twice (session 39)',
  },
  {
    id: "M449",
    layer: "index",
    file: "src/index/reposts.ts",
    line: '  if (!TERMS_PAY.test(terms)) return "";',
    becomes: "",
    breaks:
      "two postings whose terms say no pay (only hours and schedule) are joined as one job (session 39)",
  },
  {
    id: "M450",
    layer: "index",
    file: "src/index/reposts.ts",
    line: "  for (const m of description.matchAll(TERMS_START)) start = m.index;",
    becomes: "  for (const m of description.matchAll(TERMS_START)) if (start < 0) start = m.index;",
    breaks:
      'the terms are read from the first "Job Type" line, one said in the text above them: two wordings of one job stay two (session 39)',
  },
  {
    id: "M451",
    layer: "search",
    file: "src/search/search_service.ts",
    line:
      "              filtersWithSalary({ ...filters } as SearchQuery, { ...reading, since: null }),",
    becomes: "              filters,",
    breaks:
      'an emptied set\'s hint counts "warehouse jobs paying over 30000" without its pay: "the query finds 42" where the query finds 38 (session 39)',
  },
  {
    id: "M420",
    layer: "web",
    file: "src/web/static/web.js",
    line: '  if (event.detail.target?.id !== "error-summary" || submitted) return;',
    becomes: "  return;",
    breaks:
      "a search refused as the person types swaps the error summary in above the field, pushing it out of view at 360 px (session 39)",
  },
  {
    id: "M421",
    layer: "web",
    file: "src/web/search_refusals.ts",
    line: "      if (param === undefined || again || current[param] === undefined) break;",
    becomes: "      break;",
    breaks: "the page lists only the first field at fault of several (session 39)",
  },
  {
    id: "M422",
    layer: "web",
    file: "src/web/search_refusals.ts",
    line: "      for (const name of Object.keys(removing(current, param))) delete rest[name];",
    becomes: "      delete rest[param];",
    breaks:
      "a place the search does not know, beside a radius, lists the radius as refused too (session 39)",
  },
  {
    id: "M423",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: "  return [...errors].sort((a, b) => rank(a) - rank(b));",
    becomes: "  return [...errors];",
    breaks: "the error summary lists the refusals in the URL's order, not the form's (session 39)",
  },
  {
    id: "M424",
    layer: "web",
    file: "src/web/saved_pages.tsx",
    line: "    email: alerts.smtpUrl !== undefined && alerts.mailFrom !== undefined,",
    becomes: "    email: true,",
    breaks: "/saved offers email digests on a server that sends no mail (session 39)",
  },
  {
    id: "M425",
    layer: "web",
    file: "src/web/saved_pages.tsx",
    line: "    webhook: alerts.webhookPublic !== false || alerts.webhookAllowHosts.length > 0,",
    becomes: "    webhook: true,",
    breaks: "/saved offers webhooks on a server that allows them no host (session 39)",
  },
  {
    id: "M426",
    layer: "alerts",
    file: "src/alerts/alert_deliverer.ts",
    line: "    if (fresh.length < DELIVERY_MAX) {",
    becomes: "    if (false) {",
    breaks:
      "a saved search's feed is empty until a posting arrives after it was saved: every feed on the real postings (session 39)",
  },
  {
    id: "M427",
    layer: "alerts",
    file: "src/alerts/alert_deliverer.ts",
    line: "          b.result.publish_time.localeCompare(a.result.publish_time) ||",
    becomes: "          0 ||",
    breaks: "a feed's earlier matches are not the latest posted first (session 39)",
  },
  {
    id: "M428",
    layer: "web",
    file: "src/web/console_data.ts",
    line: "      bytes: parts ? parts.baseBytes + parts.deltaBytes : meta.byteLength,",
    becomes: "      bytes: meta.byteLength,",
    breaks: "/admin shows a delta's own few KiB as the served index's size (session 39)",
  },
  {
    id: "M429",
    layer: "web",
    file: "src/web/admin_routes.tsx",
    line: '  if (id === index.parts?.baseId) return ", base of the served";',
    becomes: "",
    breaks: "/admin's stored snapshots do not say which is the served delta's base (session 39)",
  },
  {
    id: "M460",
    layer: "search",
    file: "src/index/query_place.ts",
    line: "            (placeInRegionNamed(city, text, countries)?.population ?? 0) <",
    becomes: "            Infinity <",
    breaks:
      '"pittsburgh me nurse" reads Pittsburgh, Maine: a code that is an English word is read before the work where no place of the city lies in its region (session 39)',
  },
  {
    id: "M461",
    layer: "search",
    file: "src/index/query_place.ts",
    line: '          (elsewhere || JOINERS.has(folded) || folded === "on" ||',
    becomes: "          (elsewhere || JOINERS.has(folded) ||",
    breaks:
      '"toronto on weekends" reads Ontario: "on" before the work is a code where Toronto lies (session 39)',
  },
  {
    id: "M462",
    layer: "search",
    file: "src/index/query_place.ts",
    line:
      "  if (inRegion && inRegion.population >= WORLD_MIN_POPULATION.preposition) return inRegion;",
    becomes: "  if (inRegion) return inRegion;",
    breaks:
      '"aspen co nurse" reads Aspen, Colorado (6,900 people): a town with its region\'s code is read however small (session 39)',
  },
  {
    id: "M463",
    layer: "search",
    file: "src/index/query_place.ts",
    line: "    : placeInRegionSaid(words, position.after, gazetteer);",
    becomes: "    : null;",
    breaks:
      '"salem ma nurse" reads no place: a town without postings named with its region\'s code needs a million people there (session 39)',
  },
  {
    id: "M464",
    layer: "search",
    file: "src/index/query_phrasing.ts",
    line: '    WORKER_OF_FIELD.has(word) && PERSON_WORDS.has(words[k + 1] ?? "")',
    becomes: "    WORKER_OF_FIELD.has(word)",
    breaks:
      '"delivery manager" is searched as "delivery driver manager": a field is its worker without a person word after it (session 39)',
  },
  {
    id: "M465",
    layer: "search",
    file: "src/index/analyze_query.ts",
    line: "      named === typedWords",
    becomes: "      true",
    breaks:
      '"delivery guy" is embedded as typed: the worker\'s title reaches the keyword side only (session 39)',
  },
  {
    id: "M466",
    layer: "search",
    file: "src/index/query_phrasing.ts",
    line: "  const clause = words.findIndex((word, at) => at > 0 && RELATIVES.has(word));",
    becomes: "  const clause = -1;",
    breaks:
      '"find me remote frontend jobs that use vue" embeds the clause with the work: every remote frontend developer a close match only (session 39)',
  },
  {
    id: "M467",
    layer: "search",
    file: "src/index/query_phrasing.ts",
    line: '  "home daily",',
    becomes: '  "home dailyx",',
    breaks:
      '"cdl truck driver home daily" embeds when the driver is home with the work (session 39)',
  },
  {
    id: "M468",
    layer: "search",
    file: "src/index/job_index.ts",
    line: '      unmatched: mode === "hybrid" && best === 0,',
    becomes: '      unmatched: mode === "hybrid",',
    breaks:
      "a posting that holds the query's word needs the higher minimum meant for words no posting holds: fitting matches become close ones (session 39)",
  },
  {
    id: "M469",
    layer: "search",
    file: "src/index/job_index.ts",
    line: '      unmatched: mode === "hybrid" && best === 0,',
    becomes: "      unmatched: false,",
    breaks:
      '"carpenter jobs" (no posting says it) lists production engineers and chefs as strong matches at 0.46-0.48 (session 39)',
  },
  {
    id: "M470",
    layer: "search",
    file: "src/index/query_phrasing.ts",
    line: '  "for students",',
    becomes: '  "for studentsx",',
    breaks:
      '"weekend jobs for students" embeds the students: teachers and working students first (session 39)',
  },
  {
    id: "M471",
    layer: "search",
    file: "src/index/query_spelling.ts",
    line: "  if (!used.titled && used.postings > TYPO_POSTINGS) return null;",
    becomes: "  if (used.postings > 0) return null;",
    breaks:
      '"sofware enginer berlin" is read as typed: a typo some postings share is never corrected (session 39)',
  },
  {
    id: "M472",
    layer: "search",
    file: "src/index/query_spelling.ts",
    line: "const TITLE_TYPO_RATIO = 100;",
    becomes: "const TITLE_TYPO_RATIO = 10;",
    breaks:
      '"architekt" is corrected to "architect": a title word twenty times rarer than one an edit away is taken for a typo (session 39)',
  },
  {
    id: "M473",
    layer: "search",
    file: "src/index/query_spelling.ts",
    line: "    used.titled ? 1 : bound,",
    becomes: "    bound,",
    breaks: "a title word two edits from a far more used one is corrected to it (session 39)",
  },
  {
    id: "M474",
    layer: "search",
    file: "src/search/search_service.ts",
    line: "      else if (filtered) {",
    becomes: "      else if (false) {",
    breaks:
      '"xyzzy jobs posted this week in Leeds" says the words come near nothing where nothing in Leeds was posted this week (session 39)',
  },
  {
    id: "M475",
    layer: "search",
    file: "src/index/query_posted.ts",
    line: "    if (!SAID_POSTED.has(words[at])) continue;",
    becomes: "    continue;",
    breaks:
      '"jobs posted today in Leeds xyzzy" searches "posted today" as words: a day said mid-query is not read (session 39)',
  },
  {
    id: "M476",
    layer: "search",
    file: "src/index/query_place.ts",
    line: '          (elsewhere || JOINERS.has(folded) || folded === "on" ||',
    becomes: '          (JOINERS.has(folded) || folded === "on" ||',
    breaks:
      '"chester pa receptionist" reads Chester, Pennsylvania, where Chester\'s postings are in England: a personal assistant is no region (reviewer W, session 39)',
  },
  {
    id: "M477",
    layer: "search",
    file: "src/index/query_place.ts",
    line: "  if (isJobWord(after, gazetteer) || PREPOSITIONS.has(after)) return null;",
    becomes: "  if (PREPOSITIONS.has(after)) return null;",
    breaks:
      '"gurgaon hr executive" reads the place "gurgaon hr" (Haryana): a word of the titles is taken for a region\'s code (reviewer W, session 39)',
  },
  {
    id: "M478",
    layer: "search",
    file: "src/index/query_spelling.ts",
    line: "    namesCity(word)",
    becomes: "    false",
    breaks:
      '"salem or nurse" is searched as "sales or nurse": a city\'s name is corrected to a word of the titles (reviewer W, session 39)',
  },
  {
    id: "M479",
    layer: "search",
    file: "src/index/query_phrasing.ts",
    line: "    (k === 0 || FIELD_OPENERS.has(words[k - 1]))",
    becomes: "    true",
    breaks:
      '"cyber security guy" lists security guards: a field after a word of its own is taken for its worker (reviewer W, session 39)',
  },
  {
    id: "M480",
    layer: "search",
    file: "src/index/query_phrasing.ts",
    line:
      "  if (opening > 0 && !REQUEST_NOUNS.has(kept[opening])) kept = roleWords(kept.slice(opening));",
    becomes: "  if (opening > 0) kept = roleWords(kept.slice(opening));",
    breaks:
      '"english speaking jobs for expats" embeds "expats": an offer before a job word is taken off (reviewer W, session 39)',
  },
  {
    id: "M481",
    layer: "search",
    file: "src/index/query_phrasing.ts",
    line: "  const tools = TOOL_VERBS.has(asked[0]) && !asked.some((word) => NEGATIONS.has(word))",
    becomes: "  const tools = TOOL_VERBS.has(asked[0])",
    breaks:
      '"software jobs that require no german" embeds "software no german": what is not wanted is kept as a tool (session 39)',
  },
  {
    id: "M482",
    layer: "search",
    file: "src/search/search_hint.ts",
    line: "      withoutThem: without,",
    becomes: "      withoutThem: unfiltered,",
    breaks:
      '"care assistant jobs posted today in Leeds" says what the words find anywhere as what they find without the day (reviewer W, session 39)',
  },
  {
    id: "M483",
    layer: "search",
    file: "src/index/analyze_query.ts",
    line: "  if (typedRole.length > 1) variants.push({ terms: typedRole, titleTerms: [] });",
    becomes: "  if (false) variants.push({ terms: typedRole, titleTerms: [] });",
    breaks:
      '"delivery boy" no longer searches "boy": the posting titled "Delivery Boy" loses its words (reviewer W, session 39)',
  },
  {
    id: "M485",
    layer: "search",
    file: "src/index/analyze_query.ts",
    line: "  const named = joinedCompounds(workerOfField(said));",
    becomes: "  const named = workerOfField(said);",
    breaks:
      '"jobs as a life guard" lists security guards first: a compound written apart is searched as its parts (session 39)',
  },
  {
    id: "M486",
    layer: "search",
    file: "src/index/query_spelling.ts",
    line: "      (word.length >= COMPOUND_LETTERS && first.length >= 3 && second.length >= 3 &&",
    becomes: "      (first.length >= 3 && second.length >= 3 &&",
    breaks:
      '"car pet" is joined to "carpet": a short word of two short ones is taken for a compound (session 39)',
  },
  {
    id: "M487",
    layer: "search",
    file: "src/index/informal_names.ts",
    line: '  sparky: "electrician",',
    becomes: '  sparkyx: "electrician",',
    breaks:
      '"sparky" lists no electrician: the British name of the trade reaches the encoder as it is (session 39)',
  },
  {
    id: "M484",
    layer: "search",
    file: "src/index/query_spelling.ts",
    line: "      /^[a-z]+$/.test(word) && !NO_COMPOUND_FIRST.has(first) &&",
    becomes: "      /^[a-z]+$/.test(word) &&",
    breaks:
      '"care home worker" is embedded as "care homeworker": one who works from home (session 39)',
  },
  {
    id: "M489",
    layer: "search",
    file: "src/index/query_phrasing.ts",
    line: "  if (clause < 0 || words.length - clause - 1 > CLAUSE_WORDS) return words;",
    becomes: "  if (clause < 0) return words;",
    breaks:
      'a CV pasted as the query is cut at its first "that": "CV as q" precision 0.9 to 0.1 for an engineering manager (session 39)',
  },
  {
    id: "M490",
    layer: "search",
    file: "src/index/query_spelling.ts",
    line:
      "      tokenize(first).length > 0 && tokenize(second).length > 0 && inWordList(word) === true",
    becomes: "      inWordList(word) === true",
    breaks:
      '"what\'s out there for a chef" is read as "therefor": stop words are joined into a compound (session 39)',
  },
  {
    id: "M491",
    layer: "search",
    file: "src/index/query_spelling.ts",
    line: 'const NO_COMPOUND_FIRST = new Set(["home", "time"]);',
    becomes: 'const NO_COMPOUND_FIRST = new Set(["home"]);',
    breaks: '"part time server" is read as "part timeserver" (session 39)',
  },
  {
    id: "M500",
    layer: "ingest",
    file: "src/ingest/posting_languages.ts",
    line: "        if (NOT_NEEDED_AFTER.test(clauseAfter(text, end))) continue;",
    becomes: "        clauseAfter(text, end);",
    breaks: '"German is a plus" is read as a posting asking for German (session 40)',
  },
  {
    id: "M501",
    layer: "ingest",
    file: "src/ingest/posting_languages.ts",
    line: "        if (underOptionalHeading(text, at)) continue;",
    becomes: "        underOptionalHeading(text, at);",
    breaks: '"Fluent German" listed under "Nice to have:" is read as asked for (session 40)',
  },
  {
    id: "M502",
    layer: "ingest",
    file: "src/ingest/posting_languages.ts",
    line: "  const languages = [...new Set([...(own ? [own] : []), ...asked])];",
    becomes: "  const languages = [...new Set([...asked, ...(own ? [own] : [])])];",
    breaks:
      "a German posting asking for good English lists English first, as if it were written in it (session 40)",
  },
  {
    id: "M510",
    layer: "search",
    file: "src/index/query_spelling.ts",
    line: "  if (CONTRACTIONS_UNMARKED.has(word)) return true;",
    becomes: "  if (false) return true;",
    breaks: "'jobs that dont require a degree' is searched as 'donut' (session 40)",
  },
  {
    id: "M511",
    layer: "search",
    file: "src/index/query_salary.ts",
    line:
      "      .raw`over|above|min|minimum|at least|from|upwards of|more than|greater than|in excess of|` +",
    becomes: "      .raw`over|above|min|minimum|at least|from|upwards of|` +",
    breaks:
      "'jobs paying more than 50k in london' searches 'jobs paying more than' as words and lists nothing strong (session 40)",
  },
  {
    id: "M512",
    layer: "search",
    file: "src/index/query_language.ts",
    line: "      return languages.every((language) => language === asked.language);",
    becomes: "      return languages.some((language) => language === asked.language);",
    breaks:
      "'english speaking jobs in Amsterdam' lists postings that ask for Dutch too as strong (session 40)",
  },
  {
    id: "M513",
    layer: "search",
    file: "src/index/job_index.ts",
    line: "    const atLanguage = (p: number) => !requireLanguage || inLanguage(p);",
    becomes: "    const atLanguage = (_p: number) => true;",
    breaks:
      "'dutch speaking sales' lists every sales posting as strong, whatever its language (session 40)",
  },
  {
    id: "M514",
    layer: "search",
    file: "src/index/query_language.ts",
    line:
      '    if (work.length === 0 || READ_ALONE.some((read) => read(work.join(" ")) !== null)) return null;',
    becomes: "    if (work.length === 0) return null;",
    breaks:
      "'senior english speaking jobs' searches 'senior' as the work beside the language (session 40)",
  },
  {
    id: "M515",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "    const ofCompany = wanted(namedCompany, excluded, notThere);",
    becomes: "    const ofCompany = wanted(namedCompany, null, notThere);",
    breaks: "'healthcare jobs not nursing' lists nurses (session 40)",
  },
  {
    id: "M516",
    layer: "search",
    file: "src/index/analyze_query.ts",
    line: "  const unwanted = exclusionIn(roleWords(typedWords));",
    becomes: "  const unwanted = exclusionIn([]);",
    breaks:
      "'it jobs except help desk' searches 'help desk' with the rest and lists help desks first (session 40)",
  },
  {
    id: "M517",
    layer: "index",
    file: "src/index/job_index.ts",
    line: '    const joined = saying(words.length > 1 ? tokenize(words.join("")) : []);',
    becomes: "    const joined = saying([]);",
    breaks: "'it jobs except help desk' keeps the postings titled 'Helpdesk' (session 40)",
  },
  {
    id: "M518",
    layer: "search",
    file: "src/index/query_exclusion.ts",
    line: "    if (NOT_WORK_FIRST.has(unwanted[0])) continue;",
    becomes: '    if (unwanted[0] === "in") continue;',
    breaks:
      "'jobs where german is not required' leaves out postings titled 'required' and loses its language (session 40)",
  },
  {
    id: "M519",
    layer: "search",
    file: "src/index/query_language.ts",
    line: "  if (role.length > MOST_READ_WORDS) return null;",
    becomes: "  if (false) return null;",
    breaks:
      "a CV pasted as the query ('English (fluent), Dutch (B2)') is read as asking for work in English alone (bench:cv, session 40)",
  },
  {
    id: "M520",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "  let notAt = place ? placeNotWanted(query.q, place) : null;",
    becomes: "  let notAt = null as ReturnType<typeof placeNotWanted>;",
    breaks:
      "'developer jobs not in berlin' lists Berlin's developers only: the place not wanted is the place searched (session 40)",
  },
  {
    id: "M521",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "    const notThere = this.#places.maskOf(request.notAt);",
    becomes: "    const notThere = this.#places.maskOf(undefined);",
    breaks: "'nurse jobs except in Liverpool' lists Liverpool's nurses (session 40)",
  },
  {
    id: "M522",
    layer: "search",
    file: "src/index/analyze_query.ts",
    line: '  dev: "developer",',
    becomes: "",
    breaks:
      "'junior dev no degree' lists only DevOps engineers: 'dev' is searched as the first half of 'Dev Ops' (session 41)",
  },
  {
    id: "M523",
    layer: "search",
    file: "src/index/query_phrasing.ts",
    line: "  if (field > 0) return after.slice(field);",
    becomes: "",
    breaks:
      "'i want something in marketing' embeds 'something in marketing', not the field (session 41)",
  },
  {
    id: "M524",
    layer: "search",
    file: "src/index/analyze_query.ts",
    line: "  const said = asked.length > MOST_READ_WORDS\n    ? asked\n    : subjectOfDegree(",
    becomes: "  const said = false\n    ? asked\n    : subjectOfDegree(",
    breaks:
      "a CV pasted as the query is searched as its degree's subject alone ('BSc degree in Computer Science' among eight years of Python) (session 41)",
  },
  {
    id: "M525",
    layer: "search",
    file: "src/index/query_phrasing.ts",
    line: "      if (!DEGREES_AFTER.has(words[at])) continue;",
    becomes: "",
    breaks: "'scrum master' is read as a degree in scrum (session 41)",
  },
  {
    id: "M526",
    layer: "search",
    file: "src/index/analyze_query.ts",
    line: "  const typedSource = said === asked ? typedWords : said;",
    becomes: "  const typedSource = typedWords;",
    breaks:
      "'jobs for someone with a psychology degree' also searches postings saying 'someone', 'psychology' and 'degree' as an alternative: the words that named no work are searched (session 41)",
  },
  {
    id: "M527",
    layer: "index",
    file: "src/index/job_index.ts",
    line: '    if (paid && request.sort === "relevance") {',
    becomes: "    if (false) {",
    breaks:
      "'high paying jobs in toronto' lists Toronto's postings in their plain order: good pay asked for orders nothing (session 41)",
  },
  {
    id: "M528",
    layer: "domain",
    file: "src/domain/salary.ts",
    line: "    ? pay.max * rate",
    becomes: "    ? pay.max",
    breaks:
      "'lucrative sales jobs' puts rupees a month above pounds a year: pay in several currencies ordered as one figure (session 41)",
  },
  {
    id: "M529",
    layer: "search",
    file: "src/search/search_service.ts",
    line: "      ...(analyzed.bestPaid ? { bestPaidFirst: true } : {}),",
    becomes: "",
    breaks: "good pay asked for is read and said, but the search does not order by it (session 41)",
  },
  {
    id: "M530",
    layer: "search",
    file: "src/index/analyze_query.ts",
    line: "  const unpaid = paid?.rest ?? salary?.rest ?? asTyped;",
    becomes: "  const unpaid = salary?.rest ?? asTyped;",
    breaks: "'best paying jobs' searches 'paying' and lists 'Software Engineer, Pay' (session 41)",
  },
  {
    id: "M531",
    layer: "search",
    file: "src/search/profile_search.ts",
    line: "      ...(analyzed.bestPaid ? { bestPaidFirst: true } : {}),",
    becomes: "",
    breaks:
      "'well paid' beside a CV is said but the CV's matches are not ordered by pay (session 41)",
  },
  {
    id: "M532",
    layer: "search",
    file: "src/index/query_phrasing.ts",
    line:
      '    if (word === "only" && ownValue(LANGUAGE_OF_NAME, words[end - 2] ?? "") !== undefined) break;',
    becomes: "",
    breaks:
      "'english only jobs in amsterdam' searches 'english' and says nothing there is near it: 'only' is taken as the asking (session 41)",
  },
  {
    id: "M533",
    layer: "search",
    file: "src/index/query_phrasing.ts",
    line:
      '    if (word === "only" && ownValue(LANGUAGE_OF_NAME, words[k + 1] ?? "") !== undefined) {',
    becomes: "    if (false) {",
    breaks:
      "'only english jobs in amsterdam' searches 'english': 'only' is taken as the asking (session 41)",
  },
  {
    id: "M534",
    layer: "index",
    file: "src/index/job_index.ts",
    line:
      "    const nearestThere = stepsAt !== undefined && atPlace !== null && namedCompany === null &&",
    becomes:
      "    const nearestThere = stepsAt !== undefined && atPlace !== null && ofCompany === null &&",
    breaks:
      "'healthcare jobs not nursing in london' lists nothing where 'healthcare jobs in london' lists London's nearest posting: work not wanted turns off the place's nearest postings (session 41)",
  },
  {
    id: "M535",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "          unwantedOut ? (p: number) => at(p) && unwantedOut(p) : at,",
    becomes: "          at,",
    breaks:
      "beside work not wanted, the place's nearest postings counted and chosen include the unwanted ones, which are then left out: fewer than a page is listed (session 41)",
  },
  {
    id: "M536",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "      result.noPayStated = true;",
    becomes: "",
    breaks:
      "'well paid jobs in Germany' says the postings that state pay come first, though none of them states any (reviewer W, session 41)",
  },
  {
    id: "M537",
    layer: "web",
    file: "src/web/search_page.tsx",
    line:
      '                  <a href={pageUrl(props.params, { sort: ["relevance"], offset: undefined })}>',
    becomes: "                  <a href={pageUrl(props.params, { offset: undefined })}>",
    breaks:
      "'well paid nurse jobs' on the page, newest first: the link to list the best paid first lists them newest first again (reviewer W, session 41)",
  },
  {
    id: "M538",
    layer: "search",
    file: "src/index/query_phrasing.ts",
    line: "    return [...kept, ...subject, ...after];",
    becomes: "    return [...kept, ...subject];",
    breaks:
      "'jobs for someone with a marketing degree no experience' loses 'no experience': what follows the degree is dropped with it (session 41)",
  },
  {
    id: "M539",
    layer: "search",
    file: "src/index/query_phrasing.ts",
    line: "    const studied = STUDIED.has(words[at]);",
    becomes: "    const studied = false;",
    breaks:
      "'i studied history what jobs are there' is searched as typed and lists nothing (session 41)",
  },
  {
    id: "M540",
    layer: "search",
    file: "src/index/query_exclusion.ts",
    line: "      unwanted = unwanted.slice(1);",
    becomes: "",
    breaks:
      "'software engineer not in sales' lists Sales Engineers as its strong matches (reviewer W, session 41)",
  },
  {
    id: "M541",
    layer: "alerts",
    file: "src/alerts/saved_searches.ts",
    line: "        if (d.unsubscribedAt !== undefined) unsubscribed.add(d.to.toLowerCase());",
    becomes: "        if (false) unsubscribed.add(d.to.toLowerCase());",
    breaks:
      "a new saved search to an address that unsubscribed is taken as confirmed (reviewer W, session 42)",
  },
  {
    id: "M542",
    layer: "alerts",
    file: "src/alerts/alert_deliverer.ts",
    line: '          if (delivery.type === "email" && delivery.unsubscribedAt !== undefined) {',
    becomes: "          if (false) {",
    breaks: "POST .../send mails a digest to an address that unsubscribed (reviewer W, session 42)",
  },
  {
    id: "M544",
    layer: "alerts",
    file: "src/alerts/saved_searches.ts",
    line: "          d === delivery ? { ...delivery, unsubscribedAt: now } : d",
    becomes: "          d",
    breaks: "one-click unsubscribe leaves the email delivery as it was (reviewer W, session 42)",
  },
  {
    id: "M560",
    layer: "config",
    file: "src/config.ts",
    line: '  return url.href.replace(/\\/+$/, "");',
    becomes: '  return raw.replace(/\\/+$/, "");',
    breaks:
      "JOBSEEK_PUBLIC_URL=HTTPS://Jobs.Example.COM kept as typed: the session cookie loses Secure (reviewer, session 42)",
  },
  {
    id: "M561",
    layer: "alerts",
    file: "src/alerts/webhook_address.ts",
    line: '  if (g[0] === 0x2001 && g[1] >= 0x10 && g[1] < 0x30) return "reserved (ORCHID)";',
    becomes: '  if (g[0] === 0x2001 && g[1] >= 0x10 && g[1] < 0x20) return "reserved (ORCHID)";',
    breaks: "a webhook to ORCHIDv2 (2001:20::/28) is accepted (reviewer, session 42)",
  },
  {
    id: "M562",
    layer: "web",
    file: "src/web/metrics.ts",
    line:
      '      help: "Time the search service took per search asked over HTTP (REST, MCP and the web " +',
    becomes: '      help: "Time the search service took per search. " +',
    breaks:
      "/metrics: jobseek_search_duration_seconds' help says 'per search' again, though failed searches and the deliveries' are not timed (reviewer, session 42)",
  },
  {
    id: "M545",
    layer: "domain",
    file: "src/domain/job.ts",
    line:
      '    return said.startsWith("remote ") ? ` among ${said}` : ` ${said.replace(/^postings /, "")}`;',
    becomes: '    return ` ${said.replace(/^postings /, "")}`;',
    breaks:
      "the page heads remote postings in two places 'Closest matches remote postings in Berlin or Amsterdam' (reviewer W, session 42)",
  },
  {
    id: "M546",
    layer: "alerts",
    file: "src/alerts/saved_searches.ts",
    line: "const NameSchema = z.string().transform((s) => cleanLine(s).trim()).pipe(",
    becomes: "const NameSchema = z.string().transform((s) => s.trim()).pipe(",
    breaks:
      "a saved search's name keeps CR/LF and control characters, sent raw in REST answers and webhooks (reviewer W, session 42)",
  },
  {
    id: "M547",
    layer: "web",
    file: "src/web/static/web.js",
    line: '  if (answeredBy?.origin === location.origin && answeredBy.pathname === "/signin") {',
    becomes: "  if (false) {",
    breaks:
      "a search typed after the session ended swaps the sign-in page into the results: nothing shows under the old count (reviewer W, session 42)",
  },
  {
    id: "M548",
    layer: "web",
    file: "src/web/session.ts",
    line:
      '    getCookie(c, SESSION_COOKIE) !== undefined || !["GET", "HEAD"].includes(c.req.method)',
    becomes: "    false",
    breaks:
      "the sign-in page after a session ended does not say why what was asked was not done (reviewer W, session 42)",
  },
  {
    id: "M549",
    layer: "domain",
    file: "src/domain/remote_words.ts",
    line: '  "work from anywhere",',
    becomes: "",
    breaks:
      "'work from anywhere' is searched as words and lists one posting, not the remote ones (session 42)",
  },
  {
    id: "M563",
    layer: "web",
    file: "src/web/saved_pages.tsx",
    line: "  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;",
    becomes: "  return iso;",
    breaks:
      "/saved says a delivery's times as the API's ISO ('2026-12-01T03:46:56.275Z') again (reviewer, session 42)",
  },
  {
    id: "M564",
    layer: "alerts",
    file: "src/alerts/email_digest.ts",
    line: "    salaryText(r) || r.base_salary,",
    becomes: "    r.base_salary,",
    breaks:
      "the email digest says pay as stored ('40000.0-50000.0 GBP/YEAR') again (reviewer, session 42)",
  },
  {
    id: "M565",
    layer: "alerts",
    file: "src/alerts/atom_feed.ts",
    line: "    salaryText(result) || result.base_salary,",
    becomes: "    result.base_salary,",
    breaks: "the Atom feed's summary says pay as stored again (reviewer, session 42)",
  },
  {
    id: "M566",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: "            <span>{valueLabel(props.name, value)}</span>",
    becomes: "            <span>{value}</span>",
    breaks:
      "the page's facets say 'parttime', 'mid' where a posting says 'Part-time' (reviewer, session 42)",
  },
  {
    id: "M567",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: '    : `${points.slice(0, TITLE_QUERY_MAX).join("").trimEnd()}…`;',
    becomes: "    : q;",
    breaks:
      "the page refusing a 1,200-character query repeats it whole in its title (reviewer, session 42)",
  },
  {
    id: "M568",
    layer: "web",
    file: "src/web/admin_routes.tsx",
    line: '        class="stack"\n        columns={["Name", "Starts with",',
    becomes: '        class=""\n        columns={["Name", "Starts with",',
    breaks:
      "/admin at 360 px: the keys table scrolls sideways, Revoke off the screen (reviewer, session 42)",
  },
  {
    id: "M550",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line: '    if (word === "search") return words[k + 1] === "for";',
    becomes: '    if (word === "search") return false;',
    breaks: "'Search for project manager jobs' searches the word 'search' (session 43)",
  },
  {
    id: "M551",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line: '    if (word === "the") return k > from && k + 1 < end;',
    becomes: '    if (word === "the") return false;',
    breaks: "'what are the highest paying remote jobs' searches 'the' as the work (session 43)",
  },
  {
    id: "M552",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line: '    if (word === "right" && words[end] === "now") {',
    becomes: '    if (word === "right" && words[end] === "never") {',
    breaks: "'... right now' searches 'right' as the work (session 43)",
  },
  {
    id: "M553",
    layer: "index",
    file: "src/index/query_posted.ts",
    line: "  return (end < 0 ? after : after.slice(0, end)).some((word) => GRADUATES.has(word));",
    becomes: "  return GRADUATES.has(after[0]);",
    breaks: "'a recent computer science graduate' asks for postings of the last days (session 43)",
  },
  {
    id: "M554",
    layer: "index",
    file: "src/index/query_employment.ts",
    line: "    const hours = HOURS_AFTER.has(at(words.length - 1)!) ? 1 : 0;",
    becomes: "    const hours = 0;",
    breaks: "'admin assistant part time mornings' searches 'part time' as words (session 43)",
  },
  {
    id: "M555",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "  const reading = readWords(index, { ...query, q: someDays.without }, options);",
    becomes: "  const reading = readWords(index, query, options);",
    breaks: "'working from home two days a week' asks for remote postings alone (session 43)",
  },
  {
    id: "M556",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: '  const internship = !beside && employment?.type === "internship";',
    becomes: '  const internship = !beside && employment?.type === "temporary";',
    breaks: "'marketing intern' lists a Head of Marketing among its strong matches (session 43)",
  },
  {
    id: "M557",
    layer: "index",
    file: "src/index/job_index.ts",
    line:
      '      else if (interns && employmentTypesOf(jobs[p]).includes("internship")) made[p] = 2;',
    becomes: "",
    breaks:
      "a posting typed Internship is not an intern's post unless its title says so (session 43)",
  },
  {
    id: "M558",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "  const work = workWords(internship ? role : without(role, beside?.matched));",
    becomes: "  const work = workWords(role);",
    breaks:
      "'junior copywriter' lists junior developers first, the level embedded with the work (session 43)",
  },
  {
    id: "M570",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: "  return sentence === null ? null : readingWithLabels(sentence);",
    becomes: "  return sentence;",
    breaks:
      "the page's reading says 'the employment type (parttime)' beside the facet's 'Part-time' (reviewer, session 43)",
  },
  {
    id: "M571",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: '  return valuesLabel(name, Array.isArray(value) ? value.map(String) : text, " or ");',
    becomes: "  return text;",
    breaks: "the filters applied say 'work mode: hybrid,remote' in codes (session 43)",
  },
  {
    id: "M572",
    layer: "web",
    file: "src/domain/param_labels.ts",
    line:
      '    valuesLabel(name, Array.isArray(value) ? value.map(String) : [String(value)], " or ");',
    becomes: '    Array.isArray(value) ? value.join(" or ") : String(value);',
    breaks:
      "/saved says a saved search's 'employment type: parttime' in codes (reviewer, session 43)",
  },
  {
    id: "M573",
    layer: "alerts",
    file: "src/alerts/email_digest.ts",
    line:
      "    ...(options.reading ? readingInWords(options.reading).map(readingWithLabels) : []),\n    ...(options.filters",
    becomes:
      "    ...(options.reading ? readingInWords(options.reading) : []),\n    ...(options.filters",
    breaks: "the email digest's reading says '(parttime)' (session 43)",
  },
  {
    id: "M574",
    layer: "alerts",
    file: "src/alerts/atom_feed.ts",
    line: "    ...(options.reading ? readingInWords(options.reading).map(readingWithLabels) : []),",
    becomes: "    ...(options.reading ? readingInWords(options.reading) : []),",
    breaks: "the Atom feed's subtitle says '(mid)', '(onsite)' (session 43)",
  },
  {
    id: "M575",
    layer: "domain",
    file: "src/domain/salary_text.ts",
    line: '  if (range[4] === "YEAR") return span === "" ? yearly : `${span}${yearly}`;',
    becomes: '  if (range[4] !== "NEVER") return span === "" ? yearly : `${span}${yearly}`;',
    breaks:
      "hourly pay is said as a year alone in the digest, the feed and the page (reviewer, session 43)",
  },
  {
    id: "M576",
    layer: "web",
    file: "src/web/search_page.tsx",
    line:
      '                keepsSome(props.response, "remote", props.response.query_work_mode.work_mode)',
    becomes: "                true",
    breaks:
      "'hybrid jobs in New York' (none there hybrid) offers 'Only postings that say hybrid', which lists nothing (reviewer, session 43)",
  },
  {
    id: "M577",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: '                keepsSome(props.response, "seniority", seniority.seniority)',
    becomes: "                true",
    breaks:
      "'senior jobs in London' (none there senior) offers 'Only senior postings', which lists nothing (session 43)",
  },
  {
    id: "M578",
    layer: "web",
    file: "src/web/search_page.tsx",
    line:
      '                keepsSome(props.response, "employment_type", employment.employment_type)',
    becomes: "                true",
    breaks:
      "'internship in London' (none there an internship) offers a filter that lists nothing (session 43)",
  },
  {
    id: "M579",
    layer: "web",
    file: "src/web/static/web.css",
    line: ".table-wrap:focus-visible {",
    becomes: ".table-wrap-never:focus-visible {",
    breaks:
      "the console's tables, Tab stops, show Chromium's 1 px ring, not the page's (keys alone, session 43)",
  },
  {
    id: "M580",
    layer: "web",
    file: "src/web/admin_routes.tsx",
    line: "          <td>{props.filter ? valueLabel(props.filter, row.value) : row.value}</td>",
    becomes: "          <td>{row.value}</td>",
    breaks: "the console says work modes as codes ('onsite') (session 43)",
  },
  {
    id: "M559",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "  const typed = student.length < splitWords(beforeStudent).length",
    becomes: "  const typed = student.length < 0",
    breaks:
      "'part-time jobs suitable for a university student' searches the person's words as the work (session 43)",
  },
  {
    id: "M581",
    layer: "index",
    file: "src/index/query_seniority.ts",
    line: "  ...STUDENT_CLOSING,",
    becomes: "",
    breaks:
      "'barista jobs for students' is not read as a student's level beside the work (session 43)",
  },
  {
    id: "M582",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "      if (request.nearestFirst && there) this.#nearestFirst(request, bars);",
    becomes: "",
    breaks:
      "where none at a place is what the words ask alone, its postings come in date order, not nearest first (session 43)",
  },
  {
    id: "M583",
    layer: "search",
    file: "src/search/search_service.ts",
    line: "      ...(reading.noneThere ? { nearestFirst: true } : {}),",
    becomes: "",
    breaks:
      "the service does not ask for the nearest first where none at a place is what the words ask alone (session 43)",
  },
  {
    id: "M584",
    layer: "index",
    file: "src/index/query_seniority.ts",
    line: '      phrase !== "entry" && !phrase.includes("first") && !phrase.includes("student") &&',
    becomes: '      phrase !== "entry" && !phrase.includes("first") &&',
    breaks: "'student nurse' and 'student advisor' are read as a level, not the role (session 43)",
  },
  {
    id: "M585",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "    mode && { ...mode, matched: mode.matched.replace(/\\bhybrid\\b/i, typed) };",
    becomes: "    mode && { ...mode };",
    breaks: "home working some days a week is said back as 'hybrid', not as typed (session 43)",
  },
  {
    id: "M586",
    layer: "index",
    file: "src/index/informal_names.ts",
    line: '  bouncer: "door security",',
    becomes: "",
    breaks: "'bouncer' lists supervisors, not security guards (session 43)",
  },
  {
    id: "M587",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: '  ["shop assistant", "retail assistant", "sales assistant", "customer assistant"],',
    becomes: "",
    breaks: "'shop assistant' lists assistant store managers first (session 43)",
  },
  {
    id: "M588",
    layer: "index",
    file: "src/index/job_index.ts",
    line:
      "    const closeGroup = (position: number) => ofWork(position) ? Number(levels![position] === 1) : 2;",
    becomes: "    const closeGroup = (position: number) => Number(levels![position] === 1);",
    breaks:
      "a posting of the work at a level the words rule out comes after close matches of other work (session 43)",
  },
  {
    id: "M589",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line: "    if (subject > 0) {",
    becomes: "    if (subject < 0) {",
    breaks:
      "'my user wants healthcare jobs' searches 'my user' as the work (reviewer W, session 43)",
  },
  {
    id: "M590",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line: '  "paying a daily rate",',
    becomes: "",
    breaks:
      "'ux designer roles paying a daily rate' embeds the day rate with the work (reviewer W, session 43)",
  },
  {
    id: "M591",
    layer: "search",
    file: "src/search/search_service.ts",
    line:
      "      outcome.hint = closeOnlyHint(analyzed.embeddingText || query.q.trim(), closeTotal);",
    becomes: "",
    breaks: "close matches alone in relevance order say nothing (reviewer W, session 43)",
  },
  {
    id: "M592",
    layer: "index",
    file: "src/index/query_exclusion.ts",
    line:
      '      (CLAUSE_AFTER.has(word) || (word === "with" && WITH_A_PERSON.has(after[k + 1] ?? "")))',
    becomes: "      false",
    breaks:
      "'jobs not in sales for someone with customer service experience' searches the whole tail (reviewer W, session 43)",
  },
  {
    id: "M593",
    layer: "index",
    file: "src/index/query_exclusion.ts",
    line: "    const rest = [...words.slice(0, at), ...tail];",
    becomes:
      "    const rest = [...words.slice(0, at), ...tail];\n    if (withoutJobWords(rest).length === 0) return null;",
    breaks:
      "'jobs that are not nursing' searches 'nursing' and lists nurses first (reviewer W, session 43)",
  },
  {
    id: "M594",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line: 'const DEGREES_AFTER = new Set(["degree", "degrees", "diploma", "experience"]);',
    becomes: 'const DEGREES_AFTER = new Set(["degree", "degrees", "diploma"]);',
    breaks:
      "'someone with customer service experience' searches 'someone' (reviewer W, session 43)",
  },
  {
    id: "M596",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line:
      "    ...(query.languageBeside && !parts.language ? { language: query.languageBeside } : {}),",
    becomes: "",
    breaks: "a language beside readings alone is dropped without a word (reviewer W, session 43)",
  },
  {
    id: "M597",
    layer: "index",
    file: "src/index/query_seniority.ts",
    line: "  for (let last = 1; last < words.length; last++) {",
    becomes: "  for (let last = words.length - 1; last < words.length; last++) {",
    breaks:
      "'suitable for a student in Amsterdam, no Dutch required' reads no student (reviewer W, session 43)",
  },
  {
    id: "M598",
    layer: "domain",
    file: "src/domain/job.ts",
    line:
      "    if (response.total === 0 && filter !== IN_ALERTS) {\n      // Nothing else is strong either",
    becomes:
      "    if (response.total === -1 && filter !== IN_ALERTS) {\n      // Nothing else is strong either",
    breaks:
      "beside 'No strong match', the level's reading names those that are the strong matches (reviewer W, session 43)",
  },
  {
    id: "M599",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "  const readWords = studentSaid(withoutCohortYear(splitWords(beforeStudent)));",
    becomes: "  const readWords = studentSaid(splitWords(beforeStudent));",
    breaks:
      "'software internship 2026' searches the year and reads no internship (reviewer W, session 43)",
  },
  {
    id: "M600",
    layer: "search",
    file: "src/search/search_service.ts",
    line: '      if (named && foldText(named.rest) === "jobs") {',
    becomes: '      if (named && foldText(named.rest) === "x") {',
    breaks: "'amazon' alone offers no list of the employer's postings (reviewer W, session 43)",
  },
  {
    id: "M601",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "      else if (firstJob && titleSaysExperienced(jobs[p].job_title)) made[p] = 1;",
    becomes: "",
    breaks:
      "'electrician apprentice' lists a journeyman electrician among its strong matches (reviewer W, session 43)",
  },
  {
    id: "M602",
    layer: "domain",
    file: "src/domain/salary_text.ts",
    line: '  const span = low > 0 && low < high ? `${money(low, currency)}\u2013` : "";',
    becomes: '  const span = "";',
    breaks: "a pay range is said by its top alone, as if the job paid it (reviewer W, session 43)",
  },
  {
    id: "M603",
    layer: "domain",
    file: "src/domain/job.ts",
    line: "    ? countryName(place.country)",
    becomes: "    ? place.country",
    breaks:
      "a country alone is said by its code ('postings in NL') where people read it (reviewer W, session 43)",
  },
  {
    id: "M604",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: '  if (context.next && context.next.includes(words[at + 1] ?? "")) return context.long;',
    becomes: "  if (context.next) return context.long;",
    breaks: "'security personnel' is embedded as human resources (reviewer R, session 43)",
  },
  {
    id: "M605",
    layer: "index",
    file: "src/index/query_seniority.ts",
    line: '      !FOR_STUDENTS_AFTER.has(role[role.length - closed.words.length - 1] ?? "")',
    becomes: "      false",
    breaks: "'tutor for students' is read as an intern's level (reviewer R, session 43)",
  },
  {
    id: "M606",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line:
      '    if (word === "needs") return subjectSeen && k + 1 < end && !NEEDS_ROLES.has(words[k + 1]);',
    becomes: '    if (word === "needs") return k > from && k + 1 < end;',
    breaks: "'i want needs assessor jobs' searches 'assessor' (reviewer R, session 43)",
  },
  {
    id: "M607",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line: '    if (words[at] === "experience" && kept.length > 0) return [...kept, ...after];',
    becomes: "",
    breaks:
      "'admin jobs for someone with customer service experience' searches customer service too (reviewer R, session 43)",
  },
  {
    id: "M608",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line: "    (at === 0 || at === words.length - 1 || COHORT_WORDS.has(words[at - 1]) ||",
    becomes: "    (true ||",
    breaks: "'revit 2024 trainee' loses the product's year (reviewer R, session 43)",
  },
  {
    id: "M609",
    layer: "search",
    file: "src/search/search_hint.ts",
    line: "      if (tested.length > 0) {",
    becomes: "      if (tested.length < 0) {",
    breaks:
      "a place whose postings a filter leaves out is said to have none (reviewer R, session 43)",
  },
  {
    id: "M610",
    layer: "index",
    file: "src/index/query_place.ts",
    line:
      "      const within = first >= 4 ? withinDistance(folded.slice(first - 4, first)) : null;",
    becomes: "      const within = null as number | null;",
    breaks: "'jobs within 10 miles of leeds' searches the distance's words (zoo 8, session 43)",
  },
  {
    id: "M611",
    layer: "index",
    file: "src/index/query_seniority.ts",
    line: '      "that don t require experience",',
    becomes: "",
    breaks:
      "'remote jobs that don't require experience' reads no first job's level (zoo 8, session 43)",
  },
  {
    id: "M612",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line: '  "9 to 5",',
    becomes: "",
    breaks: "'9 to 5 office job' embeds the hours with the work (zoo 8, session 43)",
  },
  {
    id: "M613",
    layer: "index",
    file: "src/index/query_alternatives.ts",
    line: "    if (word === OR) groups.push([]);",
    becomes: '    if (word === "either or") groups.push([]);',
    breaks:
      "'nurse or midwife' is searched as one text: 3 postings where 'nurse' alone lists over 100 (session 44)",
  },
  {
    id: "M614",
    layer: "index",
    file: "src/index/query_alternatives.ts",
    line: "    if (at === shared.length - 1 || last.length < 2 || namesRole(group)) return group;",
    becomes: "    return group;",
    breaks:
      "'sales or marketing manager' searches 'sales' alone beside 'marketing manager' (session 44)",
  },
  {
    id: "M615",
    layer: "index",
    file: "src/index/result_cut.ts",
    line: "      const score = scores[p];",
    becomes: "      const score = candidates.scores[k];",
    breaks:
      "'cook or welder' cuts the cooks against the best welder: cooks 'cook' lists strong are close (session 44)",
  },
  {
    id: "M616",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "        cut: cutBarsOf(request, work.unmatched),",
    becomes: "        cut: cutBarsOf(request),",
    breaks:
      "'paralegal or carpenter' makes strong the titles near 'carpenter' that 'carpenter' alone leaves close (session 44)",
  },
  {
    id: "M617",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "  const eitherType = withoutEitherType(roleAndTypes) ?? roleAndTypes;",
    becomes: "  const eitherType = roleAndTypes;",
    breaks:
      "'part time or full time nurse' is read as part time and searches 'or full time nurse' (session 44)",
  },
  {
    id: "M618",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "    employment ? splitWords(employment.matched) : [],",
    becomes: "    [],",
    breaks:
      "'nurse or midwife part time' searches neither alternative with the type's words: 105 strong where 'part time nurse' and 'part time midwife' list 43 (session 44, reviewer R44)",
  },
  {
    id: "M619",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line: '    if (KINDS.has(word)) return k > from && words[k + 1] === "of" && k + 2 < end;',
    becomes: "    if (KINDS.has(word)) return false;",
    breaks: "'what kind of jobs are there in leeds' searches the word 'kind' (session 44)",
  },
  {
    id: "M620",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line: '    if (word === "s") return k > from && IS_AFTER.has(words[k - 1]);',
    becomes: '    if (word === "s") return false;',
    breaks: "'show me what's available' searches the letter 's' (session 44)",
  },
  {
    id: "M621",
    layer: "index",
    file: "src/index/result_cut.ts",
    line: "    alternatives.some(({ scores, otherSpecialty }, i) =>",
    becomes: "    alternatives.every(({ scores, otherSpecialty }, i) =>",
    breaks:
      "'staff nurse or nurse practitioner' lists only what both alternatives make strong (session 44, reviewer R44)",
  },
  {
    id: "M622",
    layer: "index",
    file: "src/index/query_alternatives.ts",
    line:
      "    if (group.length === 1 && FIELD_HEADS.has(group[0]) && first.length > 1 && namesRole(first)) {",
    becomes: "    if (false) {",
    breaks:
      "'sales executive or manager' searches 'manager' alone: general and restaurant managers are strong (session 44, reviewer R44)",
  },
  {
    id: "M623",
    layer: "index",
    file: "src/index/query_alternatives.ts",
    line: "  if (groups.slice(1).some(isLanguage)) return null;",
    becomes: "",
    breaks:
      "'customer service german or french' lists French teachers first (session 44, reviewer R44)",
  },
  {
    id: "M624",
    layer: "index",
    file: "src/index/query_alternatives.ts",
    line: "    if (isNumber(group[0]) && isNumber(before[before.length - 1])) {",
    becomes: "    if (false) {",
    breaks: "'band 5 or 6 nurse' searches '6 nurse' (session 44, reviewer R44)",
  },
  {
    id: "M625",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: '    const at = typed.findIndex((first, k) => first + (typed[k + 1] ?? "") === word);',
    becomes: "    const at = -1;",
    breaks:
      "'care worker or support worker' loses the words 'care worker' that 'care worker' searches (session 44, reviewer R44)",
  },
  {
    id: "M626",
    layer: "index",
    file: "src/index/query_seniority.ts",
    line: '  const second = first && role[first.words.length] === "or"',
    becomes: '  const second = first && role[first.words.length] === "nor"',
    breaks:
      "'junior or senior developer' reads junior and searches 'or senior developer' (session 44, reviewer R44)",
  },
  {
    id: "M627",
    layer: "index",
    file: "src/index/query_employment.ts",
    line: "  if (PERMANENT.has(words[from])) return 1;",
    becomes: "",
    breaks: "'temporary or permanent nurse' is read as temporary (session 44, reviewer R44)",
  },
  {
    id: "M628",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "    if ((asList.alternatives?.length ?? 0) > 2) return asList;",
    becomes: "",
    breaks:
      "'midwife, carer or barista' searches 'midwife carer' as one alternative (session 44, reviewer R44)",
  },
  {
    id: "M629",
    layer: "domain",
    file: "src/domain/job.ts",
    line:
      "    ...(outcome.query_alternatives ? { query_alternatives: outcome.query_alternatives } : {}),",
    becomes: "",
    breaks: "the response never says which alternatives a query was searched as (session 44)",
  },
  {
    id: "M630",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: "      {alternativesWords ? <p>{alternativesWords}</p> : null}",
    becomes: "",
    breaks: "the page never says which alternatives a query was searched as (session 44)",
  },
  {
    id: "M631",
    layer: "alerts",
    file: "src/alerts/query_reading.ts",
    line:
      "  if (outcome.query_alternatives) reading.query_alternatives = outcome.query_alternatives;",
    becomes: "",
    breaks:
      "a saved search's delivery never says which alternatives its query was searched as (session 44)",
  },
  {
    id: "M632",
    layer: "alerts",
    file: "src/alerts/query_reading.ts",
    line: "      queryAlternativesInWords(reading),",
    becomes: "",
    breaks:
      "a digest and a feed never say which alternatives a saved search's query was searched as (session 44)",
  },
  {
    id: "M633",
    layer: "index",
    file: "src/index/query_company.ts",
    line: '      const joined = JOINING.has(foldText(typed[end] ?? "")) ? 1 : 0;',
    becomes: "      const joined = 0;",
    breaks:
      "'jobs at lidl or tesco' reads Lidl alone and searches 'or tesco' as the work (session 44, reviewer R44)",
  },
  {
    id: "M634",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "      joined.others.length === 1",
    becomes: "      joined.others.length === 9",
    breaks:
      "'remote or hybrid data analyst' reads 'remote' as the place: the hybrid data analysts are left out (session 44)",
  },
  {
    id: "M635",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "  const roleOnly = withoutEitherTime(eitherType) ?? eitherType;",
    becomes: "  const roleOnly = eitherType;",
    breaks:
      "'nurse days or nights' embeds 'nurse days or' and lists fewer nurses than 'nurse days' (session 44, reviewer R44)",
  },
  {
    id: "M636",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line:
      '  const asTyped = OR_ANYTHING.test(unasked) ? unasked.replace(OR_ANYTHING, "") : unasked;',
    becomes: "  const asTyped = unasked;",
    breaks:
      "'nurse or anything' lists 41 nurses where 'nurse' lists 104 (session 44, reviewer R44)",
  },
  {
    id: "M637",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "    if (options.alternatives && options.alternatives.length > 1) {",
    becomes: "    if (options.alternatives && options.alternatives.length > 9) {",
    breaks:
      "a CV searched with 'nurse or midwife' scores the midwives as the words together, below what 'midwife' gives them (session 44)",
  },
  {
    id: "M638",
    layer: "index",
    file: "src/index/query_alternatives.ts",
    line:
      "  if (groups.some((group) => group.length > MOST_WORDS || group.some((w) => NOT_IN_WORK.has(w)))) {",
    becomes: "  if (groups.some((group) => group.length > 99)) {",
    breaks:
      "an agent's sentence with 'or' in it ('... preferably in Bangalore or Hyderabad') is read as alternatives of work (session 44, reviewer W44)",
  },
  {
    id: "M639",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: '  const unasked = text.replace(FOR_WHOM, "");',
    becomes: "  const unasked = text;",
    breaks:
      "'taxi or chauffeur work for my user' searches 'for my user' as work (session 44, reviewer W44)",
  },
  {
    id: "M640",
    layer: "index",
    file: "src/index/query_alternatives.ts",
    line: '    if (last.length > 2 && !hasHeadNoun(last.join(" "))) return group;',
    becomes: "",
    breaks:
      "'devops or site reliability engineering' searches 'devops reliability engineering' (session 44)",
  },
  {
    id: "M641",
    layer: "search",
    file: "src/search/search_hint.ts",
    line:
      "    const askedOnly = emptied.names.every((name) => name === QUERY_PLACE || name === QUERY_COMPANY);",
    becomes: "    const askedOnly = false;",
    breaks:
      "'labourer leeds' calls the place's nearest postings 'the close matches that pass the filters', though no filter was given (session 44, reviewer W44)",
  },
  {
    id: "M642",
    layer: "ingest",
    file: "src/ingest/work_mode.ts",
    line: "    String.raw`\\bwork remotely[\\s:*-]*no\\b`,",
    becomes: "    String.raw`\\bwork remotely[\\s:*-]*nope\\b`,",
    breaks:
      "Indeed's 'Work Remotely * No' makes a kitchen porter a remote posting (session 44, reviewer W44)",
  },
  {
    id: "M643",
    layer: "index",
    file: "src/index/query_alternatives.ts",
    line: "    if (group.every((word) => TIMES.has(word))) {",
    becomes: '    if (group.every((word) => word === "never")) {',
    breaks:
      "'cleaner evenings or weekends' searches 'weekends' alone as the second alternative (session 44, reviewer W44)",
  },
  {
    id: "M644",
    layer: "ingest",
    file: "src/ingest/import_row.ts",
    line:
      '  if (written === undefined || job.city !== "" || job.country === undefined) return undefined;',
    becomes: "  if (written === undefined || job.country === undefined) return undefined;",
    breaks:
      "a posting that names its city keeps the region written beside it as its `region` (session 45)",
  },
  {
    id: "M645",
    layer: "index",
    file: "src/index/posting_places.ts",
    line: '      if (job.city === "") return this.#regionNamedBy(job) === admin1;',
    becomes: '      if (job.city === "") return false;',
    breaks: "'jobs in maharashtra' leaves out the postings that name only Maharashtra (session 45)",
  },
  {
    id: "M646",
    layer: "index",
    file: "src/index/posting_places.ts",
    line:
      "    if (country === undefined || !this.#anyRegionOnly() || cityKeyOf.includes(cityKey)) return null;",
    becomes: "    if (country === undefined || !this.#anyRegionOnly()) return null;",
    breaks:
      "'nurse in Berlin, Germany' lists the posting that names only Berlin's state beside the city's own (session 45)",
  },
  {
    id: "M647",
    layer: "index",
    file: "src/index/query_place.ts",
    line: "  if (named.some(notPlace) && !regionOutnumbersTitles(named, gazetteer)) return null;",
    becomes: "  if (named.some(notPlace)) return null;",
    breaks:
      "'nurse in mumbai' is no place where a title says 'mumbai': nurses anywhere are listed (session 45)",
  },
  {
    id: "M648",
    layer: "index",
    file: "src/index/reposts.ts",
    line: '    : [title, company, foldText(cityOrRegion(job)), job.country ?? ""].join("\\u0000");',
    becomes: '    : [title, company, foldText(job.city), job.country ?? ""].join("\\u0000");',
    breaks:
      "one company's 'Staff Nurse' in Maharashtra and in Karnataka are one job, listed once (session 45)",
  },
  {
    id: "M649",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "    return { touched, best: Math.max(this.#keywords.best, workBest) };",
    becomes: "    return { touched, best: this.#keywords.best };",
    breaks:
      "'admin assistant temp' is searched by the occupations near 'assistant': healthcare assistants strong (session 46)",
  },
  {
    id: "M650",
    layer: "index",
    file: "src/index/query_employment.ts",
    line: "    if (meansOtherThanType(phrase, words.map(({ word }) => word))) continue;",
    becomes: "",
    breaks: "'travel PT' is read as part time, 'ft worth nurse' as full time (session 46)",
  },
  {
    id: "M651",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "  const asTyped = connectorsInEnglish(withTypesSpelledOut(typed));",
    becomes: "  const asTyped = connectorsInEnglish(typed);",
    breaks: "'cleaner p/t' reads no type and searches 'p' and 't' (session 46)",
  },
  {
    id: "M652",
    layer: "index",
    file: "src/index/query_employment.ts",
    line: '  ["pt", "parttime"],',
    becomes: "",
    breaks: "'receptionist PT' reads no type (session 46)",
  },
  {
    id: "M653",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "      otherTime: query.timeOfDay ? this.#sayingOtherTime(query.timeOfDay) : null,",
    becomes: "      otherTime: null,",
    breaks:
      "'care assistant mornings' lists 'Care Assistant - Nights' among its strong matches (session 46)",
  },
  {
    id: "M654",
    layer: "index",
    file: "src/index/query_shift.ts",
    line: '  return asked === "day" ? night && !day : day && !night;',
    becomes: '  return asked === "day" ? night : day;',
    breaks:
      "'Care Assistant (Days and Nights)' is a close match only for 'care assistant mornings' (session 46)",
  },
  {
    id: "M655",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "    const ruledOut = [saysOf(otherType), otherTime, otherSense]",
    becomes: "    const ruledOut = [saysOf(otherType), null, otherSense]",
    breaks:
      "'care assistant mornings' lists 'Care Assistant - Nights' as a strong match (session 46; the line rewritten in session 47)",
  },
  {
    id: "M656",
    layer: "search",
    file: "src/search/around_city.ts",
    line: "  const inCity = filtered || notWanted !== undefined ? withoutFilters(place) : found;",
    becomes: "  const inCity = found;",
    breaks:
      "'nurse in manchester' with a filter that empties the city lists nurses around it: a filter widens (session 46)",
  },
  {
    id: "M657",
    layer: "search",
    file: "src/search/around_city.ts",
    line: "  if (inCity.total > 0 || withoutFilters(around).total === 0) return null;",
    becomes: "  if (inCity.total > 0) return null;",
    breaks:
      "'nurse in london', with no nurse around it either, loses London's own nearest postings (session 46)",
  },
  {
    id: "M658",
    layer: "search",
    file: "src/search/search_service.ts",
    line:
      "    if (place !== reading.place && outcome.query_place) outcome.query_place.widened = true;",
    becomes: "",
    breaks:
      "'registered nurse sydney' lists the postings around Sydney and does not say Sydney had none (session 46)",
  },
  {
    id: "M659",
    layer: "search",
    file: "src/search/search_service.ts",
    line: "      [place, emptied, request] = [around.widen.place, null, around.widen.request];",
    becomes: "      [emptied, request] = [null, around.widen.request];",
    breaks:
      "'registered nurse sydney' lists the postings around Sydney but says it searched Sydney alone (session 46)",
  },
  {
    id: "M660",
    layer: "search",
    file: "src/search/around_city.ts",
    line: "  if (inCity.closeTotal > 0 && inCity.nearestThere !== true) {",
    becomes: "  if (false) {",
    breaks:
      "'part time cleaning jobs in manchester' loses Manchester's own close matches to the postings around it (session 46)",
  },
  {
    id: "M661",
    layer: "search",
    file: "src/search/search_service.ts",
    line:
      "      outcome.hint = outcome.hint ? `${outcome.hint} ${offered}` : offered;\n    }\n    if (\n      total === 0 && closeTotal === 0",
    becomes: "    }\n    if (\n      total === 0 && closeTotal === 0",
    breaks:
      "'nurse leeds' does not offer 'nurse near leeds', which finds 4 strong matches around Leeds (session 46)",
  },
  {
    id: "M662",
    layer: "index",
    file: "src/index/query_spelling.ts",
    line: "    englishOfJobName(word) !== undefined || informalNameOf(word) !== undefined ||",
    becomes: "    englishOfJobName(word) !== undefined ||",
    breaks: "'tradie' is corrected to 'trade' and lists trading desks (session 46)",
  },
  {
    id: "M663",
    layer: "domain",
    file: "src/domain/value_labels.ts",
    line: '  if (name === "country") return countryName(value);',
    becomes: "",
    breaks: "the page's facets and /saved say a country as its code ('GB') (session 46)",
  },
  {
    id: "M664",
    layer: "search",
    file: "src/search/search_hint.ts",
    line: "    if (askedOnly && emptied.names.length === 1 && place?.city && !place.anyOf) {",
    becomes: "    if (false) {",
    breaks:
      "'nurse leeds' is told of 'the place in the query ('leeds')', not of Leeds (session 46)",
  },
  {
    id: "M665",
    layer: "search",
    file: "src/search/around_city.ts",
    line: "  return namesNoWork && !REQUEST_NOUN.test(words)",
    becomes: "  return namesNoWork",
    breaks: "the offer around Leeds reads 'weekend work jobs near Leeds' (session 46)",
  },
  {
    id: "M666",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "      otherSense: query.senses ? this.#sayingOtherSense(query.senses) : null,",
    becomes: "      otherSense: null,",
    breaks:
      '"admin" lists IT system administrators as strong matches beside the administrative assistants (session 47)',
  },
  {
    id: "M667",
    layer: "index",
    file: "src/index/word_senses.ts",
    line: "  if (office !== officer && !(officer && administration)) {",
    becomes: "  if (office !== officer && !officer) {",
    breaks:
      "\"police officer\" reads no officer's sense, so an office's title may be its strong match (session 47)",
  },
  {
    id: "M668",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: '      const titleTerms = word === "admin" ? keywordTerms(long.split(" ")[0]) : [];',
    becomes: "      const titleTerms: string[] = [];",
    breaks:
      '"office admin" spelled out as "administrative assistant" counts a healthcare assistant\'s title by "assistant" (session 47)',
  },
  {
    id: "M669",
    layer: "index",
    file: "src/index/word_senses.ts",
    line: '    word !== "it" && word !== "site" && SYSTEM_WORDS.has(word)',
    becomes: '    word !== "it" && word !== "site" && word === "system"',
    breaks: '"admin" lists "Linux Administrator" as a strong match (session 47)',
  },
  {
    id: "M670",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "      otherSpecialty: this.#sayingOtherSpecialty(query),",
    becomes: "      otherSpecialty: null,",
    breaks:
      '"compliance officer" lists security officers as strong matches beside the compliance postings (session 47)',
  },
  {
    id: "M671",
    layer: "index",
    file: "src/index/job_index.ts",
    line:
      "      ruledOut.every((says) => !says(p)) && (score >= specialtyBar || !otherSpecialty!(p));",
    becomes: "      ruledOut.every((says) => !says(p)) && !otherSpecialty?.(p);",
    breaks:
      '"psychiatric nurse" makes "Mental Health Nurse", its best match, a close one (session 47)',
  },
  {
    id: "M672",
    layer: "index",
    file: "src/index/specialty.ts",
    line: "  for (let span; end >= 0 && (span = notSpecialtyWords(words, end)) > 0;) end -= span;",
    becomes: "  for (let span; end >= 0 && (span = 0) > 0;) end -= span;",
    breaks:
      '"compliance officer" reads "Senior Officer" as an officer of another specialty (session 47)',
  },
  {
    id: "M673",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "    if (this.#anyTitleSaysEvery(asked.words)) return null;",
    becomes: "    if (this.#anyTitleSaysEvery([])) return null;",
    breaks:
      '"social worker" makes "Community Worker" a close match though a title has every word of the work (session 47)',
  },
  {
    id: "M674",
    layer: "index",
    file: "src/index/result_cut.ts",
    line: "      scores[p] >= bars[i] && (scores[p] >= specialtyBars[i] || !otherSpecialty!(p))",
    becomes: "      scores[p] >= bars[i]",
    breaks:
      '"nurse or van driver" lists as strong the drivers of another specialty that "van driver" alone makes close (session 47)',
  },
  {
    id: "M675",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "  const senses = role.length > MOST_READ_WORDS ? [] : sensesOfWords(work);",
    becomes: "  const senses = sensesOfWords(work);",
    breaks:
      "a text pasted as the query reads the kind of work of its 'office' and 'admin' (session 47)",
  },
  {
    id: "M676",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line:
      "    : subjectOfDegree(besideType(workDoneWithNamed, openWorkNamed(ableWithNamed(asked))));",
    becomes: "    : subjectOfDegree(besideType(workDoneWithNamed, openWorkNamed(asked)));",
    breaks:
      "'great with kids' embeds 'great' alone, read as an offer after the work, and lists no one who works with children (session 48)",
  },
  {
    id: "M677",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line: '  const at = words.findIndex((word, k) => ABLE.has(word) && words[k + 1] === "with");',
    becomes: "  const at = words.findIndex((word, k) => ABLE.has(word));",
    breaks:
      "'good nurse jobs' is read as work done with nurses: a word of ability with no 'with' after it (session 48)",
  },
  {
    id: "M678",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: '  ["kids", "children"],',
    becomes: "",
    breaks: "'working with kids' no longer searches the titles that say 'children' (session 48)",
  },
  {
    id: "M679",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: '  ["customer service", "customer support", "customer care"],',
    becomes: "",
    breaks:
      "'customer support' leaves 'Customer Service Representative' titles to their descriptions' words (session 48)",
  },
  {
    id: "M680",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line:
      "  if (words.length === 1 && DOERS_OF_VERB.has(words[0])) return [DOERS_OF_VERB.get(words[0])!];",
    becomes: "",
    breaks:
      "'i want to drive' searches 'drive', and lists the caregivers who must be able to drive (session 48)",
  },
  {
    id: "M683",
    layer: "index",
    file: "src/index/query_seniority.ts",
    line: '      "my first",',
    becomes: "",
    breaks: "'my first job' searches 'my first' as work (session 48)",
  },
  {
    id: "M684",
    layer: "index",
    file: "src/index/query_seniority.ts",
    line: "    if (before && after && before.some((level) => after.includes(level))) {",
    becomes: "    if (before && after) {",
    breaks:
      "'senior graduate jobs' is read as a level alone, senior and junior at once (session 48)",
  },
  {
    id: "M685",
    layer: "index",
    file: "src/index/query_employment.ts",
    line: '  ["side hustle", "parttime"],',
    becomes: "",
    breaks: "'side hustle' is searched as work and lists nothing (session 48)",
  },
  {
    id: "M686",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line:
      "      if (!others || ANOTHER_JOB_BEFORE.get(name)?.has(words[start + length])) continue;",
    becomes: "      if (!others) continue;",
    breaks:
      "'customer support engineer' also searches 'customer service engineer' and lists the service representatives (session 48)",
  },
  {
    id: "M687",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "    return ofCompany > elsewhere;",
    becomes: "    return true;",
    breaks:
      "'starbucks jobs' lists Starbucks' one posting, not the casino barista whose title says Starbucks (session 48)",
  },
  {
    id: "M688",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "    if (!afterAt && !beforeJobs) return null;",
    becomes: "    if (!afterAt) return null;",
    breaks: "'amazon jobs' lists one title that says Amazon, not Amazon's postings (session 48)",
  },
  {
    id: "M689",
    layer: "index",
    file: "src/index/job_index.ts",
    line:
      "    if (this.placeIn(query) !== null || typeAlone(analyzeQuery(query)) !== null) return null;",
    becomes: "",
    breaks:
      "'remote jobs' lists only the postings of Remote.com, a company of that name (session 48)",
  },
  {
    id: "M690",
    layer: "index",
    file: "src/index/word_senses.ts",
    line:
      '  if (asked === "customer support") return CARE_WORK.test(title) && !SERVES_CUSTOMERS.test(title);',
    becomes: '  if (asked === "customer support") return false;',
    breaks:
      "'remote customer support' lists a care work's Direct Support Professional as a strong match (session 49)",
  },
  {
    id: "M693",
    layer: "index",
    file: "src/index/word_senses.ts",
    line: '  if (asked === "excel") return EXCELLENCE.test(title) && !EXCEL.test(title);',
    becomes: '  if (asked === "excel") return false;',
    breaks: "'excel' lists 'Operational Excellence' engineers as strong matches (session 49)",
  },
  {
    id: "M696",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line: "  return work && asksBefore(at) ? [...work] : words;",
    becomes: "  return words;",
    breaks:
      "'good with numbers' lists a math student as its one close match, no accountant (session 49)",
  },
  {
    id: "M697",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line: "    return asksBefore(helpAt) ? [...HELPING_WORK] : words;",
    becomes: "    return words;",
    breaks:
      "'i want to help people' lists 'People & Culture' posts by 'people' and nothing strong (session 49)",
  },
  {
    id: "M698",
    layer: "index",
    file: "src/index/word_senses.ts",
    line: '    !CARE_WORK.test(words.join(" ")) && !words.some((word) => CARED_FOR.test(word))',
    becomes: "    true",
    breaks:
      "'support worker customer service' makes its own support workers close matches (reviewer R49)",
  },
  {
    id: "M699",
    layer: "index",
    file: "src/index/query_salary.ts",
    line:
      "    const stated = k ? figure * (lakhs ? 100_000 : MILLION.test(k) ? 1_000_000 : 1000) : figure;",
    becomes: "    const stated = k ? figure * (MILLION.test(k) ? 1_000_000 : 1000) : figure;",
    breaks: "'over 3 lakh' is a floor of 3,000 rupees, not 300,000 (session 49)",
  },
  {
    id: "M700",
    layer: "index",
    file: "src/index/query_salary.ts",
    line:
      '    const currency = currencyOf(before) ?? currencyOf(after) ?? (lakhs ? "INR" : undefined);',
    becomes: "    const currency = currencyOf(before) ?? currencyOf(after);",
    breaks: "'over 3 lakh' is compared with pay in any currency, not rupees (session 49)",
  },
  {
    id: "M701",
    layer: "index",
    file: "src/index/query_salary.ts",
    line: '      : currency === "INR" && !lakhs && stated < 100_000',
    becomes: "      : false",
    breaks:
      "'data entry rs.20000' is a floor of 20,000 rupees a year, which every posting passes (session 49)",
  },
  {
    id: "M702",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line:
      "    : subjectOfDegree(besideType(workDoneWithNamed, openWorkNamed(ableWithNamed(asked))));",
    becomes: "    : subjectOfDegree(workDoneWithNamed(openWorkNamed(ableWithNamed(asked))));",
    breaks:
      "'helping people part time' searches 'helping people' and lists HR posts, not support workers (session 49)",
  },
  {
    id: "M703",
    layer: "ingest",
    file: "src/ingest/visa_sponsorship.ts",
    line: '      if (says === "not_offered") return "not_offered";',
    becomes: '      if (says === "not_offered") continue;',
    breaks: "a posting that denies sponsorship beside an offer counts as offering it (session 50)",
  },
  {
    id: "M704",
    layer: "ingest",
    file: "src/ingest/visa_sponsorship.ts",
    line: '    if (negated) return "not_offered";',
    becomes: "    if (negated) return undefined;",
    breaks:
      "'Visa sponsorship is not available' is no denial: refusing postings are listed for 'software engineer visa sponsorship' (session 50)",
  },
  {
    id: "M705",
    layer: "index",
    file: "src/index/query_sponsorship.ts",
    line: '  const down = TURNED_DOWN.exec(before.join(" "));',
    becomes: "  const down = null;",
    breaks: "'jobs without visa sponsorship' is read as asking for a sponsored visa (session 50)",
  },
  {
    id: "M706",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "      requireSponsored = sponsored[p] === 1 && strongHere;",
    becomes: "      requireSponsored = false;",
    breaks:
      "beside the work a sponsored visa decides no tier: the work's postings that do not say stay strong (session 50)",
  },
  {
    id: "M707",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "    if (!query.sponsorship) return null;",
    becomes: "    return null;",
    breaks:
      "the postings that refuse a visa are listed for 'software engineer visa sponsorship' (session 50)",
  },
  {
    id: "M708",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "      query.sponsorship ? this.#offering(query.sponsorship.where?.countries) : null,",
    becomes: "      null,",
    breaks: "'jobs with visa sponsorship' alone lists nothing (session 50)",
  },
  {
    id: "M709",
    layer: "domain",
    file: "src/domain/filters.ts",
    line:
      "      return (job) => job.visa_sponsorship !== undefined && wanted.has(job.visa_sponsorship);",
    becomes: '      return (job) => wanted.has(job.visa_sponsorship ?? "offered");',
    breaks: "visa_sponsorship=offered keeps the postings that do not say (session 50)",
  },
  {
    id: "M710",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "  return splitWords(searched).some((word) => !said.has(word)) ? searched : null;",
    becomes: "  return null;",
    breaks:
      "'i want to help people' lists support workers and never says it searched 'job helping others' (session 50)",
  },
  {
    id: "M711",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "  for (let k = 0; k + 1 < words.length; k++) said.add(words[k] + words[k + 1]);",
    becomes: "",
    breaks:
      "'health care assistant' says it searched 'healthcare assistant', a compound only joined (session 50)",
  },
  {
    id: "M712",
    layer: "ingest",
    file: "src/ingest/visa_sponsorship.ts",
    line: "const WORDS_BEFORE = 8;",
    becomes: "const WORDS_BEFORE = 100;",
    breaks:
      "a negation of something else far before the sponsoring turns an offer into a denial (session 50, reviewer R50b)",
  },
  {
    id: "M713",
    layer: "index",
    file: "src/index/job_index.ts",
    line: '      () => this.#sayingSponsorship("not_offered", countries, 1),',
    becomes: '      () => this.#sayingSponsorship("not_offered", undefined, 1),',
    breaks:
      "'software engineer h1b' lists software engineers outside the United States (session 50, reviewer R50b)",
  },
  {
    id: "M714",
    layer: "index",
    file: "src/index/query_sponsorship.ts",
    line: "  if (!atEnd && !atStart) return null;",
    becomes: "",
    breaks:
      "'marketing manager with sponsorship experience' is read as asking for a sponsored visa (session 50, reviewer R50b)",
  },
  {
    id: "M715",
    layer: "ingest",
    file: "src/ingest/visa_sponsorship.ts",
    line: '        if (answer === "no") return "not_offered";',
    becomes: "",
    breaks:
      "a form's 'Available for Work Visa Sponsorship?' answered 'No' is read as nothing (session 50, reviewer R50b)",
  },
  {
    id: "M716",
    layer: "web",
    file: "src/web/saved_pages.tsx",
    line: "    MISSING_QUERY: 400,",
    becomes: "",
    breaks:
      "a save form sent without words is a 500, not the 'Cannot save this search' page (session 50, reviewer W50)",
  },
  {
    id: "M717",
    layer: "web",
    file: "src/web/web_routes.tsx",
    line: "      if (allow === undefined || allow.includes(c.req.method)) return null;",
    becomes: "      return null;",
    breaks:
      "POST / answers the API's JSON 404, not a 405 page with Allow (session 50, reviewer W50)",
  },
  {
    id: "M718",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "  const sponsored = read?.declined ? null : read;",
    becomes: "  const sponsored = read;",
    breaks:
      "'software engineer no visa sponsorship needed' is read as asking for a sponsored visa (session 50, reviewer R50c)",
  },
  {
    id: "M719",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "    !index.anyInCountriesAt(visaWhere.countries, place)",
    becomes: "    false",
    breaks:
      "'h1b jobs in London' leaves out every London posting and says 'No posting is in london' (session 50, reviewer R50c)",
  },
  {
    id: "M720",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line:
      '      : (word === "dev" || word === "devs") && (DEV_OPS.has(of[at + 1]) || of[at - 1] === "biz")',
    becomes: '      : word === "dev" && DEV_OPS.has(of[at + 1])',
    breaks:
      "'biz dev' is searched as a developer's work and lists software developers (session 50, reviewer R50c)",
  },
  {
    id: "M721",
    layer: "web",
    file: "src/web/saved_pages.tsx",
    line: "    return body ? runUrl(searchLists(formLists(body))) : SAVED_PATH;",
    becomes: "    return SAVED_PATH;",
    breaks:
      "a search saved after the session ended is lost at sign-in: the person lands on the bare list of saved searches (session 51, reviewer W50)",
  },
  {
    id: "M722",
    layer: "domain",
    file: "src/domain/search_query.ts",
    line: '    if (given > 1 && (REST_SEARCH_PARAMS.has(name) || name === "profile")) {',
    becomes: "    if (false) {",
    breaks:
      "a city given twice with different values (two cities ticked) searches the first and says nothing of the second (session 51, reviewer W50)",
  },
  {
    id: "M723",
    layer: "alerts",
    file: "src/alerts/saved_searches.ts",
    line: "const SHOWN_CHARACTER = /[^\\s\\p{Default_Ignorable_Code_Point}\\p{Cf}]/u;",
    becomes: "const SHOWN_CHARACTER = /[^\\s]/u;",
    breaks:
      "a saved search named with zero-width spaces alone is kept, its card and mail subject blank (session 51, reviewer W50)",
  },
  {
    id: "M724",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: "  if (values.length < 2) return null;",
    becomes: "  return null;",
    breaks:
      "a page refused for two cities ticked shows no way on: no link to search each city alone, and no facets to untick one (session 51)",
  },
  {
    id: "M725",
    layer: "web",
    file: "src/web/pages.tsx",
    line: '          <Detail term="Languages" value={languagesText(job.languages)} />',
    becomes: "          {null}",
    breaks: "a posting's own page leaves out the languages its line in the list says (session 51)",
  },
  {
    id: "M726",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: '      hx-select-oob="#count:innerHTML,#save-search,#error-summary,#account,#cv-csrf"',
    becomes: '      hx-select-oob="#count:innerHTML,#save-search,#error-summary,#cv-search"',
    breaks:
      "a tab whose key another tab replaced still says the old key after a live search, and acts as the new one (session 51, reviewer W50)",
  },
  {
    id: "M727",
    layer: "cli",
    file: "cli/server_connection.ts",
    line: "    if (previous !== undefined && previous !== parsed) {",
    becomes: "    if (false) {",
    breaks:
      "`--city Leeds --city London` searches London and drops Leeds without a word (session 51, reviewer W50)",
  },
  {
    id: "M728",
    layer: "cli",
    file: "cli/commands/search.ts",
    line: "      FLAGGED_PARAMS.has(name) ? `${before} ${filterFlag(name as FilterName)}` : whole,",
    becomes:
      "      (FILTER_NAMES as readonly string[]).includes(name)\n        ? `${before} ${filterFlag(name as FilterName)}`\n        : whole,",
    breaks:
      "`--offset -5` is refused as \"Invalid parameter 'offset'\", in the API's words, not the command's flag (session 51, reviewer W50)",
  },
  {
    id: "M729",
    layer: "index",
    file: "src/index/query_spelling.ts",
    line: "  const mayScan = () => scans++ < SCANS_PER_TEXT;",
    becomes: "  const mayScan = () => true;",
    breaks:
      "a query of a thousand made-up words scans every title term for each word: one key's queries hold the server for seconds (session 51, reviewer W51)",
  },
  {
    id: "M730",
    layer: "web",
    file: "src/web/session.ts",
    line:
      '    getCookie(c, SESSION_COOKIE) !== undefined || !["GET", "HEAD"].includes(c.req.method)',
    becomes: "    getCookie(c, SESSION_COOKIE) !== undefined",
    breaks:
      "a save posted from a tab whose session another tab signed out leads to a plain sign-in that never says the search was not saved (session 51, reviewer W51)",
  },
  {
    id: "M731",
    layer: "web",
    file: "src/web/search_page.tsx",
    line:
      '  if (param !== "q" && !(FILTER_NAMES as readonly string[]).includes(param)) return null;',
    becomes: "",
    breaks:
      'a page refused for an order given twice offers "Search with order: relevance" links, words no person asked for (session 51, reviewer W51)',
  },
  {
    id: "M732",
    layer: "web",
    file: "src/web/web_routes.tsx",
    line: "          refererUrl.pathname.startsWith(`${SAVED_PATH}/`) ||",
    becomes: "          false ||",
    breaks:
      'a posting opened from a saved search\'s page leads "back" to an empty search (session 51, reviewer W51)',
  },
  {
    id: "M733",
    layer: "web",
    file: "src/web/saved_pages.tsx",
    line: "      queryStringInput(raw);",
    becomes: "",
    breaks:
      "a save form with two cities saves the first and says nothing of the second (session 51, reviewer W51)",
  },
  {
    id: "M734",
    layer: "domain",
    file: "src/domain/param_schemas.ts",
    line: "        new RegExp(`^(?:-(?=[0-9.]*[1-9]))?${NUMBER_PATTERN}$`),",
    becomes: "        new RegExp(`^${NUMBER_PATTERN}$`),",
    breaks:
      "`salary_min=-5` is told it must be a number, not that it must be 0 or more (session 51, reviewer W51)",
  },
  {
    id: "M735",
    layer: "cli",
    file: "cli/commands/cities.ts",
    line: "    .addOption(oneValue(country.argParser(countryOfFlag)))",
    becomes: "    .addOption(country.argParser(countryOfFlag))",
    breaks:
      "`jobseek cities --country GB --country DE` lists Germany's cities and drops GB without a word (session 51, reviewer W51)",
  },
  {
    id: "M736",
    layer: "search",
    file: "src/search/profile/read_wishes.ts",
    line: "    wishes.roles.push(...(roles.length > 0 ? roles : selfNamedRoles(before, lookup)));",
    becomes: "    wishes.roles.push(...roles);",
    breaks:
      '"Experienced nurse looking for work in Leeds." as a CV is read as no role at all, and finds nothing (session 51, reviewer W51)',
  },
  {
    id: "M737",
    layer: "web",
    file: "src/web/web_routes.tsx",
    line:
      '      parseSearchQuery({ profile: text, ...(work !== "" ? { q: work } : {}), top_k: 50 }, "q"),',
    becomes: '      parseSearchQuery({ profile: text, top_k: 50 }, "q"),',
    breaks:
      "the work typed beside a CV on the page is not searched, where the API and the CLI search it first (sessions 51 and 58)",
  },
  {
    id: "M738",
    layer: "web",
    file: "src/web/pages.tsx",
    line: '      {r.hint ? <p class="notice">{cvHint(r)}</p> : null}',
    becomes: '      {r.hint ? <p class="notice">{r.hint}</p> : null}',
    breaks:
      'a CV with no role is told to "give `q` beside it", an API parameter the page has no field for (session 51, reviewer W51)',
  },
  {
    id: "M739",
    layer: "web",
    file: "src/web/web_routes.tsx",
    line: "      if (kept) return seeOther(CV_PATH);",
    becomes: "      if (false) return seeOther(CV_PATH);",
    breaks:
      'a CV\'s results are the answer to a POST: Back from a posting opened from them is "Confirm Form Resubmission" (session 51, reviewer W51)',
  },
  {
    id: "M740",
    layer: "store",
    file: "src/store/web_session_store.ts",
    line:
      "      (op) => op.delete(keys.webSession(tokenHash)).delete(keys.webSessionCv(tokenHash)),",
    becomes: "      (op) => op.delete(keys.webSession(tokenHash)),",
    breaks: "a CV's text stays in the store after its session is signed out (session 51)",
  },
  {
    id: "M741",
    layer: "web",
    file: "src/web/saved_search_form.tsx",
    line: "        {props.strong === 0",
    becomes: "        {false",
    breaks:
      "a search of close matches alone is saved in silence, though it will tell of nothing until a strong match arrives (session 51, reviewer W51)",
  },
  {
    id: "M742",
    layer: "web",
    file: "src/web/web_routes.tsx",
    line: '        const message = file instanceof File && file.name !== ""',
    becomes: "        const message = false",
    breaks:
      "an empty CV file chosen is told to choose a file, as if none was (session 51, reviewer W51)",
  },
  {
    id: "M743",
    layer: "alerts",
    file: "src/alerts/alert_deliverer.ts",
    line: "          params: paramsToSend(record.params),",
    becomes: "",
    breaks:
      "a webhook's receiver is told the saved search's words and not its filters (session 51, reviewer W51)",
  },
  {
    id: "M744",
    layer: "search",
    file: "src/search/search_hint.ts",
    line:
      "    const wordsPlace = alone.includes(QUERY_PLACE) || at ? undefined : named.placeWith?.(rest);",
    becomes: "    const wordsPlace = undefined;",
    breaks:
      '"nurse in leeds" with city=Berlin says the query finds 104 postings without the city, a count of every place, where the search without it is in Leeds (session 51, reviewer W51)',
  },
  {
    id: "M745",
    layer: "index",
    file: "src/index/query_spelling.ts",
    line: "  return nearestCity(source, word, afterPlaceWord);",
    becomes: "  return null;",
    breaks:
      '"nurse lodnon" searches nurses everywhere and never reads London: a misspelt city of the postings is no correction (session 51, reviewer W51)',
  },
  {
    id: "M746",
    layer: "search",
    file: "src/search/profile/read_wishes.ts",
    line:
      "  return wishRoles(said, lookup).filter((role) => hasHeadNoun(role) && !NOT_A_ROLE.test(role));",
    becomes: "  return wishRoles(said, lookup).filter(isWishedRole);",
    breaks:
      '"Dear Sir or Madam, I am looking for work" makes "Dear Sir" a CV\'s leading role (session 51, reviewer C51)',
  },
  {
    id: "M747",
    layer: "store",
    file: "src/store/web_session_store.ts",
    line: "    if (session.value === null || sizeOf(cv) > KV_LIMITS.valueBytes) return false;",
    becomes: "    if (sizeOf(cv) > KV_LIMITS.valueBytes) return false;",
    breaks:
      "a CV read while its session was signed out is kept after it, its text in the store for hours (session 51, reviewer C51)",
  },
  {
    id: "M748",
    layer: "web",
    file: "src/web/web_routes.tsx",
    line: "          (refererUrl.pathname === CV_PATH && who.session !== null))",
    becomes: "          refererUrl.pathname === CV_PATH)",
    breaks:
      'a public page\'s posting leads "Back to the jobs for your CV", a 404: no session keeps a CV there (session 51, reviewer C51)',
  },
  {
    id: "M749",
    layer: "alerts",
    file: "src/alerts/alert_deliverer.ts",
    line:
      '  return typeof profile === "string" ? { ...rest, profile_chars: profile.length } : rest;',
    becomes: "  return params;",
    breaks:
      "a webhook sends a saved profile search's whole CV at every delivery (session 51, reviewer C51)",
  },
  {
    id: "M750",
    layer: "web",
    file: "src/web/search_page.tsx",
    line: '      hx-select-oob="#count:innerHTML,#save-search,#error-summary,#account,#cv-csrf"',
    becomes: '      hx-select-oob="#count:innerHTML,#save-search,#error-summary,#account"',
    breaks:
      "a CV sent from a tab whose key another tab replaced is refused as expired, though the header names the new key (session 51, reviewer C51)",
  },
  {
    id: "M751",
    layer: "index",
    file: "src/index/query_spelling.ts",
    line:
      "    if (!afterPlaceWord && (placesNamed(name)[0]?.population ?? 0) < CITY_PEOPLE) continue;",
    becomes: "",
    breaks:
      '"sales werner" is corrected to Werne, a town of 30,000, and searched there (session 51, reviewer R51b)',
  },
  {
    id: "M752",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "    if (notThere) [notAt, rest] = [notThere, notThere.rest];",
    becomes: "    if (false) [notAt, rest] = [notThere, notThere.rest];",
    breaks:
      '"nurse not in manchster" is corrected, then searched in Manchester alone (session 51, reviewer R51b)',
  },
  {
    id: "M753",
    layer: "web",
    file: "src/web/saved_pages.tsx",
    line:
      '        {typeof view.params.profile === "string" ? "A CV\'s search, run by its deliveries" : (',
    becomes: '        {false ? "A CV\'s search, run by its deliveries" : (',
    breaks:
      'a saved CV search\'s "Run this search" puts the whole CV in the address bar and searches nothing (session 51, reviewer R51b)',
  },
  {
    id: "M755",
    layer: "search",
    file: "src/search/profile/profile_head.ts",
    line: "    const salutation = SALUTATION.test(written);",
    becomes: "    const salutation = false;",
    breaks:
      '"Dear Practice Manager, I am a dental nurse ..." makes a CV a search for managers (session 51, reviewer R51b)',
  },
  {
    id: "M756",
    layer: "search",
    file: "src/search/profile/read_wishes.ts",
    line: "  if (SALUTATION.test(said)) return [];",
    becomes: "",
    breaks:
      '"Dear HR Manager, I am looking for work" makes "Dear HR Manager" a CV\'s role (session 51, reviewer R51b)',
  },
  {
    id: "M757",
    layer: "search",
    file: "src/search/search_service.ts",
    line: "                q: reading.corrected,",
    becomes: "                q: query.q,",
    breaks:
      '"nurse in lodnon" with city=Berlin counts every place without the city, where the search without it is in London (session 51, reviewer R51b)',
  },
  {
    id: "M758",
    layer: "index",
    file: "src/index/query_spelling.ts",
    line:
      "  if (!(afterPlaceWord || atEnd) || !noPostingHas(source, word) || !mayScan()) return null;",
    becomes: "  if (!(afterPlaceWord || atEnd) || !noPostingHas(source, word)) return null;",
    breaks:
      'a query of a thousand characters of "in" and made-up words looks every city up for each word (session 51)',
  },
  {
    id: "M759",
    layer: "index",
    file: "src/index/reposts.ts",
    line: '    : job.work_mode === "remote"',
    becomes: '    : job.work_mode === "remote" && false',
    breaks: "a remote job listed under 16 US cities shows 16 times (session 52)",
  },
  {
    id: "M760",
    layer: "index",
    file: "src/index/reposts.ts",
    line: "    if (placed !== 0) return placed > 0;",
    becomes: "    if (placed !== 0 && false) return placed > 0;",
    breaks:
      "a remote job's newest copy under no place stands for it, and the list does not say where the job is (session 52)",
  },
  {
    id: "M761",
    layer: "index",
    file: "src/index/snapshot.ts",
    line:
      "  const groupsOfThisRule = (header.repostRule ?? 1) === REPOST_RULE ? groups : undefined;",
    becomes: "  const groupsOfThisRule = groups;",
    breaks:
      "a snapshot published before the remote rule keeps its remote copies apart until the next full publish (session 52)",
  },
  {
    id: "M762",
    layer: "index",
    file: "src/index/gazetteer.ts",
    line: '      if (!title.includes(cityKey) || foldText(job.city ?? "") === cityKey) continue;',
    becomes: "      if (!title.includes(cityKey)) continue;",
    breaks:
      '"barista in worcester" is no place, since Worcester\'s one posting names its town in its title (session 52, reviewer M52)',
  },
  {
    id: "M763",
    layer: "index",
    file: "src/index/gazetteer.ts",
    line:
      "      if (!title.some((word) => word !== cityKey && gazetteer.cities.has(word))) count++;",
    becomes: "      count++;",
    breaks:
      '"jobs in pforzheim" is no place, since titles elsewhere say "Pforzheim near Stuttgart" (session 52, reviewer M52)',
  },
  {
    id: "M764",
    layer: "index",
    file: "src/index/gazetteer.ts",
    line:
      "  return city === undefined || placeFree === undefined || placeFree(key) >= city.postings;",
    becomes: "  return city === undefined || placeFree === undefined || placeFree(key) >= 0;",
    breaks:
      "52 towns of the postings whose names titles use are never read as places (session 52, reviewer M52)",
  },
  {
    id: "M765",
    layer: "cli",
    file: "cli/process_io.ts",
    line: "  return init && here === CHECKOUT ? init : here;",
    becomes: "  return here;",
    breaks:
      "`deno task jobseek search --cv cv.txt` run in another folder looks for the CV in the checkout (session 52, reviewer M52)",
  },
  {
    id: "M766",
    layer: "cli",
    file: "cli/resolve_config.ts",
    line:
      '  const storeDir = rest.sources.kv === "default" ? options.projectDir ?? options.cwd : options.cwd;',
    becomes: "  const storeDir = options.cwd;",
    breaks:
      "`jobseek keys create` run in a folder of the checkout makes a store there, not the one `deno task serve` uses (session 52)",
  },
  {
    id: "M767",
    layer: "web",
    file: "src/web/web_app.ts",
    line: '  app.all(METRICS_PATH, methodNotAllowed(["GET", "HEAD"], deps.logger));',
    becomes: "",
    breaks: "`POST /metrics` is a 404 without `Allow` (session 52, reviewer W52)",
  },
  {
    id: "M768",
    layer: "search",
    file: "src/search/search_hint.ts",
    line: "  if (editDistance(foldText(matched), foldText(city)) <= 1) return city;",
    becomes: "  if (editDistance(foldText(matched), foldText(city)) < 0) return city;",
    breaks:
      '"softwre engineer in londn" is told "Nothing in londn", "jobs in londn" (session 52, reviewers W52, M52)',
  },
  {
    id: "M769",
    layer: "search",
    file: "src/search/search_service.ts",
    line: "          elsewhereQuery: withCorrections(roleText(place.rest), reading.corrections),",
    becomes: "          elsewhereQuery: roleText(place.rest),",
    breaks:
      '"softwre engineer in londn" offers the search "softwre engineer" elsewhere, misspelt (session 52, reviewer M52)',
  },
  {
    id: "M770",
    layer: "web",
    file: "src/web/saved_pages.tsx",
    line:
      '        return seeOther(`${SAVED_PATH}/${encodeURIComponent(c.req.param("id"))}/delete`);',
    becomes: "        return seeOther(SAVED_PATH);",
    breaks: "Delete on a card goes back to the list without asking (session 52, reviewer W52)",
  },
  {
    id: "M771",
    layer: "web",
    file: "src/web/admin_routes.tsx",
    line: "      return seeOther(`/admin/keys/revoke?name=${encodeURIComponent(name)}`);",
    becomes: "      return seeOther(`/admin/keys/revoke`);",
    breaks: "the console's Revoke asks about a key without its name (session 52)",
  },
  {
    id: "M772",
    layer: "mcp",
    file: "src/mcp/tools/list_cities.ts",
    line: "      const cities = cleanFields(all.slice(0, limit));",
    becomes: "      const cities = cleanFields(all);",
    breaks:
      "`list_cities` lists all 1,279 real cities (105 KB) whatever `limit` says (session 52, reviewer M52)",
  },
  {
    id: "M773",
    layer: "cli",
    file: "cli/commands/cities.ts",
    line: "        limit: Math.min(options.limit ?? CITIES_MAX, CITIES_MAX),",
    becomes: "        limit: options.limit,",
    breaks: "`jobseek cities` lists the tool's first 100 cities, not all (session 52)",
  },
  {
    id: "M774",
    layer: "cli",
    file: "cli/commands/cities.ts",
    line:
      "    if (response.status === 200 && posted && !/json|event-stream/i.test(type)) notMcp = true;",
    becomes: "",
    breaks:
      '`jobseek cities` against another server says "Streamable HTTP error: Unexpected content type: null" (session 52, reviewer M52)',
  },
  {
    id: "M775",
    layer: "web",
    file: "src/web/result_item.tsx",
    line: '        <Detail term="Employment type" value={r.employment_type} />',
    becomes: "",
    breaks:
      'the page\'s results do not say their employment type, so "part time cleaning" cannot show which postings its reading lifted (session 52, reviewer W52)',
  },
  {
    id: "M776",
    layer: "index",
    file: "src/index/reposts.ts",
    line: "        if (here !== there) return here;",
    becomes: "        if (here !== there && false) return here;",
    breaks:
      '"jobs in Leeds" leaves out a remote job listed under Leeds whose best copy is under Sheffield (session 52)',
  },
  {
    id: "M777",
    layer: "ingest",
    file: "src/ingest/import_row.ts",
    line: "    const over = overCap(parsed.data) ?? invertedPay(parsed.data.base_salary) ??",
    becomes: "    const over = overCap(parsed.data) ?? null ??",
    breaks: 'a pushed posting paying "50000.0-40000.0 GBP/YEAR" is stored (session 52)',
  },
  {
    id: "M778",
    layer: "alerts",
    file: "src/alerts/webhook_address.ts",
    line: "      /^https?:\\/\\//i.test(text.trim())",
    becomes: "      false",
    breaks:
      'the webhook URL "http://not a url/" is refused as not being http (session 52, reviewer W52)',
  },
  {
    id: "M779",
    layer: "alerts",
    file: "src/alerts/query_reading.ts",
    line: "  if (outcome.derived) reading.derived = outcome.derived;",
    becomes: "",
    breaks:
      "a saved CV's webhook carries an empty `query`, nothing of what the CV was read as (session 52)",
  },
  {
    id: "M781",
    layer: "web",
    file: "src/web/respond.tsx",
    line: "          {...frameOf(await sessionOf(c).catch(() => null))}",
    becomes: "          {...frameOf(null)}",
    breaks:
      'a too large form\'s 413 page offers "Sign in" to a person signed in (session 52, reviewer W52)',
  },
  {
    id: "M782",
    layer: "index",
    file: "src/index/job_index.ts",
    line:
      "        const standIn = asked !== null && !asked(p) ? undefined : standIns.first(p, kept);",
    becomes: "        const standIn = undefined as OtherCopy | undefined;",
    breaks:
      "`city=Leeds` loses a remote job whose copy under Sheffield stands for it (session 52's regression, fixed session 54)",
  },
  {
    id: "M783",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "        standIns.passingEach(set.map((hit) => hit.position), kept).map((copies) =>",
    becomes: "        set.map((hit) => [hit.position]).map((copies) =>",
    breaks:
      "a facet counts a reposted job under its shown copy's city alone: the count for Leeds is not what `city=Leeds` finds (session 54)",
  },
  {
    id: "M785",
    layer: "search",
    file: "src/search/profile_search.ts",
    line: "  const noneStrong = (best < cut.minScore && cut.rescueStrong === false) ||",
    becomes: "  const noneStrong = false ||",
    breaks:
      "a German nurse's CV in Berlin, where no nurse is posted, lists two IT jobs as strong matches (session 54, reviewer C52)",
  },
  {
    id: "M786",
    layer: "search",
    file: "src/search/profile_search.ts",
    line: "    ...(anywhere ? { anywhere } : {}),",
    becomes: "",
    breaks:
      "a CV whose area holds no strong match is not told how many it has elsewhere (session 54)",
  },
  {
    id: "M787",
    layer: "index",
    file: "src/index/head_group.ts",
    line: '    (w === "de" && words[i - 1] === "chef" && KITCHEN_BRIGADE.has(words[i + 1]))',
    becomes: "    false",
    breaks:
      '"Chef de Partie" is no role: a chef de partie\'s CV is searched as its older "Commis Chef" (session 54)',
  },
  {
    id: "M788",
    layer: "search",
    file: "src/search/profile/profile_head.ts",
    line: "      const title = cleanTitle(titleAfterOpener(undated.split(TITLE_ENDS)[0]));",
    becomes: "      const title = cleanTitle(undated.split(TITLE_ENDS)[0]);",
    breaks:
      '"Ich bin Krankenpfleger." gives the sentence "Ich bin Krankenpfleger" as a second role (session 54, reviewer C52)',
  },
  {
    id: "M789",
    layer: "search",
    file: "src/search/profile/derive_profile.ts",
    line: "    const title = withoutQualifiers(written);",
    becomes: "    const title = written;",
    breaks:
      '"ausgebildete Krankenschwester" and "Experienced nurse" are searched with their qualifier (session 54, reviewer C52)',
  },
  {
    id: "M790",
    layer: "search",
    file: "src/search/profile/role_titles.ts",
    line: "  const found = [...flat.matchAll(SELF_DESCRIPTION), ...flat.matchAll(WORKS_AS)]",
    becomes: "  const found = [...flat.matchAll(SELF_DESCRIPTION)]",
    breaks:
      '"seit 2015 als Krankenpfleger t\u00e4tig" is read as no role (session 54, reviewer C52)',
  },
  {
    id: "M791",
    layer: "search",
    file: "src/search/profile/role_titles.ts",
    line: "    if (!add(match[1])) continue;",
    becomes: "    add(match[1]);",
    breaks:
      '"I am part of a team and as a mentor to junior developers" reads "mentor to junior developers" as a role (session 54, reviewer C54)',
  },
  {
    id: "M792",
    layer: "search",
    file: "src/search/profile/derive_profile.ts",
    line: '  const plain = text.slice(0, PROFILE_MAX_LENGTH).replace(/\\p{Cf}/gu, "")',
    becomes: "  const plain = text.slice(0, PROFILE_MAX_LENGTH)",
    breaks: 'a zero-width space after "Krankenpfleger" hides the role (session 54, reviewer R54)',
  },
  {
    id: "M793",
    layer: "search",
    file: "src/search/profile_search.ts",
    line: "      mask[p] === 1 && relevance[p] >= strongAnywhere &&",
    becomes: "      mask[p] === 1 &&",
    breaks:
      "a CV's area holding only matches that are strong nowhere is not widened: a London nurse's CV lists every British nurse as close, none strong (session 54, reviewer R54; session 55)",
  },
  {
    id: "M794",
    layer: "index",
    file: "src/index/query_place.ts",
    line: "  if (foldText(best.name) !== word) return false;",
    becomes: "",
    breaks:
      '"deli counter jobs in leeds" lists jobs in Delhi ("Deli" in Malay), Leeds unread (session 54)',
  },
  {
    id: "M795",
    layer: "search",
    file: "src/search/profile_search.ts",
    line: "      if (options.remoteOnly && !isRemote(job)) continue;",
    becomes: "",
    breaks:
      '"remote" beside a CV in Berlin lists on-site Berlin jobs, no remote nurse job (session 54, reviewer R54)',
  },
  {
    id: "M796",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "  let notAt = place ? placeNotWanted(query.q, place) : null;",
    becomes:
      "  let notAt = place && place.anyOf === undefined ? placeNotWanted(query.q, place) : null;",
    breaks:
      '"nurse not in london or manchester" lists Manchester\'s nurses alone: the places not wanted are where it searches (session 54, reviewer R54)',
  },
  {
    id: "M797",
    layer: "search",
    file: "src/search/profile_search.ts",
    line: "      remoteOnly = true;",
    becomes: "",
    breaks:
      '"remote germany" beside a CV lists every German posting, on site or not (session 54, reviewer R54b)',
  },
  {
    id: "M798",
    layer: "search",
    file: "src/search/index_places.ts",
    line: "      if (cityNameIsWork(key, gazetteer)) return undefined;",
    becomes: "",
    breaks:
      '"Available from Spring 2025" or "Spring Boot" in a CV makes Spring, Texas its place (session 54, reviewer R54b)',
  },
  {
    id: "M799",
    layer: "search",
    file: "src/search/profile/profile_places.ts",
    line: "        ? stated.map((country) => lookup?.city(phrase, country)).find((known) => known)",
    becomes: "        ? lookup?.city(phrase)",
    breaks: '"Bristol, United Kingdom" in a CV is Bristol, US (session 54, reviewer R54b)',
  },
  {
    id: "M800",
    layer: "search",
    file: "src/search/index_places.ts",
    line:
      "      return usual === undefined ? bigCityOf(words, countries) : byKeyIn.get(keyIn(key, usual));",
    becomes: "      return usual === undefined ? undefined : byKeyIn.get(keyIn(key, usual));",
    breaks:
      "a CV in Edinburgh or Mumbai, where no posting names the city, is searched everywhere, unsaid (session 54, reviewer R54)",
  },
  {
    id: "M801",
    layer: "index",
    file: "src/index/query_place.ts",
    line: "    world.population < METROPOLIS",
    becomes: "    false",
    breaks:
      '"retail sale" and "car sale jobs" are jobs in Sal\u00e9, Morocco (session 54, reviewer R54b)',
  },
  {
    id: "M802",
    layer: "web",
    file: "src/web/pages.tsx",
    line: '  return hintForPeople(r.hint ?? "", "below").replace(',
    becomes: '  return hintForPeople(r.hint ?? "", "below").replaceAll("\\u0000",',
    breaks:
      "the CV page tells a person to give `near`, `city` or `country`, which its form has not (session 54)",
  },
  {
    id: "M803",
    layer: "search",
    file: "src/search/profile_search.ts",
    line: "    best < strongAnywhere;",
    becomes: "    false;",
    breaks:
      "a CV's area makes a posting strong that is no strong match anywhere: a cashier's CV in Leeds lists care assistants as strong (session 55)",
  },
  {
    id: "M804",
    layer: "search",
    file: "src/search/profile/role_titles.ts",
    line:
      "  /\\b(?:i\\s+am|i'm|i’m|ich\\s+bin|je\\s+suis|ik\\s+ben|(?:working|worked|work|(?<=(?:^|[.;:!?,]\\s*|\\b(?:i\\s+am|i\\s+was|i'm|i’m|been|currently)\\s+))employed)(?:\\s+(?:for|at|by)(?:\\s+[\\p{L}\\p{N}&'.-]+){1,5}?)?\\s+as|arbeite(?:te)?\\s+als|werk(?:te)?\\s+als|werkzaam\\s+als)\\s+(?!(?:currently\\s+)?(?:employed|working|werkzaam)\\b)(?:an?\\s+|ein(?:e)?\\s+|een\\s+|un(?:e)?\\s+)?([\\p{L}][\\p{L}\\s/+#.-]{2,60}?)(?=\\s+(?:with|in|at|for|by|who|and|based|from|mit|bei|since|seit|und|im|tätig|en|bij|met|sinds|voor|op|te|uit)\\b|[,.;:!?]|$)/giu;",
    becomes:
      "  /\\b(?:i\\s+am|i'm|i’m|ich\\s+bin|je\\s+suis|ik\\s+ben|(?:working|worked|work)(?:\\s+(?:for|at|by)(?:\\s+[\\p{L}\\p{N}&'.-]+){1,5}?)?\\s+as|arbeite(?:te)?\\s+als|werk(?:te)?\\s+als|werkzaam\\s+als)\\s+(?:an?\\s+|ein(?:e)?\\s+|een\\s+|un(?:e)?\\s+)?([\\p{L}][\\p{L}\\s/+#.-]{2,60}?)(?=\\s+(?:with|in|at|for|by|who|and|based|from|mit|bei|since|seit|und|im|tätig|en|bij|met|sinds|voor|op|te|uit)\\b|[,.;:!?]|$)/giu;",
    breaks:
      '"I am employed by Tesco as a cashier" is read as the role "employed by Tesco as a cashier" (session 55)',
  },
  {
    id: "M805",
    layer: "search",
    file: "src/search/profile/role_titles.ts",
    line:
      "  /^(?:(?:i\\s+am\\s+|i['’]m\\s+|i\\s+)?(?:have\\s+)?(?:been\\s+)?(?:currently\\s+)?(?:work|worked|working|employed)(?:\\s+(?:for|at|by)(?:\\s+[\\p{L}\\p{N}&'.-]+){1,5}?)?\\s+as|(?:i\\s+am|i'm|i’m|ich\\s+bin|je\\s+suis|ik\\s+ben)(?:\\s+(?:seit|since|sinds)\\s+\\d{4})?(?:\\s+(?:als|werkzaam\\s+als))?|ich\\s+arbeite(?:te)?\\s+als|(?:ik\\s+)?werk(?:te)?\\s+als|werkzaam\\s+als|(?:then\\s+|and\\s+(?:also\\s+)?)?as|(?:seit\\s+\\d{4}\\s+)?als)\\s+(?:an?\\s+|ein(?:e|er)?\\s+|een\\s+|une?\\s+)?/iu;",
    becomes:
      "  /^(?:(?:i\\s+am\\s+|i['’]m\\s+|i\\s+)?(?:have\\s+)?(?:been\\s+)?(?:currently\\s+)?(?:work|worked|working)\\s+as|(?:i\\s+am|i'm|i’m|ich\\s+bin|je\\s+suis|ik\\s+ben)(?:\\s+(?:seit|since|sinds)\\s+\\d{4})?(?:\\s+(?:als|werkzaam\\s+als))?|ich\\s+arbeite(?:te)?\\s+als|(?:ik\\s+)?werk(?:te)?\\s+als|werkzaam\\s+als|(?:then\\s+|and\\s+(?:also\\s+)?)?as|(?:seit\\s+\\d{4}\\s+)?als)\\s+(?:an?\\s+|ein(?:e|er)?\\s+|een\\s+|une?\\s+)?/iu;",
    breaks:
      '"Currently employed as a warehouse operative" on a head line is read as no role, or as the clause (session 55)',
  },
  {
    id: "M806",
    layer: "search",
    file: "src/search/profile/read_wishes.ts",
    line:
      "      .raw`\\bik\\s+zoek\\b|\\bzoek\\s+(?:een|werk|naar)\\b|\\bop\\s+zoek\\s+naar\\b|\\bich\\s+suche\\b|\\bsuche\\s+(?:eine|einen|ein)\\b|\\bsucht\\s+(?:eine[nr]?|ein|neue[nr]?|nach|arbeit|stelle|job|beschäftigung)\\b|\\bauf\\s+der\\s+suche\\s+nach\\b`,",
    becomes:
      "      .raw`\\bik\\s+zoek\\b|\\bzoek\\s+(?:een|werk|naar)\\b|\\bop\\s+zoek\\s+naar\\b|\\bich\\s+suche\\b|\\bsuche\\s+(?:eine|einen|ein)\\b|\\bauf\\s+der\\s+suche\\s+nach\\b`,",
    breaks: '"Ausgebildete Erzieherin sucht neue Herausforderung" is read as no role (session 55)',
  },
  {
    id: "M807",
    layer: "search",
    file: "src/search/profile/profile_head.ts",
    line:
      '  "with|having|who|since|seit|mit|looking|seeking|sucht|suche|at|for|bei|zoek|met|sinds|bij";',
    becomes: '  "with|having|who|since|seit|mit|at|for|bei|zoek|met|sinds|bij";',
    breaks:
      'a head line "Elektriker sucht eine Stelle als Elektroniker" is a role as written (session 55)',
  },
  {
    id: "M808",
    layer: "index",
    file: "src/index/keyword_scorer.ts",
    line: "    const isName = inTitles <= nameRatio * inNames && !TRADE_TERMS.has(term);",
    becomes: "    const isName = inTitles <= nameRatio * inNames;",
    breaks:
      "\"Koch\" in Berlin lists the Robert Koch Institut's IT engineers first: a trade's noun counts in full in a company's name (session 55)",
  },
  {
    id: "M809",
    layer: "search",
    file: "src/search/profile/profile_head.ts",
    line: "  for (let dropped = 0; dropped <= TRAILING_NAMES; dropped++) {",
    becomes: "  for (let dropped = 0; dropped <= 0; dropped++) {",
    breaks:
      'a one-line profile "Warehouse operative Leeds" is read as no role: the place after the title is kept (session 56)',
  },
  {
    id: "M810",
    layer: "search",
    file: "src/search/profile/profile_head.ts",
    line:
      "    if (dropped > 0 && TITLE_OPENERS.has(words[words.length - 1].toLowerCase())) return undefined;",
    becomes:
      "    if (dropped < 0 && TITLE_OPENERS.has(words[words.length - 1].toLowerCase())) return undefined;",
    breaks: 'a CV\'s head line "Head Office Leeds" is read as the role "Head" (session 56)',
  },
  {
    id: "M811",
    layer: "search",
    file: "src/search/profile/role_titles.ts",
    line:
      "  /\\b(?:i\\s+am|i'm|i’m|ich\\s+bin|je\\s+suis|ik\\s+ben|(?:working|worked|work|(?<=(?:^|[.;:!?,]\\s*|\\b(?:i\\s+am|i\\s+was|i'm|i’m|been|currently)\\s+))employed)(?:\\s+(?:for|at|by)(?:\\s+[\\p{L}\\p{N}&'.-]+){1,5}?)?\\s+as|arbeite(?:te)?\\s+als|werk(?:te)?\\s+als|werkzaam\\s+als)\\s+(?!(?:currently\\s+)?(?:employed|working|werkzaam)\\b)(?:an?\\s+|ein(?:e)?\\s+|een\\s+|un(?:e)?\\s+)?([\\p{L}][\\p{L}\\s/+#.-]{2,60}?)(?=\\s+(?:with|in|at|for|by|who|and|based|from|mit|bei|since|seit|und|im|tätig|en|bij|met|sinds|voor|op|te|uit)\\b|[,.;:!?]|$)/giu;",
    becomes:
      "  /\\b(?:i\\s+am|i'm|i’m|ich\\s+bin|je\\s+suis|ik\\s+ben|(?:working|worked|work|(?<=(?:^|[.;:!?,]\\s*|\\b(?:i\\s+am|i\\s+was|i'm|i’m|been|currently)\\s+))employed)(?:\\s+(?:for|at|by)(?:\\s+[\\p{L}\\p{N}&'.-]+){1,5}?)?\\s+as|arbeite(?:te)?\\s+als|werk(?:te)?\\s+als|werkzaam\\s+als)\\s+(?!(?:currently\\s+)?(?:employed|working|werkzaam)\\b)(?:an?\\s+|ein(?:e)?\\s+|een\\s+|un(?:e)?\\s+)?([\\p{L}][\\p{L}\\s/+#.-]{2,60}?)(?=\\s+(?:with|in|at|for|who|and|based|from|mit|bei|since|seit|und|im|tätig|en|bij|met|sinds|voor|op|te|uit)\\b|[,.;:!?]|$)/giu;",
    breaks:
      '"Employed as Store Manager by Aldi" is read as no role: the title runs on to the employer (session 56)',
  },
  {
    id: "M812",
    layer: "index",
    file: "src/index/head_nouns.json",
    line: '    "plasterer",',
    becomes: '    "plaster",',
    breaks:
      'a profile "Plasterer, Leeds" is read as no role: a plasterer is no trade\'s head noun (session 56)',
  },
  {
    id: "M813",
    layer: "index",
    file: "src/index/job_names_abroad.ts",
    line: '  maler: "painter",',
    becomes: '  malerei: "painter",',
    breaks:
      '"Maler" (a painter, in German) is corrected to "male" and lists male nurses (session 56)',
  },
  {
    id: "M814",
    layer: "search",
    file: "src/search/profile/role_titles.ts",
    line:
      "  /\\b(?:i\\s+am|i'm|i’m|ich\\s+bin|je\\s+suis|ik\\s+ben|(?:working|worked|work|(?<=(?:^|[.;:!?,]\\s*|\\b(?:i\\s+am|i\\s+was|i'm|i’m|been|currently)\\s+))employed)(?:\\s+(?:for|at|by)(?:\\s+[\\p{L}\\p{N}&'.-]+){1,5}?)?\\s+as|arbeite(?:te)?\\s+als|werk(?:te)?\\s+als|werkzaam\\s+als)\\s+(?!(?:currently\\s+)?(?:employed|working|werkzaam)\\b)(?:an?\\s+|ein(?:e)?\\s+|een\\s+|un(?:e)?\\s+)?([\\p{L}][\\p{L}\\s/+#.-]{2,60}?)(?=\\s+(?:with|in|at|for|by|who|and|based|from|mit|bei|since|seit|und|im|tätig|en|bij|met|sinds|voor|op|te|uit)\\b|[,.;:!?]|$)/giu;",
    becomes:
      "  /\\b(?:i\\s+am|i'm|i’m|ich\\s+bin|je\\s+suis|ik\\s+ben|(?:working|worked|work|(?<=(?:^|[.;:!?,]\\s*|\\b(?:i\\s+am|i\\s+was|i'm|i’m|been|currently)\\s+))employed)(?:\\s+(?:for|at|by)(?:\\s+[\\p{L}\\p{N}&'.-]+){1,5}?)?\\s+as|arbeite(?:te)?\\s+als|werk(?:te)?\\s+als|werkzaam\\s+als)\\s+(?!(?:currently\\s+)?(?:employed|working|werkzaam)\\b)(?:an?\\s+|ein(?:e)?\\s+|een\\s+|un(?:e)?\\s+)?([\\p{L}][\\p{L}\\s/+#.-]{2,60}?)(?=\\s+(?:with|in|at|for|by|who|and|based|from|mit|bei|since|seit|und|im|tätig)\\b|[,.;:!?]|$)/giu;",
    breaks:
      "\"Ik ben verpleegkundige en zoek een baan\" is read as no role: a Dutch clause's end is not the title's (session 56)",
  },
  {
    id: "M815",
    layer: "search",
    file: "src/search/profile/experience_periods.ts",
    line:
      "  .raw`(?:present|now|today|current(?:ly)?|date|till\\s+date|to\\s+date|till\\s+now|ongoing|heute|jetzt|aktuell|dato|nu|heden)`;",
    becomes:
      "  .raw`(?:present|now|today|current(?:ly)?|date|till\\s+date|to\\s+date|till\\s+now|ongoing|heute|jetzt|aktuell|dato|nu)`;",
    breaks:
      'a Dutch CV\'s "Data Analist, Coolblue (2019 - heden)" is no period of work, and its title no role (session 56)',
  },
  {
    id: "M816",
    layer: "search",
    file: "src/search/profile/read_wishes.ts",
    line: "  const sector = text.search(/\\s+(?:in|bij)\\s+(?:de|het)\\s+/i);",
    becomes: "  const sector = text.search(/\\s+(?:in|bij)\\s+(?:het)\\s+/i);",
    breaks: '"als teamleider in de logistiek" is the role "teamleider logistiek" (session 56)',
  },
  {
    id: "M817",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line: '  "vacatures",',
    becomes: '  "vacaturesx",',
    breaks:
      '"vacatures Amsterdam" lists no posting where "jobs in Amsterdam" lists the city\'s (session 56)',
  },
  {
    id: "M818",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line: '  "ich",',
    becomes: '  "ichx",',
    breaks:
      '"ich suche eine Stelle als Koch" is embedded whole and has no strong match where "Koch" has 19 (session 56)',
  },
  {
    id: "M819",
    layer: "index",
    file: "src/index/query_company.ts",
    line: '    if (word !== "at" && word !== "for" && word !== "bei" && word !== "bij") continue;',
    becomes: '    if (word !== "at" && word !== "for") continue;',
    breaks: '"jobs bei Siemens" names no company and lists another\'s posting (session 56)',
  },
  {
    id: "M820",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "    const afterAt = /\\b(?:at|for|bei|bij)\\s/i.test(query);",
    becomes: "    const afterAt = /\\b(?:at|for)\\s/i.test(query);",
    breaks: '"vacatures bij Booking.com" names no company (session 56)',
  },
  {
    id: "M821",
    layer: "index",
    file: "src/index/posting_places.ts",
    line:
      "        (district !== null && district(p)) || (regionOnly !== null && regionOnly(p))) &&",
    becomes: "        (regionOnly !== null && regionOnly(p))) &&",
    breaks:
      '"data analyst Amsterdam" leaves out Booking.com\'s posting in "Amsterdam Centrum": a city\'s districts written with its name are not the city (session 56)',
  },
  {
    id: "M822",
    layer: "index",
    file: "src/index/posting_places.ts",
    line: "        points.some((point) => isWithinKm(jobs[p], point, DISTRICT_KM))",
    becomes: "        points.some((point) => isWithinKm(jobs[p], point, 1000))",
    breaks: 'a city\'s query place lists "Frankfurt (Oder)", 550 km from Frankfurt (session 56)',
  },
  {
    id: "M823",
    layer: "search",
    file: "src/search/profile/profile_head.ts",
    line: "    if (GIVEN_NAMES.has(first)) return 2;",
    becomes: '    if (GIVEN_NAMES.has(first) && first === "x") return 2;',
    breaks: 'a CV\'s name line "Emma Butcher" is read as the role "Emma Butcher" (reviewer C56)',
  },
  {
    id: "M824",
    layer: "search",
    file: "src/search/profile/profile_head.ts",
    line: "      if (!isPlace(last) && !/^\\p{Lu}{2,5}$/u.test(last)) return undefined;",
    becomes: "      if (!/./.test(last)) return undefined;",
    breaks: 'a head line "Assistant Psychologist" is read as the role "Assistant" (reviewer C56)',
  },
  {
    id: "M825",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line:
      "      return k > from || ASKING_WORDS.has(words[k + 1]) || REQUEST_NOUNS.has(words[k + 1]);",
    becomes: "      return true;",
    breaks:
      '"ALS paramedic" is searched as "paramedic", "toon boom animator" as "boom animator" (reviewer C56)',
  },
  {
    id: "M826",
    layer: "index",
    file: "src/index/query_spelling.ts",
    line: "  if (a.trade !== b.trade) return a.edits !== b.edits ? a.edits < b.edits : a.trade;",
    becomes: "  if (a.trade !== b.trade) return a.trade;",
    breaks:
      '"marketng" is searched as "marketer", two edits away, not "marketing", one (reviewer C56)',
  },
  {
    id: "M827",
    layer: "index",
    file: "src/index/job_names_abroad.ts",
    line: '  "zimmermann",',
    becomes: '  "zimmermannx",',
    breaks: '"Zimmermann Store Manager" is taken for a German title at import (reviewer C56)',
  },
  {
    id: "M828",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line: '  return start < end ? typed.slice(start, end).join(" ") : text.trim();',
    becomes: "  return text.trim();",
    breaks:
      "a hint quotes the Dutch asking as the search: '\"en zoek werk als kok\" lists ...' (session 56)",
  },
  {
    id: "M829",
    layer: "index",
    file: "src/index/query_place.ts",
    line: '      if (from > 0 && (RESIDING.has(folded[from - 1]) || folded[from] === "based")) {',
    becomes:
      '      if (from < 0 && (RESIDING.has(folded[from - 1]) || folded[from] === "based")) {',
    breaks:
      '"..., I live in Leeds" searches "I live" as words of the work, and the hint quotes it (session 56)',
  },
  {
    id: "M830",
    layer: "index",
    file: "src/index/query_phrasing.ts",
    line: "    if (FOREIGN_JOB_WORDS.has(word)) return k + 1 < end;",
    becomes: "    if (FOREIGN_JOB_WORDS.has(word)) return false;",
    breaks:
      '"Stellenangebote Pflegekraft" is embedded whole and has no strong match where "Pflegekraft" has 108 (session 56)',
  },
  {
    id: "M831",
    layer: "index",
    file: "src/index/query_place.ts",
    line: "    englishOfJobName(word) !== undefined;",
    becomes: "    false;",
    breaks: '"Koch / Köchin" reads "Köchin" as Cochin, in India, and lists nothing (session 56)',
  },
  {
    id: "M832",
    layer: "search",
    file: "src/search/profile/profile_head.ts",
    line: "    const contact = next !== undefined && /\\d|@/.test(next);",
    becomes: "    const contact = false;",
    breaks:
      'a German CV\'s name line "Jürgen Koch" over an address is read as the role "Jürgen Koch" (session 56)',
  },
  {
    id: "M833",
    layer: "index",
    file: "src/index/query_salary.ts",
    line: "    String.raw`über|ueber|ab|mindestens|mehr als|vanaf|minimaal|meer dan|` +",
    becomes: "    String.raw`` +",
    breaks:
      '"backend engineer Berlin über 70000 Euro" searches "über" as a word of the work (session 56)',
  },
  {
    id: "M834",
    layer: "index",
    file: "src/index/query_employment.ts",
    line: '  ["minijob", "parttime"],',
    becomes: '  ["minijobx", "parttime"],',
    breaks:
      '"Minijob Hamburg" lists every Hamburg posting as a strong match, senior developers first (session 56)',
  },
  {
    id: "M835",
    layer: "index",
    file: "src/index/job_names_abroad.ts",
    line:
      "      return trade(before) && trade(after) && (named(before) || named(after)) ? english : word;",
    becomes: "      return word;",
    breaks: '"Koch oder Kellner" is not two alternatives, as "chef or waiter" is (session 57)',
  },
  {
    id: "M836",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "  if (longs.filter(Boolean).length > 1) {",
    becomes: "  if (false) {",
    breaks:
      '"Maler und Lackierer" has no strong match where "painter and decorator" has four (session 57)',
  },
  {
    id: "M837",
    layer: "index",
    file: "src/index/tokenize.ts",
    line: '  "werk",',
    becomes: "",
    breaks:
      '"werk in Rotterdam" searches "werk" and lists nothing, where "work in Rotterdam" lists the city\'s postings (session 57)',
  },
  {
    id: "M838",
    layer: "web",
    file: "src/web/web_routes.tsx",
    line: '    if (!count || c.req.method === "HEAD") return { session, frame };',
    becomes: "    if (!count) return { session, frame };",
    breaks: "a HEAD of a search page counts against the key's limit (session 57)",
  },
  {
    id: "M839",
    layer: "domain",
    file: "src/domain/salary_text.ts",
    line: '    employmentTypesOf(result).includes("parttime");',
    becomes: "    false;",
    breaks:
      'a part-time job\'s hourly pay is said as a year it never pays, "about £24,440 a year" (session 57)',
  },
  {
    id: "M840",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "      levels && !beside!.levelsLacking && k < candidates.count && !requireLevel;",
    becomes: "      levels && k < candidates.count && !requireLevel;",
    breaks:
      '"warehouse operative no experience": two trainee postings are the strong matches, every plain operative a close one (session 57)',
  },
  {
    id: "M841",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "      ...(analyzed.seniorityBeside.lacking ? { no_level_asked: true as const } : {}),",
    becomes: "",
    breaks:
      '"no experience" beside the work is said back as a level asked for, whose postings alone are strong (session 57)',
  },
  {
    id: "M842",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "    if (levels && !requireLevel && !beside!.levelsLacking) result.noneAtLevel = true;",
    becomes: "    if (levels && !requireLevel) result.noneAtLevel = true;",
    breaks:
      "\"no experience\" beside the work says none of the work's postings is a first job's, where some are (session 57)",
  },
  {
    id: "M843",
    layer: "search",
    file: "src/search/search_hint.ts",
    line: "  if (country) return country;",
    becomes: "  if (false) return country;",
    breaks:
      "country=UK says only that nothing matches, not that the United Kingdom's code is GB (session 57)",
  },
  {
    id: "M844",
    layer: "domain",
    file: "src/domain/job.ts",
    line: "  if (Object.hasOwn(COUNTRY_CODES_MEANT, code)) return code;",
    becomes: "",
    breaks: "the page names country=UK the United Kingdom beside a count of 0 (session 57)",
  },
  {
    id: "M845",
    layer: "index",
    file: "src/index/role_text.ts",
    line: "  return LICENCE_CLASS.test(segment.trim()) ||",
    becomes: "  return false ||",
    breaks:
      '"Class 2 - Night Out HGV Driver" is embedded as "class 2" and a class teacher\'s CV meets it (session 57)',
  },
  {
    id: "M846",
    layer: "search",
    file: "src/search/profile_search.ts",
    line: "    outcome.hint = result.closeTotal > 0",
    becomes: "    outcome.hint = true",
    breaks:
      "a CV's hint speaks of close matches after the strong ones where none follows (session 57)",
  },
  {
    id: "M847",
    layer: "search",
    file: "src/search/search_service.ts",
    line: "        : ofPostings\n        ? `'${ofPostings}' is a city of the postings",
    becomes: "        : false\n        ? `'${ofPostings}' is a city of the postings",
    breaks:
      '"--near Dordon" says no place called Dordon is known beside a list of Dordon\'s postings (session 57)',
  },
  {
    id: "M848",
    layer: "mcp",
    file: "src/mcp/tools/search_page.ts",
    line:
      '    lines.push("", description ? quoted(description) : "   (The posting has no description.)");',
    becomes: '    lines.push("", quoted(description));',
    breaks:
      "an agent reads a posting with no description, detail full, as one cut to nothing (session 57)",
  },
  {
    id: "M849",
    layer: "cli",
    file: "cli/commands/search.ts",
    line:
      '    lines.push("", ...wrap(job.job_description.trim() || "(The posting has no description.)"));',
    becomes: '    lines.push("", ...wrap(job.job_description.trim()));',
    breaks:
      "--detail full shows a posting with no description as a block with no text (session 57)",
  },
  {
    id: "M850",
    layer: "mcp",
    file: "src/mcp/resources/postings.ts",
    line:
      "        new Error(`No posting with job_url ${String(variables.job_url).slice(0, 300)}`),",
    becomes:
      "        new Error(`MCP error -32002: No posting with job_url ${String(variables.job_url).slice(0, 300)}`),",
    breaks:
      'an agent reads "MCP error -32002: MCP error -32002: No posting ..." for a posting that is gone (session 57)',
  },
  {
    id: "M851",
    layer: "cli",
    file: "cli/commands/alerts.ts",
    line:
      "        throw error instanceof Error ? new Error(addRefusalInFlags(error.message)) : error;",
    becomes: "        throw error;",
    breaks:
      "`alerts add --webhook` refused as \"Invalid parameter 'deliver'\", a name the person never typed (session 57)",
  },
  {
    id: "M852",
    layer: "mcp",
    file: "src/mcp/tools/list_cities.ts",
    line:
      '  const first = cities.length === 1 ? "only the first is listed" : `the first ${cities.length}`;',
    becomes: '  const first = cities.length === 1 ? "the first" : `the first ${cities.length}`;',
    breaks:
      'list_cities with limit 1 says "the first (`limit` lists more)", as if a number were missing (session 57)',
  },
  {
    id: "M853",
    layer: "cli",
    file: "cli/commands/search.ts",
    line: "  const code = /^[A-Z]{2,3}$/.test(upper) ? countryCode(upper) : countryCode(value);",
    becomes: "  const code = undefined;",
    breaks:
      '`--country Germany` is refused as "must be two uppercase letters" and `--country uk` finds nothing (session 57)',
  },
  {
    id: "M854",
    layer: "index",
    file: "src/index/job_names_abroad.ts",
    line:
      "      return trade(before) && trade(after) && (named(before) || named(after)) ? english : word;",
    becomes: "      return named(before) || named(after) ? english : word;",
    breaks:
      '"Koch of the year" is read as two alternatives, "ich bin Koch und suche Arbeit" says "and" (reviewer C57)',
  },
  {
    id: "M855",
    layer: "web",
    file: "src/web/saved_pages.tsx",
    line: '      if (c.req.method === "HEAD") return headersOnly();',
    becomes: "",
    breaks:
      "a HEAD of a saved search's page runs its searches and counts them against the key's limit (reviewer C57)",
  },
  {
    id: "M856",
    layer: "search",
    file: "src/search/profile_search.ts",
    line: "    outcome.hint = countryCodeMeantHint(query) ??",
    becomes: "    outcome.hint = null ??",
    breaks:
      "a CV's search with country=UK says only that nothing fits with these filters (reviewer C57)",
  },
  {
    id: "M857",
    layer: "cli",
    file: "cli/commands/search.ts",
    line: "  if (/^[A-Z]{2}$/.test(upper)) return upper;",
    becomes: "  return upper;",
    breaks:
      '`--country Germny` is sent and refused as "must be two uppercase letters" (reviewer C57)',
  },
  {
    id: "M858",
    layer: "web",
    file: "src/web/search_page.tsx",
    line:
      '        shown={props.response !== undefined && !NAMES_NOTHING.has(props.response.hint ?? "")}',
    becomes: "        shown={props.response !== undefined}",
    breaks:
      'the page offers to save "🙂", answered "The query names no job" (a person\'s trial, session 57)',
  },
  {
    id: "M859",
    layer: "cli",
    file: "cli/endpoint.ts",
    line: '  if (!host || !/[a-z0-9\\]]$/i.test(host)) return "";',
    becomes: '  if (true) return "";',
    breaks:
      '`jobseek configure` refuses "localhost:8751" without saying the http:// it lacks (a person\'s trial, session 57)',
  },
  {
    id: "M860",
    layer: "index",
    file: "src/index/query_spelling.ts",
    line: "    if (keeper.edits <= other.edits) return keeper === a;",
    becomes: "    if (false) return keeper === a;",
    breaks:
      '"mechnical engineer" is searched as "technical engineer" (a person\'s trial, session 57)',
  },
  {
    id: "M861",
    layer: "index",
    file: "src/index/query_spelling.ts",
    line: "      (best.keepsStart || term[0] !== word[0])",
    becomes: "      true",
    breaks:
      "a less used word that keeps the typed first letter is never looked at once a more used one holds (session 57)",
  },
  {
    id: "M862",
    layer: "search",
    file: "src/search/search_service.ts",
    line: "      } else if (placeEmptied && !filtered && elsewhere > 0) {",
    becomes: "      } else if (false) {",
    breaks:
      '"chef jobs calgary" says "Nothing matches with the place in the query" where no posting is in Calgary at all (session 57)',
  },
  {
    id: "M863",
    layer: "domain",
    file: "src/domain/job.ts",
    line: "      if (response.close_total === 0) return `${asking}.`;",
    becomes: "",
    breaks:
      'with nothing listed, the reading says "every posting listed is a close one" (session 57)',
  },
  {
    id: "M864",
    layer: "index",
    file: "src/index/query_place.ts",
    line: '    US_AFTER.has(position.before ?? "") ||',
    becomes: "    false ||",
    breaks: '"nurse jobs us" drops "us" and searches every country (a person\'s trial, session 57)',
  },
  {
    id: "M865",
    layer: "index",
    file: "src/index/query_place.ts",
    line: "    (isRemoteOnly(first) ? usAfterRemote(query, first.rest) : null);",
    becomes: "    null;",
    breaks:
      '"senior python developer remote us" reads remote alone and lists a Berlin posting (a person\'s trial, session 57)',
  },
  {
    id: "M866",
    layer: "index",
    file: "src/index/query_seniority.ts",
    line: '      "grad scheme",',
    becomes: "",
    breaks:
      '"grad scheme engineering uk" searches "scheme" as the work: a Scheme Project Manager is its one strong match (a person\'s trial, session 57)',
  },
  {
    id: "M867",
    layer: "index",
    file: "src/index/query_spelling.ts",
    line: "      TITLE_COMPOUNDS.has(word) ||",
    becomes: "      false ||",
    breaks:
      '"dev ops engineer" finds 12 strong matches where "devops engineer" finds hundreds (a person\'s trial, session 57)',
  },
  {
    id: "M868",
    layer: "cli",
    file: "cli/commands/search.ts",
    line: "    words.find((word) => spelled(word) === spelled(part)) ?? part.trim()",
    becomes: "    words.find((word) => word === part) ?? part.trim()",
    breaks:
      '`--remote Remote` and `--employment-type "Full time"` are refused again, as before session 58',
  },
  {
    id: "M869",
    layer: "cli",
    file: "cli/commands/search.ts",
    line: "    params.salary_currency = salaryCurrency;",
    becomes: "    params.salary_currency = undefined;",
    breaks: "`--salary-min £30k` floors pay at 30000 of any currency, dollars and euros alike",
  },
  {
    id: "M870",
    layer: "web",
    file: "src/web/plots.ts",
    line: '    x: { type: "utc", label: axes.x, tickFormat: utcTick },',
    becomes: '    x: { type: "utc", label: axes.x },',
    breaks:
      'the admin page\'s searches plot reads "1:00PM", "1:15" (a 12-hour clock beside UTC logs)',
  },
  {
    id: "M871",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "      else if (managersOut && titleSaysManager(jobs[p].job_title)) made[p] = 1;",
    becomes: "      else if (false && titleSaysManager(jobs[p].job_title)) made[p] = 1;",
    breaks:
      '"entry level finance jobs new york" lists a consulting manager paid $141,200-$294,300 as its strong match (a person\'s trial, session 57)',
  },
  {
    id: "M872",
    layer: "index",
    file: "src/index/job_index.ts",
    line:
      "    const managersOut = firstJob && !MANAGER_WORK.test(query.workText ?? query.embeddingText);",
    becomes: "    const managersOut = firstJob;",
    breaks:
      '"entry level account manager" finds no account manager strong: every title of the work says manager',
  },
  {
    id: "M873",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "  const postedAlone = [`jobs ${rest}`, `${rest} jobs`].find((text) =>",
    becomes: "  const postedAlone = [`jobs ${rest}`].find((text) =>",
    breaks:
      '"latest jobs in Leeds" has no strong match: "latest" is searched as the work (a person\'s trial, session 57)',
  },
  {
    id: "M874",
    layer: "web",
    file: "src/web/pages.tsx",
    line:
      '  const close = r.close_total ?? r.results.filter((result) => result.match === "close").length;',
    becomes: '  const close = r.results.filter((result) => result.match === "close").length;',
    breaks:
      "the CV page says \"then 45 close matches\" where there are 51, the API's and the CLI's count (a person's trial, session 57)",
  },
  {
    id: "M876",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "  const english = groups === null ? inEnglish(words) : null;",
    becomes: "  const english = groups === null ? null : null;",
    breaks:
      '"software ontwikkelaar Utrecht" has no strong match where "software developer Utrecht" has 7 (a person\'s trial, session 57)',
  },
  {
    id: "M877",
    layer: "search",
    file: "src/search/query_reading.ts",
    line: "  if (analyzed.alternatives && !analyzed.inEnglishToo) {",
    becomes: "  if (analyzed.alternatives) {",
    breaks:
      '"software ontwikkelaar" is said back as two works the person named ("either of ... and ...")',
  },
  {
    id: "M878",
    layer: "store",
    file: "src/store/lifecycle_settings_store.ts",
    line: "    if (fallback.retentionFromEnv === false && settings.retentionDays > 0) {",
    becomes: "    if (false) {",
    breaks:
      "a server started with the defaults on a store of imported postings stores the 60-day default and hides every older posting, /healthz saying ok (an operator's trial, session 57)",
  },
  {
    id: "M879",
    layer: "web",
    file: "src/web/plots.ts",
    line: '      Plot.lineY(rows, { x, y, z, stroke: z, marker: "dot" }),',
    becomes: '      Plot.lineY(rows, { x, y, stroke: z, marker: "dot" }),',
    breaks:
      "every view of /admin writes Plot's \"implicit z channel\" warning to stderr, a line no log pipeline parses (an operator's trial, session 57)",
  },
  {
    id: "M880",
    layer: "web",
    file: "src/web/metrics.ts",
    line: '      case "source pull failed": {',
    becomes: '      case "source pull failed (never)": {',
    breaks:
      "`/metrics` counts no failed source pull: an alert on them never fires (an operator's trial, session 57)",
  },
  {
    id: "M881",
    layer: "ingest",
    file: "src/ingest/import_row.ts",
    line:
      '  if (typeof clean.job_title === "string" && !/[\\p{L}\\p{N}]/u.test(clean.job_title)) {',
    becomes: "  if (false) {",
    breaks:
      "a JSON Lines title of spaces is stored and listed as a result no one can open (an operator's trial, session 57)",
  },
  {
    id: "M882",
    layer: "ingest",
    file: "src/ingest/import_row.ts",
    line: "      postedAhead(parsed.data.publish_time, options.now ?? Date.now());",
    becomes: "      null;",
    breaks:
      "a posting dated 2099 stands first in every newest-first list, and no retention ages it out (an operator's trial, session 57)",
  },
  {
    id: "M883",
    layer: "http",
    file: "src/http/connection_guard.ts",
    line: "    if (error instanceof Deno.errors.AddrInUse) {",
    becomes: "    if (false) {",
    breaks:
      'a port in use is said as "Address already in use (os error 98)", naming no port (an operator\'s trial, session 57)',
  },
  {
    id: "M884",
    layer: "cli",
    file: "cli/resolve_config.ts",
    line: "    if (flagged === undefined) throw error;",
    becomes: "    throw error;",
    breaks:
      '`serve --port abc` is refused as "PORT must be a number", a variable the person never set (an operator\'s trial, session 57)',
  },
  {
    id: "M885",
    layer: "cli",
    file: "src/ingest/import_files.ts",
    line: "  if (inserted + updated + unchanged + skipped_source > 0) return undefined;",
    becomes: "  return undefined;",
    breaks:
      "`jobseek ingest` of a file no posting could be read from exits 0, as a success, for a cron job (an operator's trial, session 57)",
  },
  {
    id: "M886",
    layer: "search",
    file: "src/search/search_service.ts",
    line: "        : meant && this.#places.locate(meant) !== null",
    becomes: "        : false",
    breaks:
      "`near=Manchster` offers no \"did you mean 'Manchester'?\" where the same word in the query is corrected (a person's trial, session 57)",
  },
  {
    id: "M887",
    layer: "search",
    file: "src/search/source_puller.ts",
    line: "  if (failedFiles === 0) next.lastGoodAt = startedAt;",
    becomes: "",
    breaks:
      "a folder source's failed pull says \"no good pull yet\" after good ones (an operator's trial, session 57)",
  },
  {
    id: "M888",
    layer: "search",
    file: "src/search/source_puller.ts",
    line:
      '    next.lastGoodAt = startedAt;\n    next.lastRun = runOf("no new files", undefined, now());',
    becomes: '    next.lastRun = runOf("no new files", undefined, now());',
    breaks:
      'a file source read whole with nothing new is not a good pull: a failure after it says "no good pull yet"',
  },
  {
    id: "M889",
    layer: "search",
    file: "src/search/source_puller.ts",
    line: "    if (HTML_START.test(text)) {",
    becomes: "    if (false) {",
    breaks:
      'a captcha page answered 200 is refused as "the CSV header has no job_url or title column", naming neither the page nor the URL (an operator\'s trial, session 57)',
  },
  {
    id: "M890",
    layer: "search",
    file: "src/search/source_puller.ts",
    line: "      if (rows.problems.length > 0) next.lastRun.problems = rows.problems;",
    becomes: "",
    breaks:
      "a pull whose every row is invalid says no reason for any (an operator's trial, session 57)",
  },
  {
    id: "M891",
    layer: "ingest",
    file: "src/ingest/jsonl.ts",
    line: '  if (!("job_title" in fields) && "title" in fields) {',
    becomes: "  if (false) {",
    breaks:
      "a JobSpy record written as JSON Lines loses its description without a word and its title is refused (an operator's trial, session 57)",
  },
  {
    id: "M892",
    layer: "search",
    file: "src/search/profile/role_titles.ts",
    line: "  for (const match of lined.matchAll(TITLE_WITH_YEARS)) {",
    becomes: "  for (const match of [] as RegExpExecArray[]) {",
    breaks:
      "an RMN's CV opening \"Registered Mental Health Nurse (RMN) with 6 years\" is read without its own title (a person's trial, session 57)",
  },
  {
    id: "M893",
    layer: "search",
    file: "src/search/profile/read_wishes.ts",
    line: '    .replace(/\\b(?:band|grade|level)\\s+\\d+[a-z]?\\b/gi, " ").split(WISH_END)[0];',
    becomes: "    .split(WISH_END)[0];",
    breaks:
      '"a band 6 nursing role" is read as the role "band nurse" (a person\'s trial, session 57)',
  },
  {
    id: "M894",
    layer: "web",
    file: "src/web/admin_routes.tsx",
    line: '            class="stack"\n            columns={[\n              "Source",',
    becomes: '            class=""\n            columns={[\n              "Source",',
    breaks:
      '/admin at 360 px: the sources table scrolls sideways, "Run now" off the screen (an operator\'s trial, session 57)',
  },
  {
    id: "M895",
    layer: "index",
    file: "src/index/analyze_query.ts",
    line: "    one.inEnglishToo && one.alternatives ? one.alternatives : [one]",
    becomes: "    [one]",
    breaks:
      '"java ontwikkelaar or tester Amsterdam" has no strong match where "java developer or tester Amsterdam" has 7 (reviewer C58)',
  },
  {
    id: "M896",
    layer: "domain",
    file: "src/domain/title_levels.ts",
    line: "  return MANAGES.test(title) && !FIRST_MANAGER_POST.test(title);",
    becomes: "  return MANAGES.test(title);",
    breaks:
      '"graduate scheme retail" loses its "Retail Assistant Manager": a manager\'s first post ruled out as a manager\'s (reviewer C58)',
  },
  {
    id: "M897",
    layer: "cli",
    file: "cli/main.ts",
    line: "    if (error instanceof StdoutClosed) return BROKEN_PIPE_EXIT_CODE;",
    becomes: "",
    breaks:
      '`jobseek --help | head -1` prints "jobseek: stdout was closed by its reader" and exits 1 (a person\'s trial, session 57)',
  },
  {
    id: "M898",
    layer: "web",
    file: "src/web/console_data.ts",
    line: "        const listed = runs.filter(changedOrFailed);",
    becomes: "        const listed = runs;",
    breaks:
      "the console's imports table fills with source pulls that brought nothing, pushing real imports off it (an operator's trial, session 57)",
  },
  {
    id: "M899",
    layer: "http",
    file: "src/http/postings_routes.ts",
    line: '    recordedAs: `push by ${principal?.name ?? "a key"}`,',
    becomes: "",
    breaks:
      'the console lists a push as from "body", not from the key that pushed it (an operator\'s trial, session 57)',
  },
  {
    id: "M900",
    layer: "index",
    file: "src/index/job_index.ts",
    line: "const MANAGER_WORK = /\\bmanag(?:er|ers|ement)\\s*(?:\\(|$)/i;",
    becomes: "const MANAGER_WORK = /manag/i;",
    breaks:
      '"graduate management accountant" lists "Fund Accounting - Manager" as strong: an accountant\'s work read as a manager\'s (reviewer C58b)',
  },
  {
    id: "M901",
    layer: "search",
    file: "src/search/profile_search.ts",
    line:
      '  const q = namesNoWork(analyzed) || typeAlone(analyzed) !== null ? "" : withoutSaid(words, [',
    becomes: '  const q = namesNoWork(analyzed) ? "" : withoutSaid(words, [',
    breaks: '"full time" beside a CV is searched as a role, ahead of the CV\'s own (reviewer C58b)',
  },
  {
    id: "M902",
    layer: "web",
    file: "src/web/description.tsx",
    line:
      "  const document = new Parser().parse(definitionsAsText(headingsOnTheirLines(props.text)));",
    becomes: "  const document = new Parser().parse(headingsOnTheirLines(props.text));",
    breaks:
      'a description\'s line "[1]: https://..." is read as a link reference definition and vanishes from the page (the property test, session 58)',
  },
  {
    id: "M903",
    layer: "search",
    file: "src/index/analyze_query.ts",
    line: '  acca: "qualified accountant",',
    becomes: "",
    breaks:
      '"accountant ACCA qualified" lists healthcare assistants among its strong matches (the encoder reads "acca" near "assistant"; session 58\'s trial)',
  },
  {
    id: "M904",
    layer: "search",
    file: "src/index/specialty.ts",
    line: '  "acca",',
    becomes: "",
    breaks:
      '"ACCA accountant" makes every other accountant a close match, a qualification read as a specialty',
  },
  {
    id: "M905",
    layer: "search",
    file: "src/index/word_senses.ts",
    line: '    senses.push("software development");',
    becomes: "",
    breaks:
      '"software developer Utrecht" lists "Sales Developer" and "Business Development" as strong matches',
  },
  {
    id: "M906",
    layer: "search",
    file: "src/index/query_employment.ts",
    line:
      '  const at = /^stages?$/.test(words[0] ?? "") ? 0 : /^stages?$/.test(words[last]) ? last : -1;',
    becomes: "  const at = -1;",
    breaks:
      '"stage marketing amsterdam" (a Dutch internship) lists a Head of Marketing as a strong match',
  },
  {
    id: "M907",
    layer: "search",
    file: "src/index/query_employment.ts",
    line: "  return withDutchInternship(spelled);",
    becomes: "  return spelled;",
    breaks:
      'a Dutch "stage" is searched as a word: "stage marketing amsterdam" lists a Head of Marketing as a strong match',
  },
  {
    id: "M908",
    layer: "mcp",
    file: "src/mcp/tools/search_page.ts",
    line: '  return text.split("\\n").map((line) => line ? `   > ${line}` : "   >").join("\\n");',
    becomes: '  return text.split("\\n").map((line) => `   ${line}`).join("\\n");',
    breaks:
      "a posting's description reaches an agent unmarked, its \"More results: call search_jobs again\" read as the service's own note (an agent's trial, session 59)",
  },
  {
    id: "M909",
    layer: "alerts",
    file: "src/alerts/saved_searches.ts",
    line:
      "    refuseUnknownFields(raw);\n    const name = parseName(raw.name);\n    const params = parseParams(raw);",
    becomes: "    const name = parseName(raw.name);\n    const params = parseParams(raw);",
    breaks:
      "a saved search created with a misspelt filter ('locaton') is saved without it and delivers its search unfiltered (an alerts trial, session 59)",
  },
  {
    id: "M910",
    layer: "alerts",
    file: "src/alerts/webhook_address.ts",
    line:
      "  return `; this server's operator can allow it with JOBSEEK_WEBHOOK_ALLOW_HOSTS=${url.hostname}:${port}`;",
    becomes: '  return "";',
    breaks:
      "a loopback webhook is refused without saying how the operator allows it (an alerts trial, session 59)",
  },
  {
    id: "M911",
    layer: "mcp",
    file: "src/mcp/tools/search_page.ts",
    line: '  return text.replaceAll("`q`", "`query`");',
    becomes: "  return text;",
    breaks:
      "an agent told to \"give `q` beside it\" is refused: the tool's argument is `query` (an agent's trial, session 59)",
  },
  {
    id: "M912",
    layer: "search",
    file: "src/search/profile/read_wishes.ts",
    line: "  const fieldWork = /\\s(?:work|jobs?)$/i.test(text.trim());",
    becomes: "  const fieldWork = false;",
    breaks:
      'a CV "looking for warehouse or forklift work" is read as no role at all (an agent\'s trial, session 59)',
  },
  {
    id: "M913",
    layer: "mcp",
    file: "src/mcp/tools/search_page.ts",
    line: '      ? "the strong matches first, then the close ones, each most relevant first"',
    becomes: '      ? "most relevant first"',
    breaks:
      'a page of strong and close matches says "most relevant first" above a close match scored higher than the strong one before it (an agent\'s trial, session 59)',
  },
  {
    id: "M914",
    layer: "search",
    file: "src/index/query_phrasing.ts",
    line: '  "voor",',
    becomes: "",
    breaks:
      '"vacatures voor verpleegkundige in Rotterdam" searches "voor verpleegkundige" as the work (an agent\'s trial, session 59)',
  },
  {
    id: "M915",
    layer: "alerts",
    file: "src/alerts/alert_deliverer.ts",
    line: "      ...filtersOf(record),\n      emptySince: news.savedAt,",
    becomes: "      emptySince: news.savedAt,",
    breaks:
      'a saved search\'s feed names its words alone, not its filters ("only in GB, on-site, at least 20000"; an alerts trial, session 59)',
  },
  {
    id: "M916",
    layer: "alerts",
    file: "src/alerts/alert_deliverer.ts",
    line:
      '      if (last.outcome !== "delivered" || !((hadPending && round === 0) || last.rest > 0)) break;',
    becomes: '      if (last.outcome !== "delivered" || !(hadPending && round === 0)) break;',
    breaks:
      "a webhook's postings past its 50 wait for the next publish, and none came: they are never sent (an alerts trial, session 59)",
  },
  {
    id: "M917",
    layer: "alerts",
    file: "src/alerts/alert_deliverer.ts",
    line: "          ...(payload.data.rest > 0 ? await this.#moreUrl(record, delivery.id) : {}),",
    becomes: "",
    breaks:
      'a digest of more than 50 new postings links no page that lists the rest (an alerts trial, session 59: it said "search for them with added_since")',
  },
  {
    id: "M918",
    layer: "alerts",
    file: "src/alerts/alert_deliverer.ts",
    line: "      const resumed = !record.paused && this.#seenPaused.delete(record.id);",
    becomes: "      const resumed = false;",
    breaks:
      "a resumed saved search delivers what became new while paused only at the next publish, hours away on a quiet server (W51; an alerts trial, session 59)",
  },
  {
    id: "M919",
    layer: "search",
    file: "src/search/search_service.ts",
    line: "      const elsewhere = rest.length > 0 && this.#places.locate(name.trim()) !== null;",
    becomes: "      const elsewhere = false;",
    breaks:
      'near="Berlin, GB" is refused as "a city of the postings but not on the map" (session 58\'s leftover)',
  },
  {
    id: "M920",
    layer: "search",
    file: "src/index/query_salary.ts",
    line:
      "    const stated = k ? figure * (lakhs ? 100_000 : MILLION.test(k) ? 1_000_000 : 1000) : figure;",
    becomes: "    const stated = k ? figure * (lakhs ? 100_000 : 1000) : figure;",
    breaks:
      '"paying 1 million" is read as a floor of 1,000 a year (an agent\'s trial, session 59, found it searched as words)',
  },
  {
    id: "M921",
    layer: "search",
    file: "src/index/query_employment.ts",
    line:
      "  if (STAGE_OTHER.has(beside) || /^\\d/.test(beside) || hasHeadNoun(beside)) return text;",
    becomes: "  if (STAGE_OTHER.has(beside) || /^\\d/.test(beside)) return text;",
    breaks:
      '"stage electrician" and "stage assistant" are read as Dutch internships (reviewer C59)',
  },
  {
    id: "M922",
    layer: "search",
    file: "src/index/query_salary.ts",
    line: "    if (k && MILLION.test(k) && !before && !after && !period && !saysPay) continue;",
    becomes: "",
    breaks: '"fintech with 10 million users" is a pay floor of 10,000,000 (reviewer C59)',
  },
  {
    id: "M923",
    layer: "alerts",
    file: "src/domain/param_labels.ts",
    line: "    if (LIST_SHAPE_PARAMS.has(name)) continue;",
    becomes: "",
    breaks:
      'a digest says "first result: 20" among a saved search\'s filters, which its deliveries ignore (reviewer C59)',
  },
  {
    id: "M924",
    layer: "search",
    file: "src/index/word_senses.ts",
    line:
      '      (words.includes("development") && words.some((word) => SOFTWARE_WORDS.has(word)))) &&',
    becomes: '      words.includes("development")) &&',
    breaks:
      '"development executive" makes "Business Development Executive" a close match (reviewer C59)',
  },
  {
    id: "M925",
    layer: "search",
    file: "src/search/profile/read_wishes.ts",
    line: "  if (typeAlone(read) !== null && !FIRST_POSTS.test(role)) return false;",
    becomes: "",
    breaks: 'a CV "looking for well-paid work" searches "well-paid" as its role (reviewer C59)',
  },
  {
    id: "M926",
    layer: "alerts",
    file: "src/alerts/webhook_address.ts",
    line:
      '      const offered = blocked === "loopback" || blocked === "private" ? allowedBy(url) : "";',
    becomes: "      const offered = allowedBy(url);",
    breaks:
      "a webhook to a cloud's metadata address is refused with the JOBSEEK_WEBHOOK_ALLOW_HOSTS entry that would allow it (reviewer C59b)",
  },
  {
    id: "M927",
    layer: "search",
    file: "src/index/query_salary.ts",
    line: "    if (k && MILLION.test(k) && NOT_PAY_MILLIONS.test(query)) continue;",
    becomes: "",
    breaks: '"raised 20 million dollars" is a pay floor of 20,000,000 (reviewer C59b)',
  },
  {
    id: "M928",
    layer: "search",
    file: "src/search/profile/read_wishes.ts",
    line: "  if (typeAlone(read) !== null && !FIRST_POSTS.test(role)) return false;",
    becomes: "  if (typeAlone(read) !== null) return false;",
    breaks:
      'a CV "looking for a graduate trainee role" or "an internship" names no role (reviewer C59b)',
  },
];

const ROOT = new URL("../", import.meta.url).pathname.replace(/\/$/, "");
const TREE = `${ROOT}/../.mutation_tree`;

const encoder = new TextEncoder();

function print(line: string): void {
  Deno.stdout.writeSync(encoder.encode(line + "\n"));
}

async function run(cmd: string, args: string[], cwd: string): Promise<Deno.CommandOutput> {
  return await new Deno.Command(cmd, { args, cwd, stdout: "piped", stderr: "piped" }).output();
}

async function git(args: string[], cwd = ROOT): Promise<void> {
  const out = await run("git", args, cwd);
  if (!out.success) {
    throw new Error(`git ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
  }
}

/** The first failing test the run names, for the report. */
function firstFailure(output: string): string {
  // deno test colours its output; the names are what matter.
  // deno-lint-ignore no-control-regex
  const plain = output.replace(/\x1b\[[0-9;]*m/g, "");
  const lines = plain.split("\n");
  const name = lines.find((line) => / => \.\//.test(line))?.trim() ?? "";
  // What failed, not only where: a failure of the machine (a timeout under load) reads otherwise
  // than the mutant's.
  const error = lines.findIndex((line) => line.startsWith("error:"));
  const why = error < 0 ? "" : lines.slice(error, error + 3).map((l) => l.trim()).join(" ");
  return why ? `${name} (${why.slice(0, 300)})` : name;
}

async function main(ids: string[]) {
  const unknown = ids.filter((id) => !MUTANTS.some((m) => m.id === id));
  if (unknown.length) throw new Error(`no mutant named ${unknown.join(", ")}`);
  const chosen = ids.length ? MUTANTS.filter((m) => ids.includes(m.id)) : MUTANTS;
  await run("git", ["worktree", "remove", "--force", TREE], ROOT);
  await git(["worktree", "add", "--detach", TREE, "HEAD"]);
  let caught = 0;
  try {
    for (const mutant of chosen) {
      await git(["checkout", "--quiet", "--", "."], TREE);
      const path = `${TREE}/${mutant.file}`;
      const source = await Deno.readTextFile(path);
      const found = source.split(mutant.line).length - 1;
      if (found !== 1) {
        throw new Error(`${mutant.id}: the line occurs ${found} times in ${mutant.file}`);
      }
      await Deno.writeTextFile(path, source.replace(mutant.line, mutant.becomes));
      // The tests load the kernel's committed bytes, not its text: a mutant of the text is built
      // into them, or the check would only see the bytes no longer match the text.
      if (mutant.file.endsWith(".wat")) {
        const build = await run(Deno.execPath(), ["task", "build:kernel"], TREE);
        if (!build.success) {
          throw new Error(
            `${mutant.id}: the kernel did not build: ${new TextDecoder().decode(build.stderr)}`,
          );
        }
      }
      const started = performance.now();
      // `deno task` passes what follows the task's name on to its command.
      const out = await run(Deno.execPath(), ["task", "test", "--fail-fast"], TREE);
      const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
      const seconds = Math.round((performance.now() - started) / 1000);
      if (!out.success) caught++;
      print(
        `${mutant.id} ${mutant.layer}: ${mutant.breaks} -> ` +
          (out.success
            ? `SURVIVED (${seconds} s)`
            : `caught in ${seconds} s by ${firstFailure(text)}`),
      );
    }
  } finally {
    await run("git", ["worktree", "remove", "--force", TREE], ROOT);
  }
  print(`caught ${caught} of ${chosen.length}`);
}

if (import.meta.main) await main(Deno.args);

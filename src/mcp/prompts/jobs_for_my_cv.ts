/**
 * The `jobs_for_my_cv` prompt: what a person picks in their MCP client to ask "which jobs fit my
 * CV?". It hands the agent the CV and the way to search with it (`search_jobs` with `profile`,
 * the places and remote wish as filters) and to present what it finds, so that the agent neither
 * shortens the CV into a guessed query nor invents postings. No tool of its own: the tool list
 * stays `search_jobs` and `list_cities`.
 *
 * @module
 */
// @ts-types="@modelcontextprotocol/sdk/server/mcp"
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { PROFILE_MAX_LENGTH } from "../../domain/profile.ts";
import { NAME_MAX } from "../../domain/param_schemas.ts";

export const JOBS_FOR_MY_CV = "jobs_for_my_cv";

/** Answers that mean "yes" for `remote` (prompt arguments are strings). */
const YES = /^(?:y|yes|true|1|remote|only|ja|oui|si|sí)$/i;

export const JobsForMyCvArguments = {
  cv: z.string().trim().min(1, "cv must not be empty").max(
    PROFILE_MAX_LENGTH,
    `cv must be at most ${PROFILE_MAX_LENGTH} characters`,
  ).describe(
    `The CV or a description of the work wanted, as plain text (at most ${PROFILE_MAX_LENGTH} ` +
      "characters; paste the text of a PDF or Word file).",
  ),
  city: z.string().trim().max(NAME_MAX).optional().describe(
    "Where to look, if not where the CV says (a city, e.g. 'Toronto' or 'Berlin, DE').",
  ),
  remote: z.string().trim().max(20).optional().describe(
    "'yes' for remote jobs only; leave out otherwise.",
  ),
};

/** The instructions and the CV, as the user message the prompt returns. */
export function jobsForMyCvText(args: { cv: string; city?: string; remote?: string }): string {
  const city = args.city?.trim() ? args.city.trim() : undefined;
  const remote = args.remote !== undefined && YES.test(args.remote.trim());
  const call = [
    "`profile`: the whole CV below, exactly as written (do not summarise or shorten it)",
    "`top_k`: 10",
    ...(city ? [`\`near\`: ${JSON.stringify(city)} and \`radius_km\`: 50`] : []),
    ...(remote ? ['`remote`: ["remote"]'] : []),
  ];
  return [
    "Find job postings that fit my CV with the jobseek tools.",
    "",
    `1. Call \`search_jobs\` once with ${call.join(", ")}. Leave out \`query\`: the search ` +
    "reads the roles, skills, places and seniority from the CV itself, and ranks the best fit " +
    "first.",
    '2. Read `derived` in the result (also the line "Derived from the profile: ..."). If it ' +
    "misreads me (a wrong role, a wrong place, a wrong level), say so and search again " +
    "correcting it: `query` naming the role I want beside the same `profile`, `near` or " +
    "`country` for the place, `seniority` for the level. If the result has a `hint`, follow it.",
    "3. Show me the results as a short numbered list: job title, company, place (and remote or " +
    "hybrid when said), salary when given, and in one line why it fits me (the role or skills " +
    "of my CV it matches), with the posting's link (`job_url`). Only postings from the results: " +
    "never invent one or its details. Say how many postings fit in all (`total`).",
    "4. Offer the next page (`offset` 10) or a narrower search (a filter such as `salary_min`, " +
    "`employment_type` or `remote`) rather than repeating the same call.",
    ...(city ? ["", `I want to work in or near ${city}.`] : []),
    ...(remote ? ["", "I want remote work only."] : []),
    "",
    "My CV:",
    "<cv>",
    args.cv.trim(),
    "</cv>",
  ].join("\n");
}

/** Registers `jobs_for_my_cv` on `server`. */
export function registerJobsForMyCvPrompt(server: McpServer): void {
  server.registerPrompt(JOBS_FOR_MY_CV, {
    title: "Jobs for my CV",
    description: "Find the job postings that fit a CV: searches with the CV as the profile " +
      "(roles, skills, places and seniority read from it), checks what was read, and lists the " +
      "best fits with why each fits.",
    argsSchema: JobsForMyCvArguments,
  }, (args) => ({
    description: "Jobs for my CV",
    messages: [{ role: "user", content: { type: "text", text: jobsForMyCvText(args) } }],
  }));
}

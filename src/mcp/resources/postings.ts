/**
 * One posting in full, as an MCP resource: `jobseek://postings/{job_url}`. Search pages cut long
 * descriptions to fit an agent's context; this is how the agent reads the one it cares about,
 * without a third tool (the spec fixes the tool list at `search_jobs` and `list_cities`).
 *
 * @module
 */

/** A posting's resource URI is this prefix followed by its `job_url`, as is. */
export const POSTING_URI_PREFIX = "jobseek://postings/";

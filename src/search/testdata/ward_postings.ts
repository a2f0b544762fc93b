/**
 * Small postings for the publishing tests of src/search/: nurse `n` of a clinic in Austin, each
 * with an id made from its own Indeed URL.
 *
 * @module
 */
import { type Job, jobIdFromUrl } from "../../domain/job.ts";

/** Posting `n`, its URL's key starting with `key` (tests keep their postings apart by it). */
export async function wardPosting(n: number, key: string, title = `Nurse ${n}`): Promise<Job> {
  const url = `https://www.indeed.com/viewjob?jk=${key}${n}`;
  return {
    id: await jobIdFromUrl(url),
    job_title: title,
    company_name: `Clinic ${n}`,
    city: "Austin",
    country: "US",
    publish_time: "2026-11-01 00:00:00",
    job_url: url,
    job_tags: [],
    data_source: "indeed",
    job_description: `Care for the patients of ward ${n}.`,
  };
}

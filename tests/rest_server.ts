/**
 * A real jobseek HTTP server for REST tests (the shared test server plus a fetch that sends the
 * tester's key), and the small known set of postings the REST tests search.
 *
 * @module
 */
import { type Job, jobIdFromUrl, SOURCES } from "../src/domain/job.ts";
import type { SearchService } from "../src/domain/service.ts";
import type { Store } from "../src/store/store.ts";
import {
  extendServer,
  startTestServer,
  type TestServer,
  type TestServerOptions,
} from "./test_server.ts";

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const ROLES = [
  {
    title: "Senior Software Engineer",
    tags: ["TypeScript", "Node.js", "AWS"],
    text: "Design and build backend services in TypeScript on AWS; code review and mentoring.",
  },
  {
    title: "Backend Software Engineer (Go)",
    tags: ["Go", "PostgreSQL", "Kubernetes"],
    text: "Write Go microservices, tune PostgreSQL queries and run them on Kubernetes.",
  },
  {
    title: "Frontend Software Engineer (React)",
    tags: ["React", "TypeScript", "CSS"],
    text: "Build accessible React interfaces for our web application with TypeScript.",
  },
  {
    title: "Full Stack Software Developer",
    tags: ["Python", "Django", "JavaScript"],
    text: "Develop features end to end in Python, Django and JavaScript for our software platform.",
  },
  {
    title: "Registered Nurse - Intensive Care Unit",
    tags: ["Nursing", "ICU", "Patient care"],
    text: "Provide critical patient care in the intensive care unit; RN license required.",
  },
  {
    title: "Data Scientist",
    tags: ["Machine learning", "Python", "Statistics"],
    text: "Train machine learning models and analyse experiments with statistics and Python.",
  },
  {
    title: "CDL-A Truck Driver",
    tags: ["Trucking", "Logistics", "CDL"],
    text: "Drive regional routes delivering freight; valid class A commercial driver's licence.",
  },
  {
    title: "Staff Accountant",
    tags: ["Accounting", "GAAP", "Excel"],
    text: "Prepare monthly closes, reconcile accounts and support audits under GAAP.",
  },
];

const PLACES: [string, string][] = [
  ["Berlin", "DE"],
  ["Austin", "US"],
  ["New York", "US"],
  ["London", "GB"],
  ["Munich", "DE"],
];

/**
 * 40 postings: 5 of each role over 5 cities and the 3 sources, published in pairs that share a
 * time (to exercise the score tie-break), with optional fields set on some postings only.
 */
export function restTestJobs(): Promise<Job[]> {
  return Promise.all(Array.from({ length: 40 }, async (_, i) => {
    const role = ROLES[i % ROLES.length];
    const [city, country] = PLACES[i % PLACES.length];
    const day = new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 2) * 9 * 86_400_000);
    const job: Job = {
      id: await jobIdFromUrl(`https://jobs.example.com/posting/${i}`),
      job_title: role.title,
      company_name: `Company ${String.fromCharCode(65 + (i % 26))}${i}`,
      city,
      country,
      publish_time: `${day.toISOString().slice(0, 10)} ${
        String(8 + (i % 10)).padStart(2, "0")
      }:00:00`,
      job_url: `https://jobs.example.com/posting/${i}`,
      job_tags: role.tags,
      data_source: SOURCES[i % SOURCES.length],
      job_description: `${role.title} at Company ${i} in ${city}. ${role.text} ` +
        `Posting number ${i}; hybrid work, good benefits.`,
    };
    if (i % 2 === 0) job.base_salary = `${50_000 + i * 1000}.0-${80_000 + i * 1000}.0 USD/YEAR`;
    if (i % 3 === 0) job.seniority_level = i % 2 === 0 ? "Senior" : "Mid-Senior level";
    if (i % 4 !== 0) job.employment_type = "Full-time";
    return job;
  }));
}

export type RestServerOptions = Pick<
  TestServerOptions,
  "rateLimit" | "staticKeys" | "wrapService"
>;

export interface RestServer extends TestServer {
  /**
   * fetch on this server (in-process, no socket) with the tester's key unless `headers` set
   * `x-api-key` otherwise.
   */
  fetch(path: string, init?: RequestInit & { key?: string | null }): Promise<Response>;
}

/** Starts the app on a free port, on the given store and search service. */
export async function startRestServer(
  store: Store,
  service: SearchService,
  options: RestServerOptions = {},
): Promise<RestServer> {
  const server = await startTestServer(store, service, options);
  return extendServer(server, {
    fetch(path: string, init: RequestInit & { key?: string | null } = {}) {
      const { key: keyOption, ...rest } = init;
      const headers = new Headers(rest.headers);
      const useKey = keyOption === undefined ? server.key : keyOption;
      if (useKey !== null && !headers.has("x-api-key")) headers.set("x-api-key", useKey);
      return server.fetch(path, { ...rest, headers });
    },
  });
}

/** The body of a JSON response, after checking its content type. */
export async function jsonBody(response: Response): Promise<Record<string, unknown>> {
  const type = response.headers.get("content-type") ?? "";
  const text = await response.text();
  if (!type.startsWith("application/json")) {
    throw new Error(`expected JSON, got ${type}: ${text.slice(0, 200)}`);
  }
  return JSON.parse(text);
}

/** POSTs a JSON body to /v1/search. */
export function postSearch(
  server: RestServer,
  body: unknown,
  init: RequestInit & { key?: string | null } = {},
): Promise<Response> {
  return server.fetch("/v1/search", {
    ...init,
    method: "POST",
    headers: { "content-type": "application/json", ...init.headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** GETs /v1/search with the given query parameters. */
export function getSearch(
  server: RestServer,
  params: Record<string, string>,
  init: RequestInit & { key?: string | null } = {},
): Promise<Response> {
  return server.fetch(`/v1/search?${new URLSearchParams(params)}`, init);
}

import { strict as assert } from "node:assert";
import type { Job } from "../domain/job.ts";
import { PostingPlaces } from "./posting_places.ts";

function posting(n: number, city: string, latitude: number, longitude: number): Job {
  const job_url = `https://example.com/${n}`;
  return {
    id: job_url,
    job_url,
    job_title: "Engineer",
    company_name: "Acme",
    city,
    country: "DE",
    latitude,
    longitude,
    publish_time: "2025-01-01 00:00:00",
    job_tags: [],
    data_source: "indeed",
    job_description: "",
  };
}

Deno.test("a city holds its districts written with its name, not a namesake far off", () => {
  // A person's trial (session 56): "backend engineer Berlin" left out "Berlin-Kreuzberg".
  const jobs = [
    posting(0, "Frankfurt", 50.11, 8.68),
    posting(1, "Frankfurt-Höchst", 50.1, 8.54),
    // Opens with "Frankfurt" and lies 550 km away, by the Polish border.
    posting(2, "Frankfurt (Oder)", 52.34, 14.55),
    posting(3, "Berlin", 52.52, 13.4),
    posting(4, "Berlin-Kreuzberg", 52.5, 13.4),
  ];
  const places = new PostingPlaces(jobs);
  const at = (cityKey: string) => {
    const mask = places.maskOf({ cityKey })!;
    return jobs.filter((_, p) => mask(p)).map((job) => job.city);
  };
  assert.deepEqual(at("frankfurt"), ["Frankfurt", "Frankfurt-Höchst"]);
  assert.deepEqual(at("berlin"), ["Berlin", "Berlin-Kreuzberg"]);
  // A district named alone is that district only.
  assert.deepEqual(at("berlin kreuzberg"), ["Berlin-Kreuzberg"]);
});

import { strict as assert } from "node:assert";
import { roleTextOf } from "./role_text.ts";

const at = (job_title: string, city = "", company_name = "") =>
  roleTextOf({ job_title, city, company_name });

Deno.test("roleTextOf() keeps the role and drops terms, places, pay and marketing tails", () => {
  assert.equal(
    at("Senior Backend Developer | Java/Kotlin | High-Traffic Platform | Frankfurt | 75.000 EUR"),
    "senior backend developer",
  );
  assert.equal(at("Cleaner - Permanent Full Time"), "cleaner");
  assert.equal(at("Estimator - Hybrid - Chicago", "Chicago"), "estimator");
  assert.equal(at("Python Developer | Upto $50/hr"), "python developer");
  assert.equal(at("Azure Platform Engineer in Berlin", "Berlin"), "azure platform engineer");
  assert.equal(at("Sr. Software Engineer - Data (Remote)"), "senior software engineer");
  assert.equal(at("Guest Services Assistant - Nights"), "guest services assistant");
});

Deno.test("roleTextOf() skips a leading company or place segment", () => {
  assert.equal(at("Acme Corp – Warehouse Associate", "", "Acme Corp"), "warehouse associate");
  assert.equal(
    at("Airbus DS Airborne Solutions GmbH – DevSecOps & Compliance Engineer (d/m/w)"),
    "devsecops & compliance engineer",
  );
  assert.equal(at("Chicago, IL - Delivery Driver", "Chicago"), "delivery driver");
});

Deno.test("roleTextOf() keeps a contract kind with the role it is for", () => {
  assert.equal(at("Working Student - DevOps Engineer (f/m/d)"), "working student devops engineer");
  assert.equal(
    at("Summer Position - Learning and Development Coach"),
    "summer position learning and development coach",
  );
});

Deno.test("roleTextOf() keeps one role named two ways, and a title that is only an aside", () => {
  assert.equal(at("SAP ABAP / Full-Stack Developer (w/m/d)"), "sap abap / full-stack developer");
  assert.equal(at("Remote - Full Time"), "remote - full time");
  assert.equal(at("NURSE"), "nurse");
});

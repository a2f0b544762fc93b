import { strict as assert } from "node:assert";
import { deriveJobTags, MAX_TAGS, splitIndustries, splitJobFunctions } from "./job_tags.ts";

Deno.test("deriveJobTags() orders tags: remote, skills, title, function, industry, description", () => {
  const tags = deriveJobTags({
    title: "Senior Data Engineer (Python)",
    description: "Spark, Spark and Airflow on AWS. Some Docker. Python too.",
    skills: "SQL, dbt",
    jobFunction: "Engineering and Information Technology",
    industry: "Software Development",
    isRemote: true,
  });
  assert.deepEqual(tags, [
    "Remote",
    "SQL",
    "dbt",
    "Python",
    "Data Engineering",
    "Engineering",
    "Information Technology",
    "Software Development",
    "Spark",
    "Airflow",
    "AWS",
    "Docker",
  ]);
});

Deno.test("deriveJobTags() deduplicates without regard to case and caps the list", () => {
  const tags = deriveJobTags({
    title: "python developer",
    skills: "Python, PYTHON, Other",
    description:
      "Java, Go, Rust, C++, C#, PHP, Ruby, Kotlin, Scala, SQL, Docker, Kubernetes, Linux",
  });
  assert.equal(tags.length, MAX_TAGS);
  assert.equal(tags.filter((t) => t.toLowerCase() === "python").length, 1);
  assert.equal(tags[0], "Python");
  assert.ok(!tags.includes("Other"));
});

Deno.test("deriveJobTags() does not mistake plain words for technologies", () => {
  const tags = deriveJobTags({
    title: "Store Associate",
    description: "You react quickly, excel in teams, go the extra mile and trust the rest. " +
      "We value flasks of coffee and the Go to market plan.",
  });
  assert.deepEqual(tags, []);
  assert.deepEqual(
    deriveJobTags({ title: "Java Developer", description: "JavaScript and React" }),
    [
      "Java",
      "JavaScript",
      "React",
    ],
  );
  assert.deepEqual(deriveJobTags({ title: "C++ / C# engineer (.NET)" }), ["C++", "C#", ".NET"]);
});

Deno.test("splitJobFunctions() and splitIndustries() split LinkedIn lists", () => {
  assert.deepEqual(splitJobFunctions("Research, Analyst, and Information Technology"), [
    "Research",
    "Analyst",
    "Information Technology",
  ]);
  assert.deepEqual(splitJobFunctions("Education and Training"), ["Education", "Training"]);
  assert.deepEqual(
    splitIndustries(
      "IT Services and IT Consulting, Software Development, and Technology, Information and Internet",
    ),
    [
      "IT Services and IT Consulting",
      "Software Development",
      "Technology, Information and Internet",
    ],
  );
  assert.deepEqual(splitIndustries(" Internet And Software"), ["Internet And Software"]);
  assert.deepEqual(splitIndustries(""), []);
});

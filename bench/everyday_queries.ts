/**
 * The ten everyday searches of issue 9, judged by title rules written from the queries alone
 * (2026-11-22), before any result of them was looked at; the place of a query is part of its
 * judgement (a Liverpool nurse is no answer to "nurse jobs in Toronto"). The bench counts how many
 * of their first five results in the REST default order (newest first) are relevant.
 *
 * @module
 */
import type { TypedJudgedQuery } from "./model_judged_queries.ts";

export const EVERYDAY_QUERIES: TypedJudgedQuery[] = [
  {
    q: "nurse jobs in Toronto",
    kind: "place",
    place: { city: "Toronto", country: "Canada" },
    relevant: /nurs|\bRN\b|\bRPN\b/i,
    exclude: /veterinar/i,
  },
  {
    q: "remote python developer",
    kind: "place",
    place: { remote: true },
    relevant: /python|django|flask|fastapi/i,
    partial: /develop|engineer|programm/i,
  },
  {
    q: "warehouse forklift",
    kind: "keyword",
    relevant: /forklift|reach truck|fork lift/i,
    partial: /warehouse|material handler|picker|packer|loader/i,
  },
  {
    q: "entry level accounting",
    kind: "keyword",
    relevant: /account(ing|ant)|bookkeep|accounts (payable|receivable)|audit/i,
    partial: /financ|billing|payroll/i,
    exclude: /account (executive|manager|director)|key account/i,
  },
  {
    q: "truck driver",
    kind: "keyword",
    relevant: /truck|lorry|HGV|CDL|class [12a]|tractor.?trailer|\bOTR\b/i,
    partial: /driver|courier/i,
    exclude: /bus driver|software|device/i,
  },
  {
    q: "data scientist machine learning",
    kind: "keyword",
    relevant: /data scien|machine learning|\bML\b|\bAI\b engineer|applied scientist/i,
    partial: /data (analyst|engineer)|research scientist|statistic/i,
  },
  {
    q: "barista part time",
    kind: "keyword",
    relevant: /barista|coffee/i,
    partial: /cafe|café|crew member|team member/i,
  },
  {
    q: "software engineer new grad",
    kind: "keyword",
    relevant:
      /(software|backend|frontend|full.?stack).*(engineer|developer)|(engineer|developer).*software/i,
    partial: /engineer|developer/i,
    exclude: /senior|staff|principal|lead|manager|director|\bIII\b|\bII\b/i,
  },
  {
    q: "electrician apprentice",
    kind: "keyword",
    relevant: /electrician|electrical (apprentice|technician|installer)/i,
    partial: /apprentice|electrical/i,
  },
  {
    q: "teacher",
    kind: "keyword",
    relevant: /teacher|lehrer|leraar|docent|educator|tutor|lecturer/i,
    partial: /teaching|instructor|trainer/i,
  },
];

import { analyzeQuery } from "../src/index/analyze_query.ts";
for (const q of Deno.args) { const a = analyzeQuery(q); console.log(q, "=>", JSON.stringify({e: a.embeddingText, w: a.workText, t: a.termVariants})); }

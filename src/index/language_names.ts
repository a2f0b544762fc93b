/**
 * Languages as people name them in a query, folded: their English names, and each one's own
 * ("deutsch", "nederlands"). Not the other tongues' names for them: "pools" (Dutch for Polish) or
 * "fins" in "cleaning jobs no pools" is no language. Read by the language reading
 * (src/index/query_language.ts) and by the phrasing, which keeps "only" beside a language's name
 * ("english only jobs": src/index/query_phrasing.ts).
 *
 * @module
 */
import { type Language, LANGUAGE_NAMES } from "../domain/job.ts";
import { foldText } from "../domain/fold_text.ts";

export const LANGUAGE_OF_NAME: Readonly<Record<string, Language>> = Object.fromEntries(
  (Object.entries(LANGUAGE_NAMES) as [Language, (typeof LANGUAGE_NAMES)["en"]][]).flatMap((
    [code, names],
  ) =>
    [
      names.en,
      ...(code === "de" ? [names.de] : code === "nl" ? [names.nl] : []),
    ].flatMap((said) => said.split("|")).map((name) => [foldText(name), code])
  ),
);

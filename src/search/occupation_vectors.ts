/**
 * The occupations' vectors a search adds to the query's own (src/index/occupation_labels.ts): what
 * the service does for every query, and what the judged-set bench measures, from one function so
 * that the bench cannot drift from what is served.
 *
 * @module
 */
import type { IndexSearch, LabelAgreement } from "../index/index_search.ts";
import type { OccupationLabels } from "../index/occupation_labels.ts";
import type { RankingParams } from "../index/ranking.ts";

/** The vectors for `IndexSearch`, and the preferred labels they stand for (said by the bench). */
export interface OccupationVectors
  extends Pick<IndexSearch, "labelVectors" | "labelVectorsIfUsed"> {
  /** The labels used: those a label names at once; those found later, once they are asked for. */
  named: string[];
}

/**
 * Vectors of the occupation labels `text` names, where the ranking uses them; else, where it uses
 * them too, the nearest of the occupations that share the phrase as a label, or the occupations
 * nearest by meaning, found only if the index asks (a query the titles name does not pay for the
 * look-up). Both of the later kinds only where they agree with the titles the query's own words
 * found (`occupationAgreement`): "solicitor" is a label of the call centre agent ("telephone
 * solicitor"), nearer the query than the other sharers, whose label lifted a Call Centre
 * Assistant over every lawyer. `sameModel`: the occupations' own vectors are of the model that
 * embedded the query and the titles (not while a stand-in serves); otherwise a named label is
 * embedded (`embed`) and nothing is found by meaning.
 */
export async function occupationVectors(
  occupations: OccupationLabels,
  ranking: Pick<
    RankingParams,
    "occupationLabels" | "occupationShared" | "occupationMeanings" | "occupationAgreement"
  >,
  text: string,
  vector: Float32Array,
  options: { sameModel: boolean; embed: (text: string) => Promise<Float32Array> },
): Promise<OccupationVectors> {
  if (!ranking.occupationLabels) return { named: [] };
  const { sameModel, embed } = options;
  const labels = occupations.labelsFor(text);
  if (labels.length > 0) {
    // A label's vector made with the others is what embedding it again would give: the query
    // stays one embedding.
    const labelVectors = await Promise.all(
      labels.map((label) =>
        (sameModel ? occupations.labelVector(label) : undefined) ?? embed(label)
      ),
    );
    const sentences = sameModel
      ? labels.flatMap((label) => occupations.oneWordSentenceVector(label) ?? [])
      : [];
    return { labelVectors: [...labelVectors, ...sentences], named: labels };
  }
  const { occupationShared, occupationMeanings, occupationAgreement } = ranking;
  if (!sameModel || (!occupationShared && !occupationMeanings)) return { named: [] };
  const named: string[] = [];
  return {
    named,
    labelVectorsIfUsed: (agreement: LabelAgreement) => {
      const agreeing = occupationAgreement ? agreement : undefined;
      const shared = occupationShared ? occupations.sharedNearest(vector, text, agreeing) : [];
      const found = shared.length || !occupationMeanings
        ? shared
        : occupations.nearest(vector, text, agreeing);
      // Asked once a search; a bench runs a query in both orders.
      if (named.length === 0) named.push(...found.map((o) => o.label));
      return found.length ? found.map((o) => o.vector) : undefined;
    },
  };
}

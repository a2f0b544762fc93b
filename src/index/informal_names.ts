/**
 * Names people call work by that titles do not use ("sparky", "brickie", "tradie", "bouncer"), as
 * a person would spell them out: the query's analysis spells them out beside them
 * (src/index/analyze_query.ts), and the spelling correction leaves them as typed
 * (src/index/query_spelling.ts): "tradie", in no word list, had been corrected to "trade" and
 * listed trading desks (a user trial, session 46).
 *
 * @module
 */
import { ownValue } from "../domain/own_value.ts";

export const INFORMAL_NAMES: Readonly<Record<string, string>> = {
  // British names of trades, which titles do not use (session 39: "sparky" listed no
  // electrician). Not "chippy", which is as often the chip shop.
  sparky: "electrician",
  brickie: "bricklayer",
  binman: "refuse collector",
  dustman: "refuse collector",
  squaddie: "soldier",
  // Australian: a tradesperson (a user trial, session 46: "tradie" was corrected to "trade" and
  // listed trading desks).
  tradie: "tradesperson",
  tradies: "tradespeople",
  // Informal names the titles do not use (the tuned paraphrase set, session 43: "bouncer" listed
  // supervisors, "headhunter" head chefs).
  bouncer: "door security",
  bouncers: "door security",
  headhunter: "recruitment consultant",
  headhunters: "recruitment consultants",
};

/** What `word` (folded, lower case) spells out as, where it is an informal name of work. */
export function informalNameOf(word: string): string | undefined {
  return ownValue(INFORMAL_NAMES, word);
}

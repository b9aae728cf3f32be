/**
 * What a person reads for one difference of an adjudication (PURE): the ONE labelling function of
 * the adjudication view's list, its blockers, the decision summary, the editor's title, the draft
 * conflict dialog and the resolve route's problems (issue 19.9). Difference ids
 * (`identities:1.id-c418767b`, differences.ts) stay internal: they name the documents' elements,
 * not what the reviewer sees.
 *
 * Examples: "First appearance at frame 330 (B only)", "Moment at frame 40 (A and B)",
 * "Query point count at frame 150", "Occurrence from frame 60", "Window count at start",
 * "Caption at second 3", "Decision", "Challenge occlusion".
 */
import { annotatorLetter } from "./annotator-letter";
import type { Difference } from "./differences";

/** One element of a facet, as the workspace's panels and timeline name it. */
const FACET_NOUNS: Record<string, string> = {
  moments: "Moment",
  identities: "First appearance",
  occurrences: "Occurrence",
  splits: "Split point",
  window: "Window",
  windowCounts: "Window count",
  queryPoints: "Query point",
  evidence: "Evidence",
  captions: "Caption",
  feasible: "Feasibility",
  answer: "Answer",
  decision: "Decision",
  removalReason: "Removal reason",
  revision: "Revision",
  stateElement: "State element",
  stateStructure: "State structure",
};

/** The facet's name in words ("identities" → "First appearance", "challenge:occlusion" → "Challenge occlusion"). */
export function facetNoun(facet: string): string {
  if (FACET_NOUNS[facet]) return FACET_NOUNS[facet];
  if (facet.startsWith("challenge:")) return `Challenge ${facet.slice("challenge:".length)}`;
  const words = facet.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Who has an element of a difference whose options are per annotator (null: nothing there). */
function presentLetters(options: readonly unknown[]): string[] {
  return options.flatMap((o, j) => (o === null || o === undefined || (Array.isArray(o) && o.length === 0) ? [] : [annotatorLetter(j)]));
}

const joinWords = (xs: readonly string[]) => (xs.length <= 1 ? (xs[0] ?? "") : `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`);

export type LabelledDifference = Pick<Difference, "id" | "facet" | "type" | "frame"> & { options?: readonly unknown[] };

/** The label of one difference (see the module comment). */
export function differenceLabel(d: LabelledDifference): string {
  const noun = facetNoun(d.facet);
  const rest = d.id.startsWith(`${d.facet}:`) ? d.id.slice(d.facet.length + 1) : "";
  switch (d.type) {
    case "caption": {
      const second = /^\d+$/.test(rest) ? rest : null;
      return second !== null ? `${noun} at second ${second}` : noun;
    }
    case "label":
      return noun;
    case "span":
      return d.frame !== null ? `${noun} from frame ${d.frame}` : noun;
    case "unmatched":
    case "offset":
    case "count": {
      const part = d.id.endsWith(":count") && !noun.endsWith("count") ? " count" : d.id.endsWith(":at") ? " position" : "";
      let where = d.frame !== null ? ` at frame ${d.frame}` : "";
      if (d.frame === null && d.facet === "windowCounts") where = rest.includes("countAtEnd") ? " at end" : rest.includes("countAtStart") ? " at start" : "";
      const who = d.type === "unmatched" && d.options ? presentLetters(d.options) : [];
      const only = who.length > 0 && d.options && who.length < d.options.length ? ` (${joinWords(who)} only)` : "";
      return `${noun}${part}${where}${only}`;
    }
  }
}

/** Labels by difference id, for texts that only hold ids (stored decisions, picks, problems). */
export function differenceLabels(differences: readonly LabelledDifference[]): Map<string, string> {
  return new Map(differences.map((d) => [d.id, differenceLabel(d)]));
}

/** The label of a difference id: from the list, "The document" for an expert review's whole-document decision, else the id. */
export function labelOfDifferenceId(labels: ReadonlyMap<string, string>, id: string): string {
  return labels.get(id) ?? (id === "document" ? "The document" : id);
}

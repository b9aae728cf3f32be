/** One colour per annotator A … E on the adjudication timelines, and the resolved result's (PURE). */
export const ANNOTATOR_COLOURS = ["#2563eb", "#ea580c", "#16a34a", "#9333ea", "#db2777"] as const;
export const RESULT_COLOUR = "#0f172a";

export function annotatorColour(j: number): string {
  return ANNOTATOR_COLOURS[j % ANNOTATOR_COLOURS.length];
}

/**
 * One colour per annotator A … E on the adjudication timelines, and the resolved result's (PURE).
 * They are also the colours of the annotators' names and Take buttons (text on white): each has a
 * contrast of at least 4.5:1 on white and on slate-50 (WCAG AA for normal text).
 */
export const ANNOTATOR_COLOURS = ["#2563eb", "#c2410c", "#15803d", "#9333ea", "#be185d"] as const;
export const RESULT_COLOUR = "#0f172a";

export function annotatorColour(j: number): string {
  return ANNOTATOR_COLOURS[j % ANNOTATOR_COLOURS.length];
}

/**
 * Breakdown keys of the score tables (PURE): the paper's VSTAT taxonomy and VSAS-Bench task
 * types, in the papers' order and spelling. Shared by the table builders (lib/scoring/tables.ts)
 * and the leaderboard's column definitions (lib/leaderboard/columns.ts).
 */
export const VSTAT_ELEMENTS = ["Count", "Location", "Attribute"];
export const VSTAT_STRUCTURES = ["Atomic", "Sequence", "Set", "Dict"];
export const VSAS_TYPES = ["Present", "Cumulative", "Future"];

/** Paper spelling of a VSTAT taxonomy label ("location" → "Location"); unknown labels keep their text. */
export function vstatLabel(value: string, known: readonly string[]): string {
  return known.find((k) => k.toLowerCase() === value.trim().toLowerCase()) ?? value.trim();
}

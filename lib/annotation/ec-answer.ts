/**
 * EC-Bench answers as the annotator types them (PURE; paper Figure 12 rules): Counting is a
 * number ("3"; "0" when nothing is there); Enumeration a comma-separated list, ordered steps joined
 * by "→" ("A → B → C"), "None" when nothing is there. Typed "->" becomes "→".
 */
export function normaliseEcAnswer(text: string): string {
  return text
    .replace(/\s*-+>\s*/g, " → ")
    .replace(/\s*→\s*/g, " → ")
    .replace(/\s*,\s*/g, ", ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The items of an enumeration answer and whether they are ordered steps. */
export function enumerationItems(answer: string): { ordered: boolean; items: string[] } {
  const ordered = answer.includes("→");
  const items = answer
    .split(ordered ? "→" : ",")
    .map((s) => s.trim())
    .filter(Boolean);
  return { ordered, items };
}

/** The pre-generated answer as text (numbers and lists as the export writes them). */
export function ecAnswerText(answer: unknown): string {
  if (typeof answer === "string") return answer;
  if (typeof answer === "number") return String(answer);
  if (Array.isArray(answer)) return answer.map(String).join(", ");
  return "";
}

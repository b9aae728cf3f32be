/** The display name of annotator j in reasons and differences: A, B, C, ... Z, then A2, B2, ... (PURE). */
export function annotatorLetter(j: number): string {
  const letter = String.fromCharCode(65 + (j % 26));
  const round = Math.floor(j / 26);
  return round === 0 ? letter : `${letter}${round + 1}`;
}

/** Every unordered pair (a < b) of k annotators, in order (0,1), (0,2), ..., (1,2), ... */
export function annotatorPairs(k: number): [number, number][] {
  const out: [number, number][] = [];
  for (let a = 0; a < k; a++) for (let b = a + 1; b < k; b++) out.push([a, b]);
  return out;
}

/**
 * A problem found while reading or scoring input: never thrown, always collected,
 * so that a scorer can report every bad line and still score the rest.
 *
 * - `code`: stable machine-readable kind, e.g. "malformed_json", "unknown_id",
 *   "duplicate_id", "missing_prediction", "invalid_answer".
 * - `line`: 1-based line number in the input file when the problem belongs to a line
 *   (for CSV, the line on which the record starts).
 * - `id`: the item / question id concerned, when known.
 * - `field`: the field concerned, when known.
 * - `message`: a sentence a person can act on.
 */
export type Problem = {
  code: string;
  message: string;
  line?: number;
  id?: string;
  field?: string;
};

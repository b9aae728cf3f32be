/**
 * Counted nouns in messages people read (PURE): "1 mark", "2 marks", "0 marks". The one place
 * English plural rules live; every message with a count goes through it.
 *
 * `many` defaults to `one + "s"`; irregular nouns pass it ("identity", "identities").
 */
export function pluralWord(n: number, one: string, many = `${one}s`): string {
  return Math.abs(n) === 1 ? one : many;
}

/** The count and its noun: `plural(1, "mark")` = "1 mark", `plural(3, "query point")` = "3 query points". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${pluralWord(n, one, many)}`;
}

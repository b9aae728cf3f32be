import type { Problem } from "./problems";

/** The parts of a zod issue that are turned into a {@link Problem}. */
export type IssueLike = { path: ReadonlyArray<PropertyKey>; message: string };

/**
 * Renders a zod issue path as a field name: `["query_points", "time", 2]` →
 * `query_points.time[2]`; an empty path → `undefined` (the record itself).
 */
export function issuePathToField(path: ReadonlyArray<PropertyKey>): string | undefined {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out === "" ? undefined : out;
}

/**
 * Converts validation issues of one record into problems of kind `code`
 * (default "invalid_record"), each naming the line, id and field concerned.
 * `prefix` is prepended to every field (e.g. `items[12]`).
 */
export function issuesToProblems(
  issues: ReadonlyArray<IssueLike>,
  where: { line?: number; id?: string; code?: string; prefix?: string },
): Problem[] {
  return issues.map((issue) => {
    const inner = issuePathToField(issue.path);
    const field = where.prefix ? (inner ? `${where.prefix}${inner.startsWith("[") ? "" : "."}${inner}` : where.prefix) : inner;
    const location = where.line !== undefined ? `line ${where.line}: ` : "";
    const problem: Problem = {
      code: where.code ?? "invalid_record",
      message: `${location}${field ? `field "${field}": ` : ""}${issue.message}`,
    };
    if (where.line !== undefined) problem.line = where.line;
    if (where.id !== undefined) problem.id = where.id;
    if (field !== undefined) problem.field = field;
    return problem;
  });
}

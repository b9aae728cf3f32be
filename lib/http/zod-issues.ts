import type { ZodError } from "zod";

export type FieldIssue = { field: string; message: string };

/** Zod issues as `{field, message}` pairs, the field as a dotted path ("items.3.time"). */
export function fieldIssues(error: ZodError, prefix = ""): FieldIssue[] {
  return error.issues.map((issue) => ({
    field: [prefix, ...issue.path.map(String)].filter(Boolean).join(".") || "(root)",
    message: issue.message,
  }));
}

/** One sentence naming every bad field, e.g. `email: Invalid email; role: Invalid option`. */
export function describeIssues(issues: FieldIssue[]): string {
  return issues.map((i) => `${i.field}: ${i.message}`).join("; ");
}

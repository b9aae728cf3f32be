/**
 * Building {@link ImportIssue}s: from scratch, from `lib/metrics` problems and from zod issues.
 */
import type { Problem } from "@/lib/metrics/problems";
import { issuesToProblems, type IssueLike } from "@/lib/metrics/zod-problems";
import type { ImportIssue } from "./types";

export type IssueWhere = { item_id?: string | null; line?: number | null; field?: string };

/** An issue; the message is prefixed with "line N: " when a line is known and not already named. */
export function issue(code: string, message: string, where: IssueWhere = {}): ImportIssue {
  const line = where.line ?? null;
  const prefix = line !== null && !/^line \d+/.test(message) ? `line ${line}: ` : "";
  const out: ImportIssue = { code, item_id: where.item_id ?? null, line, message: `${prefix}${message}` };
  if (where.field !== undefined) out.field = where.field;
  return out;
}

/** Converts a `lib/metrics` problem (optionally overriding its code). */
export function issueFromProblem(p: Problem, code?: string): ImportIssue {
  return issue(code ?? p.code, p.message, { item_id: p.id ?? null, line: p.line ?? null, field: p.field });
}

/** Converts zod issues of one record into issues naming line, id and field (`prefix` e.g. `items[3]`). */
export function issuesFromZod(
  zodIssues: ReadonlyArray<IssueLike>,
  where: { line?: number | null; id?: string | null; code?: string; prefix?: string },
): ImportIssue[] {
  return issuesToProblems(zodIssues, {
    line: where.line ?? undefined,
    id: where.id ?? undefined,
    code: where.code ?? "invalid_record",
    prefix: where.prefix,
  }).map((p) => issueFromProblem(p));
}

/** A string id read from an untyped record (numbers are accepted and stringified), else null. */
export function idOf(value: unknown, key: string): string | null {
  if (!value || typeof value !== "object") return null;
  const v = (value as Record<string, unknown>)[key];
  if (typeof v === "string" && v !== "") return v;
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  return null;
}

/** Counts issues per code (for summaries). */
export function countByCode(issues: readonly ImportIssue[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const i of issues) out[i.code] = (out[i.code] ?? 0) + 1;
  return out;
}

/** Reports every repeated `externalId` as an error `duplicate_id` (the database keeps one item per id). */
export function duplicateIdErrors(items: ReadonlyArray<{ externalId: string; line: number | null }>, what = "id"): ImportIssue[] {
  const first = new Map<string, number | null>();
  const out: ImportIssue[] = [];
  for (const it of items) {
    if (first.has(it.externalId)) {
      const at = first.get(it.externalId);
      out.push(
        issue("duplicate_id", `${what} "${it.externalId}" is used again (first at ${at !== null ? `line ${at}` : "an earlier record"}); ids must be unique`, {
          item_id: it.externalId,
          line: it.line,
          field: what,
        }),
      );
    } else first.set(it.externalId, it.line);
  }
  return out;
}

/** Keys of `record` not in `known`, as a new object (native extras kept for export). */
export function extraFields(record: Record<string, unknown>, known: readonly string[]): Record<string, unknown> | undefined {
  let out: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(record)) {
    if (known.includes(k)) continue;
    (out ??= {})[k] = v;
  }
  return out;
}

/**
 * The catalogue filter given when creating tasks (PURE). The Items page ignores parameters it does
 * not know, but for task creation a misspelt key ("subtyp=E1-Action") would silently select every
 * item; so every parameter must be one the catalogue understands.
 */
import { LABEL_ALIASES } from "@/lib/projects/item-filters";

const KNOWN = new Set<string>(["q", "status", "video", "format", "page", "pageSize", ...LABEL_ALIASES]);

/** Parameters of `query` (a catalogue query string, optionally starting with "?") that are not catalogue filters. */
export function unknownFilterParams(query: string): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  for (const key of new Set(new URLSearchParams(query.replace(/^\?/, "")).keys())) {
    if (!KNOWN.has(key) && !key.startsWith("label.")) {
      issues.push({ field: `items.filter.${key}`, message: `is not a filter of the Items page (use q, status, video, format, label.<key> or ${LABEL_ALIASES.slice(0, 3).join(", ")}, ...)` });
    }
  }
  return issues;
}

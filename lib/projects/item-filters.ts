/**
 * The item catalogue's filters (PURE; shared by the page, the API and the SQL builder).
 *
 * Query string (API and page URLs):
 *   q=<text>               search in question, native id, video reference and label values
 *   status=ACTIVE|REMOVED
 *   video=attached|pending
 *   format=<native format> (mcq_4, count, enumeration, ...)
 *   label.<key>=<value>    any taxonomy label; repeat for "any of"; keys combine with AND.
 *                          `(none)` matches items without the label (or null / empty list).
 *   <alias>=<value>        shorthand for the common labels: subtype, dim, tier, category,
 *                          genre, state_element, state_structure, perceptual_challenges,
 *                          hallucination, task_type, source, source_task, ...
 *   page=<n>, pageSize=<10..200>
 * Label values are compared as text: strings as they are, numbers as written, booleans
 * "true"/"false"; a list label matches when any element does.
 */

export const NONE_VALUE = "(none)";
export const LABEL_KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
export const MIN_PAGE_SIZE = 10;
export const MAX_LABEL_FILTERS = 20;
export const MAX_VALUES_PER_LABEL = 50;

/** Label keys accepted as bare query parameters (`dim=...` = `label.dim=...`). */
export const LABEL_ALIASES = [
  "subtype",
  "counting_type",
  "source_dataset",
  "dim",
  "tier",
  "subject_label",
  "hallucination",
  "has_hallucination_distractor",
  "source",
  "category",
  "category_name",
  "task_type",
  "genre",
  "state_element",
  "state_structure",
  "perceptual_challenges",
  "source_task",
] as const;

/** Display names of well-known label keys. */
export const LABEL_NAMES: Record<string, string> = {
  subtype: "Subtype",
  counting_type: "Counting type",
  source_dataset: "Source dataset",
  dim: "Dimension",
  tier: "Tier",
  subject_label: "Subject",
  hallucination: "Hallucination variant",
  has_hallucination_distractor: "Hallucination distractor",
  source: "Source",
  category: "Category",
  category_name: "Category name",
  task_type: "Task type",
  genre: "Genre",
  state_element: "State element",
  state_structure: "State structure",
  perceptual_challenges: "Perceptual challenges",
  source_task: "Source task",
};

export function labelName(key: string): string {
  return LABEL_NAMES[key] ?? key.replace(/[_-]+/g, " ").replace(/^./, (c) => c.toUpperCase());
}

export type ItemStatusFilter = "ACTIVE" | "REMOVED";
export type VideoFilter = "attached" | "pending";

export type ItemFilter = {
  q: string;
  status: ItemStatusFilter | null;
  video: VideoFilter | null;
  format: string | null;
  /** key → accepted values (any of); keys in insertion order. */
  labels: Record<string, string[]>;
};

export type ItemPage = { page: number; pageSize: number };

export type FilterIssue = { field: string; message: string };

export const EMPTY_FILTER: ItemFilter = { q: "", status: null, video: null, format: null, labels: {} };

type ParamSource = URLSearchParams | Record<string, string | string[] | undefined>;

function entries(source: ParamSource): [string, string][] {
  if (source instanceof URLSearchParams) return [...source.entries()];
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(source)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) out.push([k, one]);
  }
  return out;
}

const RESERVED = new Set(["q", "status", "video", "format", "page", "pageSize"]);

/**
 * Reads filters and paging from a query string. Empty values mean "any". Problems (bad
 * status, bad label key, page out of range...) are returned by parameter name; the API answers
 * 400 with them, pages fall back to the default for that parameter.
 */
export function parseItemQuery(source: ParamSource): { filter: ItemFilter; page: ItemPage; issues: FilterIssue[] } {
  const filter: ItemFilter = { q: "", status: null, video: null, format: null, labels: {} };
  const page: ItemPage = { page: 1, pageSize: DEFAULT_PAGE_SIZE };
  const issues: FilterIssue[] = [];
  const addLabel = (param: string, key: string, value: string) => {
    if (!LABEL_KEY_PATTERN.test(key)) {
      issues.push({ field: param, message: "label keys are letters, digits, _ and - (at most 64)" });
      return;
    }
    if (value.length > 200) {
      issues.push({ field: param, message: "must be at most 200 characters" });
      return;
    }
    const list = filter.labels[key] ?? [];
    if (!filter.labels[key] && Object.keys(filter.labels).length >= MAX_LABEL_FILTERS) {
      issues.push({ field: param, message: `at most ${MAX_LABEL_FILTERS} label filters` });
      return;
    }
    if (list.length >= MAX_VALUES_PER_LABEL) {
      issues.push({ field: param, message: `at most ${MAX_VALUES_PER_LABEL} values per label` });
      return;
    }
    if (!list.includes(value)) list.push(value);
    filter.labels[key] = list;
  };
  for (const [rawKey, rawValue] of entries(source)) {
    // Label values are compared exactly (a value may be " "); only an empty value means "any".
    if (rawKey.startsWith("label.")) {
      if (rawValue !== "") addLabel(rawKey, rawKey.slice("label.".length), rawValue);
      continue;
    }
    if (!RESERVED.has(rawKey)) {
      if ((LABEL_ALIASES as readonly string[]).includes(rawKey) && rawValue !== "") addLabel(rawKey, rawKey, rawValue);
      continue;
    }
    const value = rawValue.trim();
    if (value === "") continue;
    switch (rawKey) {
      case "q":
        if (value.length > 200) issues.push({ field: "q", message: "must be at most 200 characters" });
        else filter.q = value;
        break;
      case "status": {
        const up = value.toUpperCase();
        if (up === "ACTIVE" || up === "REMOVED") filter.status = up;
        else issues.push({ field: "status", message: "must be ACTIVE or REMOVED" });
        break;
      }
      case "video": {
        const low = value.toLowerCase();
        if (low === "attached" || low === "pending") filter.video = low;
        else issues.push({ field: "video", message: "must be attached or pending" });
        break;
      }
      case "format":
        if (value.length > 64) issues.push({ field: "format", message: "must be at most 64 characters" });
        else filter.format = value;
        break;
      case "page": {
        const n = Number(value);
        if (!Number.isInteger(n) || n < 1 || n > 1_000_000) issues.push({ field: "page", message: "must be a whole number from 1" });
        else page.page = n;
        break;
      }
      case "pageSize": {
        const n = Number(value);
        if (!Number.isInteger(n) || n < MIN_PAGE_SIZE || n > MAX_PAGE_SIZE) {
          issues.push({ field: "pageSize", message: `must be a whole number from ${MIN_PAGE_SIZE} to ${MAX_PAGE_SIZE}` });
        } else page.pageSize = n;
        break;
      }
    }
  }
  return { filter, page, issues };
}

/** The query string of a filter and page (canonical: label filters as `label.<key>`; defaults left out). */
export function itemQueryString(filter: ItemFilter, page: Partial<ItemPage> = {}): string {
  const p = new URLSearchParams();
  if (filter.q) p.set("q", filter.q);
  if (filter.status) p.set("status", filter.status);
  if (filter.video) p.set("video", filter.video);
  if (filter.format) p.set("format", filter.format);
  for (const [key, values] of Object.entries(filter.labels)) for (const v of values) p.append(`label.${key}`, v);
  if (page.page && page.page > 1) p.set("page", String(page.page));
  if (page.pageSize && page.pageSize !== DEFAULT_PAGE_SIZE) p.set("pageSize", String(page.pageSize));
  return p.toString();
}

export function isFiltered(filter: ItemFilter): boolean {
  return !!(filter.q || filter.status || filter.video || filter.format || Object.keys(filter.labels).length);
}

/** A label value as the filters compare it: null for values that are not filterable (objects). */
export function labelValueText(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : null;
  if (typeof value === "boolean") return value ? "true" : "false";
  return null;
}

/** The texts a label matches: list elements, the scalar itself, or [NONE_VALUE] when absent / null / empty. */
export function labelTexts(labels: unknown, key: string): string[] {
  const obj = labels && typeof labels === "object" && !Array.isArray(labels) ? (labels as Record<string, unknown>) : {};
  const v = obj[key];
  if (v === undefined || v === null) return [NONE_VALUE];
  if (Array.isArray(v)) {
    if (v.length === 0) return [NONE_VALUE];
    return [...new Set(v.map(labelValueText).filter((t): t is string => t !== null))];
  }
  const t = labelValueText(v);
  return t === null ? [] : [t];
}

/** In-memory version of the label filter (same rule as the SQL; used by tests and small lists). */
export function matchesLabels(labels: unknown, wanted: Record<string, string[]>): boolean {
  return Object.entries(wanted).every(([key, values]) => {
    const texts = labelTexts(labels, key);
    return values.some((v) => texts.includes(v));
  });
}

export type LabelFacet = { key: string; values: { value: string; count: number }[] };

/**
 * Label keys and values present in a set of items, with item counts (lists count each
 * element), for the catalogue's filter controls. Values sorted by count, then text; keys in
 * the order of LABEL_ALIASES, then alphabetically.
 */
export function labelFacets(labelsList: readonly unknown[]): LabelFacet[] {
  const keys = new Set<string>();
  for (const labels of labelsList) {
    if (labels && typeof labels === "object" && !Array.isArray(labels)) {
      for (const k of Object.keys(labels)) if (LABEL_KEY_PATTERN.test(k)) keys.add(k);
    }
  }
  const facets: LabelFacet[] = [];
  for (const key of keys) {
    const counts = new Map<string, number>();
    for (const labels of labelsList) for (const t of labelTexts(labels, key)) counts.set(t, (counts.get(t) ?? 0) + 1);
    if (counts.size === 0) continue;
    const values = [...counts].map(([value, count]) => ({ value, count }));
    values.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
    facets.push({ key, values });
  }
  const rank = (k: string) => {
    const i = (LABEL_ALIASES as readonly string[]).indexOf(k);
    return i < 0 ? LABEL_ALIASES.length : i;
  };
  facets.sort((a, b) => rank(a.key) - rank(b.key) || a.key.localeCompare(b.key));
  return facets;
}

/** `%text%` for LIKE, lower-cased, with \ % _ escaped (ESCAPE '\'). */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

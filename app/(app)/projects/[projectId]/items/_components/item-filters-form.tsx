"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import {
  DEFAULT_PAGE_SIZE,
  itemQueryString,
  labelName,
  NONE_VALUE,
  type ItemFilter,
  type LabelFacet,
} from "@/lib/projects/item-filters";

type Props = {
  basePath: string;
  filter: ItemFilter;
  pageSize: number;
  labels: LabelFacet[];
  formats: { value: string; count: number }[];
};

/** Above this many distinct values a label gets a text box with suggestions instead of a list. */
const MAX_SELECT_VALUES = 80;

const display = (v: string) => (v === NONE_VALUE ? "(none)" : v.trim() === "" ? JSON.stringify(v) : v);

/**
 * The catalogue's filter bar. Every change navigates to the filtered URL (page 1); the page is
 * rendered on the server from that URL (filters applied in the database).
 */
export function ItemFiltersForm({ basePath, filter, pageSize, labels, formats }: Props) {
  const router = useRouter();
  const ids = useId();
  const [q, setQ] = useState(filter.q);
  const [pending, startTransition] = useTransition();
  useEffect(() => setQ(filter.q), [filter.q]);

  const go = (next: ItemFilter, size = pageSize) => {
    const qs = itemQueryString(next, { page: 1, pageSize: size });
    startTransition(() => router.push(qs ? `${basePath}?${qs}` : basePath));
  };
  const setLabel = (key: string, value: string) => {
    const labelsNext = { ...filter.labels };
    if (value === "") delete labelsNext[key];
    else labelsNext[key] = [value];
    go({ ...filter, labels: labelsNext });
  };

  const chips: { key: string; text: string; next: ItemFilter }[] = [];
  if (filter.q) chips.push({ key: "q", text: `search “${filter.q}”`, next: { ...filter, q: "" } });
  if (filter.status) chips.push({ key: "status", text: `status = ${filter.status}`, next: { ...filter, status: null } });
  if (filter.video) chips.push({ key: "video", text: `video ${filter.video}`, next: { ...filter, video: null } });
  if (filter.format) chips.push({ key: "format", text: `format = ${filter.format}`, next: { ...filter, format: null } });
  for (const [key, values] of Object.entries(filter.labels)) {
    for (const v of values) {
      const rest = values.filter((x) => x !== v);
      const labelsNext = { ...filter.labels };
      if (rest.length) labelsNext[key] = rest;
      else delete labelsNext[key];
      chips.push({ key: `${key}=${v}`, text: `${labelName(key)} = ${display(v)}`, next: { ...filter, labels: labelsNext } });
    }
  }

  return (
    <section aria-label="Filters" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <form
        role="search"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          go({ ...filter, q: q.trim() });
        }}
      >
        <div className="min-w-64 flex-1">
          <label htmlFor={`${ids}-q`} className="block text-sm font-medium text-slate-700">
            Search
          </label>
          <Input id={`${ids}-q`} type="search" value={q} maxLength={200} placeholder="Question, id, video or label value…" onChange={(e) => setQ(e.target.value)} />
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
        <span className="pb-2 text-sm text-slate-500" aria-live="polite">
          {pending ? "Filtering…" : ""}
        </span>
      </form>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <FilterSelect id={`${ids}-status`} label="Status" value={filter.status ?? ""} onChange={(v) => go({ ...filter, status: (v || null) as ItemFilter["status"] })}>
          <option value="ACTIVE">Active</option>
          <option value="REMOVED">Removed</option>
        </FilterSelect>
        <FilterSelect id={`${ids}-video`} label="Video" value={filter.video ?? ""} onChange={(v) => go({ ...filter, video: (v || null) as ItemFilter["video"] })}>
          <option value="attached">Attached</option>
          <option value="pending">Pending</option>
        </FilterSelect>
        <FilterSelect id={`${ids}-format`} label="Format" value={filter.format ?? ""} onChange={(v) => go({ ...filter, format: v || null })}>
          {formats.map((f) => (
            <option key={f.value} value={f.value}>
              {f.value} ({f.count})
            </option>
          ))}
        </FilterSelect>
        {labels.map((facet) => {
          const id = `${ids}-label-${facet.key}`;
          const current = filter.labels[facet.key]?.[0] ?? "";
          if (facet.values.length > MAX_SELECT_VALUES) {
            return (
              <div key={facet.key}>
                <label htmlFor={id} className="block text-sm font-medium text-slate-700">
                  {labelName(facet.key)}
                </label>
                <Input
                  id={id}
                  list={`${id}-values`}
                  defaultValue={current}
                  placeholder={`Any (${facet.values.length} values)`}
                  onKeyDown={(e) => {
                    if (e.key === "Enter") {
                      e.preventDefault();
                      setLabel(facet.key, e.currentTarget.value);
                    }
                  }}
                  onBlur={(e) => {
                    if (e.currentTarget.value !== current) setLabel(facet.key, e.currentTarget.value);
                  }}
                />
                <datalist id={`${id}-values`}>
                  {facet.values.map((v) => (
                    <option key={v.value} value={v.value} />
                  ))}
                </datalist>
              </div>
            );
          }
          return (
            <FilterSelect key={facet.key} id={id} label={labelName(facet.key)} value={current} onChange={(v) => setLabel(facet.key, v)}>
              {facet.values.map((v) => (
                <option key={v.value} value={v.value}>
                  {display(v.value)} ({v.count})
                </option>
              ))}
            </FilterSelect>
          );
        })}
        <FilterSelect id={`${ids}-size`} label="Per page" value={String(pageSize)} anyLabel={null} onChange={(v) => go(filter, Number(v) || DEFAULT_PAGE_SIZE)}>
          {[25, 50, 100, 200].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </FilterSelect>
      </div>
      {chips.length > 0 && (
        <div className="flex flex-wrap items-center gap-2 text-sm" aria-label="Active filters">
          {chips.map((c) => (
            <button
              key={c.key}
              type="button"
              onClick={() => go(c.next)}
              className="inline-flex items-center gap-1 rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-medium text-blue-800 ring-1 ring-blue-200 hover:bg-blue-100"
              aria-label={`Remove filter ${c.text}`}
            >
              {c.text} <span aria-hidden>×</span>
            </button>
          ))}
          <button type="button" className="text-xs text-blue-700 hover:underline" onClick={() => go({ q: "", status: null, video: null, format: null, labels: {} })}>
            Clear all
          </button>
        </div>
      )}
    </section>
  );
}

function FilterSelect({
  id,
  label,
  value,
  onChange,
  children,
  anyLabel = "Any",
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: React.ReactNode;
  anyLabel?: string | null;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {anyLabel !== null && <option value="">{anyLabel}</option>}
        {children}
      </Select>
    </div>
  );
}

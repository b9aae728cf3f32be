"use client";

import type { ChoiceOption } from "@/lib/protocol/participant-question";

/** One choice among lettered options, statements A/B or TOC-Bench count buckets. */
export function ChoiceInput({
  options,
  value,
  disabled,
  onChange,
}: {
  options: ChoiceOption[];
  value: string | null;
  disabled: boolean;
  onChange: (v: string) => void;
}) {
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="sr-only">Choose one answer</legend>
      {options.map((o) => (
        <label key={o.label} className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm hover:bg-slate-50">
          <input type="radio" name="choice" value={o.label} checked={value === o.label} onChange={() => onChange(o.label)} data-testid={`answer-option-${o.label}`} />
          <span>
            <span className="font-semibold">{o.label}</span>
            {o.text && o.text !== o.label ? <span className="ml-2">{o.text}</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

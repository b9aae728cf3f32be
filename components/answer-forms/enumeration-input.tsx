"use client";

import { useState } from "react";

/** EC-Bench enumeration: one item per line; ordered steps are shown joined by →. */
export function EnumerationInput({
  ordered,
  value,
  disabled,
  onChange,
}: {
  ordered: boolean;
  value: string[];
  disabled: boolean;
  onChange: (v: string[]) => void;
}) {
  const [text, setText] = useState(value.join("\n"));
  return (
    <label className="block space-y-1 text-sm">
      <span className="font-medium text-slate-700">
        One item per line{ordered ? ", in the order they happen" : ""}
      </span>
      <textarea
        className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        rows={5}
        value={text}
        disabled={disabled}
        data-testid="answer-enumeration"
        onChange={(e) => {
          setText(e.target.value);
          onChange(e.target.value.split("\n").map((s) => s.trim()).filter(Boolean));
        }}
      />
      {ordered && value.length > 1 && <span className="block text-slate-500">{value.join(" → ")}</span>}
    </label>
  );
}

"use client";

/** A whole-number answer (counts; signed where the answer type allows a decrease). `hint`: lib/protocol/answer-hint.ts. */
export function IntegerInput({
  value,
  allowNegative,
  hint,
  disabled,
  onChange,
}: {
  value: number | null;
  allowNegative: boolean;
  hint: string;
  disabled: boolean;
  onChange: (v: number | null) => void;
}) {
  return (
    <label className="block space-y-1 text-sm">
      <span className="font-medium text-slate-700">
        Your answer (<span data-testid="answer-hint">{hint}</span>)
      </span>
      <input
        type="number"
        inputMode="numeric"
        step={1}
        min={allowNegative ? undefined : 0}
        className="block w-40 rounded-md border border-slate-300 px-3 py-2 text-sm"
        value={value ?? ""}
        disabled={disabled}
        autoFocus
        data-testid="answer-integer"
        onChange={(e) => {
          const t = e.target.value.trim();
          onChange(t === "" || !/^-?\d+$/.test(t) ? null : Number(t));
        }}
      />
    </label>
  );
}

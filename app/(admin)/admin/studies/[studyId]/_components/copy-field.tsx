"use client";

import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * A read-only value with a Copy button (the clipboard API; where the page is not allowed to use it,
 * the value is selected so Ctrl+C copies it).
 */
export function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<"idle" | "copied" | "manual">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      input.current?.focus();
      input.current?.select();
      setState("manual");
    }
  };
  return (
    <div className="flex items-center gap-2">
      <input
        ref={input}
        id={id}
        aria-label={label}
        readOnly
        value={value}
        data-testid={id}
        onFocus={(e) => e.currentTarget.select()}
        className="block w-full min-w-0 rounded-md border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-xs text-slate-900"
      />
      <Button variant="secondary" size="sm" onClick={copy} aria-label={`Copy ${label}`}>
        {state === "copied" ? "Copied" : "Copy"}
      </Button>
      {state === "manual" && <span className="whitespace-nowrap text-xs text-slate-600">Press Ctrl+C to copy</span>}
    </div>
  );
}

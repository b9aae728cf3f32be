"use client";

import { useState } from "react";
import { Alert } from "./alert";
import { Button } from "./button";

/**
 * A secret the server shows only once (a new API token, an invitation link): a success alert
 * with the value in a code box and a Copy button (clipboard; "Copied" after it worked).
 */
export function ShownOnceSecret({ title, value, testId, className }: { title: string; value: string; testId: string; className?: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <Alert tone="success" className={className} title={title}>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code data-testid={testId} className="break-all rounded bg-white px-2 py-1 font-mono text-xs text-slate-900 ring-1 ring-green-200">
          {value}
        </code>
        <Button
          size="sm"
          variant="secondary"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(value);
              setCopied(value);
            } catch {
              setCopied(null);
            }
          }}
        >
          {copied === value ? "Copied" : "Copy"}
        </Button>
      </div>
    </Alert>
  );
}

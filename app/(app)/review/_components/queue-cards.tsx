"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { ReviewQueueProject } from "@/lib/review/api-schemas";

type QueueCard = { key: string; title: string; count: number; detail: string; action?: ReactNode };

/**
 * The project's queues as a list of cards (double review, expert sample, mine in progress, then
 * the judge queues and qualification confirmations when the project has any): one place to add
 * further queues.
 */
export function QueueCards({ project: p, busy, onStart }: { project: ReviewQueueProject; busy: string | null; onStart: (kind: "double" | "expert") => void }) {
  const startButton = (kind: "double" | "expert", count: number) => (
    <Button size="sm" variant="secondary" disabled={busy !== null || count === 0} onClick={() => onStart(kind)} data-testid={`start-${kind}-${p.projectId}`}>
      {busy === `${p.projectId}:${kind}` ? "Finding…" : "Start next"}
    </Button>
  );
  const cards: QueueCard[] = [
    { key: "disputed", title: "Disputed", count: p.disputed, detail: "Blind annotations disagree: pick or edit per difference.", action: startButton("double", p.disputed) },
    { key: "expert", title: "Expert sample", count: p.expert, detail: "Agreed or single-pass items sampled for a second look: confirm or edit.", action: startButton("expert", p.expert) },
    { key: "mine", title: "Mine in progress", count: p.inProgressMine, detail: "Claimed by you and not resolved yet (Start next resumes them first)." },
  ];
  const open = (href: string, label: string) => (
    <Link href={href} className="text-sm font-medium text-blue-700 underline">
      {label}
    </Link>
  );
  if (p.judge.vsas > 0) cards.push({ key: "judge-vsas", title: "Judge: VSAS captions", count: p.judge.vsas, detail: "Response seconds you have not graded against the truth captions.", action: open("/review/judge", "Open judge queues") });
  if (p.judge.ecEnumeration > 0)
    cards.push({ key: "judge-ec", title: "Judge: EC-Bench lists", count: p.judge.ecEnumeration, detail: "Enumeration answers you have not matched.", action: open("/review/judge", "Open judge queues") });
  if (p.qualificationsToConfirm > 0)
    cards.push({
      key: "qualifications",
      title: "Qualifications",
      count: p.qualificationsToConfirm,
      detail: "Failed attempts waiting for a retry decision.",
      action: open(`/projects/${encodeURIComponent(p.projectId)}/qualification`, "Open qualification"),
    });
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((c) => (
        <li key={c.key} className="flex flex-col gap-2 rounded-md border border-slate-200 p-3" data-testid={`queue-${c.key}-${p.projectId}`}>
          <div className="flex items-baseline justify-between gap-2">
            <span className="text-sm font-medium text-slate-700">{c.title}</span>
            <span className="text-2xl font-semibold tabular-nums" data-testid={`count-${c.key}-${p.projectId}`}>
              {c.count}
            </span>
          </div>
          <p className="text-xs text-slate-500">{c.detail}</p>
          {c.action && <div>{c.action}</div>}
        </li>
      ))}
    </ul>
  );
}

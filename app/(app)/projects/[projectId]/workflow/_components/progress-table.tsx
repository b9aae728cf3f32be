import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { TaskProgressRow } from "@/lib/tasks/task-schemas";
import { formatDuration } from "@/components/ui/format-duration";

type Counts = Omit<TaskProgressRow, "userId" | "name" | "email">;

/** A stacked bar: submitted (green), in progress (amber), skipped (grey), open (light) of the row's total. */
function ProgressBar({ c }: { c: Counts }) {
  const pct = (n: number) => (c.total ? (n / c.total) * 100 : 0);
  const parts = [
    { n: c.submitted, cls: "bg-green-500", label: "submitted" },
    { n: c.inProgress, cls: "bg-amber-400", label: "in progress" },
    { n: c.skipped, cls: "bg-slate-400", label: "skipped" },
  ];
  return (
    <div
      className="flex h-2.5 w-48 overflow-hidden rounded-full bg-slate-100"
      role="img"
      aria-label={`${c.submitted} of ${c.total} submitted, ${c.inProgress} in progress, ${c.skipped} skipped, ${c.open} open`}
    >
      {parts.map((p) => (p.n ? <div key={p.label} className={p.cls} style={{ width: `${pct(p.n)}%` }} /> : null))}
    </div>
  );
}

export function ProgressTable({ rows, totals }: { rows: TaskProgressRow[]; totals: Counts }) {
  return (
    <Table data-testid="workflow-progress">
      <THead>
        <Tr>
          <Th>Annotator</Th>
          <Th>Progress</Th>
          <Th className="text-right">Open</Th>
          <Th className="text-right">In progress</Th>
          <Th className="text-right">Submitted</Th>
          <Th className="text-right">Skipped</Th>
          <Th className="text-right">Time spent</Th>
        </Tr>
      </THead>
      <TBody>
        {rows.length === 0 && <EmptyRow colSpan={7}>No annotators and no tasks yet: add members with the Annotator role under Settings, then create tasks.</EmptyRow>}
        {rows.map((r) => (
          <Tr key={r.userId ?? "pool"} data-testid={`progress-${r.userId ?? "pool"}`}>
            <Td>
              <div className="font-medium">{r.userId ? r.name : "Pool (unclaimed)"}</div>
              {r.email && <div className="text-xs text-slate-500">{r.email}</div>}
            </Td>
            <Td>
              <ProgressBar c={r} />
            </Td>
            <Td className="text-right tabular-nums">{r.open}</Td>
            <Td className="text-right tabular-nums">{r.inProgress}</Td>
            <Td className="text-right tabular-nums">{r.submitted}</Td>
            <Td className="text-right tabular-nums">{r.skipped}</Td>
            <Td className="text-right tabular-nums">{formatDuration(r.timeSpentMs)}</Td>
          </Tr>
        ))}
        {rows.length > 0 && (
          <Tr className="font-medium">
            <Td>All</Td>
            <Td>
              <ProgressBar c={totals} />
            </Td>
            <Td className="text-right tabular-nums">{totals.open}</Td>
            <Td className="text-right tabular-nums">{totals.inProgress}</Td>
            <Td className="text-right tabular-nums">{totals.submitted}</Td>
            <Td className="text-right tabular-nums">{totals.skipped}</Td>
            <Td className="text-right tabular-nums">{formatDuration(totals.timeSpentMs)}</Td>
          </Tr>
        )}
      </TBody>
    </Table>
  );
}

import Link from "next/link";
import type { ReactNode } from "react";
import { Breadcrumbs, type Crumb } from "@/components/ui/breadcrumbs";
import { cn } from "@/components/ui/cn";
import { KindBadge } from "./kind-badge";

export type ProjectTab = "overview" | "items" | "runs" | "leaderboard" | "agreement" | "report" | "workflow" | "settings" | "qualification";

/**
 * The project's breadcrumb (Projects / … / `crumbs`), title and section tabs (Overview, Items,
 * Runs, Leaderboard, Agreement and Report for admins and reviewer members (`canReview`), Workflow and Settings
 * for admins).
 */
export function ProjectHeader({
  project,
  current,
  isAdmin,
  canReview = false,
  actions,
  subtitle,
  crumbs = [],
}: {
  project: { id: string; name: string; benchmark: string; description?: string };
  current: ProjectTab;
  isAdmin: boolean;
  /** Reviewer member (or admin): shows the Agreement and Report tabs. */
  canReview?: boolean;
  actions?: ReactNode;
  subtitle?: ReactNode;
  /** Crumbs after "Projects" (the project's own name is the title below). */
  crumbs?: readonly Crumb[];
}) {
  const base = `/projects/${encodeURIComponent(project.id)}`;
  const tabs: { key: ProjectTab; href: string; label: string }[] = [
    { key: "overview", href: base, label: "Overview" },
    { key: "items", href: `${base}/items`, label: "Items" },
    { key: "runs", href: `${base}/runs`, label: "Runs" },
    { key: "leaderboard", href: `${base}/leaderboard`, label: "Leaderboard" },
    ...(isAdmin || canReview ? [{ key: "agreement" as const, href: `${base}/agreement`, label: "Agreement" }] : []),
    ...(isAdmin || canReview ? [{ key: "report" as const, href: `${base}/report`, label: "Report" }] : []),
    ...(isAdmin
      ? [
          { key: "workflow" as const, href: `${base}/workflow`, label: "Workflow" },
          { key: "settings" as const, href: `${base}/settings`, label: "Settings" },
        ]
      : []),
    ...(isAdmin || canReview ? [{ key: "qualification" as const, href: `${base}/qualification`, label: "Qualification" }] : []),
  ];
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Breadcrumbs trail={[{ label: "Projects", href: "/projects" }, ...crumbs]} />
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <h1 className="truncate text-2xl font-semibold" title={project.name}>
              {project.name}
            </h1>
            <KindBadge kind={project.benchmark} />
          </div>
          {subtitle ?? (project.description ? <p className="mt-1 max-w-3xl text-sm text-slate-600">{project.description}</p> : null)}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      <nav aria-label="Project sections" className="flex flex-wrap gap-1 border-b border-slate-200">
        {tabs.map((t) => (
          <Link
            key={t.key}
            href={t.href}
            aria-current={t.key === current ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
              t.key === current ? "border-blue-600 text-blue-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
            )}
          >
            {t.label}
          </Link>
        ))}
      </nav>
    </div>
  );
}

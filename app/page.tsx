import type { Metadata } from "next";
import Link from "next/link";
import { Card, CardBody } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/current-user";
import { ROLE_LABELS } from "@/lib/auth/schemas";
import type { Role } from "@/lib/db/types";

export const metadata: Metadata = { title: "Dashboard" };
export const dynamic = "force-dynamic";

type Tile = { href: string; title: string; text: string };

const TILES: Record<Role, Tile[]> = {
  ADMIN: [
    { href: "/projects", title: "Projects", text: "Import benchmarks, configure workflows, assign work, read scores and agreement." },
    { href: "/videos", title: "Videos", text: "Upload or register videos; check probes and frame timing." },
    { href: "/admin/studies", title: "Studies", text: "Human-baseline studies: streaming and free-rewatch sessions, study links, results." },
    { href: "/admin/users", title: "Users", text: "Create accounts, send invitations, change roles, deactivate." },
    { href: "/admin/audit", title: "Audit log", text: "Who did what, when and from where." },
    { href: "/admin/jobs", title: "Jobs", text: "Background work (ingest, scene cuts, segmenting, rescoring): queued, running and failed jobs; retry or cancel." },
    { href: "/account/tokens", title: "API tokens", text: "Tokens for scripts using the REST API." },
  ],
  REVIEWER: [
    { href: "/projects", title: "Projects", text: "Double-review queues, adjudication, qualification and judging." },
    { href: "/videos", title: "Videos", text: "The video library." },
    { href: "/account/tokens", title: "API tokens", text: "Tokens for scripts using the REST API." },
  ],
  ANNOTATOR: [
    { href: "/projects", title: "Projects", text: "Your annotation and verification tasks." },
    { href: "/videos", title: "Videos", text: "The video library." },
    { href: "/account/tokens", title: "API tokens", text: "Tokens for scripts using the REST API." },
  ],
  PARTICIPANT: [],
};

/** `/` — the dashboard: where each role starts. */
export default async function DashboardPage() {
  const user = await requireUser(undefined, "/");
  const tiles = TILES[user.role];
  return (
    <main className="mx-auto max-w-5xl p-6">
      <h1 className="text-2xl font-semibold">Welcome{user.name ? `, ${user.name}` : ""}</h1>
      <p className="mt-1 text-sm text-slate-600">Signed in as {user.email} · {ROLE_LABELS[user.role]}</p>
      {tiles.length > 0 ? (
        <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {tiles.map((tile) => (
            <Link key={tile.href} href={tile.href} className="group block focus-visible:outline-2 focus-visible:outline-blue-600">
              <Card className="h-full transition-shadow group-hover:shadow-md">
                <CardBody>
                  <h2 className="font-semibold text-slate-900 group-hover:text-blue-700">{tile.title}</h2>
                  <p className="mt-1 text-sm text-slate-600">{tile.text}</p>
                </CardBody>
              </Card>
            </Link>
          ))}
        </div>
      ) : (
        <Card className="mt-6">
          <CardBody>
            <h2 className="font-semibold">Taking part in a study</h2>
            <p className="mt-1 text-sm text-slate-600">
              Open the study link you were given to start or resume your session. Your answers are saved as you go.
            </p>
          </CardBody>
        </Card>
      )}
    </main>
  );
}

import type { Metadata } from "next";
import { Button, buttonClasses } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import { requireUser } from "@/lib/auth/current-user";
import { listInvites } from "@/lib/auth/invites";
import { listUsersQuerySchema, ROLE_LABELS, ROLES } from "@/lib/auth/schemas";
import { listUsers } from "@/lib/auth/users";
import { InvitesTable, type InviteRow } from "./invites-table";
import { NewUserForms } from "./new-user-forms";
import { UsersTable, type UserRow } from "./users-table";

export const metadata: Metadata = { title: "Users" };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

/** `/admin/users` — accounts, invitations, roles (ADMIN). */
export default async function AdminUsersPage({ searchParams }: { searchParams: Search }) {
  const admin = await requireUser(["ADMIN"], "/admin/users");
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const parsed = listUsersQuerySchema.safeParse(raw);
  const filter = parsed.success ? parsed.data : {};
  const [users, invites] = await Promise.all([listUsers(filter), listInvites()]);

  const userRows: UserRow[] = users.map((u) => ({
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    active: u.active,
    createdAt: u.createdAt.toISOString(),
    lastSignInAt: u.lastSignInAt?.toISOString() ?? null,
  }));
  const inviteRows: InviteRow[] = invites.map((i) => ({
    id: i.id,
    email: i.email,
    role: i.role,
    status: i.status,
    expiresAt: i.expiresAt.toISOString(),
    createdAt: i.createdAt.toISOString(),
    createdBy: i.createdBy.email,
  }));

  return (
    <main className="mx-auto max-w-7xl space-y-8 p-6">
      <h1 className="text-2xl font-semibold">Users</h1>
      <NewUserForms />

      <section className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 className="text-lg font-semibold">Accounts ({userRows.length})</h2>
          <form method="get" className="flex flex-wrap items-center gap-2" role="search">
            <Input name="q" defaultValue={filter.q ?? ""} placeholder="Email or name" aria-label="Search by email or name" className="w-56" />
            <Select name="role" defaultValue={filter.role ?? ""} aria-label="Role" className="w-44">
              <option value="">All roles</option>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </Select>
            <Select name="active" defaultValue={filter.active ?? ""} aria-label="Status" className="w-36">
              <option value="">Any status</option>
              <option value="true">Active</option>
              <option value="false">Deactivated</option>
            </Select>
            <Button type="submit" variant="secondary">
              Filter
            </Button>
            <a href="/admin/users" className={buttonClasses("ghost")}>
              Clear
            </a>
          </form>
        </div>
        {!parsed.success && <p className="text-sm text-red-600">Ignored an invalid filter.</p>}
        <UsersTable users={userRows} currentUserId={admin.id} />
      </section>

      <section className="space-y-3">
        <h2 className="text-lg font-semibold">Invitations</h2>
        <InvitesTable invites={inviteRows} />
      </section>
    </main>
  );
}

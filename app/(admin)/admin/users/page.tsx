import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/current-user";
import { listInvites } from "@/lib/auth/invites";
import { listUsersQuerySchema } from "@/lib/auth/schemas";
import { listUsers } from "@/lib/auth/users";
import { InvitesTable, type InviteRow } from "./_components/invites-table";
import { NewUserForms } from "./_components/new-user-forms";
import { UsersFilterForm } from "./_components/users-filter-form";
import { UsersTable, type UserRow } from "./_components/users-table";

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
          <UsersFilterForm filter={filter} />
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

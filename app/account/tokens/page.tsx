import type { Metadata } from "next";
import { listApiTokens } from "@/lib/auth/api-tokens";
import { requireUser } from "@/lib/auth/current-user";
import { TOKEN_ROLES } from "@/lib/auth/roles";
import { TokensManager, type TokenRow } from "./_components/tokens-manager";

export const metadata: Metadata = { title: "API tokens" };
export const dynamic = "force-dynamic";

/** `/account/tokens` — the signed-in user's API tokens (create: shown once; list; revoke). */
export default async function TokensPage() {
  const user = await requireUser(TOKEN_ROLES, "/account/tokens");
  const tokens: TokenRow[] = (await listApiTokens(user.id)).map((t) => ({
    id: t.id,
    name: t.name,
    prefix: t.prefix,
    createdAt: t.createdAt.toISOString(),
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    revokedAt: t.revokedAt?.toISOString() ?? null,
  }));
  return (
    <main className="mx-auto max-w-4xl space-y-6 p-6">
      <div>
        <h1 className="text-2xl font-semibold">API tokens</h1>
        <p className="mt-1 text-sm text-slate-600">
          Scripts use a token as <code className="rounded bg-slate-100 px-1">Authorization: Bearer ph_…</code>. A token acts
          as you, with your current role, until you revoke it or your account is deactivated.
        </p>
      </div>
      <TokensManager tokens={tokens} />
    </main>
  );
}

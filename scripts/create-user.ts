/**
 * Creates (or updates the password and role of) an account from the command line — how the
 * first admin gets in. The password is read from PLAYHEAD_PASSWORD, never from argv (shell history).
 *
 *   PLAYHEAD_PASSWORD='...' npx tsx --conditions=react-server scripts/create-user.ts admin@example.org "Ada Admin" ADMIN
 *
 * Uses DATABASE_URL (default SQLite data/playhead.db); run `npm run db:deploy` first.
 */
import { hashPassword } from "@/lib/auth/password";
import { createUserSchema } from "@/lib/auth/schemas";
import { db } from "@/lib/db/prisma";

async function main() {
  const [email, name, role = "ADMIN"] = process.argv.slice(2);
  const parsed = createUserSchema.safeParse({ email, name, role, password: process.env.PLAYHEAD_PASSWORD });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`${issue.path.join(".") || "input"}: ${issue.message}`);
    console.error('usage: PLAYHEAD_PASSWORD=... tsx --conditions=react-server scripts/create-user.ts <email> "<name>" [ADMIN|REVIEWER|ANNOTATOR|PARTICIPANT]');
    process.exit(2);
  }
  const input = parsed.data;
  const passwordHash = await hashPassword(input.password);
  const user = await db.$transaction(async (tx) => {
    const existing = await tx.user.findUnique({ where: { email: input.email } });
    const saved = existing
      ? await tx.user.update({
          where: { id: existing.id },
          data: { name: input.name, role: input.role, passwordHash, active: true, sessionVersion: { increment: 1 } },
        })
      : await tx.user.create({ data: { email: input.email, name: input.name, role: input.role, passwordHash } });
    await tx.auditLog.create({
      data: {
        actorId: null,
        action: existing ? "user.password_reset" : "user.create",
        targetType: "user",
        targetId: saved.id,
        details: { email: saved.email, role: saved.role, via: "scripts/create-user.ts" },
      },
    });
    return { saved, created: !existing };
  });
  console.log(`${user.created ? "created" : "updated"} ${user.saved.email} (${user.saved.role})`);
  await db.$disconnect();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

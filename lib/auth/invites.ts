import "server-only";
import { audit } from "@/lib/audit/audit";
import { env } from "@/lib/config/env";
import { db } from "@/lib/db/prisma";
import type { Role } from "@/lib/db/types";
import { HttpError } from "@/lib/http/http-error";
import type { Actor } from "./actor";
import { hashPassword } from "./password";
import type { AcceptInviteInput, CreateInviteInput } from "./schemas";
import { hashSecretToken, looksLikeToken, newSecretToken } from "./secret-token";
import type { UserSummary } from "./users";

export type InviteStatus = "pending" | "used" | "revoked" | "expired";

export type InviteSummary = {
  id: string;
  email: string;
  role: Role;
  status: InviteStatus;
  expiresAt: Date;
  createdAt: Date;
  usedAt: Date | null;
  createdBy: { id: string; email: string };
};

const inviteSelect = {
  id: true,
  email: true,
  role: true,
  expiresAt: true,
  createdAt: true,
  usedAt: true,
  revokedAt: true,
  createdBy: { select: { id: true, email: true } },
} as const;

type InviteRow = { expiresAt: Date; usedAt: Date | null; revokedAt: Date | null };

function statusOf(invite: InviteRow, now = new Date()): InviteStatus {
  if (invite.usedAt) return "used";
  if (invite.revokedAt) return "revoked";
  if (invite.expiresAt.getTime() <= now.getTime()) return "expired";
  return "pending";
}

/** Invitation URL for a token: `<public url or request origin>/invite/<token>`. */
export function inviteUrl(token: string, origin: string): string {
  return `${env().publicUrl ?? origin}/invite/${token}`;
}

/**
 * Creates a one-time invitation (valid PLAYHEAD_INVITE_TTL_HOURS, default 7 days). Earlier
 * pending invitations for the same email are revoked. The plain token is returned once (in
 * `url`); only its SHA-256 is stored. 409 when an account with that email exists.
 */
export async function createInvite(
  input: CreateInviteInput,
  actor: Actor,
  origin: string,
): Promise<{ invite: InviteSummary; url: string }> {
  if (await db.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
    throw new HttpError(409, `A user with email ${input.email} already exists.`, "email_taken", [
      { field: "email", message: "is already used by an account" },
    ]);
  }
  const token = newSecretToken("inv_");
  const now = new Date();
  const expiresAt = new Date(now.getTime() + env().inviteTtlHours * 3600_000);
  const invite = await db.$transaction(async (tx) => {
    await tx.invite.updateMany({
      where: { email: input.email, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
      data: { revokedAt: now },
    });
    const created = await tx.invite.create({
      data: { email: input.email, role: input.role, tokenHash: hashSecretToken(token), createdById: actor.user.id, expiresAt },
      select: inviteSelect,
    });
    await audit(
      {
        actorId: actor.user.id,
        action: "invite.create",
        targetType: "invite",
        targetId: created.id,
        ip: actor.ip,
        details: { email: created.email, role: created.role, expiresAt: expiresAt.toISOString() },
      },
      tx,
    );
    return created;
  });
  return { invite: summarize(invite), url: inviteUrl(token, origin) };
}

function summarize({ revokedAt, ...rest }: InviteRow & Omit<InviteSummary, "status">): InviteSummary {
  return { ...rest, status: statusOf({ ...rest, revokedAt }) };
}

/** The 200 most recent invitations, newest first. */
export async function listInvites(): Promise<InviteSummary[]> {
  const rows = await db.invite.findMany({ select: inviteSelect, orderBy: { createdAt: "desc" }, take: 200 });
  return rows.map(summarize);
}

/** Revokes a pending invitation (404 unknown id, 409 already used). Revoking twice is harmless. */
export async function revokeInvite(id: string, actor: Actor): Promise<InviteSummary> {
  const row = await db.$transaction(async (tx) => {
    const invite = await tx.invite.findUnique({ where: { id }, select: inviteSelect });
    if (!invite) throw new HttpError(404, `No invitation with id "${id}".`);
    if (invite.usedAt) throw new HttpError(409, "This invitation has already been used; deactivate the account instead.", "invite_used");
    if (invite.revokedAt) return invite;
    const updated = await tx.invite.update({ where: { id }, data: { revokedAt: new Date() }, select: inviteSelect });
    await audit(
      { actorId: actor.user.id, action: "invite.revoke", targetType: "invite", targetId: id, ip: actor.ip, details: { email: invite.email } },
      tx,
    );
    return updated;
  });
  return summarize(row);
}

const STATUS_MESSAGES: Record<Exclude<InviteStatus, "pending"> | "invalid", string> = {
  invalid: "This invitation link is not valid. Check that you copied the whole link, or ask for a new one.",
  used: "This invitation has already been used. Sign in with the account it created.",
  revoked: "This invitation was withdrawn. Ask an admin for a new one.",
  expired: "This invitation has expired. Ask an admin for a new one.",
};

export type InviteLookup =
  | { status: "pending"; email: string; role: Role; expiresAt: Date }
  | { status: Exclude<InviteStatus, "pending"> | "invalid"; message: string };

/** What the invitation page shows for a token (never throws for a bad token). */
export async function lookupInvite(token: string): Promise<InviteLookup> {
  const invite = looksLikeToken(token, "inv_")
    ? await db.invite.findUnique({ where: { tokenHash: hashSecretToken(token) }, select: inviteSelect })
    : null;
  if (!invite) return { status: "invalid", message: STATUS_MESSAGES.invalid };
  const status = statusOf(invite);
  if (status !== "pending") return { status, message: STATUS_MESSAGES[status] };
  return { status, email: invite.email, role: invite.role, expiresAt: invite.expiresAt };
}

/**
 * Accepts an invitation: creates the account (email and role from the invitation, name and
 * password from the form) and marks the invitation used, in one transaction. A second use, an
 * expired or withdrawn invitation gets 410 with a clear message; an unknown token 404.
 */
export async function acceptInvite(input: AcceptInviteInput, ip: string): Promise<UserSummary> {
  const lookup = await lookupInvite(input.token);
  if (lookup.status === "invalid") throw new HttpError(404, lookup.message, "invite_invalid");
  if (lookup.status !== "pending") throw new HttpError(410, lookup.message, `invite_${lookup.status}`);
  const passwordHash = await hashPassword(input.password);
  const tokenHash = hashSecretToken(input.token);
  try {
    return await db.$transaction(async (tx) => {
      const now = new Date();
      // Compare-and-set: of two concurrent accepts, exactly one marks the invitation used.
      const claimed = await tx.invite.updateMany({
        where: { tokenHash, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (claimed.count !== 1) throw new HttpError(410, STATUS_MESSAGES.used, "invite_used");
      const invite = await tx.invite.findUniqueOrThrow({ where: { tokenHash }, select: { id: true, email: true, role: true } });
      if (await tx.user.findUnique({ where: { email: invite.email }, select: { id: true } })) {
        throw new HttpError(409, `An account for ${invite.email} already exists. Sign in instead.`, "email_taken");
      }
      const user = await tx.user.create({
        data: { email: invite.email, name: input.name, role: invite.role, passwordHash },
        select: { id: true, email: true, name: true, role: true, active: true, createdAt: true },
      });
      await audit(
        {
          actorId: user.id,
          action: "invite.accept",
          targetType: "invite",
          targetId: invite.id,
          ip,
          details: { email: user.email, role: user.role, userId: user.id },
        },
        tx,
      );
      return { ...user, lastSignInAt: null };
    });
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === "P2002") {
      throw new HttpError(409, "An account for this email already exists. Sign in instead.", "email_taken");
    }
    throw error;
  }
}

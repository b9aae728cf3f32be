"use server";

import { acceptInvite } from "@/lib/auth/invites";
import { acceptInviteSchema } from "@/lib/auth/schemas";
import { action } from "@/lib/http/action";

/** Accepts an invitation (public: the token is the credential). Returns the new account's email. */
export const acceptInviteAction = action({ roles: "public", input: acceptInviteSchema }, async (input, { ip }) => {
  const user = await acceptInvite(input, ip);
  return { email: user.email };
});

import { Button, buttonClasses } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import type { z } from "zod";
import { ROLE_LABELS, ROLES, type listUsersQuerySchema } from "@/lib/auth/schemas";

/** Search accounts by email or name, role and status; a plain GET form. */
export function UsersFilterForm({ filter }: { filter: Partial<z.infer<typeof listUsersQuerySchema>> }) {
  return (
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
  );
}

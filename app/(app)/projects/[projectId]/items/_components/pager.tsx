import Link from "next/link";

/** Previous / "Page n of m" / Next under a paged table. */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link href={href(page - 1)} className="text-blue-700 hover:underline" rel="prev">
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link href={href(page + 1)} className="text-blue-700 hover:underline" rel="next">
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

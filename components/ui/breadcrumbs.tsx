import Link from "next/link";
import { Fragment } from "react";

export type Crumb = { label: string; href?: string };

/**
 * The trail above a page's title: every crumb with an `href` is a link, the last one (the page
 * itself) usually has none. The one breadcrumb of the app: project, run, item, video pages.
 */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
      <ol className="flex flex-wrap items-center gap-x-1.5">
        {trail.map((crumb, i) => (
          <Fragment key={`${i}-${crumb.label}`}>
            {i > 0 && (
              <li aria-hidden className="text-slate-400">
                /
              </li>
            )}
            <li className="max-w-[28rem] truncate">
              {crumb.href ? (
                <Link href={crumb.href} className="text-blue-700 hover:underline">
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current={i === trail.length - 1 ? "page" : undefined}>{crumb.label}</span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}

import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { AUDIT_AREAS } from "../../../src/contracts/audit";
import { PATHS } from "../../../src/contracts/paths";
import { auditFiltersString, type AuditFilters as Filters } from "./audit-query";

const control =
  "mt-1 block min-h-11 w-full rounded-md border border-ink-muted bg-white px-3 py-2 text-base text-ink focus:border-navy";

/**
 * Who, what and when, applied as they change (the name after a pause in typing) and kept in the address, so
 * Back returns to the same log. Enter in the name field applies it at once.
 */
export function AuditFilters({ filters }: { filters: Filters }) {
  const [, navigate] = useLocation();
  const [user, setUser] = useState(filters.user);
  const apply = (next: Filters) => {
    const qs = auditFiltersString(next);
    navigate(`${PATHS.adminAudit}${qs ? `?${qs}` : ""}`);
  };
  // The latest filters, for the typing pause to apply the name against.
  const latest = useRef(filters);
  latest.current = filters;
  // The address changed by Back or a link: the field shows its name.
  useEffect(() => setUser(filters.user), [filters.user]);
  // apply is a fresh closure each render; the pause restarts only when the name changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (user.trim() === latest.current.user.trim()) return;
    const timer = setTimeout(() => apply({ ...latest.current, user }), 400);
    return () => clearTimeout(timer);
  }, [user]);

  return (
    <search aria-label="Filter the audit log" className="mt-6 block">
      <form
        method="get"
        action={PATHS.adminAudit}
        onSubmit={(e) => {
          e.preventDefault();
          apply({ ...filters, user });
        }}
        className="grid gap-3 rounded-lg border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end xl:grid-cols-5"
      >
        <div>
          <label htmlFor="audit-user" className="block text-sm font-semibold text-ink">
            Who (username)
          </label>
          <input
            id="audit-user"
            name="user"
            type="search"
            maxLength={64}
            autoComplete="off"
            value={user}
            onChange={(e) => setUser(e.target.value)}
            className={control}
          />
        </div>
        <div>
          <label htmlFor="audit-area" className="block text-sm font-semibold text-ink">
            What
          </label>
          <select
            id="audit-area"
            name="area"
            value={filters.area}
            onChange={(e) => apply({ ...filters, user, area: e.target.value })}
            className={control}
          >
            <option value="">Everything</option>
            {AUDIT_AREAS.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-from" className="block text-sm font-semibold text-ink">
            From
          </label>
          <input
            id="audit-from"
            name="from"
            type="date"
            value={filters.from}
            onChange={(e) => apply({ ...filters, user, from: e.target.value })}
            className={control}
          />
        </div>
        <div>
          <label htmlFor="audit-to" className="block text-sm font-semibold text-ink">
            To
          </label>
          <input
            id="audit-to"
            name="to"
            type="date"
            value={filters.to}
            onChange={(e) => apply({ ...filters, user, to: e.target.value })}
            className={control}
          />
        </div>
        <div className="flex min-h-11 items-center gap-2">
          <input
            id="audit-views"
            name="views"
            type="checkbox"
            value="1"
            checked={filters.views}
            onChange={(e) => apply({ ...filters, user, views: e.target.checked })}
            className="size-5 accent-navy"
          />
          <label htmlFor="audit-views" className="text-sm font-semibold text-ink">
            Show views (lists and opened requests)
          </label>
        </div>
      </form>
    </search>
  );
}

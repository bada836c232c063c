import type { TemplateItem } from "../../../contracts/document-requests";
import type { Sealed } from "../../../store";

/**
 * The firm's templates (document_request_templates): per service, the items a new list starts from. They are the
 * firm's own words, not a client's: kept in clear.
 */
export function templatesRepo({ db }: Pick<Sealed, "db">) {
  const ofService = db.prepare<
    { title: string; description: string; period: string; dueInDays: number | null; required: number },
    [string]
  >(
    `SELECT title, description, period, due_in_days AS dueInDays, required FROM document_request_templates
     WHERE service = ? ORDER BY position, id`,
  );
  const clear = db.prepare<never, [string]>("DELETE FROM document_request_templates WHERE service = ?");
  const insert = db.prepare<never, [string, number, string, string, string, number | null, number]>(
    `INSERT INTO document_request_templates (service, position, title, description, period, due_in_days, required)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const replace = db.transaction((service: string, items: TemplateItem[]) => {
    clear.run(service);
    items.forEach((item, i) => {
      insert.run(
        service,
        i + 1,
        item.title,
        item.description,
        item.period,
        item.dueInDays,
        item.required ? 1 : 0,
      );
    });
  });
  return {
    of: (service: string): TemplateItem[] =>
      ofService.all(service).map((r) => ({ ...r, required: r.required === 1 })),
    /** The service's template becomes these items, in this order, in one write. */
    replace: (service: string, items: TemplateItem[]) => replace(service, items),
  };
}

/**
 * What the other admin features use of this one: the dashboard's warning when the last backup failed or is old.
 * Its screen (backups-page.tsx) is reached by its route (web/routes/admin-routes.ts).
 */
export { BackupWarning } from "./backup-warning";

export * from "./audit-log";
export * from "./staff-names";

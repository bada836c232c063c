// Types of budget.mjs for the TypeScript callers (the build).
export declare const SCRIPT_FILES_BUDGET: number;
export declare const SCRIPT_BYTES_BUDGET: number;
export declare const CSS_BYTES_BUDGET: number;

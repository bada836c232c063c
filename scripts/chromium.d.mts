// Types of chromium.mjs for the TypeScript callers (the Playwright configuration).
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_FLAGS: string[];

/**
 * The test run's password cost: argon2id's least, so a sign-in costs microseconds instead of a second on a busy
 * machine. The app honours PASSWORD_COST only with NODE_ENV=test in a test process (src/config.ts); production's
 * own cost is proven in src/modules/auth/passwords.test.ts, tests/api/auth/password-cost.test.ts and
 * tests/process/password-cost.test.ts.
 */
export const TEST_ENV = { NODE_ENV: "test", PASSWORD_COST: "m=8,t=1" } as const;

/** Bun.password options for a hash a test stores itself, at the test run's cost. */
export const TEST_HASH = { algorithm: "argon2id", memoryCost: 8, timeCost: 1 } as const;

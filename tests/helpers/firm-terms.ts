/**
 * The firm's dispute-resolution terms, which a letter cannot be sent without: a test app or a started binary
 * states them, as a firm's server does; a test of their absence passes "" for the one it leaves out. Kept apart
 * from the test app so that process tests read them without loading the server.
 */
export const FIRM_TERMS = {
  FIRM_ARBITRATION_PROVIDER: "the American Arbitration Association",
  FIRM_VENUE: "Dallas, Texas",
  FIRM_GOVERNING_LAW: "the State of Texas",
};

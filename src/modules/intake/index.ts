/**
 * The intake (ADR 228 shape): POST /api/contact and the form posted without JavaScript, and /thanks with the
 * receipt. It owns no table: what it files is the desk's contact_submissions, through the desk's index.
 */
export { type IntakeDeps, intakeModule } from "./routes/intake";
export { createIntakeLimits, type IntakeLimits } from "./service/limits";

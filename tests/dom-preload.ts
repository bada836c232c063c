// Component tests get a browser-like DOM. happy-dom replaces fetch, Request and Response, which is why these
// tests run in their own `bun test` invocation, apart from the server tests.
import { afterEach } from "bun:test";
import { GlobalRegistrator } from "@happy-dom/global-registrator";

GlobalRegistrator.register({ url: "http://localhost:3000/" });

const { cleanup } = await import("@testing-library/react");
afterEach(() => cleanup());

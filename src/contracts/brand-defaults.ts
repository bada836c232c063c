import type { Brand } from "./brand";

/** The sample firm's settings; each is overridable by a BRAND_* variable (see src/config.ts). */
export const DEFAULT_BRAND: Brand = {
  name: "Tracewell",
  slogan: "Find what's hidden. Prove what's true.",
  colours: { primary: "#0f1f3a", accent: "#c9a24a", paper: "#faf8f3", ink: "#1b2333" },
  logo: {
    mark: "/brand/mark.svg",
    png: "/brand/mark-512.png",
    socialImage: "/brand/social-card.png",
  },
  domain: "tracewell.example",
  email: "intake@tracewell.example",
  phone: "(555) 010-0142",
  // The sample firm states no office or licences: a real firm sets BRAND_ADDRESS and BRAND_LICENCES.
  address: "",
  licences: "",
};

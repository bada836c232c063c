import { JUDGMENT_INTEL_PAGE } from "../content/services/judgment-intel";
import { servicePage } from "./service-page";

export const judgmentIntelPage = servicePage(JUDGMENT_INTEL_PAGE);

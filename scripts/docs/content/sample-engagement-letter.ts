import type { Brand } from "../../../src/contracts/brand";
import { engagementLetter } from "../../../src/modules/engagements/lib/letter-template";
import type { DocSpec } from "../model";

/** The published sample is the letter clients sign in the portal, with its blanks left to fill. */
export const sampleEngagementLetter = (brand: Brand): DocSpec => engagementLetter(brand);

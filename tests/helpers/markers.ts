import { validIntake } from "./intake";

/**
 * A string found nowhere else, so it survives every field's validation: 12 random letters after the label. Not
 * hex: a random run of digits beside the label's own is sometimes a valid card number (Luhn), which the intake
 * rightly refuses (about one intake in 2,000 did).
 */
export const marker = (label: string) =>
  `Mk${label}${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => String.fromCharCode(97 + (b % 26))).join("")}`;

/**
 * An intake whose every personal field carries its own marker, and the markers to look for on disk. The e-mail
 * marker is the local part, so it is searched however the address is cased.
 */
export function markedIntake(now: Date, label = "") {
  const m = {
    name: marker(`Name${label}`),
    firm: marker(`Firm${label}`),
    email: marker(`Mail${label}`).toLowerCase(),
    phone: `+1 312 ${crypto.getRandomValues(new Uint32Array(1))[0]}`,
    jurisdictions: marker(`Juris${label}`),
    description: marker(`Desc${label}`),
  };
  const intake = validIntake(now, {
    name: `Dana ${m.name}`,
    firm: `${m.firm} LLP`,
    email: `${m.email}@example.com`,
    phone: m.phone,
    jurisdictions: `Cook County, IL; ${m.jurisdictions}`,
    description: `Divorce, 2023-DR-004512. Lake house bought through an LLC. ${m.description}`,
  });
  return { intake, markers: m, all: Object.values(m) };
}

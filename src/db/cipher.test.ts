import { describe, expect, test } from "bun:test";
import { createDataCipher, DataKeyError, isEncrypted, keyId } from "./cipher";

const key = () => crypto.getRandomValues(new Uint8Array(32));

describe("data cipher", () => {
  test("a value round-trips, and the stored form holds neither the text nor the key", () => {
    const k = key();
    const cipher = createDataCipher([k]);
    const stored = cipher.encrypt("Jane Marker-Doe <jane@example.com>");
    expect(isEncrypted(stored)).toBe(true);
    expect(stored).not.toContain("Jane");
    expect(stored).not.toContain(Buffer.from(k).toString("base64"));
    expect(stored).toContain(keyId(k));
    expect(cipher.decrypt(stored)).toBe("Jane Marker-Doe <jane@example.com>");
  });

  test("every value gets a fresh IV: the same text never encrypts the same way twice", () => {
    const cipher = createDataCipher([key()]);
    expect(cipher.encrypt("same")).not.toBe(cipher.encrypt("same"));
  });

  test("while rotating, the newest key writes and older ones still read", () => {
    const [oldKey, newKey] = [key(), key()];
    const before = createDataCipher([oldKey]).encrypt("written before the rotation");
    const rotating = createDataCipher([newKey, oldKey]);
    expect(rotating.decrypt(before)).toBe("written before the rotation");
    expect(rotating.encrypt("after")).toContain(keyId(newKey));
    expect(() => createDataCipher([newKey]).decrypt(before)).toThrow(DataKeyError);
  });

  test("a tampered value is refused, not returned as garbage", () => {
    const cipher = createDataCipher([key()]);
    const stored = cipher.encrypt("amount: 1,000");
    const body = Buffer.from(stored.split(":").at(-1) ?? "", "base64");
    body[14] = (body[14] ?? 0) ^ 1;
    const tampered = `${stored.slice(0, stored.lastIndexOf(":") + 1)}${body.toString("base64")}`;
    expect(() => cipher.decrypt(tampered)).toThrow(DataKeyError);
  });

  test("nullable fields stay null; values stored in clear by older versions read as they are", () => {
    const cipher = createDataCipher([key()]);
    expect(cipher.encryptNullable(null)).toBeNull();
    expect(cipher.decryptNullable(null)).toBeNull();
    expect(cipher.decrypt("stored in clear")).toBe("stored in clear");
  });

  test("the e-mail hash matches however the address is typed, and depends on the key", () => {
    const k = key();
    const a = createDataCipher([k]);
    expect(a.emailHash(" Jane@Example.COM ")).toBe(a.emailHash("jane@example.com"));
    expect(a.emailHash("jane@example.com")).not.toBe(a.emailHash("john@example.com"));
    expect(createDataCipher([key()]).emailHash("jane@example.com")).not.toBe(a.emailHash("jane@example.com"));
  });

  test("a key of the wrong size is refused", () => {
    expect(() => createDataCipher([new Uint8Array(16)])).toThrow(DataKeyError);
    expect(() => createDataCipher([])).toThrow(DataKeyError);
  });
});

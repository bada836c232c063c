import { describe, expect, test } from "bun:test";
import { onS3, S3TargetError, s3Cause, s3Endpoint } from "./targets";

const s3Error = (code: string, message: string) =>
  Object.assign(new Error(message), { name: "S3Error", code });

describe("an S3 failure in words", () => {
  test("a connection Bun reports as 'an unexpected error' is named by what its code means", () => {
    expect(s3Cause(s3Error("ConnectionRefused", "an unexpected error has occurred"))).toBe(
      "the endpoint refused the connection (nothing listens there, or a firewall): check S3_ENDPOINT (ConnectionRefused)",
    );
  });

  test("a store's refusal keeps its own words, its code and the setting to check", () => {
    expect(
      s3Cause(
        s3Error("InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records."),
      ),
    ).toBe(
      "The AWS Access Key Id you provided does not exist in our records. (InvalidAccessKeyId): check S3_ACCESS_KEY_ID",
    );
    expect(s3Cause(s3Error("SlowDown", "Please reduce your request rate."))).toBe(
      "Please reduce your request rate. (SlowDown)",
    );
    expect(s3Cause(s3Error("SomethingNew", "an unexpected error has occurred"))).toBe("SomethingNew");
  });

  test("the failure names the action, the object and the endpoint, AWS's when none is set, never a credential", async () => {
    expect(s3Endpoint({ region: "eu-west-1" })).toBe("https://s3.eu-west-1.amazonaws.com");
    const failing = onS3(
      { bucket: "firm-backups", region: "eu-west-1" },
      "upload to",
      "tracewell/a.twbackup",
      async () => {
        throw s3Error("AccessDenied", "Access Denied");
      },
    );
    await expect(failing).rejects.toBeInstanceOf(S3TargetError);
    await expect(failing).rejects.toThrow(
      "S3 upload to s3://firm-backups/tracewell/a.twbackup at https://s3.eu-west-1.amazonaws.com failed: Access Denied (AccessDenied): give the key write, list, read and delete on the prefix",
    );
  });
});

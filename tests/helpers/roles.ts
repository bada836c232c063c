import type { Role } from "../../src/contracts/roles";
import type { StaffInvitation } from "../../src/contracts/staff";
import { cookieFrom, post, withCookie } from "./admin";

type Request = (path: string, init?: RequestInit) => Response | Promise<Response>;

/**
 * A colleague invited by `ownerCookie` as `role`, joined through the invitation link (mail not configured, so the
 * Staff screen offers the link) and signed in: their id and session cookie. Needs REQUIRE_MFA=false.
 */
export async function joinAs(
  request: Request,
  ownerCookie: string,
  who: { username: string; email: string; role: Role; password?: string },
): Promise<{ id: number; cookie: string }> {
  const password = who.password ?? "a long enough passphrase";
  const invited = await request(
    "/api/admin/staff/invitations",
    withCookie(ownerCookie, post({ email: who.email, name: who.username, role: who.role })),
  );
  if (invited.status !== 201)
    throw new Error(`invitation refused: ${invited.status} ${await invited.text()}`);
  const token = ((await invited.json()) as StaffInvitation).link?.match(/#([A-Za-z0-9_-]+)$/)?.[1];
  if (!token) throw new Error("the invitation offered no link to copy");
  const joined = await request(
    "/api/admin/staff-invitation/accept",
    post({ token, username: who.username, password, confirmPassword: password }),
  );
  if (joined.status !== 201) throw new Error(`join refused: ${joined.status} ${await joined.text()}`);
  const cookie = cookieFrom(joined);
  const status = (await (await request("/api/admin/staff/me", withCookie(cookie))).json()) as {
    username: string;
  };
  const staff = (await (await request("/api/admin/staff", withCookie(ownerCookie))).json()) as {
    members: { id: number; username: string }[];
  };
  const id = staff.members.find((m) => m.username === status.username)?.id;
  if (!id) throw new Error(`${who.username} is not on the staff list`);
  return { id, cookie };
}

import { useEffect, useRef, useState } from "react";
import { useSearch } from "wouter";
import {
  PORTAL_FOCUS,
  PORTAL_NOTICES,
  PORTAL_PROBLEM_FIELDS,
  PORTAL_PROBLEMS,
  type PortalNotice,
  type PortalProblem,
  portalQuery,
} from "../../src/contracts/portal";
import { type Answer, type PortalEngagement, portalCall } from "./portal-api";

type Loaded = { engagement: PortalEngagement };
export type PortalState =
  | { kind: "loading" }
  /** `accessCode`: the link's signer must enter the code the firm told them by phone, and why it is asked again. */
  | { kind: "link"; token: string; accessCode?: { message: string; answer: number } }
  | { kind: "signed-out"; message?: string }
  | { kind: "open"; engagement: PortalEngagement };

/** What an answer about the engagement shows: the engagement, or the way back in. */
const showIn = (setState: (s: PortalState) => void) => (answer: Answer<Loaded>) => {
  if (answer.ok) setState({ kind: "open", engagement: answer.data.engagement });
  // 401: the link or session opens nothing; 403: a link locked by wrong access codes. Both say why.
  else
    setState({
      kind: "signed-out",
      message: answer.status === 401 || answer.status === 403 ? answer.error : undefined,
    });
};

/**
 * The problem or notice word a form posted without the script came back with (`?problem=`, `?notice=`). Signing
 * out is said at the top of the page; a link on its way, under the form that asked for it.
 */
export function useReturnedWord(): {
  problem?: { message?: string; fields: Record<string, string> };
  notice?: string;
  signedOut?: string;
} {
  const [key, word] = portalQuery(useSearch()).split("=");
  if (key === "problem") {
    // A problem about one control is said at that control (which takes focus); any other above the form.
    const fields = PORTAL_PROBLEM_FIELDS[word as PortalProblem];
    return { problem: fields ? { fields } : { message: PORTAL_PROBLEMS[word as PortalProblem], fields: {} } };
  }
  if (key === "notice" && word === "signed-out") return { signedOut: PORTAL_NOTICES[word] };
  if (key === "notice") return { notice: PORTAL_NOTICES[word as PortalNotice] };
  return {};
}

/**
 * The client's way in and their engagement: the engagement the server rendered into the page, or the one the
 * session opens, or the e-mailed link waiting for the client's press, or the way back in.
 */
export function usePortalEngagement(served: PortalEngagement | undefined) {
  const [state, setState] = useState<PortalState>(
    served ? { kind: "open", engagement: served } : { kind: "loading" },
  );
  // Only a running script opens the engagement, so the waiting line appears once it runs: a browser without
  // scripts sees the paste-the-link form alone, not a promise that nothing will keep.
  const [scripted, setScripted] = useState(false);
  /** The heading a mail's own link opens on (`&focus=`), brought into view once the engagement is on the page. */
  const [focusOn, setFocusOn] = useState<string | null>(null);
  useEffect(() => {
    if (state.kind !== "open" || focusOn === null) return;
    document.getElementById(focusOn)?.scrollIntoView({ block: "start" });
    setFocusOn(null);
  }, [state, focusOn]);

  const show = showIn(setState);
  // Each answer about an access code is a new one, even in the same words: the field is cleared and focused.
  const answers = useRef(0);

  useEffect(() => {
    setScripted(true);
    const show = showIn(setState);
    /**
     * A link in the address waits for the client's press: each link opens the portal once, and a mail
     * scanner that loads the page to check it must not be the one that uses it.
     */
    const readLink = () => {
      const token = new URLSearchParams(window.location.hash.slice(1)).get("token");
      if (token) setState({ kind: "link", token });
      return token !== null;
    };
    // Without a session, a browser the client kept signed in opens a new one (ADR 299); otherwise the way in.
    if (!readLink() && !served)
      portalCall<Loaded>("").then((answer) =>
        answer.ok || answer.status !== 401
          ? show(answer)
          : portalCall<Loaded>("/device/session", {}).then((kept) => show(kept.ok ? kept : answer)),
      );
    // A fresh link opened in this tab changes only the address's fragment: the page stays, and offers it.
    window.addEventListener("hashchange", readLink);
    return () => window.removeEventListener("hashchange", readLink);
  }, [served]);

  return {
    state,
    scripted,
    /** Exchanges the link's token for a session, taking it out of the address bar first. */
    openLink: (token: string, remember = false, accessCode?: string) => {
      // A mail's own link names what it is about (`&focus=report`): the page opens on it once it has loaded.
      const focus = new URLSearchParams(window.location.hash.slice(1)).get("focus") ?? "";
      const heading = Object.hasOwn(PORTAL_FOCUS, focus)
        ? PORTAL_FOCUS[focus as keyof typeof PORTAL_FOCUS]
        : null;
      history.replaceState(null, "", window.location.pathname);
      setState({ kind: "loading" });
      portalCall<Loaded>("/session", { token, remember, accessCode }).then((answer) => {
        // The link asks for its signer's access code (ADR 305): the page asks for it, and says why again.
        const codeProblem = !answer.ok && answer.status === 422 ? answer.fields?.accessCode?.[0] : undefined;
        if (codeProblem)
          return setState({
            kind: "link",
            token,
            accessCode: { message: codeProblem, answer: ++answers.current },
          });
        // Scrolled to after the page has rendered the engagement (an effect above), not before it exists.
        if (answer.ok && heading) setFocusOn(heading);
        show(answer);
      });
    },
    /** A passkey (or another way back) opened a session: the engagement it answered is shown. */
    opened: (engagement: PortalEngagement) => setState({ kind: "open", engagement }),
    /** The engagement read again, after a step changed it. */
    reload: () => portalCall<Loaded>("").then(show),
    signedOut: (message: string) => setState({ kind: "signed-out", message }),
  };
}

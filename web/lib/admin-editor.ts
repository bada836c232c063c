import { useState } from "react";
import { useLocation } from "wouter";
import { apiRequest } from "./api";
import { type FieldMessages, serverMessage } from "./api-errors";
import { toast } from "./toast-store";

/**
 * The delete flow the admin editors share: the caller opens the confirmation (setConfirming), `remove`
 * deletes, says so and returns to the list; on failure it closes the dialog, keeps the form and says why.
 */
export function useDeleteEntity(opts: { noun: string; url: string | null; title: string; listPath: string }) {
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = async () => {
    if (opts.url === null) return;
    setDeleting(true);
    try {
      await apiRequest("DELETE", opts.url);
      toast({ title: `${opts.noun} Deleted`, description: `"${opts.title}" is gone from the site.` });
      navigate(opts.listPath);
    } catch (error) {
      setDeleting(false);
      setConfirming(false);
      toast({
        title: `${opts.noun} Not Deleted`,
        description: serverMessage(error, "Please try again."),
        variant: "destructive",
      });
    }
  };
  return { confirming, setConfirming, deleting, remove };
}

/** The toast for a save that failed: point at the field messages when there are some, else the server's reason. */
export function saveFailedToast(noun: string, fields: FieldMessages | undefined, error: unknown) {
  toast({
    title: `${noun} Not Saved`,
    description: fields ? "Check the messages under the fields." : serverMessage(error, "Please try again."),
    variant: "destructive",
  });
}

/**
 * Unsaved lead notes survive a reload, a crash or a wrong click: the text typed and not yet saved
 * is kept per lead in sessionStorage (this tab only) until it is saved or typed back to the saved text.
 */
const key = (leadId: number) => `autoimport:lead-notes-draft:${leadId}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage blocked: the draft lives in memory only
  }
}

/** The kept draft, or null when there is none or it equals the saved notes. */
export function readNotesDraft(leadId: number, saved: string): string | null {
  const draft = storage()?.getItem(key(leadId)) ?? null;
  return draft === null || draft === saved ? null : draft;
}

export function writeNotesDraft(leadId: number, text: string): void {
  try {
    storage()?.setItem(key(leadId), text);
  } catch {
    /* quota: the draft lives in memory only */
  }
}

export function clearNotesDraft(leadId: number): void {
  storage()?.removeItem(key(leadId));
}

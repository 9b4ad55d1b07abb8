import { useEffect, useRef } from 'react';
import { useMarkLeadSeen } from '../api/mark-seen.ts';

/** Opening a lead marks it seen for this user, once per lead shown. */
export function useMarkSeenOnce(leadId: number, loaded: boolean) {
  const { mutate } = useMarkLeadSeen();
  const done = useRef(new Set<number>());
  useEffect(() => {
    if (!loaded || done.current.has(leadId)) return;
    done.current.add(leadId);
    mutate(leadId);
  }, [leadId, loaded, mutate]);
}

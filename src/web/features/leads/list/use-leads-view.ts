import { useCallback, useState } from 'react';

export type LeadsView = 'list' | 'board';
const KEY = 'leads-view';

/** List or board, remembered in this browser (ADR 066). */
export function useLeadsView(): [LeadsView, (v: LeadsView) => void] {
  const [view, setView] = useState<LeadsView>(() => {
    try {
      return localStorage.getItem(KEY) === 'board' ? 'board' : 'list';
    } catch {
      return 'list';
    }
  });
  const choose = useCallback((v: LeadsView) => {
    setView(v);
    try {
      localStorage.setItem(KEY, v);
    } catch {
      // Private mode or storage full: the choice lasts for this page only.
    }
  }, []);
  return [view, choose];
}

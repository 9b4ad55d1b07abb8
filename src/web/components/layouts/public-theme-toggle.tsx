import Moon from 'lucide-react/icons/moon';
import Sun from 'lucide-react/icons/sun';
import { useTheme } from '#web/lib/theme.tsx';
import { publicButton } from './public-styles.ts';

/**
 * Light/dark switch of the public pages. The icon follows the class on <html> through CSS, so the
 * server-rendered HTML (which cannot know the stored theme) and the browser's first render agree.
 */
export function PublicThemeToggle({ label = 'Alternar entre tema claro e escuro' }: { label?: string }) {
  const { toggleTheme } = useTheme();
  return (
    <button type="button" onClick={toggleTheme} className={publicButton.ghostIcon} aria-label={label} title={label}>
      <Moon className="dark:hidden" aria-hidden />
      <Sun className="hidden dark:block" aria-hidden />
    </button>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CarFront } from 'lucide-react';

// Stand-in header and footer until the shared public layout (src/web/components/layouts/public-*)
// exists; then app/routes/public/isv-simulator.tsx wraps the page in that layout and this file goes.
export function StandalonePublicShell({ children }: { children: ReactNode }) {
  return (
    <div lang="pt-PT" className="flex min-h-svh flex-col bg-background text-foreground">
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-6xl items-center px-4">
          <Link to="/" className="flex items-center gap-2 rounded-md font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
            <CarFront className="size-6 text-primary" aria-hidden /> AutoImport
          </Link>
        </div>
      </header>
      <main className="flex-1">{children}</main>
      <footer className="border-t">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-6 text-sm text-muted-foreground">
          <span>© {new Date().getFullYear()} AutoImport · Importação de carros usados</span>
          <Link to="/" className="underline-offset-4 hover:underline">
            Página inicial
          </Link>
        </div>
      </footer>
    </div>
  );
}

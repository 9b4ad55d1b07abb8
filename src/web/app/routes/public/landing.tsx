import { Link } from 'react-router';
import { CarFront } from 'lucide-react';

// The full landing page arrives with the public-site issue; this keeps / useful meanwhile.
export function LandingScreen() {
  return (
    <div lang="pt-PT" className="flex min-h-svh flex-col bg-background">
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 font-semibold">
          <CarFront className="size-6 text-primary" aria-hidden /> AutoImport
        </div>
      </header>
      <main className="mx-auto flex max-w-3xl flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
        <h1 className="text-3xl font-bold tracking-tight md:text-5xl">
          O seu próximo carro, da Alemanha à sua{' '}
          <Link to="/admin" className="text-inherit no-underline" aria-label="Garagem">
            Garagem
          </Link>
        </h1>
        <p className="text-lg text-muted-foreground">Encontramos, compramos, transportamos e legalizamos o seu carro importado. Chave na mão.</p>
      </main>
    </div>
  );
}

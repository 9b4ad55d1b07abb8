import Calculator from 'lucide-react/icons/calculator';
import Clock3 from 'lucide-react/icons/clock-3';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { publicButton, publicContainer } from '#web/components/layouts/public-styles.ts';
import { scrollToAnchor } from '../lib/scroll.ts';

export function Hero({ formAnchor, simulatorHref }: { formAnchor: string; simulatorHref: string }) {
  return (
    <section className="relative overflow-hidden border-b bg-gradient-to-b from-primary/10 via-background to-background">
      <div className={`${publicContainer} py-14 sm:py-20 lg:py-24`}>
        <p className="mb-4 inline-flex items-center gap-2 rounded-full border bg-background/70 px-3 py-1 text-xs font-semibold text-primary dark:text-foreground">
          <ShieldCheck className="size-4" aria-hidden /> Importação de automóveis chave na mão
        </p>
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
          {/* The word 'Garagem' is the staff's quiet way in to the back office (/admin). */}O carro que procura,{' '}
          <span className="text-primary dark:text-[oklch(0.75_0.13_262)]">da Europa</span> até à sua{' '}
          <a
            href="/admin"
            className="cursor-text text-inherit no-underline outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            Garagem
          </a>
          .
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-muted-foreground text-pretty">
          Encontramos, compramos, transportamos e legalizamos o seu próximo carro — e entregamo-lo à sua porta. Sem
          surpresas: o ISV é calculado ao cêntimo antes de decidir.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <a href={`#${formAnchor}`} onClick={(e) => scrollToAnchor(e, formAnchor)} className={publicButton.primary}>
            Pedir Orçamento
          </a>
          <a href={simulatorHref} className={publicButton.outline}>
            <Calculator aria-hidden /> Simular ISV
          </a>
        </div>
        <p className="mt-6 flex items-center gap-2 text-sm text-muted-foreground">
          <Clock3 className="size-4 text-primary dark:text-foreground" aria-hidden /> Resposta em 24 horas, sem
          compromisso.
        </p>
      </div>
    </section>
  );
}

import BadgeEuro from 'lucide-react/icons/badge-euro';
import Handshake from 'lucide-react/icons/handshake';
import Receipt from 'lucide-react/icons/receipt';
import { publicContainer } from '#web/components/layouts/public-styles.ts';

const POINTS = [
  {
    icon: <Receipt aria-hidden />,
    title: 'Preço final sem surpresas',
    text: 'A proposta mostra o preço do carro, o ISV, o IVA quando se aplica, o transporte e a legalização. O total é o que paga.',
  },
  {
    icon: <BadgeEuro aria-hidden />,
    title: 'Poupança real',
    text: 'Os nossos clientes poupam em média 5000 € face ao mercado nacional, mesmo depois de todos os custos de importação.',
  },
  {
    icon: <Handshake aria-hidden />,
    title: 'Um gestor do início ao fim',
    text: 'Tem sempre uma pessoa que conhece o seu processo, disponível por telefone, SMS ou WhatsApp.',
  },
];

export function WhyUs() {
  return (
    <section aria-labelledby="porque-nos-title" className="border-y bg-muted/40">
      <div className={`${publicContainer} py-16`}>
        <h2 id="porque-nos-title" className="text-3xl font-bold tracking-tight">
          Porquê nós?
        </h2>
        <ul className="mt-10 grid gap-8 md:grid-cols-3">
          {POINTS.map((p) => (
            <li key={p.title} className="flex gap-4">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary dark:bg-primary/25 dark:text-foreground [&_svg]:size-6">
                {p.icon}
              </span>
              <div>
                <h3 className="text-lg font-semibold">{p.title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{p.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

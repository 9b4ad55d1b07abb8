import CalendarClock from 'lucide-react/icons/calendar-clock';
import KeyRound from 'lucide-react/icons/key-round';
import PiggyBank from 'lucide-react/icons/piggy-bank';
import type { ReactNode } from 'react';
import { publicContainer } from '#web/components/layouts/public-styles.ts';

// The business's claims: 3-4 weeks (about 30 days on average), 5000 euros saved on average, turnkey.
const HIGHLIGHTS: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <CalendarClock aria-hidden />,
    title: '3-4 semanas',
    text: 'Prazo de entrega habitual. Em média, a importação completa demora cerca de 30 dias.',
  },
  {
    icon: <PiggyBank aria-hidden />,
    title: '5000 € de poupança',
    text: 'Poupança média face ao mesmo carro comprado em Portugal, já com todos os custos incluídos.',
  },
  {
    icon: <KeyRound aria-hidden />,
    title: 'Chave na mão',
    text: 'Tratamos de tudo: pesquisa, compra, transporte, legalização e entrega em sua casa.',
  },
];

export function Highlights() {
  return (
    <section aria-label="Destaques" className={`${publicContainer} -mt-px py-12`}>
      <ul className="grid gap-4 md:grid-cols-3">
        {HIGHLIGHTS.map((h) => (
          <li key={h.title} className="rounded-xl border bg-card p-6 shadow-xs">
            <span className="mb-4 flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary dark:bg-primary/25 dark:text-foreground [&_svg]:size-6">
              {h.icon}
            </span>
            <h2 className="text-xl font-bold">{h.title}</h2>
            <p className="mt-2 text-sm text-muted-foreground">{h.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { useId, useState, type ReactNode } from 'react';
import ChevronDown from 'lucide-react/icons/chevron-down';

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

/** The four questions in their fixed order: how long, how to ask for a quote, which documents, why not alone. */
export function faqItems(simulatorHref: string): FaqItem[] {
  return [
    {
      question: 'Quanto tempo demora a importação?',
      answer: (
        <p>
          Em média, cerca de 30 dias. Depois de comprado, o carro chega normalmente a sua casa em 3 a 4 semanas, já
          legalizado e com matrícula portuguesa.
        </p>
      ),
    },
    {
      question: 'Como funciona o pedido de orçamento?',
      answer: (
        <p>
          Preencha o formulário com o link do anúncio que lhe interessa, ou com a marca, o modelo, o valor e as
          características que procura. Em 24 horas enviamos-lhe uma proposta com todos os custos: preço do carro, ISV,
          IVA quando se aplica, transporte e legalização. O pedido é gratuito e sem compromisso. Quer ter já uma ideia
          do imposto? Experimente o nosso{' '}
          <a
            href={simulatorHref}
            className="font-medium text-primary underline underline-offset-4 dark:text-foreground"
          >
            simulador de ISV
          </a>
          .
        </p>
      ),
    },
    {
      question: 'Que documentos são necessários?',
      answer: (
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <strong className="font-semibold text-foreground">Particular:</strong> cartão de cidadão e comprovativo de
            morada fiscal.
          </li>
          <li>
            <strong className="font-semibold text-foreground">Empresa:</strong> cartão de cidadão dos sócios ou gerentes
            e certidão permanente.
          </li>
        </ul>
      ),
    },
    {
      question: 'Porque não importar por conta própria?',
      answer: (
        <p>
          Importar sozinho obriga a encontrar um vendedor de confiança, pagar com segurança, organizar o transporte e
          tratar da alfândega, da inspeção e da homologação — e um erro no ISV pode custar caro. Nós fazemos isto todos
          os dias: negociamos melhor, conhecemos as regras e tratamos de todo o processo por um preço fechado.
        </p>
      ),
    },
  ];
}

/** An accordion: one answer open at a time; clicking the open question closes it. */
export function Faq({ items, id = 'faq', headingLevel = 2 }: { items: FaqItem[]; id?: string; headingLevel?: 1 | 2 }) {
  const [open, setOpen] = useState<number | null>(null);
  const base = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20">
      <div className="mx-auto w-full max-w-3xl px-4 py-16 sm:px-6">
        <Heading id={`${id}-title`} className="text-3xl font-bold tracking-tight">
          Perguntas frequentes
        </Heading>
        <div className="mt-8 divide-y rounded-xl border bg-card" data-slot="faq">
          {items.map((item, i) => {
            const expanded = open === i;
            const buttonId = `${base}-q${i}`;
            const panelId = `${base}-a${i}`;
            return (
              <div key={item.question} data-state={expanded ? 'open' : 'closed'}>
                <h3>
                  <button
                    id={buttonId}
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={panelId}
                    onClick={() => setOpen(expanded ? null : i)}
                    className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 first:rounded-t-xl"
                  >
                    {item.question}
                    <ChevronDown
                      className={`size-5 shrink-0 text-muted-foreground transition-transform ${expanded ? 'rotate-180' : ''}`}
                      aria-hidden
                    />
                  </button>
                </h3>
                <div
                  id={panelId}
                  role="region"
                  aria-labelledby={buttonId}
                  hidden={!expanded}
                  className="px-5 pb-5 text-sm leading-relaxed text-muted-foreground"
                >
                  {item.answer}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}

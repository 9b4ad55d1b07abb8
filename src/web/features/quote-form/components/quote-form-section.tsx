import MessageSquareText from 'lucide-react/icons/message-square-text';
import { publicContainer } from '#web/components/layouts/public-styles.ts';
import { QUOTE_FORM } from '#shared/schemas/contact-form-rules.ts';
import { QuoteForm, type QuoteFormProps } from './quote-form.tsx';

/** The quote form's section; its id is where 'Pedir Orçamento' and the ISV simulator's link land. */
export function QuoteFormSection(props: QuoteFormProps & { headingLevel?: 1 | 2 }) {
  const Heading = props.headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section
      id={QUOTE_FORM.anchorId}
      aria-labelledby={`${QUOTE_FORM.anchorId}-title`}
      tabIndex={-1}
      className="scroll-mt-20 outline-none"
    >
      <div className={`${publicContainer} grid gap-10 py-16 lg:grid-cols-[1fr_1.4fr]`}>
        <div>
          <Heading id={`${QUOTE_FORM.anchorId}-title`} className="text-3xl font-bold tracking-tight">
            Peça o seu orçamento
          </Heading>
          <p className="mt-3 text-muted-foreground">
            Diga-nos que carro procura. Em 24 horas recebe uma proposta detalhada, com o preço do carro, o ISV, o
            transporte e a legalização.
          </p>
          <p className="mt-6 flex items-start gap-3 rounded-xl border bg-card p-4 text-sm text-muted-foreground">
            <MessageSquareText className="mt-0.5 size-5 shrink-0 text-primary dark:text-foreground" aria-hidden />
            Já encontrou o carro? Cole o link do anúncio. Ainda está a decidir? Indique a marca, o modelo e o valor que
            quer gastar.
          </p>
        </div>
        <div className="relative rounded-2xl border bg-card p-5 shadow-sm sm:p-8">
          <QuoteForm {...props} />
        </div>
      </div>
    </section>
  );
}

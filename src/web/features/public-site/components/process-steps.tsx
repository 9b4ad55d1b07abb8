import { publicContainer } from '#web/components/layouts/public-styles.ts';

const STEPS = [
  {
    title: 'Escolha do veículo',
    text: 'Envie-nos o link de um anúncio ou diga-nos a marca, o modelo e o orçamento. Procuramos nos maiores mercados europeus e verificamos o histórico de cada carro.',
  },
  {
    title: 'Compra e transporte',
    text: 'Negociamos com o vendedor, tratamos do pagamento em segurança e trazemos o carro até Portugal em camião, com seguro.',
  },
  {
    title: 'Legalização',
    text: 'Tratamos da inspeção, do ISV na alfândega, da homologação e das matrículas portuguesas. Recebe o carro pronto a circular.',
  },
];

export function ProcessSteps({ id }: { id: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20 border-y bg-muted/40">
      <div className={`${publicContainer} py-16`}>
        <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight">
          Como funciona
        </h2>
        <p className="mt-2 text-muted-foreground">Três passos entre o anúncio e a porta de sua casa.</p>
        <ol className="mt-10 grid gap-8 md:grid-cols-3">
          {STEPS.map((s, i) => (
            <li key={s.title} className="relative">
              <span
                className="flex size-10 items-center justify-center rounded-full bg-primary text-base font-bold text-primary-foreground"
                aria-hidden
              >
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold">
                <span className="sr-only">Passo {i + 1}: </span>
                {s.title}
              </h3>
              <p className="mt-2 text-sm text-muted-foreground">{s.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { afterFirstContentfulPaint } from '../../../features/isv-simulator/after-first-paint.ts';
import { StandalonePublicShell } from '../../../features/isv-simulator/components/standalone-public-shell.tsx';
import { useDocumentMeta } from '../../../features/isv-simulator/use-document-meta.ts';

export const ISV_SIMULATOR_TITLE = 'Simulador de ISV para carros importados | AutoImport';
export const ISV_SIMULATOR_DESCRIPTION =
  'Calcule o ISV e o IVA de um carro importado da UE ou de fora: cilindrada, CO₂ (WLTP ou NEDC), partículas, redução por antiguidade e híbridos, com o cálculo explicado linha a linha.';

// Zod must be jitless before its first object schema is built: otherwise it probes
// `new Function`, which the CSP (script-src 'self') blocks and Chrome reports as an issue. This is
// z.config({ jitless: true }) on the object every copy of zod shares, without putting zod on the
// heading's critical path; the calculator's schemas load after this module has run (below).
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

// The calculator (form, engine, schemas) loads once the heading has painted: the heading is the
// page's largest text, and on a phone it shows a round trip earlier.
const Calculator = lazy(async () => ({ default: (await import('../../../features/isv-simulator/components/isv-simulator.tsx')).IsvSimulator }));
/** Keeps the footer below the fold until the calculator arrives, so nothing shifts. */
const placeholder = <div className="min-h-svh" aria-busy="true" />;

/** /simulador-isv: the public ISV simulator (issue 3). */
export function IsvSimulatorScreen() {
  useDocumentMeta(ISV_SIMULATOR_TITLE, ISV_SIMULATOR_DESCRIPTION);
  const [painted, setPainted] = useState(false);
  useEffect(() => afterFirstContentfulPaint(() => setPainted(true)), []);
  return (
    <StandalonePublicShell>
      <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
        <div className="mb-6 max-w-3xl sm:mb-8">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Simulador de ISV</h1>
          <p className="mt-3 text-base leading-relaxed text-muted-foreground sm:text-lg">
            Saiba quanto paga de Imposto sobre Veículos (ISV) e de IVA ao legalizar em Portugal um carro importado. O resultado atualiza enquanto
            escreve e explica cada linha, como na liquidação da alfândega.
          </p>
        </div>
        {painted ? (
          <Suspense fallback={placeholder}>
            <Calculator />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    </StandalonePublicShell>
  );
}

import { renderToString } from 'react-dom/server';
import { IsvSimulator } from '#web/features/isv-simulator/components/isv-simulator.tsx';
import { PublicApp, type ProposalScreens } from '#web/app/public-app.tsx';
import type { PublicPageData } from '#web/app/public-page-data.ts';
import type { PublicRoute } from '#web/app/public-routes.ts';

/** A public page's HTML: the same component and props the browser hydrates (src/web/main.tsx). */
export function renderPublicApp(
  route: PublicRoute,
  data: PublicPageData,
  search: string,
  screens?: ProposalScreens,
): string {
  return renderToString(
    <PublicApp route={route} data={data} search={search} screens={screens} isvCalculator={IsvSimulator} />,
  );
}

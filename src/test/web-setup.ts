import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installDomStubs } from './web/dom-stubs.ts';

installDomStubs();
// findBy*/waitFor give up after 4 s rather than 1 s: on a loaded machine a toast or a refetched
// screen can take longer than a second to appear; what never appears still fails.
configure({ asyncUtilTimeout: 4000 });
afterEach(() => cleanup());

// Before a load run: signed-in sessions and seeded leads on the server under test (load.ts runs the load).
import type { Spawned } from '../lib/server.ts';
import { STAFF } from './app-server.ts';
import { createClient, json, login } from './http-client.ts';
import type { LoadSetup } from './load-calls.ts';

const SEED_NAMES = ['Silva', 'Santos', 'Ferreira', 'Pereira', 'Oliveira', 'Costa', 'Rodrigues', 'Martins'];
const SEED_CARS = [
  ['Volkswagen', 'Golf'],
  ['BMW', '320d'],
  ['Renault', 'Clio'],
  ['Peugeot', '308'],
  ['Mercedes-Benz', 'C 220'],
  ['Tesla', 'Model 3'],
  ['Fiat', 'Panda'],
  ['Audi', 'A4'],
] as const;

/** Signs in `sessions` times (admin and role user alternating) and creates `leads` leads through the API. */
export async function prepareLoad(server: Spawned, opts: { sessions: number; leads: number }): Promise<LoadSetup> {
  const client = createClient(server.baseUrl);
  try {
    const cookies: string[] = [];
    for (let i = 0; i < opts.sessions; i++) {
      const who = i % 2 === 0 ? STAFF.admin : STAFF.user;
      cookies.push(await login(client, who.username, who.password));
    }
    const leadIds: number[] = [];
    for (let i = 0; i < opts.leads; i++) {
      const [make, model] = SEED_CARS[i % SEED_CARS.length]!;
      const res = await json(
        client,
        'POST',
        '/api/leads/manual',
        {
          firstName: `Seed ${i}`,
          lastName: SEED_NAMES[i % SEED_NAMES.length],
          email: `seed-${i}-${Date.now()}@example.pt`,
          phone: `+351 912 ${String(100_000 + i).slice(-6)}`,
          vehicleMake: make,
          vehicleModel: model,
          budget: String(15_000 + 500 * i),
        },
        { cookie: cookies[0] },
      );
      if (res.status !== 201) throw new Error(`creating lead ${i} answered ${res.status}: ${res.body}`);
      leadIds.push((res.json() as { id: number }).id);
    }
    return { cookies, leadIds };
  } finally {
    client.close();
  }
}

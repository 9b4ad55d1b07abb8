import { describe, expect, it } from 'vitest';
import { createLocalHub, type HubEvent } from './hub.ts';

const event: HubEvent = { type: 'lead_created', data: { leadId: 1 }, audience: { kind: 'staff' } };

describe('local event hub', () => {
  it('delivers to every subscriber until it unsubscribes', () => {
    const hub = createLocalHub();
    const a: string[] = [];
    const b: string[] = [];
    const stopA = hub.subscribe((e) => a.push(e.type));
    hub.subscribe((e) => b.push(e.type));
    hub.publish(event);
    stopA();
    hub.publish(event);
    expect(a).toEqual(['lead_created']);
    expect(b).toEqual(['lead_created', 'lead_created']);
  });

  it('keeps delivering when one listener throws, and reports the error', () => {
    const errors: unknown[] = [];
    const hub = createLocalHub((err) => errors.push(err));
    const got: string[] = [];
    hub.subscribe(() => {
      throw new Error('broken listener');
    });
    hub.subscribe((e) => got.push(e.type));
    hub.publish(event);
    expect(got).toEqual(['lead_created']);
    expect(errors).toHaveLength(1);
  });
});

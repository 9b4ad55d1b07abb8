import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { EventHub } from '../../realtime/hub.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SettingsService } from '../settings/settings.service.ts';

/** A lead's timeline and the quick contact log. */
export const timelineRoutes: FastifyPluginAsyncZod<{ db: Db; hub: EventHub; clock: Clock; settings: SettingsService }> = async () => {};

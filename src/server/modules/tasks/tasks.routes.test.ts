import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox } from '#server/db/schema/outbox.ts';
import { leadTimeline } from '#server/db/schema/leads.ts';
import { notifications } from '#server/db/schema/messaging.ts';
import { openDb, type Database } from '#server/db/client.ts';
import { createLocalHub } from '#server/realtime/hub.ts';
import { testClock } from '#server/jobs/jobs.test-helpers.ts';
import { createTaskRemindersService } from './task-reminders.service.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { insertLead } from '#test/factories.ts';
import type { Task } from '#shared/schemas/tasks.ts';

describe('lead tasks (next steps)', () => {
  const clock = testClock('2026-11-27T09:00:00Z');
  let t: TestApp;
  let cookie: string;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    const signedIn = await t.loginAs('user');
    cookie = signedIn.cookie;
    userId = signedIn.user.id;
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: method as 'GET', url, payload, headers: { cookie, ...headers } });

  it('refuses anonymous callers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tasks/today?until=2026-11-28T00:00:00Z' });
    expect(res.statusCode).toBe(401);
  });

  it('creates a task owned by its author, shows it as the list next step, and lists it for the lead', async () => {
    const lead = await insertLead(t.database.db, { firstName: 'Rita' });
    const res = await call('POST', `/api/leads/${lead.id}/tasks`, {
      title: ' Call Rita ',
      dueAt: '2026-11-27T10:00:00Z',
    });
    expect(res.statusCode).toBe(201);
    const task = res.json<Task>();
    expect(task).toMatchObject({ title: 'Call Rita', ownerId: userId, doneAt: null, version: 1, leadId: lead.id });
    expect(task.dueAt).toBe('2026-11-27T10:00:00.000Z');
    const later = await call('POST', `/api/leads/${lead.id}/tasks`, {
      title: 'Send papers',
      dueAt: '2026-11-29T10:00:00Z',
    });
    expect(later.statusCode).toBe(201);

    const list = await call('GET', `/api/leads/${lead.id}/tasks`);
    expect(list.json<Task[]>().map((x) => x.title)).toEqual(['Call Rita', 'Send papers']);
    const page = await call('GET', `/api/leads?search=${lead.reference}`);
    const item = page.json<{ items: { id: number; nextTask: unknown }[] }>().items.find((i) => i.id === lead.id);
    expect(item?.nextTask).toEqual({
      id: task.id,
      title: 'Call Rita',
      dueAt: '2026-11-27T10:00:00.000Z',
      ownerId: userId,
    });
    const detail = await call('GET', `/api/leads/${lead.id}`);
    expect(detail.json<{ nextTask: { id: number } }>().nextTask.id).toBe(task.id);
  });

  it('refuses an empty title, a bad date and an unknown owner, writing nothing', async () => {
    const lead = await insertLead(t.database.db);
    const bad = await call('POST', `/api/leads/${lead.id}/tasks`, { title: ' ', dueAt: 'tomorrow' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: Record<string, string> }>().fields).toMatchObject({
      title: 'What is required',
      dueAt: 'Due date must be a date and time',
    });
    const owner = await call('POST', `/api/leads/${lead.id}/tasks`, {
      title: 'x',
      dueAt: '2026-11-28T10:00:00Z',
      ownerId: 999999,
    });
    expect(owner.statusCode).toBe(400);
    expect(owner.json<{ message: string }>().message).toBe('Choose a staff member as the owner');
    expect((await call('GET', `/api/leads/${lead.id}/tasks`)).json()).toEqual([]);
    expect(
      (await call('POST', '/api/leads/999999/tasks', { title: 'x', dueAt: '2026-11-28T10:00:00Z' })).statusCode,
    ).toBe(404);
  });

  it('completes a task and logs a call on the timeline in the same step; a stale version answers 409', async () => {
    const lead = await insertLead(t.database.db);
    const task = (
      await call('POST', `/api/leads/${lead.id}/tasks`, { title: 'Call back', dueAt: '2026-11-27T11:00:00Z' })
    ).json<Task>();
    const done = await call('PUT', `/api/tasks/${task.id}`, {
      done: true,
      log: { type: 'call', notes: 'Agreed on the price' },
      version: task.version,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json<Task>()).toMatchObject({ doneBy: userId, version: 2 });
    expect(done.json<Task>().doneAt).toBe('2026-11-27T09:00:00.000Z');
    const entries = await t.database.db.select().from(leadTimeline).where(eq(leadTimeline.leadId, lead.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      type: 'call',
      title: 'Phone Call: Call back',
      description: 'Agreed on the price',
    });

    const stale = await call('PUT', `/api/tasks/${task.id}`, { title: 'Other', version: task.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ code: string }>().code).toBe('STALE_VERSION');
    const gone = await call('DELETE', `/api/tasks/${task.id}`, undefined, { 'if-match': '"2"' });
    expect(gone.statusCode).toBe(200);
    expect((await call('GET', `/api/leads/${lead.id}/tasks`)).json()).toEqual([]);
  });

  it('refuses a log without completing the task', async () => {
    const lead = await insertLead(t.database.db);
    const task = (
      await call('POST', `/api/leads/${lead.id}/tasks`, { title: 'Call', dueAt: '2026-11-27T11:00:00Z' })
    ).json<Task>();
    const res = await call('PUT', `/api/tasks/${task.id}`, { log: { type: 'chat', notes: 'hi' } });
    expect(res.statusCode).toBe(400);
    expect((await t.database.db.select().from(leadTimeline).where(eq(leadTimeline.leadId, lead.id))).length).toBe(0);
  });

  it("lists my overdue and today's tasks, not other people's nor done ones", async () => {
    const other = await t.createUser({ username: 'other-owner' });
    const lead = await insertLead(t.database.db, { firstName: 'Today' });
    const post = (title: string, dueAt: string, ownerId?: number) =>
      call('POST', `/api/leads/${lead.id}/tasks`, { title, dueAt, ...(ownerId ? { ownerId } : {}) });
    await post('Late one', '2026-11-27T08:00:00Z');
    await post('Later today', '2026-11-27T17:00:00Z');
    await post('Tomorrow', '2026-11-28T09:00:00Z');
    await post('Not mine', '2026-11-27T12:00:00Z', other.id);
    const res = await call('GET', '/api/tasks/today?until=2026-11-28T00:00:00.000Z');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ overdue: Task[]; today: (Task & { lead: { firstName: string } })[] }>();
    expect(body.overdue.map((x) => x.title)).toContain('Late one');
    // Earlier cases gave this user tasks on other leads too.
    expect(body.today.filter((x) => x.leadId === lead.id).map((x) => x.title)).toEqual(['Later today']);
    expect(body.today.find((x) => x.leadId === lead.id)!.lead.firstName).toBe('Today');
    expect([...body.overdue, ...body.today].map((x) => x.title)).not.toContain('Not mine');
  });

  it('lists the staff a task can be given to', async () => {
    const owners = (await call('GET', '/api/tasks/owners')).json<{ id: number; name: string }[]>();
    expect(owners.map((o) => o.id)).toContain(userId);
  });

  it('keeps the e-mail preference per user', async () => {
    expect((await call('GET', '/api/tasks/settings')).json()).toEqual({ emailReminders: false });
    const put = await call('PUT', '/api/tasks/settings', { emailReminders: true });
    expect(put.json()).toEqual({ emailReminders: true });
    expect((await call('PUT', '/api/tasks/settings', { emailReminders: 'yes' })).statusCode).toBe(400);
  });
});

describe('due-task reminders', () => {
  const clock = testClock('2026-11-27T09:00:00Z');
  let t: TestApp;
  let second: Database;
  beforeAll(async () => {
    t = await createTestApp({ clock, drainOnSend: false });
    second = t.database.url ? await openDb({ databaseUrl: t.database.url, poolSize: 3 }) : t.database;
  });
  afterAll(async () => {
    if (second !== t.database) await second.close();
    await t.close();
  });

  it('notifies the owner once, even with two instances looking at the same moment, and e-mails when asked', async () => {
    const { user, cookie } = await t.loginAs('user');
    await t.app.inject({
      method: 'PUT',
      url: '/api/tasks/settings',
      headers: { cookie },
      payload: { emailReminders: true },
    });
    const lead = await insertLead(t.database.db, { firstName: 'Due', reference: 'L-DUE' });
    for (const [title, dueAt] of [
      ['Call now', '2026-11-27T09:01:00Z'],
      ['Call later', '2026-11-27T12:00:00Z'],
    ])
      await t.app.inject({
        method: 'POST',
        url: `/api/leads/${lead.id}/tasks`,
        headers: { cookie },
        payload: { title, dueAt },
      });

    const other = createTaskRemindersService({
      db: second.db,
      hub: createLocalHub(),
      clock,
      notifications: t.services.notifications,
      outbox: t.services.outbox,
      publicUrl: 'http://localhost:5000',
    });
    expect((await t.services.taskReminders.announceDue()).announced).toBe(0);
    clock.set('2026-11-27T09:01:30Z');
    const results = await Promise.all([t.services.taskReminders.announceDue(), other.announceDue()]);
    expect(results.map((r) => r.announced).sort()).toEqual([0, 1]);
    expect((await t.services.taskReminders.announceDue()).announced).toBe(0);

    const mine = await t.database.db.select().from(notifications).where(eq(notifications.userId, user.id));
    const due = mine.filter((n) => n.title === 'Task due');
    expect(due).toHaveLength(1);
    expect(due[0]).toMatchObject({ relatedType: 'lead', relatedId: lead.id, message: 'Call now — Due (#L-DUE)' });
    const mail = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.purpose, 'reminder'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain('Task due: Call now');
  });
});

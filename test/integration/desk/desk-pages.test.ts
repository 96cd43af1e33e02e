import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseApiTokens } from '../../../src/api/tokens.js';
import { startDashboard } from '../../../src/dashboard/server.js';
import { Desk, type RunCandidate } from '../../../src/desk/desk.js';
import type { Listening } from '../../../src/infra/listen.js';
import { chromiumContext, screenshotDir, skipBrowser } from '../../helpers/chromium.js';
import { latinOnPage } from '../../helpers/latin-words.js';
import { testDeskPlace, type TestDeskPlace } from '../../helpers/postgres.js';
import { connect, uniquePrefix } from '../../helpers/redis.js';

/** Screenshots that docs/review-desk.md shows: written by the test that checks what they show (docs/ with KYC_UPDATE_DOCS=1). */
const SHOTS = screenshotDir();
const DASHBOARD_TOKEN = 'c1e07b6d42a8915e0c7d3b2a6f48e1d9c0b7a5f3e2d1f3a9';
const TOKENS = {
  alice: 'alice-7f1c2e9a0b3d4c5e6f708192a3b4c5d6',
  bob: 'bob-0a9b8c7d6e5f40312233445566778899',
  dave: 'dave-5566778899aabbccddeeff0011223344',
  eve: 'eve-99887766554433221100ffeeddccbbaa',
};
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const tokens = parseApiTokens(
  [
    `alice:${sha(TOKENS.alice)}:analyst`,
    `bob:${sha(TOKENS.bob)}:approver`,
    `dave:${sha(TOKENS.dave)}:analyst+approver`,
    // A token without a desk role: it may use the API for its runs, not the desk.
    `eve:${sha(TOKENS.eve)}`,
  ].join('\n'),
);

function candidate(over: Partial<RunCandidate>): RunCandidate {
  return {
    row: 1,
    clientKey: 'inn:7707083893',
    clientName: 'Иванов Иван Петрович',
    checkKind: 'sanctions',
    register: 'sanctions',
    recordId: 'S-0101',
    recordName: 'IVANOV Ivan Petrovich',
    recordHash: 'a'.repeat(64),
    match: 'POSSIBLE_MATCH',
    score: 0.91,
    explanation: 'name 0.91 (Latin ICAO ↔ Cyrillic), birth_date equal, inn absent on record',
    evidence: {
      source: 'sanctions',
      recordId: 'S-0101',
      // What the run's evidence carries for a candidate that reaches a reviewer (src/verdict/compared-values.ts).
      compared: {
        client: {
          name: 'Иванов Иван Петрович',
          birthDate: '1970-05-04',
          inn: '7707083893',
          address: 'г. Москва, ул. Садовая, д. 1',
        },
        record: {
          name: 'IVANOV Ivan Petrovich / Иванов Иван Петрович',
          birthDate: '1970-05-04',
          address: 'Moscow, Russia',
        },
      },
    },
    ...over,
  };
}

let place: TestDeskPlace;
let desk: Desk;
let redis: Redis;
let dashboard: Listening;
let ivanov: number;
let petrova: number;
let sidorov: number;

beforeAll(async () => {
  place = await testDeskPlace('embedded');
  desk = await Desk.open(place.settings);
  const first = await desk.recordRun('run-20261125-a', [
    candidate({}),
    candidate({
      row: 4,
      clientKey: 'id:CL-0004',
      clientName: 'Петрова Анна Сергеевна',
      checkKind: 'foreign_agent',
      register: 'minjust_foreign_agent',
      recordId: 'FA-0042',
      recordName: 'Петрова Анна Сергеевна',
      recordHash: 'b'.repeat(64),
      match: 'MATCH',
      score: 1,
      explanation: 'name 1.00, birth_date equal',
    }),
    candidate({ row: 9, clientKey: 'id:CL-0009', clientName: 'Сидоров Олег', recordId: 'S-0777' }),
  ]);
  [ivanov = 0, petrova = 0, sidorov = 0] = first.opened;
  redis = connect();
  dashboard = await startDashboard({
    redis,
    prefix: uniquePrefix(),
    port: 0,
    host: '127.0.0.1',
    token: DASHBOARD_TOKEN,
    desk: { desk, tokens },
  });
});
afterAll(async () => {
  await dashboard?.close();
  redis?.disconnect();
  await desk?.close();
  await place?.cleanup();
});

/** A signed-in session as a browser holds it (the cookie), by a form POST from the desk's own origin. */
async function signIn(name: string, token: string): Promise<Response> {
  return fetch(`${dashboard.url}/desk/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: dashboard.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name, token }).toString(),
  });
}

function cookieOf(response: Response): string {
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

describe('the review desk in the dashboard', () => {
  it('signs a person in with their own token only, into a server-side session the cookie only names', async () => {
    expect((await fetch(`${dashboard.url}/desk`, { redirect: 'manual' })).headers.get('location')).toBe(
      '/desk/login',
    );
    expect((await signIn('alice', TOKENS.bob)).status).toBe(401);
    expect((await signIn('eve', TOKENS.eve)).status).toBe(401);
    const ok = await signIn('alice', TOKENS.alice);
    expect(ok.status).toBe(303);
    const setCookie = ok.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/u);
    expect(setCookie).toMatch(/SameSite=Strict/u);
    expect(setCookie).toMatch(/Max-Age=\d+/u);
    expect(setCookie).not.toContain(TOKENS.alice);
    expect(setCookie).not.toContain(sha(TOKENS.alice));
    const inbox = await fetch(`${dashboard.url}/desk?lang=en`, { headers: { cookie: cookieOf(ok) } });
    expect(inbox.status).toBe(200);
    expect(await inbox.text()).toContain('Open alerts');
    // Signed out, the same cookie opens nothing.
    await fetch(`${dashboard.url}/desk/logout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: dashboard.url, cookie: cookieOf(ok) },
    });
    const after = await fetch(`${dashboard.url}/desk`, {
      redirect: 'manual',
      headers: { cookie: cookieOf(ok) },
    });
    expect(after.headers.get('location')).toBe('/desk/login');
  });

  it('refuses every POST without the dashboard’s own Origin with 403, the session cookie or not', async () => {
    const cookie = cookieOf(await signIn('alice', TOKENS.alice));
    const form = new URLSearchParams({ decision: 'false_positive', comment: 'x' }).toString();
    const post = (headers: Record<string, string>) =>
      fetch(`${dashboard.url}/desk/alerts/${ivanov}/decision`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: form,
      });
    expect((await post({})).status).toBe(403);
    expect((await post({ origin: 'http://evil.example' })).status).toBe(403);
    expect((await post({ origin: dashboard.url.replace(/:\d+$/u, ':1') })).status).toBe(403);
    expect((await desk.getAlert(ivanov))?.decisions).toEqual([]);
  });

  it('tells the decider that a second person must approve, with the API’s 403', async () => {
    const cookie = cookieOf(await signIn('dave', TOKENS.dave));
    const send = (path: string, body: Record<string, string>) =>
      fetch(`${dashboard.url}/desk/alerts/${petrova}/${path}?lang=en`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie, origin: dashboard.url, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
      });
    const record_hash = 'b'.repeat(64);
    expect((await send('decision', { decision: 'true_match', comment: '', record_hash })).status).toBe(400);
    expect(
      (
        await send('decision', {
          decision: 'true_match',
          comment: 'same person, same birth date',
          record_hash,
        })
      ).status,
    ).toBe(303);
    const decision_id = String((await desk.getAlert(petrova))?.decisions[0]?.id);
    const own = await send('approval', { decision_id, approve: 'true', comment: '' });
    expect(own.status).toBe(403);
    expect(await own.text()).toContain('You made this decision: a second person must approve it.');
    expect((await desk.getAlert(petrova))?.status).toBe('pending');
  });

  it('refuses with 409 and says so in Russian an approval of a decision changed since the page was shown', async () => {
    const form = (path: string, who: 'alice' | 'bob', cookie: string, body: Record<string, string>) =>
      fetch(`${dashboard.url}/desk/alerts/${sidorov}/${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie, origin: dashboard.url, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
      });
    const alice = cookieOf(await signIn('alice', TOKENS.alice));
    const bob = cookieOf(await signIn('bob', TOKENS.bob));
    const record_hash = 'a'.repeat(64);
    const decided = await form('decision', 'alice', alice, {
      decision: 'true_match',
      comment: 'тот же паспорт',
      record_hash,
    });
    expect(decided.status).toBe(303);
    // Bob opens the alert: the form carries the decision it shows.
    const shown = await (
      await fetch(`${dashboard.url}/desk/alerts/${sidorov}`, { headers: { cookie: bob } })
    ).text();
    const carried = /name="decision_id" value="(\d+)"/u.exec(shown)?.[1];
    expect(carried).toBe(String((await desk.getAlert(sidorov))?.decisions[0]?.id));
    // Meanwhile alice turns it into a false positive; bob's approval of the true match is refused.
    await form('decision', 'alice', alice, {
      decision: 'false_positive',
      comment: 'передумала',
      record_hash,
    });
    const stale = await form('approval', 'bob', bob, { decision_id: carried ?? '', approve: 'true' });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain('Аналитик изменил решение, пока вы его смотрели');
    expect(await desk.approvedFalsePositives()).toEqual([]);
    expect((await desk.getAlert(sidorov))?.status).toBe('pending');
    // A form without the decision's id approves nothing.
    expect((await form('approval', 'bob', bob, { approve: 'true' })).status).toBe(400);
    expect((await desk.getAlert(sidorov))?.status).toBe('pending');
  });

  it.skipIf(skipBrowser)(
    'in Chromium: alice decides a false positive with a comment, bob approves it, the history shows both',
    async () => {
      mkdirSync(SHOTS, { recursive: true });
      const context = await chromiumContext({ width: 1400, height: 820 });
      try {
        const page = await context.newPage();
        await page.goto(`${dashboard.url}/desk`);
        expect(new URL(page.url()).pathname).toBe('/desk/login');
        await page.fill('input[name=name]', 'alice');
        await page.fill('input[name=token]', TOKENS.alice);
        await page.click('button[type=submit]');
        await page.getByRole('heading', { name: 'Открытые совпадения' }).waitFor();
        // Riskiest first: the MATCH above the possible matches.
        const rows = page.locator('table.inbox tbody tr');
        expect(await rows.count()).toBe(3);
        expect(await rows.first().getAttribute('data-alert')).toBe(String(petrova));
        await page.screenshot({ path: join(SHOTS, 'desk-inbox-ru.png') });
        // Russian throughout: registers by their Russian names, no English outside names and codes.
        expect(await rows.first().innerText()).toContain('реестр иностранных агентов Минюста');
        expect(await latinOnPage(page)).toEqual([]);

        await page.click(`tr[data-alert="${ivanov}"] a`);
        await page.getByRole('heading', { name: `Совпадение ${ivanov}` }).waitFor();
        // The values side by side: the client's and the record's, the register by its Russian name.
        const compare = page.locator('table.compare');
        expect(await compare.locator('tr.value-name').innerText()).toBe(
          'имя\tИванов Иван Петрович\tIVANOV Ivan Petrovich / Иванов Иван Петрович',
        );
        expect(await compare.locator('tr.value-birthDate').innerText()).toBe(
          'дата рождения\t1970-05-04\t1970-05-04',
        );
        expect(await compare.locator('tr.value-inn').innerText()).toBe('ИНН\t7707083893\t—');
        expect(await compare.locator('tr.value-address.differs').innerText()).toBe(
          'адрес\tг. Москва, ул. Садовая, д. 1\tMoscow, Russia',
        );
        expect(await compare.locator('tr.register').innerText()).toContain('санкционный список');
        expect(await page.locator('.explanation').innerText()).toBe(
          'имя 0.91 (латиница ICAO ↔ кириллица), дата рождения совпадает, ИНН нет в записи',
        );
        expect(await latinOnPage(page)).toEqual([]);
        await page.check('input[name=decision][value=false_positive]');
        await page.fill('form[action$="/decision"] textarea', 'Другая дата рождения в паспорте');
        await page.click('form[action$="/decision"] button[type=submit]');
        await page.getByText('Решение записано').waitFor();
        expect(await page.locator('.status').innerText()).toContain('ждёт утверждения');
        await page.click('.desk-who button');
        await page.waitForURL(/\/desk\/login$/u);

        await page.fill('input[name=name]', 'bob');
        await page.fill('input[name=token]', TOKENS.bob);
        await page.click('button[type=submit]');
        await page.goto(`${dashboard.url}/desk/alerts/${ivanov}`);
        await page.fill('form[action$="/approval"] textarea', 'Проверил паспорт: согласен');
        await page.click('form[action$="/approval"] button[value=true]');
        await page.getByText('Утверждено: решение вступило в силу.').waitFor();
        const history = await page.locator('ul.decisions').innerText();
        expect(history).toContain('ложное совпадение: alice');
        expect(history).toContain('Другая дата рождения в паспорте');
        expect(history).toContain('утвердил(а) bob');
        expect(await page.locator('.status').innerText()).toContain('ложное совпадение');
        await page.screenshot({ path: join(SHOTS, 'desk-alert-ru.png'), fullPage: true });
        // With the decision and approval: the names of who decided stay as written, the rest is Russian.
        expect(await latinOnPage(page)).toEqual([]);

        // The same page in English, and the decided alert is no longer in the inbox.
        await page.goto(`${dashboard.url}/desk/alerts/${ivanov}?lang=en`);
        expect(await page.locator('ul.decisions').innerText()).toContain('false positive by alice');
        await page.goto(`${dashboard.url}/desk?lang=ru`);
        expect(await page.locator(`tr[data-alert="${ivanov}"]`).count()).toBe(0);

        // The next run finds the same candidate suppressed by the approved decision (what its run hook
        // records): the alert's page shows that run, and the alert stays out of the inbox.
        const next = await desk.recordRun('run-20261126-b', [candidate({ row: 1, match: 'SUPPRESSED' })]);
        expect(next.opened).toEqual([]);
        await page.goto(`${dashboard.url}/desk/alerts/${ivanov}`);
        const runs = await page.locator('table.sightings').innerText();
        expect(runs).toContain('run-20261126-b');
        expect(runs).toContain('подавлено');
        await page.goto(`${dashboard.url}/desk`);
        expect(await page.locator(`tr[data-alert="${ivanov}"]`).count()).toBe(0);
      } finally {
        await context.close();
      }
      const decided = await desk.getAlert(ivanov);
      expect(decided?.status).toBe('false_positive');
      expect(decided?.decisions[0]).toMatchObject({ decidedBy: 'alice', approval: { approvedBy: 'bob' } });
    },
  );
});

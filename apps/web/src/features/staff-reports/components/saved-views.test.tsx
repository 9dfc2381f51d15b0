import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportViewsEndpoints, type ReportView } from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, errorOf, renderWithProviders } from '@/test/render';
import { SavedViews, copyNameOf } from './saved-views';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const ME = { id: 1, name: 'Claire Martin' };
const SOPHIE = { id: 2, name: 'Sophie Bernard' };
const view = (id: number, name: string, owner: typeof ME, extra: Partial<ReportView> = {}): ReportView => ({
  id, name, owner, mine: owner === ME, shared: owner !== ME, pinned: false, query: `by=offer&range=this_month&offerId=${id}`,
  createdAt: '2026-11-25T10:00:00.000Z', ...extra,
}); // prettier-ignore

/** The views' API over a list: each call is recorded as `METHOD path body`. */
function serve(views: ReportView[], calls: string[], refuseShare = false) {
  fetchMock.mockImplementation((input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url.startsWith('/api/v1/config')) return Promise.resolve(configAnswer({ roles: ['ROLE_ACCOUNT_MANAGER'] }));
    if (method !== 'GET') calls.push(`${method} ${url.replace('/api/v1', '')} ${String(init?.body ?? '')}`);
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    if (method === 'PUT' && url.endsWith('/staff/home/view')) {
      for (const v of views) v.pinned = v.id === body.viewId;
      return Promise.resolve(answerOf(reportViewsEndpoints.pinHomeView, { viewId: body.viewId as number | null }));
    }
    if (method === 'PUT') {
      if (refuseShare) return Promise.resolve(errorOf(409, 'You belong to no team: a view can be shared only with a team.', { shared: 'You belong to no team to share it with.' })); // prettier-ignore
      const target = views.find((v) => url.endsWith(`/${v.id}`))!;
      Object.assign(target, body);
      return Promise.resolve(answerOf(reportViewsEndpoints.update, target));
    }
    if (method === 'POST') {
      const created = view(views.length + 10, body.name as string, ME, { query: body.query as string, shared: body.shared === true }); // prettier-ignore
      views.push(created);
      return Promise.resolve(answerOf(reportViewsEndpoints.create, created));
    }
    return Promise.resolve(answerOf(reportViewsEndpoints.list, views));
  });
}

describe('SavedViews (decision 114)', () => {
  it('lists the team’s views with their owner, copies one and pins it to the home', async () => {
    const views = [view(5, 'Offers this month', ME), view(7, 'Team partners', SOPHIE)];
    const calls: string[] = [];
    serve(views, calls);
    const applied: string[] = [];
    renderWithProviders(<SavedViews query="by=partner&range=today" onApply={(q) => applied.push(q.toString())} />);
    await userEvent.click(screen.getByTestId('staff-reports-views'));
    expect(await screen.findByText('My views')).toBeTruthy();
    expect(screen.getByText('Shared with my team')).toBeTruthy();
    await userEvent.click(screen.getByRole('option', { name: 'Team partners — Sophie Bernard', hidden: true }));
    expect(applied).toEqual(['by=offer&range=this_month&offerId=7']);
    // Another's view: no sharing or deleting, its owner said; copied under its name, pinned to the home.
    expect(screen.queryByTestId('staff-reports-view-delete')).toBeNull();
    expect(screen.queryByTestId('staff-reports-view-shared')).toBeNull();
    expect(screen.getByTestId('staff-reports-view-owner').textContent).toContain('Sophie Bernard');
    await userEvent.click(screen.getByTestId('staff-reports-view-pin'));
    await waitFor(() => expect(calls).toContain('PUT /staff/home/view {"viewId":7}'));
    await waitFor(() => expect(screen.getByTestId('staff-reports-view-pin').textContent).toBe('Remove from my home'));
    await userEvent.click(screen.getByTestId('staff-reports-view-copy'));
    await waitFor(() => expect(calls).toContain('POST /staff/report-views {"name":"Team partners","query":"by=offer&range=this_month&offerId=7"}')); // prettier-ignore
    // The copy is the reader's own: it may share it.
    await waitFor(() => expect(screen.getByTestId('staff-reports-view-shared')).toBeTruthy());
  });

  it('saves the report as shown for the team', async () => {
    const calls: string[] = [];
    serve([], calls);
    renderWithProviders(<SavedViews query="by=partner&range=today" onApply={() => undefined} />);
    await userEvent.type(screen.getByTestId('staff-reports-view-name'), 'Today');
    await userEvent.click(screen.getByTestId('staff-reports-view-share'));
    await userEvent.click(screen.getByTestId('staff-reports-view-save'));
    await waitFor(() => expect(calls).toContain('POST /staff/report-views {"name":"Today","query":"by=partner&range=today","shared":true}')); // prettier-ignore
  });

  it('shares its own view, and says why when the owner has no team', async () => {
    const views = [view(5, 'Offers this month', ME)];
    const calls: string[] = [];
    serve(views, calls, true);
    renderWithProviders(<SavedViews query="by=partner" onApply={() => undefined} />);
    await userEvent.click(screen.getByTestId('staff-reports-views'));
    await userEvent.click(await screen.findByRole('option', { name: 'Offers this month', hidden: true }));
    await userEvent.click(screen.getByTestId('staff-reports-view-shared'));
    await waitFor(() => expect(calls).toContain('PUT /staff/report-views/5 {"shared":true}'));
    expect(await screen.findByText('You belong to no team: a view can be shared only with a team.')).toBeTruthy();
  });

  it('names a copy after its owner when the reader already keeps a view of that name', () => {
    const theirs = view(7, 'Team partners', SOPHIE);
    expect(copyNameOf(theirs, [view(5, 'Other', ME)])).toBe('Team partners');
    expect(copyNameOf(theirs, [view(5, 'Team partners', ME)])).toBe('Team partners (Sophie Bernard)');
    expect(copyNameOf(theirs, [view(5, 'Team partners', ME), view(6, 'Team partners (Sophie Bernard)', ME)])).toBe('Team partners (7)'); // prettier-ignore
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { goalsEndpoints, type EndpointWireData } from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, errorOf, renderWithProviders } from '@/test/render';
import { StaffGoals } from './staff-goals';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

type Goal = EndpointWireData<typeof goalsEndpoints.list>[number];
const GOALS: Goal[] = [
  { id: 1, code: 'first_deposit', name: 'First deposit', retired: false, retiredAt: null, offerCount: 3, codeLocked: true, minSecondsToConvert: null },
  { id: 2, code: 'kyc', name: 'KYC passed', retired: false, retiredAt: null, offerCount: 0, codeLocked: false, minSecondsToConvert: 0 },
  { id: 3, code: 'install', name: 'App install', retired: true, retiredAt: '2026-11-20T10:00:00.000Z', offerCount: 1, codeLocked: true, minSecondsToConvert: null },
]; // prettier-ignore

function server(url: string, init?: RequestInit): Response {
  if (url.startsWith('/api/v1/config')) return configAnswer({ roles: ['ROLE_ADMIN'] });
  const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
  if (init?.method === 'POST') {
    if (body.code === 'kyc') return errorOf(400, 'The request is invalid.', { code: 'Another goal already has this code.' });
    return answerOf(goalsEndpoints.create, { ...GOALS[1]!, id: 9, code: String(body.code), name: String(body.name) });
  }
  if (init?.method === 'PUT') {
    const id = Number(url.split('/').pop());
    return answerOf(goalsEndpoints.update, { ...GOALS.find((g) => g.id === id)!, ...body });
  }
  return answerOf(goalsEndpoints.list, GOALS, { total: GOALS.length });
} // prettier-ignore

const sent = (method: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url).startsWith('/api/v1/staff/goals') && init?.method === method)
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init!.body)) as unknown }));

describe('StaffGoals', () => {
  it('lists each goal with its code, its offers and whether it is retired', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<StaffGoals />);
    const rows = await screen.findAllByTestId('staff-goal-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('First depositfirst_deposit310 s (default)Active'),
      expect.stringContaining('KYC passedkyc00 sActive'),
      expect.stringContaining('App installinstall110 s (default)Retired'),
    ]);
    expect(within(rows[2]!).getByRole('button', { name: 'Bring back App install' })).toBeTruthy();
  });

  it('creates a goal, checking the code’s format first and showing a code the server refuses under the field', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<StaffGoals />);
    await userEvent.click(await screen.findByTestId('staff-goal-new'));
    const form = await screen.findByTestId('staff-goal-form');
    await userEvent.type(within(form).getByTestId('staff-goal-name'), 'Second deposit');
    await userEvent.type(within(form).getByTestId('staff-goal-code'), 'Second deposit');
    await userEvent.click(within(form).getByTestId('staff-goal-submit'));
    expect(await within(form).findByText(/Use lowercase letters, digits/)).toBeTruthy();
    expect(sent('POST')).toEqual([]);

    await userEvent.clear(within(form).getByTestId('staff-goal-code'));
    await userEvent.type(within(form).getByTestId('staff-goal-code'), 'kyc');
    await userEvent.click(within(form).getByTestId('staff-goal-submit'));
    expect(await within(form).findByText('Another goal already has this code.')).toBeTruthy();

    await userEvent.clear(within(form).getByTestId('staff-goal-code'));
    await userEvent.type(within(form).getByTestId('staff-goal-code'), 'second_deposit');
    await userEvent.click(within(form).getByTestId('staff-goal-submit'));
    expect(await screen.findByText('The goal Second deposit was created.')).toBeTruthy();
    expect(sent('POST').at(-1)!.body).toEqual({ name: 'Second deposit', code: 'second_deposit' });
  });

  it('renames a goal whose code is locked without sending the code, and retires one after a confirmation', async () => {
    fetchMock.mockImplementation((url, init) => Promise.resolve(server(String(url), init)));
    renderWithProviders(<StaffGoals />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit First deposit' }));
    const form = await screen.findByTestId('staff-goal-form');
    const code = within(form).getByTestId('staff-goal-code');
    expect(code).toHaveProperty('readOnly', true);
    expect(form.textContent).toContain('advertisers send this code, so it cannot change');
    await userEvent.clear(within(form).getByTestId('staff-goal-name'));
    await userEvent.type(within(form).getByTestId('staff-goal-name'), 'FTD');
    await userEvent.click(within(form).getByTestId('staff-goal-submit'));
    await waitFor(() => expect(sent('PUT')).toEqual([{ url: '/api/v1/staff/goals/1', body: { name: 'FTD' } }]));

    // The goal's time floor for the traffic rules (decision 108): sent only when changed.
    await userEvent.click(await screen.findByRole('button', { name: 'Edit First deposit' }));
    const again = await screen.findByTestId('staff-goal-form');
    await userEvent.type(within(again).getByTestId('staff-goal-minSecondsToConvert'), '30');
    await userEvent.click(within(again).getByTestId('staff-goal-submit'));
    await waitFor(() => expect(sent('PUT').at(-1)).toEqual({ url: '/api/v1/staff/goals/1', body: { name: 'First deposit', minSecondsToConvert: 30 } })); // prettier-ignore

    await userEvent.click(screen.getByRole('button', { name: 'Retire KYC passed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retire KYC passed?' });
    expect(dialog.textContent).toContain('It stays on the 0 offers that pay on it');
    await userEvent.click(within(dialog).getByTestId('staff-goal-retire-confirm'));
    await waitFor(() => expect(sent('PUT').at(-1)).toEqual({ url: '/api/v1/staff/goals/2', body: { retired: true } }));
    expect(await screen.findByText('The goal KYC passed was retired.')).toBeTruthy();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_REQUEST, FIRST_ANSWERS_TTL_MS, firstAnswersScript, type FirstAnswers } from '@portal/contracts';
import { jsonResponse } from '@/test/render';
import { api } from './api-client';
import { getConfig } from './config';
import { forgetFirstAnswers } from './first-answers';
import { clearSession, saveSession, saveTabSession } from './session';

const fetchMock = vi.fn<typeof fetch>();
const ok = (data: unknown) => jsonResponse(200, { code: 200, success: true, message: null, data, errors: null });

/** A page carrying these answers, as the server writes it (decision 151). */
function pageWith(answers: FirstAnswers) {
  forgetFirstAnswers();
  document.body.insertAdjacentHTML('beforeend', firstAnswersScript(answers));
}

const answer = (data: unknown, headers: Record<string, string> = {}) => ({
  status: 200,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify({ code: 200, success: true, message: null, data, errors: null }),
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  saveSession('tok-page', new Date(Date.now() + 60_000), false);
  // The page's start is the worker's: a worker that ran other files for 30 s before this one would be past the TTL.
  vi.spyOn(performance, 'now').mockReturnValue(1_000);
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the page’s answers (decision 151)', () => {
  it('answers a GET of the exact address from the page, once; the next one goes to the server', async () => {
    pageWith({ [CONFIG_REQUEST]: answer({ roles: ['ROLE_PARTNER'] }) });
    expect(document.getElementById('first-answers')).not.toBeNull();
    expect(await getConfig()).toEqual({ roles: ['ROLE_PARTNER'] });
    expect(fetchMock).not.toHaveBeenCalled();
    // Read once and removed from the page.
    expect(document.getElementById('first-answers')).toBeNull();
    fetchMock.mockResolvedValue(ok({ roles: ['ROLE_ADMIN'] }));
    expect(await getConfig()).toEqual({ roles: ['ROLE_ADMIN'] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps the report lag the answer came with', async () => {
    pageWith({ '/api/v1/x': answer([1], { 'x-report-data-lag-seconds': '90' }) });
    const result = await api.get<number[]>('/x');
    expect(result.data).toEqual([1]);
    expect(result.dataLagSeconds).toBe(90);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('never answers another address, another method, or a request with its own bearer', async () => {
    pageWith({ '/api/v1/x': answer('page') });
    fetchMock.mockImplementation(async () => ok('server'));
    expect((await api.get('/x', { query: { page: 2 } })).data).toBe('server');
    expect((await api.post('/x', {})).data).toBe('server');
    expect((await api.get('/x', { bearer: 'other' })).data).toBe('server');
    expect((await api.get('/x')).data).toBe('page');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('drops them when the session changes, in a view as partner, and after their time', async () => {
    fetchMock.mockImplementation(async () => ok('server'));
    pageWith({ '/api/v1/x': answer('page') });
    saveSession('tok-other', new Date(Date.now() + 60_000), false);
    expect((await api.get('/x')).data).toBe('server');

    pageWith({ '/api/v1/x': answer('page') });
    saveTabSession('tok-view', new Date(Date.now() + 60_000));
    expect((await api.get('/x')).data).toBe('server');
    clearSession();

    pageWith({ '/api/v1/x': answer('page') });
    vi.spyOn(performance, 'now').mockReturnValue(FIRST_ANSWERS_TTL_MS + 1);
    expect((await api.get('/x')).data).toBe('server');
  });
});

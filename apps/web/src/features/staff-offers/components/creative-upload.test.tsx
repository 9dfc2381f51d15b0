import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { creativesEndpoints, staffNewsEndpoints } from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, renderWithProviders } from '@/test/render';
import { CreativesPanel } from './creatives-panel';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const picture = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'banner.png', { type: 'image/png' });
const creativePosts = () =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).includes('/creatives') && init?.method === 'POST');

describe('an upload before the form is sent (decision 099)', () => {
  it('keeps "Add creative" disabled while its picture uploads, shows it uploading, then sends its id', async () => {
    let finish: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation((url, init) => {
      const path = String(url);
      if (path.startsWith('/api/v1/config')) return Promise.resolve(configAnswer({ roles: ['ROLE_ADMIN'] }));
      if (path.startsWith('/api/v1/staff/images'))
        return new Promise<Response>((resolve) => {
          finish = resolve;
        });
      if (init?.method === 'POST')
        return Promise.resolve(
          answerOf(creativesEndpoints.create, {
            id: 1, offerId: 31, kind: 'banner', name: 'Spring', image: '/api/v1/image/77', imageId: 77, html: null,
            text: null, width: null, height: null, createdAt: '2026-11-27T10:00:00.000Z',
          } as never), // prettier-ignore
        );
      return Promise.resolve(answerOf(creativesEndpoints.staffList, []));
    });
    renderWithProviders(<CreativesPanel offerId={31} canWrite />);
    await userEvent.type(await screen.findByTestId('staff-creative-name'), 'Spring');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, picture());

    const add = screen.getByTestId('staff-creative-add');
    await waitFor(() => expect(add.matches(':disabled')).toBe(true));
    expect(screen.getByTestId('upload-progress').textContent).toBe('Uploading banner.png…');
    await userEvent.click(add);
    expect(creativePosts()).toHaveLength(0);

    finish(answerOf(staffNewsEndpoints.uploadImage, { id: 77, url: '/api/v1/image/77' }));
    await waitFor(() => expect(add.matches(':disabled')).toBe(false));
    expect(screen.getByTestId('upload-progress').textContent).toBe('');
    await userEvent.click(add);
    await waitFor(() => expect(creativePosts()).toHaveLength(1));
    expect(JSON.parse(String(creativePosts()[0]![1]!.body))).toMatchObject({
      kind: 'banner',
      name: 'Spring',
      imageId: 77,
    });
  });
});

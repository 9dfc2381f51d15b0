import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filesEndpoints } from '@portal/contracts';
import { saveSession } from '@/lib/session';
import { answerOf, configAnswer, renderWithProviders } from '@/test/render';
import { ComplianceDocuments } from './compliance-documents';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  saveSession('tok', new Date(Date.now() + 60_000), false);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation((url) => {
    const path = String(url);
    if (path.startsWith('/api/v1/config')) return Promise.resolve(configAnswer());
    const id = /\/file\/(\d+)\/url/.exec(path)?.[1];
    return Promise.resolve(
      answerOf(filesEndpoints.url, {
        url: `https://portal.example.test/api/v1/file/${id}/download?expires=1&signature=s`,
        expireAt: '2026-11-27T10:05:00.000Z',
      }),
    );
  });
});
afterEach(() => vi.unstubAllGlobals());

const record = (id: number, filename: string) => ({
  id,
  type: 'proof_of_identity',
  status: 'approved',
  expireAt: null,
  expired: false,
  document: { id, filename, url: `/api/v1/file/${id}/url` },
});

describe('compliance documents open in a preview (decision 099)', () => {
  it('shows a PDF in a frame asking for it inline, without a sandbox attribute, the download kept', async () => {
    const documents = { signed_contract: record(7, 'contract.pdf'), proof_of_identity: record(8, 'passport.png') };
    renderWithProviders(<ComplianceDocuments documents={documents as never} />);
    await userEvent.click(screen.getByTestId('document-preview-signed_contract'));
    const dialog = await screen.findByRole('dialog', { name: 'Preview: contract.pdf' });
    const frame = await within(dialog).findByTestId('file-preview-frame');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('/api/v1/file/7/download?expires=1&signature=s&disposition=inline');
    expect(frame.getAttribute('title')).toBe('contract.pdf');
    // The server's own CSP sandboxes the document: under a sandbox attribute Chromium would draw no PDF.
    expect(frame.hasAttribute('sandbox')).toBe(false);
    expect(within(dialog).getByTestId('file-preview-download')).toBeTruthy();
    expect(screen.getByTestId('document-download-signed_contract').getAttribute('aria-label')).toBe(
      'Download contract.pdf',
    );
  });

  it('shows a picture as an image', async () => {
    const documents = { proof_of_identity: record(8, 'passport.png') };
    renderWithProviders(<ComplianceDocuments documents={documents as never} />);
    await userEvent.click(screen.getByTestId('document-preview-proof_of_identity'));
    const image = await screen.findByTestId('file-preview-image');
    await waitFor(() => expect(image.getAttribute('src')).toContain('/file/8/download?expires=1&signature=s&disposition=inline')); // prettier-ignore
    expect(image.getAttribute('alt')).toBe('passport.png');
  });
});

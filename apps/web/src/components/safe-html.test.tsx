import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { SafeHtml } from './safe-html';

describe('SafeHtml', () => {
  it('keeps formatting but drops scripts, handlers and javascript: links', () => {
    const { getByTestId } = renderWithProviders(
      <SafeHtml
        data-testid="html"
        html={
          '<p onclick="x()">Hi <strong>there</strong><img src="x.png" onerror="alert(1)"></p><script>alert(2)</script><a href="javascript:alert(3)">l</a><form><input></form>'
        }
      />,
    );
    const root = getByTestId('html');
    expect(root.querySelector('strong')?.textContent).toBe('there');
    expect(root.innerHTML).not.toMatch(/script|onerror|onclick|javascript:|<form|<input/);
  });
});

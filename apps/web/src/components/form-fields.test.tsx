import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { fieldBuilders } from './form-fields';

type Values = { city: string; state: string; country: string; langs: string[] };

const COUNTRIES = [
  { value: 'FR', label: 'France' },
  { value: 'DE', label: 'Germany' },
];
const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'fr', label: 'French' },
];

/** A form the way the company form builds it: register labels, the company's test ids, required by default. */
function Form({ onSubmit }: { onSubmit: (values: Values) => void }) {
  const { t } = useTranslation();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { city: '', state: '', country: '', langs: [] } });
  const { text, select, multiSelect } = fieldBuilders({
    t,
    control,
    register,
    errors,
    labels: 'register',
    testIds: 'company',
    required: true,
  });
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      {text('city', 100)}
      {text('state', 100, { required: false })}
      {select('country', COUNTRIES)}
      {multiSelect('langs', LANGUAGES)}
      <button type="button" onClick={() => setError('city', { type: 'server', message: 'Unknown city.' })}>
        refuse
      </button>
      <button type="button" onClick={() => setError('country', { type: 'server', message: 'required' })}>
        refuse country
      </button>
      <button type="submit">save</button>
    </form>
  );
}

describe('fieldBuilders', () => {
  it('labels each field from its name, marks the required ones and sets the test ids', () => {
    renderWithProviders(<Form onSubmit={vi.fn()} />);
    const city = screen.getByLabelText('City', { exact: true });
    expect(city.getAttribute('data-testid')).toBe('company-city');
    expect(city.getAttribute('maxlength')).toBe('100');
    // The mark is the label's data attribute, drawn by CSS, so the label text stays exact.
    expect(document.querySelector('label[for="' + city.id + '"]')?.hasAttribute('data-required-mark')).toBe(true);
    const state = screen.getByLabelText('State', { exact: true });
    expect(document.querySelector('label[for="' + state.id + '"]')?.hasAttribute('data-required-mark')).toBe(false);
    expect(screen.getByTestId('company-country')).toBeTruthy();
    expect(screen.getByTestId('company-langs')).toBeTruthy();
  });

  it('shows an error under its field, described by it; a rule name becomes its text', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Form onSubmit={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'refuse' }));
    const city = screen.getByLabelText('City', { exact: true });
    await waitFor(() => expect(city.getAttribute('aria-invalid')).toBe('true'));
    const described = city.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described.split(' ').find((id) => id.endsWith('error')) ?? '')?.textContent).toBe(
      'Unknown city.',
    );

    await user.click(screen.getByRole('button', { name: 'refuse country' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
  });

  it('hands the chosen values to the form', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<Form onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('City', { exact: true }), 'Lyon');
    await user.click(screen.getByTestId('company-country'));
    await user.click(await screen.findByRole('option', { name: 'Germany', hidden: true }));
    await user.click(screen.getByTestId('company-langs'));
    await user.click(await screen.findByRole('option', { name: 'French', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ city: 'Lyon', state: '', country: 'DE', langs: ['fr'] });
  });
});

import { createTheme, MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { DROPDOWN_MAX_HEIGHT_PX } from '@portal/contracts';
import { GlobalLoadingOverlay } from '@/components/global-loading-overlay';
import { SnackbarHost } from '@/components/snackbar-host';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { themeColors } from './theme-colors';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  // WCAG AA contrast everywhere (decision 047): the palettes' text and fill shades darkened, hue kept.
  colors: themeColors,
  // A focus ring on whatever the keyboard reaches (:focus-visible), never on a mouse click.
  focusRing: 'auto',
  components: {
    // Icon-only close buttons (dialogs, drawers, snackbars) and inputs' clear buttons have a name (decision 047).
    // Plain objects rather than `Select.extend(…)`: naming the components here would put them, and the combobox and
    // popover they are built on, in the first chunk every page loads (decision 048).
    CloseButton: { defaultProps: { 'aria-label': i18n.t('common.close') } },
    InputClearButton: { defaultProps: { 'aria-label': i18n.t('common.clear') } },
    // Dropdown menus are at most 300 px high (spec section 9), everywhere.
    Select: { defaultProps: { maxDropdownHeight: DROPDOWN_MAX_HEIGHT_PX } },
    MultiSelect: { defaultProps: { maxDropdownHeight: DROPDOWN_MAX_HEIGHT_PX } },
    Autocomplete: { defaultProps: { maxDropdownHeight: DROPDOWN_MAX_HEIGHT_PX } },
    TagsInput: { defaultProps: { maxDropdownHeight: DROPDOWN_MAX_HEIGHT_PX } },
    // Every table scrolls inside its own box, never the page; on a phone its first column stays put and a hint and
    // an edge shadow say there is more to the side (global.css, decision 032). Native scrolling: touch and momentum.
    // The box is a Tab stop, so that a keyboard can scroll a table with nothing focusable in it (decision 047).
    TableScrollContainer: {
      defaultProps: {
        type: 'native',
        ...({ 'data-scroll-hint': i18n.t('shell.tableScrollHint'), tabIndex: 0 } as object),
      },
      classNames: { scrollContainer: 'portal-table-scroll' },
    },
  },
});

/**
 * Secondary texts at AA on white and on the light backgrounds they sit on (grey rows, the guest page, unread
 * notifications): Mantine's dimmed, placeholder and disabled greys are 2–3.3:1 (decision 047).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-disabled-color': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});

type AppProvidersProps = { children: ReactNode };

/**
 * Everything that is "always available" (spec section 2): overlay and snackbars. Dialogs are Mantine's `Modal`
 * where they are used: no modal host (@mantine/modals) is loaded with every page (decision 048).
 */
export function AppProviders({ children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
          <SnackbarHost />
          <GlobalLoadingOverlay />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

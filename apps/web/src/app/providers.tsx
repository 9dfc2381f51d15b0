import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { DROPDOWN_MAX_HEIGHT_PX, SNACKBAR_CLOSE_ANIMATION_MS } from '@portal/contracts';
import { GlobalLoadingOverlay } from '@/components/global-loading-overlay';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  // Dropdown menus are at most 300 px high (spec section 9), everywhere.
  components: {
    // Plain objects rather than `Select.extend(…)`: naming the components here would put them, and the combobox and
    // popover they are built on, in the first chunk every page loads (decision 048).
    Select: { defaultProps: { maxDropdownHeight: DROPDOWN_MAX_HEIGHT_PX } },
    MultiSelect: { defaultProps: { maxDropdownHeight: DROPDOWN_MAX_HEIGHT_PX } },
    Autocomplete: { defaultProps: { maxDropdownHeight: DROPDOWN_MAX_HEIGHT_PX } },
    TagsInput: { defaultProps: { maxDropdownHeight: DROPDOWN_MAX_HEIGHT_PX } },
    // Every table scrolls inside its own box, never the page; on a phone its first column stays put and a hint and
    // an edge shadow say there is more to the side (global.css, decision 032). Native scrolling: touch and momentum.
    TableScrollContainer: {
      defaultProps: {
        type: 'native',
        ...({ 'data-scroll-hint': i18n.t('shell.tableScrollHint') } as object),
      },
      classNames: { scrollContainer: 'portal-table-scroll' },
    },
  },
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
        <MantineProvider theme={theme} defaultColorScheme="light">
          <Notifications position="top-center" transitionDuration={SNACKBAR_CLOSE_ANIMATION_MS} limit={5} />
          <GlobalLoadingOverlay />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

/** The query keys of the account settings screen. */
export const accountSettingsKeys = {
  all: ['account-settings'] as const,
};

import { type Preferences, settingsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { useSettingsSave } from './use-settings-save';

export const useSavePreferences = () =>
  useSettingsSave((body: Preferences) =>
    api.call(settingsEndpoints.setPreferences, { body }, { skipBadRequestHandling: true }),
  );

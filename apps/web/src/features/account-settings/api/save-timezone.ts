import { settingsEndpoints, type TimezoneBody } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { useSettingsSave } from './use-settings-save';

export const useSaveTimezone = () =>
  useSettingsSave((body: TimezoneBody) =>
    api.call(settingsEndpoints.setTimezone, { body }, { skipBadRequestHandling: true }),
  );

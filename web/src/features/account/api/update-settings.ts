import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { queryKeys } from '@/shared/api/query-keys';
import type { AccountSettings, SettingsUpdate } from '@/shared/api/types';
import { settingsKey } from './get-settings';

/**
 * PATCH /api/v1/settings/ — changes the fields sent; a bad name or e-mail is named under its field (the
 * strict e-mail check of spec 000 §5) and changes nothing. Answers the settings.
 */
export function updateSettings(body: SettingsUpdate): Promise<AccountSettings> {
  return api.patch<AccountSettings>('/api/v1/settings/', body);
}

/** The answer replaces the settings; `me` (the account menu's 'Hello, name') is asked again. */
export function useUpdateSettings(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => {
      qc.setQueryData(settingsKey(userId), settings);
      void qc.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

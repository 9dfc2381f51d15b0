import { Badge, Image, Text } from '@mantine/core';
import { type StaffColumn } from '@/components/staff-table';
import type { useStaffCreatives } from '../api/get-staff-creatives';
import type { TFunction } from 'i18next';
export type CreativeRow = NonNullable<ReturnType<typeof useStaffCreatives>['data']>[number];

/** The offer's creatives as the staff panel lists them: name, kind (and size), a preview. */
export function creativeColumns(t: TFunction): StaffColumn<CreativeRow>[] {
  return [
    { key: 'name', label: t('staff.offers.creatives.name'), width: 220, cell: (c) => c.name },
    {
      key: 'kind',
      label: t('staff.offers.creatives.kind'),
      width: 170,
      cell: (c) => (
        <>
          <Badge variant="light">{t(`offers.creatives.kinds.${c.kind}`)}</Badge>
          {c.width && c.height ? <Text size="xs">{`${c.width} × ${c.height}`}</Text> : null}
        </>
      ),
    },
    {
      key: 'preview',
      label: t('staff.offers.creatives.preview'),
      cell: (c) =>
        c.image ? (
          <Image src={c.image} alt={c.name} h={40} w="auto" fit="contain" />
        ) : (
          <Text size="xs" lineClamp={2} ff="monospace">
            {c.html ?? c.text}
          </Text>
        ),
    },
  ];
}

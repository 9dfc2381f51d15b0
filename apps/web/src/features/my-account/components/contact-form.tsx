import { useState } from 'react';
import { Anchor, Button, FileInput, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  UpdatePartnerContactBodySchema,
  type UpdatePartnerContactBody,
  type UpdatePartnerContactForm,
} from '@portal/contracts';
import { fieldBuilders } from '@/components/form-fields';
import { reloadConfig, type PortalConfig } from '@/lib/config';
import { handleFormError } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import { downloadFile } from '@/lib/files';
import { updateContact } from '../api/update-contact';
import { ACCEPTED_FILE_TYPES, isTooLarge, readAsUpload } from '@/lib/read-file';

type Contact = NonNullable<NonNullable<PortalConfig['partner']>['mainContact']>;

const FIELDS = ['civility', 'firstname', 'lastname', 'email', 'phoneNumber', 'telegram', 'teams', 'document'] as const;

const toForm = (c: Contact): UpdatePartnerContactForm => ({
  civility: c.civility ?? '',
  firstname: c.firstname,
  lastname: c.lastname,
  email: c.email ?? '',
  phoneNumber: c.phoneNumber ?? '',
  telegram: c.telegram ?? '',
  teams: c.teams ?? '',
});

/** The main contact, with an optional document, saved with PUT /partner-contact/{id}. */
export function ContactForm({ config, contact }: { config: PortalConfig; contact: Contact }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isValid },
  } = useForm<UpdatePartnerContactForm, unknown, UpdatePartnerContactBody>({
    resolver: zodResolver(UpdatePartnerContactBodySchema),
    mode: 'onChange',
    defaultValues: toForm(contact),
  });

  const currentDocument = contact.document;
  const civilities = config.data.civilityList.map(({ value, label }) => ({ value, label }));

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setFileError(chosen && isTooLarge(chosen) ? t('myAccount.fileTooLarge') : undefined);
  };

  const onSubmit = handleSubmit(async (body) => {
    try {
      const document = file ? await readAsUpload(file) : undefined;
      const { data } = await updateContact(contact.id, { ...body, ...(document ? { document } : {}) });
      reset(toForm(data as Contact));
      setFile(null);
      showSnackbar({ kind: 'success', message: t('myAccount.contact.saved') });
      await reloadConfig(queryClient);
    } catch (error) {
      handleFormError(error, {
        t,
        fields: FIELDS,
        setError: (field, fieldError) => {
          if (field === 'document') setFileError(fieldError.message);
          else setError(field, fieldError);
        },
      });
    }
  });

  const { text, select } = fieldBuilders({
    t,
    control,
    register,
    errors,
    labels: 'myAccount.contact',
    testIds: 'contact',
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="contact-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {select('civility', civilities, { typeAhead: true, clearable: true })}
          {text('firstname', 100, { required: true })}
          {text('lastname', 100, { required: true })}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('email', 254, { required: true })}
          {text('phoneNumber', 32)}
          {text('telegram', 100)}
          {text('teams', 100)}
        </SimpleGrid>
        <FileInput
          label={t('myAccount.contact.document')}
          placeholder={t('myAccount.chooseFile')}
          description={t('myAccount.fileRules')}
          accept={ACCEPTED_FILE_TYPES}
          clearable
          value={file}
          onChange={chooseFile}
          error={fileError}
          data-testid="contact-document"
        />
        {currentDocument ? (
          <Text size="sm">
            {t('myAccount.contact.currentDocument')}{' '}
            <Anchor
              component="button"
              type="button"
              onClick={() => void downloadFile(currentDocument.id)}
              data-testid="contact-document-download"
            >
              {currentDocument.filename}
            </Anchor>
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={isSubmitting}
            disabled={!isValid || isSubmitting || Boolean(fileError)}
            data-testid="contact-save"
          >
            {t('myAccount.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

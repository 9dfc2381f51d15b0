import { FileInput, Image, Button, Group, Modal, Stack, Switch } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PRODUCT_TYPES, ProductCreateSchema } from '@portal/contracts';
import { fieldBuilders } from '@/components/form-fields';
import { UploadProgress, useUpload } from '@/components/upload-progress';
import { isApiRequestError } from '@/lib/api-client';
import { handleFormError } from '@/lib/form-errors';
import { isTooLarge, readAsUpload } from '@/lib/read-file';
import { showSnackbar } from '@/lib/snackbar';
import { uploadLogo } from '../api/upload-logo';
import { useSaveProduct } from '../api/save-product';
import { type ProductRow } from '../api/get-advertiser';

const ProductFormSchema = ProductCreateSchema.extend({ logoId: z.number().int().positive().nullable().optional() });
type ProductValues = z.input<typeof ProductFormSchema>;
type ProductOutput = z.output<typeof ProductFormSchema>;
const PRODUCT_FIELDS = ['identifier', 'type', 'domain', 'enabled', 'logoId', 'cross', 'coreg'] as const;

export function ProductForm({ advertiserId, product, onClose }: { advertiserId: number; product: ProductRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveProduct(advertiserId);
  const [logoError, setLogoError] = useState<string | null>(null);
  const upload = useUpload();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProductValues, unknown, ProductOutput>({
    resolver: zodResolver(ProductFormSchema),
    mode: 'onTouched',
    defaultValues: product
      ? { identifier: product.identifier, type: product.type as ProductValues['type'], domain: product.domain, enabled: product.enabled, logoId: product.logoId, cross: product.cross, coreg: product.coreg }
      : { identifier: '', type: 'web', domain: '', enabled: true, logoId: null, cross: false, coreg: false },
  });
  const { text, select } = fieldBuilders({ t, control, register, errors, labels: 'staff.advertisers.productFields', testIds: 'staff-product' });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: product?.id ?? null, body: values });
      showSnackbar({ kind: 'success', message: t('staff.advertisers.productSaved') });
      onClose();
    } catch (error) {
      handleFormError(error, { t, fields: PRODUCT_FIELDS, setError });
    }
  });
  const flag = (name: 'enabled' | 'cross' | 'coreg') => (
    <Controller control={control} name={name} render={({ field }) => (
      <Switch label={t(`staff.advertisers.productFields.${name}`)} checked={Boolean(field.value)} onChange={(e) => field.onChange(e.currentTarget.checked)} data-testid={`staff-product-${name}`} />
    )} />
  );
  return (
    <Modal opened onClose={onClose} title={product ? t('staff.advertisers.editProduct', { name: product.identifier }) : t('staff.advertisers.newProduct')}>
      <form onSubmit={onSubmit} noValidate data-testid="staff-product-form">
        <Stack gap="sm">
          {text('identifier', 64, { required: true, description: t('staff.advertisers.identifierHint') })}
          {select('type', PRODUCT_TYPES.map((value) => ({ value, label: t(`staff.advertisers.productTypes.${value}`) })), { typeAhead: true, allowDeselect: false })}
          {text('domain', 253, { required: true, description: t('staff.advertisers.domainHint') })}
          <Controller control={control} name="logoId" render={({ field }) => (
            <Group align="flex-end">
              <Stack gap={4} w={280}>
                <FileInput
                  label={t('staff.advertisers.productFields.logoId')}
                  accept="image/png,image/jpeg"
                  clearable
                  disabled={upload.uploading}
                  error={logoError ?? errors.logoId?.message}
                  onChange={async (file) => {
                    setLogoError(null);
                    field.onChange(null);
                    if (!file) return;
                    if (isTooLarge(file)) return setLogoError(t('staff.offers.imageTooLarge'));
                    try {
                      field.onChange((await upload.run(file, async () => uploadLogo(await readAsUpload(file)))).id);
                    } catch (error) {
                      setLogoError((isApiRequestError(error) && error.errors?.['image.data']) || t('errors.generic'));
                    }
                  }}
                  data-testid="staff-product-logo"
                />
                <UploadProgress upload={upload} />
              </Stack>
              {field.value ? <Image src={`/api/v1/image/${field.value}`} alt={t('staff.advertisers.logoAlt')} h={40} w="auto" fit="contain" data-testid="staff-product-logo-preview" /> : null}
            </Group>
          )} />
          <Group>
            {flag('enabled')}
            {flag('cross')}
            {flag('coreg')}
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={upload.uploading} data-testid="staff-product-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
} // prettier-ignore

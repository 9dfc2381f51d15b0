import { Accordion, Center, Loader, Text } from '@mantine/core';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '@/lib/config';
import { loadOnce, useLoadOnce } from '@/lib/load-once';
import { CompanyForm } from './company-form';

/**
 * The contact, payment and documents panels' code (their forms, react-hook-form, zod and the contracts' schemas, the
 * IBAN check, the file fields): asked for when a pointer comes near one's header or it gets the focus, drawn when one
 * is opened (decision 122); the company form, open on arrival, validates without them (lib/use-contract-form.ts).
 */
const panels = loadOnce(() => import('./account-panels.lazy'));
type Panels = NonNullable<typeof panels.loaded>;

/** The four accordions of My Account (spec sections 2 and 3): company, contact, payment, documents. */
export function MyAccount() {
  const { t } = useTranslation();
  const config = useConfig();
  const [opened, setOpened] = useState<string[]>(['company']);
  // The panels opened once: drawn from then on, closed or not, so that a form keeps what was typed as it did.
  const [shown, setShown] = useState<string[]>(opened);
  const open = (values: string[]) => {
    setOpened(values);
    setShown((before) => [...new Set([...before, ...values])]);
  };
  const later = shown.some((value) => value !== 'company');
  // A panel opened while its code is on its way shows a loader; should the code not come, the press is forgotten.
  const forget = useCallback(() => {
    setOpened((values) => values.filter((value) => value === 'company'));
    setShown((values) => values.filter((value) => value === 'company'));
  }, []);
  const loaded = useLoadOnce(panels, later, forget);
  const partner = config.partner;
  if (!partner) {
    return <Text c="dimmed">{t('myAccount.noPartner')}</Text>;
  }
  const approach = { onPointerEnter: panels.preload, onFocus: panels.preload };
  const panel = (value: string, draw: (code: Panels) => ReactNode) =>
    !shown.includes(value) ? null : loaded ? (
      draw(loaded)
    ) : (
      <Center aria-busy="true" data-testid={`my-account-${value}-pending`}>
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  return (
    <Accordion multiple value={opened} onChange={open} variant="separated" data-testid="my-account">
      <Accordion.Item value="company">
        <Accordion.Control data-testid="accordion-company">{t('myAccount.company.title')}</Accordion.Control>
        <Accordion.Panel>
          <CompanyForm config={config} partner={partner} />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="contact">
        <Accordion.Control data-testid="accordion-contact" {...approach}>
          {t('myAccount.contact.title')}
        </Accordion.Control>
        <Accordion.Panel>
          {panel('contact', ({ ContactForm }) =>
            partner.mainContact ? (
              <ContactForm config={config} contact={partner.mainContact} />
            ) : (
              <Text c="dimmed">{t('myAccount.contact.none')}</Text>
            ),
          )}
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="payment">
        <Accordion.Control data-testid="accordion-payment" {...approach}>
          {t('myAccount.payment.title')}
        </Accordion.Control>
        <Accordion.Panel>
          {panel('payment', ({ PaymentForm }) => (
            <PaymentForm partner={partner} />
          ))}
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="documents">
        <Accordion.Control data-testid="accordion-documents" {...approach}>
          {t('myAccount.documents.title')}
        </Accordion.Control>
        <Accordion.Panel>
          {panel('documents', ({ ComplianceDocuments }) => (
            <ComplianceDocuments documents={partner.documents} />
          ))}
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

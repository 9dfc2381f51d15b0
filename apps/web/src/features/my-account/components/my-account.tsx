import { Accordion, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConfig } from '@/lib/config';
import { CompanyForm } from './company-form';
import { ComplianceDocuments } from './compliance-documents';
import { ContactForm } from './contact-form';
import { PaymentForm } from './payment-form';

/** The four accordions of My Account (spec sections 2 and 3): company, contact, payment, documents. */
export function MyAccount() {
  const { t } = useTranslation();
  const config = useConfig();
  const partner = config.partner;
  if (!partner) {
    return <Text c="dimmed">{t('myAccount.noPartner')}</Text>;
  }
  return (
    <Accordion multiple defaultValue={['company']} variant="separated" data-testid="my-account">
      <Accordion.Item value="company">
        <Accordion.Control data-testid="accordion-company">{t('myAccount.company.title')}</Accordion.Control>
        <Accordion.Panel>
          <CompanyForm config={config} partner={partner} />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="contact">
        <Accordion.Control data-testid="accordion-contact">{t('myAccount.contact.title')}</Accordion.Control>
        <Accordion.Panel>
          {partner.mainContact ? (
            <ContactForm config={config} contact={partner.mainContact} />
          ) : (
            <Text c="dimmed">{t('myAccount.contact.none')}</Text>
          )}
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="payment">
        <Accordion.Control data-testid="accordion-payment">{t('myAccount.payment.title')}</Accordion.Control>
        <Accordion.Panel>
          <PaymentForm partner={partner} />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="documents">
        <Accordion.Control data-testid="accordion-documents">{t('myAccount.documents.title')}</Accordion.Control>
        <Accordion.Panel>
          <ComplianceDocuments documents={partner.documents} />
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

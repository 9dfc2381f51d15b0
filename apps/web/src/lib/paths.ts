/** Every route href in one place, so links and redirects can't drift apart. */
export const paths = {
  login: {
    path: '/login',
    href: (redirect?: string | null) => (redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'),
  },
  register: { path: '/register', href: () => '/register' },
  registerSuccess: { path: '/register/success', href: () => '/register/success' },
  passwordLost: { path: '/password-lost', href: () => '/password-lost' },
  passwordReset: {
    path: '/password-reset',
    href: (key: string) => `/password-reset?key=${encodeURIComponent(key)}`,
  },
  /** First-run setup of an install with no admin (decision 028), from the link the server prints. */
  setup: { path: '/setup', href: (key: string) => `/setup?key=${encodeURIComponent(key)}` },
  dashboard: { path: '/', href: () => '/' },
  offers: { path: '/offers', href: () => '/offers' },
  /** An earlier reading names the offer list /offer; both are accepted (spec section 2). */
  offersAlias: { path: '/offer', href: () => '/offer' },
  offer: { path: '/offer/:id', href: (id: number) => `/offer/${id}` },
  reports: { path: '/reports', href: () => '/reports' },
  report: { path: '/reports/:report', href: (report: string) => `/reports/${report}` },
  reportConversion: { path: '/reports/conversion', href: () => '/reports/conversion' },
  reportClick: { path: '/reports/click', href: () => '/reports/click' },
  payments: { path: '/payments', href: () => '/payments' },
  postbacks: { path: '/tools/postbacks', href: () => '/tools/postbacks' },
  myAccount: { path: '/my-account', href: () => '/my-account' },
  api: { path: '/api', href: () => '/api' },
  account: { path: '/account', href: () => '/account' },
  notifications: { path: '/notifications', href: () => '/notifications' },
  /** The staff console's home: the work queues (decision 036). */
  staffHome: { path: '/staff', href: () => '/staff' },
  /** Back-office: partners and their statuses (decision 026), for staff only. */
  staffPartners: { path: '/staff/partners', href: () => '/staff/partners' },
  /** Back-office: one partner, its tabs (decision 040). */
  staffPartner: {
    path: '/staff/partners/:id',
    href: (id: number, tab?: string) => (tab ? `/staff/partners/${id}?tab=${tab}` : `/staff/partners/${id}`),
  },
  /** Back-office: advertisers, their products, tokens and postbacks (decision 041), for admins. */
  staffAdvertisers: { path: '/staff/advertisers', href: () => '/staff/advertisers' },
  staffAdvertiser: { path: '/staff/advertisers/:id', href: (id: number) => `/staff/advertisers/${id}` },
  /** Back-office: the catalogue, its goals' revenue and payout, targeting (decision 044); admins write it. */
  staffOffers: { path: '/staff/offers', href: () => '/staff/offers' },
  staffOfferNew: { path: '/staff/offers/new', href: () => '/staff/offers/new' },
  staffOffer: { path: '/staff/offers/:id', href: (id: number) => `/staff/offers/${id}` },
  /** Back-office: the network reports with advertiser revenue, payout and margin (decision 046), for every staff member. */
  staffReports: { path: '/staff/reports', href: () => '/staff/reports' },
  /** Back-office: news for partners, with their audiences (decision 042), for admins. */
  staffNews: { path: '/staff/news', href: () => '/staff/news' },
  staffGoals: { path: '/staff/goals', href: () => '/staff/goals' },
  staffTraffic: { path: '/staff/traffic', href: () => '/staff/traffic' },
  /** Back-office: the conversions the traffic rules held for review, with their evidence (decision 108). */
  staffFraudReview: { path: '/staff/fraud-review', href: () => '/staff/fraud-review' },
  /** Back-office: the monthly billing run (decision 027), for admins only. */
  staffBilling: { path: '/staff/billing', href: () => '/staff/billing' },
  /** Back-office: the invoices finance works through to payment (admins, finance; managers their partners'). */
  staffInvoices: {
    path: '/staff/invoices',
    href: (status?: string) => (status ? `/staff/invoices?status=${encodeURIComponent(status)}` : '/staff/invoices'),
  },
  /** Back-office: SEPA payment batches built from validated invoices, approved by a second person (decision 073). */
  staffPaymentsOut: { path: '/staff/payments-out', href: () => '/staff/payments-out' },
  staffPaymentBatch: { path: '/staff/payments-out/:id', href: (id: number) => `/staff/payments-out/${id}` },
  /** Back-office: what advertisers owe, by ageing bucket, and their invoices (decision 073). */
  staffAdvertiserInvoices: { path: '/staff/advertiser-invoices', href: () => '/staff/advertiser-invoices' },
  /** Back-office: the books of a month, per currency (decision 073). */
  staffLedger: {
    path: '/staff/ledger',
    href: (month?: string) => (month ? `/staff/ledger?month=${encodeURIComponent(month)}` : '/staff/ledger'),
  },
  /** Back-office: staff users, teams and security settings (admins, team managers). */
  staffUsers: { path: '/staff/users', href: () => '/staff/users' },
  /** Back-office: the pending applications to offers. */
  staffApplications: { path: '/staff/applications', href: () => '/staff/applications' },
  /** Back-office: the pending compliance documents. */
  staffDocuments: { path: '/staff/documents', href: () => '/staff/documents' },
  /** Back-office: the conversion search (decision 071); `?q=TX123` opens a transaction, `?status=pending` the review. */
  staffConversions: {
    path: '/staff/conversions',
    href: (filters?: Record<string, string>) =>
      filters && Object.keys(filters).length > 0
        ? `/staff/conversions?${new URLSearchParams(filters).toString()}`
        : '/staff/conversions',
  },
  /** Back-office: advertisers' scrub files, previewed then applied (decision 069). */
  /** The advertiser portal (decision 087): its conversions are its home. */
  advertiserHome: { path: '/advertiser', href: () => '/advertiser' },
  advertiserOffers: { path: '/advertiser/offers', href: () => '/advertiser/offers' },
  advertiserPostbacks: { path: '/advertiser/postbacks', href: () => '/advertiser/postbacks' },
  advertiserInvoices: { path: '/advertiser/invoices', href: () => '/advertiser/invoices' },
  advertiserScrubs: { path: '/advertiser/scrubs', href: () => '/advertiser/scrubs' },
  advertiserSetup: { path: '/advertiser/setup', href: () => '/advertiser/setup' },
  staffScrubs: { path: '/staff/conversions/scrubs', href: () => '/staff/conversions/scrubs' },
  staffScrub: { path: '/staff/conversions/scrubs/:id', href: (id: number) => `/staff/conversions/scrubs/${id}` },
  /** Back-office: who changed what, when and why (decision 036). */
  staffAuditLog: {
    path: '/staff/audit-log',
    href: (filter?: { entityType?: string; entityId?: string }) =>
      filter?.entityType
        ? `/staff/audit-log?${new URLSearchParams({ entityType: filter.entityType, ...(filter.entityId ? { entityId: filter.entityId } : {}) }).toString()}`
        : '/staff/audit-log',
  },
  // The spec leaves the targets of these two links unspecified; in-page anchors until they exist.
  terms: { href: () => '#terms' },
  insertionOrder: { href: () => '#insertion-order' },
} as const;

export const DEFAULT_REPORT = 'daily';
/** Report types served by the basic (daily/sub-ID) report screen. */
export const BASIC_REPORTS = ['daily', 'subid'] as const;

import {
  IconArrowsExchange,
  IconBuildingBank,
  IconBuildingStore,
  IconChartBar,
  IconClipboardCheck,
  IconCreditCard,
  IconFileCheck,
  IconFileInvoice,
  IconFileX,
  IconGauge,
  IconHistory,
  IconHome,
  IconNews,
  IconPlugConnected,
  IconReceipt,
  IconReportMoney,
  IconScale,
  IconShieldCheck,
  IconShieldSearch,
  IconTag,
  IconTags,
  IconTarget,
  IconUserCircle,
  IconUserShield,
  IconUsersGroup,
  IconWebhook,
  type Icon,
} from '@tabler/icons-react';
import { DUTY_ROLES, STAFF_ROLES, type Role } from '@portal/contracts';
import type { ScreenTextFile, StaffTextFile } from './i18n';
import { DEFAULT_REPORT, paths } from './paths';
import { hasAnyRole, hasRequiredRoles } from './roles';

/** A screen's entry in the main menu. */
export type MenuEntry = {
  /** i18n key of the entry's label. */
  label: string;
  icon: Icon;
  /** Place in the menu, lowest first. */
  order: number;
  /** The entry's data-testid. */
  testId: string;
  /** Where the entry leads, when not the screen's own path (Reports opens the default report). */
  to?: string;
  /** Other path prefixes that belong to this entry (e.g. /offer/12 under Offers). */
  activePrefixes?: readonly string[];
  /** Roles of which one shows the entry, when fewer than open the screen (the audit log: in the admins' menu). */
  anyRoles?: readonly Role[];
};

/** What the router and the main menu both read about a screen. */
export type Screen = {
  /** The route pattern, absolute (from `paths`). */
  path: string;
  /** i18n key of the screen title, used for document.title. */
  title: string;
  /** Roles the user must all hold (checked against config.roles; spec section 6). */
  roles?: readonly Role[];
  /** Roles of which the user must hold one at least (the back-office screens: any staff role). */
  anyRoles?: readonly Role[];
  /** The guest card grows for long forms (registration). */
  wideCard?: boolean;
  /**
   * Whose screen it is, once signed in: the partner portal's, the staff console's, or both (account settings).
   * A staff member who opens a partner screen is taken to the console's home, a partner who opens a staff screen to
   * the dashboard, quietly (decision 036); guest screens have none.
   */
  area?: ScreenArea;
  /**
   * The files of screen texts the screen names (lib/i18n.ts), loaded before it is drawn; every file when absent
   * (decision 115). `locales/en.test.ts` holds each list against the texts the screen's code names.
   */
  texts?: readonly ScreenTextFile[];
  /**
   * A staff screen's files of staff texts (lib/i18n.ts), loaded before it is drawn beside what every staff screen
   * reads; every file when absent (decision 119). Held by `locales/en.test.ts` as `texts` is.
   */
  staffTexts?: readonly StaffTextFile[];
  menu?: MenuEntry;
};

export type ScreenArea = 'partner' | 'staff' | 'advertiser' | 'both';

/** Whether a user of these roles works in the staff console rather than the partner portal. */
export function isStaffUser(granted: readonly string[]): boolean {
  return !granted.includes('ROLE_PARTNER') && granted.some((role) => (STAFF_ROLES as readonly string[]).includes(role));
}

/** Whether a user of these roles is an advertiser's, who works in the advertiser portal (decision 087). */
export const isAdvertiserUser = (granted: readonly string[]) => granted.includes('ROLE_ADVERTISER');

/** The half a signed-in user of these roles works in. */
export function areaOfUser(granted: readonly string[]): Exclude<ScreenArea, 'both'> {
  if (isAdvertiserUser(granted)) return 'advertiser';
  return isStaffUser(granted) ? 'staff' : 'partner';
}

/** Whether a signed-in user of these roles belongs on a screen of this area. */
export function areaAllows(area: ScreenArea | undefined, granted: readonly string[]): boolean {
  if (!area || area === 'both') return true;
  return area === areaOfUser(granted);
}

/** The roles that handle partners (admins pass any): the console's partner screens, not finance's. */
const PARTNER_MANAGERS: readonly Role[] = ['ROLE_ADMIN', 'ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER'];
/** Who pays partners and bills advertisers (decision 073): admins and finance. */
const MONEY_ROLES: readonly Role[] = ['ROLE_ADMIN', 'ROLE_FINANCE'];
/** Who changes conversions after the fact (decision 069). */
const CONVERSION_WRITERS: readonly Role[] = [...PARTNER_MANAGERS, 'ROLE_FINANCE'];

/**
 * Every screen in one table: app/router.tsx builds its routes' paths and handles from it and the main
 * menu its entries, so a path, a title or a role is declared once. The server checks roles again.
 */
export const screens = {
  // Guest screens.
  login: { path: paths.login.path, title: 'screen.login' },
  register: { path: paths.register.path, title: 'screen.register', wideCard: true, texts: ['screens'] },
  registerSuccess: { path: paths.registerSuccess.path, title: 'screen.registerSuccess', texts: ['screens'] },
  passwordLost: { path: paths.passwordLost.path, title: 'screen.passwordLost', texts: ['screens'] },
  passwordReset: { path: paths.passwordReset.path, title: 'screen.passwordReset', texts: ['screens'] },
  setup: { path: paths.setup.path, title: 'screen.setup', texts: ['screens'] },
  // Signed-in screens.
  dashboard: {
    path: paths.dashboard.path,
    title: 'screen.dashboard',
    texts: [],
    area: 'partner',
    menu: { label: 'shell.menu.dashboard', icon: IconGauge, order: 10, testId: 'menu-dashboard' },
  },
  offers: {
    path: paths.offers.path,
    title: 'screen.offers',
    texts: ['offers'],
    area: 'partner',
    menu: {
      label: 'shell.menu.offers',
      icon: IconTag,
      order: 20,
      testId: 'menu-offers',
      activePrefixes: [paths.offersAlias.path],
    },
  },
  offersAlias: { path: paths.offersAlias.path, title: 'screen.offers', area: 'partner', texts: ['offers'] },
  offer: { path: paths.offer.path, title: 'screen.offer', area: 'partner', texts: ['offers'] },
  reports: {
    path: paths.reports.path,
    title: 'screen.reports',
    texts: ['reports'],
    area: 'partner',
    menu: {
      label: 'shell.menu.reports',
      icon: IconChartBar,
      order: 30,
      testId: 'menu-reports',
      to: paths.report.href(DEFAULT_REPORT),
      activePrefixes: [paths.reports.path],
    },
  },
  reportConversion: {
    path: paths.reportConversion.path,
    title: 'screen.reportConversion',
    area: 'partner',
    texts: ['reports'],
  },
  reportClick: { path: paths.reportClick.path, title: 'screen.reportClick', area: 'partner', texts: ['reports'] },
  report: { path: paths.report.path, title: 'screen.reports', area: 'partner', texts: ['reports'] },
  payments: {
    path: paths.payments.path,
    title: 'screen.payments',
    texts: ['payments', 'reports', 'account'],
    area: 'partner',
    menu: { label: 'shell.menu.payments', icon: IconCreditCard, order: 40, testId: 'menu-payments' },
  },
  postbacks: {
    path: paths.postbacks.path,
    title: 'screen.postbacks',
    area: 'partner',
    menu: { label: 'shell.menu.postbacks', icon: IconWebhook, order: 50, testId: 'menu-postbacks' },
  },
  myAccount: {
    path: paths.myAccount.path,
    title: 'screen.myAccount',
    texts: ['account'],
    area: 'partner',
    menu: { label: 'shell.menu.myAccount', icon: IconUserCircle, order: 60, testId: 'menu-myAccount' },
  },
  // The top bar's links (features/shell header-links), not the main menu's.
  api: { path: paths.api.path, title: 'screen.api', area: 'partner' },
  account: { path: paths.account.path, title: 'screen.account', area: 'both', texts: ['screens'] },
  notifications: { path: paths.notifications.path, title: 'screen.notifications', area: 'partner' },
  // The staff console (decision 036): its own menu.
  staffHome: {
    path: paths.staffHome.path,
    title: 'screen.staffHome',
    texts: [],
    staffTexts: ['home', 'reports', 'offers'],
    area: 'staff',
    anyRoles: STAFF_ROLES,
    menu: { label: 'shell.menu.staffHome', icon: IconHome, order: 110, testId: 'menu-staffHome' },
  },
  staffPartners: {
    path: paths.staffPartners.path,
    title: 'screen.staffPartners',
    texts: ['account'],
    staffTexts: ['partners'],
    area: 'staff',
    anyRoles: PARTNER_MANAGERS,
    menu: {
      label: 'shell.menu.staffPartners',
      icon: IconUsersGroup,
      order: 120,
      testId: 'menu-staffPartners',
      activePrefixes: [paths.staffPartners.path],
    },
  },
  staffPartner: {
    path: paths.staffPartner.path,
    title: 'screen.staffPartner',
    area: 'staff',
    anyRoles: PARTNER_MANAGERS,
  },
  staffApplications: {
    path: paths.staffApplications.path,
    title: 'screen.staffApplications',
    area: 'staff',
    anyRoles: PARTNER_MANAGERS,
    menu: {
      label: 'shell.menu.staffApplications',
      icon: IconClipboardCheck,
      order: 130,
      testId: 'menu-staffApplications',
    },
  },
  staffDocuments: {
    path: paths.staffDocuments.path,
    title: 'screen.staffDocuments',
    area: 'staff',
    anyRoles: PARTNER_MANAGERS,
    menu: { label: 'shell.menu.staffDocuments', icon: IconFileCheck, order: 140, testId: 'menu-staffDocuments' },
  },
  staffConversions: {
    path: paths.staffConversions.path,
    title: 'screen.staffConversions',
    area: 'staff',
    // Managers search their partners' conversions, admins and finance every one (decision 071).
    anyRoles: [...PARTNER_MANAGERS, 'ROLE_FINANCE'],
    menu: {
      label: 'shell.menu.staffConversions',
      icon: IconArrowsExchange,
      order: 150,
      testId: 'menu-staffConversions',
    },
  },
  // The advertiser portal (decision 087): an advertiser user's own half.
  advertiserHome: {
    path: paths.advertiserHome.path,
    title: 'screen.advertiserConversions',
    area: 'advertiser',
    roles: ['ROLE_ADVERTISER'],
    menu: { label: 'shell.menu.advertiserConversions', icon: IconArrowsExchange, order: 300, testId: 'menu-advertiserConversions' }, // prettier-ignore
  },
  advertiserOffers: {
    path: paths.advertiserOffers.path,
    title: 'screen.advertiserOffers',
    area: 'advertiser',
    roles: ['ROLE_ADVERTISER'],
    menu: { label: 'shell.menu.advertiserOffers', icon: IconTag, order: 310, testId: 'menu-advertiserOffers' },
  },
  advertiserPostbacks: {
    path: paths.advertiserPostbacks.path,
    title: 'screen.advertiserPostbacks',
    area: 'advertiser',
    roles: ['ROLE_ADVERTISER'],
    menu: { label: 'shell.menu.advertiserPostbacks', icon: IconWebhook, order: 320, testId: 'menu-advertiserPostbacks' }, // prettier-ignore
  },
  advertiserInvoices: {
    path: paths.advertiserInvoices.path,
    title: 'screen.advertiserInvoices',
    area: 'advertiser',
    roles: ['ROLE_ADVERTISER'],
    menu: { label: 'shell.menu.advertiserInvoices', icon: IconFileInvoice, order: 330, testId: 'menu-advertiserInvoices' }, // prettier-ignore
  },
  advertiserScrubs: {
    path: paths.advertiserScrubs.path,
    title: 'screen.advertiserScrubs',
    area: 'advertiser',
    roles: ['ROLE_ADVERTISER'],
    menu: { label: 'shell.menu.advertiserScrubs', icon: IconFileX, order: 340, testId: 'menu-advertiserScrubs' },
  },
  advertiserSetup: {
    path: paths.advertiserSetup.path,
    title: 'screen.advertiserSetup',
    area: 'advertiser',
    roles: ['ROLE_ADVERTISER'],
    menu: { label: 'shell.menu.advertiserSetup', icon: IconPlugConnected, order: 350, testId: 'menu-advertiserSetup' },
  },
  // The fraud queue (decision 108): whoever decides conversions; the search keeps managers to their partners.
  staffFraudReview: {
    path: paths.staffFraudReview.path,
    title: 'screen.staffFraudReview',
    area: 'staff',
    anyRoles: CONVERSION_WRITERS,
    menu: {
      label: 'shell.menu.staffFraudReview',
      icon: IconShieldSearch,
      order: 150.5,
      testId: 'menu-staffFraudReview',
    },
  },
  staffScrubs: {
    path: paths.staffScrubs.path,
    title: 'screen.staffScrubs',
    area: 'staff',
    anyRoles: CONVERSION_WRITERS,
    menu: {
      label: 'shell.menu.staffScrubs',
      icon: IconFileX,
      order: 151,
      testId: 'menu-staffScrubs',
      activePrefixes: [paths.staffScrubs.path],
    },
  },
  staffScrub: { path: paths.staffScrub.path, title: 'screen.staffScrub', area: 'staff', anyRoles: CONVERSION_WRITERS },
  staffOffers: {
    path: paths.staffOffers.path,
    title: 'screen.staffOffers',
    texts: ['offers'],
    staffTexts: ['offers', 'traffic', 'partners'],
    area: 'staff',
    anyRoles: STAFF_ROLES,
    menu: {
      label: 'shell.menu.staffOffers',
      icon: IconTags,
      order: 153,
      testId: 'menu-staffOffers',
      activePrefixes: [paths.staffOffers.path],
    },
  },
  staffOfferNew: {
    path: paths.staffOfferNew.path,
    title: 'screen.staffOfferNew',
    texts: ['offers'],
    staffTexts: ['offers', 'traffic', 'partners'],
    area: 'staff',
    roles: ['ROLE_ADMIN'],
  },
  staffOffer: {
    path: paths.staffOffer.path,
    title: 'screen.staffOffer',
    // The panels below the form load their texts with their code (the creatives' kinds, the traffic rules: decision 129).
    texts: [],
    staffTexts: ['offers'],
    area: 'staff',
    anyRoles: STAFF_ROLES,
  },
  staffAdvertisers: {
    path: paths.staffAdvertisers.path,
    title: 'screen.staffAdvertisers',
    area: 'staff',
    roles: ['ROLE_ADMIN'],
    menu: {
      label: 'shell.menu.staffAdvertisers',
      icon: IconBuildingStore,
      order: 155,
      testId: 'menu-staffAdvertisers',
      activePrefixes: [paths.staffAdvertisers.path],
    },
  },
  staffAdvertiser: {
    path: paths.staffAdvertiser.path,
    title: 'screen.staffAdvertiser',
    area: 'staff',
    roles: ['ROLE_ADMIN'],
  },
  staffReports: {
    path: paths.staffReports.path,
    title: 'screen.staffReports',
    texts: [],
    staffTexts: ['reports', 'traffic'],
    area: 'staff',
    anyRoles: STAFF_ROLES,
    menu: { label: 'shell.menu.staffReports', icon: IconChartBar, order: 153.5, testId: 'menu-staffReports' },
  },
  staffNews: {
    path: paths.staffNews.path,
    title: 'screen.staffNews',
    area: 'staff',
    roles: ['ROLE_ADMIN'],
    menu: { label: 'shell.menu.staffNews', icon: IconNews, order: 157, testId: 'menu-staffNews' },
  },
  // The network's goals (decision 078): admins write them; other staff read them where an offer is set up.
  staffGoals: {
    path: paths.staffGoals.path,
    title: 'screen.staffGoals',
    area: 'staff',
    roles: ['ROLE_ADMIN'],
    menu: { label: 'shell.menu.staffGoals', icon: IconTarget, order: 157.5, testId: 'menu-staffGoals' },
  },
  // Traffic rules and blocklists (decision 083): admins set them from here; managers block their partners' traffic
  // through the API.
  staffTraffic: {
    path: paths.staffTraffic.path,
    title: 'screen.staffTraffic',
    area: 'staff',
    roles: ['ROLE_ADMIN'],
    menu: { label: 'shell.menu.staffTraffic', icon: IconShieldCheck, order: 157.6, testId: 'menu-staffTraffic' },
  },
  staffBilling: {
    path: paths.staffBilling.path,
    title: 'screen.staffBilling',
    area: 'staff',
    // The billing run is the admins' and finance's (decisions 027, 079: the duty table's run_billing).
    anyRoles: DUTY_ROLES.run_billing,
    menu: { label: 'shell.menu.staffBilling', icon: IconReceipt, order: 160, testId: 'menu-staffBilling' },
  },
  staffInvoices: {
    path: paths.staffInvoices.path,
    title: 'screen.staffInvoices',
    area: 'staff',
    // Finance works every invoice, admins too; account and team managers reach their partners' from the home's queue.
    anyRoles: STAFF_ROLES,
    menu: {
      label: 'shell.menu.staffInvoices',
      icon: IconFileInvoice,
      order: 161,
      testId: 'menu-staffInvoices',
      anyRoles: ['ROLE_ADMIN', 'ROLE_FINANCE'],
    },
  },
  staffPaymentsOut: {
    path: paths.staffPaymentsOut.path,
    title: 'screen.staffPaymentsOut',
    area: 'staff',
    anyRoles: MONEY_ROLES,
    menu: {
      label: 'shell.menu.staffPaymentsOut',
      icon: IconBuildingBank,
      order: 162,
      testId: 'menu-staffPaymentsOut',
      activePrefixes: [paths.staffPaymentsOut.path],
    },
  },
  staffPaymentBatch: {
    path: paths.staffPaymentBatch.path,
    title: 'screen.staffPaymentBatch',
    area: 'staff',
    anyRoles: MONEY_ROLES,
  },
  staffAdvertiserInvoices: {
    path: paths.staffAdvertiserInvoices.path,
    title: 'screen.staffAdvertiserInvoices',
    area: 'staff',
    anyRoles: MONEY_ROLES,
    menu: {
      label: 'shell.menu.staffAdvertiserInvoices',
      icon: IconReportMoney,
      order: 163,
      testId: 'menu-staffAdvertiserInvoices',
    },
  },
  staffLedger: {
    path: paths.staffLedger.path,
    title: 'screen.staffLedger',
    area: 'staff',
    anyRoles: MONEY_ROLES,
    menu: { label: 'shell.menu.staffLedger', icon: IconScale, order: 164, testId: 'menu-staffLedger' },
  },
  staffUsers: {
    path: paths.staffUsers.path,
    title: 'screen.staffUsers',
    area: 'staff',
    anyRoles: ['ROLE_ADMIN', 'ROLE_TEAM_MANAGER'],
    menu: {
      label: 'shell.menu.staffUsers',
      icon: IconUserShield,
      order: 180,
      testId: 'menu-staffUsers',
      anyRoles: ['ROLE_ADMIN'],
    },
  },
  staffAuditLog: {
    path: paths.staffAuditLog.path,
    title: 'screen.staffAuditLog',
    area: 'staff',
    anyRoles: PARTNER_MANAGERS,
    // Admins browse the whole log from the menu; managers reach their partners' entries from the partners' pages.
    menu: {
      label: 'shell.menu.staffAuditLog',
      icon: IconHistory,
      order: 190,
      testId: 'menu-staffAuditLog',
      anyRoles: ['ROLE_ADMIN'],
    },
  },
} as const satisfies Record<string, Screen>;

export type ScreenName = keyof typeof screens;

/** Whether roles held open a screen: all its `roles` and one of its `anyRoles`, as the router checks them. */
export function screenAllowed(screen: Screen, granted: readonly string[]): boolean {
  return hasRequiredRoles(screen.roles, granted) && hasAnyRole(screen.anyRoles, granted);
}

export type MenuItem = Required<Omit<MenuEntry, 'to' | 'activePrefixes' | 'anyRoles'>> & {
  to: string;
  activePrefixes: readonly string[];
  anyRoles?: readonly Role[];
  screen: Screen;
};

/** The main menu's entries, in order, each with the screen it opens. */
export const menuItems: readonly MenuItem[] = (Object.values(screens) as readonly Screen[])
  .flatMap((screen) =>
    screen.menu
      ? [
          {
            ...screen.menu,
            to: screen.menu.to ?? screen.path,
            activePrefixes: screen.menu.activePrefixes ?? [],
            screen,
          },
        ]
      : [],
  )
  .sort((a, b) => a.order - b.order);

/** The menu entries the roles held may open, of the user's own area (the portal's or the console's). */
export function menuItemsFor(granted: readonly string[]): readonly MenuItem[] {
  return menuItems.filter(
    (item) =>
      areaAllows(item.screen.area, granted) &&
      screenAllowed(item.screen, granted) &&
      hasAnyRole(item.anyRoles, granted),
  );
}

/**
 * A screen's path relative to its parent route's (React Router's child paths): '/offer/:id' under '/'
 * is 'offer/:id', '/reports/click' under '/reports' is 'click'.
 */
export function childPath(screen: Screen, parent: Screen | null = null): string {
  const prefix = parent && parent.path !== '/' ? `${parent.path}/` : '/';
  if (!screen.path.startsWith(prefix)) throw new Error(`${screen.path} is not under ${prefix}`);
  return screen.path.slice(prefix.length);
}

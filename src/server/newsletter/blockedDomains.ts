/**
 * Domains the newsletter refuses: throw-away mailboxes (nobody reads them a week later, and bots love
 * them) and e-mail-to-SMS gateways (a newsletter sent there costs the reader text messages). A subdomain
 * of a listed domain is refused too. The lists are short on purpose: the well-known services that show
 * up in real signup logs, not an exhaustive catalogue.
 */

const DISPOSABLE = [
  '0-mail.com',
  '10minutemail.com',
  '10minutemail.net',
  '10minutemail.co.uk',
  '20minutemail.com',
  '33mail.com',
  'anonbox.net',
  'anonymbox.com',
  'armyspy.com',
  'binkmail.com',
  'bobmail.info',
  'burnermail.io',
  'byom.de',
  'cool.fr.nf',
  'courriel.fr.nf',
  'crazymailing.com',
  'cuvox.de',
  'dayrep.com',
  'deadaddress.com',
  'discard.email',
  'discardmail.com',
  'discardmail.de',
  'dispostable.com',
  'dropmail.me',
  'einrot.com',
  'emailondeck.com',
  'emailtemporanea.net',
  'fakeinbox.com',
  'fakemail.net',
  'fleckens.hu',
  'getairmail.com',
  'getnada.com',
  'guerrillamail.biz',
  'guerrillamail.com',
  'guerrillamail.de',
  'guerrillamail.info',
  'guerrillamail.net',
  'guerrillamail.org',
  'guerrillamailblock.com',
  'gustr.com',
  'harakirimail.com',
  'hide.biz.st',
  'incognitomail.org',
  'inboxbear.com',
  'jetable.com',
  'jetable.fr.nf',
  'jetable.net',
  'jetable.org',
  'jourrapide.com',
  'kasmail.com',
  'klzlk.com',
  'mail-temp.com',
  'mail.tm',
  'mailcatch.com',
  'maildrop.cc',
  'mailinator.com',
  'mailinator.net',
  'mailinator2.com',
  'mailnesia.com',
  'mailnull.com',
  'mailsac.com',
  'mailtemp.net',
  'meltmail.com',
  'mintemail.com',
  'moncourrier.fr.nf',
  'monemail.fr.nf',
  'monmail.fr.nf',
  'mohmal.com',
  'mvrht.com',
  'mytemp.email',
  'mytrashmail.com',
  'nada.email',
  'nospam.ze.tc',
  'nwldx.com',
  'owlymail.com',
  'rhyta.com',
  'sharklasers.com',
  'spam4.me',
  'spambog.com',
  'spambox.us',
  'spamgourmet.com',
  'spamherelots.com',
  'speed.1s.fr',
  'superrito.com',
  'teleworm.us',
  'temp-mail.io',
  'temp-mail.org',
  'tempail.com',
  'tempemail.net',
  'tempinbox.com',
  'tempmail.com',
  'tempmail.net',
  'tempmail.plus',
  'tempmailo.com',
  'tempr.email',
  'temporary-mail.net',
  'throwawaymail.com',
  'tmail.ws',
  'tmpmail.net',
  'tmpmail.org',
  'trash-mail.com',
  'trashmail.com',
  'trashmail.de',
  'trashmail.fr',
  'trashmail.io',
  'trashmail.me',
  'trashmail.net',
  'trbvm.com',
  'wegwerfmail.de',
  'wegwerfmail.net',
  'yopmail.com',
  'yopmail.fr',
  'yopmail.net',
  'yomail.info',
  'zetmail.com',
];

const SMS_GATEWAYS = [
  // United States
  'txt.att.net',
  'mms.att.net',
  'vtext.com',
  'vzwpix.com',
  'tmomail.net',
  'messaging.sprintpcs.com',
  'pm.sprint.com',
  'vmobl.com',
  'sms.myboostmobile.com',
  'myboostmobile.com',
  'mymetropcs.com',
  'email.uscc.net',
  'mms.uscc.net',
  'sms.cricketwireless.net',
  'mms.cricketwireless.net',
  'text.republicwireless.com',
  'msg.fi.google.com',
  'mmst5.tracfone.com',
  'page.nextel.com',
  'mailmymobile.net',
  'sms.clicksend.com',
  // Canada
  'txt.bell.ca',
  'txt.bellmobility.ca',
  'pcs.rogers.com',
  'msg.telus.com',
  'txt.freedommobile.ca',
  'fido.ca',
  'sms.sasktel.com',
  'text.mts.net',
  'vmobile.ca',
  // Europe
  'sms.t-mobile.at',
  'sms.telenor.no',
  'sms.tele2.se',
  'vodafone-sms.de',
  'mms.o2.co.uk',
  'txtlocal.co.uk',
];

const disposable = new Set(DISPOSABLE);
const smsGateways = new Set(SMS_GATEWAYS);

/** The gateway convention: sms./mms./txt. in front of a carrier's domain. */
const GATEWAY_LABELS = new Set(['sms', 'mms', 'txt']);

export type BlockedDomainKind = 'disposable' | 'sms-gateway';

function listed(set: Set<string>, domain: string): boolean {
  let candidate = domain;
  for (;;) {
    if (set.has(candidate)) return true;
    const dot = candidate.indexOf('.');
    if (dot === -1) return false;
    candidate = candidate.slice(dot + 1);
  }
}

/** `domain` is lower-case ASCII (punycode), as normaliseEmail gives it. */
export function classifyDomain(domain: string): BlockedDomainKind | null {
  if (listed(smsGateways, domain)) return 'sms-gateway';
  const labels = domain.split('.');
  if (labels.length >= 3 && GATEWAY_LABELS.has(labels[0] ?? '')) return 'sms-gateway';
  if (listed(disposable, domain)) return 'disposable';
  return null;
}

import type { Mailer, OutgoingMail } from '../shared/mailer';

/** What the SMTP server does with the next mail: takes it, does not answer (tried again), or refuses the mailbox. */
export type SmtpState = 'up' | 'down' | '550';

/**
 * A mailer that keeps what it sends in `sent`; set `state` to take the SMTP server down (a
 * connection refused, which the outbox tries again) or to have it refuse the mailbox for good (550).
 */
export function testMailer(state: SmtpState = 'up'): { mailer: Mailer; sent: OutgoingMail[]; state: SmtpState } {
  const box = {
    sent: [] as OutgoingMail[],
    state,
    mailer: {
      async send(mail: OutgoingMail) {
        if (box.state === 'down') throw new Error('connect ECONNREFUSED 127.0.0.1:25');
        if (box.state === '550') throw Object.assign(new Error('550 Buzón inexistente'), { responseCode: 550 });
        box.sent.push(mail);
      },
    },
  };
  return box;
}

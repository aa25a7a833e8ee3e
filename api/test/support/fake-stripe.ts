import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Stripe API: real HTTP, answering the calls our server makes
 * (checkout sessions, subscriptions, invoices, billing portal) in Stripe's shapes, with
 * state the test moves on (a buyer pays, a period renews, a subscription is cancelled).
 * The real `stripe` SDK talks to it; nothing is mocked in-process.
 */
export interface FakeStripe {
  url: string;
  /** What the SDK sent to create checkout sessions (form fields, flattened). */
  created: Record<string, string>[];
  /** The buyer pays a session; for a subscription, one is made with the given period end. */
  pay(
    sessionId: string,
    buyer: { email: string; periodEnd?: number },
  ): { subscriptionId: string | null };
  /** The next period, paid: the paid invoice's id. */
  renew(subscriptionId: string, periodEnd: number): string;
  /**
   * The next period, its invoice not paid (yet): open while the subscription is `active` (the
   * hour before the first charge), then `past_due` or `unpaid` as the charges fail. The
   * invoice's id.
   */
  renewUnpaid(subscriptionId: string, periodEnd: number, status: string): string;
  /** The latest invoice of a subscription is paid (a retry passed): its status is active. */
  payLatestInvoice(subscriptionId: string): string;
  /** The subscription's status moves on (`past_due` after a failed charge, say). */
  setStatus(subscriptionId: string, status: string): void;
  cancelAtPeriodEnd(subscriptionId: string): void;
  /** The subscription ends: at `endedAt` (a refund, at once) or, by default, no time given. */
  end(subscriptionId: string, endedAt?: number): void;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(8).toString('hex')}`;

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, Record<string, unknown>>();
  const invoices = new Map<string, Record<string, unknown>>();
  const created: Record<string, string>[] = [];

  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') });
        response.end(JSON.stringify(payload));
      };
      const path = (request.url ?? '').split('?')[0]!;
      const form = Object.fromEntries(new URLSearchParams(body));
      const missing = () =>
        send(404, { error: { type: 'invalid_request_error', message: `No such object: ${path}` } });

      if (request.method === 'POST' && path === '/v1/checkout/sessions') {
        const session = {
          id: id('cs'),
          object: 'checkout.session',
          mode: form.mode,
          status: 'open',
          payment_status: 'unpaid',
          url: `https://checkout.stripe.test/pay/${randomBytes(6).toString('hex')}`,
          client_reference_id: form.client_reference_id ?? null,
          customer: null,
          customer_email: form.customer_email ?? null,
          customer_details: null,
          subscription: null,
          // Every metadata[key] sent, as Stripe keeps them.
          metadata: Object.fromEntries(
            Object.entries(form).flatMap(([key, value]) => {
              const name = /^metadata\[(\w+)\]$/.exec(key)?.[1];
              return name ? [[name, value]] : [];
            }),
          ),
          locale: form.locale ?? null,
        };
        sessions.set(session.id, session);
        created.push({ ...form, session_id: session.id });
        send(200, session);
        return;
      }
      const match = /^\/v1\/(checkout\/sessions|subscriptions|invoices)\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && match) {
        const store = { 'checkout/sessions': sessions, subscriptions, invoices }[
          match[1] as 'subscriptions'
        ];
        const found = store.get(match[2]!);
        if (found) send(200, found);
        else missing();
        return;
      }
      if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
        send(200, {
          id: id('bps'),
          object: 'billing_portal.session',
          customer: form.customer,
          url: `https://billing.stripe.test/session/${form.customer}`,
        });
        return;
      }
      missing();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const invoiceFor = (subscriptionId: string, status: 'paid' | 'open') => {
    const invoice = {
      id: id('in'),
      object: 'invoice',
      status,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscriptionId },
      },
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  };
  const subscriptionObject = (
    subscriptionId: string,
    customer: string,
    userId: string,
    periodEnd: number,
  ) => ({
    id: subscriptionId,
    object: 'subscription',
    customer,
    status: 'active',
    cancel_at_period_end: false,
    ended_at: null as number | null,
    metadata: { userId },
    // As Stripe answers with `expand[]=latest_invoice`: the object, not its id.
    latest_invoice: invoiceFor(subscriptionId, 'paid') as Record<string, unknown>,
    items: {
      object: 'list',
      data: [
        {
          id: id('si'),
          object: 'subscription_item',
          current_period_start: Math.floor((periodEnd - 30 * 24 * 60 * 60 * 1000) / 1000),
          current_period_end: Math.floor(periodEnd / 1000),
        },
      ],
    },
  });
  type Item = { current_period_start: number; current_period_end: number };
  /** Moves a subscription to its next period, billed by a new invoice of `status`. */
  const nextPeriod = (subscriptionId: string, periodEnd: number, status: 'paid' | 'open') => {
    const subscription = subscriptions.get(subscriptionId)!;
    const item = (subscription.items as { data: Item[] }).data[0]!;
    item.current_period_start = item.current_period_end;
    item.current_period_end = Math.floor(periodEnd / 1000);
    const invoice = invoiceFor(subscriptionId, status);
    subscription.latest_invoice = invoice;
    return { subscription, invoice };
  };

  return {
    url: `http://127.0.0.1:${port}`,
    created,
    pay(sessionId, buyer) {
      const session = sessions.get(sessionId)!;
      const customer = id('cus');
      let subscriptionId: string | null = null;
      if (session.mode === 'subscription') {
        subscriptionId = id('sub');
        const userId = (session.metadata as { userId: string }).userId;
        subscriptions.set(
          subscriptionId,
          subscriptionObject(subscriptionId, customer, userId, buyer.periodEnd!),
        );
      }
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        customer,
        customer_details: { email: buyer.email },
        subscription: subscriptionId,
      });
      return { subscriptionId };
    },
    renew(subscriptionId, periodEnd) {
      return nextPeriod(subscriptionId, periodEnd, 'paid').invoice.id;
    },
    renewUnpaid(subscriptionId, periodEnd, status) {
      const { subscription, invoice } = nextPeriod(subscriptionId, periodEnd, 'open');
      subscription.status = status;
      return invoice.id;
    },
    payLatestInvoice(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId)!;
      const invoice = subscription.latest_invoice as { id: string; status: string };
      invoice.status = 'paid';
      subscription.status = 'active';
      return invoice.id;
    },
    setStatus(subscriptionId, status) {
      subscriptions.get(subscriptionId)!.status = status;
    },
    cancelAtPeriodEnd(subscriptionId) {
      subscriptions.get(subscriptionId)!.cancel_at_period_end = true;
    },
    end(subscriptionId, endedAt) {
      const subscription = subscriptions.get(subscriptionId)!;
      subscription.status = 'canceled';
      if (endedAt !== undefined) subscription.ended_at = Math.floor(endedAt / 1000);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

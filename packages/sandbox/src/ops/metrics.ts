/** Seconds: from a sub-millisecond lookup to a payment stuck behind a slow database. */
const LATENCY_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

type Labels = Readonly<Record<string, string>>;

/** What a webhook attempt came to: answered 2xx, to be tried again, or out of tries. */
export type DeliveryOutcome = 'delivered' | 'retrying' | 'failed';

/** The money operations a node counts besides payments (docs/operations.md "Metrics"). */
export interface OperationCounts {
  countRefund(outcome: string): void;
  countPayout(outcome: string): void;
  countDispute(status: string): void;
}

interface Histogram {
  labels: Labels;
  counts: number[];
  sum: number;
  count: number;
}

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const labelText = (labels: Labels, extra: Labels = {}) => {
  const all = { ...labels, ...extra };
  const parts = Object.entries(all).map(([k, v]) => `${k}="${escapeLabel(v)}"`);
  return parts.length ? `{${parts.join(',')}}` : '';
};
const keyOf = (labels: Labels) => JSON.stringify(labels);
const tidy = (value: string) => value.toLowerCase().replace(/[^a-z0-9_]/g, '_').slice(0, 40) || 'unknown';

/** Prometheus text format 0.0.4; each node counts what it did itself and Prometheus sums the nodes. */
export class Metrics implements OperationCounts {
  private readonly payments = new Map<string, { labels: Labels; value: number }>();
  private readonly requests = new Map<string, { labels: Labels; value: number }>();
  private readonly latency = new Map<string, Histogram>();
  private readonly limited = new Map<string, { labels: Labels; value: number }>();
  private readonly deliveries = new Map<string, { labels: Labels; value: number }>();
  private readonly refunds = new Map<string, { labels: Labels; value: number }>();
  private readonly payouts = new Map<string, { labels: Labels; value: number }>();
  private readonly disputes = new Map<string, { labels: Labels; value: number }>();
  private readonly gauges = new Map<string, { help: string; read: () => number }>();

  countPayment(method: string, outcome: string): void {
    bump(this.payments, { method: tidy(method), outcome: tidy(outcome) });
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    bump(this.requests, { method, route, status: String(status) });
    const labels = { method, route };
    const key = keyOf(labels);
    const histogram = this.latency.get(key) ?? { labels, counts: LATENCY_BUCKETS_S.map(() => 0), sum: 0, count: 0 };
    LATENCY_BUCKETS_S.forEach((le, i) => {
      if (seconds <= le) histogram.counts[i] = (histogram.counts[i] ?? 0) + 1;
    });
    histogram.sum += seconds;
    histogram.count += 1;
    this.latency.set(key, histogram);
  }

  countRateLimited(bucket: string): void {
    bump(this.limited, { bucket });
  }

  countWebhookDelivery(outcome: DeliveryOutcome): void {
    bump(this.deliveries, { outcome });
  }

  countRefund(outcome: string): void {
    bump(this.refunds, { outcome: tidy(outcome) });
  }

  countPayout(outcome: string): void {
    bump(this.payouts, { outcome: tidy(outcome) });
  }

  countDispute(status: string): void {
    bump(this.disputes, { status: tidy(status) });
  }

  gauge(name: string, help: string, read: () => number): void {
    this.gauges.set(name, { help, read });
  }

  render(): string {
    const lines: string[] = [];
    const counter = (name: string, help: string, series: Map<string, { labels: Labels; value: number }>) => {
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} counter`);
      for (const { labels, value } of series.values()) lines.push(`${name}${labelText(labels)} ${value}`);
    };
    counter('pasarela_payments_total', 'Payments this node recorded or settled, by method and outcome (a pending payment counts again when it settles).', this.payments);
    counter('pasarela_http_requests_total', 'HTTP requests answered, by method, route and status (499: the client closed the connection before the answer).', this.requests);
    counter('pasarela_rate_limited_total', 'Requests answered 429, by limit.', this.limited);
    counter('pasarela_webhook_deliveries_total', 'Webhook delivery attempts this node made, by outcome (delivered, retrying, failed: out of tries).', this.deliveries);
    counter('pasarela_refunds_total', 'Refunds this node asked for or settled, by outcome (a pending refund counts again when it settles).', this.refunds);
    counter('pasarela_payouts_total', 'Payouts this node created or settled, by outcome (created, paid, failed: returned by the bank).', this.payouts);
    counter('pasarela_disputes_total', 'Dispute changes this node recorded, by the status they left the dispute in.', this.disputes);
    const name = 'pasarela_http_request_duration_seconds';
    lines.push(`# HELP ${name} Time to answer an HTTP request, by method and route.`, `# TYPE ${name} histogram`);
    for (const h of this.latency.values()) {
      LATENCY_BUCKETS_S.forEach((le, i) => lines.push(`${name}_bucket${labelText(h.labels, { le: String(le) })} ${h.counts[i] ?? 0}`));
      lines.push(`${name}_bucket${labelText(h.labels, { le: '+Inf' })} ${h.count}`, `${name}_sum${labelText(h.labels)} ${h.sum}`, `${name}_count${labelText(h.labels)} ${h.count}`);
    }
    for (const [gaugeName, { help, read }] of this.gauges) lines.push(`# HELP ${gaugeName} ${help}`, `# TYPE ${gaugeName} gauge`, `${gaugeName} ${read()}`);
    return `${lines.join('\n')}\n`;
  }
}

function bump(series: Map<string, { labels: Labels; value: number }>, labels: Labels): void {
  const key = keyOf(labels);
  const entry = series.get(key) ?? { labels, value: 0 };
  entry.value += 1;
  series.set(key, entry);
}
